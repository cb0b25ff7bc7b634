//go:build unix

package tui

import (
	"os"

	"golang.org/x/sys/unix"
)

// cellPixels is the size of the terminal's cells in pixels, as the
// terminal tells the kernel (0, 0 when it does not).
func cellPixels(f *os.File) [2]int {
	ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
	if err != nil || ws.Col == 0 || ws.Row == 0 {
		return [2]int{}
	}
	return [2]int{int(ws.Xpixel) / int(ws.Col), int(ws.Ypixel) / int(ws.Row)}
}
