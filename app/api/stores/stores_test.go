package stores_test

import (
	"net/http"
	"strings"
	"testing"

	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	storesdb "sellerhub/models/stores"
)

const report = "/amazon/api/v1/report/requestReportParamAuth"

// authorise runs a whole consent for a group's marketplace and returns the seller's row id.
func authorise(t *testing.T, h *apptest.Harness, c *apptest.Client, groupID, marketplaceID string) string {
	t.Helper()
	if got := result(t, c, approve(t, h, consentURL(t, c, groupID, marketplaceID))); got != "success" {
		t.Fatalf("consent failed:\n%s", h.Log.String())
	}
	m, _ := storesdb.MarketplaceByID(marketplaceID)
	for _, b := range bindings(t, c) {
		for _, r := range b.Regions {
			if b.ID == groupID && r.Region == m.Region && r.Seller != nil {
				return r.Seller.ID
			}
		}
	}
	t.Fatal("authorised seller not listed")
	return ""
}

func TestStoreGroupCalls(t *testing.T) {
	h, _ := start(t)
	c := h.SignedIn("13900000011", "环球贸易")
	for body, msg := range map[string]string{
		"":                      "店铺名称不能为空",
		"   ":                   "店铺名称不能为空",
		strings.Repeat("店", 51): "店铺名称不能超过50个字符",
	} {
		apptest.Expect(t, c.Call(http.MethodPost, v1+"storeGroups", map[string]string{"name": body}), http.StatusBadRequest, "A0400", msg)
	}
	a := group(t, c, "美国一店")
	b := group(t, c, " 欧洲店 ")
	apptest.Expect(t, c.Call(http.MethodPost, v1+"storeGroups", map[string]string{"name": "美国一店"}), http.StatusBadRequest, "B0001", "店铺名称已存在")
	apptest.Expect(t, c.Call(http.MethodPut, v1+"storeGroups/"+b, map[string]string{"name": "美国一店"}), http.StatusBadRequest, "B0001", "店铺名称已存在")
	env := c.Call(http.MethodPut, v1+"storeGroups/"+b, map[string]string{"name": "欧洲二店", "remark": "德法意西"})
	apptest.ExpectOK(t, env)
	var g struct{ ID, Name, Remark string }
	env.Into(t, &g)
	if g.ID != b || g.Name != "欧洲二店" || g.Remark != "德法意西" {
		t.Fatalf("renamed %+v", g)
	}
	env = c.Call(http.MethodGet, v1+"storeGroups", nil)
	apptest.ExpectOK(t, env)
	var list []struct{ ID, Name string }
	env.Into(t, &list)
	if len(list) != 2 || list[0].Name != "欧洲二店" || list[1].ID != a {
		t.Fatalf("list %+v", list)
	}
	// The list page: three rows a group, by group name, paged by rows.
	env = c.Call(http.MethodPost, v1+"page", map[string]any{"currentpage": 2, "pagesize": 4})
	apptest.ExpectOK(t, env)
	var page struct {
		Records []struct {
			ID, GroupName, Region, RegionName, AuthStatus, AdvStatus string
			FirstOfGroup                                             bool
		}
		Total int
	}
	env.Into(t, &page)
	if page.Total != 6 || len(page.Records) != 2 || page.Records[0].GroupName != "美国一店" || page.Records[0].Region != "EU" ||
		page.Records[1].RegionName != "远东" || page.Records[0].AuthStatus != "未授权" || page.Records[0].AdvStatus != "未授权" || page.Records[0].FirstOfGroup {
		t.Fatalf("page 2 = %+v", page)
	}
	env = c.Call(http.MethodPost, v1+"page", map[string]any{"name": "欧洲"})
	env.Into(t, &page)
	if page.Total != 3 || page.Records[0].GroupName != "欧洲二店" || !page.Records[0].FirstOfGroup {
		t.Fatalf("filtered = %+v", page)
	}
	// Deleting: refused while a seller account is in the group, fine when empty.
	authorise(t, h, c, a, "ATVPDKIKX0DER")
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"storeGroups/"+a, nil), http.StatusBadRequest, "B0001", "店铺下还有已授权的卖家账号，不能删除")
	apptest.ExpectOK(t, c.Call(http.MethodDelete, v1+"storeGroups/"+b, nil))
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"storeGroups/"+b, nil), http.StatusNotFound, "A0404", "店铺不存在")
}

// A group that users are limited to, or that listings refer to, stays.
func TestStoreGroupInUse(t *testing.T) {
	h, _ := start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	g := group(t, admin, "美国一店")
	h.RestrictedUser("13900000012", nil, nil)
	u, _ := accountsdb.UserByAccount(h.DB, "13900000012")
	env := admin.Call(http.MethodPut, "/admin/api/v1/users/subusers/"+itoa(u.ID), map[string]any{"name": "员工", "storeGroupIds": []string{g}})
	apptest.ExpectOK(t, env)
	apptest.Expect(t, admin.Call(http.MethodDelete, v1+"storeGroups/"+g, nil), http.StatusBadRequest, "B0001", "还有子账号限定在该店铺，不能删除")
	apptest.ExpectOK(t, admin.Call(http.MethodPut, "/admin/api/v1/users/subusers/"+itoa(u.ID), map[string]any{"name": "员工", "storeGroupIds": []string{}}))
	gid := parseInt(g)
	listing := &catalogdb.Listing{CompanyID: u.CompanyID, GroupID: gid, MarketplaceID: "ATVPDKIKX0DER", SellerSKU: "SKU-1"}
	if err := h.DB.Create(listing).Error; err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, admin.Call(http.MethodDelete, v1+"storeGroups/"+g, nil), http.StatusBadRequest, "B0001", "店铺已有产品或货件数据，不能删除")
}

