package oauth

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

// Redacted replaces every secret in an Exchange.
const Redacted = "[redacted]"

// Secrets are redacted by the name they travel under, never guessed from
// how a value looks: form and query parameters (the token request, the
// redirect), JSON members (the token and registration answers), headers.
var (
	// secretParams are the form and query parameters that carry secrets.
	secretParams = names("code", "code_verifier", "client_secret", "client_assertion", "assertion",
		"access_token", "refresh_token", "id_token", "token", "device_code", "password",
		"subject_token", "actor_token", "registration_access_token")
	// secretMembers are the JSON members that carry secrets (when they
	// are strings: a JSON-RPC error's numeric "code" is not one).
	secretMembers = names("access_token", "refresh_token", "id_token", "client_secret",
		"registration_access_token", "code", "code_verifier", "client_assertion", "assertion",
		"token", "device_code", "password", "subject_token", "actor_token")
	// secretHeaders are headers whose whole value is a secret;
	// Authorization and Proxy-Authorization keep their scheme.
	secretHeaders = names("cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token", "x-access-token")
)

func names(list ...string) map[string]bool {
	m := make(map[string]bool, len(list))
	for _, n := range list {
		m[n] = true
	}
	return m
}

// redactor redacts an exchange's parts and remembers the values it hid,
// so that a secret that shows up again where no name gives it away (an
// error page quoting a token) is hidden too.
type redactor struct {
	mu   sync.Mutex
	seen []string // secret values, newest last
}

// maxSeen bounds the secret values remembered; minSeen is the shortest
// one looked for in free text (a shorter one would hide ordinary words).
const maxSeen, minSeen = 64, 8

// remember notes a secret value.
func (r *redactor) remember(v string) {
	if len(v) < minSeen {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, s := range r.seen {
		if s == v {
			return
		}
	}
	r.seen = append(r.seen, v)
	if len(r.seen) > maxSeen {
		r.seen = r.seen[len(r.seen)-maxSeen:]
	}
}

// scrub hides every remembered secret value in s.
func (r *redactor) scrub(s string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, v := range r.seen {
		s = strings.ReplaceAll(s, v, Redacted)
	}
	return s
}

// header is h with its secrets redacted.
func (r *redactor) header(h http.Header) http.Header {
	out := make(http.Header, len(h))
	for k, vs := range h {
		lk := strings.ToLower(k)
		for _, v := range vs {
			switch {
			case lk == "authorization" || lk == "proxy-authorization":
				scheme, cred, _ := strings.Cut(v, " ")
				r.remember(cred)
				v = scheme + " " + Redacted
			case secretHeaders[lk] || strings.Contains(lk, "secret") || strings.Contains(lk, "token"):
				r.remember(v)
				v = Redacted
			}
			out[k] = append(out[k], r.scrub(v))
		}
	}
	return out
}

// url is u with the secrets of its query redacted.
func (r *redactor) url(u string) string {
	base, query, ok := strings.Cut(u, "?")
	if !ok {
		return r.scrub(u)
	}
	return r.scrub(base + "?" + r.form(query))
}

// form is an application/x-www-form-urlencoded text with the values of
// its secret parameters redacted, in its own order and spelling.
func (r *redactor) form(s string) string {
	parts := strings.Split(s, "&")
	for i, p := range parts {
		k, v, ok := strings.Cut(p, "=")
		name, err := url.QueryUnescape(k)
		if !ok || err != nil || !secretParams[strings.ToLower(name)] {
			continue
		}
		if plain, err := url.QueryUnescape(v); err == nil {
			r.remember(plain)
		}
		parts[i] = k + "=" + url.QueryEscape(Redacted)
	}
	return r.scrub(strings.Join(parts, "&"))
}

// body is a request or response body with its secrets redacted, by its
// content type: JSON members and form parameters by name. Other text is
// kept (scrubbed of known secrets), unless it names a secret field it
// could not be parsed for.
func (r *redactor) body(contentType string, b []byte) string {
	if len(b) == 0 {
		return ""
	}
	ct := strings.ToLower(contentType)
	switch {
	case strings.Contains(ct, "x-www-form-urlencoded"):
		return r.form(string(b))
	case strings.Contains(ct, "json") || json.Valid(b):
		if out, err := r.json(b); err == nil {
			return r.scrub(out)
		}
	}
	if namesSecret(b) {
		return "[body withheld: it names a secret field but could not be read as JSON or a form]"
	}
	return r.scrub(string(b))
}

// namesSecret says whether text mentions a secret member or parameter.
func namesSecret(b []byte) bool {
	low := bytes.ToLower(b)
	for n := range secretMembers {
		if n != "code" && n != "token" && n != "password" && bytes.Contains(low, []byte(n)) {
			return true
		}
	}
	return false
}

// json re-encodes a JSON text with the string values of secret members
// redacted, keeping the members' order.
func (r *redactor) json(b []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var out bytes.Buffer
	if err := r.jsonValue(dec, &out, false); err != nil {
		return "", err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return "", errTrailing
	}
	return out.String(), nil
}

var errTrailing = errors.New("data after the JSON value")

// jsonValue copies one value from dec to out; secret: it is the value of
// a secret member.
func (r *redactor) jsonValue(dec *json.Decoder, out *bytes.Buffer, secret bool) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch v := tok.(type) {
	case json.Delim:
		return r.jsonComposite(dec, out, v)
	case string:
		if secret {
			r.remember(v)
			v = Redacted
		}
		writeJSONString(out, v)
	case nil:
		out.WriteString("null")
	default: // bool, json.Number
		b, _ := json.Marshal(v)
		out.Write(b)
	}
	return nil
}

// jsonComposite copies an object or array whose opening delim was read.
func (r *redactor) jsonComposite(dec *json.Decoder, out *bytes.Buffer, open json.Delim) error {
	out.WriteRune(rune(open))
	for i := 0; dec.More(); i++ {
		if i > 0 {
			out.WriteByte(',')
		}
		secret := false
		if open == '{' {
			tok, err := dec.Token()
			if err != nil {
				return err
			}
			k, _ := tok.(string)
			writeJSONString(out, k)
			out.WriteByte(':')
			secret = secretMembers[strings.ToLower(k)]
		}
		if err := r.jsonValue(dec, out, secret); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // the closing delim
		return err
	}
	if open == '{' {
		out.WriteByte('}')
	} else {
		out.WriteByte(']')
	}
	return nil
}

func writeJSONString(out *bytes.Buffer, s string) {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	out.Truncate(out.Len() - 1) // Encode's newline
}
