package target

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"

	"github.com/mcpdev/mcpdev/internal/atomicfile"
	"github.com/mcpdev/mcpdev/transport/oauth"
)

// credentialsPath is where the sign-in to the server at url is kept: one
// file per server URL under the user's config directory (configDir, or
// os.UserConfigDir), in mcpdev/auth.
func credentialsPath(configDir, url string) string {
	if configDir == "" {
		configDir, _ = os.UserConfigDir()
	}
	sum := sha256.Sum256([]byte(url))
	return filepath.Join(configDir, "mcpdev", "auth", hex.EncodeToString(sum[:16])+".json")
}

// loadCredentials reads a saved sign-in; nil when there is none (or it is
// unreadable: then the user signs in again).
func loadCredentials(path string) *oauth.Credentials {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var c oauth.Credentials
	if json.Unmarshal(data, &c) != nil || c.Token == nil {
		return nil
	}
	return &c
}

// saveCredentials writes a sign-in readable by the user alone (0600, in a
// 0700 directory).
func saveCredentials(path string, c *oauth.Credentials) error {
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return atomicfile.Write(path, data) // a temporary file: mode 0600
}

// Logout forgets the saved sign-in to the server at url; it reports
// whether there was one.
func Logout(configDir, url string) (bool, error) {
	err := os.Remove(credentialsPath(configDir, url))
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}
