package amazondata_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	"sellerhub/app/core"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	storesdb "sellerhub/models/stores"
)

const (
	erp = "/erp/api/v1/"
	US  = "ATVPDKIKX0DER"
	CA  = "A2EUQ1WTGCTBG2"
)

// seller is a company with a store group, its authorised seller account and local products.
type seller struct {
	h        *apptest.Harness
	c        *apptest.Client
	svc      *amazondata.Service
	store    amazondata.Store
	products []*catalogdb.LocalProduct
}

// newSeller registers a company whose store group has a NA seller account and n local products.
func newSeller(t *testing.T, h *apptest.Harness, n int) *seller {
	t.Helper()
	c := h.SignedIn("13800000001", "甲公司")
	owner, err := accountsdb.UserByAccount(h.DB, "13800000001")
	if err != nil {
		t.Fatal(err)
	}
	g := &storesdb.StoreGroup{CompanyID: owner.CompanyID, Name: "甲店铺"}
	must(t, h.DB.Create(g).Error)
	sl := &storesdb.Seller{ID: models.NewID(), CompanyID: owner.CompanyID, GroupID: g.ID, Region: "NA", SellingPartnerID: "A1SELLER",
		RefreshToken: "token", Status: storesdb.SellerActive, AuthorizedAt: time.Now()}
	must(t, h.DB.Create(sl).Error)
	s := &seller{h: h, c: c, svc: amazondata.New(h.DB, core.Clock(h.Clock.Now)),
		store: amazondata.Store{CompanyID: owner.CompanyID, SellerID: sl.ID, GroupID: g.ID, Region: "NA", MarketplaceID: US}}
	for i := range n {
		p := &catalogdb.LocalProduct{CompanyID: owner.CompanyID, SKU: fmt.Sprintf("P-%d", i+1), Name: fmt.Sprintf("产品%d", i+1),
			Kind: catalogdb.ProductKindProduct}
		must(t, h.DB.Create(p).Error)
		s.products = append(s.products, p)
	}
	return s
}

// listing adds a listing of the seller SKU in the marketplace, paired with product i (-1: unpaired).
func (s *seller) listing(t *testing.T, marketplace, sku string, i int) {
	t.Helper()
	l := &catalogdb.Listing{CompanyID: s.store.CompanyID, GroupID: s.store.GroupID, MarketplaceID: marketplace, SellerSKU: sku}
	if i >= 0 {
		l.ProductID = &s.products[i].ID
	}
	must(t, s.h.DB.Create(l).Error)
}

// reader is a report file of the header and lines.
func reader(t *testing.T, header string, lines ...string) *amazon.TSVReader {
	t.Helper()
	r, err := amazon.NewTSVReader(strings.NewReader(header + "\n" + strings.Join(lines, "\n") + "\n"))
	must(t, err)
	return r
}

// importFile reads a report of the kind (lines of tab-separated fields under the header) for the store.
func (s *seller) importFile(t *testing.T, kind amazondata.Kind, st amazondata.Store, header string, lines ...string) amazondata.Result {
	t.Helper()
	res, err := s.svc.Import(context.Background(), kind, st, reader(t, header, lines...), nil)
	must(t, err)
	return res
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
