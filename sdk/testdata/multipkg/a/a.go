// Package a declares domain types and no functions: nothing registered as a
// tool lives here, so the SDK must find its doc comments and constants from
// the types alone.
package a

// Color is a colour an item can have.
type Color string

// The colours, declared as constants: they become the schema's enum.
const (
	Red   Color = "red"
	Green Color = "green"
)

// Size declares its values with a method, which works without the source.
type Size string

// Enum lists the sizes.
func (Size) Enum() []any { return []any{"S", "M", "L"} }

// Item is package a's item.
type Item struct {
	// Name is the name printed on the label.
	Name  string `json:"name"`
	Color Color  `json:"color"`
	Size  Size   `json:"size,omitempty"`
}
