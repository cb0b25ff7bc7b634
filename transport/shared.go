package transport

import "encoding/json"

// What the Streamable HTTP transport (package transport/streamable) shares
// with the framing of this package. Other code has no use for it.

// DecodeOwned decodes one JSON-RPC message from data, which the caller
// gives up: the message's raw members may point into it.
func DecodeOwned(data []byte) (*Message, *Error) { return decodeOwned(data) }

// DecodeOwnedInto is DecodeOwned decoding the usual message into dst, a
// zero Message the caller allocated with what else it needs (one
// allocation instead of two); it returns the message decoded, dst or
// another.
func DecodeOwnedInto(dst *Message, data []byte) (*Message, *Error) {
	return decodeInto(dst, data, true)
}

// ResponseTooLarge is the DecodeError of a response to request id over
// the limit, worded as on stdio; head is its first bytes (nil: unread).
func ResponseTooLarge(id json.RawMessage, size, limit int, head []byte) *DecodeError {
	return &DecodeError{
		Err: tooLargeError("response", size, limit), Msg: &Message{JSONRPC: Version, ID: id},
		Line: clip(head, headSize), Size: size, Limit: limit, response: true,
	}
}

// FrameScanner reads a message too large to keep, piece by piece, and
// keeps only what describes it: its id, method and first bytes.
type FrameScanner struct{ scan frameScan }

// Write feeds the next bytes of the message.
func (f *FrameScanner) Write(p []byte) { f.scan.write(p) }

// Size is the number of bytes written so far.
func (f *FrameScanner) Size() int { return f.scan.size }

// TooLarge is the DecodeError of the message scanned, over limit.
func (f *FrameScanner) TooLarge(limit int) *DecodeError { return f.scan.tooLarge(limit) }

// VisibleASCII reports whether s is made of the characters a session id
// may carry (0x21–0x7E).
func VisibleASCII(s string) bool { return visibleASCII(s) }
