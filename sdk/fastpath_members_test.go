package sdk

import (
	"reflect"
	"slices"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/transport"
)

// decodeCallParams and scanRequestMeta name the members they fill by
// hand; a field added to the struct without its member would be silently
// dropped by the fast path. Each list must equal the struct's json names.
func TestFastPathMembersMatchStructs(t *testing.T) {
	for _, tt := range []struct {
		name    string
		typ     reflect.Type
		members []string
	}{
		{"callParamsMembers", reflect.TypeFor[CallToolParams](), callParamsMembers},
		{"requestMetaMembers", reflect.TypeFor[RequestMeta](), requestMetaMembers},
	} {
		if got := testutil.JSONNames(tt.typ); !slices.Equal(tt.members, got) {
			t.Errorf("%s = %q, %s has %q", tt.name, tt.members, tt.typ, got)
		}
	}
}

// nonZero sets v (a settable field) to a plain non-zero value.
func nonZero(t *testing.T, v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			v.SetBytes([]byte(`{}`))
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		nonZero(t, v.Index(0))
	case reflect.Struct: // a Content block: a plain text one
		v.Set(reflect.ValueOf(Content{Type: "text", Text: "x"}))
	default:
		t.Fatalf("no non-zero value for a %s: extend nonZero", v.Type())
	}
}

// resultMessage writes Content blocks by hand: any field but Type and
// Text set must send the block through encoding/json, so a field added to
// Content is never silently dropped.
func TestResultMessageContentFields(t *testing.T) {
	for f := range reflect.TypeFor[Content]().Fields() {
		if f.Name == "Type" || f.Name == "Text" {
			continue
		}
		c := Content{Type: "text", Text: "x"}
		nonZero(t, reflect.ValueOf(&c).Elem().FieldByIndex(f.Index))
		if m, ok := resultMessage([]byte(`1`), &CallToolResult{Content: []Content{c}}); ok {
			t.Errorf("Content.%s set: fast path wrote %s", f.Name, m.Result)
		}
	}
}

// For each CallToolResult field set to a plain value, resultMessage either
// declines or writes exactly what jsonenc.Marshal writes: a new field is
// encoded or forces the fallback, never dropped.
func TestResultMessageCallToolResultFields(t *testing.T) {
	for f := range reflect.TypeFor[CallToolResult]().Fields() {
		r := CallToolResult{Content: []Content{}}
		nonZero(t, reflect.ValueOf(&r).Elem().FieldByIndex(f.Index))
		got, ok := resultMessage([]byte(`1`), &r)
		if !ok {
			continue
		}
		want, err := transport.NewResult([]byte(`1`), &r)
		if err != nil {
			t.Fatal(err)
		}
		if string(got.Result) != string(want.Result) {
			t.Errorf("%s set: fast path %s, jsonenc.Marshal %s", f.Name, got.Result, want.Result)
		}
	}
}
