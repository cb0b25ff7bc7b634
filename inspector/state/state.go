// Package state remembers the last arguments given to each tool of each
// server, across runs.
package state

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/atomicfile"
)

// ErrCorrupt marks a state file that could not be read as JSON. It is
// reported and ignored: the file is rewritten on the next save.
var ErrCorrupt = errors.New("corrupt state file")

// maxStateTools bounds the tools remembered per server.
const maxStateTools = 500

// File remembers the last arguments per tool per server across mcpdev
// runs, in a small JSON file (DefaultPath). It is safe for concurrent
// use; Save merges with what other mcpdev processes wrote meanwhile.
type File struct {
	path  string
	mu    sync.Mutex
	data  stateFile
	dirty map[string]map[string]bool // server → tool → set in this process
}

type stateFile struct {
	Version int                                   `json:"version"`
	Servers map[string]map[string]json.RawMessage `json:"servers"`
}

// DefaultPath is state.json in inspector.CacheDir().
func DefaultPath() string {
	return filepath.Join(inspector.CacheDir(), "state.json")
}

// Load reads the state file at path. A missing file is an empty
// state. A corrupt one gives an empty state and an error wrapping
// ErrCorrupt: report it, then use the state anyway.
func Load(path string) (*File, error) {
	s := &File{path: path, dirty: map[string]map[string]bool{}}
	data, err := readState(path)
	s.data = data
	return s, err
}

func readState(path string) (stateFile, error) {
	empty := stateFile{Version: 1, Servers: map[string]map[string]json.RawMessage{}}
	raw, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return empty, nil
	}
	if err != nil {
		return empty, err
	}
	var f stateFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return empty, fmt.Errorf("%w %s (ignored; it will be rewritten): %v", ErrCorrupt, path, err)
	}
	if f.Servers == nil {
		f.Servers = empty.Servers
	}
	return f, nil
}

// Path is the file the state lives in.
func (s *File) Path() string { return s.path }

// Args returns the last arguments of tool on server, or nil.
func (s *File) Args(server, tool string) json.RawMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.data.Servers[server][tool]
}

// Tools returns every remembered tool of server with its arguments.
func (s *File) Tools(server string) map[string]json.RawMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]json.RawMessage{}
	for k, v := range s.data.Servers[server] {
		out[k] = v
	}
	return out
}

// SetArgs remembers args as tool's last arguments on server (in memory;
// Save writes them).
func (s *File) SetArgs(server, tool string, args json.RawMessage) {
	var compact bytes.Buffer
	if json.Compact(&compact, args) != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.data.Servers[server] == nil {
		s.data.Servers[server] = map[string]json.RawMessage{}
	}
	s.data.Servers[server][tool] = compact.Bytes()
	if s.dirty[server] == nil {
		s.dirty[server] = map[string]bool{}
	}
	s.dirty[server][tool] = true
}

// Save writes the state atomically (a temporary file renamed over the
// old one), merged with the file's current content so that two mcpdev
// processes do not undo each other's arguments.
func (s *File) Save() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	disk, _ := readState(s.path) // a corrupt file is replaced
	for server, tools := range s.dirty {
		if disk.Servers[server] == nil {
			disk.Servers[server] = map[string]json.RawMessage{}
		}
		for tool := range tools {
			disk.Servers[server][tool] = s.data.Servers[server][tool]
		}
		trimServer(disk.Servers[server], tools)
	}
	disk.Version = 1
	raw, err := json.Marshal(disk)
	if err != nil {
		return err
	}
	if err := atomicfile.Write(s.path, append(raw, '\n')); err != nil {
		return err
	}
	s.data = disk
	return nil
}

// trimServer drops other tools when a server has too many remembered (a
// server generating tool names must not grow the file without bound).
func trimServer(m map[string]json.RawMessage, keep map[string]bool) {
	for k := range m {
		if len(m) <= maxStateTools {
			return
		}
		if !keep[k] {
			delete(m, k)
		}
	}
}

// Key names a target's server in the state file: the absolute Go
// path, the command line with its directory, or the URL.
func Key(t *target.Target) string {
	switch t.Kind {
	case target.KindGo:
		if abs, err := filepath.Abs(t.GoPath); err == nil {
			return "go:" + abs
		}
		return "go:" + t.GoPath
	case target.KindHTTP:
		return "http:" + t.URL
	}
	dir := t.Dir
	if dir == "" {
		dir, _ = os.Getwd()
	}
	return "cmd:" + dir + ":" + strings.Join(append([]string{t.Command}, t.Args...), " ")
}
