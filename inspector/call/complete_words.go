package call

import (
	"strings"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/sdk"
)

// ParseCompleteWords reads what follows the target of `mcpdev complete`:
//
//	prompt NAME ARG[=TYPED] [key=value…]
//	template URITEMPLATE ARG[=TYPED] [key=value…]
//
// the argument being completed with what is typed of it, then the
// arguments already filled in (the server's context).
func ParseCompleteWords(words []string) (sdk.CompleteRef, string, string, map[string]string, error) {
	var ref sdk.CompleteRef
	if len(words) < 3 {
		return ref, "", "", nil, inspector.Usagef("complete: want prompt NAME ARG[=TYPED] [key=value…] or template URITEMPLATE ARG[=TYPED] [key=value…]")
	}
	switch words[0] {
	case "prompt":
		ref = sdk.CompleteRef{Type: sdk.RefPrompt, Name: words[1]}
	case "template", "resource":
		ref = sdk.CompleteRef{Type: sdk.RefResource, URI: words[1]}
	default:
		return ref, "", "", nil, inspector.Usagef("complete: want prompt or template, got %q", words[0])
	}
	arg, typed, _ := strings.Cut(words[2], "=")
	var filled map[string]string
	if len(words) > 3 {
		filled = PairsMap(words[3:])
	}
	return ref, arg, typed, filled, nil
}

// PairsMap turns key=value words into a map; a word without = is a key
// with an empty value.
func PairsMap(pairs []string) map[string]string {
	m := make(map[string]string, len(pairs))
	for _, p := range pairs {
		k, v, _ := strings.Cut(p, "=")
		m[k] = v
	}
	return m
}
