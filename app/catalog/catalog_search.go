package catalog

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/app/stores"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	storesdb "sellerhub/models/stores"
)

// 商品目录: Amazon's catalogue searched live through the store group's own authorisation (Catalog Items API
// 2022-04-01) by ASIN, keywords, UPC or EAN, each item with its picture, brand, classification, sales rank,
// variations and identifiers; an item found is paired with a local product (every listing of the ASIN in that
// store and marketplace) or made into one, as 生成本地产品 makes it from a listing.

// Messages of 商品目录.
const (
	MsgBrowseGroup      = "请选择店铺"
	MsgBrowseMarket     = "请选择站点"
	MsgBrowseQuery      = "请输入要查询的内容"
	MsgBrowseKeyword    = "关键词不能超过200个字符"
	MsgBrowseBy         = "查询方式只能是ASIN、关键词、UPC或EAN"
	MsgBrowseASIN       = "ASIN应为10位字母或数字，如B0XXXXXXXX"
	MsgBrowseUPC        = "UPC应为12位数字"
	MsgBrowseEAN        = "EAN应为13位数字"
	MsgBrowseNoSeller   = "该店铺在此站点的区域未授权，请先在店铺管理中授权"
	MsgBrowseThrottled  = "亚马逊请求过于频繁，请稍后再试"
	MsgBrowseRefused    = "亚马逊拒绝了查询："
	MsgBrowseCall       = "查询亚马逊目录失败："
	MsgBrowseNotFound   = "亚马逊目录中没有这个ASIN"
	MsgBrowseNoListing  = "该店铺在此站点没有这个ASIN的Listing，无法配对；可先创建本地产品"
	MsgBrowseProduct    = "请选择本地产品"
	MsgBrowseSKU        = "本地SKU不能为空，且不超过50个字符"
	whatBrowseProduct   = "本地产品"
	browsePageSize      = 10
	browseKeywordsLimit = 200
)

var (
	asinPattern  = regexp.MustCompile(`^[A-Z0-9]{10}$`)
	digitPattern = regexp.MustCompile(`^[0-9]+$`)
)

// Browse is 商品目录.
type Browse struct {
	db     *models.DB
	now    core.Clock
	stores *stores.Service
}

// NewBrowse builds 商品目录 over the stores' credentials.
func NewBrowse(db *models.DB, now core.Clock, st *stores.Service) *Browse {
	return &Browse{db: db, now: now, stores: st}
}

// BrowseQuery is a search: the store group and marketplace whose authorisation and catalogue it reads, by (asin,
// keyword, upc, ean; asin when absent), the text, and the page token a previous page gave.
type BrowseQuery struct {
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	By            string `json:"by"`
	Query         string `json:"query"`
	PageToken     string `json:"pageToken"`
}

// BrowseListing is one of the store's listings of an item's ASIN there, with its paired product.
type BrowseListing struct {
	ID         string `json:"id"`
	SellerSKU  string `json:"sellerSku"`
	ProductID  string `json:"productId"`
	ProductSKU string `json:"productSku"`
}

// BrowseItem is an item as 商品目录 shows it.
type BrowseItem struct {
	ASIN           string          `json:"asin"`
	Title          string          `json:"title"`
	Brand          string          `json:"brand"`
	Color          string          `json:"color"`
	Image          string          `json:"image"`
	Kind           string          `json:"kind"` // 变体父体, 普通商品
	Classification string          `json:"classification"`
	Rank           int             `json:"rank"`
	RankTitle      string          `json:"rankTitle"`
	GroupRank      int             `json:"groupRank"`
	GroupTitle     string          `json:"groupTitle"`
	Parent         string          `json:"parent"`
	Children       []string        `json:"children"`
	Identifiers    []string        `json:"identifiers"` // "UPC 012345678905"
	Listings       []BrowseListing `json:"listings"`
}

// BrowseResult is a page of a search.
type BrowseResult struct {
	Total    int          `json:"total"`
	Next     string       `json:"next"`
	Previous string       `json:"previous"`
	Items    []BrowseItem `json:"items"`
}

