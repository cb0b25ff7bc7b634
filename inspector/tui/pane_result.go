package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/progress"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/testsession"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// runningCall is the call in flight, shown with a progress bar.
type runningCall struct {
	id        int
	tool      string
	start     time.Time
	progress  *sdk.ProgressParams
	cancel    context.CancelFunc
	cancelled bool                 // the user cancelled it; its end is awaited
	task      *taskState           // a call run as a task (task_call.go)
	answers   []testsession.Answer // the person's answers to its questions (answers.go)
}

// resultPane shows the last result (scrollable) or the running call.
type resultPane struct {
	st            *Styles
	width, height int
	vp            scroller
	bar           progress.Model

	tool    string
	task    bool // the call ran as a task
	data    *resultData
	err     error
	elapsed time.Duration
	note    string // e.g. where media was saved
	call    *runningCall

	laidWidth int        // the width the content was last laid out for
	links     []linkLine // the result's resource links, where they are laid out

	proto    ImageProtocol        // how images are drawn (Options.Images)
	cell     [2]int               // a cell's size in pixels (Options.CellPixels)
	images   map[int]*inlineImage // by block, the images drawn
	unDrawn  map[int]string       // by block, why an image is not drawn
	placed   []piece              // where the last frame put the images (image_place.go)
	drawn    []piece              // where they were last drawn
	dirty    bool                 // a frame put them elsewhere since
	checking bool                 // an imagesDrawMsg is due
	lastID   int                  // the last image id given
	transmit string               // images to send the terminal (takeTransmit)
	saveDir  *string              // where the save key writes media (Options.SaveDir)
	outbox
}

func newResultPane(st *Styles) resultPane {
	bar := progress.New(progress.WithColors(st.Accent, st.OK), progress.WithoutPercentage())
	return resultPane{st: st, bar: bar}
}

func (p *resultPane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.vp.SetSize(w, max(h-1, 1))
	p.bar.SetWidth(max(w-8, 10))
	if w != p.laidWidth { // a height change (focus moved) keeps the layout
		p.layout()
	}
}

// start shows a call as running.
func (p *resultPane) start(c *runningCall) {
	p.call, p.note = c, ""
}

func (p *resultPane) setProgress(id int, pp sdk.ProgressParams) {
	if p.call != nil && p.call.id == id {
		p.call.progress = &pp
	}
}

// finish shows a finished call's outcome (a call run as a task says so).
func (p *resultPane) finish(tool string, m callDoneMsg) {
	p.call, p.tool, p.task, p.data, p.err, p.elapsed, p.note = nil, tool, m.task, m.view, m.err, m.elapsed, ""
	p.placeImages()
	p.vp.Top()
	p.layout()
}

// outcome is the one-word summary history keeps.
func outcome(m callDoneMsg) string {
	var ended *call.TaskEndError
	switch {
	case errors.Is(m.err, context.Canceled):
		return "cancelled"
	case errors.As(m.err, &ended):
		return "task " + string(ended.Status)
	case errors.Is(m.err, transport.ErrTooLarge):
		return "too large"
	case errors.As(m.err, new(*transport.Error)):
		return "protocol error"
	case m.err != nil:
		return "failed" // the connection closed, the server went away: as the result header says
	case m.res != nil && m.res.IsError:
		return "tool error"
	}
	return "ok"
}

func (p *resultPane) statusLine() string {
	st, took := p.st, formatDuration(p.elapsed)
	var rpc *transport.Error
	var link *streamable.LinkError
	if line, ok := p.taskStatusLine(took); ok {
		return line
	}
	switch {
	case p.err == nil && p.data == nil:
		return st.Dim.Render("No result yet: pick a tool, fill its form, submit.")
	case errors.Is(p.err, context.Canceled):
		return st.Cancel.Render("⊘ cancelled") + st.Dim.Render(" after "+took+" · notifications/cancelled sent")
	case errors.Is(p.err, transport.ErrTooLarge):
		return p.headed(st.ProtocolError.Render("✗ message too large"), "", took)
	case errors.As(p.err, &rpc):
		return p.headed(st.ProtocolError.Render(fmt.Sprintf("✗ protocol error %d", rpc.Code)), " (JSON-RPC)", took)
	case errors.As(p.err, &link):
		return p.headed(st.ProtocolError.Render("✗ "+link.Headline()), " (transport)", took)
	case p.err != nil:
		return p.headed(st.ProtocolError.Render("✗ failed"), "", took)
	case p.data.isError:
		return p.headed(st.ToolError.Render("✗ tool error"), " (isError)", took)
	}
	return p.headed(st.Success.Render("✓ ok"), "", took)
}

