package tui

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/transport"
)

// A traffic entry's bytes: raw, then, for a message with a result or
// params of megabytes, that member as it arrived — shared with the
// message, not copied (the result pane shows the same message's text) —
// then what closes the message.

// shareMin is the size from which a member is shared, not marshalled.
const shareMin = 64 << 10

// messageBytes is m as JSON (head, the shared member, end).
func messageBytes(m *transport.Message) (head, tail []byte, end string) {
	c, name := *m, "result"
	big := &c.Result
	if len(c.Params) > len(c.Result) {
		big, name = &c.Params, "params"
	}
	if len(*big) < shareMin {
		raw, _ := json.Marshal(m)
		return raw, nil, ""
	}
	tail, *big = *big, nil
	env, err := json.Marshal(&c)
	if err != nil || len(env) < 2 {
		raw, _ := json.Marshal(m)
		return raw, nil, ""
	}
	head = append(env[:len(env)-1:len(env)-1], `,"`+name+`":`...)
	return head, tail, "}"
}

// size is the message's length in bytes.
func (e *trafficEvent) size() int { return len(e.raw) + len(e.tail) + len(e.end) }

// parts are the message's bytes in order.
func (e *trafficEvent) parts() [][]byte {
	if e.tail == nil {
		return [][]byte{e.raw}
	}
	return [][]byte{e.raw, e.tail, []byte(e.end)}
}

// head is the message's first n bytes (or all of it, when shorter).
func (e *trafficEvent) head(n int) []byte {
	if e.tail == nil {
		return e.raw[:min(n, len(e.raw))]
	}
	var out []byte
	for _, p := range e.parts() {
		out = append(out, p[:min(len(p), n-len(out))]...)
	}
	return out
}

// contains reports whether the message, lower-cased, holds q (lower
// case), reading it a window at a time: no lower-cased copy of a message
// of megabytes.
func (e *trafficEvent) contains(q []byte) bool {
	if e.tail == nil {
		return bytes.Contains(bytes.ToLower(e.raw), q)
	}
	const window = 64 << 10
	var buf []byte
	keep := 0 // bytes of the last window kept, for a match across windows
	for _, p := range e.parts() {
		for len(p) > 0 {
			k := min(len(p), window)
			for k < len(p) && !utf8.RuneStart(p[k]) {
				k++ // whole characters only
			}
			buf = append(buf[:copy(buf, buf[len(buf)-keep:])], bytes.ToLower(p[:k])...)
			if bytes.Contains(buf, q) {
				return true
			}
			keep = min(len(buf), len(q)-1)
			p = p[k:]
		}
	}
	return false
}
