package streamable

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"github.com/mcpdev/mcpdev/transport"
	"io"
	"strconv"
	"time"
)

// sseRead is what one SSE stream brought.
type sseRead struct {
	got    bool          // the response to the awaited id arrived
	lastID string        // the last event id seen, "" for none
	retry  time.Duration // the last retry time set, 0 for none
	err    error         // how reading ended: io.EOF for a stream closed cleanly
}

// inEvent is the incoming event being read. Its data is kept up to the size
// limit; past it, the data streams through big instead (a frame scan that
// reads the message's id on the way).
type inEvent struct {
	data      []byte
	big       *transport.FrameScanner
	id, event string
}

// readSSE delivers the events of one stream until it ends or the response
// to id (when not nil) arrives. A message over MaxMessageSize is reported
// as a *DecodeError (ErrTooLarge) without being held in memory; when it
// is the awaited response, that ends the wait.
func (c *StreamableClient) readSSE(ctx context.Context, body io.Reader, id json.RawMessage) sseRead {
	r := bufio.NewReaderSize(body, 32<<10)
	var ev inEvent
	var res sseRead
	for {
		line, err := c.sseLine(r, &ev)
		if err != nil {
			res.err = err
			return res
		}
		if line == nil { // a line streamed into ev.big
			continue
		}
		if len(line) == 0 { // dispatch
			if ev.id != "" {
				res.lastID = ev.id
			}
			if c.dispatchEvent(&ev, id) {
				res.got = true
				return res
			}
			ev = inEvent{data: ev.data[:0]}
			continue
		}
		c.sseField(line, &ev, &res)
		if ctx.Err() != nil {
			return res
		}
	}
}

// dispatchEvent delivers a complete event; true when it was the response
// to id (or failed it for being too large).
func (c *StreamableClient) dispatchEvent(ev *inEvent, id json.RawMessage) bool {
	if ev.event != "" && ev.event != "message" {
		return false
	}
	if ev.big != nil {
		de := ev.big.TooLarge(c.opts.MaxMessageSize)
		c.deliverErr(de)
		return id != nil && de.Msg != nil && de.Msg.Method == "" && string(de.Msg.ID) == string(id)
	}
	if len(ev.data) == 0 {
		return false
	}
	m, derr := transport.Decode(ev.data)
	if derr != nil {
		return false
	}
	c.deliver(m)
	return id != nil && m.IsResponse() && string(m.ID) == string(id)
}

// sseField applies one "field: value" line to the event.
func (c *StreamableClient) sseField(line []byte, ev *inEvent, res *sseRead) {
	field, value, _ := bytes.Cut(line, []byte(":"))
	value = bytes.TrimPrefix(value, []byte(" "))
	switch string(field) {
	case "data":
		c.addData(ev, value, false)
	case "id":
		ev.id = string(value)
	case "event":
		ev.event = string(value)
	case "retry":
		if ms, err := strconv.Atoi(string(value)); err == nil && ms >= 0 {
			res.retry = time.Duration(ms) * time.Millisecond
		}
	}
}

// addData appends one data line's value (or, with more, the next part of
// it) to the event, switching to the frame scan once past the limit.
func (c *StreamableClient) addData(ev *inEvent, value []byte, more bool) {
	sep := len(ev.data) > 0 || (ev.big != nil && ev.big.Size() > 0)
	if more {
		sep = false
	}
	if ev.big == nil && len(ev.data)+len(value)+1 > c.opts.MaxMessageSize {
		ensureScan(ev)
	}
	if ev.big == nil {
		if sep {
			ev.data = append(ev.data, '\n')
		}
		ev.data = append(ev.data, value...)
		return
	}
	if sep {
		ev.big.Write([]byte{'\n'})
	}
	ev.big.Write(value)
}

// sseLine reads one line without its end. A line longer than the limit
// is not kept: a data line's value streams into the event's frame scan
// (sseLine then returns nil), any other line is dropped.
func (c *StreamableClient) sseLine(r *bufio.Reader, ev *inEvent) ([]byte, error) {
	max := c.opts.MaxMessageSize + 64 // room for the field name
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		more := err == bufio.ErrBufferFull
		if len(line)+len(chunk) > max {
			return nil, c.skipLine(r, ev, append(line, chunk...), more)
		}
		line = append(line, chunk...)
		switch {
		case more:
			continue
		case err != nil && (len(line) == 0 || !bytes.HasSuffix(line, []byte("\n"))):
			return nil, err // a cut-off last line is not an event
		}
		return bytes.TrimRight(line, "\r\n"), nil
	}
}

// skipLine reads the rest of an over-long line that starts with head.
func (c *StreamableClient) skipLine(r *bufio.Reader, ev *inEvent, head []byte, more bool) error {
	field, value, _ := bytes.Cut(head, []byte(":"))
	data := string(field) == "data"
	value = bytes.TrimPrefix(value, []byte(" "))
	if !more {
		value = bytes.TrimRight(value, "\r\n")
	}
	if data {
		c.addData(ev, value, false)
		ensureScan(ev)
	}
	for more {
		chunk, err := r.ReadSlice('\n')
		more = err == bufio.ErrBufferFull
		if err != nil && !more {
			return err
		}
		if data {
			if !more {
				chunk = bytes.TrimRight(chunk, "\r\n")
			}
			c.addData(ev, chunk, true)
		}
	}
	return nil
}

// ensureScan moves an event's kept data into a frame scan, if not done yet.
func ensureScan(ev *inEvent) {
	if ev.big == nil {
		ev.big = &transport.FrameScanner{}
		ev.big.Write(ev.data)
		ev.data = ev.data[:0]
	}
}
