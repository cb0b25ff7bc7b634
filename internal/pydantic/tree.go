package pydantic

// The validator-neutral input of the wording: a validator (internal/validate,
// or the jsonschema library through internal/pydantic/libadapt) reports
// what failed as a tree of Errors over a graph of Schemas, and Convert
// turns the tree into Pydantic's violations. Nothing here knows which
// validator it was.

// Schema is what the wording needs to know of one compiled subschema: the
// variants of a union, the names of models and types, and where each
// property is declared.
type Schema struct {
	// Location is the subschema's absolute location, "<document>#<pointer>"
	// with each pointer token ~-escaped and then path-escaped, as the
	// jsonschema library writes it: its fragment keys Order.
	Location string
	Title    string
	Types    []string // the "type" keyword in null, boolean, number, integer, string, array, object order; nil: none
	Ref      *Schema
	AllOf    []*Schema
	AnyOf    []*Schema
	OneOf    []*Schema

	Properties    map[string]*Schema
	Required      []string
	HasAdditional bool    // additionalProperties is present (false or a schema)
	Additional    *Schema // additionalProperties as a schema
	HasItems      bool    // items is present
	Items         *Schema // items as one schema

	Const   *any  // nil: no const
	HasEnum bool  // enum is present
	Enum    []any // its values

	Constrained   bool   // a number bound or multipleOf
	Format        string // a format the validator asserts; "": none
	StringBounded bool   // minLength, maxLength or pattern
}

// Kind is what an Error reports.
type Kind uint8

const (
	// KindGroup: several checks of one schema failed; see Causes.
	KindGroup Kind = iota
	// KindRef: the target of a $ref failed; see Causes.
	KindRef
	// KindAnyOf: no variant of an anyOf matched; Causes has one entry
	// per variant, in order.
	KindAnyOf
	// KindOneOf: no variant of a oneOf matched (Causes as for KindAnyOf),
	// or two did (Both).
	KindOneOf
	// KindMissing: the required properties Names are absent.
	KindMissing
	// KindExtra: the properties Names are not allowed.
	KindExtra
	// KindType: the value is none of the types Names.
	KindType
	// KindLeaf: one check, worded as Type and Message.
	KindLeaf
)

// Error is one failed check, or a node grouping failed checks.
type Error struct {
	Kind   Kind
	Loc    []string // instance location
	Schema *Schema  // KindAnyOf, KindOneOf, KindRef: the schema holding the union or the $ref
	Names  []string // KindMissing, KindExtra, KindType
	Both   []int    // KindOneOf: the first two variants that matched
	Type   string   // KindLeaf
	Msg    string   // KindLeaf
	Causes []*Error
}
