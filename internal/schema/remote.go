package schema

import "errors"

// ErrRemoteRef is wrapped by the error for a schema that refers to a
// document other than itself (http://, file://, a relative path): no
// schema is ever fetched. sdk.ErrRemoteRef, forms.ErrRemoteRef and
// internal/schema/compile's are this value.
var ErrRemoteRef = errors.New("remote $ref not allowed")
