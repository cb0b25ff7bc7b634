package sdk_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// movedServer builds testdata/multipkg/server with -trimpath (and the
// extra flags), copies the binary into an empty directory and connects to
// it there: the source is out of reach, only what the binary carries counts.
func movedServer(t *testing.T, flags ...string) (*sdk.Client, *testutil.Buffer) {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "server")
	args := append(append([]string{"build", "-trimpath"}, flags...), "-o", bin, "./testdata/multipkg/server")
	if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	stderr := &testutil.Buffer{}
	conn, err := transport.Command(bin, nil, &transport.CommandOptions{Dir: dir, Stderr: stderr})
	if err != nil {
		t.Fatal(err)
	}
	c, err := sdk.Connect(testCtx(t), conn, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, stderr
}

// withoutTable is the overlay flag that builds the server without its
// mcpdocs_gen.go.
func withoutTable(t *testing.T) string {
	gen, err := filepath.Abs("testdata/multipkg/server/mcpdocs_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	overlay := filepath.Join(t.TempDir(), "overlay.json")
	ov, _ := json.Marshal(map[string]map[string]string{"Replace": {gen: ""}})
	if err := os.WriteFile(overlay, ov, 0o644); err != nil {
		t.Fatal(err)
	}
	return "-overlay=" + overlay
}

func toolsByName(t *testing.T, c *sdk.Client) map[string]sdk.ToolInfo {
	t.Helper()
	list, err := c.ListTools(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]sdk.ToolInfo{}
	for _, tool := range list {
		m[tool.Name] = tool
	}
	return m
}

// The mcpdocs table of package main covers the packages whose types and
// functions its tools use: a moved binary keeps their descriptions and
// enums.
func TestMovedBinaryKeepsOtherPackagesDocs(t *testing.T) {
	c, stderr := movedServer(t)
	tools := toolsByName(t, c)
	pair := tools["pair"]
	if pair.Description != "Returns a description of two items of different packages." {
		t.Errorf("pair description = %q", pair.Description)
	}
	if got := toJSON(t, schemaAt(t, pair.InputSchema, "$defs", "AItem", "properties", "color", "enum")); string(got) != `["red","green"]` {
		t.Errorf("a.Color enum = %s", got)
	}
	if got := schemaAt(t, pair.InputSchema, "$defs", "BItem", "properties", "qty", "description"); got != "Number of pieces." {
		t.Errorf("b.Item.Qty description = %v", got)
	}
	if got := tools["say_hello"].Description; got != "Greets someone by name." {
		t.Errorf("say_hello description = %q", got)
	}
	if strings.Contains(stderr.String(), "warning") {
		t.Errorf("unexpected warning:\n%s", stderr)
	}
}

// Without the table, the binary says what each tool lost (its description,
// field descriptions, the values of which types) and what to run; a type
// with an Enum method keeps its values.
func TestMovedBinaryWarnsWhatWasLost(t *testing.T) {
	c, stderr := movedServer(t, withoutTable(t))
	tools := toolsByName(t, c)
	if got := tools["pair"].Description; got != "" {
		t.Errorf("pair description = %q, want none", got)
	}
	if got := toJSON(t, schemaAt(t, tools["pair"].InputSchema, "$defs", "AItem", "properties", "size", "enum")); string(got) != `["S","M","L"]` {
		t.Errorf("a.Size enum (from its Enum method) = %s", got)
	}
	res := callRaw(t, c, "pair", `{"a":{"name":"cup","color":"purple","size":"XL"},"b":{"qty":1}}`)
	if want := "a.size\n  Input should be 'S', 'M' or 'L'"; !strings.Contains(texts(res), want) || strings.Contains(texts(res), "a.color") {
		t.Errorf("call: %s\nwant the size refused and (the enum being lost) the color accepted", texts(res))
	}
	const a, b, tl = "github.com/mcpdev/mcpdev/sdk/testdata/multipkg/a", "github.com/mcpdev/mcpdev/sdk/testdata/multipkg/b", "github.com/mcpdev/mcpdev/sdk/testdata/multipkg/tools"
	for _, want := range []string{
		"sdk: warning: the doc comments of packages " + a + ", " + b + " and " + tl + " are not in this binary",
		"add the line\n\t//go:generate go run github.com/mcpdev/mcpdev/cmd/mcpdocs\nto package " + tl + " and run `go generate` there",
		"sdk: warning: tool pair lost its description (the doc comment of Pair); the field descriptions of a.Item, b.Item and tools.PairArgs; " +
			"the constants declared for a.Color and b.Color, so any value is accepted (to declare a type's values without the source, give it a method, e.g. func (Color) Enum() []any: see sdk.Enumer)",
		"sdk: warning: tool say_hello lost its description (the doc comment of (*Greeter).SayHello); the field descriptions of tools.GreetArgs\n",
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr.String(), "add a doc comment") {
		t.Errorf("stderr asks for a doc comment that exists:\n%s", stderr)
	}
}
