package validate

import (
	"errors"
	"net/netip"
	"strconv"
	"strings"

	"github.com/mcpdev/mcpdev/internal/pydantic"
)

// formatCheck returns the check of a format: pydantic's for the formats it
// words, this package's for ipv4, ipv6 and the syntactic formats
// (worded without a reason, as the library's are); nil for any other.
func formatCheck(name string) func(any) error {
	if f := pydantic.Format(name); f != nil {
		return f
	}
	if check := syntaxFormats[name]; check != nil {
		return stringCheck(check)
	}
	switch name {
	case "ipv4":
		return stringCheck(checkIPv4)
	case "ipv6":
		return stringCheck(checkIPv6)
	case "ipvanyaddress": // the sdk's for netip.Addr and net.IP, never published
		return stringCheck(checkAnyAddress)
	case "ipvanynetwork": // the sdk's for netip.Prefix
		return stringCheck(checkAnyNetwork)
	}
	return nil
}

// stringCheck applies check to strings and passes any other value.
func stringCheck(check func(string) error) func(any) error {
	return func(v any) error {
		if s, ok := v.(string); ok {
			return check(s)
		}
		return nil
	}
}

var errAddress = errors.New("not a valid address")

// checkIPv4 accepts four dot-separated decimals of 0..255 without leading
// zeros.
func checkIPv4(s string) error {
	groups := strings.Split(s, ".")
	if len(groups) != 4 {
		return errAddress
	}
	for _, g := range groups {
		if len(g) > 1 && g[0] == '0' {
			return errAddress
		}
		n, err := strconv.Atoi(g)
		if err != nil || n < 0 || n > 255 {
			return errAddress
		}
	}
	return nil
}

// checkIPv6 accepts an IPv6 address (an embedded IPv4 one included) with
// no zone.
func checkIPv6(s string) error {
	if !strings.Contains(s, ":") {
		return errAddress
	}
	a, err := netip.ParseAddr(s)
	if err != nil || a.Zone() != "" {
		return errAddress
	}
	return nil
}

// checkAnyAddress accepts what netip.Addr's UnmarshalText does: an IPv4
// or IPv6 address, an IPv6 zone included.
func checkAnyAddress(s string) error {
	if _, err := netip.ParseAddr(s); err != nil {
		return errAddress
	}
	return nil
}

// checkAnyNetwork accepts what netip.Prefix's UnmarshalText does: an
// address and a prefix length no longer than its bits (host bits may be
// set, as in 10.1.2.3/24).
func checkAnyNetwork(s string) error {
	if _, err := netip.ParsePrefix(s); err != nil {
		return errAddress
	}
	return nil
}
