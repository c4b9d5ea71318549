package stores_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	storesdb "sellerhub/models/stores"
)

// olderBinding is getBindSeller's answer as the older client's 店铺授权 list reads it.
type olderBinding struct {
	ID          string `json:"id"`
	Groupid     string `json:"groupid"`
	Gname       string `json:"gname"`
	Regions     []struct{ Region string }
	Regionslist []struct {
		Sellerid     string `json:"sellerid"`
		Region       string `json:"region"`
		Regionname   string `json:"regionname"`
		Sellerauth   string `json:"sellerauth"`
		Adauth       string `json:"adauth"`
		Advid        string `json:"advid"`
		Authid       string `json:"authid"`
		Time         string `json:"time"`
		Advtime      string `json:"advtime"`
		CountrysList []struct {
			Countryname string `json:"countryname"`
			Countrycode string `json:"countrycode"`
		} `json:"countrysList"`
	} `json:"regionslist"`
}

var stamp = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)

// TestOlderClientsStoreCalls is issue 43 item 22: getBindSeller carries gname and regionslist beside our shape,
// getRegionByGroup's items carry the seller authorisation's id, and getAmazonGroup and getMarketByGroup answer
// from the store groups and marketplaces, each within the user's store groups.
func TestOlderClientsStoreCalls(t *testing.T) {
	h, amz := start(t)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	mine := group(t, admin, "一店")
	theirs := group(t, admin, "二店")
	amz.SetSeller("A1NASELLER", "ATVPDKIKX0DER", "A2EUQ1WTGCTBG2")
	seller := authorise(t, h, admin, mine, "ATVPDKIKX0DER")
	amz.SetSeller("A1EUSELLER", "A1F83G8C2ARO7P", "A1PA6795UKMFR9")
	sellerTheirs := authorise(t, h, admin, theirs, "A1F83G8C2ARO7P")
	var s storesdb.Seller
	if err := h.DB.First(&s, "id = ?", parseInt(seller)).Error; err != nil {
		t.Fatal(err)
	}
	// 一店 has an active advertising authorisation in 北美, 二店 a disabled one in 欧洲.
	adv := &storesdb.AdvAuth{CompanyID: s.CompanyID, GroupID: parseInt(mine), Region: "NA", RefreshToken: "x",
		AuthorizedAt: time.Now(), CreatedAt: time.Now(), UpdatedAt: time.Now()}
	gone := &storesdb.AdvAuth{CompanyID: s.CompanyID, GroupID: parseInt(theirs), Region: "EU", RefreshToken: "x", Disabled: true,
		AuthorizedAt: time.Now(), CreatedAt: time.Now(), UpdatedAt: time.Now()}
	for _, a := range []*storesdb.AdvAuth{adv, gone} {
		if err := h.DB.Create(a).Error; err != nil {
			t.Fatal(err)
		}
	}

	// getBindSeller as the older client calls it.
	env := admin.Call(http.MethodGet, v1+"getBindSeller", nil)
	apptest.ExpectOK(t, env)
	var all []olderBinding
	env.Into(t, &all)
	byName := map[string]olderBinding{}
	for _, b := range all {
		byName[b.Gname] = b
		if b.Groupid != b.ID || len(b.Regionslist) != 3 || len(b.Regions) != 3 {
			t.Fatalf("binding %+v", b)
		}
	}
	one := byName["一店"]
	na, eu := one.Regionslist[0], one.Regionslist[1]
	if na.Region != "NA" || na.Regionname != "北美" || na.Sellerid != s.SellingPartnerID || na.Authid != seller ||
		na.Sellerauth != "1" || na.Adauth != "1" || na.Advid != itoa(adv.ID) || !stamp.MatchString(na.Time) ||
		!stamp.MatchString(na.Advtime) || len(na.CountrysList) == 0 ||
		na.CountrysList[0].Countryname != "美国" || na.CountrysList[0].Countrycode != "US" {
		t.Fatalf("一店 北美: %+v", na)
	}
	if eu.Regionname != "欧洲" || eu.Sellerid != "" || eu.Sellerauth != "2" || eu.Adauth != "2" || eu.Advid != "" ||
		eu.Time != "" || eu.CountrysList == nil || len(eu.CountrysList) != 0 {
		t.Fatalf("一店 欧洲 (never authorised): %+v", eu)
	}
	if eu2 := byName["二店"].Regionslist[1]; eu2.Sellerauth != "1" || eu2.Adauth != "2" || eu2.Advid != "" ||
		len(eu2.CountrysList) == 0 || eu2.CountrysList[0].Countrycode != "UK" {
		t.Fatalf("二店 欧洲 (advertising disabled): %+v", eu2)
	}
	// A failed authorisation is "0" (授权异常).
	h.DB.Model(&storesdb.Seller{}).Where("id = ?", parseInt(sellerTheirs)).Update("status", storesdb.SellerInvalid)
	env = admin.Call(http.MethodGet, v1+"getBindSeller", nil)
	env.Into(t, &all)
	for _, b := range all {
		if b.Gname == "二店" && b.Regionslist[1].Sellerauth != "0" {
			t.Fatalf("invalid seller: %+v", b.Regionslist[1])
		}
	}

	// getRegionByGroup's items carry the seller authorisation's id.
	env = admin.Call(http.MethodGet, v1+"getRegionByGroup?groupid="+mine, nil)
	apptest.ExpectOK(t, env)
	var regions []struct{ ID, Groupid, Region string }
	env.Into(t, &regions)
	if len(regions) != 1 || regions[0].ID != seller || regions[0].Groupid != mine || regions[0].Region != "NA" {
		t.Fatalf("getRegionByGroup: %s", env.Data)
	}

	// getAmazonGroup: the store groups.
	env = admin.Call(http.MethodGet, v1+"getAmazonGroup", nil)
	apptest.ExpectOK(t, env)
	var groups []struct{ ID, Name string }
	env.Into(t, &groups)
	names := map[string]string{}
	for _, g := range groups {
		names[g.ID] = g.Name
	}
	if names[mine] != "一店" || names[theirs] != "二店" {
		t.Fatalf("getAmazonGroup: %s", env.Data)
	}

	// getMarketByGroup?groupid=: the group's authorised marketplaces; without a group, every group's.
	type market struct{ ID, Marketplaceid, Market, Name, Region, RegionName, Currency string }
	markets := func(c *apptest.Client, q string) []market {
		t.Helper()
		env := c.Call(http.MethodGet, v1+"getMarketByGroup"+q, nil)
		apptest.ExpectOK(t, env)
		var out []market
		env.Into(t, &out)
		return out
	}
	m := markets(admin, "?groupid="+mine)
	if len(m) == 0 || m[0] != (market{"ATVPDKIKX0DER", "ATVPDKIKX0DER", "US", "美国", "NA", "北美", "USD"}) {
		t.Fatalf("getMarketByGroup 一店: %+v", m)
	}
	for _, x := range m {
		if x.Region != "NA" {
			t.Fatalf("一店 has no %s marketplace: %+v", x.Region, m)
		}
	}
	hasUK := false
	for _, x := range markets(admin, "?groupid=") {
		hasUK = hasUK || x.Market == "UK"
	}
	if hasUK {
		t.Fatal("二店's invalid seller's marketplaces are listed")
	}
	apptest.Expect(t, admin.Call(http.MethodGet, v1+"getMarketByGroup?groupid=nope", nil), http.StatusNotFound, "A0404", "店铺不存在")

	// A clerk limited to 二店 sees only 二店, in every one of these calls.
	clerk, role := h.RestrictedUser("13900000042", []string{"auth.store"}, nil)
	u, _ := accountsdb.UserByAccount(h.DB, "13900000042")
	apptest.ExpectOK(t, admin.Call(http.MethodPut, "/admin/api/v1/users/subusers/"+itoa(u.ID),
		map[string]any{"name": "员工", "roleIds": []string{itoa(role.ID)}, "storeGroupIds": []string{theirs}}))
	h.DB.Model(&storesdb.Seller{}).Where("id = ?", parseInt(sellerTheirs)).Update("status", storesdb.SellerActive)
	env = clerk.Call(http.MethodGet, v1+"getBindSeller", nil)
	apptest.ExpectOK(t, env)
	var limited []olderBinding
	env.Into(t, &limited)
	if len(limited) != 1 || limited[0].Gname != "二店" || strings.Contains(string(env.Data), s.SellingPartnerID) {
		t.Fatalf("the clerk's getBindSeller: %s", env.Data)
	}
	env = clerk.Call(http.MethodGet, v1+"getAmazonGroup", nil)
	apptest.ExpectOK(t, env)
	if strings.Contains(string(env.Data), mine) || !strings.Contains(string(env.Data), theirs) {
		t.Fatalf("the clerk's getAmazonGroup: %s", env.Data)
	}
	for _, x := range markets(clerk, "") {
		if x.Region != "EU" {
			t.Fatalf("the clerk sees 一店's marketplaces: %+v", x)
		}
	}
	if len(markets(clerk, "?groupid="+theirs)) == 0 {
		t.Fatal("the clerk's own group has no marketplaces")
	}
	for _, path := range []string{"getMarketByGroup?groupid=" + mine, "getRegionByGroup?groupid=" + mine} {
		apptest.Expect(t, clerk.Call(http.MethodGet, v1+path, nil), http.StatusNotFound, "A0404", "店铺不存在")
	}
	// Without a session: refused.
	for _, path := range []string{"getAmazonGroup", "getMarketByGroup?groupid=" + mine} {
		apptest.Expect(t, h.Client().Call(http.MethodGet, v1+path, nil), http.StatusForbidden, "A0231", "token已被禁止访问")
	}
}
