package sdk_test

import (
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// ForEachEra runs a test once per era, each with an in-memory client that
// speaks it: the handshake era with its session and the stateless one
// (NewInMemoryClient's default).
func TestForEachEraRunsBothEras(t *testing.T) {
	s := sdk.NewServer("eras", nil)
	sdk.Tool(s, HTTPEcho, &sdk.ToolOptions{Description: "Echo."})
	var mu sync.Mutex
	seen := map[string]string{}
	sdk.ForEachEra(t, s, func(t *testing.T, c *sdk.Client) {
		res, err := c.CallTool(t.Context(), "http_echo", map[string]any{"text": "hi"}, nil)
		if err != nil || res.Content[0].Text != "hi" {
			t.Fatalf("call: %+v %v", res, err)
		}
		mu.Lock()
		seen[t.Name()] = string(c.Era()) + " " + c.ProtocolVersion()
		mu.Unlock()
	})
	want := map[string]string{
		t.Name() + "/legacy": "legacy " + sdk.LatestLegacyVersion,
		t.Name() + "/2026":   "2026 " + sdk.Version2026,
	}
	if d := jsonDiff(t, toJSON(t, want), toJSON(t, seen)); d != "" {
		t.Errorf("subtests (-want +got):\n%s", d)
	}

	c, err := sdk.NewInMemoryClient(t.Context(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Era() != sdk.Era2026 {
		t.Errorf("NewInMemoryClient speaks the %s era by default, want 2026 (as documented)", c.Era())
	}
}
