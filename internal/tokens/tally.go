package tokens

import (
	"bytes"
	"encoding/json"

	"github.com/mcpdev/mcpdev/sdk"
)

// tally counts the definitions of one tool list, for one or more clients,
// remembering what it has serialised and counted: most of a list's text
// repeats (keys, common subschemas, one definition for several clients).
type tally struct {
	schemas map[string]string           // stringified input schema by its raw bytes
	counts  map[Encoding]map[string]int // tokens of a segment (see segments)
	buf     bytes.Buffer
}

func newTally() *tally {
	return &tally{schemas: map[string]string{}, counts: map[Encoding]map[string]int{}}
}

// count is the tokens of tool as f writes it (ToolCost's count), its
// input schema written as schema.
func (t *tally) count(tool sdk.ToolInfo, f format, schema string) int {
	t.buf.Reset()
	f.write(&t.buf, tool, func(b *bytes.Buffer, _ json.RawMessage) { b.WriteString(schema) })
	memo := t.counts[f.enc]
	if memo == nil {
		memo = map[string]int{}
		t.counts[f.enc] = memo
	}
	n := 0
	for seg := range segments(t.buf.Bytes()) {
		c, ok := memo[string(seg)] // no copy to look up
		if !ok {
			text := string(seg)
			c = Count(f.enc, text)
			memo[text] = c
		}
		n += c
	}
	return n
}

// stringified is raw as stringify writes it, once per distinct schema.
func (t *tally) stringified(raw json.RawMessage) string {
	s, ok := t.schemas[string(raw)]
	if !ok {
		var b bytes.Buffer
		stringify(&b, raw)
		s = b.String()
		t.schemas[string(raw)] = s
	}
	return s
}
