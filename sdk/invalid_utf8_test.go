package sdk_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// badUTF8ID is a request id whose string holds a byte that is not UTF-8;
// encoding/json reads it as "a\uFFFDb".
const badUTF8ID = "\"a\xffb\""

// checkUTF8Answer: the answer is valid UTF-8 and its id is the request's
// id as encoding/json reads it.
func checkUTF8Answer(t *testing.T, answer string) {
	t.Helper()
	if !utf8.ValidString(answer) {
		t.Errorf("the answer is not valid UTF-8: %q", answer)
	}
	var got struct{ ID string }
	if err := json.Unmarshal([]byte(answer), &got); err != nil || got.ID != "a\uFFFDb" {
		t.Errorf("answer %q: id %q (%v), want %q", answer, got.ID, err, "a\uFFFDb")
	}
}

// Over Streamable HTTP, in both eras, a request id holding invalid UTF-8
// is answered with that id as encoding/json reads it (U+FFFD), never
// echoed as raw bytes.
func TestHTTPInvalidUTF8ID(t *testing.T) {
	var calls atomic.Int32
	h := sdkhttp.Handler(countingServer(&calls), nil)
	ts := httptest.NewServer(h)
	t.Cleanup(func() { h.Close(); ts.Close() })
	post := func(headers map[string]string, body string) (string, http.Header) {
		t.Helper()
		req, _ := http.NewRequestWithContext(testCtx(t), "POST", ts.URL, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return string(data), resp.Header
	}
	body, header := post(nil, `{"jsonrpc":"2.0","id":`+badUTF8ID+`,"method":"initialize","params":{"protocolVersion":"`+sdk.LatestLegacyVersion+`","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	checkUTF8Answer(t, body)
	legacy := map[string]string{streamable.HeaderSessionID: header.Get(streamable.HeaderSessionID), streamable.HeaderProtocolVersion: sdk.LatestLegacyVersion}
	post(legacy, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	body, _ = post(legacy, `{"jsonrpc":"2.0","id":`+badUTF8ID+`,"method":"tools/call","params":{"name":"record","arguments":{}}}`)
	checkUTF8Answer(t, body)
	stateless := map[string]string{streamable.HeaderProtocolVersion: sdk.Version2026, streamable.HeaderMethod: "tools/call", streamable.HeaderName: "record"}
	body, _ = post(stateless, `{"jsonrpc":"2.0","id":`+badUTF8ID+`,"method":"tools/call","params":{"name":"record","arguments":{},"_meta":{"`+sdk.MetaProtocolVersion+`":"`+sdk.Version2026+`","`+sdk.MetaClientCapabilities+`":{}}}}`)
	checkUTF8Answer(t, body)
	// An error answer carries the same id.
	body, _ = post(legacy, `{"jsonrpc":"2.0","id":`+badUTF8ID+`,"method":"tools/call","params":[1]}`)
	checkUTF8Answer(t, body)
}

// Over a stream (what stdio serves), the same.
func TestServeStreamInvalidUTF8ID(t *testing.T) {
	var calls atomic.Int32
	s := countingServer(&calls)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() { _ = s.Serve(context.Background(), transport.NewStream(inR, outW, nil)); outW.Close() }()
	t.Cleanup(func() { inW.Close() })
	r := bufio.NewReader(outR)
	for _, line := range []string{
		`{"jsonrpc":"2.0","id":` + badUTF8ID + `,"method":"initialize","params":{"protocolVersion":"` + sdk.LatestLegacyVersion + `","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","id":` + badUTF8ID + `,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":` + badUTF8ID + `,"method":"tools/call","params":{"name":"record","arguments":{}}}`,
	} {
		go io.WriteString(inW, line+"\n")
		answer, err := r.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		checkUTF8Answer(t, strings.TrimSpace(answer))
	}
}
