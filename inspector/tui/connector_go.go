package tui

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
)

// GoConnector builds a Go package (a directory or a .go file) into a cache
// directory and runs it over stdio. It stands in until the CLI's target
// resolver is wired in; a restart rebuilds (go's build cache makes an
// unchanged rebuild cheap).
type GoConnector struct {
	Path     string // a package directory or a .go file
	CacheDir string // where binaries go; default the user cache directory
	Args     []string
}

// Connect builds and starts the server.
func (g *GoConnector) Connect(ctx context.Context, opts *sdk.ClientOptions) (*Connection, error) {
	bin, err := g.build(ctx)
	if err != nil {
		return nil, err
	}
	return (&CommandConnector{Name: bin, Args: g.Args}).Connect(ctx, opts)
}

func (g *GoConnector) build(ctx context.Context) (string, error) {
	abs, err := filepath.Abs(g.Path)
	if err != nil {
		return "", err
	}
	dir := g.CacheDir
	if dir == "" {
		if dir, err = os.UserCacheDir(); err != nil {
			dir = os.TempDir()
		}
		dir = filepath.Join(dir, "mcpdev", "bin")
	}
	sum := sha256.Sum256([]byte(abs))
	bin := filepath.Join(dir, filepath.Base(strings.TrimSuffix(abs, ".go"))+"-"+hex.EncodeToString(sum[:6]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	pkgDir, target := abs, "."
	if strings.HasSuffix(abs, ".go") {
		pkgDir, target = filepath.Dir(abs), filepath.Base(abs)
	}
	reportBuild(ctx, false)
	defer reportBuild(ctx, true)
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, target)
	cmd.Dir = pkgDir
	if out, err := cmd.CombinedOutput(); err != nil {
		report := fmt.Sprintf("go build %s failed:\n\n%s", g.Path, strings.TrimSpace(string(out)))
		return "", &ConnectError{Err: fmt.Errorf("build %s: %w", g.Path, err), Report: report}
	}
	return bin, nil
}
