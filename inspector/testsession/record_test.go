package testsession

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
)

// recordCalls makes calls on conn the way the TUI does and keeps them.
func recordCalls(t *testing.T, conn *target.Connection, calls [][2]string) []Call {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tools, err := call.ListTools(ctx, conn, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	schemas := map[string]json.RawMessage{}
	for _, tl := range tools {
		schemas[tl.Name] = tl.InputSchema
	}
	var out []Call
	for _, c := range calls {
		res, err := conn.CallTool(ctx, c[0], json.RawMessage(c[1]), nil)
		out = append(out, Call{Tool: c[0], Args: json.RawMessage(c[1]), Schema: schemas[c[0]], Result: res, Err: err})
	}
	return out
}

func TestRecordedSessionReplaysGreenThenFailsOnChange(t *testing.T) {
	dir := devCopy(t)
	testutil.AddGetBook(t, dir)
	testutil.Edit(t, filepath.Join(dir, "main.go"), `return "Book " + args.ID, nil`,
		`if args.ID == "" { return "", fmt.Errorf("no id") }; return "Book " + args.ID + "\nline two", nil`)
	tg := goTarget(t, dir)
	conn, err := tg.Connect(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	calls := recordCalls(t, conn, [][2]string{
		{"search_books", `{"query":"dune","limit":5}`},
		{"search_books", `{"query":"it's \"dune\" $HOME #1","limit":3}`},
		{"get_book", `{"id":"b1"}`},
		{"get_book", `{}`},
		{"no_such_tool", `{}`},
	})
	conn.Close()
	path := filepath.Join(dir, "sessions", "recorded.txtar")
	if err := WriteRecord(path, tg, calls); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	t.Logf("recorded:\n%s", data)
	for _, want := range []string{"target ..\n", "call search_books query=dune limit=5\n", "  isError\n", "  rpcError "} {
		if !strings.Contains(string(data), want) {
			t.Errorf("recording lacks %q", want)
		}
	}

	var out bytes.Buffer
	sum, err := Run(context.Background(), &out, []string{path}, &Options{BuildCache: tg.BuildCache})
	if err != nil || sum.Failed != 0 || sum.Passed != 5 {
		t.Fatalf("replay: %v %+v\n%s", err, sum, out.String())
	}

	testutil.Edit(t, filepath.Join(dir, "main.go"), "Found 3 books", "Found 4 books")
	out.Reset()
	sum, err = Run(context.Background(), &out, []string{path}, &Options{BuildCache: tg.BuildCache})
	if err == nil || sum.Failed != 2 || sum.Passed != 3 {
		t.Fatalf("after the change: %v %+v\n%s", err, sum, out.String())
	}
	if !strings.Contains(out.String(), "+Found 4 books matching 'dune'") {
		t.Errorf("no diff in the failure:\n%s", out.String())
	}
}

func TestRecordSessionTargetsAndArguments(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer"},"s":{"type":"string"},"o":{"type":"object"},"any":{}}}`)
	res := &sdk.CallToolResult{Content: []sdk.Content{{Type: "text", Text: "ok"}}, StructuredContent: json.RawMessage(`{"a": [1, 2]}`)}
	calls := []Call{
		{Tool: "t", Args: json.RawMessage(`{"n":3,"s":"a b","o":{"k":[1]}}`), Schema: schema, Result: res},
		{Tool: "t", Args: json.RawMessage(`{"s":"5"}`), Schema: schema, Result: res},
		{Tool: "t", Args: json.RawMessage(`{"any":"5"}`), Schema: schema, Result: res}, // would be coerced to 5
		{Tool: "t", Args: json.RawMessage(`{}`), Schema: schema},                       // cancelled: no result
	}
	cmd := &target.Target{Kind: target.KindCommand, Command: "/usr/bin/python3", Args: []string{"server.py"}, Dir: "/srv/py", Env: []string{"A=b c"}}
	data, err := record("/tmp/x/s.txtar", cmd, calls)
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	for _, want := range []string{
		"target --env 'A=b c' --cwd /srv/py -- /usr/bin/python3 server.py\n",
		"call t n=3 's=a b' o.k=[1]\n", // as a copied command line writes them: args.Words
		"call t s=5\n",
		"call t 'any:=\"5\"'\n",
		`  structured == {"a":[1,2]}`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	f, err := Parse("s.txtar", data)
	if err != nil {
		t.Fatalf("the recording does not parse: %v", err)
	}
	if len(f.Steps) != 3 {
		t.Errorf("steps = %d, want 3 (the unfinished call is left out)", len(f.Steps))
	}
	if _, err := record("/tmp/x/s.txtar", cmd, calls[3:]); err == nil {
		t.Error("nothing to record: no error")
	}
}

// A key beginning with "{" would make its key=value word read as the
// arguments' JSON object on replay: the recorder writes the object.
func TestRecordKeyLikeTheJSONWordReplays(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"{x":{"type":"integer"}}}`)
	res := &sdk.CallToolResult{Content: []sdk.Content{{Type: "text", Text: "ok"}}}
	cmd := &target.Target{Kind: target.KindCommand, Command: "srv", Dir: "/srv"}
	data, err := record("/tmp/x/s.txtar", cmd, []Call{{Tool: "t", Args: json.RawMessage(`{"{x":1}`), Schema: schema, Result: res}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "call t '{\"{x\":1}'\n"; !strings.Contains(string(data), want) {
		t.Errorf("missing %q in:\n%s", want, data)
	}
}

// A session recorded from a connection whose era --protocol chose
// replays in that era: the target line carries --protocol, and reads back.
func TestRecordKeepsProtocol(t *testing.T) {
	res := &sdk.CallToolResult{Content: []sdk.Content{{Type: "text", Text: "ok"}}}
	tg := &target.Target{Kind: target.KindHTTP, URL: "http://h/mcp", Protocol: "2025-11-25"}
	data, err := record("/tmp/x/s.txtar", tg, []Call{{Tool: "t", Args: json.RawMessage(`{}`), Result: res}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "target --protocol 2025-11-25 http://h/mcp\n") {
		t.Fatalf("the target line lacks --protocol:\n%s", data)
	}
	f, err := Parse("s.txtar", data)
	if err != nil {
		t.Fatal(err)
	}
	words, o, err := parseTargetFlags(f.Target)
	if err != nil || o.Protocol != "2025-11-25" || len(words) != 1 {
		t.Errorf("parseTargetFlags(%q) = %q, protocol %q, %v", f.Target, words, o.Protocol, err)
	}
}
