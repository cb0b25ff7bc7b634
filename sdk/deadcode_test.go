package sdk_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestServerBinaryKeepsDeadMethodsOut builds a tutorial server and checks
// that the linker could still drop unused methods. A reflect MethodByName
// (or Method) call whose name the linker cannot see makes it keep every
// exported method of every type: 2 MB more text in every server (7.8 →
// 9.8 MB for the 03 example) and a larger RSS. strings.(*Builder).Cap is a
// method nothing in a server calls, so it is in the binary only then.
func TestServerBinaryKeepsDeadMethodsOut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	bin := filepath.Join(t.TempDir(), "server")
	build := exec.Command("go", "build", "-o", bin, "../examples/tutorial/03-field-constraints")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command("go", "tool", "nm", bin).Output()
	if err != nil {
		t.Fatalf("go tool nm: %v", err)
	}
	const sentinel = " T strings.(*Builder).Cap"
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasSuffix(line, sentinel) {
			t.Fatalf("%s is linked: something calls reflect's MethodByName or Method with a name the linker cannot see, so every exported method stays in the binary", strings.TrimSpace(sentinel))
		}
	}
}
