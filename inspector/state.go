package inspector

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// ErrCorruptState marks a state file that could not be read as JSON. It is
// reported and ignored: the file is rewritten on the next save.
var ErrCorruptState = errors.New("corrupt state file")

// maxStateTools bounds the tools remembered per server.
const maxStateTools = 500

// State remembers the last arguments per tool per server across mcpdev
// runs, in a small JSON file (DefaultStatePath). It is safe for concurrent
// use; Save merges with what other mcpdev processes wrote meanwhile.
type State struct {
	path  string
	mu    sync.Mutex
	data  stateFile
	dirty map[string]map[string]bool // server → tool → set in this process
}

type stateFile struct {
	Version int                                   `json:"version"`
	Servers map[string]map[string]json.RawMessage `json:"servers"`
}

// DefaultStatePath is os.UserCacheDir()/mcpdev/state.json ($MCPDEV_CACHE
// replaces the first part).
func DefaultStatePath() string {
	if d := os.Getenv("MCPDEV_CACHE"); d != "" {
		return filepath.Join(d, "state.json")
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "mcpdev", "state.json")
	}
	return filepath.Join(os.TempDir(), "mcpdev-state.json")
}

// LoadState reads the state file at path. A missing file is an empty
// state. A corrupt one gives an empty state and an error wrapping
// ErrCorruptState: report it, then use the state anyway.
func LoadState(path string) (*State, error) {
	s := &State{path: path, dirty: map[string]map[string]bool{}}
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
		return empty, fmt.Errorf("%w %s (ignored; it will be rewritten): %v", ErrCorruptState, path, err)
	}
	if f.Servers == nil {
		f.Servers = empty.Servers
	}
	return f, nil
}

// Path is the file the state lives in.
func (s *State) Path() string { return s.path }

// Args returns the last arguments of tool on server, or nil.
func (s *State) Args(server, tool string) json.RawMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.data.Servers[server][tool]
}

// Tools returns every remembered tool of server with its arguments.
func (s *State) Tools(server string) map[string]json.RawMessage {
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
func (s *State) SetArgs(server, tool string, args json.RawMessage) {
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
func (s *State) Save() error {
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
	if err := writeAtomic(s.path, append(raw, '\n')); err != nil {
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

// writeAtomic writes data to path via a temporary file in the same
// directory and a rename.
func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// StateKey names a target's server in the state file: the absolute Go
// path, the command line with its directory, or the URL.
func StateKey(t *Target) string {
	switch t.Kind {
	case KindGo:
		if abs, err := filepath.Abs(t.GoPath); err == nil {
			return "go:" + abs
		}
		return "go:" + t.GoPath
	case KindHTTP:
		return "http:" + t.URL
	}
	dir := t.Dir
	if dir == "" {
		dir, _ = os.Getwd()
	}
	return "cmd:" + dir + ":" + strings.Join(append([]string{t.Command}, t.Args...), " ")
}
