package oauth

import (
	"net/http"
	"strings"
)

// Challenge is the Bearer challenge of a 401 or 403 answer's
// WWW-Authenticate header (RFC 6750 §3, RFC 9728 §5.1).
type Challenge struct {
	// Error is the error code: "invalid_token", "insufficient_scope", or "".
	Error string
	// Scopes are the scope= parameter split on spaces: what the resource
	// asks for.
	Scopes []string
	// ResourceMetadata is the resource_metadata= URL of the Protected
	// Resource Metadata document, "" when the server did not say.
	ResourceMetadata string
}

// ParseChallenge reads the Bearer challenge of the WWW-Authenticate
// headers in h. Other schemes are skipped; a header without a Bearer
// challenge gives the zero Challenge and false.
func ParseChallenge(h http.Header) (Challenge, bool) {
	for _, v := range h.Values("WWW-Authenticate") {
		for _, c := range splitChallenges(v) {
			if strings.EqualFold(c.scheme, "Bearer") {
				return Challenge{
					Error:            c.params["error"],
					Scopes:           strings.Fields(c.params["scope"]),
					ResourceMetadata: c.params["resource_metadata"],
				}, true
			}
		}
	}
	return Challenge{}, false
}

// challenge is one auth-scheme and its auth-params (RFC 9110 §11.6.1).
type challenge struct {
	scheme string
	params map[string]string
}

// splitChallenges reads a WWW-Authenticate value: challenges separated
// by commas, each a scheme followed by name=value parameters (a token or
// a quoted string). A token68 credential is skipped.
func splitChallenges(v string) []challenge {
	var out []challenge
	s := scanner{s: v}
	for !s.done() {
		s.skip(", \t")
		name := s.token()
		if name == "" {
			s.pos++ // not a token: step over it
			continue
		}
		s.skip(" \t")
		if s.peek() == '=' && len(out) > 0 {
			s.pos++
			s.skip(" \t")
			out[len(out)-1].params[strings.ToLower(name)] = s.value()
			continue
		}
		out = append(out, challenge{scheme: name, params: map[string]string{}})
	}
	return out
}

// scanner walks a header value.
type scanner struct {
	s   string
	pos int
}

func (s *scanner) done() bool { return s.pos >= len(s.s) }

func (s *scanner) peek() byte {
	if s.done() {
		return 0
	}
	return s.s[s.pos]
}

func (s *scanner) skip(set string) {
	for !s.done() && strings.IndexByte(set, s.s[s.pos]) >= 0 {
		s.pos++
	}
}

// token reads a token (RFC 9110 §5.6.2), or a token68 with its trailing
// '=' padding when one follows the scheme.
func (s *scanner) token() string {
	start := s.pos
	for !s.done() && isTokenChar(s.s[s.pos]) {
		s.pos++
	}
	return s.s[start:s.pos]
}

// value reads a parameter value: a quoted string (with \-escapes) or a
// token.
func (s *scanner) value() string {
	if s.peek() != '"' {
		return s.token()
	}
	s.pos++
	var b strings.Builder
	for !s.done() {
		c := s.s[s.pos]
		s.pos++
		switch {
		case c == '"':
			return b.String()
		case c == '\\' && !s.done():
			b.WriteByte(s.s[s.pos])
			s.pos++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isTokenChar(c byte) bool {
	if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~/:", c) >= 0
}
