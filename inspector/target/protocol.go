package target

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// The era a connection speaks is chosen by --protocol:
//
//	auto (the default)   server/discover first, initialize when the server does not answer it
//	legacy               initialize with the newest legacy version (2025-11-25): sessions
//	2026 (or stateless)  server/discover only (2026-07-28): no fallback
//	a version            that version exactly (2026-07-28, 2025-11-25, 2025-06-18, …)

// ParseProtocol turns the word of --protocol into the protocol version a
// connection insists on; "" (for "auto" or no word) lets the client pick.
func ParseProtocol(word string) (string, error) {
	switch w := strings.ToLower(strings.TrimSpace(word)); w {
	case "", "auto":
		return "", nil
	case "legacy":
		return sdk.LatestLegacyVersion, nil
	case "2026", "stateless", "modern":
		return sdk.Version2026, nil
	default:
		if slices.Contains(sdk.LegacyVersions(), w) || slices.Contains(sdk.Versions2026(), w) {
			return w, nil
		}
	}
	versions := append(sdk.Versions2026(), sdk.LegacyVersions()...)
	return "", fmt.Errorf("--protocol %q: want auto, legacy, 2026 or a version (%s)", word, strings.Join(versions, ", "))
}

// EraOf names the era of a protocol version: "legacy" or "2026".
func EraOf(version string) string {
	if slices.Contains(sdk.LegacyVersions(), version) {
		return "legacy"
	}
	return "2026"
}

// clientOptions are opts with the target's protocol version, when it
// insists on one and the caller did not choose already. An era insisted
// on has no fallback: its server/discover gets the whole connect timeout,
// not the short probe before falling back to initialize (a server slow
// to start would otherwise look like one that does not answer).
func (t *Target) clientOptions(opts *sdk.ClientOptions, timeout time.Duration) *sdk.ClientOptions {
	var c sdk.ClientOptions
	if opts != nil {
		c = *opts
	}
	if c.ProtocolVersion == "" {
		c.ProtocolVersion = t.Protocol
	}
	if c.ProtocolVersion != "" && c.ProbeTimeout <= 0 {
		c.ProbeTimeout = timeout
	}
	return &c
}

// eraRefused reports whether a handshake that failed with ce failed
// because the server does not speak the era --protocol insists on: it
// answered the handshake's first request with a JSON-RPC error, or (over
// HTTP) with a client-error status other than an authentication one.
func eraRefused(ce *ConnectError) bool {
	if ce.Target.Protocol == "" {
		return false
	}
	var rpc *transport.Error
	switch {
	case ce.Stage == StageInitialize && errors.As(ce.Err, &rpc):
		return true
	case ce.Stage == StageStart && ce.Status >= http.StatusBadRequest && ce.Status < http.StatusInternalServerError && !ce.AuthRequired():
		return true
	}
	return false
}

// diagnoseEra explains a server that refused the era --protocol insists
// on, and how to let mcpdev pick.
func diagnoseEra(r *Report, ce *ConnectError) {
	want := EraOf(ce.Target.Protocol)
	other := map[string]string{"legacy": "2026", "2026": "legacy"}[want]
	first := "server/discover"
	if want == "legacy" {
		first = "initialize"
	}
	why := ce.Err.Error()
	var rpc *transport.Error
	switch {
	case ce.Status != 0 && errors.As(ce.Err, &rpc):
		why = fmt.Sprintf("HTTP %d: %s", ce.Status, rpc.Message)
	case ce.Status != 0:
		why = fmt.Sprintf("HTTP %d", ce.Status)
	case errors.As(ce.Err, &rpc):
		why = fmt.Sprintf("%s (%d)", rpc.Message, rpc.Code)
	}
	r.Kind = "era-refused"
	r.Summary = fmt.Sprintf("the server does not speak the %s era (MCP %s, forced by --protocol): it refused %s: %s", want, ce.Target.Protocol, first, why)
	r.Hints = []string{
		fmt.Sprintf("it may speak only the %s era: try --protocol %s", other, other),
		"without --protocol (or with --protocol auto) mcpdev picks the era the server speaks",
	}
	if len(ce.Stderr) > 0 {
		r.Details = append(r.Details, "last lines of its stderr:")
		for _, l := range ce.Stderr {
			r.Details = append(r.Details, "  "+l)
		}
	}
}

// Negotiated says what the connection speaks, for -v: "MCP 2025-11-25
// (legacy era, --protocol) over stdio" (--protocol: the era was forced).
func (c *Connection) Negotiated() string {
	v := c.ProtocolVersion()
	forced := ""
	if c.Target != nil && c.Target.Protocol != "" {
		forced = ", --protocol"
	}
	return fmt.Sprintf("MCP %s (%s era%s) over %s", v, EraOf(v), forced, c.Transport())
}
