// Package tools declares tools whose arguments use types of packages a and
// b, two of them named Item.
package tools

import (
	"context"
	"fmt"

	"github.com/mcpdev/mcpdev/sdk/testdata/multipkg/a"
	"github.com/mcpdev/mcpdev/sdk/testdata/multipkg/b"
)

// PairArgs holds an item of each package, one of them twice.
type PairArgs struct {
	A     a.Item   `json:"a"`
	B     b.Item   `json:"b"`
	More  []a.Item `json:"more,omitempty"`
	Shade b.Color  `json:"shade,omitempty"`
}

// Pair returns a description of two items of different packages.
func Pair(ctx context.Context, args PairArgs) (string, error) {
	return fmt.Sprintf("%s %s ×%d", args.A.Name, args.A.Color, args.B.Qty), nil
}

// Item is the tools package's own item.
type Item struct {
	// Label is the text on the item.
	Label string `json:"label"`
}

// TripleArgs holds three types named Item.
type TripleArgs struct {
	Own Item   `json:"own"`
	A   a.Item `json:"a"`
	B   b.Item `json:"b"`
}

// Triple returns a description of three items named alike.
func Triple(ctx context.Context, args TripleArgs) (string, error) {
	return args.Own.Label + " " + args.A.Name, nil
}

// Greeter serves its methods as tools.
type Greeter struct{ Greeting string }

// GreetArgs are the arguments of say_hello.
type GreetArgs struct {
	// Name is the name of the person to greet.
	Name string `json:"name"`
}

// SayHello greets someone by name.
func (g *Greeter) SayHello(ctx context.Context, args GreetArgs) (string, error) {
	return g.Greeting + ", " + args.Name, nil
}

func (g Greeter) Wave(ctx context.Context, args GreetArgs) (string, error) {
	return "*waves at " + args.Name + "*", nil
}

func (g *Greeter) Nod(ctx context.Context, args GreetArgs) (string, error) {
	return "*nods at " + args.Name + "*", nil
}
