package sdk_test

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

// Issue 12, item 5: the limits Go's types put on a value are in the schema
// and validated, and Go's decode errors never reach a tool result.

type swatchArgs struct {
	R uint8 `json:"r"`
	G uint8 `json:"g"`
	B uint8 `json:"b"`
}

type limitArgs struct {
	I8   int8          `json:"i8,omitempty"`
	I16  int16         `json:"i16,omitempty"`
	I32  int32         `json:"i32,omitempty"`
	U16  uint16        `json:"u16,omitempty"`
	U32  uint32        `json:"u32,omitempty"`
	U    uint          `json:"u,omitempty"`
	U64  uint64        `json:"u64,omitempty"`
	I64  int64         `json:"i64,omitempty"`
	N    int           `json:"n,omitempty"`
	F32  float32       `json:"f32,omitempty"`
	F64  float64       `json:"f64,omitempty"`
	Wait time.Duration `json:"wait,omitempty"`
}

// The input schema carries each integer kind's range (the 64-bit ones only
// where they say something: an unsigned minimum of 0), a float32's, and
// time.Duration's one form.
func TestGoTypeLimitsInSchema(t *testing.T) {
	d, err := sdk.NewTool(func(ctx context.Context, a limitArgs) (string, error) { return "", nil }, quiet("limits"))
	if err != nil {
		t.Fatal(err)
	}
	raw := d.Info().InputSchema
	tests := []struct {
		prop, key string
		want      any // nil: absent
	}{
		{"i8", "minimum", -128.0}, {"i8", "maximum", 127.0},
		{"i16", "minimum", -32768.0}, {"i16", "maximum", 32767.0},
		{"i32", "minimum", -2147483648.0}, {"i32", "maximum", 2147483647.0},
		{"u16", "minimum", 0.0}, {"u16", "maximum", 65535.0},
		{"u32", "minimum", 0.0}, {"u32", "maximum", 4294967295.0},
		{"u", "minimum", 0.0}, {"u", "maximum", nil},
		{"u64", "minimum", 0.0}, {"u64", "maximum", nil},
		{"i64", "minimum", nil}, {"n", "maximum", nil},
		{"f32", "exclusiveMaximum", 3.4028235677973366e+38}, {"f32", "exclusiveMinimum", -3.4028235677973366e+38},
		{"f64", "maximum", nil}, {"f64", "format", nil},
		{"wait", "type", "integer"}, {"wait", "description", "A duration in nanoseconds (1000000000 = 1s)."},
	}
	for _, tt := range tests {
		props := schemaAt(t, raw, "properties").(map[string]any)
		got, ok := props[tt.prop].(map[string]any)[tt.key]
		if tt.want == nil && ok || tt.want != nil && got != tt.want {
			t.Errorf("%s.%s = %v, want %v", tt.prop, tt.key, got, tt.want)
		}
	}
	d2, _ := sdk.NewTool(func(ctx context.Context, a swatchArgs) (string, error) { return "", nil }, quiet("swatch"))
	if g := schemaAt(t, d2.Info().InputSchema, "properties", "g"); g.(map[string]any)["maximum"] != 255.0 || g.(map[string]any)["minimum"] != 0.0 {
		t.Errorf("uint8 g = %v, want minimum 0, maximum 255", g)
	}
}

