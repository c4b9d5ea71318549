package stock

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"sellerhub/models"
)

// Bin (库位) is a place in an own or overseas warehouse: a code (zone-row-level-bin or free text) unique in its
// warehouse, an optional zone and remark. A disabled bin takes no more units.
type Bin struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	WarehouseID int64
	Code        string
	Zone        string
	Remark      string
	Disabled    bool
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// BeforeCreate gives a new bin its id.
func (b *Bin) BeforeCreate(*gorm.DB) error {
	if b.ID == 0 {
		b.ID = models.NewID()
	}
	return nil
}

// BinStock is the units of a product in a bin: part of the product's fulfillable stock in the warehouse. Only
// MoveStock changes it.
type BinStock struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	WarehouseID int64
	BinID       int64
	ProductID   int64
	Quantity    int
	UpdatedAt   time.Time
}

// ErrBinDisabled refuses units put into a disabled bin.
var ErrBinDisabled = errors.New("bin is disabled")

// BinShortError refuses a movement taking more units out of a bin than it holds (Code the bin's), or putting away
// more units than are waiting to be (Code "": Have is the units not in a bin).
type BinShortError struct {
	WarehouseID, ProductID int64
	Code                   string
	Have, Change           int
}

func (e *BinShortError) Error() string {
	if e.Code == "" {
		return fmt.Sprintf("product %d in warehouse %d: %d units not in a bin, %d to put away", e.ProductID, e.WarehouseID, e.Have, e.Change)
	}
	return fmt.Sprintf("product %d in bin %s: %d%+d would go below zero", e.ProductID, e.Code, e.Have, e.Change)
}

// binStock is a BinStock MoveStock holds while it moves, with its bin's code.
type binStock struct {
	BinStock
	code  string
	dirty bool
}

// binBook is what MoveStock knows of the bins of the products it moves: every bin row of a product that has
// binned units or that a change names (in code order), and the bins the changes name.
type binBook struct {
	companyID int64
	stocks    map[stockKey][]*binStock
	bins      map[int64]*Bin
}

// loadBins reads the bin rows MoveStock may change: those of the products with binned units, or named by a change.
// The products' stock rows are locked already, and every bin change goes through MoveStock, so the bin rows need no
// lock of their own. Warehouses without bins cost no statement.
func loadBins(db *models.DB, companyID int64, changes []StockChange, rows map[stockKey]*Stock) (*binBook, error) {
	b := &binBook{companyID: companyID, stocks: map[stockKey][]*binStock{}, bins: map[int64]*Bin{}}
	var named []int64
	need := map[int64][]int64{} // warehouse -> products
	seen := map[stockKey]bool{}
	for _, c := range changes {
		k := stockKey{c.WarehouseID, c.ProductID}
		if c.BinID != 0 {
			named = append(named, c.BinID)
		}
		if !seen[k] && (c.BinID != 0 || rows[k].Binned > 0) {
			seen[k] = true
			need[c.WarehouseID] = append(need[c.WarehouseID], c.ProductID)
		}
	}
	if len(named) > 0 {
		var found []Bin
		if err := db.Scopes(models.InCompany("bins", companyID)).Where("bins.id IN ?", named).Find(&found).Error; err != nil {
			return nil, err
		}
		for i := range found {
			b.bins[found[i].ID] = &found[i]
		}
	}
	for warehouse, products := range need {
		for i := 0; i < len(products); i += stockChunk {
			var part []struct {
				BinStock `gorm:"embedded"`
				Code     string
			}
			err := db.Table("bin_stocks").Select("bin_stocks.*, bins.code").Joins("JOIN bins ON bins.id = bin_stocks.bin_id").
				Where("bin_stocks.company_id = ? AND bin_stocks.warehouse_id = ? AND bin_stocks.product_id IN ?",
					companyID, warehouse, products[i:min(i+stockChunk, len(products))]).
				Order("bins.code, bins.id").Find(&part).Error
			if err != nil {
				return nil, err
			}
			for _, r := range part {
				k := stockKey{warehouse, r.ProductID}
				b.stocks[k] = append(b.stocks[k], &binStock{BinStock: r.BinStock, code: r.Code})
			}
		}
	}
	return b, nil
}

