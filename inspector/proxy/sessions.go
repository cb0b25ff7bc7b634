package proxy

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// Summary describes one saved session, for mcpdev sessions.
type Summary struct {
	Header
	Path    string    `json:"path"`
	Frames  int       `json:"frames"`
	Live    bool      `json:"live"`              // its proxy is still running
	Ended   time.Time `json:"ended,omitzero"`    // from the end record
	Exit    *int      `json:"exit,omitempty"`    // the server's exit status (stdio)
	Dropped int       `json:"dropped,omitempty"` // frames not recorded
	Bytes   int64     `json:"bytes"`             // the file's size
}

// List reads the header (and counts the frames) of every session in dir,
// newest first. A file that is not a session is skipped.
func List(dir string) ([]Summary, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil {
		return nil, err
	}
	var out []Summary
	for _, f := range files {
		s, err := summarize(f)
		if err != nil {
			continue
		}
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Summary) int { return b.Started.Compare(a.Started) })
	return out, nil
}

func summarize(path string) (Summary, error) {
	s := Summary{Path: path}
	err := scan(path, func(r Record) {
		switch {
		case r.Session != nil:
			s.Header = *r.Session
		case r.End != nil:
			s.Ended, s.Dropped = r.End.Time, r.End.Dropped
			exit := r.End.Exit
			s.Exit = &exit
		default:
			s.Frames++
		}
	})
	if err != nil {
		return s, err
	}
	if s.ID == "" {
		return s, errors.New("no session header")
	}
	if fi, err := os.Stat(path); err == nil {
		s.Bytes = fi.Size()
	}
	s.Live = s.Ended.IsZero() && alive(s.PID)
	return s, nil
}

// alive reports whether a process with that pid runs on this machine.
func alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// ErrNoSession is returned for an id that names no saved session.
var ErrNoSession = errors.New("no such session")

// Find returns the session whose id is id or starts with it (a prefix
// must be unambiguous); "last" is the newest.
func Find(dir, id string) (Summary, error) {
	all, err := List(dir)
	if err != nil {
		return Summary{}, err
	}
	if id == "last" && len(all) > 0 {
		return all[0], nil
	}
	var found []Summary
	for _, s := range all {
		if s.ID == id {
			return s, nil
		}
		if strings.HasPrefix(s.ID, id) || strings.Contains(s.ID, "-"+id) {
			found = append(found, s)
		}
	}
	switch len(found) {
	case 0:
		return Summary{}, fmt.Errorf("%w %q in %s (mcpdev sessions lists them)", ErrNoSession, id, dir)
	case 1:
		return found[0], nil
	}
	return Summary{}, fmt.Errorf("%q names %d sessions (%s, %s, …): give more of the id", id, len(found), found[0].ID, found[1].ID)
}

// Load reads every record of a session file.
func Load(path string) ([]Record, error) {
	var recs []Record
	err := scan(path, func(r Record) { recs = append(recs, r) })
	return recs, err
}

// scan calls f with each record of a session file; a last line cut short
// (the proxy is still writing it, or died) is left out.
func scan(path string, f func(Record)) error {
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	r := bufio.NewReaderSize(file, 1<<20)
	for n := 1; ; n++ {
		line, err := r.ReadBytes('\n')
		if err == io.EOF {
			return nil // a partial last line is still being written
		}
		if err != nil {
			return err
		}
		rec, perr := parseRecord(line)
		if perr != nil {
			return fmt.Errorf("%s:%d: %w", path, n, perr)
		}
		f(rec)
	}
}

// Prune removes the sessions that ended (or whose proxy is gone) before
// now-olderThan; a live session is never removed. It returns what it
// removed.
func Prune(dir string, olderThan time.Duration) ([]Summary, error) {
	all, err := List(dir)
	if err != nil {
		return nil, err
	}
	cut := time.Now().Add(-olderThan)
	var gone []Summary
	for _, s := range all {
		last := s.Ended
		if last.IsZero() {
			last = s.Started
		}
		if s.Live || !last.Before(cut) {
			continue
		}
		if err := os.Remove(s.Path); err != nil {
			return gone, err
		}
		gone = append(gone, s)
	}
	return gone, nil
}
