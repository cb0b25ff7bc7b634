// Command run starts the inspector on a Go package or a command, for
// trying the TUI before cmd/mcpdev is wired: go run ./inspector/tui/testdata/run DIR | -- CMD ARGS…
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/mcpdev/mcpdev/inspector/tui"
)

func main() {
	args := os.Args[1:]
	var c tui.Connector
	target := ""
	switch {
	case len(args) > 1 && args[0] == "--":
		c, target = &tui.CommandConnector{Name: args[1], Args: args[2:]}, args[1]
	case len(args) == 1:
		c, target = &tui.GoConnector{Path: args[0]}, args[0]
	default:
		fmt.Fprintln(os.Stderr, "usage: run DIR | -- CMD ARGS…")
		os.Exit(1)
	}
	if err := tui.RunConnector(context.Background(), c, tui.Options{Target: target}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
