package tui

import "time"

// callPause is the time a running call spent waiting for the person to
// answer the server's questions: its elapsed timer stops while a question
// is shown, and its duration leaves that time out.
type callPause struct {
	since time.Time     // when the question open now was shown (zero: none)
	total time.Duration // the questions answered before
}

// at is the time paused up to now.
func (p *callPause) at(now time.Time) time.Duration {
	if p.since.IsZero() {
		return p.total
	}
	return p.total + now.Sub(p.since)
}

// syncPause stops the clock of the running call while a question is open,
// and starts it again after (run at the end of every Update).
func (m *Model) syncPause() {
	open := m.call != nil && m.ask.q != nil
	switch now := m.now(); {
	case open && m.pause.since.IsZero():
		m.pause.since = now
	case !open && !m.pause.since.IsZero():
		m.pause.total += now.Sub(m.pause.since)
		m.pause.since = time.Time{}
	}
}

// callNow is the running call's clock: now, less the time paused.
func (m *Model) callNow() time.Time {
	now := m.now()
	return now.Add(-m.pause.at(now))
}

// unpaused is a finished call's duration without the time paused.
func (m *Model) unpaused(elapsed time.Duration) time.Duration {
	return max(elapsed-m.pause.at(m.now()), 0)
}
