package sdk

import (
	"encoding/json"
	"reflect"

	"github.com/invopop/jsonschema"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
	"github.com/mcpdev/mcpdev/sdk/internal/infer"
)

// The sdk's calls into sdk/internal/infer, each timed as the start-up
// phase "infer", and what infer reads of the doc index.

// inferSchema is the schema of t (an output's: nil slices and maps are
// null); see infer.Schema.
func inferSchema(t reflect.Type, docs *docIndex, output bool) (*jsonschema.Schema, error) {
	defer startPhase("infer").end()
	return infer.Schema(t, infer.Options{Docs: docs, Output: output})
}

// inferInputSchema is the published input schema of t; open leaves
// additionalProperties: false off its objects.
func inferInputSchema(t reflect.Type, docs *docIndex, open bool) (*jsonschema.Schema, error) {
	defer startPhase("infer").end()
	return infer.Schema(t, infer.Options{Docs: docs, Open: open})
}

// inferValidationSchema is the input schema of t as the SDK validates it:
// the published one plus the limits it leaves unsaid.
func inferValidationSchema(t reflect.Type, docs *docIndex) (*jsonschema.Schema, error) {
	defer startPhase("infer").end()
	return infer.ValidationSchema(t, docs)
}

func mustJSON(v any) json.RawMessage {
	defer startPhase("infer").end()
	if s, ok := v.(*jsonschema.Schema); ok {
		if b, ok := infer.JSON(s); ok {
			return b
		}
	}
	b, err := jsonenc.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// checkFields is infer.CheckFields with the package's doc index.
func checkFields(t reflect.Type, output bool) error { return infer.CheckFields(t, output, docs) }

// Field is the doc comment of field of struct type t, for infer.
func (d *docIndex) Field(t reflect.Type, field string) string { return d.field(t, field) }

// Values are the values declared for named type t, for infer.
func (d *docIndex) Values(t reflect.Type) []any { return declaredValues(t, d) }
