package tui

import (
	"image/color"

	"charm.land/huh/v2"
	"charm.land/lipgloss/v2"
)

// Styles is every style the inspector draws with, derived from one palette
// for a dark or a light terminal (NewStyles). Panes receive it; none builds
// its own colours.
type Styles struct {
	Dark bool

	Accent, Muted, Subtle, OK, Warn, Bad, Info color.Color

	Header, HeaderName, HeaderDim lipgloss.Style
	StateOK, StateBusy, StateBad  lipgloss.Style

	Border, BorderFocused lipgloss.Style // the box lines
	Title, TitleFocused   lipgloss.Style // the box titles

	Item, ItemSelected, ItemDesc, ItemDescSelected lipgloss.Style
	Badge                                          map[string]lipgloss.Style

	Dim, Bold, Key, Section lipgloss.Style
	Success, ToolError      lipgloss.Style
	ProtocolError, Cancel   lipgloss.Style
	JSONKey, JSONString     lipgloss.Style
	CodeKeyword, CodeNumber lipgloss.Style // highlighted code (highlight.go)
	CodeComment, CodeEmph   lipgloss.Style

	Level                  map[string]lipgloss.Style // log levels, plus "stderr"
	Sent, Received, Match  lipgloss.Style
	TabActive, TabInactive lipgloss.Style
	HelpKey, HelpDesc      lipgloss.Style
}

// NewStyles builds the styles for a dark (isDark) or light background.
func NewStyles(isDark bool) Styles {
	ld := lipgloss.LightDark(isDark)
	c := lipgloss.Color
	s := Styles{
		Dark:   isDark,
		Accent: ld(c("#5A3FD9"), c("#9D8CFF")),
		Muted:  ld(c("#6B6B6B"), c("#9A9A9A")),
		Subtle: ld(c("#C8C8C8"), c("#4A4A4A")),
		OK:     ld(c("#1E7F3C"), c("#5FD68A")),
		Warn:   ld(c("#9A6700"), c("#F2C14E")),
		Bad:    ld(c("#C0262D"), c("#FF6B6B")),
		Info:   ld(c("#0A6AA8"), c("#6CC4FF")),
	}
	fg := func(col color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(col) }
	s.Header = lipgloss.NewStyle()
	s.HeaderName = fg(s.Accent).Bold(true)
	s.HeaderDim = fg(s.Muted)
	s.StateOK, s.StateBusy, s.StateBad = fg(s.OK), fg(s.Warn), fg(s.Bad).Bold(true)
	s.Border, s.BorderFocused = fg(s.Subtle), fg(s.Accent)
	s.Title, s.TitleFocused = fg(s.Muted).Bold(true), fg(s.Accent).Bold(true)
	s.Item = lipgloss.NewStyle()
	s.ItemSelected = fg(s.Accent).Bold(true)
	s.ItemDesc, s.ItemDescSelected = fg(s.Muted), fg(s.Muted)
	s.Badge = map[string]lipgloss.Style{
		"read-only":   fg(s.OK),
		"destructive": fg(s.Bad),
		"idempotent":  fg(s.Info),
		"open-world":  fg(s.Warn),
		// not an annotation: execution.taskSupport "required" (tasks.go)
		"task required": fg(s.Bad).Bold(true),
		suspiciousBadge: fg(s.Bad).Bold(true).Reverse(true),
		lintBadge:       fg(s.Warn),
		lintErrorBadge:  fg(s.Bad),
	}
	s.Dim, s.Bold, s.Key = fg(s.Muted), lipgloss.NewStyle().Bold(true), fg(s.Accent).Bold(true)
	s.Section = fg(s.Accent).Bold(true)
	s.Success, s.ToolError = fg(s.OK).Bold(true), fg(s.Warn).Bold(true)
	s.ProtocolError, s.Cancel = fg(s.Bad).Bold(true), fg(s.Muted).Bold(true)
	s.JSONKey, s.JSONString = fg(s.Info), fg(s.OK)
	s.CodeKeyword, s.CodeNumber = fg(s.Accent), fg(s.Warn)
	s.CodeComment, s.CodeEmph = fg(s.Muted).Italic(true), lipgloss.NewStyle().Italic(true)
	s.Level = map[string]lipgloss.Style{
		"debug": fg(s.Muted), "info": fg(s.Info), "notice": fg(s.Info).Bold(true),
		"warning": fg(s.Warn), "error": fg(s.Bad), "critical": fg(s.Bad).Bold(true),
		"alert": fg(s.Bad).Bold(true), "emergency": fg(s.Bad).Bold(true).Underline(true),
		"stderr": fg(s.Muted),
	}
	s.Sent, s.Received, s.Match = fg(s.Info), fg(s.OK), fg(s.Warn).Bold(true)
	s.TabActive, s.TabInactive = fg(s.Accent).Bold(true).Underline(true), fg(s.Muted)
	s.HelpKey, s.HelpDesc = fg(s.Muted).Bold(true), fg(s.Muted)
	return s
}

// FormTheme is the huh theme for forms, from the same palette.
func (s Styles) FormTheme() huh.Theme {
	accent, muted, bad := s.Accent, s.Muted, s.Bad
	return huh.ThemeFunc(func(isDark bool) *huh.Styles {
		t := huh.ThemeCharm(isDark)
		t.Focused.Title = t.Focused.Title.Foreground(accent)
		t.Focused.Base = t.Focused.Base.BorderForeground(accent)
		t.Focused.Description = t.Focused.Description.Foreground(muted)
		t.Focused.ErrorMessage = t.Focused.ErrorMessage.Foreground(bad)
		t.Focused.ErrorIndicator = t.Focused.ErrorIndicator.Foreground(bad)
		t.Blurred.ErrorMessage = t.Blurred.ErrorMessage.Foreground(bad)
		return t
	})
}
