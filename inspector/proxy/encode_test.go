package proxy

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// A frame written by hand reads back as encoding/json's own encoding of it.
func TestAppendRecordReadsBackAsJSON(t *testing.T) {
	at := time.Date(2026, 12, 5, 21, 0, 0, 123456789, time.UTC)
	for _, text := range []string{
		"", `{"jsonrpc":"2.0","id":1,"result":{"a":"q\"uote\\back"}}`, "tab\tcr\rnul\x00esc\x1b[31m\x7f",
		"line\u2028sep\u2029 é 漢 😀 \u202e", "<script>&amp;</script>",
	} {
		for _, rec := range []Record{
			{Time: at, Dir: ServerToClient, Text: &text},
			{Time: at, Dir: ClientToServer, Text: &text, Partial: true, Truncated: true},
			{Time: at, Dir: ClientToServer, Text: &text, HTTP: &HTTPInfo{Method: "POST", Path: "/mcp?a=<b>&c=" + text, Request: 7,
				Header: map[string][]string{"Mcp-Session-Id": {text}, "Accept": {"application/json", "text/event-stream"}, "Authorization": {"Bearer [redacted]"}, "X-Empty": {}, "X-Nil": nil}}},
			{Time: at, Dir: ServerToClient, Text: &text, HTTP: &HTTPInfo{Status: 401, Stream: true, EventID: text}},
			{Time: at, Dir: ServerToClient, Text: &text, HTTP: &HTTPInfo{}},
		} {
			mine, err := appendRecord(nil, rec)
			if err != nil {
				t.Fatal(err)
			}
			if !json.Valid(mine) {
				t.Fatalf("%q: not JSON: %s", text, mine)
			}
			got, err := parseRecord(mine)
			if err != nil {
				t.Fatal(err)
			}
			std, _ := json.Marshal(rec)
			want, _ := parseRecord(std)
			if !reflect.DeepEqual(got, want) || !got.Time.Equal(at) {
				t.Errorf("%q: read back %+v, want %+v", text, got, want)
			}
		}
	}
}
