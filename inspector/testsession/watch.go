package testsession

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
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
	wt, err := watchSessions(ctx, paths, files, opts, wopts)
	if err != nil {
		return err
	}
	defer wt.Close()
	changes := wt.Changes()
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

// watchSessions watches, in one Spec, the session files (and new ones in
// the given directories) and the Go packages of the targets they name.
func watchSessions(ctx context.Context, paths, files []string, opts *Options, wopts *watch.Options) (*watch.Watcher, error) {
	spec := watch.Spec{Globs: sessionGlobs(paths)}
	for _, f := range files {
		t := sessionTarget(f, opts)
		if t != nil && t.Kind == target.KindGo && !slices.Contains(spec.Packages, t.GoPath) {
			spec.Packages = append(spec.Packages, t.GoPath)
		}
	}
	return watch.New(ctx, spec, wopts)
}

// sessionGlobs are the given session files, absolute, and the .txtar
// files at any depth of the given directories.
func sessionGlobs(paths []string) []string {
	var globs []string
	for _, p := range paths {
		abs, _ := filepath.Abs(p)
		if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
			abs = filepath.Join(abs, "**", "*.txtar")
		}
		globs = append(globs, abs)
	}
	return globs
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
