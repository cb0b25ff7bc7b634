package proxy

import (
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// SessionsDir is where proxied sessions are saved: $MCPDEV_STATE/sessions
// when set, else $XDG_STATE_HOME/mcpdev/sessions, else
// ~/.local/state/mcpdev/sessions.
func SessionsDir() string {
	return filepath.Join(StateDir(), "sessions")
}

// StateDir is mcpdev's state directory (see SessionsDir).
func StateDir() string {
	if d := os.Getenv("MCPDEV_STATE"); d != "" {
		return d
	}
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "mcpdev")
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".local", "state", "mcpdev")
	}
	return filepath.Join(os.TempDir(), "mcpdev-state")
}

func dirOr(d string) string {
	if d != "" {
		return d
	}
	return SessionsDir()
}

var unsafeLabel = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// newHeader names a new session: its start time (sortable), its label and
// a random suffix, e.g. 20261205-170312-everything-3f9a.
func newHeader(transport, label string, command []string) Header {
	t := time.Now()
	if label == "" && len(command) > 0 {
		label = filepath.Base(command[0])
		if len(command) > 1 && (label == "node" || label == "npx" || label == "python3" || label == "python" || label == "uvx" || label == "go") {
			label = filepath.Base(command[len(command)-1])
		}
	}
	slug := strings.Trim(unsafeLabel.ReplaceAllString(label, "-"), "-")
	if len(slug) > 32 {
		slug = slug[:32]
	}
	var rnd [2]byte
	_, _ = rand.Read(rnd[:])
	id := t.UTC().Format("20060102-150405") + "-" + hex.EncodeToString(rnd[:])
	if slug != "" {
		id = t.UTC().Format("20060102-150405") + "-" + slug + "-" + hex.EncodeToString(rnd[:])
	}
	cwd, _ := os.Getwd()
	return Header{ID: id, Label: label, Transport: transport, Command: command, Cwd: cwd, PID: os.Getpid(), Started: t}
}
