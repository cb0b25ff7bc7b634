package sdk_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport"
)

// htmlText is what a model must read as it is, never as a\u003cb\u003e
// \u0026 c.
const htmlText = "a<b> & c"

type htmlNote struct {
	Note string            `json:"note"`
	Tags map[string]string `json:"tags"`
}

type htmlArgs struct {
	Q string `json:"q"`
}

// htmlServer has a tool per kind of result (and a progress, a log, an
// error and a description), each carrying htmlText.
func htmlServer() *sdk.Server {
	s := sdk.NewServer("html", &sdk.ServerOptions{Stderr: io.Discard})
	opts := func(name string) *sdk.ToolOptions {
		return &sdk.ToolOptions{Name: name, Description: "Compare " + htmlText + "."}
	}
	sdk.Tool(s, func(ctx context.Context, a htmlArgs) (htmlNote, error) {
		_ = sdk.Progress(ctx, 1, 2, a.Q)
		_ = sdk.Log(ctx, sdk.LevelInfo, a.Q)
		return htmlNote{Note: a.Q, Tags: map[string]string{a.Q: a.Q}}, nil
	}, opts("struct"))
	sdk.Tool(s, func(ctx context.Context, a htmlArgs) (map[string]string, error) {
		return map[string]string{"k": a.Q}, nil
	}, opts("map"))
	sdk.Tool(s, func(ctx context.Context, a htmlArgs) (string, error) { return a.Q, nil }, opts("string"))
	sdk.Tool(s, func(ctx context.Context, a htmlArgs) ([]htmlNote, error) { return []htmlNote{{Note: a.Q}}, nil }, opts("list"))
	sdk.Tool(s, func(ctx context.Context, a htmlArgs) (string, error) { return "", errors.New(a.Q) }, opts("fail"))
	return s
}

// escapes reports the first HTML escape in data, or "".
func escapes(data []byte) string {
	for _, e := range []string{`\u003c`, `\u003e`, `\u0026`} {
		if i := bytes.Index(bytes.ToLower(data), []byte(e)); i >= 0 {
			return string(data[max(0, i-40):min(len(data), i+40)])
		}
	}
	return ""
}

// exerciseHTML lists the tools and calls each one with htmlText, checking
// that the model reads it as it is in every text block and in
// structuredContent.
func exerciseHTML(t *testing.T, c *sdk.Client) {
	t.Helper()
	tools, err := c.ListTools(testCtx(t))
	if err != nil || len(tools) != 5 {
		t.Fatalf("ListTools = %v, %v", tools, err)
	}
	for _, tool := range tools {
		res, err := c.CallTool(testCtx(t), tool.Name, map[string]string{"q": htmlText}, &sdk.CallOptions{OnProgress: func(sdk.ProgressParams) {}})
		if err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		for _, block := range res.Content {
			if !strings.Contains(block.Text, htmlText) || escapes([]byte(block.Text)) != "" {
				t.Errorf("%s: text block %q, want %q in it as it is", tool.Name, block.Text, htmlText)
			}
		}
		if tool.Name != "fail" && (!bytes.Contains(res.StructuredContent, []byte(htmlText)) || escapes(res.StructuredContent) != "") {
			t.Errorf("%s: structuredContent %s, want %q in it as it is", tool.Name, res.StructuredContent, htmlText)
		}
	}
}

// wireRecorder keeps what a client received, as received.
type wireRecorder struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (w *wireRecorder) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

// trace records the raw result and params of every message received.
func (w *wireRecorder) trace(d sdk.Direction, m *transport.Message) {
	if d == sdk.Received {
		w.Write(m.Result)
		w.Write(m.Params)
	}
}

func (w *wireRecorder) check(t *testing.T) {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.buf.Len() == 0 {
		t.Fatal("nothing recorded")
	}
	if e := escapes(w.buf.Bytes()); e != "" {
		t.Errorf("HTML escaped on the wire: …%s…", e)
	}
}

// Nothing the SDK writes escapes HTML: struct, map, string and list
// results, descriptions, errors, progress and logs carry "a<b> & c" as it
// is — in the text blocks, in structuredContent and on the wire — over the
// in-memory pipe, stdio framing and HTTP, in both eras.
func TestNoHTMLEscaping(t *testing.T) {
	s := htmlServer()
	for _, era := range eras {
		t.Run("in-memory/"+era.name, func(t *testing.T) {
			var rec wireRecorder
			exerciseHTML(t, memClient(t, s, era.version, &sdk.ClientOptions{Trace: rec.trace, OnLog: func(sdk.LogParams) {}}))
			rec.check(t)
		})
		t.Run("stdio/"+era.name, func(t *testing.T) {
			var rec wireRecorder // every byte both ways
			serverIn, clientOut := io.Pipe()
			clientIn, serverOut := io.Pipe()
			go func() {
				_ = s.Serve(context.Background(), transport.NewStream(serverIn, io.MultiWriter(serverOut, &rec), nil))
			}()
			c, err := sdk.Connect(testCtx(t), transport.NewStream(clientIn, io.MultiWriter(clientOut, &rec), nil),
				&sdk.ClientOptions{ProtocolVersion: era.version, OnLog: func(sdk.LogParams) {}})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { clientOut.Close(); clientIn.Close(); c.Close() })
			exerciseHTML(t, c)
			rec.check(t)
		})
		t.Run("http/"+era.name, func(t *testing.T) {
			h := sdkhttp.Handler(s, nil)
			ts := httptest.NewServer(h)
			t.Cleanup(func() { h.Close(); ts.Close() })
			var rec wireRecorder
			exerciseHTML(t, connectHTTP(t, ts.URL, era.version, &sdk.ClientOptions{Trace: rec.trace, OnLog: func(sdk.LogParams) {}}))
			rec.check(t)
		})
	}
}
