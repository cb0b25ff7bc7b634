package main

import (
	"regexp"
	"strings"
	"testing"
)

// A message over --max-message-size fails the command at once (exit 9,
// not the timeout's 8 after --timeout) with an error naming the size and
// the limit, and how to raise it; the default limit takes a 50 MiB result
// and a 7 MB tools/list.
func TestCallOversizeResult(t *testing.T) {
	t.Parallel()
	tooLarge := regexp.MustCompile(`mcpdev: (tools/call|tools/list): transport: response too large: \d+ bytes \((\d+\.\d) MiB\), over the 4 MiB limit\nraise the limit with --max-message-size 8MiB\n`)
	tests := []struct {
		name   string
		args   []string
		code   int
		method string
		stdout int // at least this many bytes on stdout
	}{
		{"5 MB result over 4 MiB", []string{"call", "--max-message-size", "4MiB", "--timeout", "10m", raw, "big", "bytes=5000000"}, 9, "tools/call", 0},
		{"7 MB tools/list over 4 MiB", []string{"tools", "--max-message-size", "4MiB", "--timeout", "10m", "--env", "RAW_TOOLS_PAD=7000000", raw}, 9, "tools/list", 0},
		{"50 MiB result, default limit", []string{"call", raw, "big", "bytes=52428800"}, 0, "", 50 << 20},
		{"7 MB tools/list, default limit", []string{"tools", "--json", "--env", "RAW_TOOLS_PAD=7000000", raw}, 0, "", 7_000_000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mcpdev(t, tt.args...)
			if r.code != tt.code {
				t.Fatalf("exit code %d, want %d\nstderr:\n%s", r.code, tt.code, clipText(r.stderr))
			}
			if len(r.stdout) < tt.stdout {
				t.Errorf("%d bytes on stdout, want at least %d", len(r.stdout), tt.stdout)
			}
			if tt.code == 0 {
				return
			}
			if m := tooLarge.FindStringSubmatch(r.stderr); m == nil || m[1] != tt.method {
				t.Errorf("stderr does not say %s's response is too large:\n%s", tt.method, r.stderr)
			}
			j := r.errJSON(t)
			if j["kind"] != "message-too-large" || j["limit"] != float64(4<<20) || j["size"].(float64) < 5_000_000 {
				t.Errorf("JSON line %v", j)
			}
		})
	}
}

func TestMaxMessageSizeFlag(t *testing.T) {
	t.Parallel()
	r := mcpdev(t, "tools", "--max-message-size", "12XB", raw)
	if r.code != 1 || !strings.Contains(r.stderr, `"12XB" is not a size: want a number of bytes, or one with a unit, like 64MiB or 100MB`) {
		t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
}

func clipText(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "…"
	}
	return s
}
