package app_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"

	"sellerhub/app/apptest"
	"sellerhub/app/middleware"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
	"sellerhub/models/dbtest"
)

// TestAccessMatrix calls every route the application registers (Echo's own route list, tab pages included) with
// the ids of company A, as four callers: another company's owner, a sub-user of A without roles, a sub-user of A
// granted every screen but limited to store group G2, and nobody. The G2 sub-user then calls every route that
// touches stock or warehouses again, addressing G1's FBA warehouse, its stock and its documents. What each may do
// follows from the access the route declares (middleware.Access): a route registered without one fails, and so
// does a refused call that still changed A's data, an answer that shows another company's or store group's data,
// or a 500.
func TestAccessMatrix(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			if kind != dbtest.SQLite && testing.Short() {
				t.Skip("short")
			}
			// The PostgreSQL half mostly waits on its queries' round trips (a third of its time is CPU): the
			// two kinds, each with its own server and database, run side by side.
			t.Parallel()
			h := apptest.Start(t, apptest.WithDatabase(kind))
			a := seedCompanyA(t, h)
			callers := []*matrixCaller{
				{name: "匿名"},
				{name: "其他公司店主", account: "13900000001"},
				{name: "无角色子账号", account: "13900000002"},
				{name: "G2子账号", account: "13900000003", storeLimited: true},
				{name: "G2子账号·G1的FBA仓", account: "13900000003", storeLimited: true, inG1FBA: true},
			}
			h.SignedIn("13900000001", "乙公司")
			h.Member(apptest.AdminAccount, "13900000002", false)
			storeGroupUser(t, h, a, "13900000003")
			routes := matrixRoutes(t, h)
			calls := 0
			declared := routes[:0:0]
			for _, r := range routes {
				access, ok := h.Access[r.Method+" "+r.Path]
				switch {
				case !ok:
					t.Errorf("%s %s declares no access: register it with the access it needs (middleware.Access)", r.Method, r.Path)
				case access.Public && !publicSurface[r.Method+" "+r.Path]:
					t.Errorf("%s %s is declared public but is not one of the routes a stranger may call", r.Method, r.Path)
				default:
					declared = append(declared, r)
				}
			}
			var kept keptRows
			for _, who := range callers {
				// Signed in as its turn comes: the two G2 callers are one account, and a sign-in ends the other session.
				who.signIn(h)
				kept.all, kept.g1 = nil, nil
				addressed := a
				if who.inG1FBA {
					addressed = a.inG1FBA()
				}
				for _, r := range declared {
					if who.inG1FBA && !touchesStock(r.Path) {
						continue
					}
					checkCall(t, h, addressed, who, r, h.Access[r.Method+" "+r.Path], &kept)
					calls++
				}
			}
			t.Logf("%s: %d routes, %d calls", kind, len(routes), calls)
		})
	}
}

// publicSurface is every route a stranger may call. It is written out here, not read from the declarations, so
// that a route made public (or a guard dropped to Anyone) is a change to this list that a reviewer sees.
var publicSurface = map[string]bool{
	"GET /static*": true,
	// A load balancer's health and readiness checks: ok or not ready, nothing else.
	"GET /healthz": true, "GET /readyz": true,
	// Prometheus's scrape: not found without SELLERHUB_METRICS_TOKEN, and 401 without that token.
	"GET /metrics": true,
	// Signing in, registering, the forgotten password, and the codes they send and check.
	"GET /": true, "GET /ssologin": true, "GET /login": true, "POST /login": true, "GET /register": true,
	"POST /register": true, "GET /agreement": true, "GET /resetPassword": true, "POST /resetPassword": true,
	"GET /usercenter/resetPassword": true, "POST /usercenter/resetPassword": true,
	"POST /admin/api/v1/auth/login": true, "GET /admin/api/v1/auth/apilogout": true,
	"POST /admin/api/v1/auth/ssologinisrun": true, "GET /admin/api/v1/auth/verifySmsCode": true,
	"GET /admin/api/v1/users/getSmsCode": true, "GET /admin/api/v1/users/getEmailCode": true,
	"POST /admin/api/v1/users/register": true, "POST /admin/api/v1/users/updatePasswordForget": true,
	"POST /admin/api/v1/users/updatePassword": true,
	// Amazon sends the browser back here after a consent: the signed single-use state authenticates it.
	"GET /authresult": true, "GET /advresult": true, "GET /alibaba/authresult": true, "GET /aliexpress/authresult": true, "GET /amazon/api/v1/amzauthority/authSeller": true,
	"GET /amazonadv/api/v1/advert/bindAdvAuthData": true, "POST /amazonadv/api/v1/advert/bindAdvAuthData": true,
}

