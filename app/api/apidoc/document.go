package apidoc

import (
	"reflect"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
)

// Document is the OpenAPI 3.1 description.
type Document struct {
	OpenAPI    string                           `json:"openapi"`
	Info       Info                             `json:"info"`
	Tags       []Tag                            `json:"tags"`
	Paths      map[string]map[string]*Operation `json:"paths"`
	Components Components                       `json:"components"`
	// Operations are the paths' operations in the table's order, for the page and the tests.
	Operations []*Operation `json:"-"`
}

// Info names the API.
type Info struct {
	Title       string `json:"title"`
	Version     string `json:"version"`
	Description string `json:"description"`
}

// Tag is a domain: the routes of one list or service (dicts, material, orders...).
type Tag struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// Components hold the named schemas and the refusals' answers, each written once and referred to.
type Components struct {
	Schemas   map[string]*Schema  `json:"schemas"`
	Responses map[string]Response `json:"responses,omitempty"`
}

// Operation is one route.
type Operation struct {
	Method      string              `json:"-"`
	Path        string              `json:"-"` // as registered: /dicts/:id
	Tags        []string            `json:"tags"`
	Summary     string              `json:"summary"`
	OperationID string              `json:"operationId"`
	Description string              `json:"description"`
	Parameters  []Parameter         `json:"parameters,omitempty"`
	RequestBody *RequestBody        `json:"requestBody,omitempty"`
	Responses   map[string]Response `json:"responses"`
	Access      AccessDoc           `json:"x-access"`
	Errors      []ErrorCase         `json:"-"`
	Handler     string              `json:"x-handler,omitempty"`
	// Undeclared: the route's registration names no answer type, so its data is documented as anything.
	Undeclared bool `json:"x-undeclared,omitempty"`
	// Answer is the success answer's schema (the envelope around the data), nil for a file.
	Answer *Schema `json:"-"`
	Kind   string  `json:"-"`
}

// Parameter is a path or query parameter.
type Parameter struct {
	Name     string  `json:"name"`
	In       string  `json:"in"`
	Required bool    `json:"required"`
	Schema   *Schema `json:"schema"`
}

// RequestBody is a POST's or PUT's JSON body.
type RequestBody struct {
	Required bool                 `json:"required"`
	Content  map[string]MediaType `json:"content"`
}

// MediaType is one content type's schema.
type MediaType struct {
	Schema *Schema `json:"schema"`
}

// Response is one status's answer, or a reference to one of the components'.
type Response struct {
	Ref         string               `json:"$ref,omitempty"`
	Description string               `json:"description,omitempty"`
	Content     map[string]MediaType `json:"content,omitempty"`
}

// AccessDoc says who may call a route, as middleware.Access declares it.
type AccessDoc struct {
	Public      bool     `json:"public"`
	Screen      string   `json:"screen,omitempty"`
	ScreenTitle string   `json:"screenTitle,omitempty"`
	Permissions []string `json:"permissions,omitempty"`
	WritesOnGET bool     `json:"writesOnGet,omitempty"`
	Text        string   `json:"text"`
}

// Options are what the document needs from the application: the refusals' answers (app's own classification,
// so that the document says what errors.go answers) and the screens' titles.
type Options struct {
	Classify    func(error) (status int, code, msg string)
	ScreenTitle func(path string) string
	Version     string
}

