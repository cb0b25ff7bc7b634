package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/sdk"
)

// uris is what roots/list answers now.
func uris(t *testing.T, m *Model) []string {
	t.Helper()
	roots, err := m.sess.ask.listRoots(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range roots {
		got = append(got, r.URI)
	}
	return got
}

// The roots view (o): none is offered until the person adds one, and the
// view says so; a typed path is checked, added and answered by
// roots/list; x removes the selected root, the last one too; the header
// names the one root or says how many.
func TestRootsViewAddsAndRemoves(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	dir, other := t.TempDir(), t.TempDir()
	press(m, "o")
	if s := screen(m); !strings.Contains(s, "Roots") || !strings.Contains(s, "No roots offered: roots/list answers an empty list") || strings.Contains(s, "file://") {
		t.Fatalf("the roots view does not say that none is offered:\n%s", s)
	}
	if got := uris(t, m); len(got) != 0 {
		t.Fatalf("roots/list answers %v before any root was added", got)
	}
	press(m, "a")
	typeText(m, dir)
	press(m, "enter")
	if want, got := []string{"file://" + dir}, uris(t, m); !slices.Equal(want, got) {
		t.Fatalf("roots/list after adding (-want +got):\n-%v\n+%v", want, got)
	}
	if s := screen(m); !strings.Contains(s, "root "+filepath.Base(dir)) || strings.Contains(s, "No roots offered") {
		t.Fatalf("the header does not name the one root:\n%s", s)
	}
	press(m, "a")
	typeText(m, other)
	press(m, "enter")
	if s := screen(m); !strings.Contains(s, "roots: 2") {
		t.Fatalf("the header does not count the roots:\n%s", s)
	}
	press(m, "x") // the first is selected
	if want, got := []string{"file://" + other}, uris(t, m); !slices.Equal(want, got) {
		t.Fatalf("roots/list after removing (-want +got):\n-%v\n+%v", want, got)
	}
	press(m, "x")
	if got := uris(t, m); len(got) != 0 {
		t.Fatalf("roots/list after removing the last root: %v", got)
	}
	if s := screen(m); !strings.Contains(s, "No roots offered") || strings.Contains(s, "root "+filepath.Base(other)) {
		t.Fatalf("the view does not say that none is offered any more:\n%s", s)
	}
	press(m, "esc")
	if m.focus != focusTools {
		t.Fatalf("esc left the focus on %s, want tools", m.focus)
	}
}

// A path that is not a directory is not added, and the view says why.
func TestRootsViewRefusesMissingPaths(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{"/no/such/dir", "no such directory"},
		{file, "not a directory"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			m, _ := newTestModel(t, 120, 40)
			before := uris(t, m)
			press(m, "o", "a")
			typeText(m, tc.path)
			press(m, "enter")
			if s := screen(m); !strings.Contains(s, "not added ("+tc.want+"):") {
				t.Fatalf("no reason shown for %s:\n%s", tc.path, s)
			}
			if want, got := before, uris(t, m); !slices.Equal(want, got) {
				t.Fatalf("roots/list changed (-want +got):\n-%v\n+%v", want, got)
			}
		})
	}
}

// The roots view at 80×24 and 120×40, with fixed roots.
func TestRootsViewGolden(t *testing.T) {
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		m, _ := newTestModel(t, size.w, size.h)
		m.changeRoots([]sdk.Root{{URI: "file:///srv/project", Name: "project"},
			{URI: "file:///home/ada/notes%20with%20a%20rather%20long%20name/2026", Name: "2026"}})
		press(m, "o", "down")
		golden(t, fmt.Sprintf("roots_%dx%d", size.w, size.h), screen(m))
	}
}

// A directory whose name carries escape sequences is shown sanitised, in
// the view and in the header.
func TestRootsViewHostileNames(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	dir := filepath.Join(t.TempDir(), "evil\x1b]0;pwned\x07\x1b[31mred\rline")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	press(m, "o")
	_, cmd := m.Update(addRootMsg{path: dir})
	settle(m, cmd)
	raw := m.View().Content
	for _, bad := range []string{"\x1b]0;", "\x07", "\x1b[31mred", "\r"} {
		if strings.Contains(raw, bad) {
			t.Fatalf("the screen carries %q:\n%s", bad, raw)
		}
	}
	if s := screen(m); !strings.Contains(s, "pwned") || !strings.Contains(s, "root evil") {
		t.Fatalf("the hostile root is not shown:\n%s", s)
	}
}

// The elapsed timer of a running call stops while the server's question
// is open, and the call's duration leaves that time out.
func TestCallTimerPausesWhileAsked(t *testing.T) {
	m, c := newTestModel(t, 120, 40)
	m.startCall(sdk.ToolInfo{Name: "search_books"}, []byte(`{}`))
	id := m.call.id
	c.advance(2 * time.Second)
	m.Update(tickMsg{id: id})
	if s := screen(m); !strings.Contains(s, "search_books running · 2.0s") {
		t.Fatalf("timer before the question:\n%s", s)
	}
	q := &question{id: 1, kind: askURL, answer: make(chan answer, 1),
		elicit: &sdk.ElicitParams{Mode: "url", Message: "Sign in", URL: "https://example.com/"}}
	m.Update(eventsMsg{gen: m.gen, events: []any{questionEvent{q: q}}})
	c.advance(10 * time.Second)
	press(m, "n") // decline
	c.advance(time.Second)
	m.Update(tickMsg{id: id})
	if s := screen(m); !strings.Contains(s, "search_books running · 3.0s") {
		t.Fatalf("timer after the question (want 3.0s, not 13.0s):\n%s", s)
	}
	m.Update(callDoneMsg{gen: m.gen, id: id, elapsed: 13 * time.Second, res: &sdk.CallToolResult{}, view: &resultData{}})
	if got := m.history.entries[len(m.history.entries)-1].elapsed; got != 3*time.Second {
		t.Fatalf("the call's duration is %s, want 3s (the 10s answering left out)", got)
	}
}

