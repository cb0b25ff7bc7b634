package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/mcpdev/mcpdev/sdk"
)

// lineReader reads the person's answers, a line at a time, on a goroutine
// of its own (started by the first question, so stdin is not touched by a
// command that asks nothing): a question the server withdraws, or a call
// that ends, does not leave mcpdev waiting on the terminal.
type lineReader struct {
	lines chan string // closed at the end of the input
}

func newLineReader(in io.Reader) *lineReader {
	r := &lineReader{lines: make(chan string)}
	go r.run(in)
	return r
}

func (r *lineReader) run(in io.Reader) {
	defer close(r.lines)
	br := bufio.NewReader(in)
	for {
		line, err := br.ReadString('\n')
		if line != "" {
			r.lines <- line
		}
		if err != nil {
			return
		}
	}
}

// errServerGone ends a question whose server's connection closed: the
// call fails as any request on a closed connection does.
var errServerGone = fmt.Errorf("no answer sent: %w", sdk.ErrConnectionClosed)

// next returns the next line with its line break, io.EOF at the end of
// the input, ctx's error when ctx ends first, or errServerGone when gone
// is closed first.
func (r *lineReader) next(ctx context.Context, gone <-chan struct{}) (string, error) {
	select {
	case <-gone:
		return "", errServerGone
	case line, ok := <-r.lines:
		if !ok {
			return "", io.EOF
		}
		return line, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
