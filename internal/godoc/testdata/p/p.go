package p

// Greeter greets.
type Greeter struct{}

// Hello says hello.
func (*Greeter) Hello() {}

// Wave waves.
func (Greeter) Wave() {}

// Box holds one value.
type Box[T any] struct{}

// Open opens the box.
func (b *Box[T]) Open() {}

// Plain is a function.
func Plain() {}
