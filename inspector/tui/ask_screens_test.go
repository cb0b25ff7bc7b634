package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/sdk"
)

// The question panes at 80×24 and 120×40, as golden screens (refresh with
// go test ./inspector/tui -run TestGoldenAskScreens -update).
func TestGoldenAskScreens(t *testing.T) {
	temp := 0.7
	screens := []struct {
		name string
		ask  func(m *Model) <-chan hookAnswer
	}{
		{"ask_form", func(m *Model) <-chan hookAnswer {
			return elicitAsync(context.Background(), m, &sdk.ElicitParams{Message: "Please tell us who you are, so that the bookshop can greet you by name.", RequestedSchema: json.RawMessage(personSchema)})
		}},
		{"ask_url", func(m *Model) <-chan hookAnswer {
			return elicitAsync(context.Background(), m, &sdk.ElicitParams{Mode: "url", Message: "Sign in to your account to continue.", URL: "https://auth.example.com/login?session=42&next=%2Fbooks", ElicitationID: "e1"})
		}},
		{"ask_sample", func(m *Model) <-chan hookAnswer {
			return sampleAsync(m, &sdk.CreateMessageParams{
				SystemPrompt: "You are a helpful bookseller.",
				Messages: []sdk.SamplingMessage{sdk.UserText("Recommend a book like Dune."),
					{Role: "assistant", Content: json.RawMessage(`{"type":"text","text":"Hyperion, by Dan Simmons."}`)},
					sdk.UserText("Another one?")},
				MaxTokens: 200, Temperature: &temp,
				ModelPreferences: &sdk.ModelPreferences{Hints: []sdk.ModelHint{{Name: "claude-3-sonnet"}}, IntelligencePriority: &temp},
			})
		}},
	}
	for _, sc := range screens {
		for _, sz := range goldenSizes {
			name := fmt.Sprintf("%s_%dx%d", sc.name, sz[0], sz[1])
			t.Run(name, func(t *testing.T) {
				m, _ := newTestModel(t, sz[0], sz[1])
				press(m, "down", "enter") // a tool's form open above, as during a call
				m.showTab(tabResult)
				sc.ask(m)
				deliver[questionEvent](t, m)
				got := screen(m)
				checkFits(t, got, sz[0], sz[1])
				golden(t, name, got)
				m.dropQuestions("")
			})
		}
	}
}

// checkFits fails when a screen is not exactly h lines of at most w cells.
func checkFits(t *testing.T, got string, w, h int) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != h {
		t.Errorf("%d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if lw := ansi.StringWidth(l); lw > w {
			t.Errorf("line %d is %d wide, more than %d", i+1, lw, w)
		}
	}
}

// A hostile server's questions (escape sequences, "\r", NUL, megabytes)
// reach the screen as text only, cut to what the pane can hold.
func TestHostileQuestionsOnScreen(t *testing.T) {
	huge := payload + strings.Repeat("blah ", 400_000)
	for _, sz := range goldenSizes {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m := askingModel(t, sz[0], sz[1])
			check := func(what string) {
				t.Helper()
				v := m.View()
				checkScreenSafe(t, what, content(v.Content), v.WindowTitle)
				checkFits(t, screen(m), sz[0], sz[1])
				mustShow(t, m, shown[:12])
			}
			schema := `{"type":"object","properties":{` + jsonText("pick"+payload) + `:{"type":"string","title":` + jsonText("Title"+payload) +
				`,"enum":[` + jsonText("one"+payload) + `,"two"]}}}`
			form := elicitAsync(context.Background(), m, &sdk.ElicitParams{Message: huge, RequestedSchema: json.RawMessage(schema)})
			deliver[questionEvent](t, m)
			check("form")
			press(m, "ctrl+d")
			got(t, form)
			url := elicitAsync(context.Background(), m, &sdk.ElicitParams{Mode: "url", Message: huge, URL: "https://x.example/" + payload})
			deliver[questionEvent](t, m)
			check("url")
			press(m, "n")
			got(t, url)
			hint := sdk.ModelHint{Name: "model" + payload}
			sample := sampleAsync(m, &sdk.CreateMessageParams{SystemPrompt: huge, MaxTokens: 5, StopSequences: []string{payload},
				Messages:         []sdk.SamplingMessage{sdk.UserText(huge), {Role: "user" + payload, Content: json.RawMessage(`{"type":"image","mimeType":` + jsonText(payload) + `,"data":"AAAA"}`)}},
				ModelPreferences: &sdk.ModelPreferences{Hints: []sdk.ModelHint{hint}}})
			deliver[questionEvent](t, m)
			check("sampling")
			if n := len(m.ask.request.lines); n > 3000 {
				t.Errorf("the request is laid out in %d lines", n)
			}
			press(m, "esc")
			got(t, sample)
		})
	}
}
