package tokens

import (
	"sync"

	"github.com/tiktoken-go/tokenizer/codec"
)

// Encoding names a byte-pair encoding whose vocabulary is compiled in.
type Encoding string

// The encodings counted exactly.
const (
	O200kBase  Encoding = "o200k_base"  // GPT-4o, GPT-4.1, GPT-5, o1, o3, o4-mini
	Cl100kBase Encoding = "cl100k_base" // GPT-4, GPT-3.5-turbo
)

var (
	o200k, cl100k         *codec.Codec
	o200kOnce, cl100kOnce sync.Once
)

// codecFor builds enc's codec once (the vocabulary map takes tens of
// milliseconds to build, so a process that never counts never pays).
// Invalid UTF-8 is counted as U+FFFD, as a client decoding it would send it.
func codecFor(enc Encoding) *codec.Codec {
	switch enc {
	case Cl100kBase:
		cl100kOnce.Do(func() {
			cl100k = codec.NewCl100kBase()
			cl100k.SetErrorMode(codec.ErrorModeReplace)
		})
		return cl100k
	default:
		o200kOnce.Do(func() {
			o200k = codec.NewO200kBase()
			o200k.SetErrorMode(codec.ErrorModeReplace)
		})
		return o200k
	}
}

// Count returns the number of tokens of text in enc, as ordinary text: the
// spelling of a special token such as <|endoftext|> counts as the text it
// is. An encoding other than the two named counts as O200kBase.
func Count(enc Encoding, text string) int {
	n, err := codecFor(enc).Count(text)
	if err != nil { // only a regexp time-out, and none is set
		return approx(text)
	}
	return n
}

// approx is the fallback estimate of text's tokens: about four bytes each.
func approx(text string) int {
	return (len(text) + 3) / 4
}
