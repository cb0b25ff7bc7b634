package sdk

import "encoding/base64"

// Text returns a text content block.
func Text(s string) Content { return Content{Type: "text", Text: s} }

// Image returns an image content block; data is base64-encoded for the wire.
func Image(data []byte, mimeType string) Content {
	return Content{Type: "image", Data: base64.StdEncoding.EncodeToString(data), MimeType: mimeType}
}

// Audio returns an audio content block.
func Audio(data []byte, mimeType string) Content {
	return Content{Type: "audio", Data: base64.StdEncoding.EncodeToString(data), MimeType: mimeType}
}

// ResourceLink returns a link to a resource the client may read.
func ResourceLink(uri, name string) Content {
	return Content{Type: "resource_link", URI: uri, Name: name}
}

// EmbeddedResource returns a resource embedded in the result.
func EmbeddedResource(r ResourceContents) Content {
	return Content{Type: "resource", Resource: &r}
}
