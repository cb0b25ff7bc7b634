package sdk

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
	"github.com/mcpdev/mcpdev/internal/testutil"
)

func checkCallToolResult(t *testing.T, data []byte) bool {
	var fast CallToolResult
	if !decodeCallToolResult(data, &fast) {
		return false
	}
	var slow CallToolResult
	if err := json.Unmarshal(data, &slow); err != nil || !reflect.DeepEqual(fast, slow) {
		t.Fatalf("decodeCallToolResult(%s) = %+v; encoding/json: %+v, %v", data, fast, slow, err)
	}
	return true
}

// decodeCallToolResult, where it answers, gives what encoding/json gives.
func TestDecodeCallToolResultMatchesEncodingJSON(t *testing.T) {
	if !jsonfast.Fast {
		t.Skip("built with wireslow: the fast paths are off")
	}
	for _, s := range []string{
		`{"content":[{"type":"text","text":"a\nb \u00e9\ud83d\ude00"}]}`,
		`{"content":[]}`, `{"content":null,"isError":true}`, `{}`,
		`{"content":[{"type":"image","data":"AAAA","mimeType":"image/png","_meta":{"a":1}},null,{"type":"resource","resource":{"uri":"x:/y","text":"t"}},{"type":"resource_link","uri":"u","name":"n","title":"t","description":"d","size":12,"annotations":{"audience":["user"]}}],"structuredContent":{"n":1},"resultType":"complete","_meta":null}`,
	} {
		if !checkCallToolResult(t, []byte(s)) {
			t.Errorf("%s: not decoded by the fast path", s)
		}
	}
	for _, s := range []string{`{"content":[{"Text":"a"}]}`, `{"content":[{"text":5}]}`, `{"content":{}}`, `{"isError":true,"isError":false}`} {
		var r CallToolResult
		if decodeCallToolResult([]byte(s), &r) {
			t.Errorf("%s: decoded by the fast path, want encoding/json", s)
		}
	}
	r := rand.New(rand.NewPCG(9, 10))
	for range 30000 {
		checkCallToolResult(t, []byte(`{"content":[{"type":"text","text":`+testutil.RandomJSON(r, 0)+`}],"isError":`+testutil.RandomJSON(r, 0)+`}`))
		checkCallToolResult(t, []byte(testutil.RandomJSON(r, 0)))
	}
}
