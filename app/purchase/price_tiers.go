package purchase

import (
	"context"
	"fmt"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	purchasedb "sellerhub/models/purchase"
)

// Messages of the supplier price tiers.
const (
	MsgTiersProductMissing = "产品不存在"
	MsgTiersTooMany        = "阶梯价不能超过10档"
	msgTierQuantityBad     = "第%d档：起订量必须为1到1000000的整数"
	msgTierQuantityTwice   = "第%d档：起订量重复"
	msgTier                = "第%d档："
)

const maxTiers = 10

// TierForm is a tier as the form sends it: from how many units, at what unit price (up to 4 decimals).
type TierForm struct {
	MinQuantity int    `json:"minQuantity"`
	UnitPrice   string `json:"unitPrice"`
}

// PriceTiersForm is a supplier's whole list of tiers for a product (none clears them).
type PriceTiersForm struct {
	SupplierID string     `json:"supplierId"`
	ProductID  string     `json:"productId"`
	Tiers      []TierForm `json:"tiers"`
}

// PriceTierRow is a tier as the calls answer it.
type PriceTierRow struct {
	ProductID   string `json:"productId"`
	MinQuantity int    `json:"minQuantity"`
	UnitPrice   string `json:"unitPrice"`
}

func tierRows(tiers []purchasedb.PriceTier) []PriceTierRow {
	out := make([]PriceTierRow, len(tiers))
	for i, t := range tiers {
		out[i] = PriceTierRow{ProductID: fmt.Sprint(t.ProductID), MinQuantity: t.MinQuantity, UnitPrice: priceText(t.UnitPrice)}
	}
	return out
}

// priceText writes a price with two decimals, or the four it has.
func priceText(units int64) string {
	d := models.MoneyFromUnits(units).Decimal
	if d.Equal(d.Truncate(2)) {
		return d.StringFixed(2)
	}
	return d.StringFixed(4)
}

// PriceTiers lists a supplier's tiers of the products named (comma separated ids; all when none).
func (s *Service) PriceTiers(ctx context.Context, p core.Principal, supplierID, productIDs string) ([]PriceTierRow, error) {
	sup, ok := core.ParseID(strings.TrimSpace(supplierID))
	if !ok {
		return []PriceTierRow{}, nil
	}
	var ids []int64
	for _, v := range strings.Split(productIDs, ",") {
		if id, ok := core.ParseID(strings.TrimSpace(v)); ok {
			ids = append(ids, id)
		}
	}
	tiers, err := purchasedb.PriceTiers(s.db.With(ctx), p.CompanyID, sup, ids)
	return tierRows(tiers), err
}

// SavePriceTiers replaces a supplier's tiers of a product.
func (s *Service) SavePriceTiers(ctx context.Context, p core.Principal, f PriceTiersForm) ([]PriceTierRow, error) {
	db := s.db.With(ctx)
	sup, ok := core.ParseID(strings.TrimSpace(f.SupplierID))
	if !ok {
		return nil, core.Invalid(MsgSupplierEmpty)
	}
	if _, err := catalogdb.SupplierByID(db, p.CompanyID, sup); err != nil {
		if models.IsNotFound(err) {
			return nil, core.Invalid(MsgSupplierMissing)
		}
		return nil, err
	}
	product, ok := core.ParseID(strings.TrimSpace(f.ProductID))
	if ok {
		found, err := purchasedb.ProductIDs(db, p.CompanyID, []int64{product})
		if err != nil {
			return nil, err
		}
		_, ok = found[product]
	}
	if !ok {
		return nil, core.Invalid(MsgTiersProductMissing)
	}
	if len(f.Tiers) > maxTiers {
		return nil, core.Invalid(MsgTiersTooMany)
	}
	now := s.now.Stamp()
	seen := map[int]bool{}
	tiers := make([]purchasedb.PriceTier, 0, len(f.Tiers))
	for i, t := range f.Tiers {
		switch {
		case t.MinQuantity < 1 || t.MinQuantity > maxLineQuantity:
			return nil, core.Invalid(fmt.Sprintf(msgTierQuantityBad, i+1))
		case seen[t.MinQuantity]:
			return nil, core.Invalid(fmt.Sprintf(msgTierQuantityTwice, i+1))
		}
		price, err := unitPrice(t.UnitPrice)
		if err != nil {
			return nil, core.Invalid(fmt.Sprintf(msgTier, i+1) + err.Error())
		}
		seen[t.MinQuantity] = true
		tiers = append(tiers, purchasedb.PriceTier{CompanyID: p.CompanyID, SupplierID: sup, ProductID: product,
			MinQuantity: t.MinQuantity, UnitPrice: price, UpdatedAt: now})
	}
	if err := purchasedb.ReplacePriceTiers(db, p.CompanyID, sup, product, tiers); err != nil {
		return nil, err
	}
	saved, err := purchasedb.PriceTiers(db, p.CompanyID, sup, []int64{product})
	return tierRows(saved), err
}
