package amazondata

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// The FBA inventory report (GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA) of one marketplace: every SKU's figures are
// kept as Amazon gives them (fba_inventory), and the SKUs paired with a local product set that product's stock in
// the FBA warehouse of the store group's marketplace: fulfillable -> 可用, inbound working + shipped + receiving ->
// 待入库 (在途), reserved -> 待出库. Only the difference moves, as a ledger line of type 同步, so the ledger
// explains every quantity and reading the same report again moves nothing.

// docSyncUpload is the ledger's document number of a sync from a report uploaded by hand (one Amazon made has its
// report id).
const docSyncUpload = "上传"

// Messages of the inventory import.
const (
	MsgInventoryNoMarketplace = "FBA库存报告需要指定站点"
	MsgInventoryNotReport     = "文件不是FBA库存报告：缺少 sku 列"
	MsgFBAStocktaking         = "FBA仓库正在盘点，库存同步暂停，盘点结束后请重新同步"
	msgInventoryCountBad      = "第%d行：%s 应为整数，实为“%s”"
	msgInventoryPriceBad      = "第%d行：your-price 不是金额：“%s”"
	msgInventoryNegative      = "第%d行：%s 不能为负数，实为“%s”"
)

// inventoryBatch is how many lines one upsert statement (and transaction) writes.
const inventoryBatch = 500

func init() { importers[Inventory] = importInventory }

// inventoryFigures are a SKU's quantities as the stock takes them.
type inventoryFigures struct{ inbound, fulfillable, reserved int }

func importInventory(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	market, ok := storesdb.MarketplaceByID(st.MarketplaceID)
	if !ok {
		return Result{}, core.Invalid(MsgInventoryNoMarketplace)
	}
	if !r.Has("sku") {
		return Result{}, core.Invalid(MsgInventoryNotReport)
	}
	var res Result
	figures := map[string]inventoryFigures{}
	batch := map[string]amazondatadb.FBAInventory{}
	flush := func() error {
		rows := make([]amazondatadb.FBAInventory, 0, len(batch))
		for _, row := range batch {
			rows = append(rows, row)
		}
		clear(batch)
		n, err := amazondatadb.UpsertFBAInventory(s.db, rows)
		res.Written += int(n)
		return err
	}
	for {
		row, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return res, err
		}
		line, err := inventoryLine(st, market.Currency, row)
		if err != nil {
			return res, err
		}
		res.Lines++
		if line.SKU == "" {
			continue
		}
		batch[line.SKU] = line
		figures[line.SKU] = inventoryFigures{inbound: line.InboundWorking + line.InboundShipped + line.InboundReceiving,
			fulfillable: line.Fulfillable, reserved: line.Reserved}
		if len(batch) == inventoryBatch {
			if err := flush(); err != nil {
				return res, err
			}
			progress(res.Lines)
		}
	}
	if err := flush(); err != nil {
		return res, err
	}
	progress(res.Lines)
	if err := s.afterListingsOrStock(st); err != nil {
		return res, err
	}
	moved, err := s.syncFBAStock(st, figures)
	res.Written += moved
	return res, err
}

// inventoryLine reads one line of the report.
func inventoryLine(st Store, currency string, row amazon.TSVRow) (amazondatadb.FBAInventory, error) {
	price, err := models.NewMoney(row.Get("your-price"))
	if err != nil {
		return amazondatadb.FBAInventory{}, core.Invalid(fmt.Sprintf(msgInventoryPriceBad, row.Line, row.Get("your-price")))
	}
	if price.IsNegative() {
		return amazondatadb.FBAInventory{}, core.Invalid(fmt.Sprintf(msgInventoryNegative, row.Line, "your-price", row.Get("your-price")))
	}
	out := amazondatadb.FBAInventory{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
		MarketplaceID: st.MarketplaceID, SKU: row.Get("sku"), FNSKU: row.Get("fnsku"), ASIN: row.Get("asin"),
		Name: row.Get("product-name"), ItemCondition: row.Get("condition"), YourPrice: price, Currency: currency}
	for _, f := range []struct {
		column string
		to     *int
	}{{"afn-warehouse-quantity", &out.Warehouse}, {"afn-fulfillable-quantity", &out.Fulfillable},
		{"afn-unsellable-quantity", &out.Unsellable}, {"afn-reserved-quantity", &out.Reserved},
		{"afn-total-quantity", &out.Total}, {"afn-inbound-working-quantity", &out.InboundWorking},
		{"afn-inbound-shipped-quantity", &out.InboundShipped}, {"afn-inbound-receiving-quantity", &out.InboundReceiving},
		{"afn-researching-quantity", &out.Researching}} {
		v := row.Get(f.column)
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return amazondatadb.FBAInventory{}, core.Invalid(fmt.Sprintf(msgInventoryCountBad, row.Line, f.column, v))
		}
		if n < 0 {
			return amazondatadb.FBAInventory{}, core.Invalid(fmt.Sprintf(msgInventoryNegative, row.Line, f.column, v))
		}
		*f.to = n
	}
	return out, nil
}

// syncFBAStock sets the stock of the products paired with the report's SKUs, in the FBA warehouse of the store
// group's marketplace, to Amazon's figures (the sums when several SKUs are paired with one product). SKUs paired
// with nothing move no stock: 库存数量 shows them from the report's rows, in the FBA warehouse made here at the
// first report whatever is paired. It answers how many products' stock moved.
func (s *Service) syncFBAStock(st Store, figures map[string]inventoryFigures) (int, error) {
	if len(figures) > 0 {
		if _, err := stockdb.FBAWarehouse(s.db, st.CompanyID, st.GroupID, st.MarketplaceID); err != nil {
			return 0, err
		}
	}
	paired, err := amazondatadb.PairedSKUs(s.db, st.CompanyID, st.GroupID, st.MarketplaceID)
	if err != nil || len(paired) == 0 {
		return 0, err
	}
	totals := map[int64]inventoryFigures{}
	for sku, f := range figures {
		product, ok := paired[sku]
		if !ok {
			continue
		}
		t := totals[product]
		t.inbound, t.fulfillable, t.reserved = t.inbound+f.inbound, t.fulfillable+f.fulfillable, t.reserved+f.reserved
		totals[product] = t
	}
	if len(totals) == 0 {
		return 0, nil
	}
	cause := stockdb.StockCause{DocType: stockdb.DocSync, DocNumber: st.ReportID}
	if cause.DocNumber == "" {
		cause.DocNumber = docSyncUpload
	}
	moved := 0
	err = s.db.Tx(s.db.Context(), func(tx *models.DB) error {
		w, err := stockdb.FBAWarehouse(tx, st.CompanyID, st.GroupID, st.MarketplaceID)
		if err != nil {
			return err
		}
		targets := make([]stockdb.StockTarget, 0, len(totals))
		for product, t := range totals {
			targets = append(targets, stockdb.StockTarget{WarehouseID: w.ID, ProductID: product, Inbound: t.inbound,
				Fulfillable: t.fulfillable, Outbound: t.reserved})
		}
		moved, err = stockdb.SetStock(tx, st.CompanyID, cause, targets)
		if errors.Is(err, stockdb.ErrWarehouseStocktaking) {
			return core.Refused(stockdb.StocktakeNamed(err, MsgFBAStocktaking))
		}
		return err
	})
	return moved, err
}
