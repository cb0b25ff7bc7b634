package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Each pane's keys (the pane interface, pane.go): what they do, which of
// Model.keys they enable (KeyMap.sync asks the focused pane at the end of
// every Update), and which its help shows.

// scrollAmount maps the movement keys to a number of lines (0: not one);
// page is a page's.
func scrollAmount(k tea.KeyPressMsg, km *KeyMap, page int) int {
	switch {
	case key.Matches(k, km.Up):
		return -1
	case key.Matches(k, km.Down):
		return 1
	case key.Matches(k, km.PageUp):
		return -page
	case key.Matches(k, km.PageDown):
		return page
	case key.Matches(k, km.Top):
		return -1 << 30
	case key.Matches(k, km.Bottom):
		return 1 << 30
	}
	return 0
}

// HandleKey moves, filters, and asks for the selected tool's form.
func (p *toolsPane) HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	if p.filtering {
		return p.filterKey(k, km)
	}
	switch {
	case key.Matches(k, km.Filter):
		return p.startFilter()
	case key.Matches(k, km.ClearFilter):
		p.stopFilter(true)
	case key.Matches(k, km.Open):
		if t := p.Selected(); t != nil {
			p.send(openToolMsg{tool: *t})
		}
	case key.Matches(k, km.ShowRoots):
		p.send(openRootsMsg{})
	default:
		switch d := scrollAmount(k, km, p.perPage()); {
		case d < -len(p.visible):
			p.move(-len(p.visible))
		case d > len(p.visible):
			p.move(len(p.visible))
		case d != 0:
			p.move(d)
		}
	}
	return nil
}

// filterKey handles a key while the filter input has the keys.
func (p *toolsPane) filterKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	switch {
	case key.Matches(k, km.ClearFilter):
		p.stopFilter(true)
	case key.Matches(k, km.AcceptFilter):
		p.stopFilter(false)
		if t := p.Selected(); t != nil {
			p.send(openToolMsg{tool: *t, fresh: true})
		}
	case key.Matches(k, km.FilterUp):
		p.move(-1)
	case key.Matches(k, km.FilterDown):
		p.move(1)
	default:
		return p.typeFilter(k)
	}
	return nil
}

// typing: the filter input has the keys.
func (p *toolsPane) typing() bool { return p.filtering }

// bindKeys: move, filter, open the selected tool's form, the roots;
// while the filter is typed in, only its keys (enter opens the first
// match while the list has the focus).
func (p *toolsPane) bindKeys(km *KeyMap, s keyState) {
	if p.filtering {
		km.AcceptFilter.SetEnabled(s.focus == focusTools)
		enable(&km.ClearFilter, &km.FilterUp, &km.FilterDown)
		return
	}
	enable(append(km.scrollKeys(), &km.Filter, &km.ShowRoots)...)
	km.Open.SetEnabled(s.hasTools)
	km.Open.SetHelp("enter", "open form")
	km.ClearFilter.SetEnabled(s.filtered)
}

func (p *toolsPane) shortHelp(km *KeyMap) []key.Binding {
	return []key.Binding{km.Open, km.AcceptFilter, km.ClearFilter, km.Filter, km.Up}
}

// HandleKey saves media and scrolls.
func (p *resultPane) HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	if key.Matches(k, km.Save) && p.hasMedia() {
		return saveMediaCmd(p.data.media, *p.saveDir)
	}
	if key.Matches(k, km.ReadLink) {
		if uri, ok := p.linkToRead(); ok {
			p.send(readLinkMsg{uri: uri})
		}
		return nil
	}
	p.vp.Scroll(scrollAmount(k, km, p.vp.height))
	return nil
}

// bindKeys: scroll, save media, read a resource link (not while a call
// runs).
func (p *resultPane) bindKeys(km *KeyMap, s keyState) {
	enable(km.scrollKeys()...)
	km.Save.SetEnabled(s.hasMedia)
	km.ReadLink.SetEnabled(s.hasLinks && !s.calling)
}

func (p *resultPane) shortHelp(km *KeyMap) []key.Binding {
	return []key.Binding{km.Save, km.ReadLink, km.Up}
}