// place is a checked store group and marketplace, with its seller account's API.
type place struct {
	group  int64
	market string
	api    stores.SellerAPI
}

// placeOf checks the store group (one the user may see) and marketplace, and opens the group's authorisation in the
// marketplace's region.
func (b *Browse) placeOf(ctx context.Context, p core.Principal, groupID, marketID string) (*place, error) {
	g, ok := core.ParseID(strings.TrimSpace(groupID))
	if !ok {
		return nil, core.Invalid(MsgBrowseGroup)
	}
	db := b.db.With(ctx)
	var n int64
	if err := db.VisibleGroups(p.CompanyID, p.UserID, "").Where("store_groups.id = ?", g).Count(&n).Error; err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, core.Invalid(MsgBrowseGroup)
	}
	m, ok := storesdb.MarketplaceByID(strings.TrimSpace(marketID))
	if !ok {
		return nil, core.Invalid(MsgBrowseMarket)
	}
	seller, err := storesdb.SellerOfGroupRegion(db, p.CompanyID, g, m.Region)
	if err != nil && !models.IsNotFound(err) {
		return nil, err
	}
	if err != nil || seller.Disabled || seller.RefreshToken == "" {
		return nil, core.Invalid(MsgBrowseNoSeller)
	}
	api, err := b.stores.SellerAPIOf(ctx, seller)
	if err != nil {
		return nil, err
	}
	return &place{group: g, market: m.ID, api: api}, nil
}

// amazonProblem says in Chinese why Amazon did not answer; a cancelled request stays an error.
func amazonProblem(ctx context.Context, err error) error {
	var ae *amazon.APIError
	switch {
	case ctx.Err() != nil:
		return err
	case errors.As(err, &ae) && ae.Status == http.StatusTooManyRequests:
		return core.Refused(MsgBrowseThrottled)
	case errors.As(err, &ae) && ae.Status == http.StatusBadRequest:
		why := ae.Error()
		if len(ae.Errors) > 0 {
			why = ae.Errors[0].Message
		}
		return core.Invalid(MsgBrowseRefused + clipText(why, 200))
	case errors.As(err, &ae) && ae.Status == http.StatusNotFound:
		return core.Invalid(MsgBrowseNotFound)
	}
	return core.Refused(MsgBrowseCall + clipText(err.Error(), 200))
}

// browseSearch is a checked search: by what (asin, keyword, upc, ean), the text and the catalogue's query.
type browseSearch struct {
	by, text string
	cq       amazon.CatalogQuery
}

// checked checks the search's way and text; nil (and no error) for the screen's first load, which asks nothing.
func (q BrowseQuery) checked() (*browseSearch, error) {
	text := strings.TrimSpace(q.Query)
	by := strings.ToLower(strings.TrimSpace(q.By))
	if by == "" {
		by = "asin"
	}
	cq := amazon.CatalogQuery{PageSize: browsePageSize, PageToken: strings.TrimSpace(q.PageToken)}
	switch by {
	case "asin":
		text = strings.ToUpper(text)
		if text != "" && !asinPattern.MatchString(text) {
			return nil, core.Invalid(MsgBrowseASIN)
		}
	case "keyword":
		if len([]rune(text)) > browseKeywordsLimit {
			return nil, core.Invalid(MsgBrowseKeyword)
		}
		cq.Keywords = text
	case "upc", "ean":
		// The length is checked here; the check digit is Amazon's to refuse (400 InvalidInput), as it does.
		if text != "" && (!digitPattern.MatchString(text) || by == "upc" && len(text) != 12 || by == "ean" && len(text) != 13) {
			return nil, core.Invalid(map[string]string{"upc": MsgBrowseUPC, "ean": MsgBrowseEAN}[by])
		}
		cq.Identifiers, cq.IdentifiersType = []string{text}, strings.ToUpper(by)
	default:
		return nil, core.Invalid(MsgBrowseBy)
	}
	if q.GroupID == "" && q.MarketplaceID == "" && text == "" {
		return nil, nil
	}
	if text == "" {
		return nil, core.Invalid(MsgBrowseQuery)
	}
	return &browseSearch{by: by, text: text, cq: cq}, nil
}

