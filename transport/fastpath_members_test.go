package transport

import (
	"reflect"
	"slices"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

// The fast decoders name the members they fill by hand; a field added to
// the struct without its member would be silently dropped by the fast
// path. Each list must equal the struct's json names.
func TestFastPathMembersMatchStructs(t *testing.T) {
	meta := reflect.TypeFor[peekedParams]()
	metaField, _ := meta.FieldByName("Meta")
	for _, tt := range []struct {
		name    string
		typ     reflect.Type
		members []string
	}{
		{"messageMembers", reflect.TypeFor[Message](), messageMembers},
		{"peekedMembers", meta, peekedMembers},
		{"metaVersionMember", metaField.Type.Elem(), metaVersionMember},
	} {
		if got := testutil.JSONNames(tt.typ); !slices.Equal(tt.members, got) {
			t.Errorf("%s = %q, %s has %q", tt.name, tt.members, tt.typ, got)
		}
	}
}
