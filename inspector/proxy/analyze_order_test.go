package proxy

import (
	"testing"
	"time"
)

// The shim's two pumps record independently: an answer can reach the
// session file before the request it answers (which was stamped, and
// forwarded, first). Analyze pairs them by time, not by line order.
func TestAnalyzePairsAnAnswerRecordedBeforeItsRequest(t *testing.T) {
	t0 := time.Now()
	req := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo"}}`
	ans := `{"jsonrpc":"2.0","id":3,"result":{}}`
	msgs := Analyze([]Record{
		{Time: t0.Add(2 * time.Millisecond), Dir: ServerToClient, Text: &ans},
		{Time: t0.Add(time.Millisecond), Dir: ClientToServer, Text: &req},
	})
	if msgs[0].Kind != KindRequest || msgs[0].Partner != 1 || msgs[1].Latency != time.Millisecond || msgs[1].Method != "tools/call" {
		t.Fatalf("not paired: %+v", msgs)
	}
}
