// Package watch reports debounced changes to the files of Go packages and
// to extra globs.
package watch

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/mcpdev/mcpdev/inspector"
)

// DefaultDebounce is how long the watcher waits for a burst of saves to end
// before it reports a change.
const DefaultDebounce = 100 * time.Millisecond

// Spec says what to watch.
type Spec struct {
	// Packages are Go packages, each a directory or a .go file: their .go
	// and embedded files, go.mod and go.sum, and those of the main-module
	// packages they import (as go list reports them). A .go file is the
	// program go run FILE builds: that file, not the rest of its directory,
	// in a module or outside any.
	Packages []string
	// Globs are extra files to watch (--watch GLOB…), relative to Dir. A
	// pattern without a slash matches a file's name at any depth; "**"
	// matches any number of directories.
	Globs []string
	// Dir anchors Globs (default: the current directory).
	Dir string
}

// Options configures New; every field is optional.
type Options struct {
	// Debounce is the quiet period that ends a burst of saves (default
	// DefaultDebounce).
	Debounce time.Duration
}

// ErrNothingToWatch is returned by New for a Spec with neither packages
// nor globs.
var ErrNothingToWatch = errors.New("watch: nothing to watch")

// Change is one debounced burst of relevant file events.
type Change struct {
	Files   []string // the changed files, absolute, sorted
	Globbed bool     // some matched a --watch glob (not Go source)
}

// Watcher reports changes to the files of a Spec: for its Go packages, the
// .go files, embedded files, go.mod and go.sum of each and of the
// main-module packages it imports (as go list reports them); the files
// matching its Globs. Editors' temporary
// files, tests and everything else are ignored.
type Watcher struct {
	spec Spec
	opts Options
	fs   *fsnotify.Watcher
	out  chan Change
	done chan struct{}

	mu     sync.Mutex
	files  map[string]bool // exact files (embedded, go.mod, …)
	goDirs map[string]bool // package dirs: any non-test .go file counts
	globs  []string        // absolute-anchored patterns
	roots  []string        // directories watched for globs (recursively)

	ignored atomic.Int64
	changes atomic.Int64
	closed  sync.Once
}

// New starts watching the files of s. Close it when done.
func New(ctx context.Context, s Spec, opts *Options) (*Watcher, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Debounce <= 0 {
		o.Debounce = DefaultDebounce
	}
	if s.Dir == "" {
		s.Dir, _ = os.Getwd()
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &Watcher{spec: s, opts: o, fs: fw, out: make(chan Change), done: make(chan struct{})}
	if err := w.setup(ctx); err != nil {
		fw.Close()
		return nil, err
	}
	go w.loop(ctx)
	return w, nil
}

func (w *Watcher) setup(ctx context.Context) error {
	if len(w.spec.Packages) > 0 {
		if err := w.Refresh(ctx); err != nil {
			return err
		}
	}
	for _, g := range w.spec.Globs {
		if err := w.addGlob(g); err != nil {
			return err
		}
	}
	if len(w.spec.Packages) == 0 && len(w.spec.Globs) == 0 {
		return ErrNothingToWatch
	}
	return nil
}

// Changes delivers one Change per burst of saves.
func (w *Watcher) Changes() <-chan Change { return w.out }

// Ignored counts file events that were not relevant (tests, editors' files).
func (w *Watcher) Ignored() int { return int(w.ignored.Load()) }

// Close stops watching.
func (w *Watcher) Close() error {
	var err error
	w.closed.Do(func() {
		close(w.done)
		err = w.fs.Close()
	})
	return err
}

// Files returns the exact files and package directories watched, sorted.
func (w *Watcher) Files() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
	for f := range w.files {
		out = append(out, f)
	}
	for d := range w.goDirs {
		out = append(out, filepath.Join(d, "*.go"))
	}
	sort.Strings(out)
	return out
}

// listedPackage is what go list -json says about one package.
type listedPackage struct {
	Dir        string
	GoFiles    []string
	CgoFiles   []string
	EmbedFiles []string
	Standard   bool
	Module     *struct {
		Main  bool
		GoMod string
	}
}

