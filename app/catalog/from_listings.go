package catalog

import (
	"context"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
)

// 生成本地产品: local products made from listings in one action, named, pictured and measured from what Amazon's
// catalogue said of their ASINs (catalog_items, kept by the 父ASIN sync), and paired at once. One product per
// listing, by its seller SKU, or one per variation parent (its SKU the parent ASIN) with every chosen child
// paired to it. Running it again makes nothing more: a paired listing is skipped, and a SKU the company already
// has is paired with that product (reused, left as it is) rather than made twice.

// Messages of 生成本地产品.
const (
	MsgFromListingsNone    = "请选择Listing"
	MsgFromListingsTooMany = "一次最多选择10000个Listing，请缩小筛选范围"
	// fromListingsLimit bounds one action: 10,000 listings finish in a few seconds (make bench).
	fromListingsLimit = 10000
	// localSKULimit is local_products.sku's length; a longer seller SKU cannot name a product.
	localSKULimit = 50
	nameLimit     = 200
)

// FromListingsForm is the request: the chosen listing ids, or All with the list's filter; ByParent makes one
// product per variation parent.
type FromListingsForm struct {
	IDs      []string     `json:"ids"`
	All      bool         `json:"all"`
	Filter   ListingQuery `json:"filter"`
	ByParent bool         `json:"byParent"`
}

// FromListingsResult says what the action did: the listings chosen, those skipped as already paired, the products
// made, the existing products reused, the listings paired, and those auto-paired besides (SKU or FNSKU equal to a
// product's SKU).
type FromListingsResult struct {
	Chosen     int   `json:"chosen"`
	Skipped    int   `json:"skipped"`
	Created    int   `json:"created"`
	Reused     int   `json:"reused"`
	Paired     int64 `json:"paired"`
	AutoPaired int64 `json:"autoPaired"`
}

// chosenListings reads the listings the form names, in the user's store groups.
func (s *Service) chosenListings(db *models.DB, p core.Principal, f FromListingsForm) ([]catalogdb.Listing, error) {
	if !f.All {
		ids := make([]int64, 0, len(f.IDs))
		for _, raw := range f.IDs {
			if n, ok := core.ParseID(raw); ok {
				ids = append(ids, n)
			}
		}
		if len(ids) == 0 {
			return nil, core.Invalid(MsgFromListingsNone)
		}
		if len(ids) > fromListingsLimit {
			return nil, core.Invalid(MsgFromListingsTooMany)
		}
		return catalogdb.ChosenListings(db, p.CompanyID, catalogdb.ListingFilter{UserID: p.UserID}, ids)
	}
	filter, ok := f.Filter.filter(p)
	if !ok {
		return nil, nil
	}
	return catalogdb.ChosenListings(db, p.CompanyID, filter, nil)
}

// planned is a product to make (or reuse) and the listings it pairs.
type planned struct {
	product  *catalogdb.LocalProduct
	listings []int64
}

// CreateFromListings makes the products of the chosen listings and pairs them, in one transaction.
func (s *Service) CreateFromListings(ctx context.Context, p core.Principal, f FromListingsForm) (FromListingsResult, error) {
	var out FromListingsResult
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		listings, err := s.chosenListings(tx, p, f)
		if err != nil {
			return err
		}
		if len(listings) > fromListingsLimit {
			return core.Invalid(MsgFromListingsTooMany)
		}
		out.Chosen = len(listings)
		plans, order, err := s.plan(tx, p.CompanyID, listings, f.ByParent, &out)
		if err != nil {
			return err
		}
		skus := make([]string, len(order))
		copy(skus, order)
		existing, err := catalogdb.LocalProductIDsBySKU(tx, p.CompanyID, skus)
		if err != nil {
			return err
		}
		now := s.now.Stamp()
		var fresh []*catalogdb.LocalProduct
		pairs := map[int64]int64{}
		for _, sku := range order {
			pl := plans[sku]
			if id, ok := existing[sku]; ok {
				pl.product.ID = id
				out.Reused++
			} else {
				pl.product.ID = models.NewID()
				pl.product.CompanyID, pl.product.CreatedAt, pl.product.UpdatedAt = p.CompanyID, now, now
				fresh = append(fresh, pl.product)
			}
			for _, l := range pl.listings {
				pairs[l] = pl.product.ID
			}
		}
		out.Created = len(fresh)
		if err := catalogdb.CreateLocalProducts(tx, fresh); err != nil {
			if models.IsDuplicate(err) {
				return core.Refused(MsgImportRace)
			}
			return err
		}
		if out.Paired, err = catalogdb.PairUnpairedListings(tx, p.CompanyID, pairs, now); err != nil {
			return err
		}
		// The products just made may be the SKU of other listings too (the same seller SKU in another store or
		// marketplace, an FNSKU): pairing them now saves a second action.
		out.AutoPaired, err = catalogdb.AutoPairListings(tx, p.CompanyID, p.UserID, 0, now)
		return err
	})
	return out, err
}