// Build describes every route of the table.
func Build(t *Table, o Options) *Document {
	reg := newRegistry()
	refusals := map[string]Response{}
	d := &Document{OpenAPI: "3.1.0", Paths: map[string]map[string]*Operation{},
		Info: Info{Title: "sellerhub 接口文档", Version: o.Version,
			Description: "每个应答都是信封 {code, msg, data, total}：code 为字符串，\"201\" 表示成功。" +
				"前缀 /api 可省略或保留（/api/admin/api/v1/... 即 /admin/api/v1/...）。只接受同源调用。"}}
	tags := map[string]bool{}
	ids := map[string]int{}
	for _, r := range t.Routes() {
		op := operation(reg, r, o, refusals)
		if n := ids[op.OperationID]; n > 0 {
			op.OperationID += strings.Repeat("_", n)
		}
		ids[op.OperationID]++
		p := OpenAPIPath(r.Path)
		if d.Paths[p] == nil {
			d.Paths[p] = map[string]*Operation{}
		}
		d.Paths[p][strings.ToLower(r.Method)] = op
		d.Operations = append(d.Operations, op)
		tags[op.Tags[0]] = true
	}
	for name := range tags {
		d.Tags = append(d.Tags, Tag{Name: name, Description: DomainTitle(name)})
	}
	sort.Slice(d.Tags, func(i, j int) bool {
		ri, rj := domainRank(d.Tags[i].Name), domainRank(d.Tags[j].Name)
		return ri < rj || ri == rj && d.Tags[i].Name < d.Tags[j].Name
	})
	d.Components.Schemas, d.Components.Responses = reg.Schemas, refusals
	return d
}

// OpenAPIPath writes Echo's :name parameters as OpenAPI's {name}.
func OpenAPIPath(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		if strings.HasPrefix(s, ":") {
			parts[i] = "{" + s[1:] + "}"
		}
	}
	return strings.Join(parts, "/")
}

func operation(reg *Registry, r *Route, o Options, refusals map[string]Response) *Operation {
	domain := Domain(r.Path)
	op := &Operation{Method: r.Method, Path: r.Path, Tags: []string{domain}, Handler: r.Handler, Kind: r.Kind,
		OperationID: operationID(r), Access: accessDoc(r, o), Undeclared: !r.Declared,
		Responses: map[string]Response{}}
	op.Summary = DomainTitle(domain) + " · " + shortHandler(r.Handler)
	op.Description = op.Access.Text
	for _, s := range strings.Split(r.Path, "/") {
		if strings.HasPrefix(s, ":") {
			op.Parameters = append(op.Parameters, Parameter{Name: s[1:], In: "path", Required: true,
				Schema: &Schema{Type: str("string")}})
		}
	}
	body := r.Method == "POST" || r.Method == "PUT"
	if r.In != nil {
		reg.request = true
		if body {
			op.RequestBody = &RequestBody{Content: map[string]MediaType{"application/json": {Schema: reg.Of(r.In)}}}
		} else {
			op.Parameters = append(op.Parameters, queryParameters(reg, r.In)...)
		}
		reg.request = false
	}
	if len(r.Upload) > 0 {
		form := &Schema{Type: str("object"), Required: r.Upload[:1], Properties: Props{
			{r.Upload[0], &Schema{Type: str("string"), Format: "binary", Description: "文件"}}}}
		for _, f := range r.Upload[1:] {
			form.Properties = append(form.Properties, Prop{f, &Schema{Type: str("string")}})
		}
		op.RequestBody = &RequestBody{Required: true, Content: map[string]MediaType{"multipart/form-data": {Schema: form}}}
	}
	for _, q := range r.Query {
		op.Parameters = append(op.Parameters, Parameter{Name: q, In: "query", Schema: &Schema{Type: str("string")}})
	}
	switch r.Kind {
	case KindXLSX:
		op.Responses["200"] = Response{Description: "Excel 工作簿（.xlsx）",
			Content: map[string]MediaType{"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
				Schema: &Schema{Type: str("string"), Format: "binary"}}}}
	case KindImage:
		op.Responses["200"] = Response{Description: "图片（PNG）",
			Content: map[string]MediaType{"image/png": {Schema: &Schema{Type: str("string"), Format: "binary"}}}}
	case KindPDF:
		op.Responses["200"] = Response{Description: "PDF 文件",
			Content: map[string]MediaType{"application/pdf": {Schema: &Schema{Type: str("string"), Format: "binary"}}}}
	default:
		op.Answer = envelope(reg, r)
		op.Responses["200"] = Response{Description: "成功：code 为 \"201\"",
			Content: map[string]MediaType{"application/json": {Schema: op.Answer}}}
	}
	op.Errors = errorCases(r, body, o.Classify)
	for status, cases := range byStatus(op.Errors) {
		if status == "200" {
			continue // a handled failure shares the 200 answer's status; x-errors lists it
		}
		var lines []string
		for _, c := range cases {
			lines = append(lines, c.Code+" "+c.Msg+"（"+c.When+"）")
		}
		// The same refusals recur on most routes: written once under components, referred to by each.
		name := refusalName(status, refusals, strings.Join(lines, "；"))
		op.Responses[status] = Response{Ref: "#/components/responses/" + name}
	}
	return op
}

