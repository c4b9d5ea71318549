package stock

import (
	"errors"
	"fmt"
	"sort"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"sellerhub/models"
)

// Warehouse kinds (Warehouse.Kind).
const (
	WarehouseOwn      = "own"      // 自有仓
	WarehouseOverseas = "overseas" // 海外仓
	WarehouseFBA      = "fba"      // FBA仓
)

// Warehouse holds stock. AllowNegative lets its quantities go below zero; while Stocktaking it accepts no
// movement. An FBA warehouse of a store group's marketplace (FBAWarehouse) has GroupID and MarketplaceID; other
// warehouses have neither.
type Warehouse struct {
	ID            int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID     int64
	Name          string
	Kind          string
	Address       string
	AllowNegative bool
	GroupID       *int64
	MarketplaceID *string
	Stocktaking   bool
	// StocktakeID is the whole-warehouse stocktake that set Stocktaking (nil when none names it).
	StocktakeID *int64
	Disabled    bool
	Remark      string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// BeforeCreate gives a new warehouse its id.
func (w *Warehouse) BeforeCreate(*gorm.DB) error {
	if w.ID == 0 {
		w.ID = models.NewID()
	}
	return nil
}

// Stock is one product's quantities in one warehouse: inbound (待入库), fulfillable (可用), outbound (待出库).
// Only MoveStock changes it.
type Stock struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	WarehouseID int64
	ProductID   int64
	Inbound     int
	Fulfillable int
	Outbound    int
	// Binned is the part of Fulfillable put away in bins (the sum of its BinStocks); the rest is 待上架.
	Binned int
	// StocktakeID is the stocktake that froze the product here: no other movement until it is posted or cancelled.
	StocktakeID *int64
	UpdatedAt   time.Time
}

// StockLedgerLine is the record of one movement: which document moved what, and the quantities before and after.
type StockLedgerLine struct {
	ID                int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID         int64
	WarehouseID       int64
	ProductID         int64
	DocType           string
	DocNumber         string
	InboundBefore     int
	InboundChange     int
	InboundAfter      int
	FulfillableBefore int
	FulfillableChange int
	FulfillableAfter  int
	OutboundBefore    int
	OutboundChange    int
	OutboundAfter     int
	// UnitCost is what one unit moved is worth, in ten-thousandths of a yuan (models.Money's units): an inbound
	// document's cost on its receipt and on the receipt's reversal; nil for movements that carry no cost.
	UnitCost   *int64
	OperatorID *int64
	// BinID is the bin the line moved units in or out of (nil: none), with its quantity of the product before
	// and after.
	BinID     *int64
	BinBefore int
	BinChange int
	BinAfter  int
	CreatedAt time.Time
}

// TableName is the ledger's table: one ledger, many lines.
func (StockLedgerLine) TableName() string { return "stock_ledger" }

// StockChange is a movement of one product in one warehouse: the signed change of each quantity, and the cost of
// one unit moved when the movement carries one (a receipt), written on its ledger line.
type StockChange struct {
	WarehouseID int64
	ProductID   int64
	Inbound     int
	Fulfillable int
	Outbound    int
	UnitCost    *int64
	// BinID names a bin of the warehouse whose quantity of the product changes by Bin (put away, moved, picked
	// or counted there); 0 for none. A change naming no bin that leaves fewer units fulfillable than binned takes
	// the difference out of the product's bins in code order.
	BinID int64
	Bin   int
}

// StockCause names what moves stock, for the ledger: the document type (inbound, outbound, shipment, ...), its
// number, and the user acting (nil for the system).
type StockCause struct {
	DocType    string
	DocNumber  string
	OperatorID *int64
	// Posts is the stocktake being posted (0: none): the products and the warehouse it froze move, and its
	// products are unfrozen by the write that moves them, the ones that do not move too.
	Posts int64
}

