package onboarding_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/app/onboarding"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

type guide struct {
	Steps []struct {
		Key, Title, Detail, Path, Screen string
		Done                             bool
	}
	Done     int
	Complete bool
	Visible  bool
	Syncing  bool
	Admin    bool
	Mode     string
}

func guideOf(t *testing.T, c *apptest.Client) guide {
	t.Helper()
	env := c.Call(http.MethodGet, "/erp/api/v1/onboarding", nil)
	apptest.ExpectOK(t, env)
	var g guide
	env.Into(t, &g)
	return g
}

// done lists each step's key with its state, in order.
func done(g guide) map[string]bool {
	out := map[string]bool{}
	for _, s := range g.Steps {
		out[s.Key] = s.Done
	}
	return out
}

func detail(g guide, key string) string {
	for _, s := range g.Steps {
		if s.Key == key {
			return s.Detail
		}
	}
	return ""
}

// A new company's guide walks the six steps in order as the company sets up: each is judged by the company's own
// figures (another company's store, products and listings count for nothing), the first sync is followed while it
// runs, and the guide goes away when all is done. Only the company's admins may keep it or put it away. On both
// databases.
func TestTheGuideFollowsTheCompanysSetUp(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			owner := h.SignedIn("13900000071", "新卖家公司")
			other := h.SignedIn("13900000072", "老卖家公司")
			clerk := h.Member("13900000071", "13900000073", false)
			admin := h.Member("13900000071", "13900000074", true)

			g := guideOf(t, owner)
			if len(g.Steps) != 6 || g.Done != 0 || !g.Visible || !g.Admin || g.Syncing || g.Complete {
				t.Fatalf("a new company's guide: %+v", g)
			}
			keys := []string{}
			for _, s := range g.Steps {
				keys = append(keys, s.Key+":"+s.Screen)
			}
			if want := "[store:店铺管理 authorize:店铺管理 sync:数据同步 products:SKU配对 costs:本地产品 pairing:SKU配对]"; "["+strings.Join(keys, " ")+"]" != want {
				t.Fatalf("steps %v, want %s", keys, want)
			}

			// The other company sets up in full; nothing of it shows in the new company's guide.
			mine, err := accountsdb.UserByAccount(h.DB, "13900000071")
			if err != nil {
				t.Fatal(err)
			}
			theirs, _ := accountsdb.UserByAccount(h.DB, "13900000072")
			setUp(t, h, theirs.CompanyID, "OTHER")
			if g := guideOf(t, owner); g.Done != 0 {
				t.Fatalf("another company's set-up counts: %+v", done(g))
			}
			if g := guideOf(t, other); !g.Complete || g.Visible {
				t.Fatalf("a company set up in full still shows its guide: %+v", g)
			}

			// Store, authorisation, and the first sync under way.
			group := dbtest.NewStoreGroup(t, h.DB, mine.CompanyID, "新店")
			seller := &storesdb.Seller{CompanyID: mine.CompanyID, GroupID: group.ID, Region: "NA", SellingPartnerID: "ANEWSELLER"}
			dbtest.SaveSeller(t, h.DB, seller, "ATVPDKIKX0DER")
			now := time.Now().UTC()
			if err := datasyncdb.EnsureSyncTasks(h.DB, mine.CompanyID, seller.ID, []string{"orders", "inventory"}, now); err != nil {
				t.Fatal(err)
			}
			h.DB.Model(&datasyncdb.SyncTask{}).Where("seller_id = ? AND kind = ?", seller.ID, "orders").
				Updates(map[string]any{"state": datasyncdb.SyncDone, "last_success_at": now})
			h.DB.Model(&datasyncdb.SyncTask{}).Where("seller_id = ? AND kind = ?", seller.ID, "inventory").
				Update("state", datasyncdb.SyncRunning)
			g = guideOf(t, owner)
			if d := done(g); !d["store"] || !d["authorize"] || d["sync"] || !g.Syncing || detail(g, "sync") != "同步中：已完成 1/2 项数据" {
				t.Fatalf("during the first sync: %+v syncing %v %q", d, g.Syncing, detail(g, "sync"))
			}
			h.DB.Model(&datasyncdb.SyncTask{}).Where("seller_id = ? AND kind = ?", seller.ID, "inventory").
				Updates(map[string]any{"state": datasyncdb.SyncDone, "last_success_at": now})
			if g = guideOf(t, owner); !done(g)["sync"] || g.Syncing {
				t.Fatalf("after the first sync: %+v", g)
			}

			// Products, one without a cost; listings, one unpaired.
			p1 := dbtest.NewProduct(t, h.DB, mine.CompanyID, "NEW-1")
			p2 := dbtest.NewProduct(t, h.DB, mine.CompanyID, "NEW-2")
			h.DB.Model(&catalogdb.LocalProduct{}).Where("id = ?", p1.ID).Update("price", 12.5)
			listing(t, h, mine.CompanyID, group.ID, "NEW-1-US", &p1.ID)
			listing(t, h, mine.CompanyID, group.ID, "NEW-2-US", nil)
			g = guideOf(t, owner)
			if d := done(g); !d["products"] || d["costs"] || d["pairing"] || detail(g, "costs") != "1/2 个产品已填写采购成本" ||
				detail(g, "pairing") != "1/2 个Listing已配对" || g.Done != 4 || !g.Visible {
				t.Fatalf("half set up: %+v %+v", d, g)
			}

			// Only admins keep it or put it away.
			env := clerk.Call(http.MethodPost, "/erp/api/v1/onboarding/shown", map[string]bool{"shown": false})
			apptest.Expect(t, env, http.StatusBadRequest, "B0001", onboarding.MsgAdminsOnly)
			if g := guideOf(t, clerk); !g.Visible || g.Admin {
				t.Fatalf("a clerk's refused choice changed the guide: %+v", g)
			}
			apptest.ExpectOK(t, admin.Call(http.MethodPost, "/erp/api/v1/onboarding/shown", map[string]bool{"shown": false}))
			if g := guideOf(t, owner); g.Visible || g.Mode != "hidden" {
				t.Fatalf("put away by an admin: %+v", g)
			}
			apptest.ExpectOK(t, owner.Call(http.MethodPost, "/erp/api/v1/onboarding/shown", map[string]bool{"shown": true}))

			// Set up in full: the guide is complete, and stays because the owner asked it back.
			h.DB.Model(&catalogdb.LocalProduct{}).Where("id = ?", p2.ID).Update("price", 8)
			h.DB.Model(&catalogdb.Listing{}).Where("company_id = ? AND seller_sku = ?", mine.CompanyID, "NEW-2-US").Update("product_id", p2.ID)
			if g := guideOf(t, owner); !g.Complete || g.Done != 6 || !g.Visible {
				t.Fatalf("set up, kept by the owner: %+v", g)
			}
			if g := guideOf(t, other); g.Mode != "" {
				t.Fatalf("one company's choice reached another: %+v", g)
			}
		})
	}
}

