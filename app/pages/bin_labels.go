package pages

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"sellerhub/app/middleware"
	"sellerhub/app/shipping"
	"sellerhub/views"
)

// BinLabels serves /bin/print?warehouseId=&ids=&search=: the labels of a warehouse's enabled bins (the chosen ones,
// or those whose code or zone holds the search), ready to print. A function, not a Handler method: Handler is at
// its cap.
func BinLabels(h *Handler) echo.HandlerFunc {
	return func(c *echo.Context) error {
		p, _ := middleware.Principal(c)
		ctx := c.Request().Context()
		w, err := h.Stock.Warehouse(ctx, p, c.QueryParam("warehouseId"))
		if err != nil {
			return err
		}
		bins, err := h.Stock.BinOptions(ctx, p, c.QueryParam("warehouseId"))
		if err != nil {
			return err
		}
		chosen := map[string]bool{}
		for _, id := range strings.Split(c.QueryParam("ids"), ",") {
			if id = strings.TrimSpace(id); id != "" {
				chosen[id] = true
			}
		}
		search := strings.ToUpper(strings.TrimSpace(c.QueryParam("search")))
		page := h.page(c, "库位标签", "picklist.js")
		page.CSS = h.Assets.URL("picklist.css")
		if c.QueryParam("embed") == "1" {
			if u := h.Assets.URL("content.js"); u != "" {
				page.Scripts = append(page.Scripts, u)
			}
		}
		v := views.BinLabelsPage{Page: page, Warehouse: w.Name}
		for _, b := range bins {
			switch {
			case len(chosen) > 0 && !chosen[strconv.FormatInt(b.ID, 10)]:
				continue
			case len(chosen) == 0 && search != "" && !strings.Contains(b.Code, search) && !strings.Contains(strings.ToUpper(b.Zone), search):
				continue
			}
			svg, err := shipping.QRCodeSVG(b.Code)
			if err != nil {
				return err
			}
			v.Labels = append(v.Labels, views.BinLabel{Code: b.Code, Zone: b.Zone, QRCode: "data:image/svg+xml," + url.PathEscape(svg)})
		}
		return h.render(c, http.StatusOK, views.BinLabels(v))
	}
}