// headed is a status line: the outcome, what was called and the time it
// took, "as a task" when the call ran as one. A name too long for the
// pane is cut, not what follows it; where it is cut does not depend on
// the time's digits (up to tookRoom of them).
func (p *resultPane) headed(outcome, extra, took string) string {
	tail := " · " + took
	if p.task {
		tail = " · as a task" + tail
	}
	name := termtext.Line(p.tool)
	room := p.width - ansi.StringWidth(outcome+extra+" · "+tail) - max(tookRoom-ansi.StringWidth(took), 0)
	if ansi.StringWidth(name) > room {
		name = ansi.Truncate(name, max(room, 1), "…")
	}
	return outcome + p.st.Dim.Render(extra+" · "+name+tail)
}

// layout lays the content out for the current width into the viewport;
// a long text is paged (paged_text.go): only the rows on screen are cut
// out of it, when shown.
func (p *resultPane) layout() {
	if p.width <= 0 {
		return
	}
	p.laidWidth = p.width
	p.links = nil
	doc := &rowDoc{}
	switch {
	case p.err != nil:
		doc.addLines(p.errorLines()...)
	case p.data != nil:
		p.dataDoc(doc)
	}
	p.vp.SetDoc(doc)
}

func (p *resultPane) errorLines() []string {
	if hint := inspector.TooLargeHint(p.err); hint != "" {
		return p.wrap(p.err.Error() + "\n\n" + hint)
	}
	var rpc *transport.Error
	if errors.As(p.err, &rpc) {
		out := p.wrap(rpc.Message)
		if len(rpc.Data) > 0 {
			out = append(out, p.st.Section.Render("data"))
			out = append(out, sanitizeLines(prettyLines(rpc.Data))...)
		}
		return out
	}
	switch {
	case errors.Is(p.err, context.Canceled):
		return nil
	case errors.Is(p.err, sdk.ErrConnectionClosed):
		return p.wrap("The connection to the server closed before " + p.tool + " answered (" + p.err.Error() + ").")
	}
	return p.wrap(p.err.Error())
}

// dataLines is every row of the result, laid out.
func (p *resultPane) dataLines() []string {
	var d rowDoc
	p.dataDoc(&d)
	out := make([]string, d.Len())
	for i := range out {
		out[i] = d.Row(i)
	}
	return out
}

// dataDoc lays the result out into out.
func (p *resultPane) dataDoc(out *rowDoc) {
	d, st := p.data, p.st
	if d.description != "" {
		out.addLines(p.rule(st.Section.Render("description")))
		out.addLines(p.wrapSafe(d.description)...)
	}
	n := len(d.blocks)
	for i := range d.blocks {
		b := &d.blocks[i]
		if b.link != "" {
			p.links = append(p.links, linkLine{line: out.Len(), uri: b.link})
		}
		out.addLines(p.rule(st.Section.Render(fmt.Sprintf("content %d/%d · %s", i+1, n, b.header))))
		if b.notes != "" {
			for _, l := range p.wrap(b.notes) {
				out.addLines(st.Dim.Render(l))
			}
		}
		if im := p.images[i]; im != nil {
			out.addLines(im.lines()...)
		} else if why := p.unDrawn[i]; why != "" {
			out.addLines(st.Dim.Render("not drawn inline: " + termtext.Line(why)))
		}
		switch {
		case b.text == "":
		case paged(b):
			out.addPaged(newPagedText(b.text, p.width))
		default:
			out.addLines(p.wrapText(b)...)
		}
		out.addLines(p.wrapJSON(b.json)...)
		if b.saveAs != "" {
			out.addLines(st.Key.Render("s") + st.Dim.Render(" saves it as "+b.saveAs))
		}
		if b.link != "" {
			out.addLines(st.Key.Render("o") + st.Dim.Render(" reads it"+d.linkNote()))
		}
	}
	if n == 0 {
		out.addLines(st.Dim.Render("(no content blocks)"))
	}
	if d.structured != nil || d.verdict.state == "missing" {
		out.addLines(p.rule(st.Section.Render("structuredContent") + st.Dim.Render(" · ") + p.verdictText()))
		for _, pr := range d.verdict.problems {
			out.addLines(st.ProtocolError.Render("  ✗ ") + pr)
		}
		out.addLines(p.wrapJSON(d.structured)...)
	}
}

// paged: a text block long enough to be paged, and not highlighted.
func paged(b *blockData) bool {
	return len(b.text) >= pagedMin && (b.code.lexer == nil || len(b.text) > highlightLimit)
}

