package stock

import (
	"context"
	"strings"

	"sellerhub/app/core"
	stockdb "sellerhub/models/stock"
)

// productPickerLimit bounds the product picker's answer: the user narrows by typing, not by scrolling.
const productPickerLimit = 20

var (
	stockSorts = map[string]string{"warehouseName": "stocks.warehouse_name", "sku": "stocks.sku",
		"productName": "local_products.name", "inbound": "stocks.inbound", "fulfillable": "stocks.fulfillable",
		"outbound": "stocks.outbound", "updatedAt": "stocks.updated_at"}
	ledgerSorts = map[string]string{"createdAt": "stock_ledger.created_at", "docNumber": "stock_ledger.doc_number",
		"sku": "local_products.sku"}
)

// StockQuery is the body of the stock list: the page, the sort, a warehouse and a part of the SKU or name.
type StockQuery struct {
	core.PageRequest
	Sort        string `json:"sort"`
	Order       string `json:"order"`
	WarehouseID string `json:"warehouseId"`
	Search      string `json:"search"`
	// Kind keeps the warehouses of a kind (海外仓库存's route sets overseas); never the client's.
	Kind string `json:"-"`
}

// filter turns the query of the user into the model's filter. A warehouse id that is not a number matches nothing (ok false).
func (q StockQuery) filter(userID int64, sortable map[string]string) (stockdb.StockFilter, core.PageRequest, bool) {
	r := q.PageRequest.Normalized()
	f := stockdb.StockFilter{UserID: userID, Search: strings.TrimSpace(q.Search), OrderBy: sortable[q.Sort],
		Desc: strings.EqualFold(q.Order, "desc"), Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	ok := true
	if strings.TrimSpace(q.WarehouseID) != "" {
		f.WarehouseID, ok = core.ParseID(q.WarehouseID)
	}
	return f, r, ok
}

// StockPage lists a page of the company's stock in the warehouses the user may see: each product's inbound, fulfillable and outbound quantities in
// each warehouse, with the total and the page served.
func (s *Service) StockPage(ctx context.Context, p core.Principal, q StockQuery) ([]stockdb.StockRow, int64, core.PageRequest, error) {
	f, r, ok := q.filter(p.UserID, stockSorts)
	if !ok {
		return []stockdb.StockRow{}, 0, r, nil
	}
	f.Kind = q.Kind
	rows, total, err := stockdb.StockPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// LedgerQuery is the body of the 库存流水 list: the stock list's filters, a product, a part of the document
// number and the dates (yyyy-MM-dd, both included).
type LedgerQuery struct {
	StockQuery
	ProductID string `json:"productId"`
	DocNumber string `json:"docNumber"`
	StartDate string `json:"startDate"`
	EndDate   string `json:"endDate"`
}

// LedgerPage lists a page of the company's ledger in the warehouses the user may see, newest first, with the total and the page served.
func (s *Service) LedgerPage(ctx context.Context, p core.Principal, q LedgerQuery) ([]stockdb.LedgerRow, int64, core.PageRequest, error) {
	sf, r, ok := q.filter(p.UserID, ledgerSorts)
	if q.Sort == "" {
		sf.Desc = true
	}
	f := stockdb.LedgerFilter{StockFilter: sf, DocNumber: strings.TrimSpace(q.DocNumber)}
	if strings.TrimSpace(q.ProductID) != "" {
		var okProduct bool
		f.ProductID, okProduct = core.ParseID(q.ProductID)
		ok = ok && okProduct
	}
	var err error
	if f.From, f.To, err = core.DayRange(s.timeZone, q.StartDate, q.EndDate); err != nil {
		return nil, 0, r, err
	}
	if !ok {
		return []stockdb.LedgerRow{}, 0, r, nil
	}
	rows, total, err := stockdb.LedgerPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// ProductsWithStock answers the document's product picker: the company's products whose SKU or name contains
// search, each with its stock in the warehouse.
func (s *Service) ProductsWithStock(ctx context.Context, p core.Principal, warehouseID, search string) ([]stockdb.ProductStock, error) {
	w, ok := core.ParseID(warehouseID)
	if !ok {
		return nil, core.Invalid(MsgDocWarehouseEmpty)
	}
	db := s.db.With(ctx)
	if _, err := stockdb.WarehouseByID(db, p.CompanyID, p.UserID, w); err != nil {
		return nil, core.NotFoundAs(err, whatWarehouse)
	}
	return stockdb.ProductsWithStock(db, p.CompanyID, w, strings.TrimSpace(search), productPickerLimit)
}
