package sdk_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil/logall"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// SetLogLevel filters the server's logs in both eras: in the legacy era
// with logging/setLevel, in the 2026-07-28 era (no such method) with the
// level in every later request's _meta.
func TestClientSetLogLevel(t *testing.T) {
	s := logall.Server()
	for _, version := range []string{sdk.LatestLegacyVersion, sdk.Version2026} {
		t.Run(version, func(t *testing.T) {
			var mu sync.Mutex
			var got, sent []string
			c, err := sdk.NewInMemoryClient(t.Context(), s, &sdk.ClientOptions{
				ProtocolVersion: version,
				OnLog:           func(p sdk.LogParams) { mu.Lock(); got = append(got, string(p.Level)); mu.Unlock() },
				Trace: func(d sdk.Direction, m *transport.Message) {
					if d == sdk.Sent && m.Method != "" {
						mu.Lock()
						sent = append(sent, m.Method+" "+string(m.Params))
						mu.Unlock()
					}
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if err := c.SetLogLevel(t.Context(), sdk.LevelError); err != nil {
				t.Fatal(err)
			}
			if _, err := c.CallTool(t.Context(), "log_all", nil, nil); err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			defer mu.Unlock()
			if strings.Join(got, " ") != "error critical alert emergency" {
				t.Errorf("logs at or above error: %q", got)
			}
			setLevel := strings.Contains(strings.Join(sent, "\n"), `logging/setLevel {"level":"error"}`)
			if legacy := version == sdk.LatestLegacyVersion; setLevel != legacy {
				t.Errorf("logging/setLevel sent: %v, want %v (the 2026 era has no such method):\n%s", setLevel, legacy, strings.Join(sent, "\n"))
			}
			if version == sdk.Version2026 && !strings.Contains(sent[len(sent)-1], `"io.modelcontextprotocol/logLevel":"error"`) {
				t.Errorf("the call's _meta lacks the level:\n%s", sent[len(sent)-1])
			}
		})
	}
}

// A server that declares no logging capability is sent no level; a level
// that is none is refused before anything is sent.
func TestClientSetLogLevelRefused(t *testing.T) {
	serverConn, clientConn := transport.NewPipe()
	var mu sync.Mutex
	var methods []string
	go func() { // initialize answered with no capabilities; anything else recorded
		for {
			m, err := serverConn.Read(context.Background())
			if err != nil {
				return
			}
			mu.Lock()
			methods = append(methods, m.Method)
			mu.Unlock()
			if m.Method == "initialize" {
				resp, _ := transport.NewResult(m.ID, map[string]any{"protocolVersion": sdk.LatestLegacyVersion,
					"capabilities": map[string]any{"tools": map[string]any{}}, "serverInfo": map[string]any{"name": "quiet", "version": "1"}})
				serverConn.Write(context.Background(), resp)
			}
		}
	}()
	c, err := sdk.Connect(t.Context(), clientConn, &sdk.ClientOptions{ProtocolVersion: sdk.LatestLegacyVersion})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.SetLogLevel(t.Context(), sdk.LevelInfo); !errors.Is(err, sdk.ErrNoLogging) {
		t.Errorf("SetLogLevel to a server without logging: %v, want ErrNoLogging", err)
	}
	if err := c.SetLogLevel(t.Context(), "verbose"); err == nil || !strings.Contains(err.Error(), `"verbose" is not a log level`) {
		t.Errorf("SetLogLevel(verbose): %v", err)
	}
	c.Close()
	mu.Lock()
	defer mu.Unlock()
	for _, m := range methods {
		if m != "initialize" && m != "notifications/initialized" {
			t.Errorf("the server got %q, want only the handshake", methods)
		}
	}
}
