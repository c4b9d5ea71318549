package stock

import (
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/stock"
	stockdb "sellerhub/models/stock"
)

// BinHandler serves the bin (库位) calls: the bins, the stock per bin, 上架 and 移库.
type BinHandler struct {
	Stock    *stock.Service
	TimeZone *time.Location
}

// Bin is a bin (库位) as its list and forms show it.
type Bin struct {
	ID            string `json:"id"`
	WarehouseID   string `json:"warehouseId"`
	WarehouseName string `json:"warehouseName"`
	Code          string `json:"code"`
	Zone          string `json:"zone"`
	Remark        string `json:"remark"`
	Disabled      bool   `json:"disabled"`
	ProductCount  int    `json:"productCount"`
	Units         int    `json:"units"`
	UpdatedAt     string `json:"updatedAt"`
}

func (h *BinHandler) bin(b *stockdb.BinRow) Bin {
	return Bin{ID: id(b.ID), WarehouseID: id(b.WarehouseID), WarehouseName: b.WarehouseName, Code: b.Code, Zone: b.Zone,
		Remark: b.Remark, Disabled: b.Disabled, ProductCount: b.ProductCount, Units: b.Units, UpdatedAt: api.FormatTime(&b.UpdatedAt, h.TimeZone)}
}

// BinStock is a product's units in a bin, or (binId "", binCode 待上架) its units not put away yet.
type BinStock struct {
	ID            string `json:"id"`
	WarehouseID   string `json:"warehouseId"`
	WarehouseName string `json:"warehouseName"`
	BinID         string `json:"binId"`
	BinCode       string `json:"binCode"`
	ProductID     string `json:"productId"`
	SKU           string `json:"sku"`
	ProductName   string `json:"productName"`
	Image         string `json:"image"`
	Quantity      int    `json:"quantity"`
}

// waitingBin names the units not put away yet.
const waitingBin = "待上架"

func binStock(r *stockdb.BinStockRow) BinStock {
	out := BinStock{ID: id(r.WarehouseID) + "-" + id(r.BinID) + "-" + id(r.ProductID), WarehouseID: id(r.WarehouseID),
		WarehouseName: r.WarehouseName, BinCode: r.BinCode, ProductID: id(r.ProductID), SKU: r.SKU, ProductName: r.ProductName,
		Image: r.Image, Quantity: r.Quantity}
	if r.BinID != 0 {
		out.BinID = id(r.BinID)
	} else {
		out.BinCode = waitingBin
	}
	return out
}

// BinPage answers POST bin/page {currentpage, pagesize, warehouseId, search, disabled}.
func (h *BinHandler) BinPage(c *echo.Context) error {
	return api.PageOf(h.Stock.BinPage, h.bin)(c)
}

// BinExport answers GET bin/export: the whole query as 库位_<date>.xlsx.
func (h *BinHandler) BinExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "库位", "binList", h.Stock.BinPage, h.bin)
}

// BinOptions answers GET bin/options?warehouseId=: the warehouse's enabled bins by code.
func (h *BinHandler) BinOptions(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Stock.BinOptions(c.Request().Context(), p, c.QueryParam("warehouseId"))
	if err != nil {
		return err
	}
	out := make([]Bin, len(rows))
	for i := range rows {
		out[i] = h.bin(&rows[i])
	}
	return api.OK(c, out)
}

