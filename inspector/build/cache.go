package build

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/inspector"
)

// The build cache (Binary) holds a slot per Go target, named after its
// absolute path hashed: a file "target" naming the path, and the latest
// build in a directory named after the content key ("KEY.tmp" while it is
// built). Older builds of a target go as soon as a new one is made, so the
// cache grows with the number of targets; trimming removes whole targets,
// the way Go trims its own cache: after a build, at most once per
// trimEvery (trim.txt holds the time of the last trim), targets unused for
// MaxAge go, then the least recently used while the cache is over MaxSize.
// A cached build's use is recorded in its binary's mtime, at most hourly.
const (
	// DefaultCacheMaxAge is how long a target's build stays unused (Go
	// keeps its own cache entries 5 days).
	DefaultCacheMaxAge = 5 * 24 * time.Hour
	// DefaultCacheMaxSize bounds the cache's total size in bytes.
	DefaultCacheMaxSize = 1_000_000_000

	trimEvery  = time.Hour // automatic trims, at most
	touchEvery = time.Hour // recording a cached build's use, at most
	staleBuild = time.Hour // an unfinished build older than this was abandoned

	slotTargetFile = "target"
	trimStampFile  = "trim.txt"
)

// Entry is one Go target in the build cache.
type Entry struct {
	Target   string    // the Go file or package built; "" when not recorded
	Dir      string    // its slot in the cache
	Builds   int       // finished builds (one, normally)
	Size     int64     // bytes, unfinished builds included
	LastUsed time.Time // when its newest build was last used

	building bool     // a build younger than staleBuild is under way
	extra    []string // abandoned builds and builds older than the newest
}

// TrimOptions bound the build cache (zero values: the defaults).
type TrimOptions struct {
	MaxAge  time.Duration
	MaxSize int64
	// Keep is a slot never removed (the one just built).
	Keep string
}

// DefaultCacheDir is where Go targets are built: build in
// inspector.CacheDir().
func DefaultCacheDir() string {
	return filepath.Join(inspector.CacheDir(), "build")
}

// List lists the targets in the build cache dir, the most
// recently used first. A cache not created yet is empty.
func List(dir string) ([]Entry, error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, readSlot(filepath.Join(dir, e.Name())))
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].LastUsed.After(out[j].LastUsed) })
	return out, nil
}

// readSlot measures one target's slot.
func readSlot(dir string) Entry {
	c := Entry{Dir: dir}
	if b, err := os.ReadFile(filepath.Join(dir, slotTargetFile)); err == nil {
		c.Target = strings.TrimSpace(string(b))
	}
	entries, _ := os.ReadDir(dir)
	var newest string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		p := filepath.Join(dir, e.Name())
		size, mod := du(p)
		c.Size += size
		switch {
		case strings.HasSuffix(e.Name(), ".tmp") && time.Since(mod) < staleBuild:
			c.building = true
		case strings.HasSuffix(e.Name(), ".tmp"):
			c.extra = append(c.extra, p)
		case mod.After(c.LastUsed) || newest == "":
			if newest != "" {
				c.extra = append(c.extra, newest)
			}
			c.Builds, newest, c.LastUsed = c.Builds+1, p, mod
		default:
			c.Builds++
			c.extra = append(c.extra, p)
		}
	}
	if newest == "" {
		if fi, err := os.Stat(dir); err == nil {
			c.LastUsed = fi.ModTime()
		}
	}
	return c
}

// du is the size of the files under dir and the newest mtime among them.
func du(dir string) (size int64, newest time.Time) {
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if fi, err := d.Info(); err == nil {
			if !d.IsDir() {
				size += fi.Size()
			}
			if fi.ModTime().After(newest) {
				newest = fi.ModTime()
			}
		}
		return nil
	})
	return size, newest
}

// Clean removes the targets unused for olderThan (0: every
// target) and returns them.
func Clean(dir string, olderThan time.Duration) ([]Entry, error) {
	targets, err := List(dir)
	if err != nil {
		return nil, err
	}
	var removed []Entry
	for _, c := range targets {
		if olderThan > 0 && time.Since(c.LastUsed) < olderThan {
			continue
		}
		if err := os.RemoveAll(c.Dir); err != nil {
			return removed, err
		}
		removed = append(removed, c)
	}
	if olderThan == 0 {
		os.Remove(filepath.Join(dir, trimStampFile))
	}
	return removed, nil
}

// Trim bounds the build cache dir: abandoned and superseded
// builds go, then targets unused for MaxAge, then the least recently used
// while the cache is larger than MaxSize. Targets being built and
// opts.Keep stay. It returns the targets removed.
func Trim(dir string, opts *TrimOptions) ([]Entry, error) {
	o := TrimOptions{MaxAge: DefaultCacheMaxAge, MaxSize: DefaultCacheMaxSize}
	if opts != nil {
		o.Keep = opts.Keep
		if opts.MaxAge > 0 {
			o.MaxAge = opts.MaxAge
		}
		if opts.MaxSize > 0 {
			o.MaxSize = opts.MaxSize
		}
	}
	targets, err := List(dir)
	if err != nil {
		return nil, err
	}
	var total int64
	for i := range targets {
		targets[i].dropExtra()
		total += targets[i].Size
	}
	var removed []Entry
	for i := len(targets) - 1; i >= 0; i-- { // the least recently used first
		c := targets[i]
		if c.Dir == o.Keep || c.building || (time.Since(c.LastUsed) < o.MaxAge && total <= o.MaxSize) {
			continue
		}
		if err := os.RemoveAll(c.Dir); err != nil {
			return removed, err
		}
		total -= c.Size
		removed = append(removed, c)
	}
	return removed, nil
}

// dropExtra removes abandoned and superseded builds.
func (c *Entry) dropExtra() {
	for _, p := range c.extra {
		size, _ := du(p)
		if os.RemoveAll(p) == nil {
			c.Size -= size
		}
	}
	c.extra = nil
}

// maybeTrimBuildCache trims dir unless that was done less than trimEvery
// ago (by any mcpdev: the time is kept in trim.txt).
func maybeTrimBuildCache(dir, keep string) {
	stamp := filepath.Join(dir, trimStampFile)
	now := time.Now()
	if b, err := os.ReadFile(stamp); err == nil {
		sec, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if last := time.Unix(sec, 0); err == nil && !last.After(now) && now.Sub(last) < trimEvery {
			return
		}
	}
	if os.WriteFile(stamp, []byte(strconv.FormatInt(now.Unix(), 10)+"\n"), 0o644) != nil {
		return
	}
	Trim(dir, &TrimOptions{Keep: keep})
}

// touchBuild records that the cached binary bin (last modified mod) was
// used, at most once per touchEvery.
func touchBuild(bin string, mod time.Time) {
	if now := time.Now(); now.Sub(mod) > touchEvery {
		os.Chtimes(bin, now, now)
	}
}
