package transport_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcpdev/mcpdev/transport"
)

// writeCounter counts the writes a connection makes to its output.
type writeCounter struct{ writes int }

func (w *writeCounter) Write(p []byte) (int, error) {
	w.writes++
	return len(p), nil
}

// A server loop that holds each answer back while more input is buffered
// sends the answers to requests that arrived together in one write.
func ExampleBatcher() {
	in := strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"method":"ping"}` + "\n" +
		`{"jsonrpc":"2.0","id":3,"method":"ping"}` + "\n")
	out := &writeCounter{}
	conn := transport.NewStream(in, out, nil).(transport.Batcher)
	ctx := context.Background()
	answers := 0
	for {
		req, err := conn.Read(ctx)
		if err != nil {
			break
		}
		resp, _ := transport.NewResult(req.ID, struct{}{})
		if conn.InputBuffered() {
			conn.WriteHeld(ctx, resp) // goes out before the next wait for input
		} else {
			conn.Write(ctx, resp)
		}
		answers++
	}
	fmt.Printf("%d answers, %d write\n", answers, out.writes)
	// Output:
	// 3 answers, 1 write
}
