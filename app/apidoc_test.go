package app_test

import (
	"cmp"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api/apidoc"
	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

// servedAPIDoc is the description as /sys/swagger/openapi.json serves it to the demo company's owner.
func servedAPIDoc(t *testing.T, h *apptest.Harness) *apidoc.Document {
	t.Helper()
	owner := h.Client()
	apptest.ExpectOK(t, owner.Login(apptest.AdminAccount, apptest.AdminPassword))
	resp, raw := owner.Raw(http.MethodGet, "/sys/swagger/openapi.json", "", nil)
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("openapi.json answered %d %s: %.200s", resp.StatusCode, resp.Header.Get("Content-Type"), raw)
	}
	var doc apidoc.Document
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("openapi.json does not read back: %v", err)
	}
	return &doc
}

// TestAPIDocCoversEveryRoute fails when a route of the JSON API (Echo's own list of what it answers) is missing
// from the served description, when the description lists a route that is not there, or when a route's
// registration does not declare what it answers (Answers, AnswersList or File beside it in app/routes.go).
func TestAPIDocCoversEveryRoute(t *testing.T) {
	h := apptest.Start(t)
	doc := servedAPIDoc(t, h)
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi = %q, want 3.1.0", doc.OpenAPI)
	}
	registered := map[string]bool{}
	for _, r := range h.Routes {
		if !isAPIPath(r.Path) || r.Method == echo.RouteNotFound {
			continue
		}
		key := strings.ToLower(r.Method) + " " + apidoc.OpenAPIPath(r.Path)
		registered[key] = true
		op := doc.Paths[apidoc.OpenAPIPath(r.Path)][strings.ToLower(r.Method)]
		switch {
		case op == nil:
			t.Errorf("%s %s is missing from the API's description", r.Method, r.Path)
		case op.Undeclared:
			t.Errorf("%s %s declares no answer: add .Answers(<its data type>) (or AnswersList, File) to its registration", r.Method, r.Path)
		case op.Access.Text == "" || len(op.Responses) < 3:
			t.Errorf("%s %s: its access or error codes are not described: %+v", r.Method, r.Path, op)
		}
	}
	for path, ops := range doc.Paths {
		for method := range ops {
			if !registered[method+" "+path] {
				t.Errorf("the description lists %s %s, which the application does not answer", method, path)
			}
		}
	}
	if len(registered) < 250 {
		t.Errorf("only %d API routes registered: the test is not reading the route table", len(registered))
	}
}

// xlsx is a workbook's content type.
const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// readOnlyPOST are the last words of the POST routes that only read (lists, reports, the calculator).
var readOnlyPOST = map[string]bool{"page": true, "report": true, "summary": true, "today": true, "refunds": true,
	"runs": true, "history": true, "detail": true, "compute": true, "getAnnounce": true, "getRemind": true,
	"getMessage": true, "ledger": true, "search": true, "forecast": true}

// TestAPIDocAnswersMatchTheirSchemas calls every route of the demo company that only reads (each GET that
// changes nothing, each list or report POST) and a sample of writes as its owner, and holds each answer to the
// schema the served description gives it: a field the handler answers that the document does not have, one it documents that is
// missing, or another type fails. Refusals are held to the error schema. Every domain with such a route must
// have answered one success, so the check cannot pass by refusing.
func TestAPIDocAnswersMatchTheirSchemas(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			a := seedCompanyA(t, h)
			doc := servedAPIDoc(t, h)
			owner := h.Client()
			apptest.ExpectOK(t, owner.Login(apptest.AdminAccount, apptest.AdminPassword))
			checked, reads, workbooks := map[string]int{}, map[string]bool{}, 0
			for _, r := range h.Routes {
				op := doc.Paths[apidoc.OpenAPIPath(r.Path)][strings.ToLower(r.Method)]
				if op != nil && r.Method == http.MethodGet && op.Responses["200"].Content[xlsx].Schema != nil {
					// A route described as a workbook answers one.
					if path, ok := a.address(r); ok {
						resp, raw := owner.Raw(r.Method, path, "", nil)
						if got := resp.Header.Get("Content-Type"); resp.StatusCode == http.StatusOK && got != xlsx {
							t.Errorf("%s %s is described as a workbook and answered %s: %.100s", r.Method, r.Path, got, raw)
						}
						if resp.StatusCode == http.StatusOK {
							workbooks++
						}
					}
					continue
				}
				if op == nil || !readsOnly(r, op) {
					continue
				}
				domain := op.Tags[0]
				reads[domain] = true
				path, ok := a.address(r)
				if !ok {
					t.Errorf("%s %s: no id of the demo company for its parameters", r.Method, r.Path)
					continue
				}
				in := readInputs(a)[r.Method+" "+r.Path]
				body, contentType := strings.NewReader(""), ""
				if r.Method == http.MethodPost {
					body, contentType = strings.NewReader(cmp.Or(in, `{}`)), "application/json"
				} else if in != "" {
					path += "&" + in
				}
				if checkAnswer(t, doc, owner, r, path, contentType, body) {
					checked[domain]++
				}
			}
			// A sample of the writes, each answering its own shape: a tag made, renamed and deleted, a warehouse
			// stopped and started, a document submitted, and last a sign-in (which ends the owner's session).
			tags := a.ids["tagGroups"]
			for _, w := range []struct{ method, path, body string }{
				{http.MethodPost, "/admin/api/v1/tags", `{"name":"APIDOC 标签","groupId":"` + tags + `"}`},
				{http.MethodPut, "/admin/api/v1/tags/:id", `{"name":"APIDOC 标签二","groupId":"` + tags + `"}`},
				{http.MethodDelete, "/admin/api/v1/tags/:id", ""},
				{http.MethodPost, "/erp/api/v1/warehouse/:id/disable", ""},
				{http.MethodPost, "/erp/api/v1/warehouse/:id/enable", ""},
				{http.MethodPost, "/erp/api/v1/inbound/:id/submit", ""},
				{http.MethodPost, "/admin/api/v1/auth/login", `{"account":"` + apptest.AdminAccount + `","password":"` + apptest.AdminPassword + `"}`},
			} {
				r := echo.RouteInfo{Method: w.method, Path: w.path}
				path, _ := a.address(r)
				if !checkAnswer(t, doc, owner, r, path, "application/json", strings.NewReader(w.body)) {
					t.Errorf("%s %s: the sample write did not succeed", w.method, w.path)
					continue
				}
				checked[apidoc.Domain(w.path)]++
			}
			for domain := range reads {
				if checked[domain] == 0 {
					t.Errorf("domain %s: none of its reading routes answered a success to check", domain)
				}
			}
			total := 0
			for _, n := range checked {
				total += n
			}
			var unchecked []string
			for _, tag := range doc.Tags {
				if checked[tag.Name] == 0 {
					unchecked = append(unchecked, tag.Name)
				}
			}
			t.Logf("%s: %d answers checked in %d domains, %d workbooks; domains with none checked: %v", kind, total,
				len(checked), workbooks, unchecked)
		})
	}
}

