package stock

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	purchasedb "sellerhub/models/purchase"
	stockdb "sellerhub/models/stock"
)

// Messages of the exchange (换货单) calls.
const (
	MsgExchangeFBA         = "FBA仓的库存由亚马逊同步，不能换货"
	msgExchangeToEmpty     = "请选择换入产品"
	msgExchangeToMissing   = "换入产品不存在"
	msgExchangeSameProduct = "换出产品和换入产品不能相同"
	// MsgExchangeShort names the product and what is there: 库存不足：SKU A-1 可用库存 3，换货数量 5.
	MsgExchangeShort = "库存不足：SKU %s 可用库存 %d，换货数量 %d"
)

// Button permissions of the exchange screens.
const (
	PermissionExchangeAdd     = "erp:wh:exchange:add"
	PermissionExchangeApprove = "erp:wh:exchange:approve"
	PermissionExchangeCancel  = "erp:wh:exchange:cancel"
)

// DocExchangeCancel is the ledger's document type of an approved exchange's reversal.
var DocExchangeCancel = CancelDocType(stockdb.DocExchange)

// exchangeTargets reads the products an exchange's lines make (换入产品): each given, not the line's own product,
// and no product named twice on the document, on either side. Other kinds have none.
func (f *DocumentForm) exchangeTargets(kind string, lines []stockdb.StockDocumentLine) error {
	if kind != stockdb.DocExchange {
		return nil
	}
	seen := make(map[int64]bool, 2*len(lines))
	for _, l := range lines {
		seen[l.ProductID] = true
	}
	for i := range lines {
		prefix := fmt.Sprintf(msgDocLine, i+1)
		raw := strings.TrimSpace(f.Lines[i].ToProductID)
		if raw == "" {
			return core.Invalid(prefix + msgExchangeToEmpty)
		}
		to, ok := core.ParseID(raw)
		switch {
		case !ok:
			return core.Invalid(prefix + msgExchangeToMissing)
		case to == lines[i].ProductID:
			return core.Invalid(prefix + msgExchangeSameProduct)
		case seen[to]:
			return core.Invalid(prefix + msgDocProductTwice)
		}
		seen[to] = true
		lines[i].ToProductID = &to
	}
	return nil
}

// checkExchange checks, in the transaction saving an exchange, that its warehouse is not an FBA one (whose stock
// is Amazon's figures) and that the products its lines make are the company's.
func checkExchange(tx *models.DB, p core.Principal, kind string, warehouse int64, lines []stockdb.StockDocumentLine) error {
	if kind != stockdb.DocExchange {
		return nil
	}
	w, err := stockdb.WarehouseByID(tx, p.CompanyID, p.UserID, warehouse)
	if err != nil {
		return err
	}
	if w.Kind == stockdb.WarehouseFBA {
		return core.Refused(MsgExchangeFBA)
	}
	ids := make([]int64, len(lines))
	for i, l := range lines {
		ids[i] = *l.ToProductID
	}
	skus, err := stockdb.ProductSKUs(tx, p.CompanyID, ids)
	if err != nil {
		return err
	}
	for i, id := range ids {
		if _, ok := skus[id]; !ok {
			return core.Invalid(fmt.Sprintf(msgDocLine, i+1) + msgExchangeToMissing)
		}
	}
	return nil
}

