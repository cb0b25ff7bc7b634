package redisstore

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

func TestRangeStart(t *testing.T) {
	for _, tc := range []struct {
		pos, want string
		ok        bool
	}{
		{"0", "-", true},
		{"1700000000000-0", "(1700000000000-0", true},
		{"18446744073709551615-18446744073709551614", "(18446744073709551615-18446744073709551614", true},
		{"18446744073709551615-18446744073709551615", "", false}, // nothing follows it: Redis refuses the range
		{"18446744073709551616-0", "", false},
		{"1700000000000", "", false},
		{"-0", "", false},
		{"1-", "", false},
		{"+1-0", "", false},
		{"1-0-0", "", false},
		{"1 -0", "", false},
		{"*", "", false},
		{"$", "", false},
	} {
		got, ok := rangeStart(tc.pos)
		if got != tc.want || ok != tc.ok {
			t.Errorf("rangeStart(%q) = %q, %v; want %q, %v", tc.pos, got, ok, tc.want, tc.ok)
		}
	}
}

// Fuzz the position of a Last-Event-ID, which a client sends: only "0" or
// a well-formed Redis stream id reaches XRANGE.
func FuzzRangeStart(f *testing.F) {
	for _, s := range []string{"0", "1-0", "1700000000000-12", "-", "+", "(1-0", "1-0\r\n", "99999999999999999999-0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pos string) {
		start, ok := rangeStart(pos)
		if !ok {
			return
		}
		if pos == "0" {
			if start != "-" {
				t.Fatalf("rangeStart(0) = %q", start)
			}
			return
		}
		ms, seq, _ := strings.Cut(pos, "-")
		_, err1 := strconv.ParseUint(ms, 10, 64)
		_, err2 := strconv.ParseUint(seq, 10, 64)
		if start != "("+pos || err1 != nil || err2 != nil || strings.ContainsAny(pos, "+ \r\n") || isMaxID(ms, seq) {
			t.Fatalf("rangeStart(%q) = %q", pos, start)
		}
	})
}

// Fuzz the reader of stored entries: the data field comes back byte for
// byte; an entry without it is an error, not a panic.
func FuzzEventData(f *testing.F) {
	f.Add("d", "{}")
	f.Add("x", "\x00\xff")
	f.Fuzz(func(t *testing.T, field, value string) {
		data, err := eventData(map[string]any{field: value})
		switch {
		case field == dataField && (err != nil || string(data) != value):
			t.Fatalf("eventData(%q) = %q, %v", value, data, err)
		case field != dataField && !errors.Is(err, errNoData):
			t.Fatalf("eventData without %q = %q, %v", dataField, data, err)
		}
		if _, err := eventData(map[string]any{dataField: 7}); !errors.Is(err, errNoData) {
			t.Fatalf("eventData of a number = %v", err)
		}
	})
}
