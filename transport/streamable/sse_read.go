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
// limit (in pieces: a message over it costs no more than the limit);
// past it, the data streams through big instead (a frame scan that reads
// the message's id on the way).
type inEvent struct {
	data      *transport.FrameBuffer
	big       *transport.FrameScanner
	id, event string
}

// readSSE delivers the events of one stream until it ends or the response
// to id (when not nil) arrives. A message over MaxMessageSize is reported
// as a *DecodeError (ErrTooLarge) without being held in memory; when it
// is the awaited response, that ends the wait.
func (c *Client) readSSE(ctx context.Context, body io.Reader, id json.RawMessage) sseRead {
	r := bufio.NewReaderSize(body, 32<<10)
	ev := inEvent{data: transport.NewFrameBuffer(c.opts.MaxMessageSize)}
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
			ev.data.Reset()
			ev = inEvent{data: ev.data}
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
func (c *Client) dispatchEvent(ev *inEvent, id json.RawMessage) bool {
	if ev.event != "" && ev.event != "message" {
		return false
	}
	if ev.big != nil {
		de := ev.big.TooLarge(c.opts.MaxMessageSize)
		c.deliverErr(de)
		return id != nil && de.Msg != nil && de.Msg.Method == "" && string(de.Msg.ID) == string(id)
	}
	if ev.data.Len() == 0 {
		return false
	}
	m, derr := transport.DecodeOwned(ev.data.Bytes())
	if derr != nil {
		return false
	}
	c.deliver(m)
	return id != nil && m.IsResponse() && string(m.ID) == string(id)
}

// sseField applies one "field: value" line to the event.
func (c *Client) sseField(line []byte, ev *inEvent, res *sseRead) {
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
func (c *Client) addData(ev *inEvent, value []byte, more bool) {
	if !more && (ev.data.Len() > 0 || (ev.big != nil && ev.big.Size() > 0)) {
		addBytes(ev, newline)
	}
	addBytes(ev, value)
}

var newline = []byte{'\n'}

func addBytes(ev *inEvent, p []byte) {
	if ev.big == nil && ev.data.Write(p) {
		return
	}
	ensureScan(ev)
	ev.big.Write(p)
}

// sseLine reads one line without its end. A data line's value goes into
// the event as it is read (sseLine then returns nil). Any other line
// longer than the limit is dropped.
func (c *Client) sseLine(r *bufio.Reader, ev *inEvent) ([]byte, error) {
	max := c.opts.MaxMessageSize + 64 // room for the field name
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		more := err == bufio.ErrBufferFull
		if value, ok := dataValue(chunk); ok && line == nil && (more || err == nil) {
			return nil, c.readData(r, ev, value, more)
		}
		if len(line)+len(chunk) > max {
			return nil, skipLine(r, more)
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

// dataValue is the value of a line (or a long line's first chunk) of
// field "data".
func dataValue(chunk []byte) ([]byte, bool) {
	field, value, _ := bytes.Cut(chunk, []byte(":"))
	if string(bytes.TrimRight(field, "\r\n")) != "data" {
		return nil, false
	}
	return bytes.TrimPrefix(value, []byte(" ")), true
}

// readData adds a data line's value to the event, first the part in hand
// (all of it unless more), then the rest of the line as it is read.
func (c *Client) readData(r *bufio.Reader, ev *inEvent, value []byte, more bool) error {
	if !more {
		value = bytes.TrimRight(value, "\r\n")
	}
	c.addData(ev, value, false)
	for more {
		chunk, err := r.ReadSlice('\n')
		more = err == bufio.ErrBufferFull
		if err != nil && !more {
			return err // a cut-off last line is not an event
		}
		if !more {
			chunk = bytes.TrimRight(chunk, "\r\n")
		}
		c.addData(ev, chunk, true)
	}
	return nil
}

// skipLine reads the rest of an over-long line (not a data line).
func skipLine(r *bufio.Reader, more bool) error {
	for more {
		_, err := r.ReadSlice('\n')
		more = err == bufio.ErrBufferFull
		if err != nil && !more {
			return err
		}
	}
	return nil
}

// ensureScan moves an event's kept data into a frame scan, if not done yet.
func ensureScan(ev *inEvent) {
	if ev.big == nil {
		ev.big = &transport.FrameScanner{}
		ev.data.ScanInto(ev.big)
	}
}