// Search searches the catalogue of the store group's marketplace.
func (b *Browse) Search(ctx context.Context, p core.Principal, q BrowseQuery) (*BrowseResult, error) {
	s, err := q.checked()
	if err != nil {
		return nil, err
	}
	if s == nil {
		// Nothing asked yet: the screen's first load.
		return &BrowseResult{Items: []BrowseItem{}}, nil
	}
	pl, err := b.placeOf(ctx, p, q.GroupID, q.MarketplaceID)
	if err != nil {
		return nil, err
	}
	out, items, err := b.fetch(ctx, pl, s)
	if err != nil {
		return nil, err
	}
	if err := b.describe(ctx, p, pl, out, items); err != nil {
		return nil, err
	}
	return out, nil
}

// fetch asks Amazon for a page of the search in the place's marketplace: the item of an ASIN (none when Amazon
// does not know it), or a page of a keywords or identifier search.
func (b *Browse) fetch(ctx context.Context, pl *place, s *browseSearch) (*BrowseResult, []amazon.CatalogItem, error) {
	out := &BrowseResult{Items: []BrowseItem{}}
	if s.by == "asin" {
		it, err := pl.api.Client.GetCatalogItem(ctx, pl.api.Endpoint, pl.api.RefreshToken, pl.market, s.text)
		var ae *amazon.APIError
		switch {
		case errors.As(err, &ae) && ae.Status == http.StatusNotFound:
			return out, nil, nil
		case err != nil:
			return nil, nil, amazonProblem(ctx, err)
		}
		out.Total = 1
		return out, []amazon.CatalogItem{it}, nil
	}
	cq := s.cq
	cq.MarketplaceID = pl.market
	page, err := pl.api.Client.SearchCatalog(ctx, pl.api.Endpoint, pl.api.RefreshToken, cq)
	if err != nil {
		return nil, nil, amazonProblem(ctx, err)
	}
	out.Total, out.Next, out.Previous = page.NumberOfResults, page.Pagination.NextToken, page.Pagination.PreviousToken
	return out, page.Items, nil
}

// describe adds the items to the result as 商品目录 shows them, each with the store's listings of its ASIN.
func (b *Browse) describe(ctx context.Context, p core.Principal, pl *place, out *BrowseResult, items []amazon.CatalogItem) error {
	asins := make([]string, 0, len(items))
	for i := range items {
		out.Items = append(out.Items, browseItem(&items[i], pl.market))
		asins = append(asins, items[i].ASIN)
	}
	listings, err := b.listingsOf(ctx, p, pl, asins)
	if err != nil {
		return err
	}
	for i := range out.Items {
		out.Items[i].Listings = listings[out.Items[i].ASIN]
		if out.Items[i].Listings == nil {
			out.Items[i].Listings = []BrowseListing{}
		}
	}
	return nil
}

// listingsOf reads the store's listings of the ASINs in the marketplace, with their paired products.
func (b *Browse) listingsOf(ctx context.Context, p core.Principal, pl *place, asins []string) (map[string][]BrowseListing, error) {
	out := map[string][]BrowseListing{}
	if len(asins) == 0 {
		return out, nil
	}
	var rows []struct {
		ID         int64
		ASIN       string `gorm:"column:asin"`
		SellerSKU  string
		ProductID  *int64
		ProductSKU string `gorm:"column:product_sku"`
	}
	err := b.db.With(ctx).Table("listings").Scopes(models.InCompany("listings", p.CompanyID), models.InGrantedGroups("listings.group_id", p.UserID)).
		Select("listings.id, listings.asin, listings.seller_sku, listings.product_id, COALESCE(local_products.sku, '') AS product_sku").
		Joins("LEFT JOIN local_products ON local_products.id = listings.product_id").
		Where("listings.group_id = ? AND listings.marketplace_id = ? AND listings.asin IN ?", pl.group, pl.market, asins).
		Order("listings.seller_sku").Find(&rows).Error
	for _, r := range rows {
		out[r.ASIN] = append(out[r.ASIN], BrowseListing{ID: fmt.Sprint(r.ID), SellerSKU: r.SellerSKU, ProductID: idOrEmpty(r.ProductID), ProductSKU: r.ProductSKU})
	}
	return out, err
}

