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

// isPlainResponse writes only jsonrpc, id and result: any other field of
// Message set must send the message through encoding/json, so a field
// added to Message is never silently dropped.
func TestPlainResponseOtherFields(t *testing.T) {
	for f := range reflect.TypeFor[Message]().Fields() {
		if f.Name == "JSONRPC" || f.Name == "ID" || f.Name == "Result" {
			continue
		}
		m := Message{JSONRPC: Version, ID: []byte(`1`), Result: []byte(`{}`)}
		v := reflect.ValueOf(&m).Elem().FieldByIndex(f.Index)
		switch v.Kind() {
		case reflect.String:
			v.SetString("x")
		case reflect.Pointer:
			v.Set(reflect.New(v.Type().Elem()))
		case reflect.Slice:
			v.SetBytes([]byte(`{}`))
		default:
			t.Fatalf("Message.%s: no non-zero value for a %s; extend this test", f.Name, v.Type())
		}
		if isPlainResponse(&m) {
			t.Errorf("Message.%s set, yet isPlainResponse", f.Name)
		}
	}
}
