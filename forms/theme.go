package forms

import (
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
