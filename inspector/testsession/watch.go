package testsession

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/inspector/watch"
)

// Watch runs the sessions like Run, then again after every change
// to the session files or to the Go code of their targets (mcpdev test
// --watch), until ctx ends. opts.Debounce and the like come from wopts.
func Watch(ctx context.Context, w io.Writer, paths []string, opts *Options, wopts *watch.Options) error {
	files, err := sessionFiles(paths)
	if err != nil {
		return err
	}
	changes, stop, err := watchSessions(ctx, paths, files, opts, wopts)
	if err != nil {
		return err
	}
	defer stop()
	Run(ctx, w, paths, opts)
	for {
		fmt.Fprintln(w, "watching for changes (ctrl+c to stop)…")
		var ch watch.Change
		select {
		case <-ctx.Done():
			return nil
		case ch = <-changes:
		}
		drain(changes, &ch)
		fmt.Fprintf(w, "\nchanged: %s\n", strings.Join(shortPaths(ch.Files), " "))
		Run(ctx, w, paths, opts)
	}
}

// drain merges the changes already waiting into ch.
func drain(changes <-chan watch.Change, ch *watch.Change) {
	for {
		select {
		case more := <-changes:
			ch.Files = append(ch.Files, more.Files...)
		default:
			return
		}
	}
}

func shortPaths(files []string) []string {
	cwd, _ := os.Getwd()
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f
		if rel, err := filepath.Rel(cwd, f); err == nil && !strings.HasPrefix(rel, "..") {
			out[i] = rel
		}
	}
	return out
}

// watchSessions watches the session files (and new ones in the given
// directories) and the Go targets they name, merging their changes.
func watchSessions(ctx context.Context, paths, files []string, opts *Options, wopts *watch.Options) (<-chan watch.Change, func(), error) {
	var o watch.Options
	if wopts != nil {
		o = *wopts
	}
	var globs []string
	for _, p := range paths {
		abs, _ := filepath.Abs(p)
		if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
			abs = filepath.Join(abs, "**", "*.txtar")
		}
		globs = append(globs, abs)
	}
	var watchers []*watch.Watcher
	stop := func() {
		for _, w := range watchers {
			w.Close()
		}
	}
	sw, err := watch.New(ctx, watch.Spec{Globs: globs}, &o)
	if err != nil {
		return nil, nil, err
	}
	watchers = append(watchers, sw)
	seen := map[string]bool{}
	for _, f := range files {
		t := sessionTarget(f, opts)
		if t == nil || t.Kind != target.KindGo || seen[t.GoPath] {
			continue
		}
		seen[t.GoPath] = true
		gw, err := watch.New(ctx, watch.Spec{Packages: []string{t.GoPath}, Dir: t.Dir}, &o)
		if err != nil {
			stop()
			return nil, nil, err
		}
		watchers = append(watchers, gw)
	}
	out := make(chan watch.Change)
	for _, w := range watchers {
		go func() {
			for ch := range w.Changes() {
				select {
				case out <- ch:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	return out, stop, nil
}

// sessionTarget resolves a session file's target, or nil (the run will
// report the problem).
func sessionTarget(path string, opts *Options) *target.Target {
	f, err := Load(path)
	if err != nil {
		return nil
	}
	var o Options
	if opts != nil {
		o = *opts
	}
	r := &sessionRun{path: path, file: f, opts: &o}
	t, err := r.resolve()
	if err != nil {
		return nil
	}
	return t
}
