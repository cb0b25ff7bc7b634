package redisstore

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// dataField is the field of a stream entry holding the event's data.
const dataField = "d"

// errNoData: a stream entry without the event's data (written by something
// else than this package).
var errNoData = errors.New("no data field")

// eventData reads an event's data from a stream entry's fields.
func eventData(values map[string]any) ([]byte, error) {
	s, ok := values[dataField].(string)
	if !ok {
		return nil, errNoData
	}
	return []byte(s), nil
}

// rangeStart turns the position of a Last-Event-ID into the exclusive
// XRANGE start after it: "0" (before the first event) or a Redis stream
// id, two uint64s joined by '-'. ok is false for anything else.
func rangeStart(pos string) (start string, ok bool) {
	if pos == "0" {
		return "-", true
	}
	ms, seq, found := strings.Cut(pos, "-")
	if !found || !isUint64(ms) || !isUint64(seq) || isMaxID(ms, seq) {
		return "", false
	}
	return "(" + pos, true
}

// isMaxID reports whether ms-seq is the largest stream id, which nothing
// follows (Redis refuses an exclusive range from it).
func isMaxID(ms, seq string) bool {
	a, _ := strconv.ParseUint(ms, 10, 64)
	b, _ := strconv.ParseUint(seq, 10, 64)
	return a == math.MaxUint64 && b == math.MaxUint64
}

// isUint64 reports whether s is plain decimal digits fitting a uint64.
func isUint64(s string) bool {
	if s == "" || s[0] == '+' {
		return false
	}
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}
