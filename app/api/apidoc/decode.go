package apidoc

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// The schemas read back from the served document (the tests validate answers against what is served).

// UnmarshalJSON reads additionalProperties false as a closed object.
func (s *Schema) UnmarshalJSON(b []byte) error {
	type plain Schema
	var aux struct {
		*plain
		Additional json.RawMessage `json:"additionalProperties"`
	}
	aux.plain = (*plain)(s)
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	switch a := bytes.TrimSpace(aux.Additional); {
	case len(a) == 0:
	case string(a) == "false":
		s.Closed = true
	default:
		s.AdditionalProperties = &Schema{}
		return json.Unmarshal(a, s.AdditionalProperties)
	}
	return nil
}

// UnmarshalJSON reads one type name or several.
func (t *Types) UnmarshalJSON(b []byte) error {
	if bytes.HasPrefix(bytes.TrimSpace(b), []byte("[")) {
		return json.Unmarshal(b, (*[]string)(t))
	}
	var one string
	if err := json.Unmarshal(b, &one); err != nil {
		return err
	}
	*t = Types{one}
	return nil
}

// UnmarshalJSON reads the properties in their order.
func (p *Props) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return fmt.Errorf("properties: want an object")
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		var s Schema
		if err := dec.Decode(&s); err != nil {
			return err
		}
		*p = append(*p, Prop{Name: tok.(string), Schema: &s})
	}
	return nil
}
