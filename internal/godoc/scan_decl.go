package godoc

import (
	"go/token"
)

// The declarations of a file, read from its tokens for what FromFiles
// collects from its syntax tree: the doc comments of functions and of the
// fields of struct types, and the literal values of typed constants.
// Function bodies and every other declaration are skipped bracket by
// bracket, unread. Each method returns false where the file is not Go.

// declScanner reads one file's declarations into p.
type declScanner struct {
	*tokens
	p *Package
}

// packageName reads the package clause.
func (s declScanner) packageName() (string, bool) {
	if s.tok != token.PACKAGE {
		return "", false
	}
	s.next()
	name := s.lit
	if s.tok != token.IDENT {
		return "", false
	}
	s.next()
	_, ok := s.semi()
	return name, ok
}

// decls reads the top-level declarations up to the file's end.
func (s declScanner) decls() bool {
	for s.tok != token.EOF {
		ok := false
		switch s.tok {
		case token.FUNC:
			ok = s.funcDecl()
		case token.TYPE:
			ok = s.genDecl(s.typeSpec)
		case token.CONST:
			var lastType string
			ok = s.genDecl(func() bool { return s.constSpec(&lastType) })
		case token.IMPORT, token.VAR:
			ok = s.genDecl(s.skipSpec)
		}
		if !ok {
			return false
		}
	}
	return s.errs == 0
}

// genDecl reads "keyword spec" or "keyword ( spec; … )".
func (s declScanner) genDecl(spec func() bool) bool {
	s.next()
	if s.tok != token.LPAREN {
		return spec()
	}
	s.next()
	for s.tok != token.RPAREN && s.tok != token.EOF {
		if !spec() {
			return false
		}
	}
	if s.tok != token.RPAREN {
		return false
	}
	s.next()
	_, ok := s.semi()
	return ok
}

func (s declScanner) skipSpec() bool {
	s.until(token.SEMICOLON, token.RPAREN)
	_, ok := s.semi()
	return ok
}

// funcDecl reads a function or method and records its doc comment.
func (s declScanner) funcDecl() bool {
	doc := s.lead
	s.next()
	recv, method := "", false
	if s.tok == token.LPAREN {
		var ok bool
		if recv, method, ok = s.receiver(); !ok {
			return false
		}
	}
	if s.tok != token.IDENT {
		return false
	}
	key := s.lit
	if method {
		key = recv + "." + key
	}
	s.next()
	if !s.skipSignatureAndBody() {
		return false
	}
	if doc != nil {
		s.p.Funcs[key] = Clean(doc.Text())
	}
	return true
}

// skipSignatureAndBody consumes type parameters, parameters, results and
// the body, if any: the first '{' outside brackets that does not follow
// struct or interface.
func (s declScanner) skipSignatureAndBody() bool {
	prev := token.ILLEGAL
	for {
		switch {
		case s.tok == token.EOF:
			return false
		case s.tok == token.SEMICOLON: // no body
			s.next()
			return s.tok != token.LBRACE // go/parser refuses a '{' on the next line
		case s.tok == token.LBRACE && prev != token.STRUCT && prev != token.INTERFACE:
			if !s.skipGroup() {
				return false
			}
			_, ok := s.semi()
			return ok
		case isOpening(s.tok):
			prev = s.tok
			if !s.skipGroup() {
				return false
			}
			continue
		}
		prev = s.tok
		s.next()
	}
}

// receiver reads a method's receiver list and returns the name
// ReceiverName gives the type of its first parameter ("" for a form it
// does not name); method is false for an empty list.
func (s declScanner) receiver() (name string, method, ok bool) {
	s.next()
	var parts []param
	cur := param{}
	for s.tok != token.RPAREN {
		switch {
		case s.tok == token.EOF:
			return "", false, false
		case s.tok == token.COMMA:
			parts, cur = append(parts, cur), param{}
		default:
			cur.toks, cur.lits = append(cur.toks, s.tok), append(cur.lits, s.lit)
		}
		if isOpening(s.tok) {
			s.skipGroup()
		} else {
			s.next()
		}
	}
	s.next()
	if len(cur.toks) > 0 {
		parts = append(parts, cur)
	}
	if len(parts) == 0 {
		return "", false, true
	}
	return firstParamType(parts).name(), true, true
}

// param is one comma-separated part of a parameter list, a bracketed
// group written as its opening token.
type param struct {
	toks []token.Token
	lits []string
}

// named: "name Type" rather than a type alone (T, pkg.T, T[A]).
func (p param) named() bool {
	n := len(p.toks)
	return n >= 2 && p.toks[0] == token.IDENT && p.toks[1] != token.PERIOD && !(n == 2 && p.toks[1] == token.LBRACK)
}

// firstParamType is the part holding the first parameter's type: in
// "a, b T" names before a named part share its type.
func firstParamType(parts []param) param {
	if parts[0].named() || len(parts[0].toks) != 1 {
		return parts[0]
	}
	for _, p := range parts[1:] {
		if p.named() {
			return p
		}
	}
	return parts[0]
}

// name is the name ReceiverName gives the type written as p: T, *T,
// r T or r *T, each maybe with type arguments.
func (p param) name() string {
	seq, lits := p.toks, p.lits
	if n := len(seq); n >= 2 && seq[n-1] == token.LBRACK && seq[n-2] == token.IDENT {
		seq = seq[:n-1]
	}
	switch {
	case len(seq) == 1 && seq[0] == token.IDENT:
		return lits[0]
	case len(seq) == 2 && (seq[0] == token.MUL || seq[0] == token.IDENT) && seq[1] == token.IDENT:
		return lits[1]
	case len(seq) == 3 && seq[0] == token.IDENT && seq[1] == token.MUL && seq[2] == token.IDENT:
		return lits[2]
	}
	return ""
}
