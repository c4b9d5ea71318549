package stock

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	amazondatadb "sellerhub/models/amazondata"
	storesdb "sellerhub/models/stores"
)

// LedgerDay is a line of FBA每日库存: a day's units of a seller SKU (of one disposition) at a fulfilment centre, the
// day's events by kind, and the check: Difference = ending − (starting + events), Check 相符 or 不符.
type LedgerDay struct {
	ID              string `json:"id"`
	GroupName       string `json:"groupName"`
	MarketplaceID   string `json:"marketplaceId"`
	MarketplaceName string `json:"marketplaceName"`
	Day             string `json:"day"`
	SellerSKU       string `json:"sellerSku"`
	FNSKU           string `json:"fnsku"`
	ASIN            string `json:"asin"`
	Title           string `json:"title"`
	Location        string `json:"location"`
	Disposition     string `json:"disposition"`
	Starting        int    `json:"starting"`
	Receipts        int    `json:"receipts"`
	Shipments       int    `json:"shipments"`
	Returns         int    `json:"returns"`
	Transfers       int    `json:"transfers"`
	Lost            int    `json:"lost"`
	Found           int    `json:"found"`
	Damaged         int    `json:"damaged"`
	Disposed        int    `json:"disposed"`
	Other           int    `json:"other"`
	Events          int    `json:"events"`
	Ending          int    `json:"ending"`
	Difference      int    `json:"difference"`
	Check           string `json:"check"`
}

// LedgerEventLine is one event of a FBA每日库存 line, opened.
type LedgerEventLine struct {
	At                   string `json:"at"`
	EventType            string `json:"eventType"`
	EventName            string `json:"eventName"`
	ReferenceID          string `json:"referenceId"`
	Quantity             int    `json:"quantity"`
	Reason               string `json:"reason"`
	ReconciledQuantity   int    `json:"reconciledQuantity"`
	UnreconciledQuantity int    `json:"unreconciledQuantity"`
}

// eventNames are the ledger's event types as the screen names them.
var eventNames = map[string]string{"Receipts": "入库", "Shipments": "发货", "CustomerReturns": "买家退货",
	"WhseTransfers": "仓间调拨", "VendorReturns": "移除", "Adjustments": "调整"}

func (h *Handler) ledgerDay(r *amazondatadb.LedgerDayRow) LedgerDay {
	m, _ := storesdb.MarketplaceByID(r.MarketplaceID)
	out := LedgerDay{ID: id(r.ID), GroupName: r.GroupName, MarketplaceID: r.MarketplaceID, MarketplaceName: m.Name,
		Day: r.Day, SellerSKU: r.SKU, FNSKU: r.FNSKU, ASIN: r.ASIN, Title: r.Title, Location: r.Location,
		Disposition: r.Disposition, Starting: r.Starting, Receipts: r.EvReceipts, Shipments: r.EvShipments,
		Returns: r.EvReturns, Transfers: r.EvTransfers, Lost: r.EvLost, Found: r.EvFound, Damaged: r.EvDamaged,
		Disposed: r.EvDisposed, Other: r.EvOther, Events: r.EvTotal, Ending: r.Ending,
		Difference: r.Ending - r.Starting - r.EvTotal, Check: "相符"}
	if out.Difference != 0 {
		out.Check = "不符"
	}
	return out
}

// LedgerDayPage answers POST fbaDaily/page {currentpage, pagesize, sort, order, groupId, marketplaceId, keyword,
// location, from, to, check (bad)}, newest day first.
func (h *Handler) LedgerDayPage(c *echo.Context) error {
	return api.PageOf(h.Stock.LedgerDayPage, h.ledgerDay)(c)
}

// LedgerDayExport answers GET fbaDaily/export?<LedgerDayPage's filters>: the whole query as FBA每日库存_<date>.xlsx.
func (h *Handler) LedgerDayExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "FBA每日库存", "fbaDailyList", h.Stock.LedgerDayPage, h.ledgerDay)
}

// LedgerDayEvents answers GET fbaDaily/:id/events: the ledger's events of the line's day and place.
func (h *Handler) LedgerDayEvents(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	events, err := h.Stock.LedgerDayEvents(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	out := make([]LedgerEventLine, len(events))
	for i, e := range events {
		name := eventNames[e.EventType]
		if name == "" {
			name = e.EventType
		}
		out[i] = LedgerEventLine{At: api.FormatTime(&e.EventAt, h.TimeZone), EventType: e.EventType, EventName: name,
			ReferenceID: e.ReferenceID, Quantity: e.Quantity, Reason: e.Reason, ReconciledQuantity: e.ReconciledQuantity,
			UnreconciledQuantity: e.UnreconciledQuantity}
	}
	return api.OK(c, out)
}
