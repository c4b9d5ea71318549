package pages

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/middleware"
	"sellerhub/app/shipping"
	"sellerhub/views"
)

// InvoicePrint serves /invoice/print?shipmentid=: the shipment's customs/commercial invoice (发票) as a complete
// printable document, refused (naming the SKU) while anything customs needs is missing. Another company's or an
// unknown shipment is the 404 page. A function, not a Handler method: Handler is at its cap.
func InvoicePrint(h *Handler) echo.HandlerFunc {
	return func(c *echo.Context) error {
		p, _ := middleware.Principal(c)
		d, err := h.Shipping.CompleteInvoice(c.Request().Context(), p, c.QueryParam("shipmentid"))
		if err != nil {
			return err
		}
		page := h.page(c, "发票", "picklist.js")
		page.CSS = h.Assets.URL("picklist.css")
		if c.QueryParam("embed") == "1" {
			if u := h.Assets.URL("content.js"); u != "" {
				page.Scripts = append(page.Scripts, u)
			}
		}
		v := views.InvoicePrintPage{Page: page, Number: shipping.InvoiceNumber(d), ShipmentID: d.ShipmentID,
			Date: d.Date.In(h.Config.TimeZone).Format(time.DateOnly), Destination: d.Country, Currency: d.Currency,
			Shipper: shipping.ShipperLines(d), Consignee: append([]string{"Amazon FBA " + d.Center}, strings.Split(d.Consignee, "\n")...),
			Quantity: strconv.Itoa(d.Quantity), Amount: d.Amount.Text(d.Currency), NetWeight: orDash(shipping.Weight(d.NetWeight)),
			GrossWeight: orDash(shipping.Weight(d.GrossWeight)), Cartons: strconv.Itoa(d.Cartons)}
		for i, l := range d.Lines {
			v.Rows = append(v.Rows, views.InvoicePrintRow{No: strconv.Itoa(i + 1), SKU: l.SKU, NameEN: l.NameEN, NameCN: l.NameCN,
				HSCode: l.HSCode, Material: l.Material, Purpose: l.Purpose, Quantity: strconv.Itoa(l.Quantity),
				UnitValue: l.UnitValue.Text(l.Currency), Amount: l.Amount.Text(l.Currency), NetWeight: orDash(shipping.Weight(l.NetWeight))})
		}
		return h.render(c, http.StatusOK, views.InvoicePrint(v))
	}
}

// orDash shows an unknown weight as a dash, not an empty cell that reads as forgotten.
func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
