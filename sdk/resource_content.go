package sdk

import (
	"encoding/base64"
	"encoding/json"

	"github.com/mcpdev/mcpdev/sdk/internal/sniff"
)

// MIME types the SDK picks for a resource when its options give none.
const (
	MimeText = "text/plain"
	MimeJSON = "application/json"
)

// resourceContents turns what a resource function returned into the
// contents of resources/read for uri; mime (from the options) wins over
// the type the SDK picks:
//
//	string                 text, text/plain
//	[]byte                 blob (base64), the type sniffed from the bytes
//	json.RawMessage        text, application/json
//	ResourceContents       as given ([]ResourceContents: several)
//	anything else          JSON text indented two spaces, application/json
//
// A ResourceContents without a URI gets uri, without a MIME type mime.
func resourceContents(uri, mime string, v any) ([]ResourceContents, error) {
	switch x := v.(type) {
	case string:
		return textContents(uri, mime, x), nil
	case json.RawMessage:
		return []ResourceContents{{URI: uri, MimeType: or(mime, MimeJSON), Text: string(x)}}, nil
	case []byte:
		return []ResourceContents{{URI: uri, MimeType: or(mime, sniff.Type(x)), Blob: base64.StdEncoding.EncodeToString(x)}}, nil
	case ResourceContents:
		return fillContents([]ResourceContents{x}, uri, mime), nil
	case *ResourceContents:
		if x != nil {
			return fillContents([]ResourceContents{*x}, uri, mime), nil
		}
	case []ResourceContents:
		return fillContents(append([]ResourceContents(nil), x...), uri, mime), nil
	}
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return []ResourceContents{{URI: uri, MimeType: or(mime, MimeJSON), Text: string(data)}}, nil
}

// contentsOf is the result of resources/read for a resource function's
// result (resourceContents): a string, the usual result, is not boxed into
// an interface on the way, and its one contents come in one allocation
// with the result.
func contentsOf[Out any](uri, mime string, out Out) (*ReadResourceResult, error) {
	if s, ok := any(out).(string); ok {
		r := &struct {
			res ReadResourceResult
			one [1]ResourceContents
		}{one: [1]ResourceContents{{URI: uri, MimeType: or(mime, MimeText), Text: s}}}
		r.res.Contents = r.one[:]
		return &r.res, nil
	}
	cs, err := resourceContents(uri, mime, any(out))
	if err != nil {
		return nil, err
	}
	return &ReadResourceResult{Contents: cs}, nil
}

func textContents(uri, mime, text string) []ResourceContents {
	return []ResourceContents{{URI: uri, MimeType: or(mime, MimeText), Text: text}}
}

func fillContents(cs []ResourceContents, uri, mime string) []ResourceContents {
	for i := range cs {
		cs[i].URI = or(cs[i].URI, uri)
		cs[i].MimeType = or(cs[i].MimeType, mime)
	}
	return cs
}

func or(s, def string) string {
	if s != "" {
		return s
	}
	return def
}
