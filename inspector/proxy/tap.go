package proxy

import (
	"bytes"
	"sync"
	"time"
)

// tapMax is the most bytes a tap holds for the recorder; past it the
// recorder has fallen behind and chunks are left out of the session
// (forwarding goes on).
const tapMax = MaxFrame

// tapKick is how much a tap holds before it wakes the recorder early
// (a burst of big frames); small frames wait for the recorder's tick, so
// forwarding them never wakes a goroutine.
const tapKick = 1 << 20

// tap is the recording side of one forwarded stream. The pump hands it
// each chunk it forwarded, with the time the chunk arrived: one copy and
// an append under a lock. The recorder takes what has gathered and cuts
// it into frames (split.go), off the forwarding path.
type tap struct {
	mu     sync.Mutex
	buf    []byte  // chunks not yet taken
	stamps []stamp // where each chunk ends in buf, and when it arrived
	lost   bool    // chunks were left out since the last take
	eof    bool    // the stream ended
	eofAt  time.Time
	kick   chan<- struct{}
	max    int // tapMax

	// The recorder's side.
	sp     splitter
	skip   bool // after lost chunks: drop bytes up to the next newline
	spare  []byte
	spareS []stamp
}

type stamp struct {
	end int
	at  time.Time
}

func newTap(dir Direction, kick chan<- struct{}) *tap {
	return &tap{kick: kick, max: tapMax, sp: splitter{dir: dir}}
}

// add keeps a copy of chunk b, which arrived at t. It never blocks on the
// recorder.
func (t *tap) add(b []byte, at time.Time) {
	t.mu.Lock()
	if t.lost || len(t.buf)+len(b) > t.max {
		t.lost = true
		t.mu.Unlock()
		return
	}
	before := len(t.buf)
	t.buf = append(t.buf, b...)
	t.stamps = append(t.stamps, stamp{len(t.buf), at})
	t.mu.Unlock()
	if before < tapKick && before+len(b) >= tapKick {
		select {
		case t.kick <- struct{}{}:
		default:
		}
	}
}

// close says the stream ended at t: what is left without a newline is a
// partial frame.
func (t *tap) close(at time.Time) {
	t.mu.Lock()
	t.eof, t.eofAt = true, at
	t.mu.Unlock()
}

// take cuts what gathered since the last take into frames and hands each
// to emit; it returns how many frames were lost to a recorder that fell
// behind. Only the recorder calls it.
func (t *tap) take(emit func(frame)) (lost int) {
	t.mu.Lock()
	buf, stamps, wasLost, eof, eofAt := t.buf, t.stamps, t.lost, t.eof, t.eofAt
	t.buf, t.stamps, t.lost = t.spare[:0], t.spareS[:0], false
	t.mu.Unlock()

	t.sp.emit = emit
	start := 0
	for _, s := range stamps {
		chunk := buf[start:s.end]
		start = s.end
		if t.skip {
			i := bytes.IndexByte(chunk, '\n')
			if i < 0 {
				continue
			}
			chunk, t.skip = chunk[i+1:], false
		}
		t.sp.feed(chunk, s.at)
	}
	if wasLost {
		// The frame in progress lost its rest: leave it out, and the
		// bytes up to the next newline with it.
		lost = 1
		t.sp.drop()
		t.skip = true
	}
	if eof {
		t.sp.close(eofAt)
	}
	if cap(buf) > tapKick {
		buf = nil // don't hold on to a burst's buffer
	}
	t.spare, t.spareS = buf[:0], stamps[:0]
	return lost
}
