package inspector

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/mcpdev/mcpdev/transport"
)

// UsageError is a mistake on the command line.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// Usagef builds a *UsageError.
func Usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// Describe is the human explanation of err: the report of the first error in
// its chain that has one (the doctor's for a connection failure, every
// problem for refused arguments), else the message (with how to raise the
// limit for a message too large).
func Describe(err error) string {
	var r interface{ Report() string }
	if errors.As(err, &r) {
		return r.Report()
	}
	if hint := TooLargeHint(err); hint != "" {
		return err.Error() + "\n" + hint
	}
	return err.Error()
}

// TooLargeHint is what mcpdev adds to a message-too-large error: how to
// raise the limit ("" for any other error).
func TooLargeHint(err error) string {
	var de *transport.DecodeError
	if !errors.As(err, &de) || de.Limit == 0 {
		return ""
	}
	return "raise the limit with --max-message-size " + strings.ReplaceAll(transport.FormatSize(nextPowerOfTwo(int64(de.Size))), " ", "")
}

// nextPowerOfTwo is the smallest power of two of at least n bytes, and at
// least 1 MiB.
func nextPowerOfTwo(n int64) int64 {
	p := int64(1 << 20)
	for p < n && p < math.MaxInt64/2 {
		p *= 2
	}
	return p
}
