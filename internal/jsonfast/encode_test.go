package jsonfast

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// hostileStrings are strings encoding/json rewrites in every way it can.
var hostileStrings = []string{
	"", "plain", "quote\"d", "back\\slash", "\b\f\n\r\t", "\x00\x01\x1f", "\x7f", "a<b>&c", "\u2028\u2029",
	"sep\u2028x", "café", "日本語", "bad\xffutf8", "\xe2\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "trail\xc3",
	"\x1b[31mred\x1b[0m", "\U0001F600", strings.Repeat("big text <&> \"\\\u2028 ", 50000),
}

// encodingJSON is what encoding/json writes for s, HTML escaping on or off.
func encodingJSON(t testing.TB, s string, html bool) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(html)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func TestAppendQuotedMatchesMarshal(t *testing.T) {
	for _, s := range hostileStrings {
		for _, html := range []bool{false, true} {
			got := AppendQuoted([]byte("x"), s, html)
			if want := encodingJSON(t, s, html); !bytes.Equal(got[1:], want) || got[0] != 'x' {
				t.Errorf("AppendQuoted(%.40q, html=%v) = %.80s, encoding/json %.80s", s, html, got, want)
			}
		}
	}
}

func FuzzAppendQuoted(f *testing.F) {
	for _, s := range hostileStrings[:len(hostileStrings)-1] {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, html bool) {
		if got, want := AppendQuoted(nil, s, html), encodingJSON(t, s, html); !bytes.Equal(got, want) {
			t.Fatalf("AppendQuoted(%q, html=%v) = %s, encoding/json %s", s, html, got, want)
		}
	})
}
