package stock

import (
	"context"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/stock"
	purchasedb "sellerhub/models/purchase"
	stockdb "sellerhub/models/stock"
)

// docTypeNames are the ledger's document types as the screens name them; a type another module writes and this
// map does not know yet shows as it is.
var docTypeNames = map[string]string{
	stockdb.DocInbound: "入库单", stock.CancelDocType(stockdb.DocInbound): "入库单作废",
	stockdb.DocOutbound: "出库单", stock.CancelDocType(stockdb.DocOutbound): "出库单作废",
	stockdb.DocSync:      "亚马逊库存同步",
	stockdb.DocStocktake: "盘点单", stock.CancelDocType(stockdb.DocStocktake): "盘点单作废",
	stockdb.DocTransfer: "调拨发货", stock.DocTransferReceive: "调拨收货", stock.DocTransferCancel: "调拨单作废",
	stockdb.DocExchange: "换货单", stock.DocExchangeCancel: "换货单作废",
	stockdb.DocProcess: "加工单", stock.DocProcessCancel: "加工单作废",
	stockdb.DocOverseasOut: "海外仓发货", stock.DocOverseasCancel: "海外仓发货作废",
	stockdb.DocOverseasIn: "海外仓头程发货", stock.DocOverseasInReceive: "海外仓收货", stock.DocOverseasInCancel: "海外仓入库单作废",
	stock.DocBinMove(stockdb.BinPutAway): "上架", stock.DocBinMove(stockdb.BinMoved): "移库",
	purchasedb.DocApprove: "采购审核", purchasedb.DocCancel: "采购作废",
	purchasedb.EventReceipt: "采购收货", purchasedb.EventReturn: "采购退货", purchasedb.EventClose: "采购结案",
}

// Stock is a product's stock in a warehouse as the stock list shows it.
type Stock struct {
	ID            string `json:"id"`
	WarehouseID   string `json:"warehouseId"`
	WarehouseName string `json:"warehouseName"`
	ProductID     string `json:"productId"`
	SKU           string `json:"sku"`
	ProductName   string `json:"productName"`
	Image         string `json:"image"`
	Inbound       int    `json:"inbound"`
	Fulfillable   int    `json:"fulfillable"`
	Outbound      int    `json:"outbound"`
	UpdatedAt     string `json:"updatedAt"`
}

// LedgerLine is a ledger line as 库存流水 shows it: the document, and each quantity before, its change and after.
type LedgerLine struct {
	ID                string `json:"id"`
	CreatedAt         string `json:"createdAt"`
	WarehouseID       string `json:"warehouseId"`
	WarehouseName     string `json:"warehouseName"`
	ProductID         string `json:"productId"`
	SKU               string `json:"sku"`
	ProductName       string `json:"productName"`
	DocType           string `json:"docType"`
	DocTypeName       string `json:"docTypeName"`
	DocNumber         string `json:"docNumber"`
	InboundBefore     int    `json:"inboundBefore"`
	InboundChange     int    `json:"inboundChange"`
	InboundAfter      int    `json:"inboundAfter"`
	FulfillableBefore int    `json:"fulfillableBefore"`
	FulfillableChange int    `json:"fulfillableChange"`
	FulfillableAfter  int    `json:"fulfillableAfter"`
	OutboundBefore    int    `json:"outboundBefore"`
	OutboundChange    int    `json:"outboundChange"`
	OutboundAfter     int    `json:"outboundAfter"`
	Operator          string `json:"operator"`
	// UnitCost is what one unit moved is worth (CNY, two decimals): an inbound document's 单价 on its receipt and
	// its reversal; "" for movements that carry no cost.
	UnitCost string `json:"unitCost"`
	// BinCode is the bin the line moved units in, with its quantities before, the change and after (none: "").
	BinCode   string `json:"binCode"`
	BinBefore int    `json:"binBefore"`
	BinChange int    `json:"binChange"`
	BinAfter  int    `json:"binAfter"`
}

// PickerProduct is a product the documents' picker offers, with its stock in the chosen warehouse.
type PickerProduct struct {
	ProductID   string `json:"productId"`
	SKU         string `json:"sku"`
	Name        string `json:"name"`
	Image       string `json:"image"`
	Inbound     int    `json:"inbound"`
	Fulfillable int    `json:"fulfillable"`
	Outbound    int    `json:"outbound"`
}

// unpairedName is the product name of an FBA warehouse's row of a seller SKU no listing pairs yet (its SKU is the
// seller SKU).
const unpairedName = "未配对"