// setUp gives a company every step done: a store group, an authorised seller synced once, a product with its cost
// and its listing paired.
func setUp(t *testing.T, h *apptest.Harness, companyID int64, tag string) {
	t.Helper()
	group := dbtest.NewStoreGroup(t, h.DB, companyID, tag+"店")
	seller := &storesdb.Seller{CompanyID: companyID, GroupID: group.ID, Region: "NA", SellingPartnerID: "A" + tag}
	dbtest.SaveSeller(t, h.DB, seller, "ATVPDKIKX0DER")
	now := time.Now().UTC()
	if err := datasyncdb.EnsureSyncTasks(h.DB, companyID, seller.ID, []string{"orders"}, now); err != nil {
		t.Fatal(err)
	}
	h.DB.Model(&datasyncdb.SyncTask{}).Where("seller_id = ?", seller.ID).Update("last_success_at", now)
	p := dbtest.NewProduct(t, h.DB, companyID, tag+"-1")
	h.DB.Model(&catalogdb.LocalProduct{}).Where("id = ?", p.ID).Update("price", 3)
	listing(t, h, companyID, group.ID, tag+"-1-US", &p.ID)
}

func listing(t *testing.T, h *apptest.Harness, companyID, groupID int64, sku string, productID *int64) {
	t.Helper()
	l := &catalogdb.Listing{CompanyID: companyID, GroupID: groupID, MarketplaceID: "ATVPDKIKX0DER", SellerSKU: sku, ProductID: productID}
	if err := h.DB.Create(l).Error; err != nil {
		t.Fatal(err)
	}
}
