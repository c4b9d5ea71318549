package pages

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/purchase"
	"sellerhub/models"
	"sellerhub/views"
)

// PurchaseScreen serves one of the purchasing screens: the purchase island showing screen, with the user's button
// permissions and, on an order's page (e/p/o?id=), its id: without one the page makes a new order.
func (h *Handler) PurchaseScreen(title, screen string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		_, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		id := c.QueryParam("id")
		heading := title
		if screen == "order" && id != "" {
			heading = "采购单详情"
		}
		page := views.PurchaseScreenPage{Page: h.contentPage(c, heading, "purchase.js"), Heading: heading,
			Props: views.PurchaseScreenProps{Screen: screen, ID: id, Permissions: menu.Permissions}}
		return h.render(c, http.StatusOK, views.PurchaseScreen(page, h.Assets.URL("theme.js")))
	}
}

// PurchaseOrderPrint serves /purchaseorder/print?id=: the order as a printable A4 document (the pick list's sheet,
// no script needed). Another company's or an unknown order is the 404 page.
func (h *Handler) PurchaseOrderPrint(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	d, err := h.Purchase.Order(c.Request().Context(), p, c.QueryParam("id"))
	if err != nil {
		return err
	}
	page := h.page(c, "采购单", "picklist.js")
	page.CSS = h.Assets.URL("picklist.css")
	if c.QueryParam("embed") == "1" {
		if u := h.Assets.URL("content.js"); u != "" {
			page.Scripts = append(page.Scripts, u)
		}
	}
	o := d.Order
	v := views.PurchaseOrderPrintPage{Page: page, Number: o.Number, Supplier: o.SupplierName, Warehouse: o.WarehouseName,
		Currency: o.Currency, Terms: purchase.TermsNames[o.PaymentTerms], Expected: o.ExpectedDate, Remark: o.Remark,
		Created: api.FormatTime(&o.CreatedAt, h.Config.TimeZone), Approved: api.FormatTime(o.ApprovedAt, h.Config.TimeZone),
		TotalQuantity: o.TotalQuantity, TotalAmount: models.MoneyFromUnits(o.TotalAmount).Text(o.Currency)}
	if o.TermsDays > 0 {
		v.Terms += " " + strconv.Itoa(o.TermsDays) + "天"
	}
	if s, err := h.Purchase.Supplier(c.Request().Context(), p, o.SupplierID); err == nil {
		v.Contact, v.Phone, v.Address = s.Contact, s.Phone, s.Address
	} else if !models.IsNotFound(err) {
		return err
	}
	tax := models.Money{}
	for _, l := range d.Lines {
		line := purchase.LineAmounts(l.PurchaseOrderLine)
		tax = models.Money{Decimal: tax.Add(line.Tax.Decimal)}
		v.Rows = append(v.Rows, views.PurchaseOrderPrintRow{Image: l.Image, SKU: l.SKU, Name: l.Name, Quantity: l.Quantity,
			UnitPrice: line.UnitPrice, TaxRate: line.TaxRate, Amount: line.Amount.Text(o.Currency), Remark: l.Remark})
	}
	v.TotalTax = tax.Text(o.Currency)
	return h.render(c, http.StatusOK, views.PurchaseOrderPrint(v))
}
