package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/internal/testutil/authtest"
	"github.com/mcpdev/mcpdev/sdk"
)

// protectedServer is an sdk server with the tool Hi that wants tokens of
// as, on 127.0.0.1.
func protectedServer(t *testing.T, as *testutil.AuthServer) string {
	s := sdk.NewServer("hi", nil)
	sdk.Tool(s, Hi, nil)
	return authtest.ProtectedServer(t, as, s)
}

// signingIn runs mcpdev with --no-browser and plays the user: it opens
// the URL mcpdev prints (the test authorization server consents at once).
func signingIn(t *testing.T, args ...string) (result, int) {
	t.Helper()
	cmd := exec.Command(mcpdevBin, append(args, "--no-browser")...)
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), "MCPDEV_CACHE="+buildCache)
	var out bytes.Buffer
	cmd.Stdout = &out
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var errText strings.Builder
	opened := 0
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		line := sc.Text()
		errText.WriteString(line + "\n")
		if u, ok := strings.CutPrefix(line, "mcpdev: sign in at "); ok {
			opened++
			if err := testutil.Browser(context.Background(), u); err != nil {
				t.Error(err)
			}
		}
	}
	err := cmd.Wait()
	r := result{stdout: out.String(), stderr: errText.String()}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		r.code = ee.ExitCode()
	}
	return r, opened
}

// mcpdev signs in to a protected server (the URL printed with
// --no-browser), keeps the sign-in in the user config directory (0600)
// for the next run, forgets it with logout, and never prints a token,
// code or secret; with -v it prints each HTTP exchange of the sign-in
// and of the refresh, redacted.
func TestSignInToProtectedServer(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	as := testutil.NewAuthServer(t)
	url := protectedServer(t, as)

	as.Secret = testutil.TokenPrefix + "client-secret"
	var printed []string
	defer func() {
		for _, text := range printed {
			for _, s := range append(as.Secrets(), testutil.TokenPrefix) {
				if strings.Contains(text, s) {
					t.Errorf("the secret %q was printed:\n%s", s, text)
				}
			}
		}
	}()
	r, opened := signingIn(t, "call", url, "hi", "name=oauth", "-v")
	printed = append(printed, r.stdout, r.stderr)
	if r.code != 0 || !strings.Contains(r.stdout, "hi oauth") || opened != 1 {
		t.Fatalf("exit %d, %d sign-ins\nstdout:\n%s\nstderr:\n%s", r.code, opened, r.stdout, r.stderr)
	}
	for _, step := range []string{"auth: resource-metadata", "auth: registered", "auth: token",
		"auth http: refused POST", "auth http: registration POST", "auth http: token POST", "    code_verifier=[redacted]", `"client_secret": "[redacted]"`} {
		if !strings.Contains(r.stderr, step) {
			t.Errorf("stderr lacks %q:\n%s", step, r.stderr)
		}
	}
	files, _ := filepath.Glob(filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "mcpdev", "auth", "*.json"))
	if len(files) != 1 {
		t.Fatalf("saved sign-ins: %v", files)
	}
	if fi, err := os.Stat(files[0]); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the saved sign-in's mode: %v %v", fi.Mode(), err)
	}

	r, opened = signingIn(t, "tools", url)
	printed = append(printed, r.stdout, r.stderr)
	if r.code != 0 || opened != 0 {
		t.Errorf("second run: exit %d, %d sign-ins (want the saved one)\n%s", r.code, opened, r.stderr)
	}
	as.Expire()
	r, opened = signingIn(t, "tools", url, "-v", "--json")
	printed = append(printed, r.stdout, r.stderr)
	if r.code != 0 || opened != 0 || !strings.Contains(r.stderr, "auth: refresh") || !strings.Contains(r.stderr, "auth http: refresh POST") {
		t.Errorf("after expiry: exit %d, %d sign-ins (want a refresh)\n%s", r.code, opened, r.stderr)
	}

	if r := mcpdev(t, "logout", url); r.code != 0 || !strings.Contains(r.stdout, "signed out") {
		t.Errorf("logout: exit %d %s%s", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(files[0]); !os.IsNotExist(err) {
		t.Errorf("the sign-in is still saved: %v", err)
	}
}

// A sign-in that cannot be done ends with exit 3 and a clear message.
func TestSignInFailureExits3(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	as := testutil.NewAuthServer(t)
	as.NoS256 = true
	r, _ := signingIn(t, "tools", protectedServer(t, as))
	if r.code != 3 || r.errJSON(t)["kind"] != "auth-required" || !strings.Contains(r.stderr, "PKCE") {
		t.Fatalf("exit %d, want 3\nstderr:\n%s", r.code, r.stderr)
	}
}
