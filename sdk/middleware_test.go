package sdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// transports are the ways a test client reaches a server: an in-memory
// pipe, stdio framing over OS-less pipes (what Run does on stdin/stdout),
// and Streamable HTTP on 127.0.0.1.
var transports = []string{"memory", "stdio", "http"}

// connectVia connects a client speaking version to s over via, closed when
// the test ends; header goes on every HTTP request.
func connectVia(t *testing.T, s *sdk.Server, via, version string, header http.Header) *sdk.Client {
	t.Helper()
	return connectViaOpts(t, s, via, &sdk.ClientOptions{Name: "mw-client", Version: "7", ProtocolVersion: version}, header)
}

// connectViaOpts is connectVia with the client's options.
func connectViaOpts(t *testing.T, s *sdk.Server, via string, opts *sdk.ClientOptions, header http.Header) *sdk.Client {
	t.Helper()
	var conn transport.Conn
	var closePipes func()
	switch via {
	case "memory":
		c, err := sdk.NewInMemoryClient(testCtx(t), s, opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	case "stdio":
		serverIn, clientOut := io.Pipe()
		clientIn, serverOut := io.Pipe()
		go func() { _ = s.Serve(context.Background(), transport.NewStream(serverIn, serverOut, nil)) }()
		closePipes = func() { clientOut.Close(); clientIn.Close() }
		conn = transport.NewStream(clientIn, clientOut, nil)
	case "http":
		h := sdkhttp.Handler(s, nil)
		ts := httptest.NewServer(h)
		t.Cleanup(func() { h.Close(); ts.Close() })
		conn = streamable.NewClient(ts.URL, &streamable.ClientOptions{Header: header})
	}
	c, err := sdk.Connect(testCtx(t), conn, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if closePipes != nil {
			closePipes() // the client's Close waits for its reader
		}
		c.Close()
	})
	return c
}

// forEachTransportAndEra runs f once per transport and era, each with a
// fresh server from newServer.
func forEachTransportAndEra(t *testing.T, newServer func() *sdk.Server, f func(t *testing.T, s *sdk.Server, c *sdk.Client)) {
	for _, via := range transports {
		for _, era := range eras {
			t.Run(via+"/"+era.name, func(t *testing.T) {
				s := newServer()
				f(t, s, connectVia(t, s, via, era.version, nil))
			})
		}
	}
}

type mwEchoArgs struct {
	Text string `json:"text"`
}

// mwTrace keeps what middleware saw, in order.
type mwTrace struct {
	mu  sync.Mutex
	log []string
}

func (r *mwTrace) add(s string) {
	r.mu.Lock()
	r.log = append(r.log, s)
	r.mu.Unlock()
}

func (r *mwTrace) take() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := strings.Join(r.log, " ")
	r.log = nil
	return out
}

func (r *mwTrace) around(name string) sdk.Middleware {
	return func(next sdk.Handler) sdk.Handler {
		return func(ctx context.Context, c *sdk.Call) (any, error) {
			if !strings.HasPrefix(c.Method, "tools/") {
				return next(ctx, c)
			}
			r.add(name + ">" + c.Method)
			res, err := next(ctx, c)
			r.add("<" + name)
			return res, err
		}
	}
}

func (r *mwTrace) aroundTool(name string) sdk.ToolMiddleware {
	return func(next sdk.ToolHandler) sdk.ToolHandler {
		return func(ctx context.Context, c *sdk.ToolCall) (*sdk.CallToolResult, error) {
			r.add(name + ">" + c.Name)
			res, err := next(ctx, c)
			r.add("<" + name)
			return res, err
		}
	}
}

