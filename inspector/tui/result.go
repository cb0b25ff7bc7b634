package tui

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"mime"
	"strings"
	"unicode/utf8"

	"github.com/dustin/go-humanize"

	"github.com/mcpdev/mcpdev/forms"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// resultData is a tool result prepared for display: computed once, off the
// UI goroutine (pretty-printing and validating 10 MiB takes a while), then
// laid out for the pane's width as often as needed.
type resultData struct {
	description string // a prompt's, shown before its messages (sanitized)
	blocks      []blockData
	structured  []string // structuredContent pretty-printed, one line each
	verdict     verdict
	media       []mediaBlock
	isError     bool
}

type blockData struct {
	kind   string   // "text", "image", "audio", "resource_link", "resource"
	header string   // what the block is, e.g. "image · image/png · 12 kB"
	notes  string   // its annotations (audience, priority, lastModified)
	text   string   // text to wrap (text blocks, embedded text resources)
	json   []string // pretty JSON lines when the text was JSON
	code   codeText // how text is highlighted (highlight.go)
	saveAs string   // the file the save key writes its bytes to (media)
	link   string   // a resource link's URI, as the server sent it (the read key reads it)
}

// textBytes is the length of the result's texts.
func (d *resultData) textBytes() int {
	n := 0
	for _, b := range d.blocks {
		n += len(b.text)
	}
	return n
}

// verdict is the output-schema check of structuredContent.
type verdict struct {
	state    string // "", "valid", "invalid", "missing", "not checked"
	problems []string
}

// mediaBlock is binary content a key can save to a file.
type mediaBlock struct {
	index int
	kind  string
	mime  string
	data  []byte
}

func (m mediaBlock) fileName() string {
	ext := ".bin"
	if exts, _ := mime.ExtensionsByType(m.mime); len(exts) > 0 {
		ext = exts[len(exts)-1]
	}
	switch m.mime {
	case "image/png":
		ext = ".png"
	case "image/jpeg":
		ext = ".jpg"
	case "audio/wav", "audio/x-wav":
		ext = ".wav"
	}
	return fmt.Sprintf("mcpdev-%s-%d%s", m.kind, m.index+1, ext)
}

// prepareResult lays out a result for display; everything the server
// wrote goes through the sanitizer here, once (media keep their bytes).
func prepareResult(res *sdk.CallToolResult, tool sdk.ToolInfo) *resultData {
	d := &resultData{isError: res.IsError}
	for i, c := range res.Content {
		b := d.block(i, c)
		b.notes = annotationText(c.Annotations)
		b.header, b.text, b.json = termtext.Line(b.header), termtext.Text(b.text), sanitizeLines(b.json)
		d.blocks = append(d.blocks, b)
	}
	if len(res.StructuredContent) > 0 {
		d.structured = sanitizeLines(prettyLines(res.StructuredContent))
	}
	d.verdict = checkOutput(res, tool)
	d.verdict.problems = sanitizeLines(d.verdict.problems)
	return d
}

// sanitizeLines makes each line safe for the terminal (in place). Pretty
// JSON stays JSON: a C1 control becomes its \u escape.
func sanitizeLines(lines []string) []string {
	for i, l := range lines {
		lines[i] = termtext.Line(l)
	}
	return lines
}

func (d *resultData) block(i int, c sdk.Content) blockData {
	switch c.Type {
	case "text":
		b := blockData{kind: "text", header: "text"}
		if js := jsonLines(c.Text); js != nil {
			b.header, b.json = "text · JSON", js
		} else {
			b.text = c.Text
		}
		return b
	case "image", "audio":
		data, err := base64.StdEncoding.DecodeString(c.Data)
		h := fmt.Sprintf("%s · %s · %s", c.Type, orNone(c.MimeType), humanize.Bytes(uint64(len(data))))
		if err != nil {
			return blockData{kind: c.Type, header: h + " · bad base64: " + err.Error()}
		}
		if w, ht, _, err := imageSize(data); c.Type == "image" && err == nil {
			h += fmt.Sprintf(" · %d×%d", w, ht) // from the header alone
		}
		return blockData{kind: c.Type, header: h, saveAs: d.addMedia(i, c.Type, c.MimeType, data)}
	case "resource_link":
		return blockData{kind: c.Type, header: "resource link", text: linkText(c), link: c.URI}
	case "resource":
		return d.embedded(i, c)
	}
	raw, _ := json.Marshal(c)
	return blockData{kind: c.Type, header: "unknown block " + c.Type, json: prettyLines(raw)}
}

