//go:build floor

package main

// Built with -tags floor, the responder also links and initialises every
// package outside this module that the sdk's packages (sdk, transport and
// the internal packages they use) import and the plain responder does not:
// the sdk's real dependencies, whatever a server's tools do. That is
// invopop/jsonschema (schema inference; it brings yaml and an ordered map),
// yosida95/uritemplate (resource templates), x/sys/unix, net (for
// invopop's net.IP; linking net makes a cgo build dynamic), go/parser
// (its init: invopop imports it, and internal/godoc for cmd/mcpdocs; a
// server reads doc comments with go/scanner), regexp, math/big, os/exec, os/signal and
// the rest below. Not net/http: Streamable HTTP is sdk/sdkhttp's, which a
// stdio server does not link. No JSON Schema validator: the sdk validates
// with its own (internal/validate) since issue 19. It does no more per
// call than without the tag. Its peak RSS is the floor under the sdk's
// own (sdk/bench_test.go, bench/compare.sh); TestFloorLinksSDKDeps keeps
// the list in step with the sdk's imports.
import (
	_ "context"
	_ "crypto/hmac"
	_ "crypto/rand"
	_ "crypto/sha256"
	_ "encoding/hex"
	_ "go/ast"
	_ "go/parser"
	_ "go/token"
	_ "log"
	_ "maps"
	_ "math/big"
	_ "net"
	_ "net/netip"
	_ "net/url"
	_ "os/exec"
	_ "os/signal"
	_ "path/filepath"
	_ "regexp"
	_ "runtime/debug"
	_ "sort"

	_ "github.com/invopop/jsonschema"
	_ "github.com/yosida95/uritemplate/v3"
	_ "golang.org/x/sys/unix"
)