// server-everything caches the roots it asked for and asks again on
// notifications/roots/list_changed: a root added in the view reaches
// its get-roots-list tool.
func TestFlowRootsServerEverything(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	f := startFlowWith(t, commandConnector(node, files[0], "stdio"), "server-everything")
	f.waitFor("legacy era", "Get Roots List Tool")
	dir := t.TempDir()
	f.keys("o", "a")
	f.typ(dir)
	f.keys("enter")
	f.waitFor("root " + filepath.Base(dir))
	f.keys("esc", "2")
	f.waitFor("Roots updated: 1 root(s)")
	f.calls = 1 // from the output pane
	f.callTool("get-roots-list", "")
	f.waitFor("URI: file://" + dir)
}

// The sdk's conformance server lists the roots it is given, in both eras;
// the 2026 era's view says no notification is sent.
func TestFlowRootsConformanceEras(t *testing.T) {
	for _, era := range []struct{ version, shown, note string }{
		{sdk.LatestLegacyVersion, "legacy era", "A change sends notifications/roots/list_changed."},
		{"", "2026 era", "2026 era: no notification"},
	} {
		t.Run(era.shown, func(t *testing.T) {
			f := startFlowWith(t, eraConnector{commandConnector(serverBin(t, "conformance")), era.version}, "conformance")
			f.waitFor(era.shown, "test_roots")
			dir := t.TempDir()
			f.keys("o")
			f.waitFor(era.note)
			f.keys("a")
			f.typ(dir)
			f.keys("enter")
			f.waitFor("root " + filepath.Base(dir))
			f.keys("esc")
			f.callTool("test_roots", "")
			f.waitFor("(file://" + dir + ")") // the result wraps before it
		})
	}
}

// The view's note on how the server learns of a change wraps at the
// view's width: at 80 columns the 2026 era's is read whole.
func TestRootsViewNoteWraps(t *testing.T) {
	st := NewStyles(true)
	p := newRootsPane(&st)
	p.modern = true
	p.set([]sdk.Root{{URI: "file:///usr", Name: "usr"}})
	p.SetSize(54, 12)
	s := ansi.Strip(p.View())
	if strings.Contains(s, "…") || !strings.Contains(s, "when it next asks.") {
		t.Errorf("the note is cut at 54 columns:\n%s", s)
	}
	for _, l := range strings.Split(s, "\n") {
		if w := ansi.StringWidth(l); w > 54 {
			t.Errorf("a line of %d cells in a view of 54: %q", w, l)
		}
	}
}

// The official filesystem server replaces the directories it was started
// on with the client's roots. The inspector offers none unless asked, not
// the target's working directory either: a write beside the server's
// directory is refused and creates nothing; a root the person offers is
// what the server then allows.
func TestFlowNoRootUnlessAskedServerFilesystem(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-filesystem/dist/index.js")
	tmp := t.TempDir()
	fsroot, other := filepath.Join(tmp, "fsroot"), filepath.Join(tmp, "other")
	for _, d := range []string{fsroot, other} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("none offered", func(t *testing.T) {
		f := startScreenFlow(t, commandConnector(node, files[0], fsroot), "server-filesystem",
			Options{Dev: DevOptions{Target: &target.Target{Dir: tmp}}})
		f.waitScreen("Write File")
		f.keys("2")
		f.waitForSome([]string{"roots/list answered:"}, 1, "No valid root directories provided by client", "Updated allowed directories from MCP roots")
		beside := filepath.Join(tmp, "beside.txt")
		f.keys("1", "tab", "esc", "/") // from the output pane to the list
		f.typ("write_file")
		f.keys("enter")
		f.typ(beside)
		f.keys("tab")
		f.typ("written")
		f.keys("ctrl+r")
		f.waitForSome(nil, 1, "Access denied - path outside allowed directories", "Successfully wrote")
		if _, err := os.Stat(beside); !os.IsNotExist(err) {
			t.Fatalf("the write beside %s created %s", fsroot, beside)
		}
		f.waitScreen("Access denied - path outside allowed directories")
	})
	t.Run("--root", func(t *testing.T) {
		roots, err := call.Roots([]string{other})
		if err != nil {
			t.Fatal(err)
		}
		f := startScreenFlow(t, commandConnector(node, files[0], fsroot), "server-filesystem", Options{Roots: roots})
		f.waitScreen("List Allowed Directories", "root other")
		f.keys("2")
		f.waitScreen("Updated allowed directories from MCP roots: 1 valid directories")
		f.keys("1")
		f.calls = 1 // from the output pane
		f.callTool("list_allowed_directories", "")
		f.waitScreen("Allowed directories:", other)
		if s := f.screen(); strings.Contains(s, fsroot) {
			t.Errorf("the server still allows %s:\n%s", fsroot, s)
		}
	})
}
