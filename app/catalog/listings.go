package catalog

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	storesdb "sellerhub/models/stores"
)

// Listings (平台SKU) and SKU配对: a store group's seller SKU in one marketplace, with its ASIN and FNSKU, paired with
// the local product it ships as. Shipments find a product's seller SKU and FNSKU per group and marketplace here.
// A user limited to some store groups reaches only their listings, as with plans and shipments: another group's
// listing is not found, another group is refused as missing.

// Messages of the listing calls.
const (
	MsgListingGroupEmpty   = "请选择店铺"
	MsgListingGroupMissing = "店铺不存在"
	MsgMarketplaceBad      = "站点不正确"
	MsgASINBad             = "ASIN格式不正确，应为10位字母或数字"
	MsgFNSKUBad            = "FNSKU格式不正确，应为10位字母或数字"
	MsgProductMissing      = "产品不存在"
	msgListingTaken        = "该店铺在此站点已有平台SKU“%s”"
)

// Button permissions of the SKU配对 screen. Reading needs the screen's menu grant.
const (
	PermissionListingAdd    = "amz:listing:relation:add"
	PermissionListingEdit   = "amz:listing:relation:edit"
	PermissionListingDelete = "amz:listing:relation:delete"
)

const (
	whatListing = "Listing"
	// storeGroupOptionsLimit bounds the store group drop-down.
	storeGroupOptionsLimit = 500
)

var (
	amazonCode   = regexp.MustCompile(`^[A-Z0-9]{10}$`)
	listingSorts = map[string]string{"sellerSku": "seller_sku", "asin": "asin", "fnsku": "fnsku", "itemName": "item_name",
		"price": "price", "status": "status", "statusName": "status", "createdAt": "created_at"}
)

// ListingForm is a listing as the add and edit forms send it. ProductID "" leaves it unpaired.
type ListingForm struct {
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	SellerSKU     string `json:"sellerSku"`
	ASIN          string `json:"asin"`
	FNSKU         string `json:"fnsku"`
	ProductID     string `json:"productId"`
}

func (f *ListingForm) check() error {
	if err := core.CheckFields(core.Required(&f.SellerSKU, "平台SKU", 100), core.Optional(&f.GroupID, "店铺", 20),
		core.Optional(&f.MarketplaceID, "站点", 20), core.Optional(&f.ProductID, "产品", 20)); err != nil {
		return err
	}
	f.ASIN, f.FNSKU = strings.ToUpper(strings.TrimSpace(f.ASIN)), strings.ToUpper(strings.TrimSpace(f.FNSKU))
	switch {
	case f.GroupID == "":
		return core.Invalid(MsgListingGroupEmpty)
	case f.MarketplaceID == "":
		return core.Invalid(core.MsgMarketplaceEmpty)
	case f.ASIN != "" && !amazonCode.MatchString(f.ASIN):
		return core.Invalid(MsgASINBad)
	case f.FNSKU != "" && !amazonCode.MatchString(f.FNSKU):
		return core.Invalid(MsgFNSKUBad)
	}
	if _, ok := storesdb.MarketplaceByID(f.MarketplaceID); !ok {
		return core.Invalid(MsgMarketplaceBad)
	}
	return nil
}

// PairForm names the product a listing is paired with; "" unpairs it.
type PairForm struct {
	ProductID string `json:"productId"`
}

