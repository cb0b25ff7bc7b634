package tui

// focus names the pane that receives keys. Only the focused pane gets them;
// a focused form gets every key but ctrl+c.
type focus int

const (
	focusTools  focus = iota // the tool list (and its filter)
	focusForm                // the open form
	focusOutput              // the result / logs / traffic / history tabs
	focusDoctor              // the server-trouble report
	focusAsk                 // the server's question (over the output tabs)
	focusRoots               // the roots view (over the output tabs)
)

func (f focus) String() string {
	return [...]string{"tools", "form", "output", "doctor", "ask", "roots"}[f]
}

// tab is the page shown in the output pane.
type tab int

const (
	tabResult tab = iota
	tabLogs
	tabTraffic
	tabHistory
	tabLint
	numTabs
)

func (t tab) String() string {
	return [...]string{"Result", "Logs", "Traffic", "History", "Lint"}[t]
}
