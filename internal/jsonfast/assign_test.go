package jsonfast

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"
)

type assignGenre string

type assignBook struct {
	Title   string   `json:"title"`
	Year    int      `json:"year"`
	Authors []string `json:"authors,omitempty"`
}

type assignNode struct {
	Name     string        `json:"name"`
	Children []*assignNode `json:"children"`
}

type assignAll struct {
	S       string             `json:"s"`
	B       bool               `json:"b"`
	I       int                `json:"i"`
	I8      int8               `json:"i8"`
	U       uint               `json:"u"`
	U16     uint16             `json:"u16"`
	F       float64            `json:"f"`
	F32     float32            `json:"f32"`
	P       *int               `json:"p"`
	G       *assignGenre       `json:"g"`
	List    []int              `json:"list"`
	Books   []assignBook       `json:"books"`
	Book    *assignBook        `json:"book"`
	M       map[string]float64 `json:"m"`
	MG      map[assignGenre]*assignBook
	Tree    assignNode `json:"tree"`
	NoTag   string
	Skipped string `json:"-"`
	hidden  string //lint:ignore U1000 checks that unexported fields are left alone
}

// decodeBoth stores v with the Assigner and with encoding/json (what
// inputCodec did before), and reports both.
func decodeBoth[T any](t *testing.T, a Assigner, v any) (got, want T, ok bool, wantErr error) {
	t.Helper()
	ok = a(v, reflect.ValueOf(&got).Elem())
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal %#v: %v", v, err)
	}
	wantErr = json.Unmarshal(data, &want)
	return got, want, ok, wantErr
}

func TestAssignMatchesEncodingJSON(t *testing.T) {
	a := NewAssigner(reflect.TypeFor[assignAll]())
	if a == nil {
		t.Fatal("no Assigner for a struct of plain fields")
	}
	cases := []string{
		`{}`,
		`{"s":"héllo \u00e9","b":true,"i":-42,"i8":127,"u":7,"u16":65535,"f":1.5e3,"f32":0.1,"p":5,"g":"poetry"}`,
		`{"p":null,"g":null,"list":null,"books":null,"book":null,"m":null,"s":null,"i":null}`,
		`{"list":[],"books":[],"m":{}}`,
		`{"list":[1,2,3],"books":[{"title":"Dune","year":1965,"authors":["Frank Herbert"]},{"title":"Emma","year":1815}]}`,
		`{"book":{"title":"Ulysses","year":1922,"authors":[]}}`,
		`{"m":{"a":1,"b":-2.25},"MG":{"fiction":{"title":"Dune","year":1965},"poetry":null}}`,
		`{"tree":{"name":"root","children":[{"name":"a","children":[]},{"name":"b","children":[{"name":"c","children":null}]}]}}`,
		`{"NoTag":"x"}`,
		`{"f":1e308,"f32":3.4e38,"i":9007199254740993}`,
	}
	for _, in := range cases {
		v, ok := DecodeValue([]byte(in))
		if !ok {
			t.Fatalf("DecodeValue(%s) failed", in)
		}
		got, want, ok, err := decodeBoth[assignAll](t, a, v)
		if err != nil {
			t.Fatalf("%s: encoding/json: %v", in, err)
		}
		if !ok {
			t.Errorf("%s: the Assigner gave up on input encoding/json takes", in)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\nassigner      %+v\nencoding/json %+v", in, got, want)
		}
	}
}

