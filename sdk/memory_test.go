package sdk_test

import (
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// Eras lists legacy then 2026, and a client asking for an era's Version
// speaks that era at that version: the list sdktest.ForEachEra loops over.
func TestErasVersionIsWhatTheClientSpeaks(t *testing.T) {
	s := sdk.NewServer("eras", nil)
	sdk.Tool(s, HTTPEcho, &sdk.ToolOptions{Description: "Echo."})
	var seen []string
	for _, e := range sdk.Eras() {
		c, err := sdk.NewInMemoryClient(t.Context(), s, &sdk.ClientOptions{ProtocolVersion: e.Version()})
		if err != nil {
			t.Fatal(err)
		}
		res, err := c.CallTool(t.Context(), "http_echo", map[string]any{"text": "hi"}, nil)
		if err != nil || res.Content[0].Text != "hi" {
			t.Fatalf("%s era: call: %+v %v", e, res, err)
		}
		seen = append(seen, string(c.Era())+" "+c.ProtocolVersion())
		c.Close()
	}
	want := []string{"legacy " + sdk.LatestLegacyVersion, "2026 " + sdk.Version2026}
	if d := jsonDiff(t, toJSON(t, want), toJSON(t, seen)); d != "" {
		t.Errorf("eras (-want +got):\n%s", d)
	}
	if v := sdk.Era("modern").Version(); v != "" {
		t.Errorf(`Era("modern").Version() = %q, want "" (not an era's name)`, v)
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
