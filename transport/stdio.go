package transport

import (
	"io"
	"os"
)

// StdioOptions configures NewStdio.
type StdioOptions struct {
	// MaxMessageSize bounds one incoming line (default DefaultMaxMessageSize).
	MaxMessageSize int
	// KeepStdout leaves os.Stdout alone. By default NewStdio takes the
	// process's standard output for the protocol and points os.Stdout (and,
	// where the platform allows, file descriptor 1) at standard error, so a
	// stray fmt.Println in a tool cannot corrupt the stream.
	KeepStdout bool
}

// NewStdio returns the server side of the stdio transport: newline-delimited
// JSON-RPC on the process's stdin and stdout.
//
// Close interrupts a Read waiting for stdin (it returns ErrClosed), so a
// server stops when its context is cancelled even though the client keeps
// stdin open. Close leaves stdin itself open, and what arrives on it after
// Close goes to a later NewStdio (on Unix it stays unread in stdin; on
// other systems a goroutine of the process stays blocked reading it and
// keeps what it reads).
func NewStdio(opts *StdioOptions) Conn {
	var o StdioOptions
	if opts != nil {
		o = *opts
	}
	var out io.Writer = os.Stdout
	if !o.KeepStdout {
		out = protectStdout()
	}
	in := newFileReader(os.Stdin)
	return NewStream(in, out, &StreamOptions{MaxMessageSize: o.MaxMessageSize, Closer: in})
}

// swapStdout redirects Go code's writes to os.Stdout to stderr and returns
// the original stdout for the protocol.
func swapStdout() *os.File {
	proto := os.Stdout
	os.Stdout = os.Stderr
	return proto
}