// matrixCaller is one of the callers (no account: the stranger); its session is renewed when a call ended it
// (logout, account switch). storeLimited is the G2 sub-user, which must see nothing of G1; inG1FBA addresses G1's
// FBA warehouse on the routes that touch stock or warehouses.
type matrixCaller struct {
	name, account         string
	storeLimited, inG1FBA bool
	client                *apptest.Client
}

// touchesStock tells the routes that read or change warehouses, stock, the ledger or the documents, or offer
// warehouses (the shipment forms, template and import): those a store-limited user must not reach another store
// group's FBA warehouse through.
func touchesStock(path string) bool {
	for _, part := range []string{"/warehouse", "/stock", "/inbound", "/outbound", "/stocktake", "/transfer", "/exchange", "/overseasOut", "/overseasIn", "/process", "/transportation", "/e/w/", "/amazon/inventory/quantity",
		"/shipPlan", "/shipment", "/shipForm"} {
		if strings.Contains(path, part) {
			return true
		}
	}
	return false
}

// stockTables are the tables the calls addressing G1's FBA warehouse must leave as they were: its rows have no
// store group of their own (but the warehouse's), so the G1 snapshot does not hold them.
var stockTables = []string{"warehouses", "stocks", "stock_ledger", "stock_documents", "stock_document_lines", "stocktakes", "stocktake_lines"}

func (m *matrixCaller) signIn(h *apptest.Harness) {
	m.client = h.Client()
	m.client.Header.Set("Sec-Fetch-Site", "same-origin")
	if m.account != "" {
		apptest.ExpectOK(h.T, m.client.Login(m.account, matrixPassword))
	}
}

func (m *matrixCaller) stillSignedIn() bool {
	if m.account == "" {
		return true
	}
	env := m.client.Call(http.MethodGet, "/admin/api/v1/users/info", nil)
	return env.Code == "201"
}

// storeGroupUser is a sub-user of A whose role grants every screen and button permission, limited to G2.
func storeGroupUser(t *testing.T, h *apptest.Harness, a *companyA, account string) {
	t.Helper()
	role := &accountsdb.Role{CompanyID: a.id, Name: "MATRIXA 全部权限"}
	if err := h.DB.Create(role).Error; err != nil {
		t.Fatal(err)
	}
	var menus []admindb.Menu
	var perms []admindb.MenuPermission
	h.DB.Find(&menus)
	h.DB.Find(&perms)
	for _, m := range menus {
		h.DB.Create(&admindb.RoleMenu{RoleID: role.ID, MenuID: m.ID})
	}
	for _, p := range perms {
		h.DB.Create(&admindb.RolePermission{RoleID: role.ID, PermissionID: p.ID})
	}
	owner := h.Client()
	apptest.ExpectOK(t, owner.Login(apptest.AdminAccount, apptest.AdminPassword))
	apptest.ExpectOK(t, owner.Call(http.MethodPost, "/admin/api/v1/users/subusers", map[string]any{
		"account": account, "name": "G2员工", "password": matrixPassword, "repassword": matrixPassword,
		"roleIds": []string{fmt.Sprint(role.ID)}, "storeGroupIds": []string{fmt.Sprint(a.g2)}}))
}

// matrixRoutes is Echo's route list in the order the callers try it: reads, then writes, deletes last, so that a
// call a caller may make (the G2 user deleting a product) does not take away what later calls address.
func matrixRoutes(t *testing.T, h *apptest.Harness) []echo.RouteInfo {
	t.Helper()
	rank := map[string]int{http.MethodGet: 0, http.MethodPost: 1, http.MethodPut: 2, http.MethodDelete: 3}
	var out []echo.RouteInfo
	for _, r := range h.Routes {
		if r.Method == echo.RouteNotFound {
			continue
		}
		if _, ok := rank[r.Method]; !ok {
			t.Errorf("%s %s: the matrix does not know the method", r.Method, r.Path)
			continue
		}
		out = append(out, r)
	}
	sort.SliceStable(out, func(i, j int) bool { return rank[out[i].Method] < rank[out[j].Method] })
	return out
}

