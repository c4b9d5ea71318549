package catalog

import (
	"context"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
)

// namedList is one of the catalogue's lists of rows named uniquely in a company, that a local product refers to
// (品牌, 供应商): its queries and the words of its refusals. Brands and suppliers differ in nothing else, so their
// rules are written once, here.
type namedList[T any] struct {
	what      string // 品牌: the thing a 404 names
	nameTaken string // the refusal of a name the company already uses
	inUse     string // the refusal of a delete while a product refers to the row
	// productColumn is the local products' column that refers to a row.
	productColumn string
	// sorts maps the columns the table island may sort by to the table's columns.
	sorts map[string]string

	page    func(db *models.DB, companyID int64, l models.NamedList) ([]T, int64, error)
	options func(db *models.DB, companyID int64, limit int) ([]T, error)
	byID    func(db *models.DB, companyID, id int64) (*T, error)
	byName  func(db *models.DB, companyID int64, name string) (*T, error)
	create  func(db *models.DB, row *T) error
	update  func(db *models.DB, row *T) error
	remove  func(db *models.DB, companyID, id int64) error
	// key answers a row's id and name.
	key func(row *T) (id int64, name string)
	// kept refuses a delete while other documents refer to the row (a supplier's purchase orders); nil for none.
	kept func(tx *models.DB, companyID, id int64) error
}

var brands = namedList[catalogdb.Brand]{
	what: whatBrand, nameTaken: MsgBrandNameTaken, inUse: MsgBrandInUse, productColumn: catalogdb.ProductBrand,
	sorts: map[string]string{"name": "name", "createdAt": "created_at"},
	page:  catalogdb.BrandPage, options: catalogdb.Brands, byID: catalogdb.BrandByID,
	byName: catalogdb.BrandByName, create: catalogdb.CreateBrand, update: catalogdb.UpdateBrand,
	remove: catalogdb.DeleteBrand, key: func(b *catalogdb.Brand) (int64, string) { return b.ID, b.Name },
}

var suppliers = namedList[catalogdb.Supplier]{
	what: whatSupplier, nameTaken: MsgSupplierNameTaken, inUse: MsgSupplierInUse,
	productColumn: catalogdb.ProductSupplier,
	sorts:         map[string]string{"name": "name", "contact": "contact", "createdAt": "created_at"},
	page:          catalogdb.SupplierPage, options: catalogdb.Suppliers, byID: catalogdb.SupplierByID,
	byName: catalogdb.SupplierByName, create: catalogdb.CreateSupplier, update: catalogdb.UpdateSupplier,
	remove: catalogdb.DeleteSupplier, key: func(m *catalogdb.Supplier) (int64, string) { return m.ID, m.Name },
	kept: func(tx *models.DB, companyID, id int64) error {
		n, err := catalogdb.CountSupplierOrders(tx, companyID, id)
		if err == nil && n > 0 {
			return core.Refused(MsgSupplierHasOrders)
		}
		return err
	},
}

// pageOf lists a page of the company's rows, with the total and the page served.
func (l namedList[T]) pageOf(ctx context.Context, db *models.DB, p core.Principal, q core.ListQuery) ([]T, int64, core.PageRequest, error) {
	filter, r := q.NamedList(l.sorts)
	rows, total, err := l.page(db.With(ctx), p.CompanyID, filter)
	return rows, total, r, err
}

// optionsOf lists the company's rows by name, for the drop-downs.
func (l namedList[T]) optionsOf(ctx context.Context, db *models.DB, p core.Principal) ([]T, error) {
	return l.options(db.With(ctx), p.CompanyID, catalogOptionsLimit)
}

// get loads one of the company's rows by the id in the path.
func (l namedList[T]) get(ctx context.Context, db *models.DB, p core.Principal, id string) (*T, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(l.what)
	}
	row, err := l.byID(db.With(ctx), p.CompanyID, n)
	return row, core.NotFoundAs(err, l.what)
}

// nameFree refuses the row's name when another row of the company (self is the row's own id, 0 for a new row)
// uses it.
func (l namedList[T]) nameFree(db *models.DB, companyID int64, row *T) error {
	self, name := l.key(row)
	return core.NameFree(func() (int64, error) {
		other, err := l.byName(db, companyID, name)
		if err != nil {
			return 0, err
		}
		id, _ := l.key(other)
		return id, nil
	}, self, l.nameTaken)
}

// add stores a new row of the company, checked already; its name must be new in the company.
func (l namedList[T]) add(ctx context.Context, db *models.DB, p core.Principal, row *T) (*T, error) {
	err := db.Tx(ctx, func(tx *models.DB) error {
		if err := l.nameFree(tx, p.CompanyID, row); err != nil {
			return err
		}
		return core.DuplicateAs(l.create(tx, row), l.nameTaken)
	})
	if err != nil {
		return nil, err
	}
	return row, nil
}

// change loads the row named by the id in the path, checks the form (after the id, as every edit call does),
// applies it and writes the row; its name must stay unique in the company.
func (l namedList[T]) change(ctx context.Context, db *models.DB, p core.Principal, id string, check func() error, apply func(*T)) (*T, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(l.what)
	}
	if err := check(); err != nil {
		return nil, err
	}
	var row *T
	err := db.Tx(ctx, func(tx *models.DB) error {
		var err error
		if row, err = l.byID(tx, p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, l.what)
		}
		apply(row)
		if err := l.nameFree(tx, p.CompanyID, row); err != nil {
			return err
		}
		return core.DuplicateAs(l.update(tx, row), l.nameTaken)
	})
	if err != nil {
		return nil, err
	}
	return row, nil
}

// delete deletes one of the company's rows, refused while a product refers to it.
func (l namedList[T]) delete(ctx context.Context, db *models.DB, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(l.what)
	}
	return db.Tx(ctx, func(tx *models.DB) error {
		if _, err := l.byID(tx.ForUpdate(), p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, l.what)
		}
		if err := refuseInUse(tx, p.CompanyID, l.productColumn, n, l.inUse); err != nil {
			return err
		}
		if l.kept != nil {
			if err := l.kept(tx, p.CompanyID, n); err != nil {
				return err
			}
		}
		return core.NotFoundAs(l.remove(tx, p.CompanyID, n), l.what)
	})
}

// refuseInUse refuses with msg when a product of the company refers to id in column.
func refuseInUse(tx *models.DB, companyID int64, column string, id int64, msg string) error {
	n, err := catalogdb.CountProductsUsing(tx, companyID, column, id)
	if err != nil {
		return err
	}
	if n > 0 {
		return core.Refused(msg)
	}
	return nil
}
