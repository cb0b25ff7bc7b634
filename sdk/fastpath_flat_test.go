package sdk

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// validate.Flat decodes flat arguments in one pass; whatever it accepts, the
// tree path (decodeArgs, prepare, the validators, the assigner or
// encoding/json) must store the very same values without a violation, and
// whatever it refuses is left to that path.

type flatGenre string

type flatArgs struct {
	Query string     `json:"query" jsonschema:"minLength=1"`
	Limit int        `json:"limit" jsonschema:"minimum=1,maximum=50,default=10"`
	Genre *string    `json:"genre" jsonschema:"enum=fiction,enum=poetry"`
	Small int8       `json:"small,omitempty"`
	Count uint       `json:"count,omitempty"`
	Ratio float64    `json:"ratio,omitempty"`
	Exact float32    `json:"exact,omitempty"`
	On    bool       `json:"on,omitempty"`
	Maybe *bool      `json:"maybe,omitempty"`
	Kind  flatGenre  `json:"kind,omitempty" jsonschema:"enum=a,enum=b"`
	Code  string     `json:"code,omitempty" jsonschema:"pattern=^[a-z]+$"`
	Nick  *flatGenre `json:"nick,omitempty"`
	//lint:ignore U1000 unexported: encoding/json and Flat skip it
	hidden int
	Skip   string `json:"-"`
}

// flatOverride is a hand-written schema for flatOverrideArgs whose types
// differ from the Go fields': lax coercion applies, so Flat must refuse.
const flatOverride = `{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":["string","null"]},` +
	`"c":{"type":"boolean"},"d":{"type":"number","default":2}},"required":["a"]}`

type flatOverrideArgs struct {
	A string `json:"a"`
	B *int   `json:"b"`
	C string `json:"c"`
	D int    `json:"d"`
}

var flatValues = []string{`"dune"`, `""`, `"fiction"`, `"poetry"`, `"a"`, `"b"`, `"ABC"`, `"abc"`, `"h\u00e9"`, `"héllo"`,
	`0`, `1`, `-1`, `5`, `10`, `50`, `51`, `127`, `128`, `-129`, `1.5`, `5.0`, `1e2`, `123456789012345`, `1234567890123456`,
	`true`, `false`, `null`, `"5"`, `"true"`, `"yes"`, `{}`, `[]`, `"{}"`,
	`"05"`, `"-0"`, `"0"`, `"-3"`, `" 5"`, `"+5"`, `"5.0"`, `"1_0"`, `"1e2"`, `"\u0035"`, `"51"`, `"1234567890123456"`}

var flatKeys = []string{"query", "limit", "genre", "small", "count", "ratio", "exact", "on", "maybe", "kind", "code", "nick",
	"Query", "hidden", "Skip", "-", "extra", "a", "b", "c", "d", `\u0071uery`}

// randomFlatObject builds an object of a few members from the lists above,
// half the time starting with valid query and limit members, mostly with
// the fields' own keys; sometimes with a repeated key or odd spacing.
func randomFlatObject(r *rand.Rand) string {
	var parts []string
	if r.IntN(2) == 0 {
		parts = append(parts, `"query":"dune"`, `"limit":5`)
	}
	for range r.IntN(5) {
		key := flatKeys[r.IntN(len(flatKeys))]
		if r.IntN(4) != 0 {
			key = flatKeys[r.IntN(12)]
		}
		parts = append(parts, fmt.Sprintf(`"%s":%s`, key, flatValues[r.IntN(len(flatValues))]))
	}
	r.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
	sep := ","
	if r.IntN(5) == 0 {
		sep = " ,\n "
	}
	return "{" + strings.Join(parts, sep) + "}"
}

// decodeBothWays decodes raw with c's flat decoder and without it.
func decodeBothWays(t testing.TB, c *argsCodec, raw string) (flatTaken bool) {
	t.Helper()
	slow := *c
	slow.flat = nil
	got := reflect.New(c.t).Elem()
	gotVs, gotErr := c.decodeInto(json.RawMessage(raw), got)
	want := reflect.New(c.t).Elem()
	wantVs, wantErr := slow.decodeInto(json.RawMessage(raw), want)
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || !reflect.DeepEqual(gotVs, wantVs) ||
		!reflect.DeepEqual(got.Interface(), want.Interface()) {
		t.Fatalf("arguments %s:\nflat: %+v %v %v\ntree: %+v %v %v", raw, got.Interface(), gotVs, gotErr, want.Interface(), wantVs, wantErr)
	}
	probe := reflect.New(c.t).Elem()
	return c.flat.Decode([]byte(raw), probe)
}

