package inspector

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// WatchTests runs the sessions like RunTests, then again after every change
// to the session files or to the Go code of their targets (mcpdev test
// --watch), until ctx ends. opts.Debounce and the like come from wopts.
func WatchTests(ctx context.Context, w io.Writer, paths []string, opts *TestOptions, wopts *WatchOptions) error {
	files, err := sessionFiles(paths)
	if err != nil {
		return err
	}
	changes, stop, err := watchSessions(ctx, paths, files, opts, wopts)
	if err != nil {
		return err
	}
	defer stop()
	RunTests(ctx, w, paths, opts)
	for {
		fmt.Fprintln(w, "watching for changes (ctrl+c to stop)…")
		var ch Change
		select {
		case <-ctx.Done():
			return nil
		case ch = <-changes:
		}
		drain(changes, &ch)
		fmt.Fprintf(w, "\nchanged: %s\n", strings.Join(shortPaths(ch.Files), " "))
		RunTests(ctx, w, paths, opts)
	}
}

// drain merges the changes already waiting into ch.
func drain(changes <-chan Change, ch *Change) {
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
func watchSessions(ctx context.Context, paths, files []string, opts *TestOptions, wopts *WatchOptions) (<-chan Change, func(), error) {
	var o WatchOptions
	if wopts != nil {
		o = *wopts
	}
	o.Globs = nil
	for _, p := range paths {
		abs, _ := filepath.Abs(p)
		if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
			abs = filepath.Join(abs, "**", "*.txtar")
		}
		o.Globs = append(o.Globs, abs)
	}
	var watchers []*Watcher
	stop := func() {
		for _, w := range watchers {
			w.Close()
		}
	}
	sw, err := Watch(ctx, &Target{Kind: KindCommand, Name: "sessions"}, &o)
	if err != nil {
		return nil, nil, err
	}
	watchers = append(watchers, sw)
	seen := map[string]bool{}
	for _, f := range files {
		t := sessionTarget(f, opts)
		if t == nil || t.Kind != KindGo || seen[t.GoPath] {
			continue
		}
		seen[t.GoPath] = true
		gw, err := Watch(ctx, t, &WatchOptions{Debounce: o.Debounce})
		if err != nil {
			stop()
			return nil, nil, err
		}
		watchers = append(watchers, gw)
	}
	out := make(chan Change)
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
func sessionTarget(path string, opts *TestOptions) *Target {
	f, err := LoadSession(path)
	if err != nil {
		return nil
	}
	var o TestOptions
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
