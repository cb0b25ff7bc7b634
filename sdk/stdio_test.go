package sdk_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// TestStdioSubprocess runs testdata/stdioserver as a real process (built
// once) and talks to it over its stdin and stdout.
func TestStdioSubprocess(t *testing.T) {
	bin := buildStdioServer(t)

	// End to end through transport.Command and sdk.Connect, in both eras.
	for _, era := range eras {
		t.Run("end to end/"+era.name, func(t *testing.T) {
			var stderr testutil.Buffer
			conn, err := transport.Command(bin, nil, &transport.CommandOptions{Stderr: &stderr})
			if err != nil {
				t.Fatal(err)
			}
			c, err := sdk.Connect(testCtx(t), conn, &sdk.ClientOptions{ProtocolVersion: era.version})
			if err != nil {
				t.Fatal(err)
			}
			if got := c.ServerInfo(); got.Name != "stdioserver" || got.Version != "1.2.3" {
				t.Errorf("ServerInfo = %+v", got)
			}
			tools, err := c.ListTools(testCtx(t))
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, tool := range tools {
				names = append(names, tool.Name+": "+tool.Description)
			}
			// Go's doc-comment convention, one rule for every name:
			// "Count reports …" becomes "Reports …", "Wait blocks …"
			// "Blocks …".
			want := "barrier: Returns only once n calls are running at the same time.\n" +
				"big: Returns a text of the given size.\n" +
				"chatty: Prints to standard output, which must not corrupt the protocol.\n" +
				"count: Reports progress from 1 to To.\n" +
				"wait: Blocks until its call is cancelled, saying so on standard error."
			if d := textDiff(want, strings.Join(names, "\n")); d != "" {
				t.Errorf("tools (-want +got):\n%s", d)
			}

			// A tool printing to stdout: the stream stays valid, the text
			// lands on stderr.
			res := callRaw(t, c, "chatty", `{}`)
			if res.IsError || texts(res) != "said hello" {
				t.Errorf("chatty = %+v", res)
			}

			// Progress over a real pipe arrives in order.
			var mu sync.Mutex
			var steps []string
			res, err = c.CallTool(testCtx(t), "count", map[string]int{"to": 4}, &sdk.CallOptions{OnProgress: func(p sdk.ProgressParams) {
				mu.Lock()
				steps = append(steps, fmt.Sprintf("%g/%g %s", p.Progress, p.Total, p.Message))
				mu.Unlock()
			}})
			if err != nil || res.IsError || string(res.StructuredContent) != `{"result":4}` {
				t.Fatalf("count = %+v, %v", res, err)
			}
			mu.Lock()
			if d := textDiff("1/4 step 1\n2/4 step 2\n3/4 step 3\n4/4 step 4", strings.Join(steps, "\n")); d != "" {
				t.Errorf("progress (-want +got):\n%s", d)
			}
			mu.Unlock()

			// Validation over the wire.
			res = callRaw(t, c, "barrier", `{"n":0,"tag":"x"}`)
			if !res.IsError || !strings.Contains(texts(res), "n\n  Input should be greater than or equal to 1") {
				t.Errorf("barrier n=0 = %s", texts(res))
			}

			c.Close()
			<-conn.Exited()
			if conn.ExitCode() != 0 {
				t.Errorf("exit code %d, stderr:\n%s", conn.ExitCode(), stderr.String())
			}
			for _, s := range []string{"chatty: fmt.Println from a tool", "chatty: os.Stdout from a tool"} {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
				}
			}
		})
	}

	// Several calls in flight when stdin closes: every one is answered,
	// then the process exits 0. The barrier tool returns only once all n
	// calls run at once, so they are in flight together.
	t.Run("stdin EOF with requests in flight", func(t *testing.T) {
		const n = 5
		cmd := exec.Command(bin)
		var stderr testutil.Buffer
		cmd.Stderr = &stderr
		var in bytes.Buffer
		in.WriteString(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}` + "\n")
		in.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&in, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"barrier","arguments":{"n":%d,"tag":"t%d"}}}`+"\n", i, n, i)
		}
		in.WriteString(`{"jsonrpc":"2.0","id":99,"method":"ping"}`) // EOF mid-line: still a request
		cmd.Stdin = &in                                             // EOF right after the last byte
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("server: %v\nstderr:\n%s", err, stderr.String())
		}
		if cmd.ProcessState.ExitCode() != 0 {
			t.Errorf("exit code %d", cmd.ProcessState.ExitCode())
		}
		got := map[string]string{}
		sc := bufio.NewScanner(bytes.NewReader(out))
		for sc.Scan() {
			m, derr := transport.Decode(sc.Bytes())
			if derr != nil {
				t.Fatalf("stdout line %q: %v", sc.Text(), derr)
			}
			var res sdk.CallToolResult
			_ = json.Unmarshal(m.Result, &res)
			got[string(m.ID)] = texts(&res)
		}
		want := map[string]string{"0": "", "99": ""}
		for i := 1; i <= n; i++ {
			want[fmt.Sprint(i)] = fmt.Sprintf("done t%d", i)
		}
		if d := jsonDiff(t, toJSON(t, want), toJSON(t, got)); d != "" {
			t.Errorf("answers by id (-want +got):\n%s", d)
		}
	})

	// A raw session over the process's pipes: bad frames get the right
	// JSON-RPC error and the connection stays usable.
	t.Run("bad frames", func(t *testing.T) {
		cmd := exec.Command(bin)
		var stderr testutil.Buffer
		cmd.Stderr = &stderr
		stdin, _ := cmd.StdinPipe()
		stdout, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer cmd.Wait()
		defer stdin.Close()
		r := bufio.NewReader(stdout)
		exchange := func(line string) string {
			t.Helper()
			if _, err := io.WriteString(stdin, line+"\n"); err != nil {
				t.Fatal(err)
			}
			resp, err := r.ReadString('\n')
			if err != nil {
				t.Fatalf("after %q: %v", line, err)
			}
			return strings.TrimSpace(resp)
		}
		steps := []struct{ send, want string }{
			{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05"}}`, ``},
			{`this is not json`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: invalid JSON"}}`},
			{`[{"jsonrpc":"2.0","id":2,"method":"ping"}]`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: JSON-RPC batches are not supported"}}`},
			{`{"jsonrpc":"2.0","id":3,"method":"ping","params":5}`, `{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"Invalid Request: params must be an object"}}`},
			{`{"jsonrpc":"2.0","id":4,"method":"no/such/method"}`, `{"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"Method not found: no/such/method"}}`},
			{`{"jsonrpc":"2.0","id":5,"method":"ping"}`, `{"jsonrpc":"2.0","id":5,"result":{}}`},
			// An id that is not a string or an integer: Invalid Request,
			// answered with id null; the tool (chatty prints to stderr)
			// never runs.
			{`{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"chatty","arguments":{}}}`, invalidRequestNull},
			{`{"jsonrpc":"2.0","id":{"a":1},"method":"tools/call","params":{"name":"chatty","arguments":{}}}`, invalidRequest},
			{`{"jsonrpc":"2.0","id":[6],"method":"tools/call","params":{"name":"chatty","arguments":{}}}`, invalidRequest},
			{`{"jsonrpc":"2.0","id":true,"method":"tools/call","params":{"name":"chatty","arguments":{}}}`, invalidRequest},
			{`{"jsonrpc":"2.0","id":1.5,"method":"tools/call","params":{"name":"chatty","arguments":{}}}`, invalidRequest},
			{`{"jsonrpc":"2.0","id":null,"method":"ping"}`, invalidRequestNull},
			// A method that is not a string: still a request, answered.
			{`{"jsonrpc":"2.0","id":8,"method":5}`, `{"jsonrpc":"2.0","id":8,"error":{"code":-32600,"message":"Invalid Request: json: cannot unmarshal number into Go struct field Message.method of type string"}}`},
			{`{"jsonrpc":"2.0","id":7,"method":"ping"}`, `{"jsonrpc":"2.0","id":7,"result":{}}`},
		}
		for _, st := range steps {
			got := exchange(st.send)
			if st.want == "" {
				if !strings.Contains(got, `"protocolVersion":"2024-11-05"`) {
					t.Errorf("initialize = %s", got)
				}
				continue
			}
			if d := jsonDiff(t, []byte(st.want), []byte(got)); d != "" {
				t.Errorf("%s (-want +got):\n%s", st.send, d)
			}
		}
		// At EOF the server answers what it received, then exits: had a
		// chatty call run, its output would be on stderr by then.
		stdin.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("server: %v\nstderr:\n%s", err, stderr.String())
		}
		if strings.Contains(stderr.String(), "chatty:") {
			t.Errorf("a request with a bad id ran the tool; stderr:\n%s", stderr.String())
		}
	})
}
