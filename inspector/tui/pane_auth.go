package tui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/termtext"
)

// The auth view: signing in to an HTTP server that wants OAuth. While the
// connection waits for the sign-in it takes the right-hand upper box: the
// URL to open (whole, wrapped: y copies it), whether a browser was opened,
// and each step of the flow as it happens. Once signed in, A shows who,
// the issuer and client, the scopes and the token's expiry, and the steps.

// authEvent carries a target.AuthEvent through the mailbox.
type authEvent struct{ ev target.AuthEvent }

// authStep is one step of the flow, as the view lists it.
type authStep struct {
	at           time.Time
	kind, detail string
}

// maxAuthSteps bounds the steps kept (each refresh adds two).
const maxAuthSteps = 40

// authPane is the auth view.
type authPane struct {
	st            *Styles
	now           func() time.Time
	width, height int

	url       string // the sign-in URL awaited ("" once signed in)
	noBrowser string // why the browser could not be opened
	steps     []authStep
	who       *target.SignedIn
	shown     bool // A: the view is open after connecting
}

func (p *authPane) SetSize(w, h int) { p.width, p.height = w, h }

// signingIn: a sign-in URL is waiting to be opened.
func (p *authPane) signingIn() bool { return p.url != "" }

// started: the connection has begun a sign-in (or has one).
func (p *authPane) started() bool { return p.url != "" || len(p.steps) > 0 || p.who != nil }

// reset forgets the flow of an old connection.
func (p *authPane) reset() {
	p.url, p.noBrowser, p.steps, p.who, p.shown = "", "", nil, nil, false
}

// add takes one event of the sign-in.
func (p *authPane) add(ev target.AuthEvent) {
	switch ev.Kind {
	case target.AuthURL:
		p.url, p.noBrowser = ev.URL, ""
	case target.AuthNoBrowser:
		p.url, p.noBrowser = ev.URL, ev.Detail
	case target.AuthStep:
		p.steps = append(p.steps, authStep{at: p.now(), kind: ev.Step, detail: ev.Detail})
		if len(p.steps) > maxAuthSteps {
			p.steps = p.steps[len(p.steps)-maxAuthSteps:]
		}
	case target.AuthSignedIn:
		p.url, p.noBrowser = "", ""
		if ev.Who != nil {
			p.who = ev.Who
		}
	}
}

// Title is the box's title.
func (p *authPane) Title() string {
	if p.who != nil && !p.signingIn() {
		return "Signed in"
	}
	return "Sign in"
}

// View renders the view: the URL or who, then the latest steps that fit.
func (p *authPane) View() string {
	w := max(p.width, 10)
	var lines []string
	if p.signingIn() {
		lines = p.urlLines(w)
	} else if p.who != nil {
		lines = p.whoLines()
	}
	room := p.height - len(lines) - 2
	if room > 0 && len(p.steps) > 0 {
		lines = append(lines, "", p.st.Section.Render("Steps"))
		steps := p.steps
		if len(steps) > room {
			steps = steps[len(steps)-room:]
		}
		for _, s := range steps {
			lines = append(lines, p.st.Dim.Render(s.at.Format("15:04:05"))+" "+p.st.Bold.Render(termtext.Line(s.kind))+" "+termtext.Line(s.detail))
		}
	}
	return strings.Join(lines, "\n")
}

// urlLines ask the user to open the URL, shown whole (wrapped at any
// character: a URL has no spaces to wrap at).
func (p *authPane) urlLines(w int) []string {
	lead := "Open this URL in a browser to sign in:"
	if p.noBrowser != "" {
		lead = "No browser could be opened (" + termtext.Line(p.noBrowser) + "). Open this URL yourself to sign in:"
	}
	lines := strings.Split(ansi.Wrap(lead, w, ""), "\n")
	lines = append(lines, strings.Split(ansi.Hardwrap(termtext.Line(p.url), w, false), "\n")...)
	return append(lines, p.st.Key.Render("y")+p.st.Dim.Render(" copies it · waiting for the browser to come back…"))
}

// whoLines say who is signed in, with the token's scopes and expiry.
func (p *authPane) whoLines() []string {
	who := p.who
	row := func(k, v string) string { return p.st.Dim.Render(fmt.Sprintf("%-8s ", k)) + v }
	scopes := "(none named)"
	if len(who.Scopes) > 0 {
		scopes = termtext.Line(strings.Join(who.Scopes, " "))
	}
	lines := []string{
		"Signed in as " + p.st.Bold.Render(termtext.Line(who.As)),
		row("issuer", termtext.Line(who.Issuer)),
		row("client", termtext.Line(who.ClientID)),
		row("scopes", scopes),
		row("expires", p.expiry()),
	}
	return lines
}

// expiry says when the token expires, and whether it is refreshed then.
func (p *authPane) expiry() string {
	who := p.who
	s := "never (the token names no expiry)"
	if !who.Expiry.IsZero() {
		left := who.Expiry.Sub(p.now()).Round(time.Second)
		s = who.Expiry.Local().Format("15:04:05") + " (in " + left.String() + ")"
		if left <= 0 {
			s = who.Expiry.Local().Format("15:04:05") + " (expired)"
		}
	}
	if who.Refreshable {
		s += " · refreshed silently"
	}
	return s
}
