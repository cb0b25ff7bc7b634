// Command minimal-responder is the reference for the stdio benchmarks in
// sdk/bench_test.go: the least a correct MCP stdio server must do per call.
// It decodes each line with encoding/json and answers with a fixed, correct
// result, one request at a time: no schemas, no validation, no goroutines.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
)

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result"`
}

type text struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type callResult struct {
	Content           []text            `json:"content"`
	StructuredContent map[string]string `json:"structuredContent"`
}

// The prompts/get and resources/read results, as structs in the order the
// sdk writes their members: the same bytes as the sdk's answers, encoded
// with no more work than the tools/call result.
type (
	promptResult struct {
		Description string          `json:"description"`
		Messages    []promptMessage `json:"messages"`
	}
	promptMessage struct {
		Role    string `json:"role"`
		Content text   `json:"content"`
	}
	readResult struct {
		Contents []contents `json:"contents"`
	}
	contents struct {
		URI      string `json:"uri"`
		MimeType string `json:"mimeType"`
		Text     string `json:"text"`
	}
)

const found = "Found 3 books matching 'dune' (showing up to 5)."

var (
	callResp = callResult{Content: []text{{"text", found}}, StructuredContent: map[string]string{"result": found}}
	initResp = map[string]any{
		"protocolVersion": "2025-11-25",
		"capabilities":    map[string]any{"tools": map[string]any{}},
		"serverInfo":      map[string]string{"name": "minimal-responder", "version": "0.0.0"},
	}
	promptResp = promptResult{
		Description: "Asks the model to write a short review of a book.",
		Messages:    []promptMessage{{"user", text{"text", `Write a warm review of "Dune" giving it 4 of 5 stars.`}}},
	}
	readResp = readResult{[]contents{{
		URI:      "bookshop://books/9780441172719",
		MimeType: "text/plain",
		Text:     "Dune (9780441172719): a noble family takes over the desert planet.",
	}}}
	listResp = map[string]any{"tools": []map[string]any{{
		"name":        "search_books",
		"inputSchema": map[string]any{"type": "object"},
	}}}
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64<<10), 4<<20)
	out := bufio.NewWriter(os.Stdout)
	for in.Scan() {
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil || len(req.ID) == 0 {
			continue // notifications (and garbage) get no answer
		}
		var result any = struct{}{}
		switch req.Method {
		case "initialize":
			result = initResp
		case "tools/list":
			result = listResp
		case "tools/call":
			result = callResp
		case "prompts/get":
			result = promptResp
		case "resources/read":
			result = readResp
		}
		data, err := json.Marshal(response{JSONRPC: "2.0", ID: req.ID, Result: result})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		out.Write(data)
		out.WriteByte('\n')
		out.Flush()
	}
}
