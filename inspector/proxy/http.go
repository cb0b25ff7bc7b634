package proxy

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// HTTPInfo is what a frame of the HTTP proxy adds: the request line and
// headers of what the client sent, the status and headers of what the
// server answered, the SSE event a frame came in. Credentials never
// reach it in clear (redactHeaders).
type HTTPInfo struct {
	Method  string              `json:"method,omitempty"`
	Path    string              `json:"path,omitempty"`
	Status  int                 `json:"status,omitempty"`
	Header  map[string][]string `json:"header,omitempty"`
	Stream  bool                `json:"stream,omitempty"` // the answer is an SSE stream; its events follow as frames
	EventID string              `json:"eventId,omitempty"`
	Request int                 `json:"request,omitempty"` // the proxy's number of the HTTP exchange
}

// HTTPOptions configure the HTTP proxy.
type HTTPOptions struct {
	Target string // the server's MCP endpoint, http(s)://host/path
	Listen string // where clients connect, e.g. 127.0.0.1:8808
	Label  string
	Dir    string
	Redact Redaction
	// Ready, when set, is called with the listening address.
	Ready func(addr string)
}

// RunHTTP serves a Streamable HTTP proxy until ctx ends: every request is
// sent on to the target (its path kept, so OAuth metadata at
// /.well-known/… passes too), every answer back, SSE events relayed as
// they arrive, and each message, status and header recorded.
func RunHTTP(ctx context.Context, o HTTPOptions, log io.Writer) error {
	target, err := url.Parse(o.Target)
	if err != nil || (target.Scheme != "http" && target.Scheme != "https") || target.Host == "" {
		return fmt.Errorf("proxy: --target wants the server's http(s)://host/path, got %q", o.Target)
	}
	ln, err := net.Listen("tcp", o.Listen)
	if err != nil {
		return fmt.Errorf("proxy: listen on %s: %w", o.Listen, err)
	}
	h := newHeader("http", o.Label, nil)
	h.Target = o.Target
	if h.Label == "" {
		h.Label = target.Host
	}
	rec := NewRecorder(dirOr(o.Dir), h, log)
	rec.redact = o.Redact
	// Keep a connection to the server for each client connection in use
	// (the default keeps two: 32 clients would each open a new one).
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 1024
	p := &httpProxy{target: target, rec: rec, client: &http.Client{
		Transport: tr,
		// Redirects go back to the client, which decides (and whose
		// credentials must not follow them elsewhere).
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
	srv := &http.Server{Handler: p, ReadHeaderTimeout: 30 * time.Second}
	if addr, ok := directAddr(target); ok {
		us := &upstreams{addr: addr}
		srv.ConnContext, srv.ConnState = us.connContext, us.connState
	}
	addr := ln.Addr().String()
	fmt.Fprintf(log, "mcpdev proxy: point the client at http://%s%s (forwarding to %s, recording %s)\n", addr, target.EscapedPath(), o.Target, rec.Path())
	if o.Ready != nil {
		o.Ready(addr)
	}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	err = srv.Serve(ln)
	_ = rec.Close(End{Time: time.Now()})
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

type httpProxy struct {
	target *url.URL
	rec    *Recorder
	client *http.Client
	n      atomicCounter
}

// directAddr is the host:port the proxy connects to itself (upstream.go)
// for a plain http target reached without a proxy; https, or a proxy from
// the environment, go through net/http's transport.
func directAddr(target *url.URL) (string, bool) {
	if target.Scheme != "http" {
		return "", false
	}
	if via, err := http.ProxyFromEnvironment(&http.Request{URL: target}); err != nil || via != nil {
		return "", false
	}
	port := target.Port()
	if port == "" {
		port = "80"
	}
	return net.JoinHostPort(target.Hostname(), port), true
}

// replayable is the largest request body the proxy reads whole before
// forwarding it, so that the transport may send it again on a fresh
// connection when a kept one turns out closed; a longer one (or one of
// unknown length) streams through.
const replayable = 1 << 20

func (p *httpProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := p.n.next()
	t := now() // before anything is forwarded, so a request is stamped before its answer
	out := *p.target
	out.Path, out.RawPath = r.URL.Path, r.URL.RawPath
	out.RawQuery = r.URL.RawQuery
	req, err := http.NewRequestWithContext(r.Context(), r.Method, out.String(), nil)
	if err != nil {
		http.Error(w, "mcpdev proxy: "+err.Error(), http.StatusBadGateway)
		return
	}
	req.Header = r.Header.Clone()
	removeHopHeaders(req.Header)
	req.Host = p.target.Host
	// The client's headers go to the recorder as they are; it redacts
	// them before they touch the disk (Recorder.redacted).
	sent := Record{Time: t, Dir: ClientToServer, HTTP: &HTTPInfo{Method: r.Method, Path: r.URL.RequestURI(), Header: r.Header, Request: n}}
	if err := p.requestBody(req, r, sent); err != nil {
		http.Error(w, "mcpdev proxy: reading the request: "+err.Error(), http.StatusBadRequest)
		return
	}

	var resp *http.Response
	if u := upstreamOf(r.Context()); u != nil {
		resp, err = u.roundTrip(r.Context(), req)
	} else {
		resp, err = p.client.Do(req)
	}
	if err != nil {
		p.record(ServerToClient, nil, &HTTPInfo{Status: http.StatusBadGateway, Request: n})
		http.Error(w, "mcpdev proxy: the server did not answer: "+err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	got := Record{Time: now(), Dir: ServerToClient, HTTP: &HTTPInfo{Status: resp.StatusCode, Header: resp.Header, Request: n}}
	for k, vs := range resp.Header {
		if !hopHeaders[http.CanonicalHeaderKey(k)] {
			w.Header()[k] = vs
		}
	}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		got.HTTP.Stream = true
		got.body = getBody()
		p.rec.Frame(got)
		w.WriteHeader(resp.StatusCode)
		p.relaySSE(w, resp.Body, n)
		return
	}
	w.WriteHeader(resp.StatusCode)
	got.body = getBody()
	tee := &limitedBuffer{b: got.body, max: MaxFrame}
	_, _ = io.Copy(w, io.TeeReader(resp.Body, tee))
	got.Truncated = tee.cut
	p.rec.Frame(got)
}

// requestBody gives req the client's body and queues the request to the
// recorder: a short body of known length read whole (the recorder
// shares it, read-only), a longer one streamed through with a copy of
// its first MaxFrame bytes, queued when the transport has sent it all.
func (p *httpProxy) requestBody(req, r *http.Request, sent Record) error {
	req.ContentLength = r.ContentLength
	if r.ContentLength >= 0 && r.ContentLength <= replayable {
		b := make([]byte, r.ContentLength)
		if _, err := io.ReadFull(r.Body, b); err != nil {
			return err
		}
		if len(b) > 0 {
			req.Body = io.NopCloser(bytes.NewReader(b))
			req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
		}
		sent.raw = b
		p.rec.Frame(sent)
		return nil
	}
	sent.body = getBody()
	tee := &limitedBuffer{b: sent.body, max: MaxFrame}
	req.Body = &teeBody{r: io.TeeReader(r.Body, tee), done: func() {
		sent.Truncated = tee.cut
		p.rec.Frame(sent)
	}}
	return nil
}

// teeBody is a streamed request body: done runs once, when the transport
// closes it (it has sent all it will).
type teeBody struct {
	r    io.Reader
	done func()
	once sync.Once
}

func (b *teeBody) Read(p []byte) (int, error) { return b.r.Read(p) }
func (b *teeBody) Close() error               { b.once.Do(b.done); return nil }

// relaySSE copies an event stream to the client as it arrives, one line at
// a time, flushing after each event, and records each event's data.
func (p *httpProxy) relaySSE(w http.ResponseWriter, body io.Reader, n int) {
	fl, _ := w.(http.Flusher)
	br := bufio.NewReaderSize(body, 64<<10)
	var data bytes.Buffer
	id := ""
	at := time.Time{} // when the event's first line arrived
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			if at.IsZero() {
				at = now()
			}
			if _, werr := w.Write(line); werr != nil {
				return // the client went away
			}
			t := bytes.TrimRight(line, "\r\n")
			switch {
			case len(t) == 0:
				if fl != nil {
					fl.Flush()
				}
				if data.Len() > 0 {
					ev := getBody()
					ev.Write(bytes.TrimSuffix(data.Bytes(), []byte("\n")))
					p.rec.Frame(Record{Time: at, Dir: ServerToClient, HTTP: &HTTPInfo{EventID: id, Request: n}, body: ev})
				}
				data.Reset()
				id, at = "", time.Time{}
			case bytes.HasPrefix(t, []byte("data:")):
				data.Write(bytes.TrimPrefix(bytes.TrimPrefix(t, []byte("data:")), []byte(" ")))
				data.WriteByte('\n')
			case bytes.HasPrefix(t, []byte("id:")):
				id = strings.TrimSpace(string(t[3:]))
			}
		}
		if err != nil {
			if fl != nil {
				fl.Flush()
			}
			return
		}
	}
}

func (p *httpProxy) record(dir Direction, body []byte, info *HTTPInfo) {
	rec := frameRecord(now(), dir, body, false)
	rec.HTTP = info
	p.rec.Frame(rec)
}

// hopHeaders are not passed on (RFC 9110 §7.6.1).
var hopHeaders = map[string]bool{"Connection": true, "Keep-Alive": true, "Proxy-Connection": true, "Te": true, "Trailer": true, "Transfer-Encoding": true, "Upgrade": true, "Content-Length": true}

func removeHopHeaders(h http.Header) {
	for k := range hopHeaders {
		h.Del(k)
	}
}

// secretHeaders never reach a session file in clear.
var secretHeaders = map[string]bool{"Authorization": true, "Proxy-Authorization": true, "Cookie": true, "Set-Cookie": true}

// redactHeaders copies h with credentials replaced: the scheme of an
// Authorization kept ("Bearer [redacted]"), cookies' values gone.
func redactHeaders(h http.Header) map[string][]string {
	out := make(map[string][]string, len(h))
	for k, vs := range h {
		ck := http.CanonicalHeaderKey(k)
		if !secretHeaders[ck] {
			out[ck] = append([]string(nil), vs...)
			continue
		}
		for _, v := range vs {
			scheme, _, ok := strings.Cut(v, " ")
			if (ck == "Authorization" || ck == "Proxy-Authorization") && ok {
				v = scheme + " [redacted]"
			} else {
				v = "[redacted]"
			}
			out[ck] = append(out[ck], v)
		}
	}
	return out
}

// limitedBuffer keeps the first max bytes written to it; cut says more
// came.
type limitedBuffer struct {
	b   *bytes.Buffer
	max int
	cut bool
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	room := l.max - l.b.Len()
	if len(p) > room {
		l.cut = true
	}
	if room > 0 {
		l.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
