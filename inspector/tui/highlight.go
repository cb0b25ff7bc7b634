package tui

import (
	"mime"
	"net/url"
	"path"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/charmbracelet/x/ansi"
)

// highlightLimit is the largest text that is highlighted; a bigger one is
// shown plain (tokenising megabytes on the UI goroutine is not worth it).
const highlightLimit = 256 << 10

// codeLexer picks the lexer for a text content from its MIME type, or from
// the URI's file extension when the MIME type says nothing more specific
// than text (or is missing). Nil means plain text.
func codeLexer(mimeType, uri string) chroma.Lexer {
	mt, _, _ := mime.ParseMediaType(mimeType)
	switch mt {
	case "", "text/plain", "application/octet-stream": // chroma maps text/plain to Nu
		return plainIsNil(lexerForURI(uri))
	}
	return plainIsNil(lexerForMIME(mt))
}

func plainIsNil(l chroma.Lexer) chroma.Lexer {
	if l == nil || strings.EqualFold(l.Config().Name, "plaintext") {
		return nil
	}
	return l
}

// lexerForMIME knows chroma's MIME types and the common ones it spells
// differently (text/x-go, text/markdown: the subtype names the lexer).
func lexerForMIME(mt string) chroma.Lexer {
	if mt == "" {
		return nil
	}
	if strings.HasSuffix(mt, "+json") {
		return lexers.Get("json")
	}
	if l := lexers.MatchMimeType(mt); l != nil {
		return l
	}
	_, sub, ok := strings.Cut(mt, "/")
	if !ok || sub == "" {
		return nil
	}
	return lexers.Get(strings.TrimPrefix(sub, "x-"))
}

func lexerForURI(uri string) chroma.Lexer {
	p := uri
	if u, err := url.Parse(uri); err == nil && u.Path != "" {
		p = u.Path
	}
	base := path.Base(p)
	if !strings.Contains(base, ".") {
		return nil
	}
	return lexers.Match(base)
}

// highlight colours text that the sanitizer has already made safe, one
// string per line of text. It returns nil (show it plain) when there is no
// lexer, the text is over highlightLimit, or the lexer fails. Only our own
// SGR colours are added: the visible text stays exactly the same.
func highlight(st *Styles, l chroma.Lexer, text string) []string {
	if l == nil || len(text) > highlightLimit {
		return nil
	}
	it, err := chroma.Coalesce(l).Tokenise(nil, text)
	if err != nil {
		return nil
	}
	var lines []string
	var cur strings.Builder
	for tok := it(); tok != chroma.EOF; tok = it() {
		style, styled := codeStyle(st, tok.Type)
		for i, part := range strings.Split(tok.Value, "\n") {
			if i > 0 {
				lines = append(lines, cur.String())
				cur.Reset()
			}
			if styled && part != "" {
				part = style.Render(part)
			}
			cur.WriteString(part)
		}
	}
	lines = append(lines, cur.String())
	return sameText(lines, text)
}

// sameText keeps the highlighted lines only when they show the text
// unchanged (a lexer that ensures a final newline adds one line).
func sameText(lines []string, text string) []string {
	want := strings.Count(text, "\n") + 1
	if len(lines) == want+1 && lines[want] == "" {
		lines = lines[:want]
	}
	if len(lines) != want || ansi.Strip(strings.Join(lines, "\n")) != text {
		return nil
	}
	return lines
}

// codeStyle maps a token to the palette; false leaves it uncoloured.
func codeStyle(st *Styles, t chroma.TokenType) (lipgloss.Style, bool) {
	switch {
	case t.InCategory(chroma.Comment):
		return st.CodeComment, true
	case t.InCategory(chroma.Keyword):
		return st.CodeKeyword, true
	case t.InSubCategory(chroma.LiteralString):
		return st.JSONString, true
	case t.InSubCategory(chroma.LiteralNumber):
		return st.CodeNumber, true
	case t == chroma.NameTag, t == chroma.NameAttribute, t == chroma.NameFunction, t == chroma.NameBuiltin, t == chroma.NameClass:
		return st.JSONKey, true
	case t == chroma.GenericHeading, t == chroma.GenericSubheading:
		return st.Section, true
	case t == chroma.GenericStrong:
		return st.Bold, true
	case t == chroma.GenericEmph:
		return st.CodeEmph, true
	}
	return lipgloss.Style{}, false
}

// codeText is a text block's highlighting, done once when first shown.
type codeText struct {
	lexer chroma.Lexer
	lines []string // highlighted lines, nil when shown plain
	done  bool
}

// wrapText wraps a text block, highlighted when its type has a lexer.
func (p *resultPane) wrapText(b *blockData) []string {
	if !b.code.done {
		b.code.lines, b.code.done = highlight(p.st, b.code.lexer, b.text), true
	}
	if b.code.lines == nil {
		return p.wrapSafe(b.text)
	}
	out := make([]string, 0, len(b.code.lines))
	for _, l := range b.code.lines {
		out = append(out, p.wrapSafe(l)...)
	}
	return out
}
