package validate_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpdev/mcpdev/internal/pydantic"
	"github.com/mcpdev/mcpdev/internal/pydantic/libadapt"
	"github.com/mcpdev/mcpdev/internal/schema/compile"
	"github.com/mcpdev/mcpdev/internal/validate"
)

// The differential test: for every schema this package compiles, its
// violations (path, type, message, input, order) are those of the
// jsonschema library worded by internal/pydantic/libadapt, the path the sdk
// took before it had its own validator.

func decode(t testing.TB, s string) (any, bool) {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return nil, false
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, false
	}
	return v, true
}

// lines renders violations one per line, everything that is compared.
func lines(vs []pydantic.Violation) string {
	var b strings.Builder
	for _, v := range vs {
		fmt.Fprintf(&b, "%s | %s [type=%s, input_value=%s, input_type=%s]\n", v.Path, v.Message, v.Type, pydantic.Repr(v.Input), pydantic.TypeName(v.Input))
	}
	return b.String()
}

// options are the ways the sdk asks for violations: plain (output
// schemas), and in declaration order, lax, with the input as sent (tool
// arguments).
func options(t testing.TB, raw []byte, instance string) map[string]pydantic.Options {
	order, err := pydantic.NewOrder(raw)
	if err != nil {
		t.Fatal(err)
	}
	sentOrder, _ := pydantic.InputOrder([]byte(instance))
	sent, _ := decode(t, instance)
	return map[string]pydantic.Options{
		"plain":     {},
		"ordered":   {Order: order},
		"arguments": {Order: order, Lax: true, Sent: func() (any, pydantic.Order) { return sent, sentOrder }},
	}
}

// schemas compiles raw both ways; false when this package does not
// compile it (then the library is not asked).
type schemas struct {
	raw []byte
	own *validate.Schema
	lib *jsonschema.Schema
}

func compileBoth(t testing.TB, raw []byte) (schemas, bool) {
	t.Helper()
	own, err := validate.Compile(raw)
	if err != nil {
		return schemas{}, false
	}
	lib, err := compile.Schema(raw, libadapt.Configure)
	if err != nil {
		t.Fatalf("the library refuses a schema this package compiles: %v\nschema %s", err, raw)
	}
	return schemas{raw, own, lib}, true
}

// compare validates instance both ways.
func (s schemas) compare(t testing.TB, instance string) {
	t.Helper()
	v, ok := decode(t, instance)
	if !ok {
		return
	}
	if ownErr, libErr := s.own.Validate(v), s.lib.Validate(v); (ownErr == nil) != (libErr == nil) {
		t.Fatalf("validity differs: own %v, library %v\nschema   %s\ninstance %s", ownErr, libErr, s.raw, instance)
	}
	for name, o := range options(t, s.raw, instance) {
		got, want := lines(s.own.Check(v, o)), lines(libadapt.CheckWith(s.lib, v, o))
		if got != want {
			t.Fatalf("%s: violations differ\nschema   %s\ninstance %s\nlibrary:\n%sown:\n%s", name, s.raw, instance, want, got)
		}
	}
}

func TestCorpusMatchesLibrary(t *testing.T) {
	for i, c := range corpus {
		s, ok := compileBoth(t, []byte(c.schema))
		if !ok {
			t.Fatalf("corpus schema %d does not compile", i)
		}
		for _, instance := range c.instances {
			s.compare(t, instance)
		}
	}
}

// A keyword the validator does not implement is refused, named.
func TestUnsupportedKeywordRefused(t *testing.T) {
	tests := []struct{ schema, want string }{
		{`{"type":"object","properties":{"a":{"unevaluatedItems":{"type":"string"}}}}`, `keyword "unevaluatedItems"`},
		{`{"dependencies":{"a":["b"]}}`, `keyword "dependencies"`},
		{`{"unevaluatedProperties":false}`, `keyword "unevaluatedProperties"`},
		{`{"properties":{"h":{"type":"string","format":"uri-template"}}}`, `format: "uri-template"`},
		{`{"$schema":"http://json-schema.org/draft-07/schema#"}`, `only draft 2020-12`},
		{`{"$ref":"#addressDef"}`, `JSON-pointer`},
	}
	for _, tt := range tests {
		_, err := validate.Compile([]byte(tt.schema))
		if err == nil || !errors.Is(err, validate.ErrUnsupported) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Compile(%s) = %v, want ErrUnsupported naming %s", tt.schema, err, tt.want)
		}
	}
}

// Schemas the library refuses are refused here too.
func TestInvalidSchemaRefused(t *testing.T) {
	for _, s := range []string{
		`{"type":"nonsense"}`, `{"minimum":"1"}`, `{"minLength":-1}`, `{"required":"a"}`, `{"pattern":"("}`,
		`{"anyOf":[]}`, `{"properties":{"a":5}}`, `{"multipleOf":0}`, `{"$ref":"#/$defs/none"}`, `[]`, `{} {}`,
	} {
		if _, err := validate.Compile([]byte(s)); err == nil {
			t.Errorf("Compile(%s) accepted it", s)
		}
		if _, err := compile.Schema([]byte(s), libadapt.Configure); err == nil && !bytes.Contains([]byte(s), []byte("} {")) {
			t.Logf("(the library accepts %s)", s)
		}
	}
}

func TestRemoteRefRefused(t *testing.T) {
	_, err := validate.Compile([]byte(`{"properties":{"a":{"$ref":"https://example.com/s.json"}}}`))
	if !errors.Is(err, compile.ErrRemoteRef) {
		t.Errorf("err = %v, want ErrRemoteRef", err)
	}
}

// A schema that applies itself to the same value forever is refused.
func TestRefCycleRefused(t *testing.T) {
	for _, s := range []string{`{"$ref":"#"}`, `{"$defs":{"A":{"anyOf":[{"$ref":"#/$defs/A"}]}},"$ref":"#/$defs/A"}`} {
		if _, err := validate.Compile([]byte(s)); err == nil || !strings.Contains(err.Error(), "cycle") {
			t.Errorf("Compile(%s) = %v, want a cycle error", s, err)
		}
	}
	if _, err := validate.Compile([]byte(`{"properties":{"next":{"$ref":"#"}}}`)); err != nil {
		t.Errorf("a recursive type is no cycle: %v", err)
	}
}

// The library lists an object's dependentSchemas failures in a map's
// random order, and folds an items schema into the array's error; the
// adapter still orders them by name, as this package does (it failed 1
// run in ~100 of TestRandomMatchesLibrary, and here ~1 comparison in 4).
func TestDependentSchemasUnderItemsOrderedByName(t *testing.T) {
	s, ok := compileBoth(t, []byte(`{"items":{"dependentSchemas":{"b":{"const":true},"a":false}}}`))
	if !ok {
		t.Fatal("schema does not compile")
	}
	for range 50 {
		s.compare(t, `[{"a":null,"b":-1}]`)
	}
}
