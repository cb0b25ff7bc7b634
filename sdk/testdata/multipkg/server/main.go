// Command server serves the tools of package tools, whose arguments use types
// of packages a and b. mcpdocs_gen.go (go generate) carries the doc comments
// and constants of all four packages.
package main

//go:generate go run github.com/mcpdev/mcpdev/cmd/mcpdocs

import (
	"context"
	"log"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/testdata/multipkg/tools"
)

func main() {
	s := sdk.NewServer("multipkg", nil)
	sdk.Tool(s, tools.Pair, nil)
	sdk.Tool(s, tools.Triple, nil)
	g := &tools.Greeter{Greeting: "Hello"}
	sdk.Tool(s, g.SayHello, nil)
	if err := s.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}
