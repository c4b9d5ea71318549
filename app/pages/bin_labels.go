package pages

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v5"

	"sellerhub/app/middleware"
	"sellerhub/app/shipping"
	"sellerhub/app/stock"
	"sellerhub/views"
)

// BinLabels serves /bin/print?warehouseId=&ids=&search=: the labels of a warehouse's bins (the chosen ones, or its
// enabled ones matching the search), ready to print. A function, not a Handler method: Handler is at its cap.
func BinLabels(h *Handler) echo.HandlerFunc {
	return func(c *echo.Context) error {
		p, _ := middleware.Principal(c)
		w, bins, err := h.Stock.BinLabels(c.Request().Context(), p, stock.BinLabelQuery{WarehouseID: c.QueryParam("warehouseId"),
			IDs: c.QueryParam("ids"), Search: c.QueryParam("search")})
		if err != nil {
			return err
		}
		page := h.page(c, "库位标签", "picklist.js")
		page.CSS = h.Assets.URL("picklist.css")
		if c.QueryParam("embed") == "1" {
			if u := h.Assets.URL("content.js"); u != "" {
				page.Scripts = append(page.Scripts, u)
			}
		}
		v := views.BinLabelsPage{Page: page, Warehouse: w.Name, Labels: make([]views.BinLabel, len(bins))}
		for i, b := range bins {
			svg, err := shipping.QRCodeSVG(b.Code)
			if err != nil {
				return err
			}
			v.Labels[i] = views.BinLabel{Code: b.Code, Zone: b.Zone, QRCode: "data:image/svg+xml," + url.PathEscape(svg)}
		}
		return h.render(c, http.StatusOK, views.BinLabels(v))
	}
}
