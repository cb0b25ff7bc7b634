package sdk

import (
	"encoding/base64"
	"encoding/json"
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
		return []ResourceContents{{URI: uri, MimeType: or(mime, sniff(x)), Blob: base64.StdEncoding.EncodeToString(x)}}, nil
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

// contentsOf is resourceContents for a resource function's result: a
// string, the usual result, is not boxed into an interface on the way.
func contentsOf[Out any](uri, mime string, out Out) ([]ResourceContents, error) {
	if s, ok := any(out).(string); ok {
		return textContents(uri, mime, s), nil
	}
	return resourceContents(uri, mime, any(out))
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