// keptRows are company A's rows (all of them, and store group G1's) as the last call left them, or nil when not
// read then or read before something else ran since (a sign-in). Reading them once between two calls, instead of
// after the one and again before the next, halves the matrix's reads, which were most of its time.
type keptRows struct{ all, g1 map[string]string }

func (k *keptRows) allRows(t *testing.T, h *apptest.Harness, a *companyA) map[string]string {
	if k.all == nil {
		k.all = rowsOf(t, h.DB, a.id, 0)
	}
	return k.all
}

func (k *keptRows) g1Rows(t *testing.T, h *apptest.Harness, a *companyA) map[string]string {
	if k.g1 == nil {
		k.g1 = rowsOf(t, h.DB, a.id, a.g1)
	}
	return k.g1
}

// checkCall makes one call and holds its answer to what the caller may see and change.
func checkCall(t *testing.T, h *apptest.Harness, a *companyA, who *matrixCaller, r echo.RouteInfo, access middleware.Access,
	kept *keptRows) {
	t.Helper()
	path, ok := a.address(r)
	if !ok {
		t.Errorf("%s %s: the matrix has no id of company A for its parameters: add one to seedCompanyA", r.Method, r.Path)
		return
	}
	page := !isAPIPath(r.Path)
	guarded := access.Screen != "" || len(access.Permissions) > 0
	// Refused calls must change nothing of A, and another company can change nothing of A at all.
	var before map[string]string
	watchAll := who.account == "" || who.name == "其他公司店主" || (who.name == "无角色子账号" && guarded)
	if watchAll || who.inG1FBA {
		before = kept.allRows(t, h, a)
	}
	g1Before := kept.g1Rows(t, h, a)

	var body []byte
	contentType := ""
	if r.Method == http.MethodPost || r.Method == http.MethodPut {
		body, contentType = a.body(), "application/json"
	}
	resp, raw := who.client.Raw(r.Method, path, contentType, bytes.NewReader(body))
	answer := string(raw)
	where := fmt.Sprintf("%s: %s %s", who.name, r.Method, r.Path)
	if resp.StatusCode >= 500 {
		t.Errorf("%s answered %d: %.300s", where, resp.StatusCode, answer)
	}
	var env struct{ Code string }
	_ = json.Unmarshal(raw, &env)
	switch {
	case who.account == "" && !access.Public:
		if page && (resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(resp.Header.Get("Location"), "/ssologin")) {
			t.Errorf("%s: a stranger must be sent to sign in, got %d %s", where, resp.StatusCode, resp.Header.Get("Location"))
		}
		if !page && (resp.StatusCode != http.StatusForbidden || env.Code != "A0231") {
			t.Errorf("%s: a stranger must get 403 A0231, got %d %.200s", where, resp.StatusCode, answer)
		}
	case who.name == "无角色子账号" && guarded:
		if page && resp.StatusCode != http.StatusForbidden {
			t.Errorf("%s: a user without the grant must get the 无权限 page, got %d", where, resp.StatusCode)
		}
		if !page && (resp.StatusCode != http.StatusUnauthorized || env.Code != "A0301") {
			t.Errorf("%s: a user without the grant must get 401 A0301, got %d %.200s", where, resp.StatusCode, answer)
		}
	case who.account != "" && !access.Public && env.Code == "A0231":
		t.Errorf("%s: a signed-in caller was refused as a stranger: %.200s", where, answer)
	}
	if who.name == "其他公司店主" {
		for _, m := range a.markers {
			if strings.Contains(answer, m) {
				t.Errorf("%s shows company A's data (%q): %.300s", where, m, answer)
			}
		}
	}
	if who.storeLimited {
		for _, m := range a.g1Markers {
			if strings.Contains(answer, m) {
				t.Errorf("%s shows store group G1's data (%q): %.300s", where, m, answer)
			}
		}
	}
	// A permitted call may change A's rows: what it left is what the next call starts from.
	kept.all, kept.g1 = nil, nil
	if watchAll {
		if changed := changedTables(before, kept.allRows(t, h, a)); len(changed) > 0 {
			t.Errorf("%s changed company A's data in %v", where, changed)
		}
	}
	if who.inG1FBA {
		after := kept.allRows(t, h, a)
		for _, table := range stockTables {
			if before[table] != after[table] {
				t.Errorf("%s changed G1's FBA warehouse, its stock or documents in %s", where, table)
			}
		}
		// Read or changed by id, G1's FBA warehouse and its documents do not exist for the G2 user.
		if byID := addressesFBA(r.Path); byID != "" && !page && resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %s of G1's FBA warehouse must answer 404, got %d %.200s", where, byID, resp.StatusCode, answer)
		}
	}
	if changed := changedTables(g1Before, kept.g1Rows(t, h, a)); len(changed) > 0 {
		t.Errorf("%s changed store group G1's data in %v", where, changed)
	}
	if !who.stillSignedIn() {
		who.signIn(h)
		kept.all, kept.g1 = nil, nil
	}
}

