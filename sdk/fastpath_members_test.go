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
		{"callToolResultMembers", reflect.TypeFor[CallToolResult](), callToolResultMembers},
		{"contentMembers", reflect.TypeFor[Content](), contentMembers},
		{"requestMetaMembers", reflect.TypeFor[RequestMeta](), requestMetaMembers},
		{"uriMembers", reflect.TypeFor[ReadResourceParams](), uriMembers},
	} {
		if got := testutil.JSONNames(tt.typ); !slices.Equal(tt.members, got) {
			t.Errorf("%s = %q, %s has %q", tt.name, tt.members, tt.typ, got)
		}
	}
}

// nonZero sets v (a settable value) to a plain non-zero value: a struct
// with every field non-zero, a slice of one such element.
func nonZero(t *testing.T, v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int64:
		v.SetInt(7)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		nonZero(t, v.Elem())
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			v.SetBytes([]byte(`{}`))
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		nonZero(t, v.Index(0))
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() || v.Type().Field(i).Anonymous {
				nonZero(t, v.Field(i))
			}
		}
	default:
		t.Fatalf("no non-zero value for a %s: extend nonZero", v.Type())
	}
}

// The results written by hand (fastResult) write every field of their
// structs and of the structs in them: with any one field set, the fast
// path writes exactly what jsonenc.Marshal writes, so a field added to
// one of them is never silently dropped.
func TestFastResultWritesEveryField(t *testing.T) {
	text := Content{Type: "text", Text: "x"}
	check := func(where string, base any, field func(any) reflect.Value) {
		t.Helper()
		for f := range field(base).Type().Fields() {
			if where+"."+f.Name == "InitializeResult.Capabilities" {
				continue // each capability on its own: checkCapabilities
			}
			r := reflect.New(reflect.TypeOf(base).Elem())
			r.Elem().Set(reflect.ValueOf(base).Elem())
			nonZero(t, field(r.Interface()).FieldByIndex(f.Index))
			got, ok := fastResult([]byte(`1`), r.Interface())
			want, err := transport.NewResult([]byte(`1`), r.Interface())
			if err != nil {
				t.Fatal(err)
			}
			if !ok || string(got.Result) != string(want.Result) {
				t.Errorf("%s.%s set: fast path (taken: %v) %s, jsonenc.Marshal %s", where, f.Name, ok, got.Result, want.Result)
			}
		}
	}
	self := func(r any) reflect.Value { return reflect.ValueOf(r).Elem() }
	check("CallToolResult", &CallToolResult{Content: []Content{}}, self)
	check("Content", &CallToolResult{Content: []Content{text}}, func(r any) reflect.Value {
		return reflect.ValueOf(&r.(*CallToolResult).Content[0]).Elem()
	})
	check("GetPromptResult", &GetPromptResult{Messages: []PromptMessage{}}, self)
	check("PromptMessage", &GetPromptResult{Messages: []PromptMessage{UserMessage(text)}}, func(r any) reflect.Value {
		return reflect.ValueOf(&r.(*GetPromptResult).Messages[0]).Elem()
	})
	check("ReadResourceResult", &ReadResourceResult{Contents: []ResourceContents{}}, self)
	check("ResourceContents", &ReadResourceResult{Contents: []ResourceContents{{URI: "x"}}}, func(r any) reflect.Value {
		return reflect.ValueOf(&r.(*ReadResourceResult).Contents[0]).Elem()
	})
	check("ListToolsResult", &ListToolsResult{Tools: []ToolInfo{}}, self)
	tool := func(r any) *ToolInfo { return &r.(*ListToolsResult).Tools[0] }
	withTool := func() *ListToolsResult {
		return &ListToolsResult{Tools: []ToolInfo{{Name: "t", InputSchema: []byte(`{}`), Annotations: &ToolAnnotations{},
			Execution: &ToolExecution{}, Icons: []Icon{{Src: "x"}}}}}
	}
	check("ToolInfo", withTool(), func(r any) reflect.Value { return reflect.ValueOf(tool(r)).Elem() })
	check("ToolAnnotations", withTool(), func(r any) reflect.Value { return reflect.ValueOf(tool(r).Annotations).Elem() })
	check("ToolExecution", withTool(), func(r any) reflect.Value { return reflect.ValueOf(tool(r).Execution).Elem() })
	check("Icon", withTool(), func(r any) reflect.Value { return reflect.ValueOf(&tool(r).Icons[0]).Elem() })
	check("InitializeResult", &InitializeResult{}, self)
	check("Implementation", &InitializeResult{}, func(r any) reflect.Value {
		return reflect.ValueOf(&r.(*InitializeResult).ServerInfo).Elem()
	})
	checkCapabilities(t)
}

// checkCapabilities is TestFastResultWritesEveryField for the capabilities
// of an initialize result: each one written as jsonenc.Marshal writes it,
// but tasks and extensions, which the fast path leaves to encoding/json.
func checkCapabilities(t *testing.T) {
	for f := range reflect.TypeFor[ServerCapabilities]().Fields() {
		r := &InitializeResult{ProtocolVersion: "v"}
		if f.Name == "Tasks" || f.Name == "Extensions" {
			continue
		}
		nonZero(t, reflect.ValueOf(&r.Capabilities).Elem().FieldByIndex(f.Index))
		got, ok := fastResult([]byte(`1`), r)
		want, err := transport.NewResult([]byte(`1`), r)
		if err != nil {
			t.Fatal(err)
		}
		if !ok || string(got.Result) != string(want.Result) {
			t.Errorf("ServerCapabilities.%s set: fast path (taken: %v) %s, jsonenc.Marshal %s", f.Name, ok, got.Result, want.Result)
		}
	}
	if _, ok := fastResult([]byte(`1`), &InitializeResult{Capabilities: ServerCapabilities{Tasks: &TasksCapability{}}}); ok {
		t.Error("the fast path wrote a tasks capability")
	}
}
