package sdk_test

import (
	"reflect"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// TestOptionsAreOneArgument: every declaring function takes exactly one
// options pointer (nil for none), so passing two is a compile error, not
// a run-time one (issue 33, item 6).
func TestOptionsAreOneArgument(t *testing.T) {
	type in struct{}
	for _, tt := range []struct {
		name string
		fn   any
		opts reflect.Type
	}{
		{"Tool", sdk.Tool[in, string], reflect.TypeFor[*sdk.ToolOptions]()},
		{"NewTool", sdk.NewTool[in, string], reflect.TypeFor[*sdk.ToolOptions]()},
		{"Prompt", sdk.Prompt[in, string], reflect.TypeFor[*sdk.PromptOptions]()},
		{"NewPrompt", sdk.NewPrompt[in, string], reflect.TypeFor[*sdk.PromptOptions]()},
		{"Resource", sdk.Resource[string], reflect.TypeFor[*sdk.ResourceOptions]()},
		{"NewResource", sdk.NewResource[string], reflect.TypeFor[*sdk.ResourceOptions]()},
		{"ResourceTemplate", sdk.ResourceTemplate[in, string], reflect.TypeFor[*sdk.ResourceOptions]()},
		{"NewResourceTemplate", sdk.NewResourceTemplate[in, string], reflect.TypeFor[*sdk.ResourceOptions]()},
	} {
		ft := reflect.TypeOf(tt.fn)
		if ft.IsVariadic() {
			t.Errorf("%s is variadic (%v): two options compile and fail at run time", tt.name, ft)
			continue
		}
		if last := ft.In(ft.NumIn() - 1); last != tt.opts {
			t.Errorf("%s's last parameter is %v, want %v", tt.name, last, tt.opts)
		}
	}
}
