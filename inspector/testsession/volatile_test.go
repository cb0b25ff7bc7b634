package testsession

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
)

// A recording writes values that cannot repeat (a UUID, a task id, a
// time of day, a timestamp, a duration) so that the same result with
// other such values passes, and any other change still fails.
func TestRecordMatchesVolatileValues(t *testing.T) {
	result := func(id, task, clock, stamp, took, topic string) *sdk.CallToolResult {
		text := "Elicitation ID: " + id + "\nTask " + task + " done at " + clock + " (" + took + ")\nTopic: " + topic + " [a.b]*"
		structured := `{"id":"` + id + `","items":[{"at":"` + stamp + `","n":1}],"topic":"` + topic + `"}`
		return &sdk.CallToolResult{Content: []sdk.Content{sdk.Text(text)}, StructuredContent: json.RawMessage(structured)}
	}
	first := result("6ecb85a5-89d5-4e9c-a145-b09644b3e83b", "0123456789abcdef0123456789abcdef", "12:17:58 PM", "2026-12-05T12:17:58.123Z", "4.1s", "go")
	path := filepath.Join(t.TempDir(), "s.txtar")
	data, err := record(path, &target.Target{Kind: target.KindHTTP, URL: "http://127.0.0.1:1/mcp"}, []Call{
		{Tool: "research", Result: first},
		{Step: "read", Tool: "demo://made", Text: "Resource 2: created at 9:05:01 AM"},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("recorded:\n%s", data)
	for _, want := range []string{"  text matches ", "  structured == {", " ignore id,items.0.at\n", "read demo://made\n  text matches \"^Resource 2: created at (?:"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("recording lacks %q", want)
		}
	}
	f, err := Parse(path, data)
	if err != nil {
		t.Fatal(err)
	}
	r := &sessionRun{file: f, opts: &Options{}}
	check := func(res *sdk.CallToolResult, readText string) []string {
		out := &outcome{text: res.Content[0].Text, structured: res.StructuredContent}
		return append(r.verify(f.Steps[0], out, nil), r.verify(f.Steps[1], &outcome{text: readText}, nil)...)
	}
	if p := check(first, "Resource 2: created at 9:05:01 AM"); len(p) > 0 {
		t.Errorf("the recorded result fails its own expectations: %q", p)
	}
	again := result("4649f95f-36f6-4e60-bbb2-a2bfcee9ca52", "fedcba9876543210fedcba9876543210", "1:02:03 AM", "2027-01-01T00:00:00Z", "350ms", "go")
	if p := check(again, "Resource 2: created at 12:00:00 PM"); len(p) > 0 {
		t.Errorf("other ids, times and durations fail: %q", p)
	}
	changed := result("4649f95f-36f6-4e60-bbb2-a2bfcee9ca52", "fedcba9876543210fedcba9876543210", "1:02:03 AM", "2027-01-01T00:00:00Z", "350ms", "rust")
	if p := check(changed, "Resource 3: created at 12:00:00 PM"); len(p) != 3 {
		t.Errorf("a changed topic and resource should fail the text, the structured value and the read, got %q", p)
	}
}
