package cli

import (
	"io"
	"strings"

	"github.com/mcpdev/mcpdev/inspector/target"
)

// ExchangePrinter prints the HTTP exchanges of a sign-in (-v): a line
// that says what each was for, then its request and answer indented,
// every secret redacted (target.ExchangeLines). Other auth events are
// printed by the connection itself (ConnectOptions.AuthOut).
func ExchangePrinter(w io.Writer) func(target.AuthEvent) {
	return func(ev target.AuthEvent) {
		if ev.Kind != target.AuthHTTP || ev.Exchange == nil {
			return
		}
		var b strings.Builder
		b.WriteString("mcpdev: auth http: " + target.ExchangeSummary(ev.Exchange) + "\n")
		for _, l := range target.ExchangeLines(ev.Exchange) {
			b.WriteString("    " + l + "\n")
		}
		_, _ = io.WriteString(w, b.String()) // one write: the lines stay together
	}
}