// GetBin answers GET bin/{id}.
func (h *BinHandler) GetBin(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	b, err := h.Stock.Bin(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	return api.OK(c, h.bin(b))
}

// SaveBin answers POST bin (a new bin) and PUT bin/{id} with the bin saved.
func (h *BinHandler) SaveBin(c *echo.Context) error {
	var f stock.BinForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	b, err := h.Stock.SaveBin(c.Request().Context(), p, c.Param("id"), f)
	if err != nil {
		return err
	}
	middleware.NoteSubject(c, b.WarehouseName+" "+b.Code)
	return api.OK(c, h.bin(b))
}

// BinBatchResult is how many bins 批量生成 made.
type BinBatchResult struct {
	Created int `json:"created"`
}

// CreateBins answers POST bin/batch with how many bins were made.
func (h *BinHandler) CreateBins(c *echo.Context) error {
	var f stock.BinBatchForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	n, err := h.Stock.CreateBins(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, BinBatchResult{Created: n})
}

// DeleteBin answers DELETE bin/{id}.
func (h *BinHandler) DeleteBin(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if err := h.Stock.DeleteBin(c.Request().Context(), p, c.Param("id")); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// BinStockPage answers POST binStock/page {currentpage, pagesize, warehouseId, binId, search}.
func (h *BinHandler) BinStockPage(c *echo.Context) error {
	return api.PageOf(h.Stock.BinStockPage, binStock)(c)
}

// BinStockExport answers GET binStock/export: the whole query as 库位库存_<date>.xlsx.
func (h *BinHandler) BinStockExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "库位库存", "binStockList", h.Stock.BinStockPage, binStock)
}

// BinMoved is the number of the put-away or move made.
type BinMoved struct {
	Number string `json:"number"`
}

// MoveBins answers POST bin/move {warehouseId, remark, lines: [{productId, fromBinId, toBinId, quantity}]}.
func (h *BinHandler) MoveBins(c *echo.Context) error {
	var f stock.BinMoveForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	n, err := h.Stock.MoveBins(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	middleware.NoteSubject(c, n)
	return api.OK(c, BinMoved{Number: n})
}

// UsualBin is a product's usual bin in a warehouse.
type UsualBin struct {
	ProductID string `json:"productId"`
	BinID     string `json:"binId"`
	BinCode   string `json:"binCode"`
}

// UsualBins answers POST bin/usual {warehouseId, productIds}: the products' usual bins (those with none left out).
func (h *BinHandler) UsualBins(c *echo.Context) error {
	var q stock.UsualBinQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	bins, err := h.Stock.UsualBins(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := make([]UsualBin, 0, len(bins))
	for product, b := range bins {
		out = append(out, UsualBin{ProductID: id(product), BinID: id(b.ID), BinCode: b.Code})
	}
	return api.OK(c, out)
}

// BinMoveLine is a line of a put-away or a move between bins as 移库记录 lists it.
type BinMoveLine struct {
	ID            string `json:"id"`
	Number        string `json:"number"`
	Kind          string `json:"kind"`
	KindName      string `json:"kindName"`
	WarehouseName string `json:"warehouseName"`
	SKU           string `json:"sku"`
	ProductName   string `json:"productName"`
	FromBin       string `json:"fromBin"`
	ToBin         string `json:"toBin"`
	Quantity      int    `json:"quantity"`
	Operator      string `json:"operator"`
	Remark        string `json:"remark"`
	CreatedAt     string `json:"createdAt"`
}

var binMoveKinds = map[string]string{stockdb.BinPutAway: "上架", stockdb.BinMoved: "移库"}

func (h *BinHandler) binMoveLine(r *stockdb.BinMoveLineRow) BinMoveLine {
	out := BinMoveLine{ID: id(r.ID), Number: r.Number, Kind: r.Kind, KindName: binMoveKinds[r.Kind], WarehouseName: r.WarehouseName,
		SKU: r.SKU, ProductName: r.ProductName, FromBin: r.FromCode, ToBin: r.ToCode, Quantity: r.Quantity, Operator: r.OperatorName,
		Remark: r.Remark, CreatedAt: api.FormatTime(&r.CreatedAt, h.TimeZone)}
	if r.Kind == stockdb.BinPutAway {
		out.FromBin = waitingBin
	}
	return out
}

// BinMovePage answers POST binMove/page {currentpage, pagesize, warehouseId, kind, search, startDate, endDate}.
func (h *BinHandler) BinMovePage(c *echo.Context) error {
	return api.PageOf(h.Stock.BinMovePage, h.binMoveLine)(c)
}

// BinMoveExport answers GET binMove/export: the whole query as 移库记录_<date>.xlsx.
func (h *BinHandler) BinMoveExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "移库记录", "binMoveList", h.Stock.BinMovePage, h.binMoveLine)
}
