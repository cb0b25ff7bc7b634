package sdk_test

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aymanbagabas/go-udiff"

	"github.com/mcpdev/mcpdev/sdk"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// textDiff reports want and got line by line as (-want +got), or "".
func textDiff(want, got string) string {
	if want == got {
		return ""
	}
	return udiff.Unified("want", "got", want, got)
}

// jsonDiff compares two JSON documents as values (key order and spacing do
// not matter) and reports the difference as (-want +got).
func jsonDiff(t testing.TB, want, got []byte) string {
	t.Helper()
	return textDiff(indentJSON(t, want), indentJSON(t, got))
}

// indentJSON re-encodes a JSON document with sorted keys, indented.
func indentJSON(t testing.TB, data []byte) string {
	t.Helper()
	if len(data) == 0 {
		return "<none>"
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("invalid JSON %q: %v", data, err)
	}
	out, _ := json.MarshalIndent(v, "", "  ")
	return string(out)
}

func toJSON(t testing.TB, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// golden compares got (JSON) with testdata/NAME, rewriting it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	pretty := []byte(indentJSON(t, got) + "\n")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, pretty, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if d := textDiff(string(want), string(pretty)); d != "" {
		t.Errorf("%s (-want +got):\n%s", path, d)
	}
}

// eras are the protocol eras a client can speak to an sdk server
// (sdk.Eras), each with the version its client asks for.
var eras = func() (out []struct{ name, version string }) {
	for _, e := range sdk.Eras() {
		out = append(out, struct{ name, version string }{string(e), e.Version()})
	}
	return out
}()

// testCtx bounds a test's protocol exchanges so that a deadlock fails the
// test instead of hanging it; it is a guard, never a timing assertion.
func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// memClient connects an in-memory client to s speaking the given protocol
// version ("" for the client's default), closed when the test ends.
func memClient(t *testing.T, s *sdk.Server, version string, opts *sdk.ClientOptions) *sdk.Client {
	t.Helper()
	if opts == nil {
		opts = &sdk.ClientOptions{}
	}
	opts.ProtocolVersion = version
	c, err := sdk.NewInMemoryClient(testCtx(t), s, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// legacyClient is memClient in the handshake era.
func legacyClient(t *testing.T, s *sdk.Server, opts *sdk.ClientOptions) *sdk.Client {
	return memClient(t, s, sdk.LatestLegacyVersion, opts)
}

// callRaw calls a tool with arguments given as JSON text.
func callRaw(t *testing.T, c *sdk.Client, name, args string) *sdk.CallToolResult {
	t.Helper()
	var a any
	if args != "" {
		a = json.RawMessage(args)
	}
	res, err := c.CallTool(testCtx(t), name, a, nil)
	if err != nil {
		t.Fatalf("CallTool(%s, %s): %v", name, args, err)
	}
	return res
}

// texts joins a result's text blocks with "\n---\n".
func texts(res *sdk.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		parts = append(parts, c.Text)
	}
	return strings.Join(parts, "\n---\n")
}

// quiet is a ToolOptions with a description, so that test tools (whose doc
// comments live in _test.go files) do not warn.
func quiet(name string) *sdk.ToolOptions {
	return &sdk.ToolOptions{Name: name, Description: "test tool " + name}
}
