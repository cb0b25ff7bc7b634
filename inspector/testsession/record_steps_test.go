package testsession

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/inspector/call"
)

// Reads and prompts of an interactive session are written as read and
// prompt steps with their text, and replay green.
func TestRecordedReadsAndPromptsReplay(t *testing.T) {
	abs, _ := filepath.Abs("../../examples/bookshop")
	tg := goTarget(t, abs)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	conn, err := tg.Connect(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	book, err := call.ReadResource(ctx, conn, "bookshop://books/9780441172719", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	_, missing := call.ReadResource(ctx, conn, "bookshop://books/0000000000000", time.Minute)
	args := map[string]string{"liked": "Dune", "count": "2"}
	prompt, err := call.GetPrompt(ctx, conn, "recommend", args, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	conn.Close()
	calls := []Call{
		{Step: "read", Tool: "bookshop://books/9780441172719", Text: call.ContentsText(book)},
		{Step: "read", Tool: "bookshop://books/0000000000000", Err: missing},
		{Step: "prompt", Tool: "recommend", PromptArgs: args, Text: call.MessagesText(prompt)},
	}
	path := filepath.Join(t.TempDir(), "recorded.txtar")
	if err := WriteRecord(path, tg, calls); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	for _, want := range []string{"read bookshop://books/9780441172719\n  text == @read1.txt\n", "  rpcError -32602\n",
		"prompt recommend count=2 liked=Dune\n  text == @prompt3.txt\n", "-- read1.txt --\n{\n  \"title\": \"Dune\","} {
		if !strings.Contains(string(data), want) {
			t.Errorf("recording lacks %q:\n%s", want, data)
		}
	}
	var out bytes.Buffer
	if sum, err := Run(context.Background(), &out, []string{path}, &Options{BuildCache: filepath.Join(t.TempDir(), "build")}); err != nil || sum.Passed != 3 {
		t.Fatalf("replay: %+v %v\n%s", sum, err, out.String())
	}
}
