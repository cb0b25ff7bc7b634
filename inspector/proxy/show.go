package proxy

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/internal/termtext"
)

// Show writes a session readably: its header, then one line per frame
// (time since the start, direction, kind, id, method, latency of an
// answer, and the frame itself clipped to width characters), then how it
// ended. Everything the client or server sent is made safe for a terminal.
func Show(w io.Writer, s Summary, recs []Record, width int) {
	fmt.Fprintf(w, "session %s", s.ID)
	if s.Label != "" {
		fmt.Fprintf(w, " (%s)", termtext.Line(s.Label))
	}
	fmt.Fprintf(w, ", %s, started %s\n", s.Transport, s.Started.Local().Format("2006-01-02 15:04:05"))
	if len(s.Command) > 0 {
		fmt.Fprintf(w, "  command: %s\n", termtext.Line(strings.Join(s.Command, " ")))
	}
	if s.Target != "" {
		fmt.Fprintf(w, "  target: %s\n", termtext.Line(s.Target))
	}
	for _, m := range Analyze(recs) {
		fmt.Fprintln(w, showLine(m, s.Started, width))
	}
	switch {
	case s.Live:
		fmt.Fprintln(w, "  (still running)")
	case s.Exit != nil:
		fmt.Fprintf(w, "  ended after %s", s.Ended.Sub(s.Started).Round(time.Millisecond))
		if s.Transport == "stdio" {
			fmt.Fprintf(w, ", server exit status %d", *s.Exit)
		}
		if s.Dropped > 0 {
			fmt.Fprintf(w, "; %d frames were not recorded", s.Dropped)
		}
		fmt.Fprintln(w)
	default:
		fmt.Fprintln(w, "  (the proxy stopped without closing the session)")
	}
}

var arrows = map[Direction]string{ClientToServer: "→", ServerToClient: "←", ServerStderr: "!"}

func showLine(m Message, start time.Time, width int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%+9.3fs %s %-13s", m.Time.Sub(start).Seconds(), arrows[m.Dir], m.Kind)
	head := ""
	if h := m.HTTP; h != nil {
		switch {
		case h.Method != "":
			head += h.Method + " " + h.Path + " "
		case h.Status != 0:
			head += fmt.Sprintf("HTTP %d ", h.Status)
			if h.Stream {
				head += "(event stream) "
			}
			if v := h.Header["Www-Authenticate"]; len(v) > 0 {
				head += "WWW-Authenticate: " + strings.Join(v, ", ") + " "
			}
		}
	}
	if m.ID != "" {
		head += "#" + m.ID + " "
	}
	if m.Method != "" {
		head += m.Method + " "
	}
	switch {
	case m.Kind == KindResult || m.Kind == KindError:
		if m.Partner < 0 {
			head += "(no request with this id) "
		} else {
			head += fmt.Sprintf("(%s) ", m.Latency.Round(100*time.Microsecond))
		}
	case m.Kind == KindRequest && m.Partner < 0:
		head += "(no answer) "
	case m.Kind == KindMalformed && m.Dir == ServerToClient:
		head += "(stray output on stdout) "
	}
	b.WriteString(termtext.Line(termtext.Clip(head, 120)))
	if width > 0 {
		b.WriteString(termtext.Line(termtext.Clip(string(m.Raw), max(width-b.Len(), 20))))
	}
	return b.String()
}
