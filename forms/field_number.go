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

// refuses says why a keystroke cannot be part of the number ("" when it
// can): an integer field takes digits and a sign only, so a letter or a
// decimal point is refused with its reason instead of vanishing.
func (n *inputNode) refuses(typed string) string {
	allowed, why := "0123456789-+", "an integer takes digits and a sign only"
	switch n.sh.kind {
	case kindInteger:
		if strings.ContainsAny(typed, ".eE") {
			why = "an integer takes no decimals (digits and a sign only)"
		}
	case kindNumber:
		allowed, why = allowed+".eE", `a number takes digits, a sign, "." and "e" only`
	default:
		return ""
	}
	for _, r := range typed {
		if !strings.ContainsRune(allowed, r) {
			return why
		}
	}
	return ""
}

func asSchema(s any) *jsonschema.Schema {
	sch, _ := s.(*jsonschema.Schema)
	return sch
}