// plan groups the unpaired listings into the products they make, by local SKU, in the order first met; a paired
// listing, or one whose SKU cannot be a local SKU, counts as skipped.
func (s *Service) plan(tx *models.DB, companyID int64, listings []catalogdb.Listing, byParent bool, out *FromListingsResult) (map[string]*planned, []string, error) {
	parents := map[string]map[string]string{}
	var keys [][2]string
	for _, l := range listings {
		// A paired listing is skipped: its catalogue item is not needed.
		if l.ASIN == "" || l.ProductID != nil {
			continue
		}
		keys = append(keys, [2]string{l.MarketplaceID, l.ASIN})
		if byParent && parents[l.MarketplaceID] == nil {
			m, err := amazondatadb.ASINParentsOf(tx, companyID, l.MarketplaceID)
			if err != nil {
				return nil, nil, err
			}
			parents[l.MarketplaceID] = m
		}
	}
	if byParent {
		for market, m := range parents {
			for _, parent := range m {
				if parent != "" {
					keys = append(keys, [2]string{market, parent})
				}
			}
		}
	}
	items, err := catalogdb.CatalogItemsOf(tx, companyID, keys)
	if err != nil {
		return nil, nil, err
	}
	plans := map[string]*planned{}
	var order []string
	for _, l := range listings {
		if l.ProductID != nil {
			out.Skipped++
			continue
		}
		sku, item := strings.TrimSpace(l.SellerSKU), items[[2]string{l.MarketplaceID, l.ASIN}]
		name := firstOf(item.Title, l.ItemName, sku)
		if parent := parents[l.MarketplaceID][l.ASIN]; byParent && parent != "" {
			sku = parent
			if pi, ok := items[[2]string{l.MarketplaceID, parent}]; ok && pi.Title != "" {
				// A parent is not sold itself: its name, not a child's colour, names the family; its picture and
				// measures are a child's.
				name = pi.Title
			}
		}
		if sku == "" || len([]rune(sku)) > localSKULimit {
			out.Skipped++
			continue
		}
		pl := plans[sku]
		if pl == nil {
			pl = &planned{product: &catalogdb.LocalProduct{SKU: sku, Name: clipText(name, nameLimit), Image: item.Image,
				Kind: catalogdb.ProductKindProduct, Weight: item.Weight, Length: item.Length, Width: item.Width, Height: item.Height}}
			plans[sku] = pl
			order = append(order, sku)
		}
		if pl.product.Image == "" {
			pl.product.Image, pl.product.Weight, pl.product.Length, pl.product.Width, pl.product.Height = item.Image, item.Weight, item.Length, item.Width, item.Height
		}
		pl.listings = append(pl.listings, l.ID)
	}
	return plans, order, nil
}

// AutoPairResult is how many listings 自动配对 paired.
type AutoPairResult struct {
	Paired int64 `json:"paired"`
}

// AutoPair pairs the unpaired listings of the user's store groups whose seller SKU, or else FNSKU, is an enabled
// local product's SKU (自动配对).
func (s *Service) AutoPair(ctx context.Context, p core.Principal) (AutoPairResult, error) {
	n, err := catalogdb.AutoPairListings(s.db.With(ctx), p.CompanyID, p.UserID, 0, s.now.Stamp())
	return AutoPairResult{Paired: n}, err
}

func firstOf(values ...string) string {
	for _, v := range values {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// clipText cuts text to n characters.
func clipText(v string, n int) string {
	if r := []rune(v); len(r) > n {
		return string(r[:n])
	}
	return v
}
