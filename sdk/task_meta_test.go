package sdk

import (
	"encoding/json"
	"testing"
)

// withMetaEntry tags params of any shape: an object gains the entry in its
// _meta (the other members and entries kept, a _meta that is not an
// object replaced), anything else is left as it is.
func TestWithMetaEntry(t *testing.T) {
	tag := json.RawMessage(`{"taskId":"t1"}`)
	for _, tc := range []struct{ name, in, want string }{
		{"no params", ``, `{"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t1"}}}`},
		{"null", `null`, `{"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t1"}}}`},
		{"members kept", `{"message":"hi","_meta":{"a":1}}`, `{"_meta":{"a":1,"io.modelcontextprotocol/related-task":{"taskId":"t1"}},"message":"hi"}`},
		{"_meta not an object", `{"_meta":7}`, `{"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t1"}}}`},
		{"not an object", `[1,2]`, `[1,2]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(withMetaEntry(json.RawMessage(tc.in), relatedTaskMeta, tag)); got != tc.want {
				t.Errorf("(-want +got)\n-%s\n+%s", tc.want, got)
			}
		})
	}
}

// Whatever a peer sends, tagging it never panics, keeps what was not an
// object as it was, and makes an object carry the tag, read back by
// relatedTaskOf.
func FuzzWithMetaEntry(f *testing.F) {
	for _, s := range []string{``, `null`, `{}`, `{"_meta":{"x":1}}`, `{"_meta":"s"}`, `[]`, `"\u0000"`, `{"a":`} {
		f.Add(s)
	}
	tag := json.RawMessage(`{"taskId":"t1"}`)
	f.Fuzz(func(t *testing.T, in string) {
		out := withMetaEntry(json.RawMessage(in), relatedTaskMeta, tag)
		var obj map[string]json.RawMessage
		if in != "" && in != "null" && json.Unmarshal([]byte(in), &obj) != nil {
			if string(out) != in {
				t.Fatalf("not an object %q became %q", in, out)
			}
			return
		}
		if got := relatedTaskOf(out); string(got) != string(tag) {
			t.Fatalf("%q tagged as %q: relatedTaskOf = %q", in, out, got)
		}
	})
}
