package inspector

import (
	"os"
	"path/filepath"
)

// CacheDir is where mcpdev keeps its files (the build cache, the last
// arguments of each tool): $MCPDEV_CACHE, else mcpdev in the user's cache
// directory, else mcpdev in the temporary directory.
func CacheDir() string {
	if d := os.Getenv("MCPDEV_CACHE"); d != "" {
		return d
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "mcpdev")
	}
	return filepath.Join(os.TempDir(), "mcpdev")
}
