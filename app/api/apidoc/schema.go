package apidoc

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// Schema is the subset of JSON Schema (2020-12, as OpenAPI 3.1 has it) the document uses; Validate reads the same.
type Schema struct {
	Ref         string   `json:"$ref,omitempty"`
	Type        Types    `json:"type,omitempty"`
	Format      string   `json:"format,omitempty"`
	Description string   `json:"description,omitempty"`
	Const       *string  `json:"const,omitempty"`
	Properties  Props    `json:"properties,omitempty"`
	Required    []string `json:"required,omitempty"`
	// Closed objects (Go structs) allow no other property: an answer's field the type does not have is a mismatch.
	AdditionalProperties *Schema   `json:"-"`
	Closed               bool      `json:"-"`
	Items                *Schema   `json:"items,omitempty"`
	AnyOf                []*Schema `json:"anyOf,omitempty"`
}

// MarshalJSON writes additionalProperties as false for a closed object, else as its schema.
func (s *Schema) MarshalJSON() ([]byte, error) {
	type plain Schema
	b, err := json.Marshal((*plain)(s))
	if err != nil || (!s.Closed && s.AdditionalProperties == nil) {
		return b, err
	}
	var extra []byte
	if s.Closed {
		extra = []byte("false")
	} else if extra, err = json.Marshal(s.AdditionalProperties); err != nil {
		return nil, err
	}
	b = bytes.TrimSuffix(b, []byte("}"))
	if len(b) > 1 {
		b = append(b, ',')
	}
	return append(append(append(b, `"additionalProperties":`...), extra...), '}'), nil
}

// Types is a schema's type: one name, or several (["string","null"]).
type Types []string

// MarshalJSON writes one type as a string, several as an array.
func (t Types) MarshalJSON() ([]byte, error) {
	if len(t) == 1 {
		return json.Marshal(t[0])
	}
	return json.Marshal([]string(t))
}

// Prop is one property of an object schema.
type Prop struct {
	Name   string
	Schema *Schema
}

// Props are an object's properties in the order of the Go type's fields.
type Props []Prop

