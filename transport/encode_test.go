package transport

import (
	"encoding/json"
	"math/rand/v2"
	"mime"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
)

var encodeValues = append([]string{
	`{"content":[{"type":"text","text":"Found 3 books matching 'dune' (showing up to 5)."}],"structuredContent":{"result":"x"}}`,
	`"a<b"`, `"\u003c"`, "\"line\u2028sep\"", "\"\xe2\x80\xa9\"", `{"a": 1}`, ` 1`, `[1, 2]`, `"tab\tin"`, `"q\"<"`,
	"\"caf\xc3\xa9\"", "\"bad\xff\"", `{"k":"v & w"}`,
}, jsonValues...)

func checkPlainResponse(t *testing.T, m *Message) bool {
	if !isPlainResponse(m) {
		return false
	}
	want, err := jsonenc.Marshal(m)
	if err != nil {
		t.Fatalf("isPlainResponse(%+v) but jsonenc.Marshal: %v", m, err)
	}
	got := `{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":` + string(m.Result) + "}"
	if got != string(want) {
		t.Fatalf("fast encoding %s, jsonenc.Marshal %s", got, want)
	}
	return true
}

// The stream connection writes a plain response without encoding/json; it
// must be byte for byte what jsonenc.Marshal writes.
func TestPlainResponseMatchesMarshal(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	ids := []string{`1`, `"a"`, `"<id>"`, `-3`, ` 2`, `null`, `1.5`, `"x y"`}
	plain := 0
	for range 50000 {
		m := &Message{JSONRPC: Version, ID: json.RawMessage(ids[r.IntN(len(ids))])}
		if r.IntN(2) == 0 {
			m.Result = json.RawMessage(encodeValues[r.IntN(len(encodeValues))])
		} else {
			m.Result = randomObject(r)
		}
		if r.IntN(20) == 0 {
			m.Method = "x"
		}
		if checkPlainResponse(t, m) {
			plain++
		}
	}
	t.Logf("%d of 50000 responses written without encoding/json", plain)
	if plain < 5000 {
		t.Error("the fast encoding was taken too rarely to be tested")
	}
}

func FuzzPlainResponse(f *testing.F) {
	for i, v := range encodeValues {
		f.Add([]byte([]string{`1`, `"a"`, `"<id>"`, ` 2`}[i%4]), []byte(v))
	}
	f.Fuzz(func(t *testing.T, id, result []byte) {
		checkPlainResponse(t, &Message{JSONRPC: Version, ID: id, Result: result})
	})
}

// plainMediaType values parse to themselves, without parameters.
func TestPlainMediaTypeMatchesParse(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	alphabet := "aj/son*+.-_ ;=\"Ax,~{("
	plain := 0
	for range 50000 {
		b := make([]byte, 1+r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		s := string(b)
		if r.IntN(4) == 0 {
			s = []string{"application/json", "text/event-stream", "*/*", "text/*", "application/json; charset=utf-8", "Application/JSON"}[r.IntN(6)]
		}
		if !plainMediaType(s) {
			continue
		}
		plain++
		mt, params, err := mime.ParseMediaType(s)
		if err != nil || mt != s || len(params) != 0 {
			t.Fatalf("plainMediaType(%q) but ParseMediaType = %q, %v, %v", s, mt, params, err)
		}
	}
	if plain < 5000 {
		t.Errorf("only %d plain media types", plain)
	}
}

// acceptsPair reads the Accept header as the one-type-at-a-time reading it
// replaced (acceptsOne below: every comma-separated entry, parsed, matched
// exactly, as */* or as major/*).
func TestAcceptsPairMatchesOneAtATime(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	pieces := []string{"application/json", "text/event-stream", "*/*", "text/*", "application/*", "Application/JSON",
		"application/json; q=0.9", "text/event-stream;charset=utf-8", "text/html", "", " ", "bad/", "/x", ";", "application/jsonx",
		"text/event-streams", "*/json", "application/json;q=\"", "TEXT/*"}
	types := []string{"application/json", "text/event-stream"}
	for range 30000 {
		req, _ := http.NewRequest("POST", "/", nil)
		for range r.IntN(3) {
			var v []string
			for range r.IntN(4) {
				v = append(v, pieces[r.IntN(len(pieces))])
			}
			req.Header.Add("Accept", strings.Join(v, []string{",", ", ", " ,"}[r.IntN(3)]))
		}
		a, b := types[r.IntN(2)], types[r.IntN(2)]
		gotA, gotB := acceptsPair(req, a, b)
		if wantA, wantB := acceptsOne(req, a), acceptsOne(req, b); gotA != wantA || gotB != wantB {
			t.Fatalf("Accept %q: acceptsPair(%s, %s) = %v, %v; one at a time %v, %v", req.Header.Values("Accept"), a, b, gotA, gotB, wantA, wantB)
		}
	}
}

func acceptsOne(r *http.Request, mediaType string) bool {
	values := r.Header.Values("Accept")
	if len(values) == 0 {
		return true
	}
	major, _, _ := strings.Cut(mediaType, "/")
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			mt, _, err := mime.ParseMediaType(strings.TrimSpace(part))
			if err == nil && (mt == mediaType || mt == "*/*" || mt == major+"/*") {
				return true
			}
		}
	}
	return false
}