func (h *Handler) stock(s *stockdb.StockRow) Stock {
	out := Stock{ID: id(s.ID), WarehouseID: id(s.WarehouseID), WarehouseName: s.WarehouseName, ProductID: id(s.ProductID),
		SKU: s.SKU, ProductName: s.ProductName, Image: s.Image, Inbound: s.Inbound, Fulfillable: s.Fulfillable,
		Outbound: s.Outbound, UpdatedAt: api.FormatTime(&s.UpdatedAt, h.TimeZone)}
	if s.ProductID == 0 {
		out.ProductID, out.ProductName = "", unpairedName
	}
	return out
}

func (h *Handler) ledgerLine(l *stockdb.LedgerRow) LedgerLine {
	name := docTypeNames[l.DocType]
	if name == "" {
		name = l.DocType
	}
	return LedgerLine{ID: id(l.ID), CreatedAt: api.FormatTime(&l.CreatedAt, h.TimeZone), WarehouseID: id(l.WarehouseID),
		WarehouseName: l.WarehouseName, ProductID: id(l.ProductID), SKU: l.SKU, ProductName: l.ProductName,
		DocType: l.DocType, DocTypeName: name, DocNumber: l.DocNumber,
		InboundBefore: l.InboundBefore, InboundChange: l.InboundChange, InboundAfter: l.InboundAfter,
		FulfillableBefore: l.FulfillableBefore, FulfillableChange: l.FulfillableChange, FulfillableAfter: l.FulfillableAfter,
		OutboundBefore: l.OutboundBefore, OutboundChange: l.OutboundChange, OutboundAfter: l.OutboundAfter,
		Operator: l.OperatorName, UnitCost: yuan(l.UnitCost, 1), BinCode: l.BinCode, BinBefore: l.BinBefore, BinChange: l.BinChange,
		BinAfter: l.BinAfter}
}

// StockPage answers POST stock/page {currentpage, pagesize, sort, order, warehouseId, search}.
func (h *Handler) StockPage(c *echo.Context) error { return api.PageOf(h.Stock.StockPage, h.stock)(c) }

// LedgerPage answers POST stock/ledger {currentpage, pagesize, sort, order, warehouseId, productId, search,
// docNumber, startDate, endDate}, newest first.
func (h *Handler) LedgerPage(c *echo.Context) error {
	return api.PageOf(h.Stock.LedgerPage, h.ledgerLine)(c)
}

// Products answers GET stock/products?warehouseId&search: up to 20 of the company's products whose SKU or name
// contains search, each with its stock in the warehouse.
func (h *Handler) Products(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Stock.ProductsWithStock(c.Request().Context(), p, c.QueryParam("warehouseId"), c.QueryParam("search"))
	if err != nil {
		return err
	}
	out := make([]PickerProduct, len(rows))
	for i, r := range rows {
		out[i] = PickerProduct{ProductID: id(r.ProductID), SKU: r.SKU, Name: r.Name, Image: r.Image,
			Inbound: r.Inbound, Fulfillable: r.Fulfillable, Outbound: r.Outbound}
	}
	return api.OK(c, out)
}

// StockExport answers GET stock/export?<StockPage's filters>: the whole query as 库存_<date>.xlsx.
func (h *Handler) StockExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "库存", "stockList", h.Stock.StockPage, h.stock)
}

// OverseasStockPage answers POST stock/overseas/page {currentpage, pagesize, sort, order, warehouseId, search}: the
// stock of the overseas warehouses (海外仓库存).
func (h *Handler) OverseasStockPage(c *echo.Context) error {
	return api.PageOf(overseasStock(h.Stock), h.stock)(c)
}

// overseasStock is the stock list kept to the overseas warehouses (a function: Handler is at its cap).
func overseasStock(s *stock.Service) func(context.Context, core.Principal, stock.StockQuery) ([]stockdb.StockRow, int64, core.PageRequest, error) {
	return func(ctx context.Context, p core.Principal, q stock.StockQuery) ([]stockdb.StockRow, int64, core.PageRequest, error) {
		q.Kind = stockdb.WarehouseOverseas
		return s.StockPage(ctx, p, q)
	}
}

// OverseasStockExport answers GET stock/overseas/export: the whole query as 海外仓库存_<date>.xlsx.
func (h *Handler) OverseasStockExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "海外仓库存", "overseasStockList", overseasStock(h.Stock), h.stock)
}

// LedgerExport answers GET stock/ledger/export?<LedgerPage's filters>: the whole query as 库存流水_<date>.xlsx.
func (h *Handler) LedgerExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "库存流水", "stockLedgerList", h.Stock.LedgerPage, h.ledgerLine)
}