// posts tells whether the stocktake with the id (nil: none) is the one the movement posts.
func (c StockCause) posts(stocktakeID *int64) bool {
	return c.Posts != 0 && stocktakeID != nil && *stocktakeID == c.Posts
}

// DocSync is the ledger's document type of a movement that sets an FBA warehouse's stock to Amazon's inventory
// figures; its number is the report's id, or 上传 for a report uploaded by hand.
const DocSync = "同步"

// ErrWarehouseStocktaking refuses a movement in a warehouse that is being stocktaken; the error MoveStock answers
// is a *StocktakeError, which is this one to errors.Is.
var ErrWarehouseStocktaking = errors.New("warehouse is being stocktaken")

// StocktakeError refuses a movement of a product that a stocktake has frozen (its own products, or every product
// of the warehouse it counts), naming the stocktake (Number "" when the warehouse's flag names none).
type StocktakeError struct {
	WarehouseID, ProductID int64
	Number                 string
}

func (e *StocktakeError) Error() string {
	return fmt.Sprintf("product %d in warehouse %d is frozen by stocktake %q", e.ProductID, e.WarehouseID, e.Number)
}

// Is makes a frozen product's refusal ErrWarehouseStocktaking to the callers that only tell that it was refused.
func (e *StocktakeError) Is(target error) bool { return target == ErrWarehouseStocktaking }

// StocktakeNamed adds to a refusal's message the stocktake that froze the product, when err is such a refusal
// naming one: 仓库正在盘点 becomes 仓库正在盘点（盘点单 PD20261206-0001）.
func StocktakeNamed(err error, msg string) string {
	var e *StocktakeError
	if errors.As(err, &e) && e.Number != "" {
		return msg + "（盘点单 " + e.Number + "）"
	}
	return msg
}

// frozen answers the refusal of a movement of the product, naming the stocktake with the id (nil: none named).
func frozen(db *models.DB, companyID, warehouseID, productID int64, stocktakeID *int64) error {
	e := &StocktakeError{WarehouseID: warehouseID, ProductID: productID}
	if stocktakeID != nil {
		var numbers []string
		if err := db.Table("stocktakes").Scopes(models.InCompany("stocktakes", companyID)).
			Where("stocktakes.id = ?", *stocktakeID).Pluck("stocktakes.number", &numbers).Error; err != nil {
			return err
		}
		if len(numbers) == 1 {
			e.Number = numbers[0]
		}
	}
	return e
}

// StockShortError refuses a movement that would take a quantity below zero in a warehouse that does not allow it.
type StockShortError struct {
	WarehouseID, ProductID int64
	Quantity               string // inbound, fulfillable or outbound
	Have, Change           int
}

func (e *StockShortError) Error() string {
	return fmt.Sprintf("stock of product %d in warehouse %d: %s %d%+d would go below zero",
		e.ProductID, e.WarehouseID, e.Quantity, e.Have, e.Change)
}