// Middleware runs in the documented order, the first given outermost and
// Use's around UseTool's, for every request in both eras over every
// transport.
func TestMiddlewareOrder(t *testing.T) {
	rec := &mwTrace{}
	newServer := func() *sdk.Server {
		s := sdk.NewServer("mw", nil)
		sdk.Tool(s, func(ctx context.Context, a mwEchoArgs) (string, error) {
			rec.add("tool(" + a.Text + ")")
			return a.Text, nil
		}, quiet("echo"))
		s.Use(rec.around("a"), rec.around("b"))
		s.Use(rec.around("c"))
		s.UseTool(rec.aroundTool("t1"), rec.aroundTool("t2"))
		return s
	}
	forEachTransportAndEra(t, newServer, func(t *testing.T, s *sdk.Server, c *sdk.Client) {
		rec.take()
		if _, err := c.ListTools(testCtx(t)); err != nil {
			t.Fatal(err)
		}
		want := "a>tools/list b>tools/list c>tools/list <c <b <a"
		if d := textDiff(want, rec.take()); d != "" {
			t.Errorf("tools/list (-want +got):\n%s", d)
		}
		if got := texts(callRaw(t, c, "echo", `{"text":"hi"}`)); got != "hi" {
			t.Errorf("echo = %q", got)
		}
		want = "a>tools/call b>tools/call c>tools/call t1>echo t2>echo tool(hi) <t2 <t1 <c <b <a"
		if d := textDiff(want, rec.take()); d != "" {
			t.Errorf("tools/call (-want +got):\n%s", d)
		}
	})
}

// A middleware that panics fails that request with -32603 and the server
// keeps serving; so does a tool middleware.
func TestMiddlewarePanicAnswersInternalError(t *testing.T) {
	var stderr testutil.Buffer
	newServer := func() *sdk.Server {
		s := sdk.NewServer("mw", &sdk.ServerOptions{Stderr: &stderr})
		sdk.Tool(s, func(ctx context.Context, a mwEchoArgs) (string, error) { return a.Text, nil }, quiet("echo"))
		sdk.Tool(s, func(ctx context.Context, a mwEchoArgs) (string, error) { return a.Text, nil }, quiet("boom"))
		s.Use(func(next sdk.Handler) sdk.Handler {
			return func(ctx context.Context, c *sdk.Call) (any, error) {
				if c.Method == "tools/list" {
					panic("list middleware broke")
				}
				return next(ctx, c)
			}
		})
		s.UseTool(func(next sdk.ToolHandler) sdk.ToolHandler {
			return func(ctx context.Context, c *sdk.ToolCall) (*sdk.CallToolResult, error) {
				if c.Name == "boom" {
					panic("tool middleware broke")
				}
				return next(ctx, c)
			}
		})
		return s
	}
	forEachTransportAndEra(t, newServer, func(t *testing.T, s *sdk.Server, c *sdk.Client) {
		_, err := c.ListTools(testCtx(t))
		if rpcCode(err) != transport.CodeInternalError || !strings.Contains(err.Error(), "panic: list middleware broke") {
			t.Errorf("tools/list: %v, want -32603 naming the panic", err)
		}
		_, err = c.CallTool(testCtx(t), "boom", map[string]any{"text": "x"}, nil)
		if rpcCode(err) != transport.CodeInternalError || !strings.Contains(err.Error(), "panic: tool middleware broke") {
			t.Errorf("boom: %v, want -32603 naming the panic", err)
		}
		if got := texts(callRaw(t, c, "echo", `{"text":"still here"}`)); got != "still here" {
			t.Errorf("echo after the panics = %q", got)
		}
	})
	if !strings.Contains(stderr.String(), "sdk: middleware panicked on tools/list: list middleware broke") ||
		!strings.Contains(stderr.String(), "sdk: tool middleware panicked on boom: tool middleware broke") {
		t.Errorf("stderr lacks the panics:\n%s", stderr.String())
	}
}

// An error a middleware returns reaches the client as a JSON-RPC error: an
// *RPCError with its code, any other error as -32603 with its text.
func TestMiddlewareErrorReachesClient(t *testing.T) {
	newServer := func() *sdk.Server {
		s := sdk.NewServer("mw", nil)
		sdk.Tool(s, func(ctx context.Context, a mwEchoArgs) (string, error) { return a.Text, nil }, quiet("echo"))
		s.Use(func(next sdk.Handler) sdk.Handler {
			return func(ctx context.Context, c *sdk.Call) (any, error) {
				if c.Method == "tools/list" {
					return nil, &sdk.RPCError{Code: -32042, Message: "Listing is closed today"}
				}
				return next(ctx, c)
			}
		})
		s.UseTool(func(next sdk.ToolHandler) sdk.ToolHandler {
			return func(ctx context.Context, c *sdk.ToolCall) (*sdk.CallToolResult, error) {
				return nil, errors.New("quota exhausted")
			}
		})
		return s
	}
	forEachTransportAndEra(t, newServer, func(t *testing.T, s *sdk.Server, c *sdk.Client) {
		_, err := c.ListTools(testCtx(t))
		if rpcCode(err) != -32042 || !strings.Contains(err.Error(), "Listing is closed today") {
			t.Errorf("tools/list: %v, want -32042", err)
		}
		_, err = c.CallTool(testCtx(t), "echo", map[string]any{"text": "x"}, nil)
		if rpcCode(err) != transport.CodeInternalError || !strings.Contains(err.Error(), "quota exhausted") {
			t.Errorf("echo: %v, want -32603 quota exhausted", err)
		}
	})
}