func TestFlatArgsMatchTree(t *testing.T) {
	c, err := newArgsCodec(reflect.TypeFor[flatArgs](), nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if c.flat == nil {
		t.Fatal("flatArgs has no flat decoder")
	}
	for _, raw := range []string{
		`{"query":"dune","limit":5}`, `{"query":"dune","limit":5,"genre":"poetry"}`, `{"query":"dune","limit":5,"genre":null}`,
		`{"query":"dune","limit":5,"small":-128,"count":3,"ratio":2,"exact":16777217,"on":true,"maybe":false,"kind":"b","code":"ab","nick":"zz"}`,
		`{"query":"dune"}`, `{"limit":5}`, `{"query":"","limit":5}`, `{"query":"dune","limit":5,"query":"x"}`,
		`{"Query":"dune","limit":5}`, `{"query":"dune","limit":"5"}`, `{"query":"dune","limit":5.0}`, `{"query":"d\u00fcne","limit":5}`,
		`{"query":"dune","limit":5,"small":128}`, `{"query":"dune","limit":5,"count":-1}`, `{"query":"dune","limit":5,"code":"A"}`,
		`{"query":"dune","limit":5,"hidden":1}`, `{"query":"dune","limit":5,"Skip":"x"}`, `{}`, ``, `null`, `[]`, `{"query":"dune","limit":5`,
		` {"query" : "dune" , "limit" : 5 } `,
	} {
		decodeBothWays(t, c, raw)
	}
	r := rand.New(rand.NewPCG(7, 8))
	taken := 0
	for range 20000 {
		if decodeBothWays(t, c, randomFlatObject(r)) {
			taken++
		}
	}
	t.Logf("%d of 20000 random arguments took the flat path", taken)
	if taken == 0 {
		t.Error("no random arguments took the flat path")
	}
	if !decodeBothWays(t, c, `{"query":"dune","limit":5,"genre":"poetry","on":true}`) {
		t.Error("the usual arguments did not take the flat path")
	}
	// A number sent as a string (every prompt argument is one), a
	// defaulted field left out.
	for _, raw := range []string{`{"query":"dune","limit":"5","count":"3","ratio":"-2"}`, `{"query":"dune"}`} {
		if !decodeBothWays(t, c, raw) {
			t.Errorf("%s did not take the flat path", raw)
		}
	}
}

// A hand-written schema whose types differ from the fields' (so that lax
// coercion or a default applies) gets no flat decoder, and decodes as before.
func TestFlatArgsRefuseCoercedTypes(t *testing.T) {
	c, err := newArgsCodec(reflect.TypeFor[flatOverrideArgs](), json.RawMessage(flatOverride), false)
	if err != nil {
		t.Fatal(err)
	}
	if c.flat != nil {
		t.Fatal("a schema that coerces the fields' values got a flat decoder")
	}
	r := rand.New(rand.NewPCG(9, 10))
	for range 2000 {
		decodeBothWays(t, c, randomFlatObject(r))
	}
}

// TestFlatArgsDecodeAllocs: the usual arguments of a flat struct are
// decoded without a decoded tree: one allocation for the string, one for
// its validity check, two for the number's.
func TestFlatArgsDecodeAllocs(t *testing.T) {
	c, err := newArgsCodec(reflect.TypeFor[flatArgs](), nil, false)
	if err != nil {
		t.Fatal(err)
	}
	raw := json.RawMessage(`{"query":"dune","limit":5}`)
	dst := reflect.New(c.t).Elem()
	allocs := testing.AllocsPerRun(200, func() {
		dst.SetZero()
		if vs, err := c.decodeInto(raw, dst); vs != nil || err != nil {
			t.Fatal(vs, err)
		}
	})
	if allocs > 4 {
		t.Errorf("decoding %s took %.0f allocations, want at most 4", raw, allocs)
	}
}

func FuzzFlatArgsMatchTree(f *testing.F) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 40 {
		f.Add([]byte(randomFlatObject(r)))
	}
	c, err := newArgsCodec(reflect.TypeFor[flatArgs](), nil, false)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		decodeBothWays(t, c, string(raw))
	})
}
