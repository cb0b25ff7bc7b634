package sdk_test

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// readerConn records which goroutines read a connection.
type readerConn struct {
	transport.Conn
	mu      sync.Mutex
	readers map[string]int // goroutine id → reads
}

func (c *readerConn) Read(ctx context.Context) (*transport.Message, error) {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	id, _, _ := bytes.Cut(bytes.TrimPrefix(buf, []byte("goroutine ")), []byte(" "))
	c.mu.Lock()
	c.readers[string(id)]++
	c.mu.Unlock()
	return c.Conn.Read(ctx)
}

// A quick call (tools/call, prompts/get, resources/read) is answered by
// the goroutine that read it, which then reads on: reading is not handed
// to another goroutine before every call (each hand-over woke a thread).
func TestQuickCallAnsweredByItsReader(t *testing.T) {
	defer sdk.SetHandOffAfter(time.Hour)() // however busy the machine
	s := sdk.NewServer("inline", nil)
	sdk.Tool(s, countTo, quiet("count"))
	sdk.Prompt(s, func(ctx context.Context, a struct {
		Title string `json:"title"`
	}) (string, error) {
		return "Review " + a.Title, nil
	}, &sdk.PromptOptions{Name: "review", Description: "Review a book."})
	sdk.Resource(s, "bookshop://catalog", func(ctx context.Context) (string, error) { return "Dune", nil },
		&sdk.ResourceOptions{Name: "catalog", Description: "The catalog."})
	sr, cw := io.Pipe()
	cr, sw := io.Pipe()
	conn := &readerConn{Conn: transport.NewStream(sr, sw, nil), readers: map[string]int{}}
	done := make(chan error, 1)
	go func() { done <- s.Serve(testCtx(t), conn) }()
	client := transport.NewStream(cr, cw, nil)
	ctx := testCtx(t)
	requests := []string{
		`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	}
	for i := 1; i <= 3; i++ {
		requests = append(requests,
			`{"jsonrpc":"2.0","id":`+strconv.Itoa(10*i)+`,"method":"tools/call","params":{"name":"count","arguments":{"to":2}}}`,
			`{"jsonrpc":"2.0","id":`+strconv.Itoa(10*i+1)+`,"method":"prompts/get","params":{"name":"review","arguments":{"title":"Dune"}}}`,
			`{"jsonrpc":"2.0","id":`+strconv.Itoa(10*i+2)+`,"method":"resources/read","params":{"uri":"bookshop://catalog"}}`)
	}
	for _, req := range requests {
		m, derr := transport.Decode([]byte(req))
		if derr != nil {
			t.Fatal(derr)
		}
		if err := client.Write(ctx, m); err != nil {
			t.Fatal(err)
		}
		if !m.IsRequest() {
			continue
		}
		resp, err := client.Read(ctx)
		if err != nil || resp.Error != nil || string(resp.ID) != string(m.ID) {
			t.Fatalf("answer to %s: %+v, %v", req, resp, err)
		}
	}
	cw.Close()
	if err := <-done; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	if len(conn.readers) != 1 {
		t.Errorf("the connection was read by %d goroutines (reads by goroutine: %v), want 1", len(conn.readers), conn.readers)
	}
}