// MoveStock applies the changes and writes a ledger line for each, all or nothing, inside the transaction (db.Tx)
// that records the document's new state. Rows are locked in (warehouse, product) order, so two documents never
// deadlock nor lose an update. It refuses another company's warehouse (ErrNotFound), a product that a stocktake
// froze or of a warehouse being stocktaken (*StocktakeError, errors.Is ErrWarehouseStocktaking) and a quantity
// going below zero where the warehouse does not allow it (*StockShortError). The rows are created, locked and
// changed in a statement each however many (a stocktake of thousands of lines), and their ledger lines written by
// the hundred; a product moved twice has two ledger lines, the second starting where the first ended. Posting a
// stocktake (cause.Posts) moves its frozen products and unfreezes them in the same write.
func MoveStock(db *models.DB, companyID int64, cause StockCause, changes []StockChange) error {
	if len(changes) == 0 && cause.Posts == 0 {
		return nil
	}
	changes = append([]StockChange(nil), changes...)
	sort.SliceStable(changes, func(i, j int) bool {
		if changes[i].WarehouseID != changes[j].WarehouseID {
			return changes[i].WarehouseID < changes[j].WarehouseID
		}
		return changes[i].ProductID < changes[j].ProductID
	})
	warehouses := map[int64]*Warehouse{}
	for _, c := range changes {
		if _, ok := warehouses[c.WarehouseID]; ok {
			continue
		}
		w := &Warehouse{}
		if err := db.Scopes(models.InCompany("warehouses", companyID)).First(w, "warehouses.id = ?", c.WarehouseID).Error; err != nil {
			return err
		}
		if w.Stocktaking && !cause.posts(w.StocktakeID) {
			return frozen(db, companyID, c.WarehouseID, c.ProductID, w.StocktakeID)
		}
		warehouses[c.WarehouseID] = w
	}
	now := time.Now().UTC().Truncate(time.Microsecond)
	rows, err := lockStocks(db, companyID, changes, cause.Posts, now)
	if err != nil {
		return err
	}
	written := make(map[stockKey]bool, len(rows))
	for k, s := range rows {
		written[k] = cause.posts(s.StocktakeID)
	}
	bins, err := loadBins(db, companyID, changes, rows)
	if err != nil {
		return err
	}
	lines := make([]StockLedgerLine, 0, len(changes))
	for _, c := range changes {
		s := rows[stockKey{c.WarehouseID, c.ProductID}]
		// Checked once the row is locked: a stocktake starting meanwhile has either frozen it already or reads
		// its book quantity after this movement commits.
		if s.StocktakeID != nil && !cause.posts(s.StocktakeID) {
			return frozen(db, companyID, c.WarehouseID, c.ProductID, s.StocktakeID)
		}
		line := StockLedgerLine{ID: models.NewID(), CompanyID: companyID, WarehouseID: c.WarehouseID, ProductID: c.ProductID,
			DocType: cause.DocType, DocNumber: cause.DocNumber, OperatorID: cause.OperatorID, CreatedAt: now, UnitCost: c.UnitCost,
			InboundBefore: s.Inbound, InboundChange: c.Inbound, InboundAfter: s.Inbound + c.Inbound,
			FulfillableBefore: s.Fulfillable, FulfillableChange: c.Fulfillable, FulfillableAfter: s.Fulfillable + c.Fulfillable,
			OutboundBefore: s.Outbound, OutboundChange: c.Outbound, OutboundAfter: s.Outbound + c.Outbound}
		if !warehouses[c.WarehouseID].AllowNegative {
			for _, q := range []struct {
				name         string
				have, change int
			}{{"inbound", s.Inbound, c.Inbound}, {"fulfillable", s.Fulfillable, c.Fulfillable}, {"outbound", s.Outbound, c.Outbound}} {
				if q.have+q.change < 0 {
					return &StockShortError{WarehouseID: c.WarehouseID, ProductID: c.ProductID, Quantity: q.name,
						Have: q.have, Change: q.change}
				}
			}
		}
		s.Inbound, s.Fulfillable, s.Outbound = line.InboundAfter, line.FulfillableAfter, line.OutboundAfter
		drawn, err := bins.apply(s, c, &line)
		if err != nil {
			return err
		}
		lines = append(lines, line)
		lines = append(lines, drawn...)
		written[stockKey{c.WarehouseID, c.ProductID}] = true
	}
	var save []*Stock
	for k, w := range written {
		if w {
			save = append(save, rows[k])
		}
	}
	if err := saveStocks(db, save, now); err != nil {
		return err
	}
	if err := bins.save(db, now); err != nil {
		return err
	}
	return db.CreateInBatches(lines, 200).Error
}

// LockStocks locks the products' stock rows in the warehouse until the transaction ends, each created at zero
// when missing, in product order as MoveStock locks them: a caller that reads what follows the stock (its
// average cost) before moving it locks first, so that it waits where MoveStock and the receipts would.
func LockStocks(db *models.DB, companyID, warehouseID int64, products []int64) error {
	products = append([]int64(nil), products...)
	sort.Slice(products, func(i, j int) bool { return products[i] < products[j] })
	changes := make([]StockChange, len(products))
	for i, p := range products {
		changes[i] = StockChange{WarehouseID: warehouseID, ProductID: p}
	}
	_, err := lockStocks(db, companyID, changes, 0, time.Now().UTC().Truncate(time.Microsecond))
	return err
}

