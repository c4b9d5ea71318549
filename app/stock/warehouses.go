package stock

import (
	"context"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	stockdb "sellerhub/models/stock"
)

// Messages of the warehouse calls.
const (
	MsgWarehouseNameTaken = "仓库名称已存在"
	MsgWarehouseKindBad   = "仓库类型不正确"
	MsgWarehouseInUse     = "仓库已有库存、流水或单据，不能删除，可以停用"
)

// Button permissions of the 仓库 screen. Reading needs the screen (its menu entry).
const (
	PermissionWarehouseAdd    = "erp:wh:add"
	PermissionWarehouseEdit   = "erp:wh:edit"
	PermissionWarehouseDelete = "erp:wh:delete"
)

const (
	whatWarehouse = "仓库"
	// warehouseOptionsLimit bounds the warehouse drop-downs: nobody picks from more warehouses than this.
	warehouseOptionsLimit = 500
)

var (
	warehouseKinds = map[string]bool{stockdb.WarehouseOwn: true, stockdb.WarehouseOverseas: true, stockdb.WarehouseFBA: true}
	warehouseSorts = map[string]string{"name": "name", "kind": "kind", "createdAt": "created_at"}
)

// WarehouseForm is a warehouse as the add and edit forms send it. Kind is own (自有仓), overseas (海外仓) or fba.
type WarehouseForm struct {
	Name          string `json:"name"`
	Kind          string `json:"kind"`
	Address       string `json:"address"`
	AllowNegative bool   `json:"allowNegative"`
	Remark        string `json:"remark"`
}

func (f *WarehouseForm) check() error {
	err := core.CheckFields(core.Required(&f.Name, "仓库名称", 50), core.Optional(&f.Address, "地址", 200),
		core.Optional(&f.Remark, "备注", 200))
	if err != nil {
		return err
	}
	if f.Kind = strings.TrimSpace(f.Kind); f.Kind == "" {
		f.Kind = stockdb.WarehouseOwn
	}
	if !warehouseKinds[f.Kind] {
		return core.Invalid(MsgWarehouseKindBad)
	}
	return nil
}

// WarehouseQuery is the body of the warehouse list: the page, the sort, a part of the name and a kind.
type WarehouseQuery struct {
	core.ListQuery
	Kind string `json:"kind"`
}

// WarehousePage lists a page of the company's warehouses, with the total and the page served; an FBA warehouse
// names its store group only to a user granted that group.
func (s *Service) WarehousePage(ctx context.Context, p core.Principal, q WarehouseQuery) ([]stockdb.WarehouseRow, int64, core.PageRequest, error) {
	l, r := q.NamedList(warehouseSorts)
	rows, total, err := stockdb.WarehousePage(s.db.With(ctx), p.CompanyID, p.UserID, stockdb.WarehouseFilter{NamedList: l, Kind: strings.TrimSpace(q.Kind)})
	return rows, total, r, err
}

// WarehouseOptions lists the company's warehouses the user may see by name for the drop-downs: the enabled ones, or all when the
// list filters by warehouse (a disabled warehouse still has its history).
func (s *Service) WarehouseOptions(ctx context.Context, p core.Principal, withDisabled bool) ([]stockdb.Warehouse, error) {
	return stockdb.WarehouseOptions(s.db.With(ctx), p.CompanyID, p.UserID, withDisabled, warehouseOptionsLimit)
}

// Warehouse loads one of the company's warehouses by the id in the path: another store group's FBA warehouse is
// not found for a user not granted the group.
func (s *Service) Warehouse(ctx context.Context, p core.Principal, id string) (*stockdb.Warehouse, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatWarehouse)
	}
	w, err := stockdb.WarehouseByID(s.db.With(ctx), p.CompanyID, p.UserID, n)
	return w, core.NotFoundAs(err, whatWarehouse)
}

func warehouseNameFree(db *models.DB, companyID int64, name string, self int64) error {
	return core.NameFree(func() (int64, error) {
		w, err := stockdb.WarehouseByName(db, companyID, name)
		if err != nil {
			return 0, err
		}
		return w.ID, nil
	}, self, MsgWarehouseNameTaken)
}

// CreateWarehouse adds a warehouse to the company; its name must be new in the company.
func (s *Service) CreateWarehouse(ctx context.Context, p core.Principal, f WarehouseForm) (*stockdb.Warehouse, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	w := &stockdb.Warehouse{CompanyID: p.CompanyID, Name: f.Name, Kind: f.Kind, Address: f.Address,
		AllowNegative: f.AllowNegative, Remark: f.Remark, CreatedAt: now, UpdatedAt: now}
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if err := warehouseNameFree(tx, p.CompanyID, f.Name, 0); err != nil {
			return err
		}
		return core.DuplicateAs(stockdb.CreateWarehouse(tx, w), MsgWarehouseNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return w, nil
}

// UpdateWarehouse changes one of the company's warehouses; its name must stay unique in the company.
func (s *Service) UpdateWarehouse(ctx context.Context, p core.Principal, id string, f WarehouseForm) (*stockdb.Warehouse, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	return s.changeWarehouse(ctx, p, id, func(tx *models.DB, w *stockdb.Warehouse) error {
		if err := warehouseNameFree(tx, p.CompanyID, f.Name, w.ID); err != nil {
			return err
		}
		w.Name, w.Kind, w.Address, w.AllowNegative, w.Remark = f.Name, f.Kind, f.Address, f.AllowNegative, f.Remark
		return nil
	})
}

// SetWarehouseDisabled disables (停用) or enables one of the company's warehouses. A disabled warehouse takes no
// new documents; those it has can still be approved or cancelled.
func (s *Service) SetWarehouseDisabled(ctx context.Context, p core.Principal, id string, disabled bool) (*stockdb.Warehouse, error) {
	return s.changeWarehouse(ctx, p, id, func(_ *models.DB, w *stockdb.Warehouse) error {
		w.Disabled = disabled
		return nil
	})
}

// changeWarehouse loads the warehouse, lets change alter it and saves it, in one transaction.
func (s *Service) changeWarehouse(ctx context.Context, p core.Principal, id string, change func(*models.DB, *stockdb.Warehouse) error) (*stockdb.Warehouse, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatWarehouse)
	}
	var w *stockdb.Warehouse
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		var err error
		if w, err = stockdb.WarehouseByID(tx.ForUpdate(), p.CompanyID, p.UserID, n); err != nil {
			return core.NotFoundAs(err, whatWarehouse)
		}
		if err := change(tx, w); err != nil {
			return err
		}
		w.UpdatedAt = s.now.Stamp()
		return core.DuplicateAs(stockdb.UpdateWarehouse(tx, w), MsgWarehouseNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return w, nil
}

// DeleteWarehouse deletes one of the company's warehouses, refused once it has stock, ledger lines or documents.
func (s *Service) DeleteWarehouse(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatWarehouse)
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		// Locked, so that no document or movement lands in the warehouse between the check and the delete.
		if _, err := stockdb.WarehouseByID(tx.ForUpdate(), p.CompanyID, p.UserID, n); err != nil {
			return core.NotFoundAs(err, whatWarehouse)
		}
		used, err := stockdb.WarehouseInUse(tx, p.CompanyID, n)
		if err != nil {
			return err
		}
		if used {
			return core.Refused(MsgWarehouseInUse)
		}
		return core.NotFoundAs(stockdb.DeleteWarehouse(tx, p.CompanyID, n), whatWarehouse)
	})
}
