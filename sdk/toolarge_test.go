package sdk_test

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// bigClient connects to a fresh stdioserver process with the client's
// message limit (0: the transport's default), and env for the server.
func bigClient(t *testing.T, bin string, limit int, env ...string) *sdk.Client {
	t.Helper()
	conn, err := transport.Command(bin, nil, &transport.CommandOptions{MaxMessageSize: limit, Env: env})
	if err != nil {
		t.Fatal(err)
	}
	c, err := sdk.Connect(testCtx(t), conn, &sdk.ClientOptions{ProtocolVersion: sdk.LatestLegacyVersion})
	if err != nil {
		conn.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

var tooLargeText = regexp.MustCompile(`^(tools/call|tools/list): transport: response too large: (\d+) bytes \((\d+\.\d|\d+) MiB\), over the (\d+) MiB limit$`)

// A response over the client's limit (a 5 MB tool result, a 7 MB
// tools/list, through a real subprocess) fails its call at once with an
// error naming the size and the limit, instead of leaving the call
// waiting for an answer that came and went; the next call on the same
// connection works. A larger limit lets the same messages through, and a
// 50 MiB result arrives whole.
func TestOversizeResponseFailsCallAtOnce(t *testing.T) {
	bin := buildStdioServer(t)
	t.Run("5 MB result", func(t *testing.T) {
		c := bigClient(t, bin, 0)
		_, err := c.CallTool(testCtx(t), "big", map[string]int{"bytes": 5_000_000}, nil)
		checkTooLarge(t, err, "tools/call", "4")
		res := callRaw(t, c, "big", `{"bytes":3}`)
		if texts(res) != "xxx" {
			t.Errorf("the next call = %q", texts(res))
		}
	})
	t.Run("7 MB tools/list", func(t *testing.T) {
		c := bigClient(t, bin, 0, "STDIOSERVER_TOOLS_PAD=7000000")
		_, err := c.ListTools(testCtx(t))
		checkTooLarge(t, err, "tools/list", "4")
		if res := callRaw(t, c, "big", `{"bytes":2}`); texts(res) != "xx" {
			t.Errorf("the next call = %q", texts(res))
		}
		c = bigClient(t, bin, 8<<20, "STDIOSERVER_TOOLS_PAD=7000000")
		tools, err := c.ListTools(testCtx(t))
		if err != nil || len(tools) != 6 || len(tools[0].Description) != 7_000_000 {
			t.Fatalf("with an 8 MiB limit: %d tools, %v", len(tools), err)
		}
	})
	t.Run("50 MiB result under a 64 MiB limit", func(t *testing.T) {
		c := bigClient(t, bin, 64<<20)
		res, err := c.CallTool(testCtx(t), "big", map[string]int{"bytes": 50 << 20}, nil)
		if err != nil || len(res.Content) != 1 || len(res.Content[0].Text) != 50<<20 {
			t.Fatalf("CallTool: %v", err)
		}
	})
}

func checkTooLarge(t *testing.T, err error, method, limitMiB string) {
	t.Helper()
	var de *transport.DecodeError
	if !errors.Is(err, transport.ErrTooLarge) || !errors.As(err, &de) {
		t.Fatalf("err = %v, want one matching transport.ErrTooLarge", err)
	}
	m := tooLargeText.FindStringSubmatch(err.Error())
	if m == nil || m[1] != method || m[4] != limitMiB || m[2] != strconv.Itoa(de.Size) {
		t.Errorf("err = %q, want %s: … response too large: SIZE bytes (… MiB), over the %s MiB limit", err, method, limitMiB)
	}
}

// A malformed response (here: the wrong JSON-RPC version) fails the call
// it answers at once, rather than being skipped.
func TestMalformedResponseFailsCall(t *testing.T) {
	a, b := transport.NewPipe()
	defer b.Close()
	go func() {
		ctx := context.Background()
		for {
			m, err := b.Read(ctx)
			if err != nil {
				return
			}
			if m.Method == "initialize" {
				r, _ := transport.NewResult(m.ID, sdk.InitializeResult{ProtocolVersion: sdk.LatestLegacyVersion})
				_ = b.Write(ctx, r)
			} else if m.Method == "ping" {
				_ = b.Write(ctx, &transport.Message{JSONRPC: "1.0", ID: m.ID, Result: []byte(`{}`)})
			}
		}
	}()
	c, err := sdk.Connect(testCtx(t), a, &sdk.ClientOptions{ProtocolVersion: sdk.LatestLegacyVersion})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err = c.Call(ctx, "ping", nil, nil)
	if transport.ErrorCode(err) != transport.CodeInvalidRequest || ctx.Err() != nil {
		t.Errorf("ping answered with the wrong version = %v, want -32600 at once", err)
	}
}
