package oauth

import "net/http"

// RedactBody and RedactHeader expose the redaction of an Exchange's
// parts to the tests.
func RedactBody(contentType string, b []byte) string {
	var r redactor
	return r.body(contentType, b)
}

func RedactHeader(h http.Header) http.Header {
	var r redactor
	return r.header(h)
}

// RedactBodies redacts two bodies with one redactor and returns the
// second.
func RedactBodies(ct1 string, b1 []byte, ct2 string, b2 []byte) string {
	var r redactor
	r.body(ct1, b1)
	return r.body(ct2, b2)
}
