// Package b declares a type named like one of package a.
package b

// Item is package b's item: a quantity, nothing like a.Item.
type Item struct {
	// Qty is the number of pieces.
	Qty int `json:"qty"`
}

// Color is b's colour: a number.
type Color int

const (
	Black Color = 0
	White Color = 255
)
