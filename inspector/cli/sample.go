package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// ErrSamplingRefused is the answer to a sampling request the person
// refused (--decline, an empty reply, the end of the input).
var ErrSamplingRefused = call.ErrSamplingRefused

// shownMessageBytes is how much of each sampling message is shown on the
// terminal; a longer one is cut, saying how long it was.
const shownMessageBytes = 4096

// Sample answers a sampling request (sdk.ClientOptions.OnSample): with
// --sample-reply, refused with --decline, or else with a reply the
// person types after reading the request.
func (a *Asker) Sample(ctx context.Context, p *sdk.CreateMessageParams) (*sdk.CreateMessageResult, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	fmt.Fprintln(a.Out, "The server asks for a model's reply (sampling):")
	for _, line := range strings.Split(call.SamplingText(p, shownMessageBytes), "\n") {
		fmt.Fprintf(a.Out, "  %s\n", termtext.Line(line))
	}
	switch {
	case a.Decline:
		fmt.Fprintln(a.Out, "  refused (--decline)")
		return nil, ErrSamplingRefused
	case a.SampleReply != nil:
		fmt.Fprintln(a.Out, "  replied with --sample-reply")
		return call.SampleResult(*a.SampleReply), nil
	}
	defer a.hold()()
	fmt.Fprintln(a.Out, "  Type the reply; an empty line ends it (an empty reply, or the end of the input, refuses):")
	reply, err := a.typedReply(ctx)
	switch {
	case err != nil && !errors.Is(err, io.EOF):
		a.noLongerAsked(err)
		return nil, err
	case reply == "" && err != nil:
		fmt.Fprintln(a.Out, "  refused: the input ended without a reply (--sample-reply TEXT answers sampling in scripts)")
		return nil, ErrSamplingRefused
	case reply == "":
		fmt.Fprintln(a.Out, "  refused (an empty reply)")
		return nil, ErrSamplingRefused
	}
	return call.SampleResult(reply), nil
}

// typedReply reads lines up to an empty one or the end of the input.
func (a *Asker) typedReply(ctx context.Context) (string, error) {
	var lines []string
	for {
		fmt.Fprint(a.Out, "  > ")
		line, err := a.readLine(ctx)
		line = strings.TrimRight(line, "\r\n")
		if line != "" {
			lines = append(lines, line)
		}
		if err != nil || line == "" {
			return strings.Join(lines, "\n"), err
		}
	}
}