// ListingQuery is the body of the listing list: the page, the sort and the filters. Paired is "yes", "no" or ""
// for both.
type ListingQuery struct {
	core.PageRequest
	Sort          string `json:"sort"`
	Order         string `json:"order"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	Keyword       string `json:"keyword"`
	Paired        string `json:"paired"`
}

// filter is the query's filters for the user; false when the group filter cannot name a group (nothing matches).
func (q ListingQuery) filter(p core.Principal) (catalogdb.ListingFilter, bool) {
	f := catalogdb.ListingFilter{UserID: p.UserID, MarketplaceID: strings.TrimSpace(q.MarketplaceID), Keyword: strings.TrimSpace(q.Keyword)}
	if g := strings.TrimSpace(q.GroupID); g != "" {
		n, ok := core.ParseID(g)
		if !ok {
			return f, false
		}
		f.GroupID = n
	}
	switch q.Paired {
	case "yes":
		yes := true
		f.Paired = &yes
	case "no":
		f.Paired = new(bool)
	}
	return f, true
}

// ListingPage lists a page of the company's listings in the user's store groups, with the total and the page
// served. A group filter naming another group finds nothing, as one naming no group does.
func (s *Service) ListingPage(ctx context.Context, p core.Principal, q ListingQuery) ([]catalogdb.ListingRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f, ok := q.filter(p)
	if !ok {
		return []catalogdb.ListingRow{}, 0, r, nil
	}
	f.OrderBy, f.Desc, f.Offset, f.Limit, f.Anchor = listingSorts[q.Sort], strings.EqualFold(q.Order, "desc"), r.Offset(), r.Size, r.Anchor()
	rows, total, err := catalogdb.ListingPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// ListingGroupOptions lists the user's store groups by name, for the listing screens' drop-downs.
func (s *Service) ListingGroupOptions(ctx context.Context, p core.Principal) ([]storesdb.StoreGroup, error) {
	return catalogdb.StoreGroupChoices(s.db.With(ctx), p.CompanyID, p.UserID, storeGroupOptionsLimit)
}

// Listing loads one of the company's listings in the user's store groups by the id in the path.
func (s *Service) Listing(ctx context.Context, p core.Principal, id string) (*catalogdb.ListingRow, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatListing)
	}
	l, err := catalogdb.ListingByID(s.db.With(ctx), p.CompanyID, p.UserID, n)
	return l, core.NotFoundAs(err, whatListing)
}

// listingProduct reads the product a listing is paired with: nil for "", else one of the company's products,
// locked so that it is not deleted before the pairing is written.
func listingProduct(tx *models.DB, companyID int64, raw string) (*int64, error) {
	return lockRef(raw, MsgProductMissing, func(id int64) error {
		_, err := catalogdb.LockLocalProduct(tx, companyID, id)
		return err
	})
}

// saveListing checks the form, its group (one of the user's) and its product, and writes the listing: a new one
// when n is 0, else the company's listing n in one of the user's groups.
func (s *Service) saveListing(ctx context.Context, p core.Principal, n int64, f ListingForm) (*catalogdb.ListingRow, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	taken := fmt.Sprintf(msgListingTaken, f.SellerSKU)
	var out *catalogdb.ListingRow
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		l := &catalogdb.Listing{ID: n}
		if n != 0 {
			old, err := catalogdb.ListingByID(tx, p.CompanyID, p.UserID, n)
			if err != nil {
				return core.NotFoundAs(err, whatListing)
			}
			l.CreatedAt = old.CreatedAt
		}
		group, err := lockRef(f.GroupID, MsgListingGroupMissing, func(id int64) error {
			_, err := storesdb.VisibleStoreGroup(tx, p.CompanyID, p.UserID, id)
			return err
		})
		if err != nil {
			return err
		}
		if l.ProductID, err = listingProduct(tx, p.CompanyID, f.ProductID); err != nil {
			return err
		}
		l.CompanyID, l.GroupID, l.MarketplaceID, l.SellerSKU, l.ASIN, l.FNSKU = p.CompanyID, *group, f.MarketplaceID, f.SellerSKU, f.ASIN, f.FNSKU
		err = core.NameFree(func() (int64, error) {
			return catalogdb.ListingIDBySellerSKU(tx, p.CompanyID, l.GroupID, l.MarketplaceID, l.SellerSKU)
		}, n, taken)
		if err != nil {
			return err
		}
		l.UpdatedAt = s.now.Stamp()
		if n == 0 {
			l.CreatedAt = l.UpdatedAt
			err = catalogdb.CreateListing(tx, l)
		} else {
			err = catalogdb.UpdateListing(tx, l)
		}
		if err != nil {
			return core.DuplicateAs(err, taken)
		}
		out, err = catalogdb.ListingByID(tx, p.CompanyID, p.UserID, l.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// CreateListing adds a listing to one of the user's store groups; its seller SKU must be new in the group's
// marketplace.
func (s *Service) CreateListing(ctx context.Context, p core.Principal, f ListingForm) (*catalogdb.ListingRow, error) {
	return s.saveListing(ctx, p, 0, f)
}

// UpdateListing changes one of the company's listings in the user's store groups, within them.
func (s *Service) UpdateListing(ctx context.Context, p core.Principal, id string, f ListingForm) (*catalogdb.ListingRow, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatListing)
	}
	return s.saveListing(ctx, p, n, f)
}

// PairListing pairs one of the company's listings in the user's store groups with one of its products (SKU配对),
// or unpairs it.
func (s *Service) PairListing(ctx context.Context, p core.Principal, id string, f PairForm) (*catalogdb.ListingRow, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatListing)
	}
	f.ProductID = strings.TrimSpace(f.ProductID)
	var out *catalogdb.ListingRow
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		product, err := listingProduct(tx, p.CompanyID, f.ProductID)
		if err != nil {
			return err
		}
		if err := catalogdb.PairListing(tx, p.CompanyID, p.UserID, n, product, s.now.Stamp()); err != nil {
			return core.NotFoundAs(err, whatListing)
		}
		out, err = catalogdb.ListingByID(tx, p.CompanyID, p.UserID, n)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DeleteListing deletes one of the company's listings in the user's store groups.
func (s *Service) DeleteListing(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatListing)
	}
	return core.NotFoundAs(catalogdb.DeleteListing(s.db.With(ctx), p.CompanyID, p.UserID, n), whatListing)
}

// Filter is the query's filters for the user, sorted and paged as SKU配对 sorts (调价 lists listings with it); false
// when the group filter cannot name a group.
func (q ListingQuery) Filter(p core.Principal) (catalogdb.ListingFilter, core.PageRequest, bool) {
	r := q.PageRequest.Normalized()
	f, ok := q.filter(p)
	f.OrderBy, f.Desc, f.Offset, f.Limit, f.Anchor = listingSorts[q.Sort], strings.EqualFold(q.Order, "desc"), r.Offset(), r.Size, r.Anchor()
	return f, r, ok
}
