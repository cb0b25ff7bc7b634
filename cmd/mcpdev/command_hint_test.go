package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// A command line typed without -- is refused once, with "mcpdev: " said
// once, and with the line to type instead when the words look like a
// command (an executable on PATH or an existing file, then more words).
func TestCommandWithoutDashDashHint(t *testing.T) {
	const put = "to run a command as the server, put it after --: "
	tests := []struct {
		name string
		args []string
		want string // the first line of stderr
		hint string // "" for none
	}{
		{"bare, on PATH", []string{"sh", "server.sh", "stdio"},
			"mcpdev: want exactly one target (got 3 words: sh server.sh stdio)", put + "mcpdev -- sh server.sh stdio"},
		{"bare, a file", []string{"main.go", "stdio"},
			"mcpdev: want exactly one target (got 2 words: main.go stdio)", put + "mcpdev -- main.go stdio"},
		{"tools", []string{"tools", "sh", "server.sh"},
			"mcpdev: tools: want exactly one target (got 2 words: sh server.sh)", put + "mcpdev tools -- sh server.sh"},
		{"call", []string{"call", "sh", "server.sh", "echo", "msg=hi"},
			"mcpdev: call: sh is a command, not a target", put + "mcpdev call TOOL [key=value…] -- sh ARGS…"},
		{"not a command", []string{"tools", "no-such-word-here", "other"},
			"mcpdev: tools: want exactly one target (got 2 words: no-such-word-here other)", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), tt.args, &stdout, &stderr); code != exitUsage {
				t.Fatalf("exit code %d, want %d\n%s", code, exitUsage, stderr.String())
			}
			lines := strings.Split(stderr.String(), "\n")
			if lines[0] != tt.want {
				t.Errorf("first line (-want +got):\n-%s\n+%s", tt.want, lines[0])
			}
			hasHint := strings.Contains(stderr.String(), put)
			if tt.hint == "" && hasHint {
				t.Errorf("a hint for words that are no command:\n%s", stderr.String())
			}
			if tt.hint != "" && lines[1] != tt.hint {
				t.Errorf("second line (-want +got):\n-%s\n+%s", tt.hint, lines[1])
			}
		})
	}
}
