package transport

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// frameScan reads what a receiver needs to know about a frame too large to
// keep — its id, its method, whether it carries a result or an error —
// while the frame streams past, in constant memory: the top-level members
// of a JSON object are followed by their names, and only the values of
// "id" and "method" are kept (up to maxScanValue bytes). A frame that is
// not a JSON object leaves it empty. Member names written with escapes are
// not recognised; names match ignoring case, and of repeated members the
// last one counts, as with encoding/json.
type frameScan struct {
	size  int    // bytes seen
	head  []byte // the first headSize bytes, for the DecodeError's Line
	state scanState
	depth int // nesting depth, 1 inside the top-level object
	str   bool
	esc   bool

	key      []byte // the member name being read at depth 1
	keyLong  bool
	val      []byte // the id or method value being read at depth 1
	valLong  bool
	inValue  bool // reading a scalar value at depth 1
	keep     bool // the current member's value is kept (id, method)
	id       []byte
	idBad    bool // an id that is not a scalar, or too long
	method   []byte
	result   bool
	errorSet bool
}

type scanState uint8

const (
	scanStart scanState = iota // before the opening brace
	scanKey                    // expecting a member name (or the closing brace)
	scanColon                  // after a member name
	scanValue                  // after the colon
	scanAfter                  // after a value: expecting a comma or the closing brace
	scanDone                   // the object ended, or the frame is not an object
)

const (
	headSize     = 1024
	maxScanValue = 1024
)

// write feeds the next bytes of the frame.
func (s *frameScan) write(p []byte) {
	s.size += len(p)
	if n := headSize - len(s.head); n > 0 {
		s.head = append(s.head, p[:min(n, len(p))]...)
	}
	for _, c := range p {
		if s.state == scanDone {
			return
		}
		s.byte(c)
	}
}

func (s *frameScan) byte(c byte) {
	if s.str {
		s.strByte(c)
		return
	}
	if s.inValue {
		if isScalarByte(c) {
			s.addVal(c)
			return
		}
		s.endValue(false)
	}
	switch {
	case s.state == scanStart:
		s.start(c)
	case c == '"':
		s.str = true
		s.openString()
	case c == '{' || c == '[':
		if s.depth == 1 && s.state == scanValue {
			s.endValue(true)
		}
		s.depth++
	case c == '}' || c == ']':
		s.depth--
		if s.depth == 0 {
			s.state = scanDone
		} else if s.depth == 1 {
			s.state = scanAfter
		}
	case s.depth != 1 || isSpace(c):
	case c == ':' && s.state == scanColon:
		s.state = scanValue
	case c == ',' && s.state == scanAfter:
		s.state = scanKey
	case s.state == scanValue && isScalarByte(c):
		s.inValue = true
		s.val = s.val[:0]
		s.valLong = false
		s.addVal(c)
	default:
		s.state = scanDone // not JSON: stop looking
	}
}

func (s *frameScan) start(c byte) {
	switch {
	case isSpace(c):
	case c == '{':
		s.depth, s.state = 1, scanKey
	default:
		s.state = scanDone
	}
}

// openString starts a string: a member name or a value at depth 1.
func (s *frameScan) openString() {
	if s.depth != 1 {
		return
	}
	switch s.state {
	case scanKey:
		s.key, s.keyLong = s.key[:0], false
	case scanValue:
		s.val, s.valLong = append(s.val[:0], '"'), false
	}
}

func (s *frameScan) strByte(c byte) {
	switch {
	case s.esc:
		s.esc = false
	case c == '\\':
		s.esc = true
	case c == '"':
		s.str = false
		s.closeString()
		return
	}
	if s.depth != 1 {
		return
	}
	switch s.state {
	case scanKey:
		if len(s.key) < 16 {
			s.key = append(s.key, c)
		} else {
			s.keyLong = true
		}
	case scanValue:
		s.addVal(c)
	}
}

func (s *frameScan) closeString() {
	if s.depth != 1 {
		return
	}
	switch s.state {
	case scanKey:
		s.member()
		s.state = scanColon
	case scanValue:
		s.addVal('"')
		s.endValue(false)
	}
}

