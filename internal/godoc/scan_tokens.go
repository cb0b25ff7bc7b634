package godoc

import (
	"go/ast"
	"go/scanner"
	"go/token"
)

// tokens is a Go file as go/parser sees it: one token at a time, with the
// comment group that is the current token's doc comment (lead) and the one
// that ends the previous token's line (line), grouped exactly as go/parser
// groups them (its next, consumeCommentGroup and consumeComment, which
// this follows). It builds no syntax tree.
type tokens struct {
	sc   scanner.Scanner
	file *token.File
	pos  token.Pos
	tok  token.Token
	lit  string
	lead *ast.CommentGroup // comment group on the lines right before tok
	line *ast.CommentGroup // comment group after the previous token, on its line
	errs int               // errors the scanner reported
}

func newTokens(name string, src []byte) *tokens {
	t := &tokens{file: token.NewFileSet().AddFile(name, -1, len(src))}
	t.sc.Init(t.file, src, func(token.Position, string) { t.errs++ }, scanner.ScanComments)
	t.next()
	return t
}

func (t *tokens) lineOf(p token.Pos) int { return t.file.Line(p) }

// next moves to the next token that is not a comment, noting the
// comments it passed as go/parser's next does.
func (t *tokens) next() {
	t.lead, t.line = nil, nil
	prev := t.pos
	t.scan()
	if t.tok != token.COMMENT {
		return
	}
	var group *ast.CommentGroup
	var endline int
	if t.lineOf(t.pos) == t.lineOf(prev) {
		// On the previous token's line: not a lead comment, maybe a line comment.
		group, endline = t.commentGroup(0)
		if t.lineOf(t.pos) != endline || t.tok == token.SEMICOLON || t.tok == token.EOF {
			t.line = group
		}
	}
	endline = -1
	for t.tok == token.COMMENT {
		group, endline = t.commentGroup(1)
	}
	if endline+1 == t.lineOf(t.pos) {
		t.lead = group
	}
}

func (t *tokens) scan() { t.pos, t.tok, t.lit = t.sc.Scan() }

// commentGroup consumes comments no more than n lines apart.
func (t *tokens) commentGroup(n int) (*ast.CommentGroup, int) {
	var list []*ast.Comment
	endline := t.lineOf(t.pos)
	for t.tok == token.COMMENT && t.lineOf(t.pos) <= endline+n {
		endline = t.lineOf(t.pos)
		if t.lit[1] == '*' { // a /*-style comment may end on a later line
			for i := 0; i < len(t.lit); i++ {
				if t.lit[i] == '\n' {
					endline++
				}
			}
		}
		list = append(list, &ast.Comment{Slash: t.pos, Text: t.lit})
		t.scan()
	}
	return &ast.CommentGroup{List: list}, endline
}

// semi consumes the semicolon that ends a declaration, a spec or a field
// and returns its line comment, as go/parser's expectSemi does; before a
// closing ')' or '}' there may be none. ok is false for any other token.
func (t *tokens) semi() (comment *ast.CommentGroup, ok bool) {
	switch t.tok {
	case token.RPAREN, token.RBRACE:
		return nil, true
	case token.SEMICOLON:
		if t.lit == ";" { // written: the comments after it count
			t.next()
			return t.line, true
		}
		comment = t.line // inserted at a line's end: the comments before it count
		t.next()
		return comment, true
	}
	return nil, false
}

// skipGroup consumes a bracketed group, ( [ or {, through its closing
// bracket; false if the file ends first.
func (t *tokens) skipGroup() bool {
	depth := 0
	for {
		switch t.tok {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth--
		case token.EOF:
			return false
		}
		t.next()
		if depth == 0 {
			return true
		}
	}
}

// until consumes tokens, whole bracketed groups at a time, up to the first
// one of stops outside brackets, and returns how many it consumed (a group
// counts as one); the file's end stops it too.
func (t *tokens) until(stops ...token.Token) (n int, last token.Token, lastLit string) {
	for t.tok != token.EOF && !isOneOf(t.tok, stops) {
		n, last, lastLit = n+1, t.tok, t.lit
		if isOpening(t.tok) {
			if !t.skipGroup() {
				return n, last, lastLit
			}
			continue
		}
		t.next()
	}
	return n, last, lastLit
}

func isOpening(tok token.Token) bool {
	return tok == token.LPAREN || tok == token.LBRACK || tok == token.LBRACE
}

func isOneOf(tok token.Token, set []token.Token) bool {
	for _, s := range set {
		if tok == s {
			return true
		}
	}
	return false
}