func (p *resultPane) verdictText() string {
	st := p.st
	switch p.data.verdict.state {
	case "valid":
		return st.Success.Render("✓ matches outputSchema")
	case "invalid":
		return st.ProtocolError.Render("✗ breaks outputSchema")
	case "missing":
		return st.ProtocolError.Render("✗ missing (the tool declares an outputSchema)")
	case "not checked":
		return st.Dim.Render("(outputSchema not checked: tool error)")
	}
	return st.Dim.Render("(no outputSchema)")
}

// rule is a content's header: "── title ───…" across the pane; a title
// wider than the pane is cut with an ellipsis, so that the cut shows.
func (p *resultPane) rule(title string) string {
	head := p.st.Section.Render("── ") + title
	if w := p.width - ansi.StringWidth(head) - 1; w >= 0 {
		return head + " " + p.st.Section.Render(strings.Repeat("─", w))
	}
	return ansi.Truncate(head, p.width, "…")
}

// wrapJSON colours pretty JSON and wraps long lines under their indent.
// Huge documents are left as they are (cut at the pane's edge).
func (p *resultPane) wrapJSON(lines []string) []string {
	if len(lines) > 20000 {
		return lines
	}
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		if ansi.StringWidth(l) <= p.width {
			out = append(out, colorJSONLine(p.st, l))
			continue
		}
		t := strings.TrimLeft(l, " ")
		ind := strings.Repeat(" ", min(len(l)-len(t)+2, p.width/2))
		for i, w := range strings.Split(wrapWords(colorJSONLine(p.st, t), max(p.width-len(ind), 10)), "\n") {
			if i == 0 {
				out = append(out, ind[:len(ind)-2]+w)
			} else {
				out = append(out, ind+w)
			}
		}
	}
	return out
}

// wrap sanitizes and wraps text (the server's, or an error quoting it).
func (p *resultPane) wrap(s string) []string { return p.wrapSafe(termtext.Text(s)) }

// wrapSafe wraps text prepared by prepareResult (sanitized already).
func (p *resultPane) wrapSafe(s string) []string {
	return strings.Split(wrapWords(s, max(p.width, 10)), "\n")
}

// colorJSON colours the keys of pretty-printed JSON lines. Huge documents
// stay plain: colouring 10 MiB on every resize is not worth it.
func colorJSON(st *Styles, lines []string) []string {
	if len(lines) > 20000 {
		return lines
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = colorJSONLine(st, l)
	}
	return out
}

func colorJSONLine(st *Styles, l string) string {
	t := strings.TrimLeft(l, " ")
	if !strings.HasPrefix(t, `"`) {
		return l
	}
	end := closingQuote(t)
	if end < 0 {
		return l
	}
	indent := l[:len(l)-len(t)]
	if strings.HasPrefix(t[end+1:], ": ") {
		return indent + st.JSONKey.Render(t[:end+1]) + t[end+1:]
	}
	return indent + st.JSONString.Render(t[:end+1]) + t[end+1:]
}

func closingQuote(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// tookRoom is the width kept for a duration in a status line ("999ms").
const tookRoom = 5

func formatDuration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%dµs", d.Microseconds())
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	}
	return fmt.Sprintf("%.1fs", d.Seconds())
}

// View renders the pane: a status line, then the scrollable content, or
// the running call's progress.
func (p *resultPane) View(now time.Time) string {
	if p.call != nil {
		return p.progressView(now)
	}
	head := p.statusLine()
	if p.note != "" {
		head += p.st.Dim.Render(" · " + p.note)
	}
	return ansi.Truncate(head, p.width, "…") + "\n" + p.vp.View()
}

func (p *resultPane) progressView(now time.Time) string {
	c, st := p.call, p.st
	if c.task != nil {
		return p.taskView(now)
	}
	head := st.StateBusy.Render("● "+termtext.Line(c.tool)+" running") + st.Dim.Render(" · "+formatDuration(now.Sub(c.start).Truncate(100*time.Millisecond)))
	lines := []string{head, ""}
	pp := c.progress
	switch {
	case pp == nil:
		lines = append(lines, st.Dim.Render("waiting for the server (no progress reported yet)"))
	case pp.Total > 0:
		pct := min(pp.Progress/pp.Total, 1)
		lines = append(lines, p.bar.ViewAs(pct)+fmt.Sprintf(" %3.0f%%", pct*100))
		lines = append(lines, st.Dim.Render(fmt.Sprintf("%g of %g", pp.Progress, pp.Total)))
	default:
		lines = append(lines, st.Dim.Render(fmt.Sprintf("progress %g (no total)", pp.Progress)))
	}
	if pp != nil && pp.Message != "" {
		lines = append(lines, p.wrap(pp.Message)...)
	}
	lines = append(lines, "", st.Key.Render("esc")+st.Dim.Render(" cancel the call (sends notifications/cancelled)"))
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, p.width, "…")
	}
	return strings.Join(lines, "\n")
}
