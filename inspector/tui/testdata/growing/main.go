// Command growing is a server whose tool set changes at run time: each
// call of grow registers one more tool. The inspector must show the new
// tools in either protocol era (list_changed in the handshake era; a
// re-list after the call in the 2026 era, which has no notifications).
package main

import (
	"context"
	"fmt"
	"log"
	"sync/atomic"

	"github.com/mcpdev/mcpdev/sdk"
)

// NoArgs: the tools take no arguments.
type NoArgs struct{}

var (
	server *sdk.Server
	grown  atomic.Int32
)

// Register one more tool, grown_N.
func Grow(ctx context.Context, _ NoArgs) (string, error) {
	n := grown.Add(1)
	name := fmt.Sprintf("grown_%d", n)
	sdk.Tool(server, func(context.Context, NoArgs) (string, error) { return name + " ran", nil },
		&sdk.ToolOptions{Name: name, Description: "A tool grow registered."})
	return "registered " + name, nil
}

func main() {
	server = sdk.NewServer("growing", nil)
	sdk.Tool(server, Grow, nil)
	if err := server.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}
