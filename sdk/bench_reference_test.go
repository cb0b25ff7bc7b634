package sdk_test

import (
	"bytes"
	"testing"
)

// The stdio benchmarks compare like with like: for each request they
// repeat, the reference (testdata/minimal-responder) answers the line the
// sdk's server answers, byte for byte, so neither side writes or encodes
// more than the other.
func TestBenchReferenceAnswersAsTheSDK(t *testing.T) {
	if testing.Short() {
		t.Skip("builds servers")
	}
	for _, c := range []struct {
		method, pkg string
		work        benchWork
	}{
		{"tools/call", "../examples/tutorial/03-field-constraints", benchToolCall},
		{"prompts/get", "./testdata/promptserver", benchPromptGet},
		{"resources/read", "./testdata/resourceserver", benchResourceRead},
	} {
		t.Run(c.method, func(t *testing.T) {
			want := benchAnswer(t, c.pkg, c.work)
			if got := benchAnswer(t, "./testdata/minimal-responder", c.work); !bytes.Equal(got, want) {
				t.Errorf("the reference answers\n%s\nthe sdk\n%s", got, want)
			}
		})
	}
}

// benchAnswer is the line the server built from pkg answers to work.
func benchAnswer(t *testing.T, pkg string, work benchWork) []byte {
	p := startBenchServer(t, pkg, "")
	defer p.stop(t)
	p.work = work
	p.send(t, 1)
	return bytes.Clone(p.line(t))
}
