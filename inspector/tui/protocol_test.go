package tui

import (
	"testing"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/sdk"
)

// TestFlowProtocolForced: a target whose era --protocol chose connects in
// that era and the header says so; one the server does not speak
// (server-everything speaks only the legacy era) fails at once, and the
// doctor says why and what to do.
func TestFlowProtocolForced(t *testing.T) {
	t.Run("legacy to a server of both eras", func(t *testing.T) {
		t.Parallel()
		tg := &target.Target{Kind: target.KindCommand, Name: "conformance", Command: serverBin(t, "conformance"), Protocol: sdk.LatestLegacyVersion}
		f := startFlowWith(t, &targetConnector{Target: tg}, "conformance")
		f.waitFor("MCP 2025-11-25 (legacy era, --protocol)", "test_simple_text")
	})
	t.Run("2026 to a server of both eras", func(t *testing.T) {
		t.Parallel()
		tg := &target.Target{Kind: target.KindCommand, Name: "conformance", Command: serverBin(t, "conformance"), Protocol: sdk.Version2026}
		f := startFlowWith(t, &targetConnector{Target: tg}, "conformance")
		f.waitFor("MCP 2026-07-28 (2026 era, --protocol)", "test_simple_text")
	})
	t.Run("2026 to a legacy server", func(t *testing.T) {
		node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
		tg := &target.Target{Kind: target.KindCommand, Name: "server-everything", Command: node, Args: []string{files[0], "stdio"}, Protocol: sdk.Version2026}
		f := startFlowWith(t, &targetConnector{Target: tg}, "server-everything")
		f.waitFor("the server does not speak the 2026 era", "try --protocol legacy")
	})
}
