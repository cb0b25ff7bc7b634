package tokentest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// Tools reads the real tool definitions internal/tokens' reference counts
// are for, from internal/tokens/testdata/tools/NAME.json for each name
// ("server-everything", "server-filesystem", "bookshop", "hostile"), in
// order: one copy of the files for every test that needs real tools.
func Tools(tb testing.TB, names ...string) []sdk.ToolInfo {
	tb.Helper()
	_, here, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(here), "..", "..", "tokens", "testdata", "tools")
	var out []sdk.ToolInfo
	for _, name := range names {
		raw, err := os.ReadFile(filepath.Join(dir, name+".json"))
		if err != nil {
			tb.Fatal(err)
		}
		var list struct{ Tools []sdk.ToolInfo }
		if err := json.Unmarshal(raw, &list); err != nil {
			tb.Fatalf("%s.json: %v", name, err)
		}
		out = append(out, list.Tools...)
	}
	return out
}
