package apidoc_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"sellerhub/app/api/apidoc"
	"sellerhub/app/middleware"
	"sellerhub/models"
)

type base struct {
	ID string `json:"id"`
}

type node struct {
	base
	Name     string       `json:"name"`
	Note     string       `json:"note,omitempty"`
	Price    models.Money `json:"price"`
	Units    json.Number  `json:"units"`
	At       *time.Time   `json:"at"`
	Children []node       `json:"children"`
	Secret   string       `json:"-"`
}

// build describes one route answering a node, and the same description as served and read back.
func build(t *testing.T) *apidoc.Document {
	t.Helper()
	var table apidoc.Table
	table.Add("GET", "/erp/api/v1/node/:id", middleware.Screen("/erp/node"), "").Answers(node{})
	table.Add("GET", "/erp/api/v1/node/export", middleware.SignedIn, "")
	doc := apidoc.Build(&table, apidoc.Options{Classify: func(err error) (int, string, string) {
		return http.StatusBadRequest, "A0400", err.Error()
	}})
	raw, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var served apidoc.Document
	if err := json.Unmarshal(raw, &served); err != nil {
		t.Fatal(err)
	}
	return &served
}

// The answer's schema follows encoding/json: embedded fields flattened, omitempty optional, "-" and unexported
// fields absent, a struct closed to other fields, a recursive type by reference; Validate finds each difference.
func TestSchemasFollowEncodingJSON(t *testing.T) {
	doc := build(t)
	op := doc.Paths["/erp/api/v1/node/{id}"]["get"]
	if op == nil || op.Parameters[0].Name != "id" || op.Parameters[0].In != "path" {
		t.Fatalf("the route and its path parameter: %+v", op)
	}
	if ex := doc.Paths["/erp/api/v1/node/export"]["get"]; ex == nil || ex.Responses["200"].Content["application/json"].Schema != nil {
		t.Errorf("an export answers a workbook, not the envelope: %+v", ex)
	}
	schema := op.Responses["200"].Content["application/json"].Schema
	good := `{"code":"201","msg":"一切ok","data":{"id":"1","name":"a","price":"1.50","units":3,"at":null,
		"children":[{"id":"2","name":"b","note":"n","price":"0","units":1.5,"at":"2026-12-06T00:00:00Z","children":null}]}}`
	for _, c := range []struct{ answer, want string }{
		{good, ""},
		{strings.Replace(good, `"name":"a",`, ``, 1), "缺少字段 name"},
		{strings.Replace(good, `"id":"1"`, `"id":"1","Secret":"x"`, 1), "文档中没有字段 Secret"},
		{strings.Replace(good, `"price":"1.50"`, `"price":1.5`, 1), "$.data.price: 应为 string"},
		{strings.Replace(good, `"units":1.5`, `"units":"1.5"`, 1), "$.data.children[0].units: 应为 number"},
		{strings.Replace(good, `"code":"201"`, `"code":"B0001"`, 1), `应为 "201"`},
		{strings.Replace(good, `"children":null`, `"children":[{"id":3}]`, 1), "$.data.children[0].children[0].id: 应为 string"},
	} {
		var v any
		if err := json.Unmarshal([]byte(c.answer), &v); err != nil {
			t.Fatal(err)
		}
		problems := doc.Validate(schema, v)
		switch {
		case c.want == "" && len(problems) > 0:
			t.Errorf("a right answer was refused: %v", problems)
		case c.want != "" && !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, c.want) }):
			t.Errorf("want a problem %q, got %v", c.want, problems)
		}
	}
}

// A route's refusals are those its access and path make possible, each as the application classifies it.
func TestRefusalsFollowTheAccess(t *testing.T) {
	doc := build(t)
	op := doc.Paths["/erp/api/v1/node/{id}"]["get"]
	if !strings.Contains(op.Access.Text, "需登录") || op.Access.Screen != "/erp/node" {
		t.Errorf("access: %+v", op.Access)
	}
	described := doc.Components.Responses[strings.TrimPrefix(op.Responses["400"].Ref, "#/components/responses/")].Description
	for _, want := range []string{"token已被禁止访问", "访问未授权", "（记录）不存在", "输入包含非法字符"} {
		if !strings.Contains(described, want) {
			t.Errorf("the refusals do not name %s: %s", want, described)
		}
	}
	if strings.Contains(described, "业务规则不允许") {
		t.Errorf("a GET that changes nothing is not refused by a business rule: %s", described)
	}
}
