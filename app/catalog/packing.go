package catalog

import (
	"context"
	"fmt"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
)

// Messages of 包材用量.
const (
	MsgPackingTooMany   = "包材不能超过50行"
	msgPackingMaterial  = "第%d行：请选择物料、耗材或包材"
	msgPackingSelf      = "第%d行：包材不能是产品本身"
	msgPackingTwice     = "第%d行：同一包材的按件或按箱用量重复"
	msgPackingQuantity  = "第%d行：用量必须为1到10000的整数"
	msgPackingPerBad    = "第%d行：计量方式应为按件或按箱"
	packingPerUnit      = "unit"
	packingPerCarton    = "carton"
	maxPackingLines     = 50
	maxPackingPerCarton = 10000
)

// Packings keeps the products' packing (包材用量): the 物料, 耗材 and 包材 one unit or one carton takes, which
// 发货 consumes.
type Packings struct {
	db  *models.DB
	now core.Clock
}

// NewPackings builds the service.
func NewPackings(db *models.DB, now core.Clock) *Packings { return &Packings{db: db, now: now} }

// PackingLineForm is one line of a product's packing: the material, how many, and per unit or per carton.
type PackingLineForm struct {
	MaterialID string `json:"materialId"`
	Quantity   int    `json:"quantity"`
	Per        string `json:"per"` // unit (按件) or carton (按箱)
}

// PackingForm is a product's whole packing; no lines clears it.
type PackingForm struct {
	Lines []PackingLineForm `json:"lines"`
}

// Lines reads one of the company's products' packing.
func (s *Packings) Lines(ctx context.Context, p core.Principal, productID string) ([]catalogdb.PackingLineRow, error) {
	id, ok := core.ParseID(productID)
	if !ok {
		return nil, core.NotFound(whatProduct)
	}
	db := s.db.With(ctx)
	kinds, err := catalogdb.ProductKinds(db, p.CompanyID, []int64{id})
	if err != nil {
		return nil, err
	}
	if _, ok := kinds[id]; !ok {
		return nil, core.NotFound(whatProduct)
	}
	return catalogdb.PackingOf(db, p.CompanyID, []int64{id})
}

// Save replaces a product's packing and answers it: each line a 物料, 耗材 or 包材 of the company (not the
// product itself), once per unit and once per carton at most, 1 to 10000 of it.
func (s *Packings) Save(ctx context.Context, p core.Principal, productID string, f PackingForm) ([]catalogdb.PackingLineRow, error) {
	product, ok := core.ParseID(productID)
	if !ok {
		return nil, core.NotFound(whatProduct)
	}
	if len(f.Lines) > maxPackingLines {
		return nil, core.Invalid(MsgPackingTooMany)
	}
	now := s.now.Stamp()
	lines := make([]catalogdb.PackingLine, len(f.Lines))
	type key struct {
		id     int64
		carton bool
	}
	seen := map[key]bool{}
	for i, l := range f.Lines {
		id, ok := core.ParseID(strings.TrimSpace(l.MaterialID))
		per := strings.TrimSpace(l.Per)
		switch {
		case !ok:
			return nil, core.Invalid(fmt.Sprintf(msgPackingMaterial, i+1))
		case id == product:
			return nil, core.Invalid(fmt.Sprintf(msgPackingSelf, i+1))
		case per != packingPerUnit && per != packingPerCarton:
			return nil, core.Invalid(fmt.Sprintf(msgPackingPerBad, i+1))
		case l.Quantity < 1 || l.Quantity > maxPackingPerCarton:
			return nil, core.Invalid(fmt.Sprintf(msgPackingQuantity, i+1))
		case seen[key{id, per == packingPerCarton}]:
			return nil, core.Invalid(fmt.Sprintf(msgPackingTwice, i+1))
		}
		seen[key{id, per == packingPerCarton}] = true
		lines[i] = catalogdb.PackingLine{MaterialID: id, Quantity: l.Quantity, PerCarton: per == packingPerCarton, CreatedAt: now, UpdatedAt: now}
	}
	var out []catalogdb.PackingLineRow
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if _, err := catalogdb.LockLocalProduct(tx, p.CompanyID, product); err != nil {
			return core.NotFoundAs(err, whatProduct)
		}
		kinds, err := catalogdb.ProductKinds(tx, p.CompanyID, materialIDs(lines))
		if err != nil {
			return err
		}
		for i, l := range lines {
			if k, ok := kinds[l.MaterialID]; !ok || k == catalogdb.ProductKindProduct {
				return core.Invalid(fmt.Sprintf(msgPackingMaterial, i+1))
			}
		}
		if err := catalogdb.ReplacePacking(tx, p.CompanyID, product, lines); err != nil {
			return err
		}
		out, err = catalogdb.PackingOf(tx, p.CompanyID, []int64{product})
		return err
	})
	return out, err
}

func materialIDs(lines []catalogdb.PackingLine) []int64 {
	ids := make([]int64, len(lines))
	for i, l := range lines {
		ids[i] = l.MaterialID
	}
	return ids
}

// Choices finds the company's enabled 物料, 耗材 and 包材 whose SKU or name holds keyword, for the packing's picker.
func (s *Packings) Choices(ctx context.Context, p core.Principal, keyword string) ([]catalogdb.LocalProduct, error) {
	return catalogdb.SearchPackingMaterials(s.db.With(ctx), p.CompanyID, strings.TrimSpace(keyword), productSearchLimit)
}
