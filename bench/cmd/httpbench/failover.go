package main

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Failover mode (-url with -failover): the load of a deployment whose
// replicas die and come back (examples/deploy/loadtest.sh). Clients do not
// stop at the first error: they count it, reconnect and go on. A session-
// era client answered 404 (its session's replica is gone) initializes
// again, as the sdk's client does, and sends the call once more (the server
// did not run it); any other error is a failed call. Successful calls give
// the latency percentiles. The last line is machine-readable (renewed:
// sessions opened again after the first one of each client):
//
//	RESULT era=stateless calls=123456 rate=6172 p50_ms=4.10 p99_ms=21.30 failed=0 resent_404=0 renewed=0 conn_errors=0

// callSpec is the tool call every client repeats.
type callSpec struct {
	tool   string            // the tool's name
	args   string            // its arguments as JSON; %d is the client's number
	expect string            // a text every answer must contain; %d as in args
	header map[string]string // extra headers, e.g. Mcp-Param-Genre
}

// failoverStats are the counts of one run, over every client.
type failoverStats struct {
	ok, failed, resent, sessions, connErrs atomic.Int64

	mu     sync.Mutex
	lat    []time.Duration
	errors map[string]int // why calls failed, by kind
}

func (st *failoverStats) note(kind string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.errors == nil {
		st.errors = map[string]int{}
	}
	st.errors[kind]++
}

// runFailover drives url with clients callers for d and prints the result.
func runFailover(url, proto string, clients int, d time.Duration, spec callSpec) {
	st := &failoverStats{}
	stop := time.Now().Add(d)
	var wg sync.WaitGroup
	start := time.Now()
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lat := failoverClient(url, proto, c, stop, spec, st)
			st.mu.Lock()
			st.lat = append(st.lat, lat...)
			st.mu.Unlock()
		}()
	}
	wg.Wait()
	st.print(proto, clients, time.Since(start))
}

func (st *failoverStats) print(proto string, clients int, elapsed time.Duration) {
	sort.Slice(st.lat, func(i, j int) bool { return st.lat[i] < st.lat[j] })
	pct := func(p float64) float64 {
		if len(st.lat) == 0 {
			return 0
		}
		return float64(st.lat[min(len(st.lat)-1, int(p*float64(len(st.lat))))].Microseconds()) / 1000
	}
	var kinds []string
	for k, n := range st.errors {
		kinds = append(kinds, fmt.Sprintf("%s ×%d", k, n))
	}
	sort.Strings(kinds)
	if len(kinds) > 0 {
		fmt.Printf("errors (%s): %s\n", proto, strings.Join(kinds, "; "))
	}
	fmt.Printf("RESULT era=%s calls=%d rate=%.0f p50_ms=%.2f p99_ms=%.2f failed=%d resent_404=%d renewed=%d conn_errors=%d\n",
		proto, st.ok.Load(), float64(st.ok.Load())/elapsed.Seconds(), pct(0.50), pct(0.99),
		st.failed.Load(), st.resent.Load(), max(0, st.sessions.Load()-int64(clients)), st.connErrs.Load())
}

// fclient is one failover-mode client: its connection and session.
type fclient struct {
	url, proto string
	n          int
	spec       callSpec
	st         *failoverStats
	rc         *rawConn
	session    string
}

