package forms

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"charm.land/huh/v2"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// ErrInvalidJSON is wrapped by Value when a JSON editor (one field's, or
// the whole-arguments one) holds text that does not parse.
var ErrInvalidJSON = errors.New("forms: invalid JSON")

// jsonNode is the fallback editor: the value typed as JSON, with live
// parse errors.
type jsonNode struct {
	nodeBase
	text string
	prev string // the text before the Null key typed null
}

func (n *jsonNode) rows(out []*row) []*row {
	t := huh.NewText().Value(&n.text).Title(n.fit(n.title())).Description(n.fit(n.describe())).Lines(3)
	r := &row{id: n.path + "#json", depth: n.depth, field: t, check: n.check, live: true, multiline: true, flag: n.flag}
	r.clear = func() { n.text = "" }
	if n.sh.nullable || n.sh.schema == nil {
		r.toggleNull, r.nullPath = n.toggleNull, n.path
	}
	return append(out, r)
}

// toggleNull replaces the text with null, or brings the text back.
func (n *jsonNode) toggleNull() {
	if strings.TrimSpace(n.text) == "null" {
		n.text = n.prev
		return
	}
	n.prev, n.text = n.text, "null"
}

func (n *jsonNode) value() (any, bool) {
	v, err := parseJSON(n.text)
	if err != nil || v == absent {
		return nil, false
	}
	return v, true
}

// absent marks an empty editor.
var absent any = &struct{}{}

// parseJSON decodes one JSON value keeping numbers exact; blank is absent.
func parseJSON(text string) (any, error) {
	if strings.TrimSpace(text) == "" {
		return absent, nil
	}
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidJSON, err)
	}
	return v, nil
}

func (n *jsonNode) prefill(v any) bool {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return false
	}
	n.text = strings.TrimSpace(buf.String())
	return true
}

func (n *jsonNode) check() string {
	v, err := parseJSON(n.text)
	switch {
	case err != nil:
		return err.Error()
	case v == absent && n.required:
		return "Field required"
	case v == absent || n.sh.schema == nil:
		return ""
	}
	return firstProblem(n.sh.schema, v)
}

// parseError reports a JSON editor holding unparsable text.
func (n *jsonNode) parseError() error {
	if _, err := parseJSON(n.text); err != nil {
		return fmt.Errorf("%s: %w", n.label, err)
	}
	return nil
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
