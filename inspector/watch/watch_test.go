package watch

import (
	"testing"
)

func TestMatchGlob(t *testing.T) {
	for _, tc := range []struct {
		pattern, path string
		want          bool
	}{
		{"/a/**/*.py", "/a/x.py", true},
		{"/a/**/*.py", "/a/b/c/x.py", true},
		{"/a/**/*.py", "/a/b/x.pyc", false},
		{"/a/*.py", "/a/b/x.py", false},
		{"/a/b/*.json", "/a/b/c.json", true},
		{"/a/**", "/a/b/c", true},
		{"/a/[bc]/x", "/a/c/x", true},
	} {
		if got := matchGlob(tc.pattern, tc.path); got != tc.want {
			t.Errorf("matchGlob(%q, %q) = %v, want %v", tc.pattern, tc.path, got, tc.want)
		}
	}
}