// Every value the Go type cannot hold is refused at once, each at its
// path, in Pydantic's words, and the handler never runs.
func TestGoTypeLimitsValidated(t *testing.T) {
	rec := &recorder[swatchArgs]{}
	s := sdk.NewServer("paint", nil)
	sdk.Tool(s, rec.handler, quiet("swatch"))
	c := legacyClient(t, s, nil)
	res := callRaw(t, c, "swatch", `{"r":300,"g":-1,"b":2.5}`)
	want := "Error executing tool swatch: 3 validation errors for swatch\n" +
		"r\n  Input should be less than or equal to 255 [type=less_than_equal, input_value=300, input_type=int]\n" +
		"g\n  Input should be greater than or equal to 0 [type=greater_than_equal, input_value=-1, input_type=int]\n" +
		"b\n  Input should be a valid integer, got a number with a fractional part [type=int_from_float, input_value=2.5, input_type=float]"
	if d := textDiff(want, texts(res)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}

	lim := &recorder[limitArgs]{}
	s2 := sdk.NewServer("limits", nil)
	sdk.Tool(s2, lim.handler, quiet("limits"))
	c2 := legacyClient(t, s2, nil)
	res = callRaw(t, c2, "limits", `{"i64":1e19,"u64":-1,"n":"99999999999999999999","f64":1e400,"f32":1e39,"i8":1e400}`)
	want = "Error executing tool limits: 6 validation errors for limits\n" +
		"i8\n  Input should be a finite number [type=finite_number, input_value=1e400, input_type=float]\n" +
		"u64\n  Input should be greater than or equal to 0 [type=greater_than_equal, input_value=-1, input_type=int]\n" +
		"i64\n  Input should be less than or equal to 9223372036854775807 [type=less_than_equal, input_value=1e19, input_type=float]\n" +
		"n\n  Input should be less than or equal to 9223372036854775807 [type=less_than_equal, input_value='99999999999999999999', input_type=str]\n" +
		"f32\n  Input should be less than 340282356779733660000000000000000000000 [type=less_than, input_value=1e39, input_type=float]\n" +
		"f64\n  Input should be a finite number [type=finite_number, input_value=1e400, input_type=float]"
	if d := textDiff(want, texts(res)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if n, _ := rec.get(); n != 0 {
		t.Errorf("handler ran %d times", n)
	}
	if n, _ := lim.get(); n != 0 {
		t.Errorf("handler ran %d times", n)
	}
	// The ends of each range are accepted, exactly.
	res = callRaw(t, c2, "limits", `{"i64":-9223372036854775808,"u64":18446744073709551615,"n":9.223372036854775807e18,"i8":-128,"u16":"65535","f32":3.4e38,"f64":1e308,"wait":1500000000}`)
	if res.IsError {
		t.Fatalf("rejected: %s", texts(res))
	}
	_, got := lim.get()
	if got.I64 != -9223372036854775808 || got.U64 != 18446744073709551615 || got.N != 9223372036854775807 || got.I8 != -128 || got.U16 != 65535 || got.Wait != 1500*time.Millisecond {
		t.Errorf("handler got %+v", got)
	}
}

type dueItem struct {
	Title string    `json:"title"`
	Due   time.Time `json:"due"`
}

type planArgs struct {
	Items []dueItem  `json:"items"`
	Icon  []byte     `json:"icon,omitempty"`
	When  *time.Time `json:"when,omitempty"`
}

// time.Time (format date-time) and []byte (contentEncoding base64) are
// checked as Go decodes them, every violation at once.
func TestTimeAndBytesChecked(t *testing.T) {
	rec := &recorder[planArgs]{}
	s := sdk.NewServer("plan", nil)
	sdk.Tool(s, rec.handler, quiet("plan"))
	c := legacyClient(t, s, nil)
	res := callRaw(t, c, "plan", `{"items":[{"title":"a","due":"2025-13-01T00:00:00Z"},{"title":"b","due":"2025-01-01T10:00:00"}],"icon":"a$bc","when":"tomorrow"}`)
	want := "Error executing tool plan: 4 validation errors for plan\n" +
		"items.0.due\n  Input should be a valid datetime, month value is outside expected range of 1-12 [type=datetime_parsing, input_value='2025-13-01T00:00:00Z', input_type=str]\n" +
		"items.1.due\n  Input should have timezone info [type=timezone_aware, input_value='2025-01-01T10:00:00', input_type=str]\n" +
		"icon\n  Data should be valid base64: Invalid symbol 36, offset 1. [type=bytes_invalid_encoding, input_value='a$bc', input_type=str]\n" +
		"when\n  Input should be a valid datetime, input is too short [type=datetime_parsing, input_value='tomorrow', input_type=str]"
	if d := textDiff(want, texts(res)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	res = callRaw(t, c, "plan", `{"items":[{"title":"a","due":"2025-02-03T04:05:06.5+01:00"}],"icon":"QUJD","when":null}`)
	if res.IsError {
		t.Fatalf("rejected: %s", texts(res))
	}
	_, got := rec.get()
	if !got.Items[0].Due.Equal(time.Date(2025, 2, 3, 3, 5, 6, 5e8, time.UTC)) || !bytes.Equal(got.Icon, []byte("ABC")) || got.When != nil {
		t.Errorf("handler got %+v", got)
	}
}

type contactArgs struct {
	Day  string `json:"day,omitempty" jsonschema:"format=date"`
	At   string `json:"at,omitempty" jsonschema:"format=time"`
	Site string `json:"site,omitempty" jsonschema:"format=uri"`
	ID   string `json:"id,omitempty" jsonschema:"format=uuid"`
	Mail string `json:"mail,omitempty" jsonschema:"format=email"`
}

// The formats the SDK generates or a tag asks for are asserted, in
// Pydantic's words.
func TestFormatsChecked(t *testing.T) {
	rec := &recorder[contactArgs]{}
	s := sdk.NewServer("contact", nil)
	sdk.Tool(s, rec.handler, quiet("contact"))
	c := legacyClient(t, s, nil)
	res := callRaw(t, c, "contact", `{"day":"2025-02-30","at":"25:00:00Z","site":"docs/page","id":"123e4567-e89b-12d3-a456","mail":"nobody"}`)
	want := "Error executing tool contact: 5 validation errors for contact\n" +
		"day\n  Input should be a valid date in the format YYYY-MM-DD, day value is outside expected range [type=date_parsing, input_value='2025-02-30', input_type=str]\n" +
		"at\n  Input should be in a valid time format, hour value is outside expected range of 0-23 [type=time_parsing, input_value='25:00:00Z', input_type=str]\n" +
		"site\n  Input should be a valid URL, relative URL without a base [type=url_parsing, input_value='docs/page', input_type=str]\n" +
		"id\n  Input should be a valid UUID, invalid group count: expected 5, found 4 [type=uuid_parsing, input_value='123e4567-e89b-12d3-a456', input_type=str]\n" +
		"mail\n  value is not a valid email address: An email address must have an @-sign. [type=value_error, input_value='nobody', input_type=str]"
	if d := textDiff(want, texts(res)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	res = callRaw(t, c, "contact", `{"day":"2024-02-29","at":"23:59:59.5+02:00","site":"https://example.com/a?b","id":"123e4567-e89b-12d3-a456-426614174000","mail":"a.b@example.com"}`)
	if res.IsError {
		t.Errorf("rejected: %s", texts(res))
	}
}

// color refuses what it does not know, in its own words.
type color string

func (c *color) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case `"red"`, `"green"`:
		*c = color(strings.Trim(string(b), `"`))
		return nil
	}
	return errors.New("unknown color, use red or green")
}

// port is a string of digits; it checks itself with strconv, whose error
// is Go's.
type port string

func (p *port) UnmarshalText(b []byte) error {
	_, err := strconv.Atoi(string(b))
	*p = port(b)
	return err
}

type paletteArgs struct {
	Colors []color `json:"colors"`
	Port   port    `json:"port,omitempty"`
}

type looseArgs struct {
	Level uint8 `json:"level"`
}

// What encoding/json refuses after validation passed (a type's own
// unmarshaler, a schema given in ToolOptions looser than the Go type) is
// still reported at its path, in Pydantic's words: never Go's.
func TestDecodeErrorsNeverLeak(t *testing.T) {
	s := sdk.NewServer("leak", nil)
	sdk.Tool(s, (&recorder[paletteArgs]{}).handler, quiet("palette"))
	sdk.Tool(s, (&recorder[looseArgs]{}).handler, &sdk.ToolOptions{Name: "loose", Description: "d",
		InputSchema: []byte(`{"type":"object","properties":{"level":{"type":"integer"}}}`)})
	c := legacyClient(t, s, nil)
	tests := []struct{ tool, args, want string }{
		{"palette", `{"colors":["red","blue"]}`, "colors.1\n  Value error, unknown color, use red or green [type=value_error, input_value='blue', input_type=str]"},
		{"palette", `{"colors":[],"port":"http"}`, "port\n  Value error, Input is not a valid port [type=value_error, input_value='http', input_type=str]"},
		{"loose", `{"level":300}`, "level\n  Input should be less than or equal to 255 [type=less_than_equal, input_value=300, input_type=int]"},
		{"loose", `{"level":-1}`, "level\n  Input should be greater than or equal to 0 [type=greater_than_equal, input_value=-1, input_type=int]"},
	}
	for _, tt := range tests {
		res := callRaw(t, c, tt.tool, tt.args)
		want := "Error executing tool " + tt.tool + ": 1 validation error for " + tt.tool + "\n" + tt.want
		if d := textDiff(want, texts(res)); d != "" {
			t.Errorf("%s %s (-want +got):\n%s", tt.tool, tt.args, d)
		}
		for _, goWords := range []string{"json:", "Go struct", "cannot unmarshal", "strconv", "invalid syntax"} {
			if strings.Contains(texts(res), goWords) {
				t.Errorf("%s %s: Go's words %q in %q", tt.tool, tt.args, goWords, texts(res))
			}
		}
	}
}
