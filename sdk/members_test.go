package sdk

import (
	"reflect"
	"slices"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
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
