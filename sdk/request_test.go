package sdk_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// caller is what the whoami tool reports of sdk.RequestFrom and its ctx.
type caller struct {
	Era        sdk.Era  `json:"era"`
	Version    string   `json:"version"`
	Client     string   `json:"client"`
	Caps       []string `json:"caps"`
	Session    string   `json:"session"`
	Tenant     string   `json:"tenant"`     // the X-Tenant header
	Middleware string   `json:"middleware"` // a value HTTP middleware put in the request's context
	Subject    string   `json:"subject"`    // the identity's
	HasHTTP    bool     `json:"hasHTTP"`
}

type middlewareKey struct{}

// whoamiServer has one tool, whoami, reporting its caller.
func whoamiServer() *sdk.Server {
	s := sdk.NewServer("whoami", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (caller, error) {
		r := sdk.RequestFrom(ctx)
		c := caller{Era: r.Era, Version: r.ProtocolVersion, Client: r.ClientInfo.Name + "/" + r.ClientInfo.Version,
			Session: r.SessionID, HasHTTP: sdkhttp.HTTPRequest(ctx) != nil, Caps: []string{}}
		for k := range r.ClientCapabilities {
			c.Caps = append(c.Caps, k)
		}
		slices.Sort(c.Caps)
		c.Tenant = r.Header.Get("X-Tenant")
		c.Middleware, _ = ctx.Value(middlewareKey{}).(string)
		if r.Identity != nil {
			c.Subject = r.Identity.Subject
		}
		return c, nil
	}, &sdk.ToolOptions{Name: "whoami", Description: "Who is calling."})
	return s
}

func callWhoami(t *testing.T, c *sdk.Client) caller {
	t.Helper()
	res, err := c.CallTool(context.Background(), "whoami", map[string]any{}, nil)
	if err != nil || res.IsError {
		t.Fatalf("whoami: %+v %v", res, err)
	}
	var got caller
	if err := json.Unmarshal(res.StructuredContent, &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// Over real HTTP, a tool learns who calls in both eras: client info and
// capabilities, era and version, the legacy session id, the request's
// headers, the values HTTP middleware put in the request's context (in the
// 2025-11-25 session era too, not only in the stateless one) and the
// authenticated identity.
func TestRequestFromOverHTTPBothEras(t *testing.T) {
	h := sdkhttp.Handler(whoamiServer(), nil)
	mw := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := context.WithValue(r.Context(), middlewareKey{}, "set by middleware")
		ctx = sdk.WithIdentity(ctx, &sdk.Identity{Subject: "alice", Scopes: []string{"books:read"}})
		h.ServeHTTP(w, r.WithContext(ctx))
	})
	ts := httptest.NewServer(mw)
	t.Cleanup(func() { h.Close(); ts.Close() })
	for _, tc := range []struct {
		version string
		want    caller
	}{
		{"", caller{Era: sdk.Era2026, Version: sdk.Version2026}},
		{sdk.LatestLegacyVersion, caller{Era: sdk.EraLegacy, Version: sdk.LatestLegacyVersion}}, // calls run detached (SSE polling)
		{"2025-06-18", caller{Era: sdk.EraLegacy, Version: "2025-06-18"}},
	} {
		t.Run(string(tc.want.Era)+" "+tc.want.Version, func(t *testing.T) {
			tr := streamable.NewClient(ts.URL, &streamable.ClientOptions{Header: http.Header{"X-Tenant": {"acme"}}})
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			c, err := sdk.Connect(ctx, tr, &sdk.ClientOptions{Name: "whoami-client", Version: "1.0", ProtocolVersion: tc.version})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			want := tc.want
			want.Client, want.Caps, want.Session = "whoami-client/1.0", []string{}, tr.SessionID()
			want.Tenant, want.Middleware, want.Subject, want.HasHTTP = "acme", "set by middleware", "alice", true
			if tc.want.Era == sdk.EraLegacy && want.Session == "" {
				t.Fatal("the legacy client has no session id")
			}
			if diff := jsonDiff(t, toJSON(t, want), toJSON(t, callWhoami(t, c))); diff != "" {
				t.Errorf("RequestFrom (-want +got):\n%s", diff)
			}
		})
	}
}

// Over stdio framing, the same accessor reports the era, version, client
// info and capabilities each era declares, and the values of Serve's ctx;
// nothing of HTTP.
func TestRequestFromOverStdio(t *testing.T) {
	s := whoamiServer()
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	ctx := context.WithValue(context.Background(), middlewareKey{}, "serve ctx")
	go func() { _ = s.Serve(ctx, transport.NewStream(serverIn, serverOut, nil)) }()
	conn := transport.NewStream(clientIn, clientOut, nil)
	t.Cleanup(func() { clientOut.Close(); clientIn.Close() })

	call := func(params string) caller {
		t.Helper()
		send(t, conn, `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":`+params+`}`)
		var res sdk.CallToolResult
		reply(t, conn, &res)
		var got caller
		if err := json.Unmarshal(res.StructuredContent, &got); err != nil {
			t.Fatalf("%s: %v", res.Content[0].Text, err)
		}
		return got
	}
	stateless := call(`{"name":"whoami","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",` +
		`"io.modelcontextprotocol/clientCapabilities":{"sampling":{}},"io.modelcontextprotocol/clientInfo":{"name":"raw","version":"2"}}}`)
	want := caller{Era: sdk.Era2026, Version: sdk.Version2026, Client: "raw/2", Caps: []string{"sampling"}, Middleware: "serve ctx"}
	if diff := jsonDiff(t, toJSON(t, want), toJSON(t, stateless)); diff != "" {
		t.Errorf("stateless (-want +got):\n%s", diff)
	}

	send(t, conn, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"roots":{},"elicitation":{}},"clientInfo":{"name":"old","version":"0.9"}}}`)
	reply(t, conn, nil)
	send(t, conn, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	legacy := call(`{"name":"whoami","arguments":{}}`)
	want = caller{Era: sdk.EraLegacy, Version: "2025-06-18", Client: "old/0.9", Caps: []string{"elicitation", "roots"}, Middleware: "serve ctx"}
	if diff := jsonDiff(t, toJSON(t, want), toJSON(t, legacy)); diff != "" {
		t.Errorf("legacy (-want +got):\n%s", diff)
	}
}

func send(t *testing.T, conn transport.Conn, frame string) {
	t.Helper()
	m, err := transport.Decode([]byte(frame))
	if err != nil {
		t.Fatal(err)
	}
	if err := conn.Write(context.Background(), m); err != nil {
		t.Fatal(err)
	}
}

// reply reads the next response and decodes its result into v (if set).
func reply(t *testing.T, conn transport.Conn, v any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		m, err := conn.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !m.IsResponse() {
			continue
		}
		if m.Error != nil {
			t.Fatalf("error response: %v", m.Error)
		}
		if v != nil {
			if err := json.Unmarshal(m.Result, v); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
}
