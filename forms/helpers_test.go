package forms

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustNew(t testing.TB, schema string, opts *Options) *Form {
	t.Helper()
	f, err := New([]byte(schema), opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	f.Init()
	return f
}

// key builds a synthetic key press from a name like "tab", "ctrl+s" or a
// single printable character.
func keyMsg(name string) tea.KeyPressMsg {
	special := map[string]tea.Key{
		"tab": {Code: tea.KeyTab}, "shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift},
		"enter": {Code: tea.KeyEnter}, "esc": {Code: tea.KeyEscape},
		"backspace": {Code: tea.KeyBackspace}, "up": {Code: tea.KeyUp}, "down": {Code: tea.KeyDown},
		"left": {Code: tea.KeyLeft}, "right": {Code: tea.KeyRight}, "space": {Code: tea.KeySpace, Text: " "},
		"alt+enter": {Code: tea.KeyEnter, Mod: tea.ModAlt},
	}
	if k, ok := special[name]; ok {
		return tea.KeyPressMsg(k)
	}
	if c, ok := strings.CutPrefix(name, "ctrl+"); ok {
		return tea.KeyPressMsg{Code: rune(c[0]), Mod: tea.ModCtrl}
	}
	r := []rune(name)[0]
	return tea.KeyPressMsg{Code: r, Text: name}
}

// press sends keys; a word in quotes-free form like "type:dune" types text.
// It returns every message the resulting commands produced.
func press(f *Form, keys ...string) []tea.Msg {
	var msgs []tea.Msg
	for _, k := range keys {
		if text, ok := strings.CutPrefix(k, "type:"); ok {
			for _, r := range text {
				msgs = append(msgs, run(f, keyMsg(string(r)))...)
			}
			continue
		}
		msgs = append(msgs, run(f, keyMsg(k))...)
	}
	return msgs
}

func run(f *Form, msg tea.Msg) []tea.Msg {
	_, cmd := f.Update(msg)
	return drain(cmd)
}

// drain executes a command tree synchronously and collects the form's own
// messages (SubmitMsg, CancelMsg); field-internal ones are dropped.
func drain(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := quick(cmd)
	switch m := msg.(type) {
	case SubmitMsg, CancelMsg:
		return []tea.Msg{m}
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range m {
			out = append(out, drain(c)...)
		}
		return out
	}
	v := reflect.ValueOf(msg)
	if v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeOf(tea.Cmd(nil)) {
		var out []tea.Msg
		for i := 0; i < v.Len(); i++ {
			out = append(out, drain(v.Index(i).Interface().(tea.Cmd))...)
		}
		return out
	}
	return nil
}

func submitted(t *testing.T, msgs []tea.Msg) SubmitMsg {
	t.Helper()
	for _, m := range msgs {
		if s, ok := m.(SubmitMsg); ok {
			return s
		}
	}
	t.Fatalf("no SubmitMsg among %v", msgs)
	return SubmitMsg{}
}

func plainView(f *Form) string {
	lines := strings.Split(ansi.Strip(f.View()), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// quick runs a command but gives up on slow ones (cursor blink ticks).
func quick(cmd tea.Cmd) tea.Msg {
	ch := make(chan tea.Msg, 1)
	go func() { ch <- cmd() }()
	select {
	case m := <-ch:
		return m
	case <-time.After(90 * time.Millisecond): // blinks take 530ms; real answers come at once, even on a loaded CI machine
		return nil
	}
}
