package call

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
)

// ContentsText is the contents of a resources/read result as text, one
// block per content: a text content's text as it is, a blob described
// by its URI, MIME type and decoded size.
func ContentsText(res *sdk.ReadResourceResult) string {
	parts := make([]string, len(res.Contents))
	for i, rc := range res.Contents {
		parts[i] = resourceText(rc)
	}
	return strings.Join(parts, "\n")
}

func resourceText(rc sdk.ResourceContents) string {
	if rc.Blob != "" {
		return BlobLabel(rc)
	}
	return rc.Text
}

// BlobLabel describes a blob content: "[blob URI image/png, 1234 bytes]".
func BlobLabel(rc sdk.ResourceContents) string {
	return fmt.Sprintf("[blob %s %s, %s]", rc.URI, orWord(rc.MimeType, "no MIME type"), blobSize(rc.Blob))
}

// blobSize is the decoded size of base64 data, or how long the text is
// when it is not base64.
func blobSize(data string) string {
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return fmt.Sprintf("%d characters, not base64", len(data))
	}
	return fmt.Sprintf("%d bytes", len(b))
}

// ContentsJSON is the first text content of a resources/read result as
// JSON (what a session's structured expectation compares); nil when there
// is none.
func ContentsJSON(res *sdk.ReadResourceResult) json.RawMessage {
	for _, rc := range res.Contents {
		if rc.Blob == "" {
			return json.RawMessage(rc.Text)
		}
	}
	return nil
}

// MessagesText is the messages of a prompts/get result as text: each
// message "role: content", the content as a tool result's block is shown.
func MessagesText(res *sdk.GetPromptResult) string {
	parts := make([]string, len(res.Messages))
	for i, m := range res.Messages {
		parts[i] = string(m.Role) + ": " + contentText(m.Content)
	}
	return strings.Join(parts, "\n")
}

// CompletionText is the suggested values, one per line, then "(N in all)"
// or "(more)" when the server has more than it sent.
func CompletionText(c *sdk.Completion) string {
	lines := append([]string(nil), c.Values...)
	switch {
	case c.Total > len(c.Values):
		lines = append(lines, fmt.Sprintf("(%d in all)", c.Total))
	case c.HasMore:
		lines = append(lines, "(more)")
	}
	return strings.Join(lines, "\n")
}

func orWord(s, word string) string {
	if s == "" {
		return word
	}
	return s
}
