package main

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/peers"
)

// start runs a long-lived mcpdev (proxy, mock) and returns the address it
// says it serves, read from its first stderr line.
func (e *proxyEnv) start(args ...string) (addr string, stop func()) {
	e.t.Helper()
	cmd := exec.Command(mcpdevBin, args...)
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), "MCPDEV_CACHE="+buildCache, "MCPDEV_STATE="+e.state)
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		e.t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		e.t.Fatal(err)
	}
	stop = func() {
		_ = cmd.Process.Signal(syscall.SIGINT)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			e.t.Errorf("mcpdev %s did not stop on SIGINT", args[0])
		}
	}
	e.t.Cleanup(func() { cmd.Process.Kill() })
	line, err := bufio.NewReader(errPipe).ReadString('\n')
	m := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)`).FindStringSubmatch(line)
	if err != nil || m == nil {
		e.t.Fatalf("mcpdev %s said %q, %v", args[0], line, err)
	}
	go io.Copy(io.Discard, errPipe)
	return m[1], stop
}

func freePort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func waitListening(t *testing.T, addr string) {
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("nothing listens on %s", addr)
		}
	}
}

// The sdk's own client, in both eras, through the HTTP proxy to the
// bookshop: it gets what it gets directly; the capture replays as a test;
// the HTTP mock answers the same client run the same way.
func TestProxyHTTPBothEras(t *testing.T) {
	e := newProxyEnv(t)
	server := e.build("examples/bookshop")
	addr := freePort(t)
	srv := exec.Command(server, "--http", addr)
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Process.Kill(); srv.Wait() })
	waitListening(t, addr)

	paddr, stop := e.start("proxy", "--target", "http://"+addr+"/mcp", "--label", "bookshop")
	direct := map[string]string{}
	for _, era := range []string{"legacy", "2026"} {
		d := e.run("call", "--protocol", era, "--json", "http://"+addr+"/mcp", "search_books", "query=dune")
		p := e.run("call", "--protocol", era, "--json", "http://"+paddr+"/mcp", "search_books", "query=dune")
		if d.code != 0 || p.code != 0 || p.stdout != d.stdout {
			t.Fatalf("%s: through the proxy (exit %d)\n%s\ndirectly (exit %d)\n%s%s", era, p.code, p.stdout, d.code, d.stdout, p.stderr)
		}
		direct[era] = d.stdout
	}
	list := e.sessions()
	if len(list) != 1 || list[0]["live"] != true || list[0]["transport"] != "http" {
		t.Fatalf("sessions while the proxy runs: %v", list)
	}
	stop()
	list = e.sessions()
	if list[0]["live"] != false {
		t.Errorf("the session is live after the proxy stopped: %v", list)
	}
	id := list[0]["id"].(string)
	show := e.run("sessions", "show", id).stdout
	for _, want := range []string{"POST /mcp", "server/discover", "initialize", "HTTP 202", "(event stream)", "DELETE /mcp"} {
		if !strings.Contains(show, want) {
			t.Errorf("sessions show lacks %q:\n%s", want, show)
		}
	}
	file := filepath.Join(e.dir, "bookshop.txtar")
	if r := e.run("sessions", "test", id, "-o", file); r.code != 0 {
		t.Fatalf("sessions test: %s%s", r.stdout, r.stderr)
	}
	for i := range 2 {
		if r := e.run("test", file); r.code != 0 || !strings.Contains(r.stdout, "2 passed, 0 failed") {
			t.Fatalf("run %d: exit %d\n%s%s", i+1, r.code, r.stdout, r.stderr)
		}
	}
	maddr, stopMock := e.start("mock", id, "--http", "127.0.0.1:0")
	defer stopMock()
	for _, era := range []string{"legacy", "2026"} {
		m := e.run("call", "--protocol", era, "--json", "http://"+maddr+"/mcp", "search_books", "query=dune")
		if m.code != 0 || m.stdout != direct[era] {
			t.Errorf("%s: the mock answered (exit %d)\n%s%s", era, m.code, m.stdout, m.stderr)
		}
	}
}

// Status codes and headers are recorded (a 401 with its WWW-Authenticate),
// credentials never: not the Authorization header, not a cookie, not a
// member named by --redact-key.
func TestProxyHTTPRecordsStatusNotCredentials(t *testing.T) {
	const challenge = `Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"`
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer sekrit-token" {
			w.Header().Set("WWW-Authenticate", challenge)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.Header().Set("Set-Cookie", "session=cookie-sekrit")
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"password":"pw-sekrit","ok":true}}`)
	}))
	defer upstream.Close()
	e := newProxyEnv(t)
	paddr, stop := e.start("proxy", "--target", upstream.URL+"/mcp", "--redact-key", "password")
	post := func(auth string) int {
		req, _ := http.NewRequest("POST", "http://"+paddr+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"login","arguments":{"password":"arg-sekrit"}}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Cookie", "session=client-cookie-sekrit")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if auth != "" && !bytes.Contains(body, []byte("pw-sekrit")) {
			t.Errorf("the client did not get the server's answer as sent: %s", body)
		}
		if resp.StatusCode == http.StatusUnauthorized && resp.Header.Get("WWW-Authenticate") != challenge {
			t.Errorf("WWW-Authenticate reached the client as %q", resp.Header.Get("WWW-Authenticate"))
		}
		return resp.StatusCode
	}
	if code := post(""); code != http.StatusUnauthorized {
		t.Fatalf("without a token: %d", code)
	}
	if code := post("Bearer sekrit-token"); code != http.StatusOK {
		t.Fatalf("with a token: %d", code)
	}
	stop()
	files, _ := filepath.Glob(filepath.Join(e.state, "sessions", "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("session files: %v", files)
	}
	data, _ := os.ReadFile(files[0])
	if bytes.Contains(data, []byte("sekrit")) {
		t.Errorf("a credential reached the session file:\n%s", data)
	}
	for _, want := range []string{`"status":401`, `resource_metadata=`, `"Bearer [redacted]"`, `"Set-Cookie":["[redacted]"]`, `\"password\":\"[redacted]\"`} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("the session file lacks %s:\n%s", want, data)
		}
	}
	if show := e.run("sessions", "show", "last").stdout; !strings.Contains(show, "HTTP 401 WWW-Authenticate: Bearer") {
		t.Errorf("sessions show:\n%s", show)
	}
}

