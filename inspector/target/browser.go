package target

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
)

// ErrNoDesktop is returned by OpenBrowser where there is no desktop to
// open a browser on.
var ErrNoDesktop = errors.New("no desktop to open a browser on (DISPLAY and WAYLAND_DISPLAY are unset)")

// OpenBrowser starts the system's browser on u and does not wait for it.
// Callers check u first (a web URL, never a server's arbitrary scheme).
func OpenBrowser(u string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", u)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", u)
	default:
		if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
			return ErrNoDesktop
		}
		cmd = exec.Command("xdg-open", u)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }()
	return nil
}
