package target

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/transport/oauth"
)

// How a sign-in's HTTP exchange (an AuthHTTP event) is shown: a one-line
// summary for a list or a log, and the request and answer as lines for a
// detail view. Everything here is the server's text, sanitized: one line
// each, no escape sequences, no \r, no NUL.

// ExchangeSummary is one line: what the exchange was for, the request
// line and the status, e.g. "token POST 127.0.0.1:8080/token → 200".
func ExchangeSummary(ex *oauth.Exchange) string {
	where := ex.URL
	if u, err := url.Parse(ex.URL); err == nil {
		where = u.Host + u.Path
	}
	return termtext.Line(fmt.Sprintf("%s %s %s → %s", ex.Kind, ex.Method, where, exchangeStatus(ex)))
}

func exchangeStatus(ex *oauth.Exchange) string {
	switch {
	case ex.Status != 0:
		return fmt.Sprint(ex.Status)
	case ex.Err != "":
		return "failed: " + ex.Err
	}
	return "no answer"
}

// quietHeaders are left out of the detail: they say nothing about the
// flow.
var quietHeaders = []string{"Accept-Encoding", "Connection", "Content-Length", "Date", "Keep-Alive", "User-Agent"}

// ExchangeLines are the exchange as a debugger shows it: the request
// line, its headers and body, then the status line, the answer's headers
// and body (JSON indented, a form one parameter a line).
func ExchangeLines(ex *oauth.Exchange) []string {
	lines := []string{termtext.Line(ex.Method + " " + ex.URL)}
	lines = append(lines, headerLines(ex.RequestHeader)...)
	lines = append(lines, bodyLines(ex.RequestHeader, ex.RequestBody)...)
	lines = append(lines, "")
	switch {
	case ex.Status != 0:
		lines = append(lines, fmt.Sprintf("HTTP %d %s", ex.Status, http.StatusText(ex.Status)))
	default:
		lines = append(lines, "no answer: "+termtext.Line(ex.Err))
	}
	lines = append(lines, headerLines(ex.ResponseHeader)...)
	lines = append(lines, bodyLines(ex.ResponseHeader, ex.ResponseBody)...)
	if ex.ResponseCut {
		lines = append(lines, "… (cut: the body is longer)")
	}
	return lines
}

// headerLines are h's fields, sorted, the quiet ones left out.
func headerLines(h http.Header) []string {
	var out []string
	for k, vs := range h {
		if slices.Contains(quietHeaders, http.CanonicalHeaderKey(k)) {
			continue
		}
		for _, v := range vs {
			out = append(out, termtext.Line(k+": "+v))
		}
	}
	slices.Sort(out)
	return out
}

// bodyLines are a body after a blank line: JSON indented, a form one
// parameter a line (decoded), other text as its lines.
func bodyLines(h http.Header, body string) []string {
	if body == "" {
		return nil
	}
	var lines []string
	var buf bytes.Buffer
	switch {
	case strings.Contains(h.Get("Content-Type"), "x-www-form-urlencoded"):
		for _, p := range strings.Split(body, "&") {
			if d, err := url.QueryUnescape(p); err == nil {
				p = d
			}
			lines = append(lines, p)
		}
	case json.Indent(&buf, []byte(body), "", "  ") == nil:
		lines = strings.Split(strings.TrimRight(buf.String(), "\n"), "\n")
	default:
		lines = strings.Split(strings.TrimRight(body, "\n"), "\n")
	}
	for i, l := range lines {
		lines[i] = termtext.Line(l)
	}
	return append([]string{""}, lines...)
}
