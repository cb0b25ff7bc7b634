package tui

import (
	"fmt"
	"strings"
	"testing"
)

// No two bindings that work at the same time share a key: with each pane
// focused, in every state of the flags its keys depend on, the pane's
// bindings and the root's never both claim a key (a pane that bound one
// the root or the output frame already has would shadow it, or be
// shadowed, depending on the order handleKey asks them in).
func TestPanesBindDistinctKeys(t *testing.T) {
	m, _ := newTestModel(t, 100, 30)
	panes := []struct {
		name string
		p    pane
		s    keyState
	}{
		{"tools", &m.tools, keyState{focus: focusTools}},
		{"resources", &m.sections.res, keyState{focus: focusTools, section: sectionResources}},
		{"prompts", &m.sections.prm, keyState{focus: focusTools, section: sectionPrompts}},
		{"result", &outputPane{tab: tabResult, body: &m.result}, keyState{focus: focusOutput, tab: tabResult}},
		{"logs", &outputPane{tab: tabLogs, body: &m.logs}, keyState{focus: focusOutput, tab: tabLogs}},
		{"traffic", &outputPane{tab: tabTraffic, body: &m.traffic}, keyState{focus: focusOutput, tab: tabTraffic}},
		{"history", &outputPane{tab: tabHistory, body: &m.history}, keyState{focus: focusOutput, tab: tabHistory}},
		{"doctor", &m.doctor, keyState{focus: focusDoctor}},
	}
	// The flags the panes' and the root's bindings depend on. signingIn
	// is left out: CopySignIn shares y with the history's Copy and wins
	// (authKey) while the connection waits for a sign-in.
	flags := []func(s *keyState) *bool{
		func(s *keyState) *bool { return &s.calling },
		func(s *keyState) *bool { return &s.hasTools },
		func(s *keyState) *bool { return &s.filtered },
		func(s *keyState) *bool { return &s.formOpen },
		func(s *keyState) *bool { return &s.hasMedia },
		func(s *keyState) *bool { return &s.hasLinks },
		func(s *keyState) *bool { return &s.hasSearch },
		func(s *keyState) *bool { return &s.hasHistory },
		func(s *keyState) *bool { return &s.connected },
		func(s *keyState) *bool { return &s.canRestart },
		func(s *keyState) *bool { return &s.reportCut },
		func(s *keyState) *bool { return &s.signedIn },
		func(s *keyState) *bool { return &s.canSubscribe },
	}
	km := DefaultKeyMap()
	for _, tc := range panes {
		for bits := 0; bits < 1<<len(flags); bits++ {
			s := tc.s
			for i, f := range flags {
				*f(&s) = bits&(1<<i) != 0
			}
			km.sync(s, tc.p)
			owner := map[string]string{}
			for _, b := range km.all() {
				if !b.Enabled() {
					continue
				}
				for _, k := range b.Keys() {
					if other, ok := owner[k]; ok {
						t.Fatalf("%s focused, state %+v: %q is bound by %q and %q", tc.name, s, k, other, b.Help().Desc)
					}
					owner[k] = b.Help().Desc
				}
			}
		}
	}
}

// The server-trouble report scrolls whatever the left column lists: the
// doctor pane has the keys its help bar offers in the Resources section
// too (the section's routing left it out).
func TestDoctorScrollsInEverySection(t *testing.T) {
	for _, sec := range []string{"t", "r", "p"} {
		m, _ := newTestModel(t, 80, 24)
		press(m, sec)
		report := "The server exited with code 2.\n\nLast lines of its stderr:" + strings.Repeat("\npanic: boom", 60)
		m.Update(disconnectedMsg{gen: m.gen, err: fmt.Errorf("EOF"), report: report})
		if m.focus != focusDoctor || !m.doctor.cut() || !m.keys.Up.Enabled() {
			t.Fatalf("%s: focus %v, report cut %v, up enabled %v", sec, m.focus, m.doctor.cut(), m.keys.Up.Enabled())
		}
		end := m.doctor.body.offset
		press(m, "up")
		if m.doctor.body.offset != end-1 {
			t.Errorf("section %v: up left the report at line %d, want %d", m.sections.section, m.doctor.body.offset, end-1)
		}
	}
}
