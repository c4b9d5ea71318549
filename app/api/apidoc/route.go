// Package apidoc describes the JSON API as OpenAPI 3.1 from the route table: each route as registered (method,
// path, access) with the shapes it declares beside its registration, the request and answer types, read by
// reflection. The document is built from the table, so a route added anywhere is in it without a word more.
package apidoc

import (
	"reflect"
	"sort"
	"strings"

	"sellerhub/app/middleware"
)

// Answer kinds other than the JSON envelope.
const (
	KindJSON  = ""      // the envelope, its data of the declared type
	KindXLSX  = "xlsx"  // a workbook download (every list's export)
	KindImage = "image" // a picture (the shipment's QR code)
	KindPDF   = "pdf"   // a PDF document (a VAT invoice)
)

// Route is one registered route and what it declares about its shapes.
type Route struct {
	Method, Path string
	Access       middleware.Access
	// Handler is the Go function that answers, for the reader who opens the code.
	Handler string
	// In is the request's type: the JSON body of a POST or PUT, the query of a GET or DELETE. Nil: none.
	In reflect.Type
	// Out is the envelope's data type; Declared says Answers was called (a nil Out then answers no data).
	Out      reflect.Type
	Declared bool
	// Query names the query parameters a handler reads one by one (c.QueryParam), beside In's.
	Query []string
	// Kind is what the answer is: the envelope (""), or a file (KindXLSX, KindImage).
	Kind string
	// Upload names the fields of a multipart form (the file's field first) the route takes instead of JSON.
	Upload []string
	// Paged marks the older lists answering the page's rows as data and the count as the envelope's total.
	Paged bool
}

// Takes declares the request's type by a value of it: the JSON body, or for a GET the query it binds.
func (r *Route) Takes(v any) *Route {
	r.In = reflect.TypeOf(v)
	return r
}

// Answers declares the envelope's data by a value of its type (nil: no data).
func (r *Route) Answers(v any) *Route {
	r.Out, r.Declared = reflect.TypeOf(v), true
	return r
}

// AnswersList declares an older list: data is a slice of v's type, the envelope's total the count (api.OKList).
func (r *Route) AnswersList(v any) *Route {
	r.Out, r.Declared, r.Paged = reflect.SliceOf(reflect.TypeOf(v)), true, true
	return r
}

// Reads declares query parameters the handler reads by name.
func (r *Route) Reads(names ...string) *Route {
	r.Query = append(r.Query, names...)
	return r
}

// Uploads declares a multipart form: the file's field, then any text fields.
func (r *Route) Uploads(file string, fields ...string) *Route {
	r.Upload = append([]string{file}, fields...)
	return r
}

// File declares an answer that is a file, not the envelope.
func (r *Route) File(kind string) *Route {
	r.Kind, r.Declared = kind, true
	return r
}

// Table is every route of the JSON API as registered, in order.
type Table struct{ routes []*Route }

// Add records a route; the caller declares its shapes on the answer.
func (t *Table) Add(method, path string, a middleware.Access, handler string) *Route {
	r := &Route{Method: method, Path: path, Access: a, Handler: handler}
	// Every list's export is a GET <list>/export through api.ExportOf, and an import's template a GET
	// <list>/...Template: a workbook, whatever its list.
	if method == "GET" && (strings.HasSuffix(path, "/export") || strings.HasSuffix(path, "Template")) {
		r.Kind, r.Declared = KindXLSX, true
	}
	t.routes = append(t.routes, r)
	return r
}

// Routes are the recorded routes by path, then method.
func (t *Table) Routes() []*Route {
	out := append([]*Route(nil), t.routes...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Method < out[j].Method
	})
	return out
}
