package libadapt

import (
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpdev/mcpdev/internal/pydantic"
)

// schema returns pydantic's view of a compiled schema (nil for nil),
// converting each schema reachable from it once.
func (a *adapter) schema(s *jsonschema.Schema) *pydantic.Schema {
	if s == nil {
		return nil
	}
	if a.root == nil {
		a.root = s
	}
	if p, ok := a.schemas[s]; ok {
		return p
	}
	p := &pydantic.Schema{Location: s.Location, Title: s.Title, Required: s.Required}
	a.schemas[s] = p
	if s.Types != nil {
		p.Types = s.Types.ToStrings()
	}
	p.Ref = a.schema(s.Ref)
	p.AllOf = a.list(s.AllOf)
	p.AnyOf = a.list(s.AnyOf)
	p.OneOf = a.list(s.OneOf)
	if len(s.Properties) > 0 {
		p.Properties = make(map[string]*pydantic.Schema, len(s.Properties))
		for name, sub := range s.Properties {
			p.Properties[name] = a.schema(sub)
		}
	}
	p.HasAdditional = s.AdditionalProperties != nil
	p.Additional = a.schema(asSchema(s.AdditionalProperties))
	p.HasItems = s.Items2020 != nil || s.Items != nil
	if s.Items2020 != nil {
		p.Items = a.schema(s.Items2020)
	} else {
		p.Items = a.schema(asSchema(s.Items))
	}
	p.Const = s.Const
	if s.Enum != nil {
		p.HasEnum, p.Enum = true, s.Enum.Values
	}
	p.Constrained = s.Minimum != nil || s.Maximum != nil || s.ExclusiveMinimum != nil || s.ExclusiveMaximum != nil || s.MultipleOf != nil
	if s.Format != nil {
		p.Format = s.Format.Name
	}
	p.StringBounded = s.MinLength != nil || s.MaxLength != nil || s.Pattern != nil
	return p
}

func (a *adapter) list(ss []*jsonschema.Schema) []*pydantic.Schema {
	if ss == nil {
		return nil
	}
	out := make([]*pydantic.Schema, len(ss))
	for i, s := range ss {
		out[i] = a.schema(s)
	}
	return out
}

// schemaAt finds the compiled schema at a location, indexing every schema
// reachable from the root on first use.
func (a *adapter) schemaAt(location string) *jsonschema.Schema {
	if a.root == nil {
		return nil
	}
	if a.byLocation == nil {
		a.byLocation = map[string]*jsonschema.Schema{}
		indexSchemas(a.root, a.byLocation)
	}
	return a.byLocation[location]
}

func indexSchemas(s *jsonschema.Schema, index map[string]*jsonschema.Schema) {
	if s == nil {
		return
	}
	if _, seen := index[s.Location]; seen {
		return
	}
	index[s.Location] = s
	for _, sub := range subschemas(s) {
		indexSchemas(sub, index)
	}
}

// subschemas lists the schemas s applies to its value or its children.
func subschemas(s *jsonschema.Schema) []*jsonschema.Schema {
	subs := []*jsonschema.Schema{s.Ref, s.RecursiveRef, s.Not, s.If, s.Then, s.Else,
		s.PropertyNames, s.UnevaluatedProperties, s.Contains, s.Items2020, s.UnevaluatedItems, s.ContentSchema}
	if s.DynamicRef != nil {
		subs = append(subs, s.DynamicRef.Ref)
	}
	subs = append(subs, s.AllOf...)
	subs = append(subs, s.AnyOf...)
	subs = append(subs, s.OneOf...)
	subs = append(subs, s.PrefixItems...)
	for _, p := range s.Properties {
		subs = append(subs, p)
	}
	for _, p := range s.PatternProperties {
		subs = append(subs, p)
	}
	for _, p := range s.DependentSchemas {
		subs = append(subs, p)
	}
	for _, d := range s.Dependencies {
		subs = append(subs, asSchema(d))
	}
	subs = append(subs, asSchema(s.AdditionalProperties), asSchema(s.AdditionalItems))
	switch it := s.Items.(type) {
	case *jsonschema.Schema:
		subs = append(subs, it)
	case []*jsonschema.Schema:
		subs = append(subs, it...)
	}
	return subs
}

func asSchema(v any) *jsonschema.Schema {
	s, _ := v.(*jsonschema.Schema)
	return s
}
