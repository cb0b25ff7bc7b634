package proxy

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// queued is how many frames may wait for the disk before the recorder
// drops them: forwarding never waits for recording.
const queued = 4096

// Recorder writes one session file in the background. Frame never
// blocks; a recorder that cannot write keeps accepting frames, drops them
// and says so once on its warning writer.
type Recorder struct {
	path    string
	mu      sync.Mutex
	pending []Record // queued frames, taken by the loop every flushEvery
	stop    chan struct{}
	done    chan struct{}
	warn    io.Writer
	once    sync.Once
	dropped atomic.Int64
	closed  atomic.Bool
	redact  Redaction // applied before anything is written
	taps    []*tap    // the shim's streams, under mu
	frames  []tapFrame
	arena   []byte // the bytes of frames
	kick    chan struct{}

	f    *os.File
	w    *bufio.Writer
	err  error  // the first write error; later records are dropped
	line []byte // the record being written
}

// NewRecorder creates dir/<h.ID>.jsonl and writes the header. When it
// cannot (an unwritable directory, a full disk) it says so once on warn and
// returns a recorder that drops everything, so the caller forwards anyway.
func NewRecorder(dir string, h Header, warn io.Writer) *Recorder {
	r := &Recorder{stop: make(chan struct{}), done: make(chan struct{}), kick: make(chan struct{}, 1), warn: warn}
	r.path = filepath.Join(dir, h.ID+".jsonl")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		r.fail(err)
	} else if f, err := os.OpenFile(r.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600); err != nil {
		r.fail(err)
	} else {
		r.f, r.w = f, bufio.NewWriterSize(f, 256<<10)
		r.write(Record{Session: &h})
		r.flush()
	}
	go r.loop()
	return r
}

// Path is the session file's path.
func (r *Recorder) Path() string { return r.path }

// Tap returns the recording side of a forwarded stream, whose bytes the
// recorder cuts into frames of direction dir; nil when nothing is
// recorded.
func (r *Recorder) Tap(dir Direction) *tap {
	if r.f == nil {
		return nil
	}
	t := newTap(dir, r.kick)
	r.mu.Lock()
	r.taps = append(r.taps, t)
	r.mu.Unlock()
	return t
}

// Frame queues one frame; it never blocks.
func (r *Recorder) Frame(rec Record) {
	if r.closed.Load() {
		return
	}
	r.mu.Lock()
	full := len(r.pending) >= queued
	if !full {
		r.pending = append(r.pending, rec)
	}
	r.mu.Unlock()
	if full {
		putBody(rec.body)
	}
	if full && r.dropped.Add(1) == 1 {
		r.say("recording fell behind; frames are being left out of %s (forwarding goes on)", r.path)
	}
}

// Close writes the end record and waits for everything queued to reach
// the file.
func (r *Recorder) Close(end End) error {
	if !r.closed.CompareAndSwap(false, true) {
		return nil
	}
	close(r.stop)
	<-r.done
	end.Dropped = int(r.dropped.Load())
	if r.f == nil {
		return r.err
	}
	r.write(Record{End: &end})
	r.flush()
	if err := r.f.Close(); err != nil && r.err == nil {
		r.fail(err)
	}
	return r.err
}

// flushEvery is how often the recorder writes what was queued: a live
// view sees a frame that soon, and forwarding never wakes the recorder
// (a frame costs the shim an append under a lock, not a goroutine switch).
const flushEvery = 10 * time.Millisecond

func (r *Recorder) loop() {
	defer close(r.done)
	tick := time.NewTicker(flushEvery)
	defer tick.Stop()
	var batch []Record
	for {
		select {
		case <-tick.C:
		case <-r.kick:
		case <-r.stop:
			r.drain(batch)
			return
		}
		batch = r.drain(batch)
	}
}

