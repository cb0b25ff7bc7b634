// Package edge holds declarations whose doc comments are easy to misread
// without a syntax tree; TestParseDirMatchesParser reads it both ways.
package edge

import (
	"fmt"
	str "strings"
)

//go:generate echo directives are not docs

// Level is an enum over ints.
type Level int

// Levels, their type carried over from the first spec.
const (
	Low         Level   = 1
	Mid                 = 2
	High                = 0x10
	Off         Level   = -1 // not a literal
	Odd, Even   Level   = 3, 4
	Half        float64 = 0.5
	Name, Other         = "name", iota
)

const Raw Kind = `raw`

// Kind is an enum over strings.
type Kind string

const (
	A Kind = "a" /* block */
	B      = "b"
	C Kind = "c"
)

// Box is generic; its fields have docs and line comments.
type Box[T any, U interface{ ~int | ~string }] struct {
	// Value is the value.
	Value        T `json:"value"`
	Count, Total U // line comment for both
	/* Block
	comment */
	Block int

	// Embedded fields have no names.
	fmt.Stringer
	*Level
	Pair[int, string] // instantiated
	Array             [2]struct {
		Inner int // not Box's
	} `json:"array"`
	Func func(a struct{ X int }) (b interface{ M() }) // func type
	Last int
	Tail string // after an explicit semicolon
}

// Pair is generic with two parameters.
type Pair[K comparable, V any] struct {
	Key K
	Val V /* value */
}

type (
	// Grouped is in a group.
	Grouped struct {
		G int // g
	}
	// Array of structs is not a struct type.
	Array [3]struct {
		X int // x
	}
	Slice []struct{ Y int }
	Alias = struct {
		Z int // z
	}
	Ptr *struct{ W int }
	N   [len("ab")]int
)

// Get gets.
func (b *Box[T, U]) Get() T { return b.Value }

// Set sets, with a struct result.
func (b Box[T, U]) Set(v T) struct{ Old T } {
	if true {
		return struct{ Old T }{b.Value}
	}
	return struct{ Old T }{}
}

// Paren has a receiver with two type arguments.
func (p Pair[K, V]) Paren() {}

// Unnamed has an unnamed receiver.
func (Slice) Unnamed() interface{ M() } { return nil }

// Generic is a generic function.
func Generic[T interface{ ~[]byte }](t T) (n int, err error) {
	defer func() {}()
	s := str.Repeat("{", 3) + "}" // braces in strings
	_ = s
	return 0, nil
}

// NoBody is implemented elsewhere.
func NoBody(x int) int

// Closure returns a function type.
func Closure() func() int { return func() int { return 1 } }

/* Star is documented by a block comment. */
func Star() {}

// Detached is not Spaced's doc.

func Spaced() {}

func Undocumented() {} // a line comment is not a function's doc

//go:noinline
func DirectiveOnly() {}

var _ = struct{ V int }{1}

var (
	x, y = 1, 2
	// z is a var.
	z int
)
