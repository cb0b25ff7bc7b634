package proxy

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// maxTailRead bounds what Poll reads of one file at a time; the rest is
// read by the next Poll.
const maxTailRead = 32 << 20

// Tailer follows the session files of a directory as proxies write them:
// sessions that start (before or after the Tailer), the records each
// appends, sessions that end. A live view polls it in the background.
// The directory need not exist yet.
type Tailer struct {
	dir   string
	files map[string]*tailFile
}

type tailFile struct {
	off    int64
	header *Header
	ended  bool
	live   bool
}

// Update is what one Poll found in one session file.
type Update struct {
	Path   string
	Header Header
	// Records are the frames (and the end record) appended since the
	// last Poll, in order.
	Records []Record
	Live    bool // its proxy is still running and the session has not ended
}

// NewTailer follows the sessions in dir ("" for SessionsDir).
func NewTailer(dir string) *Tailer {
	return &Tailer{dir: dirOr(dir), files: map[string]*tailFile{}}
}

// Dir is the directory followed.
func (t *Tailer) Dir() string { return t.dir }

// Poll reads what was appended to each session file since the last Poll
// (whole lines only: a line still being written waits for the next) and
// returns an Update for each session that changed: new records, or its
// proxy ended. A file that is not a session is skipped.
func (t *Tailer) Poll() ([]Update, error) {
	paths, err := filepath.Glob(filepath.Join(t.dir, "*.jsonl"))
	if err != nil {
		return nil, err
	}
	var out []Update
	for _, p := range paths {
		f := t.files[p]
		if f == nil {
			f = &tailFile{}
			t.files[p] = f
		}
		u, changed, err := f.read(p)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if changed {
			out = append(out, u)
		}
	}
	return out, nil
}

// read reads file p from where the last read stopped.
func (f *tailFile) read(p string) (Update, bool, error) {
	u := Update{Path: p}
	file, err := os.Open(p)
	if err != nil {
		return u, false, err
	}
	defer file.Close()
	if _, err := file.Seek(f.off, io.SeekStart); err != nil {
		return u, false, err
	}
	buf, err := io.ReadAll(io.LimitReader(file, maxTailRead))
	if err != nil {
		return u, false, err
	}
	end := bytes.LastIndexByte(buf, '\n')
	if end < 0 && len(buf) == maxTailRead {
		end = len(buf) - 1 // one line longer than a read: skip it
	}
	changed := false
	for _, line := range bytes.Split(buf[:end+1], []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		rec, err := parseRecord(line)
		if err != nil {
			continue
		}
		switch {
		case rec.Session != nil:
			h := *rec.Session
			f.header = &h
			changed = true
		case f.header == nil:
			// Not a session file (its first line is not a header).
		default:
			f.ended = f.ended || rec.End != nil
			u.Records = append(u.Records, rec)
		}
	}
	f.off += int64(end + 1)
	if f.header == nil {
		return u, false, nil
	}
	live := !f.ended && alive(f.header.PID)
	changed = changed || len(u.Records) > 0 || live != f.live
	f.live = live
	u.Header, u.Live = *f.header, live
	return u, changed, nil
}