// failoverClient calls until stop and returns the latencies of its
// successful calls.
func failoverClient(url, proto string, n int, stop time.Time, spec callSpec, st *failoverStats) []time.Duration {
	fc := &fclient{url: url, proto: proto, n: n, spec: spec, st: st}
	defer fc.drop()
	var lat []time.Duration
	head := `{"jsonrpc":"2.0","id":`
	tail := fmt.Sprintf(`,"method":"tools/call","params":{"name":%q,"arguments":%s`, spec.tool, fill(spec.args, n))
	if proto == "stateless" {
		tail += "," + statelessMeta
	}
	tail += "}}"
	want := []byte(fill(spec.expect, n))
	var body []byte
	for id, resend := 1, false; time.Now().Before(stop); {
		if !fc.ready() {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		if !resend {
			id++
		}
		body = append(strconv.AppendInt(append(body[:0], head...), int64(id), 10), tail...)
		t0 := time.Now()
		status, closing, err := fc.rc.exchange(body)
		resend = false
		switch {
		case err != nil:
			st.failed.Add(1) // sent, and no answer came back
			st.note("no answer: " + errKind(err))
			fc.drop()
		case status == http.StatusNotFound && fc.session != "":
			st.resent.Add(1)
			fc.session, resend = "", true
		case status/100 != 2 || !bytes.Contains(fc.rc.body, want):
			st.failed.Add(1)
			st.note("HTTP " + strconv.Itoa(status))
		default:
			st.ok.Add(1)
			lat = append(lat, time.Since(t0))
		}
		if closing {
			fc.drop()
		}
	}
	return lat
}

// fill puts the client's number in for %d.
func fill(s string, n int) string { return strings.ReplaceAll(s, "%d", strconv.Itoa(n)) }

// errKind names an error without its addresses, to count alike ones.
func errKind(err error) string {
	s := err.Error()
	if i := strings.LastIndex(s, ": "); i >= 0 {
		s = s[i+2:]
	}
	return s
}

// ready connects and, in the session era, initializes when needed.
func (fc *fclient) ready() bool {
	if fc.rc == nil {
		rc, err := dialRaw(fc.url)
		if err != nil {
			fc.st.connErrs.Add(1)
			return false
		}
		fc.rc = rc
		fc.rc.setHeaders(fc.headers())
	}
	if fc.proto == "stateless" || fc.session != "" {
		return true
	}
	if err := fc.initialize(); err != nil {
		fc.st.connErrs.Add(1)
		fc.st.note("initialize: " + errKind(err))
		fc.drop()
		return false
	}
	fc.st.sessions.Add(1)
	fc.rc.setHeaders(fc.headers())
	return true
}

func (fc *fclient) drop() {
	if fc.rc != nil {
		fc.rc.close()
		fc.rc = nil
	}
}

// headers are those of every call: the era's, and the session's.
func (fc *fclient) headers() map[string]string {
	h := map[string]string{"MCP-Protocol-Version": "2025-06-18"}
	if fc.proto == "stateless" {
		h = map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": fc.spec.tool}
	}
	for k, v := range fc.spec.header {
		h[k] = v
	}
	if fc.session != "" {
		h["Mcp-Session-Id"] = fc.session
	}
	return h
}

// initialize opens a session on the client's connection.
func (fc *fclient) initialize() error {
	h := map[string]string{"MCP-Protocol-Version": "2025-06-18"}
	hdr, err := fc.rc.roundTrip(h, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"httpbench","version":"1"}}}`)
	if err != nil {
		return err
	}
	id := hdr.Get("Mcp-Session-Id")
	if id == "" {
		return fmt.Errorf("no session id")
	}
	h["Mcp-Session-Id"] = id
	if _, err := fc.rc.roundTrip(h, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); err != nil {
		return err
	}
	fc.session = id
	return nil
}

// roundTrip sends one request with headers h and reads its whole
// response; a response that closes the connection is an error (the
// caller reconnects), and so is a status other than 2xx.
func (rc *rawConn) roundTrip(h map[string]string, body string) (http.Header, error) {
	rc.buf.Reset()
	rc.writeHead(&rc.buf, h)
	fmt.Fprintf(&rc.buf, "Content-Length: %d\r\n\r\n%s", len(body), body)
	if _, err := rc.conn.Write(rc.buf.Bytes()); err != nil {
		return nil, err
	}
	resp, err := http.ReadResponse(rc.br, nil)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return nil, err
	}
	switch {
	case resp.StatusCode/100 != 2:
		return nil, fmt.Errorf("HTTP %d", resp.StatusCode)
	case resp.Close:
		return nil, errClosed
	}
	return resp.Header, nil
}

// printFreePorts prints n distinct ports the kernel hands out on 127.0.0.1,
// all held open together so they differ; they are free again on return.
func printFreePorts(n int) {
	var ports []string
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			log.Fatal(err)
		}
		defer ln.Close()
		ports = append(ports, strconv.Itoa(ln.Addr().(*net.TCPAddr).Port))
	}
	fmt.Println(strings.Join(ports, " "))
}
