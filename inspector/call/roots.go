package call

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
)

// ErrNoSuchRoot is returned by Roots for a path that does not exist.
var ErrNoSuchRoot = errors.New("no such file or directory")

// Roots are the roots mcpdev offers a server (roots/list): one per path,
// a directory or a file that exists (a relative path is taken from the
// current directory), or a file:// URI taken as it is. With no paths there
// is no root (an empty list, never nil): a root is access a server may
// take (the official filesystem server replaces the directories it was
// started on with the client's roots), so mcpdev offers one only when the
// person asks, as the official Inspector does.
func Roots(paths []string) ([]sdk.Root, error) {
	roots := make([]sdk.Root, 0, len(paths))
	for _, p := range paths {
		r, err := root(p)
		if err != nil {
			return nil, err
		}
		roots = append(roots, r)
	}
	return roots, nil
}

func root(p string) (sdk.Root, error) {
	if strings.HasPrefix(p, "file://") {
		u, err := url.Parse(p)
		if err != nil || u.Path == "" {
			return sdk.Root{}, fmt.Errorf("%s: not a file:// URI with a path", p)
		}
		return sdk.Root{URI: p, Name: pathBase(u.Path)}, nil
	}
	if p == "" {
		return sdk.Root{}, fmt.Errorf("an empty path")
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return sdk.Root{}, fmt.Errorf("%s: %w", p, err)
	}
	if _, err := os.Stat(abs); err != nil {
		return sdk.Root{}, fmt.Errorf("%s: %w", abs, ErrNoSuchRoot)
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	return sdk.Root{URI: u.String(), Name: filepath.Base(abs)}, nil
}

func pathBase(p string) string {
	p = strings.TrimRight(p, "/")
	if i := strings.LastIndex(p, "/"); i >= 0 {
		return p[i+1:]
	}
	return p
}
