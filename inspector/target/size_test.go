package target

import (
	"testing"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int
		bad  bool
	}{
		{in: "1048576", want: 1 << 20},
		{in: "64MiB", want: 64 << 20},
		{in: "64mib", want: 64 << 20},
		{in: "64 MiB", want: 64 << 20},
		{in: "64M", want: 64 << 20},
		{in: "100MB", want: 100_000_000},
		{in: "1GiB", want: 1 << 30},
		{in: "1.5GiB", want: 3 << 29},
		{in: "2GB", want: 2_000_000_000},
		{in: "512KiB", want: 512 << 10},
		{in: "512kb", want: 512_000},
		{in: "1KiB", want: 1024},
		{in: "1000", bad: true}, // under 1 KiB: initialize would not fit
		{in: "0", bad: true},
		{in: "-5MiB", bad: true},
		{in: "12XB", bad: true},
		{in: "MiB", bad: true},
		{in: "", bad: true},
		{in: "1e9", bad: true},
	}
	for _, tt := range tests {
		got, err := ParseSize(tt.in)
		if (err != nil) != tt.bad || (!tt.bad && got != tt.want) {
			t.Errorf("ParseSize(%q) = %d, %v; want %d (error: %v)", tt.in, got, err, tt.want, tt.bad)
		}
	}
}