// addressesFBA names what a route's path parameter addresses when it is a warehouse or a document (which the
// G1 FBA calls give ids of G1's FBA warehouse), "" otherwise.
func addressesFBA(path string) string {
	if strings.HasSuffix(path, "/stock/products") {
		return "warehouse" // the product picker's warehouseId
	}
	segments := strings.Split(path, "/")
	for i, s := range segments {
		if strings.HasPrefix(s, ":") && i > 0 {
			switch segments[i-1] {
			case "warehouse", "inbound", "outbound", "stocktake":
				return segments[i-1]
			}
		}
	}
	return ""
}

func isAPIPath(p string) bool {
	for _, prefix := range []string{"/admin/api/", "/erp/api/", "/amazon/api/", "/amazonadv/api/"} {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return false
}

// address is the route's path with A's ids for its parameters and A's values for the query parameters routes
// read; tab pages are asked for their content (?embed=1), where their guard is.
func (a *companyA) address(r echo.RouteInfo) (string, bool) {
	segments := strings.Split(r.Path, "/")
	for i, s := range segments {
		switch {
		case strings.HasPrefix(s, ":"):
			// A parameter is named by the segment before it (/material/:id is a product), unless the fixture has
			// a value under its own name (:size).
			key := strings.TrimPrefix(s, ":")
			if _, own := a.ids[key]; !own {
				key = segments[i-1]
			}
			id, ok := a.ids[key]
			if !ok {
				return "", false
			}
			segments[i] = url.PathEscape(id)
		case s == "*":
			segments[i] = ""
		}
	}
	path := strings.Join(segments, "/")
	if strings.HasSuffix(path, "*") {
		path = strings.TrimSuffix(path, "*") + "/app.css"
	}
	q := url.Values{"embed": {"1"}}
	for k, v := range a.query {
		q.Set(k, v)
	}
	return path + "?" + q.Encode(), true
}

// body is one JSON body for every write: the fields the product's forms use, naming A's things, so a write that
// forgets whose they are gets far enough to show it.
func (a *companyA) body() []byte {
	g1 := fmt.Sprint(a.g1)
	b, _ := json.Marshal(map[string]any{
		"name": "MATRIXB 名称", "code": "matrixb", "remark": "MATRIXB", "title": "MATRIXB", "content": "MATRIXB",
		"sku": "MATRIXB-SKU", "sellerSku": "MATRIXB-SSKU", "asin": "B0MATRIXB1", "fnsku": "X0MATRIXB1",
		"groupId": g1, "groupid": g1, "storeGroupIds": []string{g1}, "roleIds": []string{a.ids["roles"]},
		"productId": a.ids["material"], "warehouseId": a.ids["warehouse"], "brandId": a.ids["brand"],
		"categoryId": a.ids["category"], "supplierId": a.ids["supplier"], "deptId": a.ids["depts"],
		"planId": a.ids["shipPlan"], "shipmentId": a.ids["shipment"], "dictCode": a.ids["select_list"],
		"marketplaceId": "ATVPDKIKX0DER", "country": "US", "region": "NA", "quantity": 1, "value": "matrixb",
		"ids": []string{a.ids["material"]}, "menuIds": []string{a.ids["menus"]}, "permissionIds": []string{a.ids["permissions"]},
		"items":   []map[string]any{{"sellerSku": "MATRIXB-SSKU", "productId": a.ids["material"], "quantity": 1}},
		"lines":   []map[string]any{{"productId": a.ids["material"], "quantity": 1}},
		"account": "13900000399", "password": matrixPassword, "repassword": matrixPassword,
		"queryname": "dictList", "versionname": "MATRIXB", "action": "timely", "center": "ont8", "dayZone": "beijing",
	})
	return b
}
