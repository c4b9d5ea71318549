package models

import (
	"errors"
	"fmt"
	"sort"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
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
	Disabled      bool
	Remark        string
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// BeforeCreate gives a new warehouse its id.
func (w *Warehouse) BeforeCreate(*gorm.DB) error {
	if w.ID == 0 {
		w.ID = NewID()
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
	OperatorID        *int64
	CreatedAt         time.Time
}

// TableName is the ledger's table: one ledger, many lines.
func (StockLedgerLine) TableName() string { return "stock_ledger" }

// StockChange is a movement of one product in one warehouse: the signed change of each quantity.
type StockChange struct {
	WarehouseID int64
	ProductID   int64
	Inbound     int
	Fulfillable int
	Outbound    int
}

// StockCause names what moves stock, for the ledger: the document type (inbound, outbound, shipment, ...), its
// number, and the user acting (nil for the system).
type StockCause struct {
	DocType    string
	DocNumber  string
	OperatorID *int64
}

// DocSync is the ledger's document type of a movement that sets an FBA warehouse's stock to Amazon's inventory
// figures; its number is the report's id, or 上传 for a report uploaded by hand.
const DocSync = "同步"

// ErrWarehouseStocktaking refuses a movement in a warehouse that is being stocktaken.
var ErrWarehouseStocktaking = errors.New("warehouse is being stocktaken")

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

// MoveStock applies the changes and writes one ledger line for each, all or nothing. It must run inside a
// transaction (db.Tx) that also records the document's new state, so a refused movement leaves no trace. Rows are
// locked in (warehouse, product) order, so two documents touching the same products never deadlock and never lose
// an update. It refuses a warehouse of another company (ErrNotFound), a warehouse being stocktaken
// (ErrWarehouseStocktaking) and a quantity going below zero where the warehouse does not allow it
// (*StockShortError).
func (db *DB) MoveStock(companyID int64, cause StockCause, changes []StockChange) error {
	changes = append([]StockChange(nil), changes...)
	sort.Slice(changes, func(i, j int) bool {
		if changes[i].WarehouseID != changes[j].WarehouseID {
			return changes[i].WarehouseID < changes[j].WarehouseID
		}
		return changes[i].ProductID < changes[j].ProductID
	})
	warehouses := map[int64]*Warehouse{}
	now := time.Now().UTC().Truncate(time.Microsecond)
	for _, c := range changes {
		w, ok := warehouses[c.WarehouseID]
		if !ok {
			w = &Warehouse{}
			if err := db.Scopes(InCompany("warehouses", companyID)).First(w, "warehouses.id = ?", c.WarehouseID).Error; err != nil {
				return err
			}
			if w.Stocktaking {
				return ErrWarehouseStocktaking
			}
			warehouses[c.WarehouseID] = w
		}
		s, err := db.lockStock(companyID, c.WarehouseID, c.ProductID, now)
		if err != nil {
			return err
		}
		line := StockLedgerLine{ID: NewID(), CompanyID: companyID, WarehouseID: c.WarehouseID, ProductID: c.ProductID,
			DocType: cause.DocType, DocNumber: cause.DocNumber, OperatorID: cause.OperatorID, CreatedAt: now,
			InboundBefore: s.Inbound, InboundChange: c.Inbound, InboundAfter: s.Inbound + c.Inbound,
			FulfillableBefore: s.Fulfillable, FulfillableChange: c.Fulfillable, FulfillableAfter: s.Fulfillable + c.Fulfillable,
			OutboundBefore: s.Outbound, OutboundChange: c.Outbound, OutboundAfter: s.Outbound + c.Outbound}
		if !w.AllowNegative {
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
		err = db.Model(&Stock{}).Where("id = ?", s.ID).Updates(map[string]any{
			"inbound": line.InboundAfter, "fulfillable": line.FulfillableAfter, "outbound": line.OutboundAfter,
			"updated_at": now}).Error
		if err != nil {
			return err
		}
		if err := db.Create(&line).Error; err != nil {
			return err
		}
	}
	return nil
}

// lockStock returns the product's stock row in the warehouse, created at zero when missing, locked for update
// until the transaction ends. The insert ignores a conflict, so two transactions creating the row at once both
// end up locking the one row.
func (db *DB) lockStock(companyID, warehouseID, productID int64, now time.Time) (*Stock, error) {
	fresh := Stock{ID: NewID(), CompanyID: companyID, WarehouseID: warehouseID, ProductID: productID, UpdatedAt: now}
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
func (db *DB) StockOf(companyID, warehouseID, productID int64) (Stock, error) {
	s := Stock{CompanyID: companyID, WarehouseID: warehouseID, ProductID: productID}
	err := db.Scopes(InCompany("stocks", companyID)).
		Where("warehouse_id = ? AND product_id = ?", warehouseID, productID).Take(&s).Error
	if IsNotFound(err) {
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
func (db *DB) SetStock(companyID int64, cause StockCause, targets []StockTarget) (int, error) {
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
			s, err = db.lockStock(companyID, t.WarehouseID, t.ProductID, now)
		} else {
			err = db.Clauses(clause.Locking{Strength: "UPDATE"}).Scopes(InCompany("stocks", companyID)).
				Take(s, "stocks.warehouse_id = ? AND stocks.product_id = ?", t.WarehouseID, t.ProductID).Error
			if IsNotFound(err) {
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
	return len(changes), db.MoveStock(companyID, cause, changes)
}
