package pages

import (
	"sort"
	"strconv"
	"strings"

	"sellerhub/app/api/apidoc"
	"sellerhub/views"
)

// apiDocShapes turns the description's schemas into the page's rows, noting the named shapes they refer to so
// that the page lists each once.
type apiDocShapes struct {
	doc  *apidoc.Document
	seen map[string]bool
}

const refPrefix = "#/components/schemas/"

func (s *apiDocShapes) route(op *apidoc.Operation) views.APIDocRoute {
	r := views.APIDocRoute{Anchor: "route-" + op.OperationID, Method: op.Method, Path: apidoc.OpenAPIPath(op.Path),
		Access: op.Access.Text, Handler: op.Handler, Undeclared: op.Undeclared}
	for _, p := range op.Parameters {
		where := "查询参数"
		if p.In == "path" {
			where = "路径参数"
		}
		r.Params = append(r.Params, s.field(p.Name, p.Schema, p.Required, 0, where))
	}
	if op.RequestBody != nil {
		for _, m := range op.RequestBody.Content {
			r.Request = s.fields(m.Schema, 0)
		}
	}
	switch {
	case op.Answer != nil:
		r.Answer = s.fields(op.Answer, 0)
	default:
		for _, resp := range op.Responses {
			if resp.Description != "" && len(resp.Content) > 0 && r.AnswerFile == "" {
				for ct := range resp.Content {
					if ct != "application/json" {
						r.AnswerFile = resp.Description + "（" + ct + "）"
					}
				}
			}
		}
	}
	for _, e := range op.Errors {
		r.Errors = append(r.Errors, views.APIDocError{Status: strconv.Itoa(e.Status), Code: e.Code, Msg: e.Msg, When: e.When})
	}
	return r
}

// fields are an object's rows; a named object's fields are shown in place, one level down from its name.
func (s *apiDocShapes) fields(sc *apidoc.Schema, depth int) []views.APIDocField {
	sc = s.resolve(sc)
	var out []views.APIDocField
	for _, p := range sc.Properties {
		out = append(out, s.field(p.Name, p.Schema, contains(sc.Required, p.Name), depth, p.Schema.Description))
		// The envelope's data is opened one level, so that a list's records show without a jump.
		if depth == 0 && p.Name == "data" && p.Schema.Ref != "" {
			out = append(out, s.fields(p.Schema, depth+1)...)
		} else if p.Schema.Ref == "" && len(p.Schema.Properties) > 0 {
			out = append(out, s.fields(p.Schema, depth+1)...)
		}
	}
	return out
}

func (s *apiDocShapes) field(name string, sc *apidoc.Schema, required bool, depth int, note string) views.APIDocField {
	f := views.APIDocField{Name: name, Required: required, Depth: depth, Note: note}
	f.Type, f.Ref = s.typeName(sc)
	return f
}

// typeName writes a schema's type in short (array<dicts.Item>, string | null) and the anchor of the named shape
// it holds, if any.
func (s *apiDocShapes) typeName(sc *apidoc.Schema) (string, string) {
	switch {
	case sc.Ref != "":
		name := strings.TrimPrefix(sc.Ref, refPrefix)
		s.seen[name] = true
		return name, "schema-" + name
	case len(sc.AnyOf) > 0:
		var parts []string
		ref := ""
		for _, a := range sc.AnyOf {
			t, r := s.typeName(a)
			parts = append(parts, t)
			if ref == "" {
				ref = r
			}
		}
		return strings.Join(parts, " | "), ref
	case sc.Const != nil:
		return `"` + *sc.Const + `"`, ""
	}
	var parts []string
	ref := ""
	for _, t := range sc.Type {
		switch {
		case t == "array" && sc.Items != nil:
			item, r := s.typeName(sc.Items)
			parts, ref = append(parts, "array<"+item+">"), r
		case t == "object" && sc.AdditionalProperties != nil:
			v, r := s.typeName(sc.AdditionalProperties)
			parts, ref = append(parts, "object<string, "+v+">"), r
		case sc.Format != "" && t == "string":
			parts = append(parts, "string("+sc.Format+")")
		default:
			parts = append(parts, t)
		}
	}
	if len(parts) == 0 {
		return "any", ""
	}
	return strings.Join(parts, " | "), ref
}

func (s *apiDocShapes) resolve(sc *apidoc.Schema) *apidoc.Schema {
	if sc.Ref != "" {
		name := strings.TrimPrefix(sc.Ref, refPrefix)
		s.seen[name] = true
		if t := s.doc.Components.Schemas[name]; t != nil {
			return t
		}
	}
	return sc
}

// schemas are the named shapes the rows referred to, and those they refer to in turn, by name.
func (s *apiDocShapes) schemas() []views.APIDocSchema {
	done := map[string]views.APIDocSchema{}
	for {
		var todo []string
		for name := range s.seen {
			if _, ok := done[name]; !ok {
				todo = append(todo, name)
			}
		}
		if len(todo) == 0 {
			break
		}
		for _, name := range todo {
			done[name] = views.APIDocSchema{Anchor: "schema-" + name, Name: name,
				Fields: s.fields(&apidoc.Schema{Ref: refPrefix + name}, 1)}
		}
	}
	out := make([]views.APIDocSchema, 0, len(done))
	for _, v := range done {
		for i := range v.Fields {
			v.Fields[i].Depth--
		}
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
