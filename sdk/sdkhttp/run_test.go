package sdkhttp_test

import (
	"bufio"
	"context"
	"io"
	"net"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

func TestMain(m *testing.M) { testutil.Main(m) }

// RunArgs serves Streamable HTTP at ADDR/mcp when given --http ADDR, says
// so on the server's Stderr, and returns nil once its context ends.
func TestRunArgsServesHTTPOnFlag(t *testing.T) {
	stderrR, stderrW := io.Pipe()
	s := sdk.NewServer("greeter", &sdk.ServerOptions{Stderr: stderrW})
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) { return "hello", nil },
		&sdk.ToolOptions{Name: "greet", Description: "Greets."})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- sdkhttp.RunArgs(ctx, s, []string{"-v", "--http", addr}, nil) }()
	line, err := bufio.NewReader(stderrR).ReadString('\n')
	if err != nil || !strings.Contains(line, "greeter serving MCP on http://"+addr+"/mcp") {
		t.Fatalf("stderr %q, %v", line, err)
	}
	go io.Copy(io.Discard, stderrR)
	c, err := sdk.Connect(ctx, streamable.NewClient("http://"+addr+"/mcp", nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.CallTool(ctx, "greet", nil, nil)
	if err != nil || res.Content[0].Text != "hello" {
		t.Fatalf("greet: %+v, %v", res, err)
	}
	c.Close()
	cancel()
	if err := <-done; err != nil {
		t.Errorf("RunArgs returned %v after its context ended", err)
	}
}
