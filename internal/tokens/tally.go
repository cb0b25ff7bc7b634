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

// cost is the tokens of tool as f writes it: ToolCost's count.
func (t *tally) cost(tool sdk.ToolInfo, f format) int {
	t.buf.Reset()
	f.write(&t.buf, tool, t.schema)
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

// schema writes raw as stringify does, once per distinct schema.
func (t *tally) schema(b *bytes.Buffer, raw json.RawMessage) {
	s, ok := t.schemas[string(raw)]
	if !ok {
		var sb bytes.Buffer
		stringify(&sb, raw)
		s = sb.String()
		t.schemas[string(raw)] = s
	}
	b.WriteString(s)
}