func idOrEmpty(id *int64) string {
	if id == nil {
		return ""
	}
	return fmt.Sprint(*id)
}

// browseItem reads what 商品目录 shows of an item in the marketplace.
func browseItem(it *amazon.CatalogItem, market string) BrowseItem {
	d := it.DetailsIn(market)
	out := BrowseItem{ASIN: it.ASIN, Title: d.Title, Brand: d.Brand, Image: d.Image, Parent: it.ParentIn(market), Kind: "普通商品",
		Children: []string{}, Identifiers: []string{}}
	for _, s := range it.Summaries {
		if s.MarketplaceID != market {
			continue
		}
		out.Color = s.Color
		if s.ItemClassification == "VARIATION_PARENT" {
			out.Kind = "变体父体"
		}
	}
	r := it.RankingIn(market)
	out.Classification, out.Rank, out.RankTitle, out.GroupRank, out.GroupTitle = r.Classification, r.ClassRank, r.ClassTitle, r.GroupRank, r.GroupTitle
	for _, rel := range it.Relationships {
		if rel.MarketplaceID != market {
			continue
		}
		for _, r := range rel.Relationships {
			out.Children = append(out.Children, r.ChildASINs...)
		}
	}
	for _, ids := range it.Identifiers {
		if ids.MarketplaceID != market {
			continue
		}
		for _, id := range ids.Identifiers {
			out.Identifiers = append(out.Identifiers, id.IdentifierType+" "+id.Identifier)
		}
	}
	return out
}

// BrowsePairForm pairs every listing of an ASIN in a store and marketplace with a local product.
type BrowsePairForm struct {
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	ASIN          string `json:"asin"`
	ProductID     string `json:"productId"`
}

// BrowsePaired says how many listings a pairing or a new product paired, and the product.
type BrowsePaired struct {
	Paired     int64  `json:"paired"`
	ProductID  string `json:"productId"`
	ProductSKU string `json:"productSku"`
}

// groupListings are the ids of the store's listings of the ASIN in the marketplace (in a group the user may see).
func groupListings(db *models.DB, p core.Principal, group int64, market, asin string) ([]int64, error) {
	var ids []int64
	err := db.Table("listings").Scopes(models.InCompany("listings", p.CompanyID), models.InGrantedGroups("listings.group_id", p.UserID)).
		Where("listings.group_id = ? AND listings.marketplace_id = ? AND listings.asin = ?", group, market, asin).
		Order("listings.id").Pluck("listings.id", &ids).Error
	return ids, err
}

// checkedPlace checks a form's store group (one the user may see) and marketplace without opening its credentials.
func (b *Browse) checkedPlace(db *models.DB, p core.Principal, groupID, marketID string) (int64, string, error) {
	g, ok := core.ParseID(strings.TrimSpace(groupID))
	if !ok {
		return 0, "", core.Invalid(MsgBrowseGroup)
	}
	var n int64
	if err := db.VisibleGroups(p.CompanyID, p.UserID, "").Where("store_groups.id = ?", g).Count(&n).Error; err != nil {
		return 0, "", err
	}
	if n == 0 {
		return 0, "", core.Invalid(MsgBrowseGroup)
	}
	m, ok := storesdb.MarketplaceByID(strings.TrimSpace(marketID))
	if !ok {
		return 0, "", core.Invalid(MsgBrowseMarket)
	}
	return g, m.ID, nil
}