// Refresh asks go list again which files make up the Go packages (after a
// build: new imports or embed patterns change the set).
func (w *Watcher) Refresh(ctx context.Context) error {
	files, goDirs := map[string]bool{}, map[string]bool{}
	for _, p := range w.spec.Packages {
		if err := w.list(ctx, p, files, goDirs); err != nil {
			return err
		}
	}
	w.mu.Lock()
	w.files, w.goDirs = files, goDirs
	w.mu.Unlock()
	return w.addDirs(files, goDirs)
}

// list adds the files of one Go package (a directory or a .go file).
func (w *Watcher) list(ctx context.Context, path string, files, goDirs map[string]bool) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	dir, pkg, single := abs, ".", false
	if fi, err := os.Stat(abs); err == nil && !fi.IsDir() {
		dir, pkg, single = filepath.Dir(abs), filepath.Base(abs), true
	}
	pkgs, err := goList(ctx, dir, pkg)
	if err != nil || len(pkgs) == 0 {
		// Not buildable right now (a syntax error, say): watch the package's
		// directory (or the file) until the next refresh.
		if single {
			files[abs] = true
		} else {
			goDirs[dir] = true
		}
	}
	for i, p := range pkgs {
		if i == len(pkgs)-1 && single {
			collectFiles(p, files)
			continue
		}
		collect(p, files, goDirs)
	}
	if single {
		addModFiles(goModOf(ctx, dir), files)
	}
	return nil
}

// collect adds the files of a listed main-module package: its directory
// (a new .go file joins the package) and its other files.
func collect(p listedPackage, files, goDirs map[string]bool) {
	if p.Standard || p.Module == nil || !p.Module.Main {
		return
	}
	goDirs[p.Dir] = true
	collectFiles(p, files)
	addModFiles(p.Module.GoMod, files)
}

// collectFiles adds the .go and embedded files go list names. A file target
// is go list's "command-line-arguments" package, with no module even in one:
// it is its own files alone, as go run file.go builds only that file.
func collectFiles(p listedPackage, files map[string]bool) {
	for _, group := range [][]string{p.GoFiles, p.CgoFiles, p.EmbedFiles} {
		for _, f := range group {
			files[filepath.Join(p.Dir, f)] = true
		}
	}
}

// addModFiles adds go.mod and go.sum ("" adds nothing).
func addModFiles(goMod string, files map[string]bool) {
	if goMod == "" {
		return
	}
	files[goMod] = true
	files[strings.TrimSuffix(goMod, ".mod")+".sum"] = true
}

// goModOf is the go.mod of the module dir belongs to, "" outside any
// module (go env GOMOD says os.DevNull there).
func goModOf(ctx context.Context, dir string) string {
	cmd := exec.CommandContext(ctx, "go", "env", "GOMOD")
	cmd.Dir = dir
	out, err := cmd.Output()
	mod := strings.TrimSpace(string(out))
	if err != nil || mod == os.DevNull {
		return ""
	}
	return mod
}

func goList(ctx context.Context, dir, pkg string) ([]listedPackage, error) {
	cmd := exec.CommandContext(ctx, "go", "list", "-deps", "-json=Dir,GoFiles,CgoFiles,EmbedFiles,Standard,Module", pkg)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil, err
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			return pkgs, nil
		} else if err != nil {
			return nil, err
		}
		pkgs = append(pkgs, p)
	}
}

