package streamable

import (
	"math/rand/v2"
	"mime"
	"net/http"
	"strings"
	"testing"
)

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
