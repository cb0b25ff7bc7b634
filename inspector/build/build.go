// Package build builds a Go target into mcpdev's build cache, one slot per
// source, and lists, cleans and trims that cache.
package build

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
)

// Error is a failed go build, with the compiler's complaints parsed.
type Error struct {
	Target   string
	Problems []Problem
	Output   string // everything go build printed
	Err      error  // the underlying error (e.g. go not found)
}

// Problem is one compiler message.
type Problem struct {
	File    string // relative to the current directory when possible
	Line    int
	Col     int
	Message string
}

func (p Problem) String() string {
	return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Message)
}

func (e *Error) Error() string {
	if len(e.Problems) > 0 {
		return fmt.Sprintf("build %s: %s", e.Target, e.Problems[0])
	}
	if e.Err != nil {
		return fmt.Sprintf("build %s: %v", e.Target, e.Err)
	}
	return fmt.Sprintf("build %s failed", e.Target)
}

func (e *Error) Unwrap() error { return e.Err }

var buildLine = regexp.MustCompile(`^(\S+?\.go):(\d+)(?::(\d+))?: (.*)$`)

// parseBuildOutput extracts file:line: message lines; paths are made
// relative to the current directory (go prints them relative to dir).
func parseBuildOutput(out, dir string) []Problem {
	cwd, _ := os.Getwd()
	var ps []Problem
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		m := buildLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		file := m[1]
		if !filepath.IsAbs(file) {
			file = filepath.Join(dir, file)
		}
		if rel, err := filepath.Rel(cwd, file); err == nil && !strings.HasPrefix(rel, "..") {
			file = rel
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		ps = append(ps, Problem{File: file, Line: line, Col: col, Message: m[4]})
	}
	return ps
}

// Binary compiles the Go file or package at path into cacheDir (default:
// DefaultCacheDir) and returns the binary. The output is keyed by the
// content of every non-standard source file the program depends on, so
// asking again for unchanged code returns the existing binary at once. A
// new build replaces the target's previous one and may trim the cache
// (Trim, at most hourly).
func Binary(ctx context.Context, path, cacheDir string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", &Error{Target: path, Err: err}
	}
	dir, pkg := abs, "."
	if fi, err := os.Stat(abs); err == nil && !fi.IsDir() {
		dir, pkg = filepath.Dir(abs), filepath.Base(abs)
	}
	if cacheDir == "" {
		cacheDir = DefaultCacheDir()
	}
	slot := filepath.Join(cacheDir, shortHash(abs))
	key, err := sourceKey(ctx, dir, pkg)
	bin := filepath.Join(slot, key, binaryName(abs))
	if err == nil {
		if fi, serr := os.Stat(bin); serr == nil {
			touchBuild(bin, fi.ModTime())
			return bin, nil
		}
	}
	bin, err = goBuild(ctx, path, dir, pkg, slot, key)
	if err == nil {
		os.WriteFile(filepath.Join(slot, slotTargetFile), []byte(abs+"\n"), 0o644)
		maybeTrimBuildCache(cacheDir, slot)
	}
	return bin, err
}

func goBuild(ctx context.Context, name, dir, pkg, slot, key string) (string, error) {
	if key == "" {
		key = "unkeyed"
	}
	tmp := filepath.Join(slot, key+".tmp")
	bin := filepath.Join(tmp, binaryName(filepath.Join(dir, pkg)))
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return "", &Error{Target: name, Err: err}
	}
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, pkg)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		os.RemoveAll(tmp)
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return "", &Error{Target: name, Err: err, Output: string(out)}
		}
		return "", &Error{Target: name, Output: string(out), Problems: parseBuildOutput(string(out), dir)}
	}
	final := filepath.Join(slot, key)
	clearSlot(slot)
	if key == "unkeyed" || os.Rename(tmp, final) != nil {
		return bin, nil
	}
	return filepath.Join(final, filepath.Base(bin)), nil
}

// clearSlot removes older builds of the same target.
func clearSlot(slot string) {
	entries, _ := os.ReadDir(slot)
	for _, e := range entries {
		if e.IsDir() && !strings.HasSuffix(e.Name(), ".tmp") {
			os.RemoveAll(filepath.Join(slot, e.Name()))
		}
	}
}

func binaryName(abs string) string {
	name := strings.TrimSuffix(filepath.Base(abs), ".go")
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	return name
}

func shortHash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:8])
}

// sourceKey hashes the Go version, the platform, and the name and content
// of every file of every non-standard package the program depends on
// (plus the module files), as go list reports them.
func sourceKey(ctx context.Context, dir, pkg string) (string, error) {
	const format = `{{if not .Standard}}{{.Dir}}{{range .GoFiles}}{{"\t"}}{{.}}{{end}}{{range .CgoFiles}}{{"\t"}}{{.}}{{end}}{{range .EmbedFiles}}{{"\t"}}{{.}}{{end}}{{if .Module}}{{if .Module.GoMod}}{{"\t"}}@{{.Module.GoMod}}{{end}}{{end}}{{"\n"}}{{end}}`
	cmd := exec.CommandContext(ctx, "go", "list", "-deps", "-f", format, pkg)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintln(h, runtime.Version(), runtime.GOOS, runtime.GOARCH, os.Getenv("GOFLAGS"))
	for _, line := range strings.Split(string(out), "\n") {
		if err := hashListLine(h, line); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:12]), nil
}

func hashListLine(h io.Writer, line string) error {
	fields := strings.Split(line, "\t")
	if line == "" {
		return nil
	}
	pkgDir := fields[0]
	for _, f := range fields[1:] {
		p := filepath.Join(pkgDir, f)
		if strings.HasPrefix(f, "@") {
			p = f[1:]
			if sum, err := os.ReadFile(strings.TrimSuffix(p, ".mod") + ".sum"); err == nil {
				h.Write(sum)
			}
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", p, len(data))
		h.Write(data)
	}
	return nil
}
