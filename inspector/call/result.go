package call

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// WriteResult prints a tool result for a person: each content block, then
// the structured content pretty-printed, then isError if set. The server's
// text goes through termtext.Text (--json output does not come here).
func WriteResult(w io.Writer, res *sdk.CallToolResult) {
	for _, c := range res.Content {
		fmt.Fprintln(w, termtext.Text(strings.TrimRight(contentText(c), "\n")))
	}
	if len(res.StructuredContent) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "structuredContent:")
		fmt.Fprintln(w, termtext.Text(IndentJSON(res.StructuredContent)))
	}
	if res.IsError {
		fmt.Fprintln(w, "isError: true")
	}
}

func contentText(c sdk.Content) string {
	switch c.Type {
	case "text":
		return c.Text
	case "image", "audio":
		return fmt.Sprintf("[%s %s, %d bytes base64]", c.Type, c.MimeType, len(c.Data))
	case "resource_link":
		return fmt.Sprintf("[resource link %s %s]", c.Name, c.URI)
	case "resource":
		if c.Resource == nil {
			return "[resource]"
		}
		if c.Resource.Text != "" {
			return fmt.Sprintf("[resource %s]\n%s", c.Resource.URI, c.Resource.Text)
		}
		return fmt.Sprintf("[resource %s %s, %d bytes base64]", c.Resource.URI, c.Resource.MimeType, len(c.Resource.Blob))
	}
	return fmt.Sprintf("[%s content]", c.Type)
}

func IndentJSON(raw []byte) string {
	var b bytes.Buffer
	if err := json.Indent(&b, bytes.TrimSpace(raw), "", "  "); err != nil {
		return string(raw)
	}
	return b.String()
}

func PrettyJSON(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimRight(b.String(), "\n")
}

// ResultText is the text of every content block of res, one per line.
func ResultText(res *sdk.CallToolResult) string {
	parts := make([]string, len(res.Content))
	for i, c := range res.Content {
		parts[i] = contentText(c)
	}
	return strings.Join(parts, "\n")
}
