package forms

import (
	"strings"
	"sync"

	"charm.land/huh/v2"
)

// cachedTheme builds each variant of a theme once per form. huh's fields ask
// their theme for its styles on every render and resize, and a ThemeFunc
// such as huh.ThemeCharm builds a whole new Styles per call: without the
// cache that was 90% of the memory a large form allocated.
type cachedTheme struct {
	base huh.Theme

	mu          sync.Mutex
	dark, light *huh.Styles
	selDark     *huh.Styles // the text of a focused input shown as selected
	selLight    *huh.Styles
}

func cacheTheme(t huh.Theme) huh.Theme {
	if c, ok := t.(*cachedTheme); ok {
		return c
	}
	return &cachedTheme{base: t}
}

// Theme implements huh.Theme. Fields only read the styles they are given.
func (c *cachedTheme) Theme(isDark bool) *huh.Styles {
	c.mu.Lock()
	defer c.mu.Unlock()
	slot := &c.light
	if isDark {
		slot = &c.dark
	}
	if *slot == nil {
		*slot = c.base.Theme(isDark)
	}
	return *slot
}

// selected is the variant whose focused text is shown reversed, as a
// selection: what the next typed character replaces.
func (c *cachedTheme) selected(isDark bool) *huh.Styles {
	base := c.Theme(isDark)
	c.mu.Lock()
	defer c.mu.Unlock()
	slot := &c.selLight
	if isDark {
		slot = &c.selDark
	}
	if *slot == nil {
		st := *base
		st.Focused.TextInput.Text = st.Focused.TextInput.Text.Transform(reverseText)
		*slot = &st
	}
	return *slot
}

// reverseText shows text reversed; the blank padding after it is left
// alone (a lipgloss Reverse would reverse the whole rest of the line).
func reverseText(s string) string {
	if strings.TrimSpace(s) == "" {
		return s
	}
	return "\x1b[7m" + s + "\x1b[27m"
}

// selectionTheme is one field's theme: the form's, or its selected variant
// while sel reports true.
type selectionTheme struct {
	base *cachedTheme
	sel  func() bool
}

// Theme implements huh.Theme.
func (t selectionTheme) Theme(isDark bool) *huh.Styles {
	if t.sel() {
		return t.base.selected(isDark)
	}
	return t.base.Theme(isDark)
}
