package jsonfast

import "testing"

// statelessParams are a stateless tools/call's params, as every scan of a
// request reads them (mostly strings: the _meta keys are long).
var statelessParams = []byte(`{"name":"echo","arguments":{"text":"hello 1"},` +
	`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}`)

// sessionParams are a session-era tools/call's params: short strings.
var sessionParams = []byte(`{"name":"echo","arguments":{"text":"hello 1"}}`)

// BenchmarkFields is one Fields pass over a request's params: the scan
// each layer of a call makes.
func BenchmarkFields(b *testing.B) {
	names := []string{"name", "arguments", "_meta"}
	for _, c := range []struct {
		name   string
		params []byte
	}{{"stateless", statelessParams}, {"session", sessionParams}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.params)))
			for b.Loop() {
				if !Fields(c.params, names, func(string, []byte) bool { return true }) {
					b.Fatal("not read")
				}
			}
		})
	}
}
