package streamable_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// Over HTTP a response over MaxMessageSize fails its request at once,
// worded as on stdio (a *DecodeError matching ErrTooLarge, with the id of
// the request, the size and the limit), whether it comes as JSON (with or
// without a Content-Length) or as an SSE event (after a small one, with
// the id last); the next request works. The SSE stream is not resumed
// for it.
func TestHTTPResponseTooLarge(t *testing.T) {
	big := `{"result":{"text":"` + strings.Repeat("x", 5000) + `"},"jsonrpc":"2.0","id":%s}`
	small := `{"jsonrpc":"2.0","id":%s,"result":{}}`
	progress := `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}`
	tests := []struct {
		name  string
		serve func(w http.ResponseWriter, body string)
		size  int
	}{
		{"JSON with a length", func(w http.ResponseWriter, body string) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Length", fmt.Sprint(len(body)))
			fmt.Fprint(w, body)
		}, 0},
		{"JSON chunked", func(w http.ResponseWriter, body string) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(200)
			w.(http.Flusher).Flush()
			fmt.Fprint(w, body)
		}, 0},
		{"SSE", func(w http.ResponseWriter, body string) {
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprintf(w, "id: 1-1\ndata: %s\n\nid: 1-2\ndata: %s\n\n", progress, body)
		}, 0},
		{"SSE over several data lines", func(w http.ResponseWriter, body string) {
			w.Header().Set("Content-Type", "text/event-stream")
			half := len(body) / 2
			fmt.Fprintf(w, "id: 1-1\ndata: %s\ndata: %s\n\n", body[:half], body[half:])
		}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var gets atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Method == http.MethodGet {
					gets.Add(1)
					w.WriteHeader(http.StatusMethodNotAllowed)
					return
				}
				body, _ := io.ReadAll(r.Body)
				m, _ := transport.Decode(body)
				if string(m.ID) == "1" {
					tt.serve(w, fmt.Sprintf(big, m.ID))
					return
				}
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprintf(w, small, m.ID)
			}))
			defer srv.Close()
			c := streamable.NewClient(srv.URL, &streamable.ClientOptions{MaxMessageSize: 1024})
			defer c.Close()
			ctx := testContext(t)
			send := func(id int64) {
				m, _ := transport.NewRequest(id, "tools/call", map[string]string{"name": "t"})
				if err := c.Write(ctx, m); err != nil {
					t.Fatal(err)
				}
			}
			send(1)
			var de *transport.DecodeError
			for {
				m, err := c.Read(ctx)
				if err == nil && m.Method != "" {
					continue // the progress notification
				}
				if !errors.As(err, &de) || !errors.Is(err, transport.ErrTooLarge) {
					t.Fatalf("Read = %+v, %v; want a *DecodeError matching ErrTooLarge", m, err)
				}
				break
			}
			size := len(fmt.Sprintf(big, "1")) + tt.size
			want := fmt.Sprintf("transport: response too large: %d bytes (%s), over the 1 KiB limit", size, transport.FormatSize(int64(size)))
			if err := error(de); err.Error() != want || string(de.Msg.ID) != "1" || !de.IsResponse() || de.Size != size || de.Limit != 1024 {
				t.Errorf("error %q, id %s, response %v, size %d, limit %d; want %q, id 1", err, de.Msg.ID, de.IsResponse(), de.Size, de.Limit, want)
			}
			send(2)
			if m, err := c.Read(ctx); err != nil || string(m.ID) != "2" {
				t.Fatalf("the next request: %+v, %v", m, err)
			}
			if n := gets.Load(); n != 0 {
				t.Errorf("%d GET requests: the stream was resumed", n)
			}
		})
	}
}

// Over HTTP, a response over the limit is refused having allocated no
// more than 1.2× the limit, as on stdio: as JSON without a length, as one
// SSE data line, or as several lines each within the limit.
func TestHTTPRefusalMemoryWithinLimit(t *testing.T) {
	const limit = 8 << 20
	const size = 2 * limit
	x := strings.Repeat("x", 64<<10)
	body := func(w io.Writer, n int, line string) { // n bytes of text, a line break every line bytes or so
		for sent := 0; sent < n; sent += len(x) {
			io.WriteString(w, x[:min(len(x), n-sent)])
			if line != "" && (sent+len(x))%(limit/2) < len(x) {
				io.WriteString(w, line)
			}
		}
	}
	tests := []struct {
		name  string
		serve func(w http.ResponseWriter, id string)
	}{
		{"JSON chunked", func(w http.ResponseWriter, id string) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"text":"`)
			body(w, size, "")
			io.WriteString(w, `"}}`)
		}},
		{"SSE", func(w http.ResponseWriter, id string) {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, `data: {"jsonrpc":"2.0","id":`+id+`,"result":{"text":"`)
			body(w, size, "")
			io.WriteString(w, "\"}}\n\n")
		}},
		{"SSE over several data lines", func(w http.ResponseWriter, id string) {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, `data: {"jsonrpc":"2.0","id":`+id+`,"result":{"text":"`)
			body(w, size, "\ndata: ")
			io.WriteString(w, "\"}}\n\n")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				m, _ := transport.Decode(must(io.ReadAll(r.Body)))
				tt.serve(w, string(m.ID))
			}))
			defer srv.Close()
			c := streamable.NewClient(srv.URL, &streamable.ClientOptions{MaxMessageSize: limit})
			defer c.Close()
			ctx := testContext(t)
			m, _ := transport.NewRequest(1, "tools/call", map[string]string{"name": "t"})
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			if err := c.Write(ctx, m); err != nil {
				t.Fatal(err)
			}
			_, err := c.Read(ctx)
			runtime.ReadMemStats(&after)
			if !errors.Is(err, transport.ErrTooLarge) {
				t.Fatalf("Read: %v, want ErrTooLarge", err)
			}
			if grew := after.TotalAlloc - before.TotalAlloc; float64(grew) > 1.2*limit {
				t.Errorf("refusing a %d-byte response through a %d-byte limit allocated %d bytes (%.2f× the limit), want ≤ 1.2×", size, limit, grew, float64(grew)/limit)
			}
		})
	}
}

func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}