func TestDisableReauthoriseAndReports(t *testing.T) {
	h, _ := start(t)
	c := h.SignedIn("13900000013", "环球贸易")
	g := group(t, c, "美国一店")
	seller := authorise(t, h, c, g, "ATVPDKIKX0DER")

	env := c.Call(http.MethodGet, report+"?sellerid="+seller, nil)
	apptest.ExpectOK(t, env)
	var queued []struct{ ID, ReportType, Status, CreatedAt string }
	env.Into(t, &queued)
	// Every data kind's sync, already queued by the authorisation, the reports among them listed: asking (twice)
	// queues nothing more.
	if len(queued) != reportKinds() || queued[0].ReportType != "GET_FLAT_FILE_ALL_ORDERS_DATA_BY_LAST_UPDATE_GENERAL" || queued[0].Status != "queued" || queued[0].CreatedAt == "" {
		t.Fatalf("queued %+v", queued)
	}
	apptest.ExpectOK(t, c.Call(http.MethodGet, report+"?sellerid="+seller, nil))
	if n := syncJobs(t, h); n != int64(len(amazondata.Kinds)) {
		t.Fatalf("%d sync jobs after asking twice", n)
	}

	apptest.ExpectOK(t, c.Call(http.MethodGet, v1+"deleteByLogic?sellerid="+seller, nil))
	apptest.ExpectOK(t, c.Call(http.MethodGet, v1+"deleteByLogic?sellerid="+seller, nil))
	na := bindings(t, c)[0].Regions[0]
	if na.State != "disabled" || !na.Seller.Disabled {
		t.Fatalf("after 停用: %+v", na)
	}
	apptest.Expect(t, c.Call(http.MethodGet, report+"?sellerid="+seller, nil), http.StatusBadRequest, "B0001", "该店铺授权已停用，请重新授权")
	env = c.Call(http.MethodGet, v1+"getRegionByGroup?groupid="+g, nil)
	if env.Code != "201" || string(env.Data) != "[]" {
		t.Fatalf("regions of a disabled group: %s", env.Data)
	}
	env = c.Call(http.MethodGet, v1+"getAuthMaketplace", nil)
	if env.Code != "201" || string(env.Data) != "[]" {
		t.Fatalf("marketplaces of a disabled group: %s", env.Data)
	}

	// 重新授权 brings the same row back to life.
	if again := authorise(t, h, c, g, "A2EUQ1WTGCTBG2"); again != seller {
		t.Fatalf("re-authorised as %s, was %s", again, seller)
	}
	na = bindings(t, c)[0].Regions[0]
	if na.State != "active" || na.Seller.Disabled {
		t.Fatalf("after 重新授权: %+v", na)
	}
	env = c.Call(http.MethodGet, v1+"getRegionByGroup?groupid="+g, nil)
	var regions []struct{ Region, Name string }
	env.Into(t, &regions)
	if len(regions) != 1 || regions[0].Region != "NA" || regions[0].Name != "北美" {
		t.Fatalf("regions %+v", regions)
	}
	env = c.Call(http.MethodGet, v1+"getAuthMaketplace?groupid="+g, nil)
	var markets []struct{ ID, Country, Currency string }
	env.Into(t, &markets)
	if len(markets) != 3 || markets[0].Country != "US" || markets[2].Currency != "MXN" {
		t.Fatalf("marketplaces %+v", markets)
	}
	apptest.Expect(t, c.Call(http.MethodGet, report+"?sellerid=42", nil), http.StatusNotFound, "A0404", "卖家账号不存在")
	apptest.Expect(t, c.Call(http.MethodGet, v1+"deleteByLogic?sellerid=x", nil), http.StatusNotFound, "A0404", "卖家账号不存在")
	apptest.Expect(t, c.Call(http.MethodGet, v1+"getRegionByGroup?groupid=42", nil), http.StatusNotFound, "A0404", "店铺不存在")
	apptest.Expect(t, c.Call(http.MethodGet, v1+"getAuthMaketplace?groupid=42", nil), http.StatusNotFound, "A0404", "店铺不存在")
}

// One Amazon account belongs to one store group: consenting it for a second group fails while the first holds it.
func TestSellerInOneGroupOnly(t *testing.T) {
	h, _ := start(t)
	c := h.SignedIn("13900000014", "环球贸易")
	a := group(t, c, "一店")
	b := group(t, c, "二店")
	seller := authorise(t, h, c, a, "ATVPDKIKX0DER")
	if got := result(t, c, approve(t, h, consentURL(t, c, b, "ATVPDKIKX0DER"))); got != "failure" {
		t.Fatalf("second group: %s", got)
	}
	apptest.ExpectOK(t, c.Call(http.MethodGet, v1+"deleteByLogic?sellerid="+seller, nil))
	authorise(t, h, c, b, "ATVPDKIKX0DER")
}

// reportKinds counts the Selling Partner kinds that a report brings (the others come from other calls).
func reportKinds() int {
	n := 0
	for _, k := range amazondata.Kinds {
		if k.FromReport() {
			n++
		}
	}
	return n
}