// moveExchange moves an exchange's lines times sign in its warehouse: approving (1) takes each line's quantity out
// of its product's fulfillable stock (out of the line's bin when it names one) and adds it to the product it makes
// (into the same bin, else 待上架); cancelling (-1) moves them back. The units keep their value: the new ones come
// at the old ones' weighted average cost (written on the line and on both ledger lines), which moves the made
// product's average; the reversal takes them out at that cost again.
func (s *Service) moveExchange(tx *models.DB, p core.Principal, d *stockdb.DocumentRow, sign int) error {
	lines, err := stockdb.DocumentLines(tx, p.CompanyID, d.ID)
	if err != nil {
		return err
	}
	products := make([]int64, 0, 2*len(lines))
	for _, l := range lines {
		products = append(products, l.ProductID, *l.ToProductID)
	}
	// The rows are locked before their costs are read, as a receipt locks them before it moves the average.
	if err := stockdb.LockStocks(tx, p.CompanyID, d.WarehouseID, products); err != nil {
		return err
	}
	histories, err := catalogdb.CostHistories(tx, p.CompanyID, products)
	if err != nil {
		return err
	}
	today := s.now().In(s.timeZone).Format(time.DateOnly)
	changes := make([]stockdb.StockChange, 0, 2*len(lines))
	skus := make(map[int64]string, 2*len(lines))
	codes := map[int64]string{}
	carried := make(map[int64]*int64, len(lines))
	for _, l := range lines {
		cost := l.UnitCost // the cost carried at approval, taken back by the reversal
		if sign > 0 {
			if cost, err = averageCost(tx, p.CompanyID, d.WarehouseID, l.ProductID, histories, today); err != nil {
				return err
			}
			carried[l.ProductID] = cost
		}
		q := sign * l.Quantity
		out := stockdb.StockChange{WarehouseID: d.WarehouseID, ProductID: l.ProductID, Fulfillable: -q, UnitCost: cost}
		in := stockdb.StockChange{WarehouseID: d.WarehouseID, ProductID: *l.ToProductID, Fulfillable: q, UnitCost: cost}
		if l.BinID != nil {
			out.BinID, out.Bin = *l.BinID, -q
			in.BinID, in.Bin = *l.BinID, q
			codes[*l.BinID] = l.BinCode
		}
		changes = append(changes, out, in)
		skus[l.ProductID], skus[*l.ToProductID] = l.SKU, l.ToSKU
	}
	docType, short := stockdb.DocExchange, MsgExchangeShort
	if sign < 0 {
		docType, short = DocExchangeCancel, MsgCancelShort
	}
	err = stockdb.MoveStock(tx, p.CompanyID, stockdb.StockCause{DocType: docType, DocNumber: d.Number, OperatorID: &p.UserID}, changes)
	var binShort *stockdb.BinShortError
	if errors.As(err, &binShort) || errors.Is(err, stockdb.ErrBinDisabled) {
		return s.binRefusal(tx, p, err, codes)
	}
	if err := s.refusal(tx, p, err, skus, short); err != nil {
		return err
	}
	if sign > 0 {
		if err := stockdb.SetDocumentLineCosts(tx, p.CompanyID, d.ID, carried); err != nil {
			return err
		}
	}
	return carryCosts(tx, p, d.WarehouseID, lines, carried, sign, histories, today, s.now.Stamp())
}

// averageCost is the weighted average cost of the product's units in the warehouse (Money's units): the one the
// receipts keep, else its entered cost in force that day; nil when it has neither.
func averageCost(tx *models.DB, companyID, warehouse, product int64, histories map[int64][]catalogdb.ProductCost, day string) (*int64, error) {
	cost, ok, err := purchasedb.StockCostOf(tx, companyID, warehouse, product)
	switch {
	case err != nil:
		return nil, err
	case ok:
		return &cost, nil
	}
	if c := catalogdb.CostOn(histories[product], day); c.UnitCost.Valid {
		units := models.Money{Decimal: c.UnitCost.Decimal}.Units()
		return &units, nil
	}
	return nil, nil
}

