package oauth

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// originOf is u's origin (RFC 6454): scheme, host and port, in lower
// case, with the scheme's default port left out.
func originOf(u *url.URL) string {
	scheme, host, port := strings.ToLower(u.Scheme), strings.ToLower(u.Hostname()), u.Port()
	if (scheme == "http" && port == "80") || (scheme == "https" && port == "443") {
		port = ""
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port != "" {
		host += ":" + port
	}
	return scheme + "://" + host
}

// forOrigin is the Transport that sends a request to u: t for its own
// origin (the first request's), else the one for u's origin, made on the
// first request there. That one holds no token of t's, takes turns with
// t's sign-ins and ends with t's Close; its own token is never saved
// (Options.Credentials and OnCredentials are t's alone).
func (t *Transport) forOrigin(u *url.URL) *Transport {
	o := originOf(u)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.origin == "" {
		t.origin = o
	}
	if o == t.origin {
		return t
	}
	other := t.others[o]
	if other == nil {
		opts := t.opts // OnExchange already takes turns with t's
		opts.Credentials, opts.OnCredentials = nil, nil
		other = newTransport(opts, t.flow, t.life)
		other.origin = o
		if t.others == nil {
			t.others = map[string]*Transport{}
		}
		t.others[o] = other
	}
	return other
}

// redirected checks a request that follows a redirect (req.Response
// set): a redirect from https to plain http, anywhere in the chain, is
// ErrInsecureRedirect; crossed says whether the last one came from
// another origin.
func redirected(req *http.Request) (crossed bool, err error) {
	prev := req.Response
	if prev == nil || prev.Request == nil {
		return false, nil
	}
	crossed = originOf(prev.Request.URL) != originOf(req.URL)
	if strings.EqualFold(req.URL.Scheme, "http") {
		for r := prev; r != nil && r.Request != nil; r = r.Request.Response {
			if strings.EqualFold(r.Request.URL.Scheme, "https") {
				return crossed, fmt.Errorf("%w: %s to %s", ErrInsecureRedirect, clean(originOf(r.Request.URL)), clean(originOf(req.URL)))
			}
		}
	}
	return crossed, nil
}
