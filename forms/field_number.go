package forms

import (
	"encoding/json"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// numberValue turns typed text into a JSON number; text that is not a
// number is sent as the string typed, so the validator names the problem.
func numberValue(text string) (any, bool) {
	t := strings.TrimSpace(text)
	if t == "" {
		return nil, false
	}
	if isJSONNumber(t) {
		return json.Number(t), true
	}
	return t, true
}

func isJSONNumber(t string) bool {
	var n json.Number
	if json.Unmarshal([]byte(t), &n) != nil {
		return false
	}
	return t != "" && (t[0] == '-' || (t[0] >= '0' && t[0] <= '9'))
}

func (n *inputNode) prefillNumber(v any) bool {
	switch x := v.(type) {
	case json.Number:
		n.text = x.String()
	case float64:
		n.text = compactJSON(x)
	case int:
		n.text = compactJSON(x)
	default:
		return false
	}
	return true
}

// accepts refuses keystrokes that cannot be part of the number: an
// integer field takes digits and a sign only, so decimals are refused.
func (n *inputNode) accepts(typed string) bool {
	allowed := "0123456789-+"
	switch n.sh.kind {
	case kindInteger:
	case kindNumber:
		allowed += ".eE"
	default:
		return true
	}
	for _, r := range typed {
		if !strings.ContainsRune(allowed, r) {
			return false
		}
	}
	return true
}

func asSchema(s any) *jsonschema.Schema {
	sch, _ := s.(*jsonschema.Schema)
	return sch
}
