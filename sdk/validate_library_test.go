package sdk

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpdev/mcpdev/internal/pydantic"
	"github.com/mcpdev/mcpdev/internal/pydantic/libadapt"
	"github.com/mcpdev/mcpdev/internal/schema/compile"
	"github.com/mcpdev/mcpdev/internal/testutil"
)

// The sdk's own validator (internal/validate) against the jsonschema
// library it replaced, worded by internal/pydantic/libadapt, on the
// schemas the sdk infers from Go types: for random argument types
// (property_gen_test.go) and valid, broken and random arguments, a tool
// call reports the very violations (path, type, message, input, order)
// the library path reports. internal/validate's own differential test
// covers hand-written schemas and every supported keyword.
func TestInferredSchemasMatchLibrary(t *testing.T) {
	compared := 0
	for seed := uint64(0); seed < 300; seed++ {
		r := rand.New(rand.NewPCG(seed, 0x6c6962))
		typ := genStruct(r, 3)
		c, err := newArgsCodec(typ, nil, true)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		check := mustJSON(inferred(inferValidationSchema(typ, docs)))
		lib, err := compile.Schema(check, libadapt.Configure)
		if err != nil {
			t.Fatalf("seed %d: library: %v", seed, err)
		}
		for i := 0; i < 6; i++ {
			n := genObject(r, typ, 3)
			if i%2 == 1 {
				breakObject(r, typ, n, nil, 0.3)
			}
			texts := [][]byte{n.text(false), []byte(testutil.RandomJSON(r, 1))}
			for _, raw := range texts {
				v, err := decodeArgs(raw)
				if err != nil {
					continue
				}
				p := preparer{argSchema: c.args}
				v = p.prepare(c.args.root, v, 0)
				got := violationLines(c.violations(raw, v))
				want := violationLines(libraryViolations(lib, c.order(), raw, v))
				if got != want {
					t.Fatalf("seed %d: %v given %s:\nschema %s\nlibrary:\n%sown:\n%s", seed, typ, raw, check, want, got)
				}
				compared++
			}
		}
	}
	t.Logf("%d arguments compared", compared)
}

// libraryViolations is argsCodec.violations as it was with the library.
func libraryViolations(lib *jsonschema.Schema, order pydantic.Order, raw json.RawMessage, v any) []Violation {
	sent := func() (any, pydantic.Order) {
		x, err := decodeArgs(raw)
		if err != nil {
			return v, nil
		}
		o, _ := pydantic.InputOrder(raw)
		return x, o
	}
	var out []Violation
	for _, pv := range libadapt.CheckWith(lib, v, pydantic.Options{Order: order, Sent: sent, Lax: true}) {
		out = append(out, Violation(pv))
	}
	return out
}

func violationLines(vs []Violation) string {
	var b strings.Builder
	for _, v := range vs {
		fmt.Fprintf(&b, "%s | %s [type=%s, input_value=%s, input_type=%s]\n", v.Path, v.Message, v.Type, pydantic.Repr(v.Input), pydantic.TypeName(v.Input))
	}
	return b.String()
}

// elicitDiffForm has every kind of elicitation field.
type elicitDiffForm struct {
	Name   string   `json:"name" jsonschema:"title=Your name,minLength=1,maxLength=5"`
	Nights int      `json:"nights" jsonschema:"minimum=1,maximum=14,default=2"`
	Ratio  *float64 `json:"ratio,omitempty" jsonschema:"minimum=0.5"`
	Email  string   `json:"email,omitempty" jsonschema:"format=email"`
	Day    string   `json:"day,omitempty" jsonschema:"format=date"`
	Room   string   `json:"room" jsonschema:"enum=single,enum=double" enumTitles:"Single room,Double room"`
	Extras []string `json:"extras,omitempty" jsonschema:"enum=breakfast,enum=parking,minItems=1"`
	Sure   bool     `json:"sure"`
}

// An accepted elicitation answer (its numbers kept as sent, json.Number,
// as a tool's arguments) is checked with the library's violations too.
func TestElicitFormMatchesLibrary(t *testing.T) {
	f, err := formOf(reflect.TypeFor[elicitDiffForm]())
	if err != nil {
		t.Fatal(err)
	}
	lib, err := compile.Schema(plainEnums(f.schema), libadapt.Configure)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 6))
	answers := []string{`{}`, `{"name":"","nights":0,"ratio":0.25,"email":"x","day":"2024-13-01","room":"suite","extras":[],"sure":"yes"}`,
		`{"name":"abcdef","nights":15.5,"room":"single","extras":["spa","breakfast"],"sure":true,"more":1}`,
		`{"name":"a","nights":2,"room":"double","sure":false,"ratio":1e300}`}
	for range 300 {
		answers = append(answers, testutil.RandomJSON(r, 0))
	}
	for _, a := range answers {
		v, err := decodeArgs(json.RawMessage(a))
		if err != nil {
			continue
		}
		var own []Violation
		if err := f.check(json.RawMessage(a)); err != nil {
			var ae *AnswerError
			if errors.As(err, &ae) {
				own = ae.Problems
			}
		}
		var want []Violation
		for _, pv := range libadapt.CheckWith(lib, v, pydantic.Options{Order: f.order}) {
			want = append(want, Violation(pv))
		}
		if got, w := violationLines(own), violationLines(want); got != w {
			t.Fatalf("answer %s:\nlibrary:\n%sown:\n%s", a, w, got)
		}
	}
}
