package peers

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"testing"
	"time"
)

// ServeHTTP runs a Node MCP server script with its Streamable HTTP
// transport (server-everything: `index.js streamableHttp`, PORT from the
// environment) on 127.0.0.1:port (0: a free one), and returns its address
// once it listens, and kill, which stops it (also called at cleanup).
func ServeHTTP(t testing.TB, node, script string, port int) (addr string, kill func()) {
	t.Helper()
	if port == 0 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port = l.Addr().(*net.TCPAddr).Port
		l.Close()
	}
	cmd := exec.Command(node, script, "streamableHttp")
	cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	kill = func() { cmd.Process.Kill(); cmd.Wait() }
	t.Cleanup(kill)
	addr = fmt.Sprintf("127.0.0.1:%d", port)
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return addr, kill
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not listen on %s", script, addr)
		}
	}
}
