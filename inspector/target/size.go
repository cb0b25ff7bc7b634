package target

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// DefaultMaxMessageSize is the longest message mcpdev accepts from a
// server unless told otherwise (--max-message-size): generous, since a
// tool reading files may well return 50 MiB. A message longer than the
// limit is never held in memory; the call it answers fails at once.
const DefaultMaxMessageSize = 256 << 20

// minMessageSize is the smallest limit accepted: an initialize answer
// must fit.
const minMessageSize = 1 << 10

// maxMessageSize is the limit for t's connections.
func (t *Target) maxMessageSize() int {
	if t.MaxMessageSize > 0 {
		return t.MaxMessageSize
	}
	return DefaultMaxMessageSize
}

// ParseSize reads a byte count as written on a command line: 1048576,
// 512KiB, 64MiB, 1GiB (powers of 1024; K, M and G alone too) or 100KB,
// 100MB, 1GB (powers of 1000); case does not matter, a fraction is
// allowed (1.5GiB). It must be at least 1 KiB.
func ParseSize(s string) (int, error) {
	text := strings.TrimSpace(s)
	i := strings.IndexFunc(text, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if i < 0 {
		i = len(text)
	}
	num, unit := text[:i], strings.ToLower(strings.TrimSpace(text[i:]))
	v, err := strconv.ParseFloat(num, 64)
	mult, ok := sizeUnits[unit]
	if err != nil || !ok {
		return 0, fmt.Errorf("%q is not a size: want a number of bytes, or one with a unit, like 64MiB or 100MB", s)
	}
	n := v * float64(mult)
	if n < minMessageSize {
		return 0, fmt.Errorf("%q: the size must be at least 1 KiB", s)
	}
	if n > math.MaxInt {
		return 0, fmt.Errorf("%q: the size is too large for this machine", s)
	}
	return int(n), nil
}

var sizeUnits = map[string]int64{
	"": 1, "b": 1,
	"k": 1 << 10, "ki": 1 << 10, "kib": 1 << 10, "kb": 1000,
	"m": 1 << 20, "mi": 1 << 20, "mib": 1 << 20, "mb": 1000 * 1000,
	"g": 1 << 30, "gi": 1 << 30, "gib": 1 << 30, "gb": 1000 * 1000 * 1000,
}