// addDirs watches the directories holding files and goDirs (fsnotify
// watches directories: editors replace files by renaming over them).
func (w *Watcher) addDirs(files, goDirs map[string]bool) error {
	dirs := map[string]bool{}
	for f := range files {
		dirs[filepath.Dir(f)] = true
	}
	for d := range goDirs {
		dirs[d] = true
	}
	watching := map[string]bool{}
	for _, d := range w.fs.WatchList() {
		watching[d] = true
	}
	for d := range dirs {
		if watching[d] {
			continue
		}
		if err := w.fs.Add(d); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// relevant reports whether a change to path matters, and whether it
// matched a glob.
func (w *Watcher) relevant(path string) (ok, globbed bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.files[path] {
		return true, false
	}
	base := filepath.Base(path)
	if w.goDirs[filepath.Dir(path)] && strings.HasSuffix(base, ".go") &&
		!strings.HasSuffix(base, "_test.go") && !strings.HasPrefix(base, ".") {
		return true, false
	}
	for _, g := range w.globs {
		if matchGlob(g, path) {
			return true, true
		}
	}
	return false, false
}

// loop debounces file events into Changes.
func (w *Watcher) loop(ctx context.Context) {
	defer close(w.out)
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	var quiet <-chan time.Time
	pending := map[string]bool{}
	globbed, ready := false, false
	for {
		var send chan Change
		if ready {
			send = w.out
		}
		select {
		case ev, ok := <-w.fs.Events:
			if !ok {
				return
			}
			rel, g := w.event(ev)
			if !rel {
				continue
			}
			pending[ev.Name], globbed, ready = true, globbed || g, false
			timer.Reset(w.opts.Debounce)
			quiet = timer.C
		case <-quiet:
			quiet, ready = nil, len(pending) > 0
		case send <- w.change(pending, globbed):
			w.changes.Add(1)
			pending, globbed, ready = map[string]bool{}, false, false
		case _, ok := <-w.fs.Errors:
			if !ok {
				return
			}
		case <-w.done:
			return
		case <-ctx.Done():
			return
		}
	}
}

// event classifies one fsnotify event; new directories under a glob root
// are watched too.
func (w *Watcher) event(ev fsnotify.Event) (relevant, globbed bool) {
	if ev.Op == fsnotify.Chmod {
		w.ignored.Add(1)
		return false, false
	}
	if ev.Has(fsnotify.Create) && w.underGlobRoot(ev.Name) {
		if fi, err := os.Stat(ev.Name); err == nil && fi.IsDir() {
			w.watchTree(ev.Name)
			return false, false
		}
	}
	rel, g := w.relevant(ev.Name)
	if !rel {
		w.ignored.Add(1)
	}
	return rel, g
}

func (w *Watcher) change(pending map[string]bool, globbed bool) Change {
	c := Change{Globbed: globbed}
	for f := range pending {
		c.Files = append(c.Files, f)
	}
	sort.Strings(c.Files)
	return c
}

// addGlob anchors a pattern at Dir and watches the directories under its
// fixed prefix.
func (w *Watcher) addGlob(pattern string) error {
	p := filepath.ToSlash(pattern)
	if !strings.Contains(p, "/") {
		p = "**/" + p
	}
	if !filepath.IsAbs(p) {
		p = filepath.ToSlash(filepath.Join(w.spec.Dir, p))
	}
	root := globRoot(p)
	if fi, err := os.Stat(root); err != nil || !fi.IsDir() {
		return inspector.Usagef("--watch %s: no directory %s", pattern, root)
	}
	w.mu.Lock()
	w.globs = append(w.globs, p)
	w.roots = append(w.roots, root)
	w.mu.Unlock()
	w.watchTree(root)
	return nil
}

// globRoot is the longest directory prefix of p without glob characters.
func globRoot(p string) string {
	segs := strings.Split(p, "/")
	var fixed []string
	for _, s := range segs[:len(segs)-1] {
		if strings.ContainsAny(s, "*?[") {
			break
		}
		fixed = append(fixed, s)
	}
	root := strings.Join(fixed, "/")
	if root == "" {
		root = "/"
	}
	return filepath.FromSlash(root)
}

// skipDir names directories never worth watching.
func skipDir(name string) bool {
	switch name {
	case "node_modules", "__pycache__", ".venv", "venv", "target", "dist", "build":
		return true
	}
	return strings.HasPrefix(name, ".") && name != "."
}

// watchTree watches root and its subdirectories (at most 4096).
func (w *Watcher) watchTree(root string) {
	n := 0
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if p != root && skipDir(d.Name()) {
			return filepath.SkipDir
		}
		if n++; n > 4096 {
			return filepath.SkipAll
		}
		w.fs.Add(p)
		return nil
	})
}

func (w *Watcher) underGlobRoot(p string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, r := range w.roots {
		if strings.HasPrefix(p, r+string(filepath.Separator)) || p == r {
			return true
		}
	}
	return false
}

// matchGlob matches a slash pattern against a path; "**" matches any number
// of path segments.
func matchGlob(pattern, path string) bool {
	return matchSegs(strings.Split(pattern, "/"), strings.Split(filepath.ToSlash(path), "/"))
}

func matchSegs(pat, segs []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(segs); i++ {
				if matchSegs(pat[1:], segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, _ := filepath.Match(pat[0], segs[0]); !ok {
			return false
		}
		pat, segs = pat[1:], segs[1:]
	}
	return len(segs) == 0
}
