package build

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"testing"
	"time"
)

// fakeSlot puts a target's build into cache: a binary of size bytes
// (sparse), last used age ago, and optionally an unfinished build.
func fakeSlot(t testing.TB, cache, name string, size int64, age time.Duration, tmpAge time.Duration) string {
	t.Helper()
	slot := filepath.Join(cache, name)
	build := filepath.Join(slot, "key-"+name)
	if err := os.MkdirAll(build, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(slot, slotTargetFile), []byte("/src/"+name+"\n"), 0o644)
	bin := filepath.Join(build, name)
	f, err := os.Create(bin)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(size)
	f.Close()
	at := time.Now().Add(-age)
	os.Chtimes(bin, at, at)
	os.Chtimes(build, at, at)
	if tmpAge > 0 {
		tmp := filepath.Join(slot, "next.tmp")
		os.MkdirAll(tmp, 0o755)
		at := time.Now().Add(-tmpAge)
		os.Chtimes(tmp, at, at)
	}
	return slot
}

func slotNames(t *testing.T, cache string) []string {
	t.Helper()
	targets, err := List(cache)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range targets {
		names = append(names, filepath.Base(c.Dir))
	}
	sort.Strings(names)
	return names
}

func tinyProgram(t *testing.T, n int) string {
	t.Helper()
	src := t.TempDir()
	os.WriteFile(filepath.Join(src, "go.mod"), []byte("module example.com/tiny\n\ngo 1.22\n"), 0o644)
	setTiny(t, src, n)
	return src
}

func setTiny(t *testing.T, src string, n int) {
	os.WriteFile(filepath.Join(src, "main.go"), []byte("package main\n\nfunc main() { println("+strconv.Itoa(n)+") }\n"), 0o644)
}

// The item 11: the build cache is trimmed after a build, at most
// once per hour: targets unused for 5 days go, then the least recently
// used while it is over 1 GB; the target just built, targets being built
// and the newest build of each target that stays are kept; a cached build
// used again counts as recent.
func TestBuildCacheTrimmedByAgeAndSize(t *testing.T) {
	cache := t.TempDir()
	day := 24 * time.Hour
	fakeSlot(t, cache, "old", 1000, 6*day, 0)
	fakeSlot(t, cache, "recent", 600_000_000, time.Hour, 0)
	fakeSlot(t, cache, "lru", 600_000_000, 2*day, 0)
	fakeSlot(t, cache, "building", 1000, 6*day, time.Minute)
	abandoned := fakeSlot(t, cache, "abandoned", 1000, time.Hour, 3*time.Hour)
	superseded := fakeSlot(t, cache, "superseded", 1000, day, 0)
	older := filepath.Join(superseded, "older-key")
	os.MkdirAll(older, 0o755)
	at := time.Now().Add(-4 * day)
	os.Chtimes(older, at, at)

	src := tinyProgram(t, 1)
	bin, err := Binary(context.Background(), src, cache)
	if err != nil {
		t.Fatal(err)
	}
	built := filepath.Base(filepath.Dir(filepath.Dir(bin)))
	want := []string{"abandoned", "building", "recent", "superseded", built}
	sort.Strings(want)
	if got := slotNames(t, cache); !slices.Equal(got, want) {
		t.Errorf("after the build (-want +got):\n-%q\n+%q", want, got)
	}
	if _, err := os.Stat(filepath.Join(abandoned, "next.tmp")); !os.IsNotExist(err) {
		t.Error("an abandoned unfinished build was kept")
	}
	if _, err := os.Stat(older); !os.IsNotExist(err) {
		t.Error("a superseded build was kept")
	}
	if _, err := os.Stat(filepath.Join(superseded, "key-superseded")); err != nil {
		t.Error("the newest build of a target was removed")
	}
	targets, _ := List(cache)
	if targets[0].Target != mustAbs(t, src) || targets[0].Builds != 1 {
		t.Errorf("the target just built: %+v", targets[0])
	}

	// Within the hour, a new build does not trim again.
	fakeSlot(t, cache, "old2", 1000, 6*day, 0)
	setTiny(t, src, 2)
	if _, err := Binary(context.Background(), src, cache); err != nil {
		t.Fatal(err)
	}
	if got := slotNames(t, cache); len(got) != len(want)+1 {
		t.Errorf("trimmed again within the hour: %q", got)
	}
	// A cached build used again is recent, even after 4 days unused.
	bin, _ = Binary(context.Background(), src, cache)
	at = time.Now().Add(-4 * day)
	os.Chtimes(bin, at, at)
	if again, _ := Binary(context.Background(), src, cache); again != bin {
		t.Fatalf("rebuilt unchanged code: %s, %s", bin, again)
	}
	if fi, _ := os.Stat(bin); time.Since(fi.ModTime()) > time.Minute {
		t.Errorf("using a cached build did not record its use: %v", fi.ModTime())
	}
	// An hour later, the next build trims.
	os.WriteFile(filepath.Join(cache, trimStampFile), []byte(strconv.FormatInt(time.Now().Add(-61*time.Minute).Unix(), 10)), 0o644)
	setTiny(t, src, 3)
	if _, err := Binary(context.Background(), src, cache); err != nil {
		t.Fatal(err)
	}
	for _, name := range slotNames(t, cache) {
		if name == "old2" {
			t.Error("the next trim, an hour later, kept a target unused for 6 days")
		}
	}
}

func TestCleanBuildCacheOlderThan(t *testing.T) {
	cache := t.TempDir()
	fakeSlot(t, cache, "new", 1000, time.Hour, 0)
	fakeSlot(t, cache, "old", 2000, 3*24*time.Hour, 0)
	removed, err := Clean(cache, 2*24*time.Hour)
	if err != nil || len(removed) != 1 || removed[0].Target != "/src/old" || removed[0].Size != 2000 {
		t.Fatalf("removed %+v, %v", removed, err)
	}
	if removed, err = Clean(cache, 0); err != nil || len(removed) != 1 {
		t.Fatalf("clean all: removed %+v, %v", removed, err)
	}
	if got := slotNames(t, cache); len(got) != 0 {
		t.Errorf("left: %q", got)
	}
}

func mustAbs(t *testing.T, p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// The automatic trim runs after a build; over a cache of 200 targets it
// reads each target's slot (a few files) and removes nothing here:
// go test -bench Trim ./inspector/build (about 12ms for 200 targets on
// 2 cores, against seconds for the build it follows).
func BenchmarkTrimBuildCache(b *testing.B) {
	cache := b.TempDir()
	for i := range 200 {
		fakeSlot(b, cache, "t"+strconv.Itoa(i), 4_000_000, time.Duration(i)*time.Minute, 0)
	}
	for b.Loop() {
		if _, err := Trim(cache, nil); err != nil {
			b.Fatal(err)
		}
	}
}