// envelope is the success answer: the envelope with the declared data.
func envelope(reg *Registry, r *Route) *Schema {
	ok := "201"
	s := &Schema{Type: str("object"), Closed: true, Required: []string{"code"}, Properties: Props{
		{"code", &Schema{Type: str("string"), Const: &ok}},
		{"msg", &Schema{Type: str("string")}},
	}}
	switch {
	case !r.Declared:
		s.Properties = append(s.Properties, Prop{"data", &Schema{Description: "未声明类型"}})
	case r.Out != nil:
		s.Properties = append(s.Properties, Prop{"data", reg.Of(r.Out)})
		s.Required = append(s.Required, "data")
	}
	if r.Paged {
		s.Required = append(s.Required, "total")
	}
	// total and totalCapped appear on the older lists only; a closed envelope refuses them elsewhere.
	if r.Paged || !r.Declared {
		s.Properties = append(s.Properties, Prop{"total", &Schema{Type: str("integer")}},
			Prop{"totalCapped", &Schema{Type: str("boolean")}})
	}
	return s
}

// refusalName is the component holding the refusals described by text for the status, added when new.
func refusalName(status string, refusals map[string]Response, text string) string {
	for i := 1; ; i++ {
		name := "E" + status + "_" + strconv.Itoa(i)
		r, ok := refusals[name]
		if !ok {
			refusals[name] = Response{Description: text,
				Content: map[string]MediaType{"application/json": {Schema: errorSchema()}}}
			return name
		}
		if r.Description == text {
			return name
		}
	}
}

// errorSchema is every refusal: the envelope with the code and the message for the user; an import's refusal
// carries its wrong cells as data.
func errorSchema() *Schema {
	return &Schema{Type: str("object"), Required: []string{"code", "msg"}, Properties: Props{
		{"code", &Schema{Type: str("string")}},
		{"msg", &Schema{Type: str("string")}},
		{"data", &Schema{Description: "导入被拒时：每个出错的单元格"}},
	}}
}

func queryParameters(reg *Registry, t reflect.Type) []Parameter {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var out []Parameter
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("query"), ",")
		switch {
		case f.Anonymous && name == "":
			out = append(out, queryParameters(reg, f.Type)...)
		case name != "" && name != "-":
			out = append(out, Parameter{Name: name, In: "query", Schema: reg.Of(f.Type)})
		}
	}
	return out
}

// operationID is the method and the path's words: get_admin_api_v1_dicts_id.
func operationID(r *Route) string {
	id := strings.ToLower(r.Method) + strings.NewReplacer("/", "_", ":", "", "-", "_", ".", "_").Replace(r.Path)
	return id
}

// HandlerName is a handler function's Go name, as the runtime knows it.
func HandlerName(h any) string {
	v := reflect.ValueOf(h)
	if v.Kind() != reflect.Func || v.IsNil() {
		return ""
	}
	f := runtime.FuncForPC(v.Pointer())
	if f == nil {
		return ""
	}
	name := strings.TrimSuffix(strings.TrimPrefix(f.Name(), "sellerhub/"), "-fm")
	// A handler a method builds (stk.SubmitDocument(kind), api.ExportOf inside) is named by that method.
	if m := builtBy.FindString(name); m != "" {
		return m
	}
	return name
}

var builtBy = regexp.MustCompile(`^[\w/]+\.\(\*\w+\)\.\w+`)

// shortHandler is the handler's name without its package path: users.(*Handler).Info is Info.
func shortHandler(name string) string {
	name = strings.TrimSuffix(name, ".func1")
	if i := strings.LastIndex(name, "."); i >= 0 {
		return name[i+1:]
	}
	return name
}
