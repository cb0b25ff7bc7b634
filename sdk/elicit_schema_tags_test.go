package sdk

import (
	"reflect"
	"strings"
	"testing"
)

type formDash struct {
	//lint:ignore SA5008 the tag under test: a member named "-"
	Dash string `json:"-,omitempty"`
	Skip string `json:"-"`
}

type formTypo struct {
	Nights int `json:"nights" jsonschema:"minimum=1,maximun=14"`
}

type formDefault struct {
	Room string `json:"room" jsonschema:"enum=single,enum=double,default=suite"`
}

// twiceNamed is a struct whose fields A and B are both tagged json:"a",
// built at run time: go vet refuses the declaration written out.
var twiceNamed = reflect.StructOf([]reflect.StructField{
	{Name: "A", Type: reflect.TypeFor[string](), Tag: `json:"a"`},
	{Name: "B", Type: reflect.TypeFor[string](), Tag: `json:"a"`},
})

// A json:"-,…" field is the member "-", as encoding/json reads it (it was
// left out of the form); a form's tag mistakes and JSON names given twice
// are errors as in tool arguments.
func TestElicitSchemaFieldRules(t *testing.T) {
	raw, err := elicitSchema(reflect.TypeFor[formDash]())
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"type":"object","properties":{"-":{"type":"string"}}}`; string(raw) != want {
		t.Errorf("schema = %s, want %s", raw, want)
	}
	for _, c := range []struct {
		t    reflect.Type
		want string
	}{
		{reflect.TypeFor[formTypo](), `nights (sdk.formTypo.Nights): jsonschema tag "maximun=14": unknown key "maximun"; did you mean "maximum"?`},
		{reflect.TypeFor[formDefault](), `room (sdk.formDefault.Room): jsonschema tag "default=suite": suite is not one of the field's values single, double`},
		{twiceNamed, `2 fields have the JSON name "a"`},
	} {
		if _, err := elicitSchema(c.t); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err = %v\nwant it to contain %q", c.t, err, c.want)
		}
	}
}

// Two fields tagged with one JSON name fail registration, tool inputs and
// outputs alike, with the fix (a tagged name is renamed, not re-tagged).
func TestJSONNameGivenTwice(t *testing.T) {
	for _, output := range []bool{false, true} {
		err := checkFields(twiceNamed, output)
		want := `2 fields have the JSON name "a" and encoding/json reads and writes none of them: give one of them another name (json:"…")`
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), ".A, ") {
			t.Errorf("output=%v: err = %v\nwant it to contain %q", output, err, want)
		}
	}
}
