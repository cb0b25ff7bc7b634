// Package compile is the module's one JSON Schema compiler: draft 2020-12
// unless a schema's $schema says otherwise, and references resolved only
// inside the document itself. forms compiles through it; the sdk
// validates with internal/validate and never links it, nor does transport.
package compile

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpdev/mcpdev/internal/schema"
)

// ErrRemoteRef is wrapped by the error for a schema that refers to a
// document other than itself (http://, file://, a relative path): no
// schema is ever fetched. It is internal/schema's, which the sdk's own
// validator (internal/validate) wraps too.
var ErrRemoteRef = schema.ErrRemoteRef

// URL is the made-up location every document is compiled under: a
// compiled schema's Location starts with it.
const URL = "mem:///schema.json"

// refuseLoader is the compiler's only loader: every URL that is not a
// built-in meta-schema is refused.
type refuseLoader struct{}

func (refuseLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("%w: %s", ErrRemoteRef, url)
}

// Schema parses and compiles a schema document. configure, when given,
// adjusts the compiler first (formats, content encodings).
func Schema(raw []byte, configure ...func(*jsonschema.Compiler)) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(refuseLoader{})
	for _, f := range configure {
		f(c)
	}
	if err := c.AddResource(URL, doc); err != nil {
		return nil, err
	}
	s, err := c.Compile(URL)
	var load *jsonschema.LoadURLError
	if errors.As(err, &load) && errors.Is(load.Err, ErrRemoteRef) {
		return nil, remoteRefError{err} // the library's error does not unwrap
	}
	return s, err
}

// remoteRefError is a compile error caused by a refused $ref: its text is
// the library's, and errors.Is finds ErrRemoteRef in it.
type remoteRefError struct{ err error }

func (e remoteRefError) Error() string   { return e.err.Error() }
func (e remoteRefError) Unwrap() []error { return []error{ErrRemoteRef, e.err} }
