package proxy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
	"unicode/utf8"
)

// Direction says which way a frame went.
type Direction string

// The directions of a frame.
const (
	ClientToServer Direction = "c2s" // the client's request, answer or notification
	ServerToClient Direction = "s2c" // the server's
	ServerStderr   Direction = "err" // what the server printed on stderr
)

// Header is a session file's first line: what was proxied.
type Header struct {
	ID        string    `json:"id"`
	Label     string    `json:"label,omitempty"`
	Transport string    `json:"transport"` // "stdio" or "http"
	Command   []string  `json:"command,omitempty"`
	Cwd       string    `json:"cwd,omitempty"`    // stdio: where the command ran
	Target    string    `json:"target,omitempty"` // http: the server's URL
	PID       int       `json:"pid"`              // the proxy's process, to tell a live session
	Started   time.Time `json:"started"`
}

// End is a session file's last line, when the proxy ended in order.
type End struct {
	Time time.Time `json:"time"`
	Exit int       `json:"exit"` // the server's exit status (stdio)
	// Dropped counts frames not recorded (the recorder fell behind or
	// could not write); forwarding never waited for it.
	Dropped int    `json:"dropped,omitempty"`
	Error   string `json:"error,omitempty"`
}

// Record is one line of a session file: the header, a frame, or the end.
type Record struct {
	Session *Header `json:"session,omitempty"`
	End     *End    `json:"end,omitempty"`

	Time time.Time `json:"t,omitzero"`
	Dir  Direction `json:"dir,omitempty"`
	// The frame's exact bytes, without the newline that ended it: Text
	// when they are valid UTF-8, else Base64.
	Text    *string `json:"text,omitempty"`
	Base64  []byte  `json:"b64,omitempty"`
	Partial bool    `json:"partial,omitempty"` // no newline ended it (the stream closed)
	// Truncated: the frame was longer than MaxFrame; its first MaxFrame
	// bytes are recorded (all of it was forwarded).
	Truncated bool `json:"truncated,omitempty"`
	// HTTP: the HTTP proxy's request, status, headers or SSE event.
	HTTP *HTTPInfo `json:"http,omitempty"`

	// body (from the bodies pool) or raw (shared, read-only) holds the
	// bytes of a frame the HTTP proxy queued, until the recorder makes
	// them Text or Base64 (withBody), off the forwarding path.
	body *bytes.Buffer
	raw  []byte
}

// frameRecord records one frame's bytes.
func frameRecord(t time.Time, dir Direction, b []byte, partial bool) Record {
	r := Record{Time: t, Dir: dir, Partial: partial}
	if utf8.Valid(b) {
		s := string(b)
		r.Text = &s
	} else {
		r.Base64 = append([]byte(nil), b...)
	}
	return r
}

// Bytes returns a frame's exact bytes.
func (r *Record) Bytes() []byte {
	if r.Text != nil {
		return []byte(*r.Text)
	}
	return r.Base64
}

// IsFrame reports whether r is a frame (not the header or the end).
func (r *Record) IsFrame() bool { return r.Dir != "" }

// parseRecord reads one line of a session file.
func parseRecord(line []byte) (Record, error) {
	var r Record
	if err := json.Unmarshal(line, &r); err != nil {
		return r, fmt.Errorf("not a session record: %w", err)
	}
	if r.Session == nil && r.End == nil && r.Dir == "" {
		return r, fmt.Errorf("not a session record: no session, end or dir")
	}
	return r, nil
}
