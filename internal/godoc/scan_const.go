package godoc

import "go/token"

// constSpec reads one constant spec and records its literal values under
// its type, as addConsts does: a spec without a type has the type of the
// spec before it in the declaration (*lastType).
func (s declScanner) constSpec(lastType *string) bool {
	names := 0
	for {
		if s.tok != token.IDENT {
			return false
		}
		names++
		s.next()
		if s.tok != token.COMMA {
			break
		}
		s.next()
	}
	typ := *lastType
	if s.tok != token.ASSIGN && s.tok != token.SEMICOLON && s.tok != token.RPAREN && s.tok != token.EOF {
		n, last, lit := s.until(token.ASSIGN, token.SEMICOLON, token.RPAREN)
		typ = ""
		if n == 1 && last == token.IDENT {
			typ = lit
		}
	}
	*lastType = typ
	vals, count := s.constValues()
	if typ != "" && count == names && len(vals) > 0 {
		s.p.Enums[typ] = append(s.p.Enums[typ], vals...)
	}
	_, ok := s.semi()
	return ok
}

// constValues reads "= x, y, …" if present: the values that are single
// literals, and how many values there are.
func (s declScanner) constValues() (vals []any, count int) {
	if s.tok != token.ASSIGN {
		return nil, 0
	}
	s.next()
	for {
		n, last, lit := s.until(token.COMMA, token.SEMICOLON, token.RPAREN)
		count++
		if n == 1 {
			if v, ok := literalValue(last, lit); ok {
				vals = append(vals, v)
			}
		}
		if s.tok != token.COMMA {
			return vals, count
		}
		s.next()
	}
}
