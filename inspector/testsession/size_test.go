package testsession

import (
	"testing"

	"github.com/mcpdev/mcpdev/inspector/target"
)

// A target resolved with --max-message-size keeps it in its words, so a
// copied `mcpdev call` command and a recorded session use the same limit
// (and a session file's target line accepts it).
func TestMaxMessageSizeKeptInTargetWords(t *testing.T) {
	tg, err := target.Resolve([]string{"--", "python3", "s.py"}, &target.ResolveOptions{MaxMessageSize: 8 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := CommandLine(tg, Call{Tool: "t"}), "mcpdev call --max-message-size 8388608 t -- python3 s.py"; got != want {
		t.Errorf("copied command %q, want %q", got, want)
	}
	words, err := targetWordsFor(tg, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	rest, o, err := parseTargetFlags(words)
	if err != nil || o.MaxMessageSize != 8<<20 || len(rest) == 0 {
		t.Errorf("session target line %q read back as %+v, %v", words, o, err)
	}
}
