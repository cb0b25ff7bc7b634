package testsession

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/inspector/target"
)

// A subscribe step follows a resource in either era, and an updated line
// holds once the server has sent an update of it; without the subscribe
// no update comes and the line fails, naming the URI.
func TestSubscribeAndUpdatedReplay(t *testing.T) {
	abs, _ := filepath.Abs("../testdata/servers/everything")
	dir := t.TempDir()
	for _, era := range []string{"legacy", "2026"} {
		t.Run(era, func(t *testing.T) {
			session := "target --protocol " + era + " " + abs + "\ntimeout 3s\n\ncall start_updates\n  text contains started\n\n" +
				"subscribe everything://clock\n\nread everything://clock\n  text matches \"^Read at \"\n  updated everything://clock\n"
			path := filepath.Join(dir, era+".txtar")
			os.WriteFile(path, []byte(session), 0o644)
			var out bytes.Buffer
			opts := &Options{BuildCache: filepath.Join(dir, "build")}
			if sum, err := Run(context.Background(), &out, []string{path}, opts); err != nil || sum.Passed != 3 {
				t.Errorf("replay: %+v %v\n%s", sum, err, out.String())
			}
			os.WriteFile(path, []byte(strings.Replace(session, "subscribe everything://clock\n", "", 1)), 0o644)
			out.Reset()
			sum, _ := Run(context.Background(), &out, []string{path}, opts)
			if sum.Failed != 1 || !strings.Contains(out.String(), "no notifications/resources/updated for everything://clock within 3s") {
				t.Errorf("without the subscribe: %+v\n%s", sum, out.String())
			}
		})
	}
}

// A recording writes the subscribe the person made as a step and the
// update heard as an updated line under the step it came after.
func TestRecordWritesSubscribeAndUpdated(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.txtar")
	data, err := record(path, &target.Target{Kind: target.KindHTTP, URL: "http://127.0.0.1:1/mcp"}, []Call{
		{Step: "subscribe", Tool: "demo://a b"},
		{Step: "read", Tool: "demo://a b", Text: "A", Updated: []string{"demo://a b"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "\nsubscribe 'demo://a b'\n\nread 'demo://a b'\n  text == \"A\"\n  updated 'demo://a b'\n"
	if !strings.Contains(string(data), want) {
		t.Errorf("recording lacks %q:\n%s", want, data)
	}
	if _, err := Parse(path, data); err != nil {
		t.Error(err)
	}
}