// The official MCP Inspector CLI talks to server-everything over HTTP
// through the proxy and gets what it gets directly.
func TestProxyHTTPInspectorCLIAndEverything(t *testing.T) {
	node, files := peers.Find(t, peers.InspectorCLI, "@modelcontextprotocol/server-everything/dist/index.js")
	saddr, _ := peers.ServeHTTP(t, node, files[1], 0)
	e := newProxyEnv(t)
	paddr, stop := e.start("proxy", "--target", "http://"+saddr+"/mcp")
	home := t.TempDir()
	inspect := func(addr string) string {
		cmd := exec.Command(node, files[0], "--cli", "http://"+addr+"/mcp", "--transport", "http", "--method", "tools/call", "--tool-name", "echo", "--tool-arg", "message=over http")
		cmd.Dir = home
		cmd.Env = append(os.Environ(), "HOME="+home, "MCP_CATALOG_PATH="+filepath.Join(home, "mcp.json"))
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("inspector via %s: %v\n%s", addr, err, out)
		}
		return string(out)
	}
	direct, proxied := inspect(saddr), inspect(paddr)
	if !strings.Contains(direct, "Echo: over http") || proxied != direct {
		t.Fatalf("through the proxy:\n%s\ndirectly:\n%s", proxied, direct)
	}
	stop()
	if show := e.run("sessions", "show", "last").stdout; !strings.Contains(show, "tools/call") || !strings.Contains(show, "Echo: over http") {
		t.Errorf("sessions show:\n%s", show)
	}
}