// checkAnswer makes one call and holds its answer to the served description: a success to the route's schema,
// a refusal to a status the route lists and the error envelope. It tells whether the call succeeded.
func checkAnswer(t *testing.T, doc *apidoc.Document, who *apptest.Client, r echo.RouteInfo, path, contentType string,
	body *strings.Reader) bool {
	t.Helper()
	op := doc.Paths[apidoc.OpenAPIPath(r.Path)][strings.ToLower(r.Method)]
	if op == nil {
		t.Errorf("%s %s is not described", r.Method, r.Path)
		return false
	}
	resp, raw := who.Raw(r.Method, path, contentType, body)
	var answer any
	if err := json.Unmarshal(raw, &answer); err != nil {
		t.Errorf("%s %s answered %d, not JSON: %.200s", r.Method, r.Path, resp.StatusCode, raw)
		return false
	}
	env, _ := answer.(map[string]any)
	status := strconv.Itoa(resp.StatusCode)
	if resp.StatusCode != http.StatusOK || env["code"] != "201" {
		if refusal, listed := op.Responses[status]; !listed {
			t.Errorf("%s %s answered %d, which its description does not list: %.200s", r.Method, r.Path, resp.StatusCode, raw)
		} else if ref := doc.Components.Responses[strings.TrimPrefix(refusal.Ref, "#/components/responses/")]; ref.Content != nil {
			for _, problem := range doc.Validate(ref.Content["application/json"].Schema, answer) {
				t.Errorf("%s %s: the refusal differs from its description at %s", r.Method, r.Path, problem)
			}
		}
		t.Logf("%s %s refused (%d): %.150s", r.Method, r.Path, resp.StatusCode, raw)
		return false
	}
	for _, problem := range doc.Validate(op.Responses["200"].Content["application/json"].Schema, answer) {
		t.Errorf("%s %s: the answer differs from its description at %s", r.Method, r.Path, problem)
	}
	return true
}

// readInputs are the query or body the reading routes need to answer more than their refusal of no input.
func readInputs(a *companyA) map[string]string {
	g1 := strconv.FormatInt(a.g1, 10)
	return map[string]string{
		"GET /admin/api/v1/dict-items":               "dictCode=" + a.ids["select_list"],
		"GET /erp/api/v1/shipPlan/listings":          "groupId=" + g1 + "&marketplaceId=ATVPDKIKX0DER",
		"POST /erp/api/v1/exchangeRate/history":      `{"currency":"USD"}`,
		"POST /amazon/api/v1/profitCalc/compute":     `{"marketplace":"US","category":"accessories","price":"19.99","unitCost":"20","firstLeg":"5","length":"15","width":"8","height":"1.5","weight":"0.1"}`,
		"GET /amazon/api/v1/profitCalc/feeCard":      "marketplace=US",
		"POST /amazon/api/v1/settlements/lines/page": `{"id":"` + a.ids["settlements"] + `"}`,
		"POST /amazon/api/v1/profit/detail":          `{"figure":"cost","month":"2026-11","groupId":"` + g1 + `","marketplaceId":"ATVPDKIKX0DER","sku":"MUG-BLUE-350","currency":"USD"}`,
	}
}

// readsOnly tells whether a route only reads, answers JSON and can be called by the owner as it is.
func readsOnly(r echo.RouteInfo, op *apidoc.Operation) bool {
	if op.Access.Public || op.Access.WritesOnGET || op.Responses["200"].Content["application/json"].Schema == nil {
		return false
	}
	switch r.Method {
	case http.MethodGet:
		// Signing out would end the session the other calls use.
		return !strings.HasSuffix(r.Path, "/apilogout")
	case http.MethodPost:
		return readOnlyPOST[r.Path[strings.LastIndex(r.Path, "/")+1:]]
	}
	return false
}
