package proxy

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The test binary doubles as the servers the shim runs (TestMain).
func TestMain(m *testing.M) {
	switch os.Getenv("PROXY_TEST_SERVER") {
	case "":
		os.Exit(m.Run())
	case "echo":
		// Echo stdin byte for byte, then a stray unterminated line with a
		// byte that is not UTF-8, a stderr line, exit 3.
		_, _ = io.Copy(os.Stdout, os.Stdin)
		os.Stdout.WriteString("stray \xff output without newline")
		os.Stderr.WriteString("server: bye\r\n\x1b[31mred\x1b[0m\n")
		os.Exit(3)
	case "signal":
		// Wait to be killed.
		os.Stdout.WriteString("ready\n")
		select {}
	}
}

func server(t *testing.T, kind string) []string {
	t.Helper()
	t.Setenv("PROXY_TEST_SERVER", kind)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return []string{exe}
}

// hostile is a client's byte stream: JSON-RPC lines, a malformed one,
// CRLF, invalid UTF-8, an empty line, a 50 MB line, and a last line with
// no newline.
func hostile() []byte {
	var b bytes.Buffer
	b.WriteString(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}` + "\n")
	b.WriteString("{not json\n")
	b.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\r\n")
	b.WriteString("\xc3\x28 invalid utf-8\n\n")
	b.WriteString(`{"big":"` + strings.Repeat("x", 50<<20) + `"}` + "\n")
	b.WriteString(`{"jsonrpc":"2.0","id":2,"method":"tools/list"`)
	return b.Bytes()
}

func TestStdioShimIsByteIdentical(t *testing.T) {
	in := hostile()
	cmd := server(t, "echo")

	var directOut, directErr bytes.Buffer
	direct := exec.Command(cmd[0])
	direct.Stdin, direct.Stdout, direct.Stderr = bytes.NewReader(in), &directOut, &directErr
	err := direct.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 {
		t.Fatalf("direct run: %v", err)
	}

	dir := t.TempDir()
	var out, errOut bytes.Buffer
	code, err := RunStdio(context.Background(), StdioOptions{Command: cmd, Label: "echo", Dir: dir}, bytes.NewReader(in), &out, &errOut)
	if err != nil || code != 3 {
		t.Fatalf("RunStdio: exit %d, %v", code, err)
	}
	if !bytes.Equal(out.Bytes(), directOut.Bytes()) {
		t.Errorf("client received %d bytes through the shim, %d directly", out.Len(), directOut.Len())
	}
	if !bytes.Equal(errOut.Bytes(), directErr.Bytes()) {
		t.Errorf("stderr through the shim %q, directly %q", errOut.String(), directErr.String())
	}

	// The session file holds every frame, exactly.
	recs := readSession(t, dir)
	if recs[0].Session == nil || recs[0].Session.Label != "echo" || recs[len(recs)-1].End == nil || recs[len(recs)-1].End.Exit != 3 {
		t.Fatalf("header %+v, end %+v", recs[0].Session, recs[len(recs)-1].End)
	}
	streams := map[Direction]*bytes.Buffer{ClientToServer: {}, ServerToClient: {}, ServerStderr: {}}
	for _, r := range recs[1 : len(recs)-1] {
		b := streams[r.Dir]
		b.Write(r.Bytes())
		if !r.Partial {
			b.WriteByte('\n')
		}
	}
	if !bytes.Equal(streams[ClientToServer].Bytes(), in) {
		t.Errorf("recorded client stream differs from what the client sent (%d vs %d bytes)", streams[ClientToServer].Len(), len(in))
	}
	if !bytes.Equal(streams[ServerToClient].Bytes(), directOut.Bytes()) {
		t.Errorf("recorded server stream differs from what the server sent")
	}
	if !bytes.Equal(streams[ServerStderr].Bytes(), directErr.Bytes()) {
		t.Errorf("recorded stderr %q", streams[ServerStderr].String())
	}
}

// A recorder that cannot write says so once and the shim forwards anyway.
func TestStdioShimForwardsWhenRecordingFails(t *testing.T) {
	blocked := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocked, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	in := []byte("{\"id\":1}\n{\"id\":2}\n")
	var out, errOut bytes.Buffer
	code, err := RunStdio(context.Background(), StdioOptions{Command: server(t, "echo"), Dir: filepath.Join(blocked, "sessions")}, bytes.NewReader(in), &out, &errOut)
	if err != nil || code != 3 {
		t.Fatalf("exit %d, %v", code, err)
	}
	if !bytes.HasPrefix(out.Bytes(), in) {
		t.Errorf("forwarded %q", out.String())
	}
	if n := strings.Count(errOut.String(), "mcpdev proxy:"); n != 1 || !strings.Contains(errOut.String(), "not recording this session") {
		t.Errorf("stderr %q: want one notice", errOut.String())
	}
}

func readSession(t *testing.T, dir string) []Record {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("session files %v", files)
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var recs []Record
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<30)
	for sc.Scan() {
		r, err := parseRecord(sc.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	if sc.Err() != nil {
		t.Fatal(sc.Err())
	}
	return recs
}
