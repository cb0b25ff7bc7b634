package tui

import "strings"

// ImageProtocol is how the terminal is sent the result's images
// (Options.Images): not at all, kitty's graphics protocol with Unicode
// placeholders (inline_image.go), iTerm2's OSC 1337 files
// (image_iterm.go) or sixel (image_sixel.go).
type ImageProtocol int

const (
	ImagesOff ImageProtocol = iota
	ImagesKitty
	ImagesITerm2
	ImagesSixel
)

func (p ImageProtocol) String() string {
	switch p {
	case ImagesKitty:
		return "kitty"
	case ImagesITerm2:
		return "iterm2"
	case ImagesSixel:
		return "sixel"
	}
	return "off"
}

// drawnAtCursor: the protocol draws at the cursor, over cells the
// renderer owns, so the images are placed after the frame (image_place.go).
func (p ImageProtocol) drawnAtCursor() bool { return p == ImagesITerm2 || p == ImagesSixel }

// detectImages reads the environment for a terminal that draws images
// with nothing in between: kitty 0.28 or later and Ghostty (placeholders,
// which need colour: not under NO_COLOR); iTerm2, WezTerm and mintty
// (OSC 1337); foot, mlterm and Windows Terminal (sixel). Under tmux or
// screen nothing is drawn. MCPDEV_INLINE_IMAGES decides instead: 0 (off),
// kitty, iterm2, sixel, or 1 (the terminal's protocol, kitty when none is
// recognised, even under a multiplexer set up to pass it through).
func detectImages(getenv func(string) string) ImageProtocol {
	switch v := strings.ToLower(getenv("MCPDEV_INLINE_IMAGES")); v {
	case "0", "off", "none":
		return ImagesOff
	case "kitty":
		return ImagesKitty
	case "iterm2", "iterm":
		return ImagesITerm2
	case "sixel":
		return ImagesSixel
	case "1":
		if p := terminalImages(getenv); p != ImagesOff {
			return p
		}
		return ImagesKitty
	}
	term := getenv("TERM")
	if getenv("TMUX") != "" || getenv("STY") != "" || strings.HasPrefix(term, "screen") || strings.HasPrefix(term, "tmux") {
		return ImagesOff // a multiplexer swallows the images
	}
	return terminalImages(getenv)
}

// terminalImages is the protocol the terminal itself is known to draw.
func terminalImages(getenv func(string) string) ImageProtocol {
	term, prog := getenv("TERM"), getenv("TERM_PROGRAM")
	switch {
	case getenv("KITTY_WINDOW_ID") != "" || term == "xterm-kitty" || prog == "ghostty" || term == "xterm-ghostty":
		if getenv("NO_COLOR") != "" {
			return ImagesOff // placeholders are told apart by their colour
		}
		return ImagesKitty
	case prog == "iTerm.app" || prog == "WezTerm" || prog == "mintty" || getenv("LC_TERMINAL") == "iTerm2":
		return ImagesITerm2
	case strings.Contains(term, "foot") || strings.Contains(term, "mlterm") || getenv("WT_SESSION") != "":
		return ImagesSixel
	}
	return ImagesOff
}
