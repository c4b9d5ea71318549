package apidoc

import (
	"fmt"
	"sort"
	"strings"
)

// Validate checks a decoded JSON value (encoding/json's any) against a schema of the document, references
// resolved in its components, and says every place where the value differs. It knows the subset Build writes.
func (d *Document) Validate(s *Schema, v any) []string {
	var out []string
	d.validate(s, v, "$", &out)
	return out
}

func (d *Document) validate(s *Schema, v any, at string, out *[]string) {
	if s.Ref != "" {
		target := d.Components.Schemas[strings.TrimPrefix(s.Ref, "#/components/schemas/")]
		if target == nil {
			*out = append(*out, at+": 未知的引用 "+s.Ref)
			return
		}
		s = target
	}
	if len(s.AnyOf) > 0 {
		for _, alt := range s.AnyOf {
			var errs []string
			d.validate(alt, v, at, &errs)
			if len(errs) == 0 {
				return
			}
		}
		*out = append(*out, fmt.Sprintf("%s: %s 不符合任何一种允许的形状", at, kindOf(v)))
		return
	}
	if len(s.Type) > 0 && !typeAllowed(s.Type, v) {
		*out = append(*out, fmt.Sprintf("%s: 应为 %s，实为 %s", at, strings.Join(s.Type, "|"), kindOf(v)))
		return
	}
	if s.Const != nil && v != *s.Const {
		*out = append(*out, fmt.Sprintf("%s: 应为 %q，实为 %v", at, *s.Const, v))
	}
	switch x := v.(type) {
	case map[string]any:
		for _, name := range s.Required {
			if _, ok := x[name]; !ok {
				*out = append(*out, at+": 缺少字段 "+name)
			}
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			switch ps := s.Properties.Get(k); {
			case ps != nil:
				d.validate(ps, x[k], at+"."+k, out)
			case s.AdditionalProperties != nil:
				d.validate(s.AdditionalProperties, x[k], at+"."+k, out)
			case s.Closed:
				*out = append(*out, at+": 文档中没有字段 "+k)
			}
		}
	case []any:
		if s.Items != nil {
			for i, e := range x {
				d.validate(s.Items, e, fmt.Sprintf("%s[%d]", at, i), out)
			}
		}
	}
}

func typeAllowed(types Types, v any) bool {
	k := kindOf(v)
	for _, t := range types {
		if t == k || t == "number" && k == "integer" {
			return true
		}
	}
	return false
}

// kindOf is the JSON type of a decoded value; a whole number is an integer.
func kindOf(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64:
		if x == float64(int64(x)) {
			return "integer"
		}
		return "number"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	}
	return fmt.Sprintf("%T", v)
}