// Pair pairs the store's listings of the ASIN in the marketplace with one of the company's products (SKU配对's
// pairing, every listing of the ASIN at once).
func (b *Browse) Pair(ctx context.Context, p core.Principal, f BrowsePairForm) (*BrowsePaired, error) {
	out := &BrowsePaired{}
	err := b.db.Tx(ctx, func(tx *models.DB) error {
		g, market, err := b.checkedPlace(tx, p, f.GroupID, f.MarketplaceID)
		if err != nil {
			return err
		}
		id, ok := core.ParseID(strings.TrimSpace(f.ProductID))
		if !ok {
			return core.Invalid(MsgBrowseProduct)
		}
		product, err := catalogdb.LocalProductByID(tx, p.CompanyID, p.UserID, id)
		if err != nil {
			return core.NotFoundAs(err, whatBrowseProduct)
		}
		ids, err := groupListings(tx, p, g, market, strings.ToUpper(strings.TrimSpace(f.ASIN)))
		if err != nil {
			return err
		}
		if len(ids) == 0 {
			return core.Invalid(MsgBrowseNoListing)
		}
		now := b.now.Stamp()
		for _, l := range ids {
			if err := catalogdb.PairListing(tx, p.CompanyID, p.UserID, l, &product.ID, now); err != nil {
				return err
			}
		}
		out.Paired, out.ProductID, out.ProductSKU = int64(len(ids)), fmt.Sprint(product.ID), product.SKU
		return nil
	})
	return out, err
}

// BrowseProductForm makes a local product of an item: its SKU (the ASIN when empty).
type BrowseProductForm struct {
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	ASIN          string `json:"asin"`
	SKU           string `json:"sku"`
}

// CreateProduct makes a local product of an item, named, pictured and measured from the catalogue as 生成本地产品
// does, and pairs the store's unpaired listings of the ASIN in the marketplace with it.
func (b *Browse) CreateProduct(ctx context.Context, p core.Principal, f BrowseProductForm) (*BrowsePaired, error) {
	asin := strings.ToUpper(strings.TrimSpace(f.ASIN))
	if !asinPattern.MatchString(asin) {
		return nil, core.Invalid(MsgBrowseASIN)
	}
	sku := firstOf(f.SKU, asin)
	if len([]rune(sku)) > localSKULimit {
		return nil, core.Invalid(MsgBrowseSKU)
	}
	pl, err := b.placeOf(ctx, p, f.GroupID, f.MarketplaceID)
	if err != nil {
		return nil, err
	}
	it, err := pl.api.Client.GetCatalogItem(ctx, pl.api.Endpoint, pl.api.RefreshToken, pl.market, asin)
	if err != nil {
		return nil, amazonProblem(ctx, err)
	}
	d := it.DetailsIn(pl.market)
	now := b.now.Stamp()
	product := &catalogdb.LocalProduct{ID: models.NewID(), CompanyID: p.CompanyID, SKU: sku, Name: clipText(firstOf(d.Title, asin), nameLimit),
		Image: d.Image, Kind: catalogdb.ProductKindProduct, Weight: d.Weight, Length: d.Length, Width: d.Width, Height: d.Height,
		CreatedAt: now, UpdatedAt: now}
	out := &BrowsePaired{ProductID: fmt.Sprint(product.ID), ProductSKU: sku}
	err = b.db.Tx(ctx, func(tx *models.DB) error {
		taken, err := catalogdb.LocalProductIDsBySKU(tx, p.CompanyID, []string{sku})
		if err != nil {
			return err
		}
		if len(taken) > 0 {
			return core.Invalid(MsgSKUTaken(sku))
		}
		if err := catalogdb.CreateLocalProduct(tx, product); err != nil {
			return core.DuplicateAs(err, MsgSKUTaken(sku))
		}
		ids, err := groupListings(tx, p, pl.group, pl.market, asin)
		if err != nil {
			return err
		}
		pairs := map[int64]int64{}
		for _, l := range ids {
			pairs[l] = product.ID
		}
		out.Paired, err = catalogdb.PairUnpairedListings(tx, p.CompanyID, pairs, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
