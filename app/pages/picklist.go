package pages

import (
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"
	"github.com/shopspring/decimal"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/shipping"
	shippingdb "sellerhub/models/shipping"
	"sellerhub/views"
)

// pickListQRScale is the QR code's pixels per module on the sheet: shown at 116 px (about 29 modules with the
// quiet zone at 4 px), so print gets whole image pixels and no blur.
const pickListQRScale = 4

// PickList serves /orderblank?shipmentid= (and the shipment_handing/pehuo tab): the shipment's 配货单 as a
// complete printable document. Another company's or an unknown shipment is the 404 page; without a shipment id
// it asks for one.
func (h *Handler) PickList(c *echo.Context) error {
	shipmentID := strings.TrimSpace(c.QueryParam("shipmentid"))
	if shipmentID == "" {
		return h.pickListAsk(c)
	}
	p, _ := middleware.Principal(c)
	pl, err := h.Shipping.PickList(c.Request().Context(), p, shipmentID)
	if err != nil {
		return err
	}
	qr, err := shipping.QRCodePNG(pl.ShipmentID, pickListQRScale)
	if err != nil {
		return err
	}
	page := h.page(c, "配货单", "picklist.js")
	page.CSS = h.Assets.URL("picklist.css")
	if c.QueryParam("embed") == "1" { // inside a tab frame it takes part in the shell's keys like every tab page
		if u := h.Assets.URL("content.js"); u != "" {
			page.Scripts = append(page.Scripts, u)
		}
	}
	loc := h.Config.TimeZone
	v := views.PickListPage{Page: page, ShipmentID: pl.ShipmentID, CreateDate: api.FormatTime(&pl.CreatedAt, loc),
		Remark: pl.Remark, AuditTime: api.FormatTime(pl.AuditedAt, loc), SKUAmount: len(pl.Items),
		Destination: pl.GroupName + "-" + pl.Country + "(" + pl.Center + ")", Warehouse: pl.Warehouse,
		QRCode: "data:image/png;base64," + base64.StdEncoding.EncodeToString(qr),
		Rows:   make([]views.PickListRow, len(pl.Items))}
	for i, it := range pl.Items {
		v.SumQuantity += it.Quantity
		v.ShowBins = v.ShowBins || len(it.Bins) > 0
		v.Rows[i] = views.PickListRow{Bins: pickBins(it), Image: it.Image, Name: it.Name, SKU: it.SKU, Box: cartonLine(it),
			SellerSKU: it.SellerSKU, Reserved: it.Reserved, Left: it.Left, Quantity: it.Quantity}
	}
	return h.render(c, http.StatusOK, views.PickList(v))
}

func (h *Handler) pickListAsk(c *echo.Context) error {
	page := h.page(c, "配货单")
	page.CSS = h.Assets.URL("picklist.css")
	v := views.PickListAsk{Page: page}
	for _, name := range []string{"title", "path", "embed"} {
		if val := c.QueryParam(name); val != "" {
			v.Keep = append(v.Keep, [2]string{name, val})
		}
	}
	return h.render(c, http.StatusOK, views.PickListAskForm(v))
}

// cartonLine is an item's 箱规 line: 箱规:单箱N个, 重Xkg, L*W*Hcm, each part only when known ("" when none is).
func cartonLine(it shippingdb.PickListItem) string {
	var parts []string
	if it.CartonUnits != nil {
		parts = append(parts, "单箱"+strconv.Itoa(*it.CartonUnits)+"个")
	}
	if it.CartonWeight.Valid {
		parts = append(parts, "重"+it.CartonWeight.Decimal.String()+"kg")
	}
	if dims := []decimal.NullDecimal{it.CartonLength, it.CartonWidth, it.CartonHeight}; dims[0].Valid && dims[1].Valid && dims[2].Valid {
		parts = append(parts, dims[0].Decimal.String()+"*"+dims[1].Decimal.String()+"*"+dims[2].Decimal.String()+"cm")
	}
	if len(parts) == 0 {
		return ""
	}
	return "箱规:" + strings.Join(parts, ", ")
}

// pickBins is where an item is picked from: each bin holding it with its units (A-01-01-01(30)), else 待上架.
func pickBins(it shippingdb.PickListItem) string {
	if len(it.Bins) == 0 {
		return "待上架"
	}
	parts := make([]string, len(it.Bins))
	for i, b := range it.Bins {
		parts[i] = b.BinCode + "(" + strconv.Itoa(b.Quantity) + ")"
	}
	return strings.Join(parts, "、")
}