// Input encoding/json rejects or treats specially: the Assigner must give
// up (the caller then uses encoding/json, error wording included).
func TestAssignGivesUp(t *testing.T) {
	a := NewAssigner(reflect.TypeFor[assignAll]())
	for _, in := range []string{
		`{"i":1.5}`, `{"i":1e2}`, `{"i8":128}`, `{"u":-1}`, `{"u16":65536}`, `{"f32":1e39}`,
		`{"s":1}`, `{"b":"true"}`, `{"list":{}}`, `{"book":[]}`, `{"m":[]}`, `{"list":["x"]}`,
		`{"S":"case differs"}`, `{"unknown":1}`, `{"Skipped":"x"}`, `{"hidden":"x"}`,
	} {
		v, _ := DecodeValue([]byte(in))
		var got assignAll
		if a(v, reflect.ValueOf(&got).Elem()) {
			t.Errorf("%s: assigned %+v; want a fallback to encoding/json", in, got)
		}
	}
	// Schema defaults arrive as float64.
	for _, c := range []struct {
		v    any
		ok   bool
		want int
	}{{10.0, true, 10}, {-3.0, true, -3}, {2.5, false, 0}, {1e300, false, 0}} {
		var got int
		if ok := assignInt(c.v, reflect.ValueOf(&got).Elem()); ok != c.ok || got != c.want {
			t.Errorf("assignInt(%v) = %v, %d; want %v, %d", c.v, ok, got, c.ok, c.want)
		}
	}
}

type withTime struct {
	When time.Time `json:"when"`
}
type withAny struct {
	X any `json:"x"`
}
type withEmbedded struct {
	assignBook
	Extra string `json:"extra"`
}
type withStringOpt struct {
	N int `json:"n,string"`
}
type withBytes struct {
	B []byte `json:"b"`
}
type withArray struct {
	A [2]int `json:"a"`
}
type withClash struct {
	A string
	B string `json:"A"`
}
type withIntKeys struct {
	M map[int]string `json:"m"`
}
type withRawMessage struct {
	R json.RawMessage `json:"r"`
}
type withBadCycle struct {
	Next *withBadCycle `json:"next"`
	F    func()        `json:"-"`
	C    chan int      `json:"c"`
}

// Types with encoding/json subtleties get no Assigner at all.
func TestAssignerRefusesSubtleTypes(t *testing.T) {
	for _, typ := range []reflect.Type{
		reflect.TypeFor[withTime](), reflect.TypeFor[withAny](), reflect.TypeFor[withEmbedded](),
		reflect.TypeFor[withStringOpt](), reflect.TypeFor[withBytes](), reflect.TypeFor[withArray](),
		reflect.TypeFor[withClash](), reflect.TypeFor[withIntKeys](), reflect.TypeFor[withRawMessage](),
		reflect.TypeFor[withBadCycle](),
	} {
		if NewAssigner(typ) != nil {
			t.Errorf("%v: got an Assigner; want encoding/json to decode it", typ)
		}
	}
	if NewAssigner(reflect.TypeFor[*assignNode]()) == nil {
		t.Errorf("a pointer to a recursive struct of plain fields should get an Assigner")
	}
}

// FuzzAssign: whenever the Assigner takes a value, encoding/json takes it
// too and produces the same Go value.
func FuzzAssign(f *testing.F) {
	for _, s := range []string{
		`{"s":"x","i":1,"list":[1,2],"book":{"title":"t","year":2}}`,
		`{"m":{"a":1.5},"tree":{"name":"n","children":[{"name":"m"}]}}`,
		`{"i8":-128,"u16":0,"f32":1e-45,"p":null}`, `{"i":"1"}`, `[]`, `null`,
	} {
		f.Add([]byte(s))
	}
	a := NewAssigner(reflect.TypeFor[assignAll]())
	f.Fuzz(func(t *testing.T, data []byte) {
		v, ok := DecodeValue(data)
		if !ok {
			return
		}
		var got assignAll
		if !a(v, reflect.ValueOf(&got).Elem()) {
			return
		}
		enc, err := json.Marshal(v)
		if err != nil {
			return
		}
		var want assignAll
		if err := json.Unmarshal(enc, &want); err != nil {
			t.Fatalf("%s: the Assigner took it, encoding/json says %v", data, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s:\nassigner      %s\nencoding/json %s", data, fmt.Sprintf("%+v", got), fmt.Sprintf("%+v", want))
		}
	})
}