// MarshalJSON writes the properties as an object, in order.
func (p Props) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, pr := range p {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(pr.Name)
		v, err := json.Marshal(pr.Schema)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Get is the named property's schema, or nil.
func (p Props) Get(name string) *Schema {
	for _, pr := range p {
		if pr.Name == name {
			return pr.Schema
		}
	}
	return nil
}

// typeUse is a type as read (a request) or as written (an answer): the two schemas differ.
type typeUse struct {
	t       reflect.Type
	request bool
}

// Registry turns Go types into schemas, each named struct once under components/schemas.
type Registry struct {
	Schemas map[string]*Schema
	names   map[typeUse]string
	// request: the types are read (json.Unmarshaler matters), else written (json.Marshaler does).
	request bool
}

func newRegistry() *Registry {
	return &Registry{Schemas: map[string]*Schema{}, names: map[typeUse]string{}}
}

var (
	timeType      = reflect.TypeFor[time.Time]()
	decimalType   = reflect.TypeFor[decimal.Decimal]()
	numberType    = reflect.TypeFor[json.Number]()
	marshaler     = reflect.TypeFor[json.Marshaler]()
	unmarshaler   = reflect.TypeFor[json.Unmarshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
	nameJunk      = regexp.MustCompile(`[^A-Za-z0-9._-]+`)
)

func str(t ...string) Types { return Types(t) }

// Of is the schema of values of type t as encoding/json writes them (or reads them, for a request).
func (r *Registry) Of(t reflect.Type) *Schema {
	switch {
	case t == timeType:
		return &Schema{Type: str("string"), Format: "date-time"}
	case t == numberType:
		return &Schema{Type: str("number")}
	case isDecimal(t) && r.request:
		return &Schema{Type: str("string", "number"), Format: "decimal"}
	case isDecimal(t):
		return &Schema{Type: str("string"), Format: "decimal"}
	}
	if r.request && (t.Implements(unmarshaler) || reflect.PointerTo(t).Implements(unmarshaler)) {
		return &Schema{Description: "字符串或数字"}
	}
	if !r.request {
		if t.Implements(marshaler) || reflect.PointerTo(t).Implements(marshaler) {
			return &Schema{Description: "自定义格式"}
		}
		if t.Implements(textMarshaler) {
			return &Schema{Type: str("string")}
		}
	}
	switch t.Kind() {
	case reflect.Pointer:
		return nullable(r.Of(t.Elem()))
	case reflect.String:
		return &Schema{Type: str("string")}
	case reflect.Bool:
		return &Schema{Type: str("boolean")}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return &Schema{Type: str("integer")}
	case reflect.Float32, reflect.Float64:
		return &Schema{Type: str("number")}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return &Schema{Type: str("string"), Format: "byte"}
		}
		// A nil slice is written as null.
		return &Schema{Type: str("array", "null"), Items: r.Of(t.Elem())}
	case reflect.Array:
		return &Schema{Type: str("array"), Items: r.Of(t.Elem())}
	case reflect.Map:
		return &Schema{Type: str("object", "null"), AdditionalProperties: r.Of(t.Elem())}
	case reflect.Struct:
		return r.named(t)
	}
	return &Schema{} // an interface: anything
}

// isDecimal tells a decimal, or a struct that is one (models.Money), written as a quoted decimal string.
func isDecimal(t reflect.Type) bool {
	return t == decimalType || t.Kind() == reflect.Struct && t.NumField() == 1 && t.Field(0).Anonymous &&
		t.Field(0).Type == decimalType
}

// nullable is s that also allows null.
func nullable(s *Schema) *Schema {
	if s.Ref != "" || len(s.Type) == 0 {
		if len(s.Type) == 0 && s.Ref == "" && len(s.AnyOf) == 0 {
			return s // already anything
		}
		return &Schema{AnyOf: []*Schema{s, {Type: str("null")}}}
	}
	for _, t := range s.Type {
		if t == "null" {
			return s
		}
	}
	c := *s
	c.Type = append(append(Types(nil), s.Type...), "null")
	return &c
}

// named is a struct's schema: a reference to its component, built once (recursive types refer to themselves).
func (r *Registry) named(t reflect.Type) *Schema {
	if t.Name() == "" {
		return r.object(t)
	}
	use := typeUse{t, r.request}
	if name, ok := r.names[use]; ok {
		return &Schema{Ref: "#/components/schemas/" + name}
	}
	name := componentName(t)
	// A type both read and answered has two schemas (a request's fields are all optional): the request's is _in.
	if _, answered := r.Schemas[name]; answered && r.request {
		name += "_in"
	}
	for taken := name; ; taken += "_" {
		if _, used := r.Schemas[taken]; !used {
			name = taken
			break
		}
	}
	r.names[use] = name
	r.Schemas[name] = &Schema{} // a placeholder while the fields refer back
	*r.Schemas[name] = *r.object(t)
	return &Schema{Ref: "#/components/schemas/" + name}
}

// componentName is pkg.Type, generic arguments shortened to their package and type (api.Page_users.SubUser).
func componentName(t reflect.Type) string {
	pkg := t.PkgPath()
	name := t.Name()
	if i := strings.LastIndex(pkg, "/"); i >= 0 {
		pkg = pkg[i+1:]
	}
	// Type arguments come with their whole import path: keep the last element of each.
	name = regexp.MustCompile(`[A-Za-z0-9_.]*/`).ReplaceAllString(name, "")
	name = strings.NewReplacer("[", "_", "]", "", ",", "_", "*", "").Replace(name)
	return nameJunk.ReplaceAllString(pkg+"."+name, "_")
}

// object is a struct's fields as encoding/json names them: embedded structs' fields flattened, omitempty ones
// optional, "-" left out.
func (r *Registry) object(t reflect.Type) *Schema {
	s := &Schema{Type: str("object"), Closed: true}
	r.fields(t, s)
	return s
}

func (r *Registry) fields(t reflect.Type, s *Schema) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				r.fields(ft, s)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		var fs *Schema
		if hasOpt(opts, "string") {
			fs = &Schema{Type: str("string")}
		} else {
			fs = r.Of(ft)
		}
		// null:"never" marks a slice the code never leaves nil (api.Page's records): the schema then refuses null.
		if f.Tag.Get("null") == "never" && !r.request {
			fs = notNull(fs)
		}
		if doc := f.Tag.Get("doc"); doc != "" {
			fs = withDescription(fs, doc)
		}
		// A request's fields may all be left out (the handler checks them and says which is missing).
		if !r.request && !hasOpt(opts, "omitempty") && !hasOpt(opts, "omitzero") {
			s.Required = append(s.Required, name)
		}
		s.Properties = append(s.Properties, Prop{Name: name, Schema: fs})
	}
}

func notNull(s *Schema) *Schema {
	c := *s
	c.Type = nil
	for _, t := range s.Type {
		if t != "null" {
			c.Type = append(c.Type, t)
		}
	}
	return &c
}

func withDescription(s *Schema, d string) *Schema {
	c := *s
	c.Description = d
	return &c
}

func hasOpt(opts, want string) bool {
	for _, o := range strings.Split(opts, ",") {
		if o == want {
			return true
		}
	}
	return false
}