// seen is what a middleware learns of a request.
type seen struct {
	Method, Era, Version, Client, Header string
	HasID                                bool
}

// Middleware sees the method, the id and the caller (RequestFrom) as the
// tool does, in both eras; over HTTP also the request's headers.
func TestMiddlewareSeesCaller(t *testing.T) {
	for _, via := range transports {
		for _, era := range eras {
			t.Run(via+"/"+era.name, func(t *testing.T) {
				got := make(chan seen, 4)
				s := sdk.NewServer("mw", nil)
				sdk.Tool(s, func(ctx context.Context, a mwEchoArgs) (string, error) { return a.Text, nil }, quiet("echo"))
				s.Use(func(next sdk.Handler) sdk.Handler {
					return func(ctx context.Context, c *sdk.Call) (any, error) {
						if c.Method == "tools/list" {
							r := sdk.RequestFrom(ctx)
							got <- seen{c.Method, string(r.Era), r.ProtocolVersion, r.ClientInfo.Name + "/" + r.ClientInfo.Version, r.Header.Get("X-Test"), len(c.ID) > 0}
						}
						return next(ctx, c)
					}
				})
				c := connectVia(t, s, via, era.version, http.Header{"X-Test": {"yes"}})
				if _, err := c.ListTools(testCtx(t)); err != nil {
					t.Fatal(err)
				}
				want := seen{Method: "tools/list", Era: era.name, Version: era.version, Client: "mw-client/7", HasID: true}
				if via == "http" {
					want.Header = "yes"
				}
				if d := jsonDiff(t, toJSON(t, want), toJSON(t, <-got)); d != "" {
					t.Errorf("middleware saw (-want +got):\n%s", d)
				}
			})
		}
	}
}

// A middleware may change the params next sees and the result the client
// gets; a tool middleware the arguments (validated after it) and the
// result.
func TestMiddlewareRewritesRequestAndResult(t *testing.T) {
	newServer := func() *sdk.Server {
		s := sdk.NewServer("mw", nil)
		sdk.Tool(s, func(ctx context.Context, a mwEchoArgs) (string, error) { return a.Text, nil }, quiet("echo"))
		s.Use(func(next sdk.Handler) sdk.Handler {
			return func(ctx context.Context, c *sdk.Call) (any, error) {
				if c.Method == "tools/call" {
					c.Params = json.RawMessage(strings.Replace(string(c.Params), `"text":"hi"`, `"text":"hello"`, 1))
				}
				return next(ctx, c)
			}
		})
		s.UseTool(func(next sdk.ToolHandler) sdk.ToolHandler {
			return func(ctx context.Context, c *sdk.ToolCall) (*sdk.CallToolResult, error) {
				c.Arguments = json.RawMessage(strings.Replace(string(c.Arguments), `"hello"`, `"hello, world"`, 1))
				res, err := next(ctx, c)
				if err == nil {
					res.Content = append(res.Content, sdk.Text("served by "+c.Name))
				}
				return res, err
			}
		})
		return s
	}
	forEachTransportAndEra(t, newServer, func(t *testing.T, s *sdk.Server, c *sdk.Client) {
		want := "hello, world\n---\nserved by echo"
		if d := textDiff(want, texts(callRaw(t, c, "echo", `{"text":"hi"}`))); d != "" {
			t.Errorf("echo (-want +got):\n%s", d)
		}
		res := callRaw(t, c, "echo", `{"text":5}`)
		if !res.IsError || !strings.Contains(texts(res), "Input should be a valid string") {
			t.Errorf("bad arguments passed the tool middleware unvalidated: %+v", res)
		}
	})
}
