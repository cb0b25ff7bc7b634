package sdk_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// The sdk's error codes are the transport's (and the spec's) numbers, so
// either package's constants compare equal to a code a peer sent.
func TestErrorCodesEqualTransport(t *testing.T) {
	for _, c := range []struct {
		name     string
		sdk, tpt int
	}{
		{"ParseError", sdk.CodeParseError, transport.CodeParseError},
		{"InvalidRequest", sdk.CodeInvalidRequest, transport.CodeInvalidRequest},
		{"MethodNotFound", sdk.CodeMethodNotFound, transport.CodeMethodNotFound},
		{"InvalidParams", sdk.CodeInvalidParams, transport.CodeInvalidParams},
		{"InternalError", sdk.CodeInternalError, transport.CodeInternalError},
		{"MissingCapability", sdk.CodeMissingCapability, transport.CodeMissingCapability},
		{"UnsupportedVersion", sdk.CodeUnsupportedVersion, transport.CodeUnsupportedVersion},
		{"HeaderMismatch", sdk.CodeHeaderMismatch, transport.CodeHeaderMismatch},
		{"URLElicitationRequired", sdk.CodeURLElicitationRequired, transport.CodeURLElicitationNeeded},
	} {
		if c.sdk != c.tpt {
			t.Errorf("sdk.Code%s = %d, transport's = %d", c.name, c.sdk, c.tpt)
		}
	}
	if got := sdk.ErrorCode(sdk.URLElicitationRequired("")); got != sdk.CodeURLElicitationRequired {
		t.Errorf("ErrorCode(URLElicitationRequired) = %d", got)
	}
	if got := sdk.ErrorCode(fmt.Errorf("wrapped: %w", transport.Errorf(sdk.CodeInvalidParams, "x"))); got != sdk.CodeInvalidParams {
		t.Errorf("ErrorCode of a wrapped *transport.Error = %d", got)
	}
	if got := sdk.ErrorCode(errors.New("broken pipe")); got != 0 {
		t.Errorf("ErrorCode of a plain error = %d, want 0", got)
	}
}

// A client tells failures apart by their JSON-RPC code, with no need to
// import the transport package.
func ExampleErrorCode() {
	s := sdk.NewServer("Bookshop", nil)
	sdk.Resource(s, "bookshop://hours", ShopHours, nil)
	ctx := context.Background()
	c, err := sdk.NewInMemoryClient(ctx, s, &sdk.ClientOptions{ProtocolVersion: sdk.LatestLegacyVersion})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	explain := func(err error) string {
		switch sdk.ErrorCode(err) {
		case sdk.CodeMethodNotFound:
			return "the server does not serve that"
		case sdk.CodeInvalidParams:
			return "bad params"
		case sdk.CodeResourceNotFound:
			return "no such resource"
		}
		return "other: " + err.Error()
	}
	fmt.Println(explain(c.Call(ctx, "books/borrow", nil, nil)))
	_, err = c.CallTool(ctx, "borrow", nil, nil)
	fmt.Println(explain(err))
	_, err = c.ReadResource(ctx, "bookshop://nothing")
	fmt.Println(explain(err))
	// Output:
	// the server does not serve that
	// bad params
	// no such resource
}
