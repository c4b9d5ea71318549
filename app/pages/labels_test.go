package pages_test

import (
	"bytes"
	"encoding/base64"
	"html"
	"image/png"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/oned"

	"sellerhub/app/apptest"
	"sellerhub/app/catalog"
	"sellerhub/models/dbtest"
	"sellerhub/models/seed"
)

var (
	labelBarcode = regexp.MustCompile(`<img class="barcode" src="data:image/png;base64,([^"]+)"`)
	labelPage    = regexp.MustCompile(`<div class="page">`)
	formListing  = regexp.MustCompile(`name="id" value="(\d+)"`)
)

// scanLabels decodes every label's barcode image of a printed page, counting the labels of each FNSKU.
func scanLabels(t *testing.T, body string) map[string]int {
	t.Helper()
	seen := map[string]string{} // one image per FNSKU repeats: decode each once
	counts := map[string]int{}
	for _, m := range labelBarcode.FindAllStringSubmatch(body, -1) {
		text, ok := seen[m[1]]
		if !ok {
			raw, err := base64.StdEncoding.DecodeString(m[1])
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			bmp, _ := gozxing.NewBinaryBitmapFromImage(img)
			res, err := oned.NewCode128Reader().Decode(bmp, nil)
			if err != nil {
				t.Fatalf("a label's barcode does not scan: %v", err)
			}
			text = res.GetText()
			seen[m[1]] = text
		}
		counts[text]++
	}
	return counts
}

func TestLabelsOfAShipmentScanToItsFNSKUsOnePerUnit(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) { labelsOfAShipment(t, kind) })
	}
}

func labelsOfAShipment(t *testing.T, kind string) {
	h := apptest.Start(t, apptest.WithDatabase(kind))
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	status, body := get(t, c, "/amazon/listing/label/print?paper=a4-40&condition=new&shipment="+seed.DemoShipmentPicking)
	if status != 200 {
		t.Fatalf("print: %d %s", status, body)
	}
	// The demo's 配货 shipment: 72 mugs, 16 lamps, 48 bottles, 100 cables, 20 bags.
	want := map[string]int{"X0DEMO0001": 72, "X0DEMO0002": 16, "X0DEMO0003": 48, "X0DEMO0004": 100, "X0DEMO0005": 20}
	got := scanLabels(t, body)
	for fnsku, n := range want {
		if got[fnsku] != n {
			t.Errorf("%s: %d labels, want %d", fnsku, got[fnsku], n)
		}
	}
	if len(got) != len(want) {
		t.Errorf("labels of %v", got)
	}
	if pages := len(labelPage.FindAllString(body, -1)); pages != 7 { // 256 labels, 40 a sheet
		t.Errorf("%d sheets, want 7", pages)
	}
	if !strings.Contains(body, `class="labels paper-a4-40"`) || strings.Count(body, `<div class="condition">New</div>`) != 256 {
		t.Error("the sheet's paper or the condition is missing")
	}
	if !strings.Contains(body, `<div class="title">陶瓷马克杯 350ml 天蓝</div>`) {
		t.Error("a label lacks its title")
	}
	// A thermal roll: a page a label.
	_, body = get(t, c, "/amazon/listing/label/print?paper=t-50x30&shipment="+seed.DemoShipmentPicking)
	if pages := len(labelPage.FindAllString(body, -1)); pages != 256 {
		t.Errorf("thermal: %d pages, want 256", pages)
	}
	status, _ = get(t, c, "/amazon/listing/label/print?paper=a4-40&shipment=FBA15NOSUCH1")
	if status != 404 {
		t.Errorf("an unknown shipment: %d", status)
	}
}

func TestLabelsOfChosenListings(t *testing.T) {
	_, c := admin(t)
	status, form := get(t, c, "/amazon/listing/label?embed=1&keyword=MUG")
	if status != 200 || !strings.Contains(form, `<option value="`+seed.DemoShipmentPicking+`">`) {
		t.Fatalf("form: %d", status)
	}
	ids := formListing.FindAllStringSubmatch(form, -1)
	if len(ids) != 1 || !strings.Contains(form, `data-fnsku="X0DEMO0001"`) {
		t.Fatalf("the search for MUG offers %d listings", len(ids))
	}
	id := ids[0][1]
	status, body := get(t, c, "/amazon/listing/label/print?paper=a4-21&id="+id+"&qty=3")
	if status != 200 {
		t.Fatalf("print: %d", status)
	}
	if got := scanLabels(t, body); len(got) != 1 || got["X0DEMO0001"] != 3 {
		t.Fatalf("labels %v", got)
	}
	// A part-used sheet: from the 3rd place, the first two stay blank.
	_, body = get(t, c, "/amazon/listing/label/print?paper=a4-40&start=3&id="+id+"&qty=3")
	if blank, labels := strings.Count(body, `<div class="label blank"></div>`), len(labelBarcode.FindAllString(body, -1)); blank != 2 || labels != 3 {
		t.Errorf("from the 3rd place: %d blank, %d labels", blank, labels)
	}
	for query, msg := range map[string]string{
		"paper=a4-40&start=41&id=" + id + "&qty=1": catalog.MsgLabelStartBad,
		"paper=a4-40&start=0&id=" + id + "&qty=1":  catalog.MsgLabelStartBad,
		"paper=a4-21&id=" + id + "&qty=abc":        catalog.MsgLabelQuantityBad,
		"paper=a4-21&id=" + id + "&qty=1001":       catalog.MsgLabelQuantityBad,
		"paper=a4-21&id=" + id + "&qty=":           catalog.MsgLabelNothing,
		"paper=a4-21&id=" + id + "&qty=0":          catalog.MsgLabelNothing,
		"paper=a4-21&id=42&qty=1":                  catalog.MsgLabelListingAbsent,
		"paper=a4-99&id=" + id + "&qty=1":          catalog.MsgLabelPaperBad,
	} {
		status, body := get(t, c, "/amazon/listing/label/print?"+query)
		if status != 400 || !strings.Contains(html.UnescapeString(body), msg) || !strings.Contains(body, `role="alert"`) {
			t.Errorf("%s: %d, want 400 %s", query, status, msg)
		}
	}
	// Opened from a shipment, the form has it chosen.
	_, chosen := get(t, c, "/amazon/listing/label?embed=1&shipment="+seed.DemoShipmentPicking)
	if !strings.Contains(chosen, `<option value="`+seed.DemoShipmentPicking+`" selected>`) {
		t.Error("the shipment of the address is not chosen")
	}
	_, none := get(t, c, "/amazon/listing/label?embed=1&keyword="+url.QueryEscape("没有这个"))
	if !strings.Contains(none, "没有找到匹配的Listing") {
		t.Error("an empty search says nothing")
	}
}
