package transport_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/mcpdev/mcpdev/transport"
)

func ExampleDecode() {
	m, err := transport.Decode([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	fmt.Println(m.Method, string(m.ID), m.IsRequest(), err == nil)

	_, err = transport.Decode([]byte(`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`))
	fmt.Println(err.Code, err.Message)

	m, err = transport.Decode([]byte(`{"jsonrpc":"1.0","id":7,"method":"ping"}`))
	fmt.Println(err.Code, "answer id", string(m.ID))
	// Output:
	// tools/list 1 true true
	// -32600 Invalid Request: JSON-RPC batches are not supported
	// -32600 answer id 7
}

func ExampleNewPipe() {
	client, server := transport.NewPipe()
	ctx := context.Background()

	req, _ := transport.NewRequest(1, "ping", nil)
	client.Write(ctx, req)

	got, _ := server.Read(ctx)
	resp, _ := transport.NewResult(got.ID, struct{}{})
	server.Write(ctx, resp)

	answer, _ := client.Read(ctx)
	fmt.Printf("%s → %s\n", got.Method, answer.Result)
	// Output: ping → {}
}

func ExampleNewStream() {
	in := strings.NewReader("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\nnot json\n")
	c := transport.NewStream(in, io.Discard, nil)
	ctx := context.Background()
	for {
		m, err := c.Read(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println("bad frame, code", transport.ErrorCode(err))
			continue
		}
		fmt.Println("notification", m.Method)
	}
	// Output:
	// notification notifications/initialized
	// bad frame, code -32700
}

func ExampleNewErrorResponse() {
	resp := transport.NewErrorResponse(nil, transport.Errorf(transport.CodeParseError, "Parse error"))
	data, _ := json.Marshal(resp)
	fmt.Println(string(data))
	// Output: {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}
}

func ExampleErrorCode() {
	err := fmt.Errorf("tools/call: %w", transport.Errorf(transport.CodeInvalidParams, "Unknown tool: %s", "nope"))
	if transport.ErrorCode(err) == transport.CodeInvalidParams {
		fmt.Println("invalid params:", err)
	}
	// Output: invalid params: tools/call: jsonrpc error -32602: Unknown tool: nope
}

// Command speaks to a process over its stdin and stdout; cat echoes the
// request back.
func ExampleCommand() {
	c, err := transport.Command("cat", nil, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	ctx := context.Background()
	req, _ := transport.NewRequest(1, "ping", nil)
	c.Write(ctx, req)
	m, _ := c.Read(ctx)
	fmt.Println(m.Method, string(m.ID))
	c.Close()
	fmt.Println("exit code", c.ExitCode())
	// Output:
	// ping 1
	// exit code 0
}
