package catalog

import (
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/catalog"
	"sellerhub/app/middleware"
)

// ListingProduct is a listing as 商品列表 shows it: SKU配对's listing with the picture (the catalogue's, else the
// paired product's), the parent ASIN, why Amazon does not sell it (reason, "" when it does), FBA fulfillable and
// inbound ("" where the FBA inventory report has not the SKU), the last 7 and 30 days' units and sales (in
// salesCurrency), the owner and the tags, and the catalogue's 排名: rank is the display group rank as shown
// ("#2,109 Kitchen & Dining", "" where Amazon ranks it nowhere), groupRank and classRank the numbers (0: none),
// classification the browse path, rankedAt when the sync read them.
type ListingProduct struct {
	Listing
	Image          string `json:"image"`
	ParentASIN     string `json:"parentAsin"`
	Reason         string `json:"reason"`
	Fulfillable    string `json:"fulfillable"`
	Inbound        string `json:"inbound"`
	Units7         int64  `json:"units7"`
	Units30        int64  `json:"units30"`
	Sales7         string `json:"sales7"`
	Sales30        string `json:"sales30"`
	SalesCurrency  string `json:"salesCurrency"`
	OwnerID        string `json:"ownerId"`
	OwnerName      string `json:"ownerName"`
	TagIDs         string `json:"tagIds"`
	TagNames       string `json:"tagNames"`
	Rank           string `json:"rank"`
	GroupRank      int    `json:"groupRank"`
	GroupTitle     string `json:"groupTitle"`
	ClassRank      int    `json:"classRank"`
	ClassTitle     string `json:"classTitle"`
	ClassRankText  string `json:"classRankText"`
	Classification string `json:"classification"`
	RankedAt       string `json:"rankedAt"`
}

// ListingProducts answers 商品列表's calls (a type of its own: the catalogue's Handler is full).
type ListingProducts struct {
	Handler  *Handler
	Products *catalog.ListingProducts
}

func (h *ListingProducts) listingProduct(l *catalog.ListingProduct) ListingProduct {
	f := &l.Figures
	out := ListingProduct{Listing: h.Handler.listing(&l.ListingRow), Image: f.Image, ParentASIN: f.ParentASIN, Reason: l.Reason,
		Units7: f.Units7, Units30: f.Units30, SalesCurrency: f.SalesCur, OwnerID: idText(l.OwnerID), OwnerName: f.Owner.Name}
	if out.Image == "" {
		out.Image = l.ProductImage
	}
	if f.HasFBA {
		out.Fulfillable, out.Inbound = strconv.FormatInt(f.Fulfillable, 10), strconv.FormatInt(f.Inbound, 10)
	}
	if out.SalesCurrency == "" {
		out.SalesCurrency = l.Currency
	}
	out.Sales7, out.Sales30 = f.Sales7.StringFixed(2), f.Sales30.StringFixed(2)
	ids, names := make([]string, len(f.Tags)), make([]string, len(f.Tags))
	for i, t := range f.Tags {
		ids[i], names[i] = strconv.FormatInt(t.ID, 10), t.Name
	}
	out.TagIDs, out.TagNames = strings.Join(ids, ","), strings.Join(names, "、")
	r := &f.Ranking
	out.GroupTitle, out.ClassTitle, out.Classification = r.GroupTitle, r.ClassTitle, r.Classification
	if r.GroupRank != nil {
		out.GroupRank, out.Rank = *r.GroupRank, rankText(*r.GroupRank, r.GroupTitle)
	}
	if r.ClassRank != nil {
		out.ClassRank, out.ClassRankText = *r.ClassRank, rankText(*r.ClassRank, r.ClassTitle)
	}
	out.RankedAt = api.FormatTime(r.RankedAt, h.Handler.TimeZone)
	return out
}

// rankText is a rank as Amazon's product page writes it: #2,109 Kitchen & Dining.
func rankText(rank int, title string) string {
	digits := strconv.Itoa(rank)
	var b strings.Builder
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return strings.TrimSpace("#" + b.String() + " " + title)
}

// Page answers POST listing/products/page {SKU配对's query, status (active|inactive|incomplete),
// channel (FBA|FBM), ownerId (an id or none), tagId}: a page of 商品列表.
func (h *ListingProducts) Page(c *echo.Context) error {
	return api.PageOf(h.Products.ListingProductPage, h.listingProduct)(c)
}

// Export answers GET listing/products/export?<the list's filters>: 商品列表_<date>.xlsx.
func (h *ListingProducts) Export(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "商品列表", "listingProductList", h.Products.ListingProductPage, h.listingProduct)
}

// Choice is an owner or a tag of the drop-downs.
type Choice struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color,omitempty"`
}

// Choices are 商品列表's owners (the company's users) and tags.
type Choices struct {
	Owners []Choice `json:"owners"`
	Tags   []Choice `json:"tags"`
}

// Choices answers GET listing/products/choices.
func (h *ListingProducts) Choices(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	ch, err := h.Products.Choices(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := Choices{Owners: make([]Choice, len(ch.Owners)), Tags: make([]Choice, len(ch.Tags))}
	for i, o := range ch.Owners {
		out.Owners[i] = Choice{ID: strconv.FormatInt(o.ID, 10), Name: o.Name}
	}
	for i, t := range ch.Tags {
		out.Tags[i] = Choice{ID: strconv.FormatInt(t.ID, 10), Name: t.Name, Color: t.Color}
	}
	return api.OK(c, out)
}

// AssignedCount is a bulk assignment's answer.
type AssignedCount struct {
	Changed int64 `json:"changed"`
}

// AssignOwner answers POST listing/products/owner {ids, ownerId ("" for none)}.
func (h *ListingProducts) AssignOwner(c *echo.Context) error {
	var in catalog.OwnerForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	res, err := h.Products.AssignOwner(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, AssignedCount{Changed: res.Changed})
}

// TagListings answers POST listing/products/tags {ids, tagIds, remove}.
func (h *ListingProducts) TagListings(c *echo.Context) error {
	var in catalog.TagForm
	if err := c.Bind(&in); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	res, err := h.Products.TagListings(c.Request().Context(), p, in)
	if err != nil {
		return err
	}
	return api.OK(c, AssignedCount{Changed: res.Changed})
}
