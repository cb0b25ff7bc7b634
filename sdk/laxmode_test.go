package sdk_test

import (
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// Issue 12, item 9: lax coercion and the error list as Pydantic's lax mode
// has them (checked against Pydantic 2.13).

type laxModeArgs struct {
	Flag  bool    `json:"flag,omitempty"`
	Count int     `json:"count,omitempty"`
	Ratio float64 `json:"ratio,omitempty"`
}

func TestLaxCoercionLikePydantic(t *testing.T) {
	rec := &recorder[laxModeArgs]{}
	s := sdk.NewServer("lax", nil)
	sdk.Tool(s, rec.handler, quiet("lax"))
	c := legacyClient(t, s, nil)
	accepted := []struct {
		args string
		want laxModeArgs
	}{
		{`{"flag":1}`, laxModeArgs{Flag: true}},
		{`{"flag":0}`, laxModeArgs{}},
		{`{"flag":1.0}`, laxModeArgs{Flag: true}},
		{`{"count":true}`, laxModeArgs{Count: 1}},
		{`{"ratio":true}`, laxModeArgs{Ratio: 1}},
		{`{"count":"5.0"}`, laxModeArgs{Count: 5}},
		{`{"count":"+1_000"}`, laxModeArgs{Count: 1000}},
		{`{"count":1e3}`, laxModeArgs{Count: 1000}},
		{`{"ratio":" .5 "}`, laxModeArgs{Ratio: 0.5}},
	}
	for _, tt := range accepted {
		res := callRaw(t, c, "lax", tt.args)
		if res.IsError {
			t.Errorf("%s rejected: %s", tt.args, texts(res))
			continue
		}
		if _, got := rec.get(); got != tt.want {
			t.Errorf("%s: handler got %+v, want %+v", tt.args, got, tt.want)
		}
	}
	refused := []struct{ args, want string }{
		{`{"count":"5.5"}`, "count\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='5.5', input_type=str]"},
		{`{"count":"abc"}`, "count\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='abc', input_type=str]"},
		{`{"count":5.5}`, "count\n  Input should be a valid integer, got a number with a fractional part [type=int_from_float, input_value=5.5, input_type=float]"},
		{`{"ratio":"abc"}`, "ratio\n  Input should be a valid number, unable to parse string as a number [type=float_parsing, input_value='abc', input_type=str]"},
		{`{"flag":2}`, "flag\n  Input should be a valid boolean, unable to interpret input [type=bool_parsing, input_value=2, input_type=int]"},
		{`{"flag":"maybe"}`, "flag\n  Input should be a valid boolean, unable to interpret input [type=bool_parsing, input_value='maybe', input_type=str]"},
	}
	for _, tt := range refused {
		want := "Error executing tool lax: 1 validation error for lax\n" + tt.want
		if d := textDiff(want, texts(callRaw(t, c, "lax", tt.args))); d != "" {
			t.Errorf("%s (-want +got):\n%s", tt.args, d)
		}
	}
}

type declOrderItem struct {
	Zone  string `json:"zone"`
	Count int    `json:"count"`
}

type declOrderArgs struct {
	Title string          `json:"title"`
	Items []declOrderItem `json:"items"`
	Limit int             `json:"limit" jsonschema:"maximum=50,default=10"`
	Alpha bool            `json:"alpha"`
}

// Violations come as Pydantic lists them: extra inputs (refused with
// ForbidExtra) first, in the order sent, then each field in declaration
// order (not alphabetically).
func TestViolationsInDeclarationOrder(t *testing.T) {
	s := sdk.NewServer("order", &sdk.ServerOptions{ForbidExtra: true})
	sdk.Tool(s, (&recorder[declOrderArgs]{}).handler, quiet("order"))
	c := legacyClient(t, s, nil)
	res := callRaw(t, c, "order", `{"zz":1,"alpha":"x","limit":99,"items":[{"count":"n"}],"aa":2}`)
	want := "Error executing tool order: 7 validation errors for order\n" +
		"zz\n  Extra inputs are not permitted [type=extra_forbidden, input_value=1, input_type=int]\n" +
		"aa\n  Extra inputs are not permitted [type=extra_forbidden, input_value=2, input_type=int]\n" +
		"title\n  Field required [type=missing, input_value={'aa': 2, 'alpha': 'x', 'items': [{'count': 'n'}], 'limit': 99, 'zz': 1}, input_type=dict]\n" +
		"items.0.zone\n  Field required [type=missing, input_value={'count': 'n'}, input_type=dict]\n" +
		"items.0.count\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='n', input_type=str]\n" +
		"limit\n  Input should be less than or equal to 50 [type=less_than_equal, input_value=99, input_type=int]\n" +
		"alpha\n  Input should be a valid boolean, unable to interpret input [type=bool_parsing, input_value='x', input_type=str]"
	if d := textDiff(want, texts(res)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// input_value is what the client sent: not a default it never sent, not
// the value a lax coercion made of it.
func TestInputValueShowsWhatWasSent(t *testing.T) {
	s := sdk.NewServer("order", nil)
	sdk.Tool(s, (&recorder[declOrderArgs]{}).handler, quiet("order"))
	c := legacyClient(t, s, nil)
	res := callRaw(t, c, "order", `{"items":[],"alpha":true}`)
	want := "Error executing tool order: 1 validation error for order\n" +
		"title\n  Field required [type=missing, input_value={'alpha': True, 'items': []}, input_type=dict]"
	if d := textDiff(want, texts(res)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	res = callRaw(t, c, "order", `{"title":"t","items":[],"alpha":"1","limit":"500"}`)
	want = "Error executing tool order: 1 validation error for order\n" +
		"limit\n  Input should be less than or equal to 50 [type=less_than_equal, input_value='500', input_type=str]"
	if d := textDiff(want, texts(res)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
