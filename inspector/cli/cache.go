package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/inspector/build"
	"github.com/mcpdev/mcpdev/internal/columns"
)

// CacheOptions configures RunCache.
type CacheOptions struct {
	Dir       string        // the build cache; default build.DefaultCacheDir()
	Clean     bool          // remove builds rather than list them
	OlderThan time.Duration // with Clean: only targets unused this long
}

// RunCache is `mcpdev cache`: where the build cache is, its targets with
// their size and last use; with Clean, `mcpdev cache clean`.
func RunCache(w io.Writer, opts *CacheOptions) error {
	var o CacheOptions
	if opts != nil {
		o = *opts
	}
	if o.Dir == "" {
		o.Dir = build.DefaultCacheDir()
	}
	if o.Clean {
		return cleanCache(w, o)
	}
	targets, err := build.List(o.Dir)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "build cache: %s\n", o.Dir)
	fmt.Fprintf(w, "trimmed after builds, at most hourly: targets unused for %s go, then the least recently used while over %s\n",
		formatAge(build.DefaultCacheMaxAge), formatBytes(build.DefaultCacheMaxSize))
	if len(targets) == 0 {
		fmt.Fprintln(w, "empty")
		return nil
	}
	fmt.Fprintln(w)
	writeCacheTable(w, targets)
	return nil
}

func writeCacheTable(w io.Writer, targets []build.Entry) {
	tw := columns.NewWriter(w)
	fmt.Fprintln(tw, "TARGET\tBUILDS\tSIZE\tLAST USED")
	var total int64
	for _, c := range targets {
		name := c.Target
		if name == "" {
			name = "? (" + filepath.Base(c.Dir) + ", built by an older mcpdev)"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s ago\n", name, c.Builds, formatBytes(c.Size), formatAge(time.Since(c.LastUsed)))
		total += c.Size
	}
	tw.Flush()
	fmt.Fprintf(w, "%s, %s\n", plural(len(targets), "target"), formatBytes(total))
}

func cleanCache(w io.Writer, o CacheOptions) error {
	removed, err := build.Clean(o.Dir, o.OlderThan)
	var freed int64
	for _, c := range removed {
		freed += c.Size
	}
	what := plural(len(removed), "target")
	if o.OlderThan > 0 {
		what += " unused for " + exactAge(o.OlderThan)
	}
	fmt.Fprintf(w, "removed %s (%s) from %s\n", what, formatBytes(freed), o.Dir)
	return err
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// formatBytes writes n in decimal units: 950 B, 12.3 MB, 1 GB.
func formatBytes(n int64) string {
	units := []string{"B", "kB", "MB", "GB", "TB"}
	f, i := float64(n), 0
	for f >= 1000 && i < len(units)-1 {
		f /= 1000
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%d B", n)
	}
	return strings.Replace(fmt.Sprintf("%.1f %s", f, units[i]), ".0 ", " ", 1)
}

// formatAge writes d in its largest whole unit, rounded down: 40s, 12m,
// 3h, 5d.
func formatAge(d time.Duration) string {
	switch {
	case d >= 24*time.Hour:
		return fmt.Sprintf("%dd", int(d/(24*time.Hour)))
	case d >= time.Hour:
		return fmt.Sprintf("%dh", int(d/time.Hour))
	case d >= time.Minute:
		return fmt.Sprintf("%dm", int(d/time.Minute))
	}
	return fmt.Sprintf("%ds", max(0, int(d/time.Second)))
}

// exactAge writes d exactly, in days when it is whole days: 7d, 36h,
// 1h30m.
func exactAge(d time.Duration) string {
	if d%(24*time.Hour) == 0 {
		return fmt.Sprintf("%dd", int(d/(24*time.Hour)))
	}
	s := d.String() // "36h0m0s", "1h30m0s", "30m0s", "45s"
	if strings.HasSuffix(s, "m0s") {
		s = s[:len(s)-2]
	}
	if strings.HasSuffix(s, "h0m") {
		s = s[:len(s)-2]
	}
	return s
}

// ParseAge reads a duration as time.ParseDuration does, and also whole
// days: "7d", "36h", "90m".
func ParseAge(s string) (time.Duration, error) {
	if n, ok := strings.CutSuffix(s, "d"); ok {
		var days int
		if _, err := fmt.Sscanf(n, "%d", &days); err == nil && fmt.Sprint(days) == n && days >= 0 {
			return time.Duration(days) * 24 * time.Hour, nil
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, inspector.Usagef("%q: want a duration such as 7d, 36h or 90m", s)
	}
	return d, nil
}