func (d *resultData) embedded(i int, c sdk.Content) blockData {
	r := c.Resource
	if r == nil {
		return blockData{kind: "resource", header: "embedded resource (empty)"}
	}
	b := blockData{kind: "resource", header: "embedded resource · " + r.URI + " · " + orNone(r.MimeType)}
	if r.Blob != "" {
		data, err := base64.StdEncoding.DecodeString(r.Blob)
		if err == nil {
			b.header += " · " + humanize.Bytes(uint64(len(data)))
			b.saveAs = d.addMedia(i, "resource", r.MimeType, data)
			if isTextMIME(r.MimeType) && utf8.Valid(data) {
				b.setText(string(data), r.MimeType, r.URI)
			}
		}
		return b
	}
	b.setText(r.Text, r.MimeType, r.URI)
	return b
}

// setText is a resource's text: JSON pretty-printed, else highlighted
// by its MIME type or URI.
func (b *blockData) setText(text, mimeType, uri string) {
	if js := jsonLines(text); js != nil {
		b.json = js
	} else {
		b.text, b.code.lexer = text, codeLexer(mimeType, uri)
	}
}

// addMedia keeps a block's bytes for the save key; it returns the file
// name they are saved as.
func (d *resultData) addMedia(i int, kind, mimeType string, data []byte) string {
	m := mediaBlock{index: i, kind: kind, mime: mimeType, data: data}
	d.media = append(d.media, m)
	return m.fileName()
}

// isTextMIME: a blob of this type is text when its bytes are UTF-8
// (text/*, JSON, XML, YAML, JavaScript and their +json/+xml kin).
func isTextMIME(mimeType string) bool {
	mt, _, err := mime.ParseMediaType(mimeType)
	if err != nil {
		return false
	}
	switch mt {
	case "application/json", "application/xml", "application/javascript", "application/x-javascript",
		"application/yaml", "application/x-yaml", "application/toml", "application/sql", "application/x-sh",
		"application/graphql", "application/ld+json", "image/svg+xml":
		return true
	}
	return strings.HasPrefix(mt, "text/") || strings.HasSuffix(mt, "+json") || strings.HasSuffix(mt, "+xml") || strings.HasSuffix(mt, "+yaml")
}

func linkText(c sdk.Content) string {
	var parts []string
	add := func(k, v string) {
		if v != "" {
			parts = append(parts, k+": "+v)
		}
	}
	add("uri", c.URI)
	add("name", c.Name)
	add("title", c.Title)
	add("description", c.Description)
	add("mime", c.MimeType)
	if c.Size != nil {
		add("size", humanize.Bytes(uint64(*c.Size)))
	}
	return strings.Join(parts, "\n")
}

func orNone(s string) string {
	if s == "" {
		return "no MIME type"
	}
	return s
}

// jsonLines pretty-prints s when it is a JSON object or array.
func jsonLines(s string) []string {
	t := strings.TrimSpace(s)
	if t == "" || (t[0] != '{' && t[0] != '[') || !json.Valid([]byte(t)) {
		return nil
	}
	return prettyLines([]byte(t))
}

func prettyLines(raw []byte) []string {
	var buf bytes.Buffer
	buf.Grow(len(raw) * 2)
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return strings.Split(string(raw), "\n")
	}
	return strings.Split(buf.String(), "\n")
}

// checkOutput validates structuredContent against the tool's outputSchema.
func checkOutput(res *sdk.CallToolResult, tool sdk.ToolInfo) verdict {
	switch {
	case len(tool.OutputSchema) == 0:
		return verdict{}
	case res.IsError:
		return verdict{state: "not checked"}
	case len(res.StructuredContent) == 0:
		return verdict{state: "missing"}
	}
	probs, err := forms.Validate(tool.OutputSchema, res.StructuredContent)
	if err != nil {
		return verdict{state: "invalid", problems: []string{"output schema: " + err.Error()}}
	}
	if len(probs) == 0 {
		return verdict{state: "valid"}
	}
	v := verdict{state: "invalid"}
	for _, p := range probs {
		v.problems = append(v.problems, p.String())
	}
	return v
}
