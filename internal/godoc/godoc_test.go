package godoc

import (
	"slices"
	"testing"
)

// Methods are keyed "Type.Method" whatever the receiver; test files are
// read on request, the external test package apart.
func TestParseDirMethodsAndTests(t *testing.T) {
	tests := []struct {
		which Files
		want  []string
	}{
		{Source, []string{"Box.Open", "Greeter.Hello", "Greeter.Wave", "Plain"}},
		{WithTests, []string{"Box.Open", "Greeter.Hello", "Greeter.Wave", "InTest", "Plain"}},
		{ExternalTests, []string{"External"}},
	}
	for _, tt := range tests {
		p, err := ParseDir("testdata/p", tt.which)
		if err != nil {
			t.Fatal(err)
		}
		if got := SortedKeys(p.Funcs); !slices.Equal(got, tt.want) {
			t.Errorf("Files(%d): funcs %v, want %v", tt.which, got, tt.want)
		}
	}
}
