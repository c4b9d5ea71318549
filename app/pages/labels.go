package pages

import (
	"encoding/base64"
	"errors"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"sellerhub/app/catalog"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	storesdb "sellerhub/models/stores"
	"sellerhub/views"
)

// Labels serves 商品标签: the form (a tab) and the printable labels. A type of its own: Handler is at its size.
type Labels struct {
	Pages   *Handler
	Catalog *catalog.Service
}

// labelScale and labelBarHeight draw the barcode image: 3 pixels a module, scaled down to 0.25 mm a module on
// paper, so a printer lays whole dots on each bar.
const (
	labelScale     = 3
	labelBarHeight = 90
	// pxPerModule is 0.25 mm in CSS pixels (96 a 25.4 mm inch).
	pxPerModule = 0.25 * 96 / 25.4
)

// Form is /amazon/listing/label: the shipments and the listings (searched by keyword) to print labels of.
func (l *Labels) Form(c *echo.Context) error {
	h := l.Pages
	p, _ := middleware.Principal(c)
	ctx := c.Request().Context()
	paper := c.QueryParam("paper")
	if _, ok := catalog.LabelPaperByCode(paper); !ok {
		paper = catalog.LabelPapers[0].Code
	}
	keyword := strings.TrimSpace(c.QueryParam("keyword"))
	v := views.LabelFormPage{Page: h.contentPage(c, "商品标签"), Paper: paper, Keyword: keyword, Searched: keyword != "",
		Shipment: c.QueryParam("shipment")}
	for _, name := range []string{"title", "path"} {
		if val := c.QueryParam(name); val != "" {
			v.Keep = append(v.Keep, [2]string{name, val})
		}
	}
	for _, pp := range catalog.LabelPapers {
		v.Papers = append(v.Papers, views.LabelOption{Value: pp.Code, Name: pp.Name})
	}
	for _, cd := range catalog.LabelConditions {
		v.Conditions = append(v.Conditions, views.LabelOption{Value: cd.Code, Name: cd.Name})
	}
	shipments, err := h.Shipping.ShipmentChoices(ctx, p)
	if err != nil {
		return err
	}
	for _, s := range shipments {
		name := s.ShipmentID
		if s.Name != "" && s.Name != s.ShipmentID {
			name += " " + s.Name
		}
		v.Shipments = append(v.Shipments, views.LabelOption{Value: s.ShipmentID, Name: name})
	}
	listings, err := l.Catalog.LabelChoices(ctx, p, keyword)
	if err != nil {
		return err
	}
	for _, r := range listings {
		row := views.LabelListingRow{ID: strconv.FormatInt(r.ID, 10), Image: r.ProductImage, SellerSKU: r.SellerSKU, ASIN: r.ASIN,
			FNSKU: r.FNSKU, Title: r.ItemName, Group: r.GroupName, Marketplace: r.MarketplaceID}
		if m, ok := storesdb.MarketplaceByID(r.MarketplaceID); ok {
			row.Marketplace = m.Country
		}
		if row.Title == "" {
			row.Title = r.ProductName
		}
		v.Listings = append(v.Listings, row)
	}
	return h.render(c, http.StatusOK, views.LabelForm(v, h.Assets.URL("theme.js")))
}

// Print is /amazon/listing/label/print: the labels of a shipment (?shipment=) or of listings (?id=&qty=, pairs in
// order) on the chosen paper. A wrong choice answers its message with the way back, not an error page.
func (l *Labels) Print(c *echo.Context) error {
	h := l.Pages
	p, _ := middleware.Principal(c)
	ctx := c.Request().Context()
	q := c.QueryParams()
	paper, ok := catalog.LabelPaperByCode(q.Get("paper"))
	condition := catalog.LabelConditionPrinted(q.Get("condition"))
	if condition == "" {
		condition = catalog.LabelConditions[0].Printed
	}
	var labels []catalog.Label
	var err error
	start := 1
	if s := strings.TrimSpace(q.Get("start")); s != "" {
		start, err = strconv.Atoi(s)
		if err != nil || start < 1 || (ok && start > paper.PerPage() && !paper.Thermal) {
			err = core.Invalid(catalog.MsgLabelStartBad)
		}
	}
	switch {
	case err != nil:
	case !ok:
		err = core.Invalid(catalog.MsgLabelPaperBad)
	case q.Has("shipment"):
		lines, lerr := h.Shipping.ShipmentLabels(ctx, p, q.Get("shipment"))
		err = lerr
		total := 0
		for _, ln := range lines {
			total += ln.Quantity
			labels = append(labels, catalog.Label{FNSKU: ln.FNSKU, SellerSKU: ln.SellerSKU, Title: ln.Title, Quantity: ln.Quantity})
		}
		if err == nil && total > catalog.LabelTotalMax {
			err = core.Invalid(catalog.MsgLabelTooMany)
		}
	default:
		ids, qtys := q["id"], q["qty"]
		picks := make([]catalog.LabelPick, len(ids))
		for i, id := range ids {
			picks[i].ListingID = id
			if i < len(qtys) {
				picks[i].Quantity = qtys[i]
			}
		}
		labels, err = l.Catalog.ListingLabels(ctx, p, picks)
	}
	var refusal *core.Error
	if errors.As(err, &refusal) && refusal.Kind == core.KindInvalid {
		page := h.page(c, "商品标签")
		page.CSS = h.Assets.URL("labels.css")
		back := "/amazon/listing/label?embed=1&paper=" + url.QueryEscape(q.Get("paper"))
		return h.render(c, http.StatusBadRequest, views.LabelErrorPage(views.LabelError{Page: page, Message: refusal.Msg, Back: back}))
	}
	if err != nil {
		return err
	}
	page := h.page(c, "商品标签", "picklist.js")
	page.CSS = h.Assets.URL("labels.css")
	v := views.LabelSheetPage{Page: page, PaperClass: "paper-" + paper.Code, PaperName: paper.Name}
	per := paper.PerPage()
	var cur []views.LabelCell
	if !paper.Thermal { // a part-used sheet: the used places stay blank
		for n := 1; n < start; n++ {
			cur = append(cur, views.LabelCell{})
		}
	}
	for _, lb := range labels {
		img, modules, err := catalog.Code128PNG(lb.FNSKU, labelScale, labelBarHeight)
		if err != nil {
			return err
		}
		cell := views.LabelCell{Barcode: "data:image/png;base64," + base64.StdEncoding.EncodeToString(img),
			BarcodeWidth: int(math.Round(float64(modules) * pxPerModule)), FNSKU: lb.FNSKU,
			Title: catalog.LabelTitle(lb.Title), Condition: condition}
		for n := 0; n < lb.Quantity; n++ {
			cur = append(cur, cell)
			v.Count++
			if len(cur) == per {
				v.Pages = append(v.Pages, cur)
				cur = nil
			}
		}
	}
	if len(cur) > 0 {
		v.Pages = append(v.Pages, cur)
	}
	return h.render(c, http.StatusOK, views.LabelSheets(v))
}
