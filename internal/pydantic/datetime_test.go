package pydantic

import (
	"testing"
	"time"
)

// The date-time format accepts exactly what time.Time decodes.
func TestDateTimeIsGoTime(t *testing.T) {
	for _, s := range []string{
		"2024-01-01T10:00:00Z", "2024-01-01T10:00:00,5Z", "2024-01-01T1:00:00Z", "0000-01-01T00:00:00Z",
		"2024-01-01t10:00:00Z", "2024-01-01T10:00:00z", "2024-01-01T10:00:00+0100", "2024-01-01T10:00Z",
		"2024-01-01T10:00:00.Z", "2024-02-29T00:00:00Z", "2023-02-29T00:00:00Z", "2024-01-01T24:00:00Z",
	} {
		var tm time.Time
		goErr := tm.UnmarshalText([]byte(s))
		err := checkDateTime(s)
		if (goErr == nil) != (err == nil) {
			t.Errorf("%q: time.Time says %v, the format says %v", s, goErr, err)
		}
		if err != nil && err.Error() == "" {
			t.Errorf("%q: refused without a reason", s)
		}
	}
}
