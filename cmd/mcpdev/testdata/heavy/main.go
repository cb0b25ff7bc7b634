// A server with one tool whose description is huge (about 16,000 tokens
// of English) and two small ones: mcpdev tools --max-tokens names it first.
package main

import (
	"context"
	"log"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
)

// Query is the arguments of every tool.
type Query struct {
	Q string `json:"q" description:"what to look for"`
}

// Echo returns q.
func Echo(_ context.Context, a Query) (string, error) { return a.Q, nil }

func main() {
	s := sdk.NewServer("heavy", nil)
	huge := strings.Repeat("Searches the whole archive, every shelf and every box, for the words given. ", 1000)
	sdk.Tool(s, Echo, &sdk.ToolOptions{Name: "encyclopedic", Description: huge})
	sdk.Tool(s, Echo, &sdk.ToolOptions{Name: "small", Description: "Returns q."})
	sdk.Tool(s, Echo, &sdk.ToolOptions{Name: "medium", Description: strings.Repeat("Returns the query it is given. ", 20)})
	if err := s.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}