// drain writes the queued frames and those the taps gathered, in the
// order of their times, and flushes them to the file; it returns the
// emptied batch for reuse.
func (r *Recorder) drain(batch []Record) []Record {
	r.mu.Lock()
	batch, r.pending = r.pending, batch[:0]
	taps := r.taps
	r.mu.Unlock()
	for i, rec := range batch {
		r.write(r.redacted(withBody(rec)))
		batch[i] = Record{} // let the frame's bytes go
	}
	wrote := len(batch) > 0
	if len(taps) > 0 {
		wrote = r.drainTaps(taps) || wrote
	}
	if wrote {
		r.flush()
	}
	return batch[:0]
}

// tapFrame is a frame cut from a tap, its bytes at arena[off:end].
type tapFrame struct {
	frame
	off, end int
}

// drainTaps writes the frames the taps gathered, in the order of their
// times (the two directions of a call interleave), each line made
// straight from the tap's bytes.
func (r *Recorder) drainTaps(taps []*tap) bool {
	r.frames, r.arena = r.frames[:0], r.arena[:0]
	emit := func(f frame) {
		off := len(r.arena)
		r.arena = append(r.arena, f.b...)
		f.b = nil
		r.frames = append(r.frames, tapFrame{f, off, len(r.arena)})
	}
	for _, t := range taps {
		if lost := t.take(emit); lost > 0 && r.dropped.Add(int64(lost)) == int64(lost) {
			r.say("recording fell behind; frames are being left out of %s (forwarding goes on)", r.path)
		}
	}
	slices.SortStableFunc(r.frames, func(a, b tapFrame) int { return a.at.Compare(b.at) })
	for _, f := range r.frames {
		r.writeFrame(f.frame, r.arena[f.off:f.end])
	}
	if cap(r.arena) > tapKick {
		r.arena = nil // don't hold on to a burst's bytes
	}
	return len(r.frames) > 0
}

// writeFrame writes one frame of a tap: a plain one by hand, one to
// redact or not UTF-8 as a Record.
func (r *Recorder) writeFrame(f frame, b []byte) {
	if !r.redact.empty() || !utf8.Valid(b) {
		rec := frameRecord(f.at, f.dir, b, f.partial)
		rec.Truncated = f.truncated
		r.write(r.redacted(rec))
		return
	}
	if r.err != nil || r.w == nil {
		r.dropped.Add(1)
		return
	}
	r.line = appendFrame(r.line[:0], f.at, f.dir, b, f.partial, f.truncated)
	if _, err := r.w.Write(append(r.line, '\n')); err != nil {
		r.fail(err)
	}
}

// redacted is rec with credentials in its HTTP headers and the members
// r.redact names replaced.
func (r *Recorder) redacted(rec Record) Record {
	if rec.HTTP != nil && rec.HTTP.Header != nil {
		info := *rec.HTTP
		info.Header = redactHeaders(info.Header)
		rec.HTTP = &info
	}
	if r.redact.empty() || (rec.Text == nil && rec.Base64 == nil) {
		return rec
	}
	red := frameRecord(rec.Time, rec.Dir, r.redact.apply(rec.Bytes()), rec.Partial)
	red.Truncated, red.HTTP = rec.Truncated, rec.HTTP
	return red
}

func (r *Recorder) write(rec Record) {
	if r.err != nil || r.w == nil {
		r.dropped.Add(1)
		return
	}
	var err error
	r.line, err = appendRecord(r.line[:0], rec)
	if err != nil {
		r.fail(err)
		return
	}
	if _, err := r.w.Write(append(r.line, '\n')); err != nil {
		r.fail(err)
	}
}

func (r *Recorder) flush() {
	if r.err == nil && r.w != nil {
		if err := r.w.Flush(); err != nil {
			r.fail(err)
		}
	}
}

func (r *Recorder) fail(err error) {
	if r.err == nil {
		r.err = err
		r.say("not recording this session: %v (forwarding goes on)", err)
	}
}

func (r *Recorder) say(format string, args ...any) {
	r.once.Do(func() {
		fmt.Fprintf(r.warn, "mcpdev proxy: "+format+"\n", args...)
	})
}

// now is the clock of frame times (a variable for tests).
var now = time.Now
