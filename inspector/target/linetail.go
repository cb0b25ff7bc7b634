package target

import (
	"bytes"
	"strings"
	"sync"
)

// lineTail is an io.Writer that splits what it gets into lines, keeps the
// last few and hands each one to a callback.
type lineTail struct {
	mu      sync.Mutex
	keep    int
	lines   []string
	partial []byte
	onLine  func(string)
}

func newLineTail(keep int, onLine func(string)) *lineTail {
	return &lineTail{keep: keep, onLine: onLine}
}

func (t *lineTail) Write(p []byte) (int, error) {
	t.mu.Lock()
	t.partial = append(t.partial, p...)
	var done []string
	for {
		i := bytes.IndexByte(t.partial, '\n')
		if i < 0 {
			break
		}
		done = append(done, strings.TrimRight(string(t.partial[:i]), "\r"))
		t.partial = t.partial[i+1:]
	}
	if len(t.partial) > 64<<10 { // a huge line without newline: cut it
		done = append(done, string(t.partial))
		t.partial = nil
	}
	t.mu.Unlock()
	for _, l := range done {
		t.Add(l)
	}
	return len(p), nil
}

// Add records one line.
func (t *lineTail) Add(line string) {
	t.mu.Lock()
	t.lines = append(t.lines, line)
	if len(t.lines) > t.keep {
		t.lines = append(t.lines[:0], t.lines[len(t.lines)-t.keep:]...)
	}
	cb := t.onLine
	t.mu.Unlock()
	if cb != nil {
		cb(line)
	}
}

// Lines returns the kept lines, plus an unterminated last line if any.
func (t *lineTail) Lines() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := append([]string(nil), t.lines...)
	if len(t.partial) > 0 {
		out = append(out, string(t.partial))
	}
	return out
}
