package tui

import (
	"encoding/base64"
	"fmt"
)

// osc1337 is iTerm2's inline file (also drawn by WezTerm and mintty): the
// file's bytes, base64, drawn at the cursor within cols×rows cells,
// keeping its aspect; BEL ends it.
func osc1337(data []byte, cols, rows int) string {
	return fmt.Sprintf("\x1b]1337;File=inline=1;size=%d;width=%d;height=%d;preserveAspectRatio=1:%s\a",
		len(data), cols, rows, base64.StdEncoding.EncodeToString(data))
}