// apply moves the change's bin units, filling the line's bin columns, and takes out of the product's bins (in
// code order) what the stock row no longer holds, answering a ledger line for each bin so drawn. s already holds
// the change's other quantities.
func (b *binBook) apply(s *Stock, c StockChange, line *StockLedgerLine) ([]StockLedgerLine, error) {
	k := stockKey{c.WarehouseID, c.ProductID}
	if c.BinID != 0 {
		bin := b.bins[c.BinID]
		switch {
		case bin == nil || bin.WarehouseID != c.WarehouseID:
			return nil, models.ErrNotFound
		case bin.Disabled && c.Bin > 0:
			return nil, ErrBinDisabled
		}
		var row *binStock
		for _, r := range b.stocks[k] {
			if r.BinID == c.BinID {
				row = r
			}
		}
		if row == nil {
			row = &binStock{BinStock: BinStock{CompanyID: b.companyID, WarehouseID: c.WarehouseID, BinID: c.BinID,
				ProductID: c.ProductID}, code: bin.Code}
			b.stocks[k] = insertByCode(b.stocks[k], row)
		}
		if row.Quantity+c.Bin < 0 {
			return nil, &BinShortError{WarehouseID: c.WarehouseID, ProductID: c.ProductID, Code: bin.Code, Have: row.Quantity, Change: c.Bin}
		}
		line.BinID = &c.BinID
		line.BinBefore, line.BinChange, line.BinAfter = row.Quantity, c.Bin, row.Quantity+c.Bin
		row.Quantity += c.Bin
		row.dirty = true
		s.Binned += c.Bin
	}
	over := s.Binned - max(s.Fulfillable, 0)
	if over <= 0 {
		return nil, nil
	}
	if c.Bin > 0 {
		return nil, &BinShortError{WarehouseID: c.WarehouseID, ProductID: c.ProductID, Have: max(s.Fulfillable, 0) - (s.Binned - c.Bin), Change: c.Bin}
	}
	var drawn []StockLedgerLine
	for _, r := range b.stocks[k] {
		take := min(r.Quantity, over)
		if take <= 0 {
			continue
		}
		binID := r.BinID
		d := *line
		d.ID = models.NewID()
		d.UnitCost = nil
		d.InboundBefore, d.InboundChange = d.InboundAfter, 0
		d.FulfillableBefore, d.FulfillableChange = d.FulfillableAfter, 0
		d.OutboundBefore, d.OutboundChange = d.OutboundAfter, 0
		d.BinID, d.BinBefore, d.BinChange, d.BinAfter = &binID, r.Quantity, -take, r.Quantity-take
		drawn = append(drawn, d)
		r.Quantity -= take
		r.dirty = true
		s.Binned -= take
		over -= take
	}
	return drawn, nil
}

func insertByCode(rows []*binStock, row *binStock) []*binStock {
	i := 0
	for i < len(rows) && rows[i].code <= row.code {
		i++
	}
	return append(rows[:i], append([]*binStock{row}, rows[i:]...)...)
}

// save writes the bin rows the movement changed: new ones created, the others' quantities set.
func (b *binBook) save(db *models.DB, now time.Time) error {
	var fresh []BinStock
	var changed []*binStock
	for _, rows := range b.stocks {
		for _, r := range rows {
			switch {
			case !r.dirty:
			case r.ID == 0:
				r.ID, r.UpdatedAt = models.NewID(), now
				fresh = append(fresh, r.BinStock)
			default:
				changed = append(changed, r)
			}
		}
	}
	if len(fresh) > 0 {
		err := db.CreateInBatches(fresh, 200).Error
		if err != nil {
			return err
		}
	}
	for i := 0; i < len(changed); i += stockChunk {
		part := changed[i:min(i+stockChunk, len(changed))]
		values := make([]string, len(part))
		args := []any{now}
		for n, r := range part {
			values[n] = "(CAST(? AS BIGINT), CAST(? AS INTEGER))"
			args = append(args, r.ID, r.Quantity)
		}
		err := db.Exec("UPDATE bin_stocks SET quantity = v.column2, updated_at = ? FROM (VALUES "+strings.Join(values, ", ")+
			") AS v WHERE bin_stocks.id = v.column1", args...).Error
		if err != nil {
			return err
		}
	}
	return nil
}
