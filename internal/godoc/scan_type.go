package godoc

import "go/token"

// typeSpec reads a type declaration and records the doc comments of its
// fields if it is a struct type (generic or not, or an alias of one).
func (s declScanner) typeSpec() bool {
	if s.tok != token.IDENT {
		return false
	}
	name := s.lit
	s.next()
	if s.tok == token.LBRACK && !s.typeParams() {
		return s.skipSpec() // an array or slice type
	}
	if s.tok == token.ASSIGN {
		s.next()
	}
	if s.tok != token.STRUCT {
		return s.skipSpec()
	}
	if !s.structFields(name) {
		return false
	}
	_, ok := s.semi()
	return ok
}

// typeParams consumes the brackets after a type's name and reports
// whether they held type parameters rather than an array's length, as
// go/parser decides: "[P any]", "[P, Q]", "[P *[]T]" are parameters;
// "[]", "[N]", "[N * M]", "[pkg.N]" are not.
func (s declScanner) typeParams() bool {
	s.next()
	var seq []token.Token
	comma := false
	for s.tok != token.RBRACK && s.tok != token.EOF {
		comma = comma || s.tok == token.COMMA
		seq = append(seq, s.tok)
		if isOpening(s.tok) {
			s.skipGroup()
		} else {
			s.next()
		}
	}
	s.next()
	if len(seq) < 2 || seq[0] != token.IDENT {
		return false
	}
	switch seq[1] {
	case token.IDENT, token.LBRACK, token.TILDE, token.ARROW, token.INTERFACE, token.FUNC, token.MAP, token.CHAN, token.STRUCT:
		return true
	case token.MUL:
		return comma || len(seq) > 2 && startsTypeElem(seq[2])
	}
	return comma
}

// startsTypeElem: a type literal that go/parser takes for a constraint.
func startsTypeElem(tok token.Token) bool {
	switch tok {
	case token.LBRACK, token.STRUCT, token.FUNC, token.INTERFACE, token.MAP, token.CHAN:
		return true
	}
	return false
}

// structFields reads "struct { fields }" of the type named typ.
func (s declScanner) structFields(typ string) bool {
	s.next()
	if s.tok != token.LBRACE {
		return false
	}
	s.next()
	for s.tok == token.IDENT || s.tok == token.MUL || s.tok == token.LPAREN {
		if !s.field(typ) {
			return false
		}
	}
	if s.tok != token.RBRACE {
		return false
	}
	s.next()
	return true
}

// field reads one field declaration and records its doc comment (or else
// its line comment) for each name it declares.
func (s declScanner) field(typ string) bool {
	doc := s.lead
	names, ok := s.fieldNames()
	if !ok {
		return false
	}
	if s.tok == token.STRING {
		s.next()
	}
	comment, ok := s.semi()
	if !ok {
		return false
	}
	if doc == nil {
		doc = comment
	}
	if doc != nil {
		for _, n := range names {
			s.p.Fields[typ+"."+n] = Clean(doc.Text())
		}
	}
	return true
}

// fieldNames consumes a field's names and type, up to its tag if any; an
// embedded field has no names.
func (s declScanner) fieldNames() ([]string, bool) {
	if s.tok == token.LPAREN {
		return nil, false // go/parser: cannot parenthesize embedded type
	}
	if s.tok == token.MUL {
		s.next()
		n, _, _ := s.until(token.STRING, token.SEMICOLON, token.RBRACE)
		return nil, n > 0 && s.tok != token.LPAREN
	}
	name := s.lit
	s.next()
	switch s.tok {
	case token.PERIOD, token.STRING, token.SEMICOLON, token.RBRACE: // embedded T or pkg.T
		s.until(token.STRING, token.SEMICOLON, token.RBRACE)
		return nil, true
	}
	names := []string{name}
	for s.tok == token.COMMA {
		s.next()
		if s.tok != token.IDENT {
			return nil, false
		}
		names = append(names, s.lit)
		s.next()
	}
	if len(names) == 1 && s.tok == token.LBRACK {
		s.skipGroup()
		if s.tok == token.STRING || s.tok == token.SEMICOLON || s.tok == token.RBRACE {
			return nil, true // embedded T[A]
		}
		s.until(token.STRING, token.SEMICOLON, token.RBRACE)
		return names, true
	}
	n, _, _ := s.until(token.STRING, token.SEMICOLON, token.RBRACE)
	return names, n > 0
}