// carryCosts moves the warehouse's average costs with an exchange's units, read after MoveStock locked the rows
// (so exchanges and receipts at once follow each other): approving, the made product's average becomes (units
// held before × its average + units made × the carried cost) ÷ units held after, and the product given keeps its
// average (it is written, when it came from the entered cost, so the two stay in step); cancelling, the made
// product gives its units back at the carried cost and the product given takes them in at it. A line carrying no
// cost changes none. Each product whose average moved then has its cost from today be its average over the
// warehouses, as a receipt does.
func carryCosts(tx *models.DB, p core.Principal, warehouse int64, lines []stockdb.DocumentLineRow, carried map[int64]*int64,
	sign int, histories map[int64][]catalogdb.ProductCost, today string, now time.Time) error {
	var moved []int64
	for _, l := range lines {
		cost := l.UnitCost
		if sign > 0 {
			cost = carried[l.ProductID]
		}
		if cost == nil {
			continue
		}
		gain, give := *l.ToProductID, l.ProductID // approving: the made product gains the units
		if sign < 0 {
			gain, give = l.ProductID, *l.ToProductID
		}
		held, err := heldUnits(tx, p.CompanyID, warehouse, gain)
		if err != nil {
			return err
		}
		old, err := averageCost(tx, p.CompanyID, warehouse, gain, histories, today)
		if err != nil {
			return err
		}
		if old == nil {
			old = cost
		}
		if err := purchasedb.SetStockCost(tx, p.CompanyID, warehouse, gain, purchasedb.WeightedAverage(max(held-l.Quantity, 0), *old, l.Quantity, *cost), now); err != nil {
			return err
		}
		moved = append(moved, gain, give)
		if sign > 0 {
			// The product given keeps its average; written so that a cost read from the entered one stays.
			if err := purchasedb.SetStockCost(tx, p.CompanyID, warehouse, give, *cost, now); err != nil {
				return err
			}
			continue
		}
		// Cancelled: the made product gives back its units at the carried cost.
		left, err := heldUnits(tx, p.CompanyID, warehouse, give)
		if err != nil {
			return err
		}
		have, err := averageCost(tx, p.CompanyID, warehouse, give, histories, today)
		if err != nil || have == nil || left <= 0 {
			if err != nil {
				return err
			}
			continue
		}
		if err := purchasedb.SetStockCost(tx, p.CompanyID, warehouse, give, withoutUnits(left+l.Quantity, *have, l.Quantity, *cost), now); err != nil {
			return err
		}
	}
	return productCostsFollow(tx, p, today, moved, histories, now)
}

// heldUnits are the units of the product the warehouse holds for its value: fulfillable and outbound.
func heldUnits(tx *models.DB, companyID, warehouse, product int64) (int, error) {
	st, err := stockdb.StockOf(tx, companyID, warehouse, product)
	return st.Fulfillable + st.Outbound, err
}

// withoutUnits is the average of have units at cost once gone units at price have left, in Money's units rounded
// half up: (have × cost − gone × price) ÷ (have − gone), never below zero; the cost as it was when none stay.
func withoutUnits(have int, cost int64, gone int, price int64) int64 {
	if have-gone <= 0 {
		return cost
	}
	sum := decimal.NewFromInt(int64(have)).Mul(decimal.NewFromInt(cost)).Sub(decimal.NewFromInt(int64(gone)).Mul(decimal.NewFromInt(price)))
	return max(sum.Div(decimal.NewFromInt(int64(have-gone))).Round(0).IntPart(), 0)
}

// productCostsFollow gives each product its average over the company's warehouses as its cost from today (what
// 库存货值 and 利润报告 read), its 头程 as it was; a product with a price but no dated cost first gets it from the
// beginning, so the days before stay as they were.
func productCostsFollow(tx *models.DB, p core.Principal, today string, products []int64,
	histories map[int64][]catalogdb.ProductCost, now time.Time) error {
	if len(products) == 0 {
		return nil
	}
	var bare []catalogdb.LocalProduct
	if err := tx.Scopes(models.InCompany("local_products", p.CompanyID)).Where("local_products.id IN ?", products).
		Find(&bare).Error; err != nil {
		return err
	}
	var costs []*catalogdb.ProductCost
	for _, m := range bare {
		if len(histories[m.ID]) == 0 && (m.Price.Valid || m.FirstLeg.Valid) {
			first := catalogdb.ProductCost{CompanyID: p.CompanyID, ProductID: m.ID, EffectiveFrom: catalogdb.CostsBeginning,
				UnitCost: m.Price, FirstLeg: m.FirstLeg, CreatedAt: now, UpdatedAt: now}
			histories[m.ID] = []catalogdb.ProductCost{first}
			if today != catalogdb.CostsBeginning {
				costs = append(costs, &first)
			}
		}
	}
	for _, id := range products {
		average, ok, err := purchasedb.ProductAverage(tx, p.CompanyID, id)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		costs = append(costs, &catalogdb.ProductCost{CompanyID: p.CompanyID, ProductID: id, EffectiveFrom: today,
			UnitCost: decimal.NullDecimal{Decimal: models.MoneyFromUnits(average).Round(2), Valid: true},
			FirstLeg: catalogdb.CostOn(histories[id], today).FirstLeg, ChangedBy: &p.UserID, CreatedAt: now, UpdatedAt: now})
	}
	if err := catalogdb.SaveProductCosts(tx, costs); err != nil {
		return err
	}
	return catalogdb.SyncProductCosts(tx, p.CompanyID, products, now)
}
