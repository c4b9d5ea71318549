package catalog_test

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/oned"

	"sellerhub/app/catalog"
)

func TestLabelTitleKeepsBothEndsOfALongTitle(t *testing.T) {
	long := "Acme Stainless Steel Insulated Water Bottle with Straw Lid, Leak Proof, 500 ml, Forest Green"
	for title, want := range map[string]string{
		"陶瓷马克杯 350ml 天蓝":           "陶瓷马克杯 350ml 天蓝",
		"  Two   spaces\tand tab ": "Two spaces and tab",
		strings.Repeat("a", 53):    strings.Repeat("a", 53),
		long:                       "Acme Stainless Steel Insu...oof, 500 ml, Forest Green",
		strings.Repeat("长", 60):    strings.Repeat("长", 25) + "..." + strings.Repeat("长", 25),
	} {
		if got := catalog.LabelTitle(title); got != want {
			t.Errorf("LabelTitle(%q) = %q, want %q", title, got, want)
		}
	}
}

// Every FNSKU form Amazon gives (X00..., B0... for an ASIN used as FNSKU, digits in runs) draws a barcode that a
// Code 128 reader reads back, with its quiet zones.
func TestCode128PNGScansBackToTheFNSKU(t *testing.T) {
	for _, fnsku := range []string{"X0DEMO0001", "X001ABC2DE", "B07XYZ1234", "X000123456"} {
		img, modules, err := catalog.Code128PNG(fnsku, 3, 90)
		if err != nil {
			t.Fatal(err)
		}
		pic, err := png.Decode(bytes.NewReader(img))
		if err != nil {
			t.Fatal(err)
		}
		if pic.Bounds().Dx() != modules*3 || modules < 20+11*5 {
			t.Fatalf("%s: %d px for %d modules", fnsku, pic.Bounds().Dx(), modules)
		}
		bmp, _ := gozxing.NewBinaryBitmapFromImage(pic)
		res, err := oned.NewCode128Reader().Decode(bmp, map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_PURE_BARCODE: true})
		if err != nil {
			t.Fatalf("%s: not read back: %v", fnsku, err)
		}
		if res.GetText() != fnsku || res.GetBarcodeFormat() != gozxing.BarcodeFormat_CODE_128 {
			t.Fatalf("%s read back as %q (%v)", fnsku, res.GetText(), res.GetBarcodeFormat())
		}
	}
}

func TestLabelPapers(t *testing.T) {
	want := map[string]int{"a4-21": 21, "a4-24": 24, "a4-27": 27, "a4-30": 30, "a4-40": 40, "t-60x40": 1, "t-50x30": 1}
	for code, n := range want {
		p, ok := catalog.LabelPaperByCode(code)
		if !ok || p.PerPage() != n {
			t.Errorf("%s: %v %d", code, ok, p.PerPage())
		}
		if !p.Thermal && (float64(p.Cols)*p.Width > 210.01 || float64(p.Rows)*p.Height > 297.01) {
			t.Errorf("%s does not fit A4", code)
		}
	}
	if _, ok := catalog.LabelPaperByCode("a4-99"); ok {
		t.Error("an unknown paper is found")
	}
}
