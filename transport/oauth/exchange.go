package oauth

import (
	"bytes"
	"context"
	"io"
	"net/http"
)

// Exchange is one HTTP exchange of a sign-in, for a debug view
// (Options.OnExchange): the MCP request the server refused (a 401, or a
// 403 insufficient_scope), each metadata document fetched, the client's
// registration, each token request, and the authorization redirect that
// reached the loopback listener. Every secret is redacted by the name it
// travels under — access, refresh and ID tokens, client secrets and
// assertions, authorization codes, code verifiers, registration access
// tokens; the Authorization header keeps only its scheme — and a secret
// value seen once is hidden wherever it shows up again. Bodies are the
// server's text otherwise: sanitize them before printing them to a
// terminal. A body longer than MaxExchangeBody is cut.
type Exchange struct {
	// Kind is what the exchange was for: "refused" (the MCP request),
	// "resource-metadata", "server-metadata", "registration", "token",
	// "refresh", "callback" (the redirect, received by the listener).
	Kind           string
	Method, URL    string
	RequestHeader  http.Header
	RequestBody    string
	Status         int // 0: no answer (Err says why)
	ResponseHeader http.Header
	ResponseBody   string
	// ResponseCut says the answer's body was longer than ResponseBody.
	ResponseCut bool
	Err         string
}

// MaxExchangeBody bounds each body of an Exchange.
const MaxExchangeBody = 64 << 10

// Exchange kinds.
const (
	KindRefused          = "refused"
	KindResourceMetadata = "resource-metadata"
	KindServerMetadata   = "server-metadata"
	KindRegistration     = "registration"
	KindToken            = "token"
	KindRefresh          = "refresh"
	KindCallback         = "callback"
)

// kindKey carries an exchange's kind in its request's context.
type kindKey struct{}

func withKind(ctx context.Context, kind string) context.Context {
	return context.WithValue(ctx, kindKey{}, kind)
}

// observer is the RoundTripper of the sign-in's own requests: it tells
// Options.OnExchange of each (when set), redacted.
type observer struct{ t *Transport }

func (o observer) RoundTrip(req *http.Request) (*http.Response, error) {
	t := o.t
	if t.opts.OnExchange == nil {
		return t.base.RoundTrip(req)
	}
	kind, _ := req.Context().Value(kindKey{}).(string)
	ex := t.requestPart(kind, req)
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		ex.Err = t.red.scrub(err.Error())
		t.opts.OnExchange(ex)
		return nil, err
	}
	t.responsePart(&ex, resp, maxDocument)
	t.opts.OnExchange(ex)
	return resp, nil
}

// requestPart is the request's side of an exchange.
func (t *Transport) requestPart(kind string, req *http.Request) Exchange {
	ex := Exchange{Kind: kind, Method: req.Method, URL: t.red.url(req.URL.String()), RequestHeader: t.red.header(req.Header)}
	if req.GetBody != nil {
		if b, err := req.GetBody(); err == nil {
			data, _ := io.ReadAll(io.LimitReader(b, maxDocument))
			b.Close()
			ex.RequestBody = cut(t.red.body(req.Header.Get("Content-Type"), data))
		}
	}
	return ex
}

// responsePart reads up to limit bytes of resp's body into ex, and puts
// them back in front of the rest for the caller.
func (t *Transport) responsePart(ex *Exchange, resp *http.Response, limit int64) {
	ex.Status, ex.ResponseHeader = resp.StatusCode, t.red.header(resp.Header)
	data, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	resp.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(data), resp.Body), resp.Body}
	if err != nil {
		ex.Err = t.red.scrub(err.Error())
	}
	more := int64(len(data)) > limit
	if more {
		data = data[:limit]
	}
	text := t.red.body(resp.Header.Get("Content-Type"), data)
	ex.ResponseBody = cut(text)
	ex.ResponseCut = more || len(text) > len(ex.ResponseBody)
}

// cut bounds a body to MaxExchangeBody.
func cut(s string) string {
	if len(s) > MaxExchangeBody {
		return s[:MaxExchangeBody]
	}
	return s
}

// reportRefusal tells OnExchange of the MCP request the server refused.
// Its body (JSON-RPC, shown by the client's own trace) is left out.
func (t *Transport) reportRefusal(req *http.Request, resp *http.Response) {
	if t.opts.OnExchange == nil {
		return
	}
	ex := Exchange{Kind: KindRefused, Method: req.Method, URL: t.red.url(req.URL.String()), RequestHeader: t.red.header(req.Header)}
	t.responsePart(&ex, resp, 64<<10)
	t.opts.OnExchange(ex)
}

// reportCallback tells OnExchange of the authorization redirect.
func (t *Transport) reportCallback(r *http.Request, status int) {
	if t.opts.OnExchange == nil {
		return
	}
	u := "http://" + r.Host + r.URL.RequestURI()
	t.opts.OnExchange(Exchange{Kind: KindCallback, Method: r.Method, URL: t.red.url(u), Status: status})
}