// lockStock returns the product's stock row in the warehouse, created at zero when missing, locked for update
// until the transaction ends. The insert ignores a conflict, so two transactions creating the row at once both
// end up locking the one row.
func lockStock(db *models.DB, companyID, warehouseID, productID int64, now time.Time) (*Stock, error) {
	fresh := Stock{ID: models.NewID(), CompanyID: companyID, WarehouseID: warehouseID, ProductID: productID, UpdatedAt: now}
	err := db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "warehouse_id"}, {Name: "product_id"}},
		DoNothing: true}).Create(&fresh).Error
	if err != nil {
		return nil, err
	}
	var s Stock
	err = db.Clauses(clause.Locking{Strength: "UPDATE"}).
		First(&s, "warehouse_id = ? AND product_id = ? AND company_id = ?", warehouseID, productID, companyID).Error
	return &s, err
}

// StockOf reads one product's quantities in a warehouse of the company; a product never moved there has zeros.
func StockOf(db *models.DB, companyID, warehouseID, productID int64) (Stock, error) {
	s := Stock{CompanyID: companyID, WarehouseID: warehouseID, ProductID: productID}
	err := db.Scopes(models.InCompany("stocks", companyID)).
		Where("warehouse_id = ? AND product_id = ?", warehouseID, productID).Take(&s).Error
	if models.IsNotFound(err) {
		err = nil
	}
	return s, err
}

// StockTarget is what one product's quantities in a warehouse should be.
type StockTarget struct {
	WarehouseID int64
	ProductID   int64
	Inbound     int
	Fulfillable int
	Outbound    int
}

// SetStock brings each product's quantities to its target through MoveStock, moving only the differences, so
// the ledger explains every quantity and a target already met writes nothing. It answers how many products moved.
// Rows are locked before they are read, so a movement committed meanwhile is not overwritten; it must run inside
// a transaction (db.Tx). A product with no stock row and a zero target gets no row.
func SetStock(db *models.DB, companyID int64, cause StockCause, targets []StockTarget) (int, error) {
	targets = append([]StockTarget(nil), targets...)
	sort.Slice(targets, func(i, j int) bool {
		if targets[i].WarehouseID != targets[j].WarehouseID {
			return targets[i].WarehouseID < targets[j].WarehouseID
		}
		return targets[i].ProductID < targets[j].ProductID
	})
	var changes []StockChange
	now := time.Now().UTC().Truncate(time.Microsecond)
	for _, t := range targets {
		s := &Stock{}
		var err error
		if t.Inbound != 0 || t.Fulfillable != 0 || t.Outbound != 0 {
			// Created when missing, so two syncs of a new product wait for each other instead of both adding.
			s, err = lockStock(db, companyID, t.WarehouseID, t.ProductID, now)
		} else {
			err = db.Clauses(clause.Locking{Strength: "UPDATE"}).Scopes(models.InCompany("stocks", companyID)).
				Take(s, "stocks.warehouse_id = ? AND stocks.product_id = ?", t.WarehouseID, t.ProductID).Error
			if models.IsNotFound(err) {
				err = nil
			}
		}
		if err != nil {
			return 0, err
		}
		c := StockChange{WarehouseID: t.WarehouseID, ProductID: t.ProductID, Inbound: t.Inbound - s.Inbound,
			Fulfillable: t.Fulfillable - s.Fulfillable, Outbound: t.Outbound - s.Outbound}
		if c.Inbound != 0 || c.Fulfillable != 0 || c.Outbound != 0 {
			changes = append(changes, c)
		}
	}
	return len(changes), MoveStock(db, companyID, cause, changes)
}