// member notes the name just read. Names match as encoding/json matches
// them, ignoring case.
func (s *frameScan) member() {
	name := ""
	for _, n := range scanMembers {
		if !s.keyLong && bytes.EqualFold(s.key, []byte(n)) {
			name = n
		}
	}
	s.keep = name == "id" || name == "method"
	switch name {
	case "result":
		s.result = true
	case "error":
		s.errorSet = true
	}
	s.key = append(s.key[:0], name...)
}

var scanMembers = []string{"id", "method", "result", "error"}

func (s *frameScan) addVal(c byte) {
	if !s.keep {
		return
	}
	if len(s.val) < maxScanValue {
		s.val = append(s.val, c)
	} else {
		s.valLong = true
	}
}

// endValue ends the value of the current member at depth 1; container
// says it is an object or an array (whose content is not kept).
func (s *frameScan) endValue(container bool) {
	s.inValue = false
	s.state = scanAfter
	if !s.keep {
		return
	}
	s.keep = false
	bad := container || s.valLong
	switch string(s.key) {
	case "id":
		s.id, s.idBad = append(s.id[:0], s.val...), bad
	case "method":
		s.method = s.method[:0]
		if !bad {
			s.method = append(s.method, s.val...)
		}
	}
}

// message is what the scan found, as DecodeError.Msg: nil when it found
// neither an id nor a method. An id MCP does not allow becomes null.
func (s *frameScan) message() *Message {
	if s.inValue {
		s.endValue(false)
	}
	if len(s.id) == 0 && !s.idBad && len(s.method) == 0 {
		return nil
	}
	m := &Message{JSONRPC: Version}
	if len(s.method) > 0 {
		if json.Unmarshal(s.method, &m.Method) != nil {
			m.Method = string(s.method) // not a string: still a request, never dispatched
		}
	}
	switch {
	case s.idBad || (len(s.id) > 0 && !validID(s.id)):
		m.ID = json.RawMessage("null")
	case len(s.id) > 0:
		m.ID = utf8ID(append(json.RawMessage(nil), s.id...))
	}
	return m
}

// tooLarge is the DecodeError for the scanned frame, over limit.
func (s *frameScan) tooLarge(limit int) *DecodeError {
	m := s.message()
	response := m != nil && m.Method == "" && len(m.ID) > 0 && (s.result || s.errorSet)
	kind := "message"
	switch {
	case response:
		kind = "response"
	case m != nil && m.Method != "" && len(m.ID) > 0:
		kind = "request"
	case m != nil && m.Method != "":
		kind = "notification"
	}
	return &DecodeError{
		Err: tooLargeError(kind, s.size, limit), Msg: m, Line: trimSpace(s.head),
		Size: s.size, Limit: limit, response: response,
	}
}

// tooLargeError is the error for a message of size bytes over limit;
// every transport words it the same way.
func tooLargeError(kind string, size, limit int) *Error {
	return Errorf(CodeInvalidRequest, "%s too large: %s, over the %s limit", kind, sizeText(size), FormatSize(int64(limit)))
}

// sizeText is "5000000 bytes (4.8 MiB)", or "360 bytes".
func sizeText(n int) string {
	if n < 1024 {
		return strconv.Itoa(n) + " bytes"
	}
	return strconv.Itoa(n) + " bytes (" + FormatSize(int64(n)) + ")"
}

// FormatSize writes a byte count the way the size limits are written:
// "512 B", "64 KiB", "4 MiB", "4.8 MiB", "1.5 GiB".
func FormatSize(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	v, i := float64(n), 0
	for v >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	if i == 0 || v == float64(int64(v)) {
		return strconv.FormatFloat(v, 'f', 0, 64) + " " + units[i]
	}
	return strconv.FormatFloat(v, 'f', 1, 64) + " " + units[i]
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// isScalarByte reports whether c may appear in a number, true, false or null.
func isScalarByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '+' || c == '.'
}
