package call

import (
	"fmt"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
)

// ParseURLAnswer reads how a script answers a URL-mode elicitation
// (--answer-url, a session's answer-url line): accept, decline or cancel.
func ParseURLAnswer(word string) (sdk.ElicitAction, error) {
	switch a := sdk.ElicitAction(strings.ToLower(strings.TrimSpace(word))); a {
	case sdk.ActionAccept, sdk.ActionDecline, sdk.ActionCancel:
		return a, nil
	}
	return "", fmt.Errorf("%q: want accept, decline or cancel", word)
}
