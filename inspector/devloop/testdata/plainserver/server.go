// Command server is an MCP server in one file that imports only the
// standard library, so `go run server.go` builds it outside any module: the
// dev loop's test of a file target without a go.mod.
package main

import (
	"bufio"
	"encoding/json"
	"os"
)

// description is what tools/list says of the tool echo.
const description = "Echo the text back."

type request struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		ProtocolVersion string `json:"protocolVersion"`
	} `json:"params"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req request
		if json.Unmarshal(in.Bytes(), &req) != nil || req.ID == nil {
			continue // a notification
		}
		reply := map[string]any{"jsonrpc": "2.0", "id": req.ID}
		switch req.Method {
		case "initialize":
			reply["result"] = map[string]any{
				"protocolVersion": req.Params.ProtocolVersion,
				"capabilities":    map[string]any{"tools": map[string]any{}},
				"serverInfo":      map[string]any{"name": "plain", "version": "1"},
			}
		case "tools/list":
			tool := map[string]any{"name": "echo", "description": description, "inputSchema": map[string]any{"type": "object"}}
			reply["result"] = map[string]any{"tools": []any{tool}}
		case "ping":
			reply["result"] = map[string]any{}
		default:
			reply["error"] = map[string]any{"code": -32601, "message": "method not found: " + req.Method}
		}
		out.Encode(reply)
	}
}