// hasMedia: the result has blocks the save key writes to files.
func (p *resultPane) hasMedia() bool { return p.data != nil && len(p.data.media) > 0 }

// HandleKey scrolls, and asks for the next log level.
func (p *logsPane) HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	if key.Matches(k, km.LogLevel) {
		p.send(logLevelMsg{})
		return nil
	}
	p.scroll(scrollAmount(k, km, p.height))
	return nil
}

// bindKeys: scroll; set the log level while connected.
func (p *logsPane) bindKeys(km *KeyMap, s keyState) {
	enable(km.scrollKeys()...)
	km.LogLevel.SetEnabled(s.connected)
}

func (p *logsPane) shortHelp(km *KeyMap) []key.Binding { return []key.Binding{km.LogLevel, km.Up} }

// HandleKey searches, moves between messages, and scrolls the detail.
func (p *trafficPane) HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	if p.searching {
		return p.searchKey(k, km)
	}
	switch {
	case key.Matches(k, km.Search):
		return p.startSearch()
	case key.Matches(k, km.NextMatch):
		p.jump(1)
	case key.Matches(k, km.PrevMatch):
		p.jump(-1)
	case key.Matches(k, km.PageUp):
		p.detailOff = max(0, p.detailOff-p.height/2)
	case key.Matches(k, km.PageDown):
		p.detailOff += p.height / 2
	default:
		if d := scrollAmount(k, km, 0); d != 0 {
			p.move(max(min(d, len(p.msgs)), -len(p.msgs)))
		}
	}
	return nil
}

// searchKey handles a key while the search input has the keys.
func (p *trafficPane) searchKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	switch {
	case key.Matches(k, km.ClearFilter):
		p.stopSearch(true)
	case key.Matches(k, km.AcceptSearch):
		p.stopSearch(false)
		p.jump(1)
	default:
		return p.typeSearch(k)
	}
	return nil
}

// typing: the search input has the keys.
func (p *trafficPane) typing() bool { return p.searching }

// bindKeys: move, search, jump between the matches of a search; while
// the search is typed in, only its keys.
func (p *trafficPane) bindKeys(km *KeyMap, s keyState) {
	if p.searching {
		enable(&km.ClearFilter, &km.AcceptSearch)
		return
	}
	enable(append(km.scrollKeys(), &km.Search)...)
	km.NextMatch.SetEnabled(s.hasSearch)
	km.PrevMatch.SetEnabled(s.hasSearch)
}

// shortHelp: ClearFilter is the search input's.
func (p *trafficPane) shortHelp(km *KeyMap) []key.Binding {
	return []key.Binding{km.ClearFilter, km.Search, km.NextMatch, km.Up}
}

// hasSearch: a search is set (n and N jump between its matches).
func (p *trafficPane) hasSearch() bool { return p.search.Value() != "" }

// HandleKey moves, and asks to re-run, edit or copy the selected call.
func (p *historyPane) HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	e := p.selected()
	switch {
	case e == nil:
	case key.Matches(k, km.Rerun):
		p.send(rerunMsg{*e})
	case key.Matches(k, km.Edit):
		p.send(editMsg{*e})
	case key.Matches(k, km.Copy):
		p.send(copyCallMsg{})
	default:
		if d := scrollAmount(k, km, p.height); d != 0 {
			p.move(max(min(d, len(p.entries)), -len(p.entries)))
		}
	}
	return nil
}

// bindKeys: move; re-run (not while a call runs), edit or copy a call.
func (p *historyPane) bindKeys(km *KeyMap, s keyState) {
	enable(km.scrollKeys()...)
	km.Rerun.SetEnabled(s.hasHistory && !s.calling)
	km.Edit.SetEnabled(s.hasHistory)
	km.Copy.SetEnabled(s.hasHistory)
}

func (p *historyPane) shortHelp(km *KeyMap) []key.Binding {
	return []key.Binding{km.Rerun, km.Edit, km.Copy, km.Up}
}

// len is the number of calls listed.
func (p *historyPane) len() int { return len(p.entries) }
