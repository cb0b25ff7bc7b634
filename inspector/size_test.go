package inspector

import (
	"errors"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/transport"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int
		bad  bool
	}{
		{in: "1048576", want: 1 << 20},
		{in: "64MiB", want: 64 << 20},
		{in: "64mib", want: 64 << 20},
		{in: "64 MiB", want: 64 << 20},
		{in: "64M", want: 64 << 20},
		{in: "100MB", want: 100_000_000},
		{in: "1GiB", want: 1 << 30},
		{in: "1.5GiB", want: 3 << 29},
		{in: "2GB", want: 2_000_000_000},
		{in: "512KiB", want: 512 << 10},
		{in: "512kb", want: 512_000},
		{in: "1KiB", want: 1024},
		{in: "1000", bad: true}, // under 1 KiB: initialize would not fit
		{in: "0", bad: true},
		{in: "-5MiB", bad: true},
		{in: "12XB", bad: true},
		{in: "MiB", bad: true},
		{in: "", bad: true},
		{in: "1e9", bad: true},
	}
	for _, tt := range tests {
		got, err := ParseSize(tt.in)
		if (err != nil) != tt.bad || (!tt.bad && got != tt.want) {
			t.Errorf("ParseSize(%q) = %d, %v; want %d (error: %v)", tt.in, got, err, tt.want, tt.bad)
		}
	}
}

// A message over the limit gets its own exit code and kind, with the
// size and the limit in the JSON line, and the hint names the flag.
func TestTooLargeExitCode(t *testing.T) {
	de := &transport.DecodeError{Err: transport.Errorf(transport.CodeInvalidRequest, "response too large"), Size: 5_000_000, Limit: 4 << 20}
	err := errors.Join(errors.New("tools/call"), de)
	if got := ExitCode(err); got != ExitTooLarge {
		t.Errorf("ExitCode = %d, want %d", got, ExitTooLarge)
	}
	if got, want := TooLargeHint(err), "raise the limit with --max-message-size 8MiB"; got != want {
		t.Errorf("hint %q, want %q", got, want)
	}
	if got, want := string(ErrorJSON(err)), `"kind":"message-too-large","limit":4194304`; !contains(got, want) {
		t.Errorf("ErrorJSON = %s, want %s", got, want)
	}
	if TooLargeHint(errors.New("other")) != "" {
		t.Error("a hint for another error")
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// A target resolved with --max-message-size keeps it in its words, so a
// copied `mcpdev call` command and a recorded session use the same limit
// (and a session file's target line accepts it).
func TestMaxMessageSizeKeptInTargetWords(t *testing.T) {
	tg, err := Resolve([]string{"--", "python3", "s.py"}, &ResolveOptions{MaxMessageSize: 8 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := CallCommandLine(tg, RecordedCall{Tool: "t"}), "mcpdev call --max-message-size 8388608 t -- python3 s.py"; got != want {
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
