package sdk_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/validate"
	"github.com/mcpdev/mcpdev/sdk"
)

// A hand-written schema using a keyword the sdk's validator does not
// implement is refused when the tool is registered, the error naming the
// keyword: never accepted and then validated half-way.
func TestOverrideWithUnsupportedKeywordRefused(t *testing.T) {
	type args struct {
		A string `json:"a"`
	}
	handler := func(context.Context, args) (string, error) { return "", nil }
	tests := []struct {
		name string
		opts *sdk.ToolOptions
		want string
	}{
		{"unevaluatedProperties in input", &sdk.ToolOptions{Name: "x", Description: "d",
			InputSchema: []byte(`{"type":"object","properties":{"a":{"unevaluatedProperties":false}}}`)}, `input schema: schema at "#/properties/a": keyword "unevaluatedProperties"`},
		{"$dynamicRef in input", &sdk.ToolOptions{Name: "x", Description: "d",
			InputSchema: []byte(`{"type":"object","$dynamicRef":"#"}`)}, `keyword "$dynamicRef"`},
		{"uri-template format in output", &sdk.ToolOptions{Name: "x", Description: "d",
			OutputSchema: []byte(`{"type":"object","properties":{"result":{"type":"string","format":"uri-template"}}}`)}, `output schema: schema at "#/properties/result": format: "uri-template" is not supported`},
		{"another draft", &sdk.ToolOptions{Name: "x", Description: "d",
			InputSchema: []byte(`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"}`)}, "only draft 2020-12"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := sdk.NewTool(handler, tt.opts)
			if err == nil || !errors.Is(err, validate.ErrUnsupported) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one naming %s", err, tt.want)
			}
		})
	}
}

// A hand-written schema using not, contains/minContains/maxContains,
// propertyNames and dependentSchemas registers, and a call breaking them
// is refused with the library's words before the handler runs.
func TestOverrideWithApplicatorKeywordsValidates(t *testing.T) {
	type args struct {
		Name string         `json:"name"`
		Tags []int          `json:"tags"`
		Meta map[string]int `json:"meta"`
	}
	rec := &recorder[args]{}
	s := sdk.NewServer("applicators", nil)
	opts := &sdk.ToolOptions{Name: "t", Description: "d", InputSchema: []byte(`{"type":"object","properties":{
		"name":{"type":"string","not":{"const":"admin"}},
		"tags":{"type":"array","items":{"type":"integer"},"contains":{"minimum":10},"maxContains":1},
		"meta":{"type":"object","propertyNames":{"pattern":"^[a-z]+$"},"additionalProperties":{"type":"integer"}}},
		"dependentSchemas":{"name":{"required":["tags"]}}}`)}
	if _, err := sdk.NewTool(rec.handler, opts); err != nil {
		t.Fatalf("NewTool: %v", err)
	}
	sdk.Tool(s, rec.handler, opts)
	c := legacyClient(t, s, nil)
	tests := []struct{ args, want string }{
		{`{"name":"admin","tags":[1]}`, "2 validation errors for t\nname\n  Value error, 'not' failed [type=value_error, input_value='admin', input_type=str]\n" +
			"tags\n  Value error, no items match contains schema [type=value_error, input_value=[1], input_type=list]"},
		{`{"tags":[10,11]}`, "1 validation error for t\ntags\n  Value error, max 1 items required to match contains schema, but matched 2 items at 0 1 [type=value_error, input_value=[10, 11], input_type=list]"},
		{`{"meta":{"Bad":1}}`, "1 validation error for t\nmeta\n  Value error, invalid propertyName 'Bad' [type=value_error, input_value={'Bad': 1}, input_type=dict]"},
		{`{"name":"bob"}`, "1 validation error for t\ntags\n  Field required [type=missing, input_value={'name': 'bob'}, input_type=dict]"},
	}
	for _, tt := range tests {
		res := callRaw(t, c, "t", tt.args)
		if d := textDiff("Error executing tool t: "+tt.want, texts(res)); d != "" || !res.IsError {
			t.Errorf("%s (-want +got):\n%s", tt.args, d)
		}
	}
	if n, _ := rec.get(); n != 0 {
		t.Fatalf("the handler ran %d times for refused calls", n)
	}
	if res := callRaw(t, c, "t", `{"name":"bob","tags":[1,10],"meta":{"ab":1}}`); res.IsError {
		t.Fatalf("a valid call refused: %s", texts(res))
	}
	if n, last := rec.get(); n != 1 || last.Name != "bob" || last.Meta["ab"] != 1 {
		t.Errorf("handler got %d calls, last %+v", n, last)
	}
}

// A hand-written schema using the formats the library checked besides
// pydantic's (hostname, duration, …) registers, and a value breaking them
// is refused in Pydantic's words.
func TestOverrideWithSyntaxFormatsValidates(t *testing.T) {
	type args struct {
		Host string `json:"host"`
		TTL  string `json:"ttl"`
	}
	rec := &recorder[args]{}
	s := sdk.NewServer("formats", nil)
	sdk.Tool(s, rec.handler, &sdk.ToolOptions{Name: "f", Description: "d", InputSchema: []byte(`{"type":"object","properties":{
		"host":{"type":"string","format":"hostname"},"ttl":{"type":"string","format":"duration"},
		"ptr":{"type":"string","format":"json-pointer"},"ver":{"type":"string","format":"semver"}}}`)})
	c := legacyClient(t, s, nil)
	want := "Error executing tool f: 4 validation errors for f\n" +
		"host\n  Value error, Input should be a valid hostname [type=value_error, input_value='-bad', input_type=str]\n" +
		"ttl\n  Input should be a valid duration [type=time_delta_parsing, input_value='1h', input_type=str]\n" +
		"ptr\n  Value error, Input should be a valid json-pointer [type=value_error, input_value='a/b', input_type=str]\n" +
		"ver\n  Value error, Input should be a valid semver [type=value_error, input_value='1.0', input_type=str]"
	res := callRaw(t, c, "f", `{"host":"-bad","ttl":"1h","ptr":"a/b","ver":"1.0"}`)
	if d := textDiff(want, texts(res)); d != "" || !res.IsError {
		t.Errorf("(-want +got):\n%s", d)
	}
	if res := callRaw(t, c, "f", `{"host":"example.com","ttl":"PT1H","ptr":"/a/b","ver":"1.0.0"}`); res.IsError {
		t.Fatalf("a valid call refused: %s", texts(res))
	}
	if n, last := rec.get(); n != 1 || last.Host != "example.com" {
		t.Errorf("handler got %d calls, last %+v", n, last)
	}
}
