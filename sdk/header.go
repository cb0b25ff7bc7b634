package sdk

// Header is an HTTP request's header, as net/http's http.Header is (the
// keys in canonical form, "Mcp-Session-Id"), without linking net/http
// into every server: Request.Header.
type Header map[string][]string

// Get returns the first value of key ("" when there is none); key is
// matched in canonical form, whatever its case.
func (h Header) Get(key string) string {
	if v := h[canonicalHeaderKey(key)]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// Values returns every value of key, matched as Get matches it.
func (h Header) Values(key string) []string {
	return h[canonicalHeaderKey(key)]
}

// canonicalHeaderKey is key as HTTP/1 spells it: the first letter and
// every letter after a hyphen upper case, the others lower case. A key
// holding a byte that is not a token character is left as it is.
func canonicalHeaderKey(key string) string {
	upper := true
	canonical := true
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !isTokenByte(c) {
			return key
		}
		if upper && 'a' <= c && c <= 'z' || !upper && 'A' <= c && c <= 'Z' {
			canonical = false
		}
		upper = c == '-'
	}
	if canonical {
		return key
	}
	b := []byte(key)
	upper = true
	for i, c := range b {
		switch {
		case upper && 'a' <= c && c <= 'z':
			b[i] = c - 'a' + 'A'
		case !upper && 'A' <= c && c <= 'Z':
			b[i] = c - 'A' + 'a'
		}
		upper = c == '-'
	}
	return string(b)
}

// isTokenByte reports whether c may appear in a header name (RFC 9110
// tchar).
func isTokenByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return c < 0x80 && c > ' ' && containsByte("!#$%&'*+-.^_`|~", c)
}

func containsByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}
