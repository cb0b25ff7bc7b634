package sdk

import (
	"fmt"
	"sync"
)

// promptSet holds a server's prompts in registration order. The zero
// value is empty and ready to use.
type promptSet struct {
	mu     sync.RWMutex
	list   []*registeredPrompt
	byName map[string]*registeredPrompt
}

// AddPrompt adds declared prompts, and tells connected legacy-era clients
// that the list changed. A name already registered (or given twice) is an
// error wrapping ErrDuplicatePrompt, and no prompt is added; a prompt
// declared with PromptOptions.Replace takes the place of the one of its
// name instead.
func (s *Server) AddPrompt(defs ...*PromptDef) error {
	ps := &s.prompts
	ps.mu.Lock()
	if err := ps.checkNames(defs); err != nil {
		ps.mu.Unlock()
		return err
	}
	if ps.byName == nil {
		ps.byName = map[string]*registeredPrompt{}
	}
	for _, d := range defs {
		p := d.p
		if i := ps.index(p.info.Name); i >= 0 {
			ps.list[i] = p
		} else {
			ps.list = append(ps.list, p)
		}
		ps.byName[p.info.Name] = p
	}
	ps.mu.Unlock()
	s.notifyPromptsChanged()
	return nil
}

// checkNames refuses defs whose names are taken, by ps or by an earlier
// def, unless they replace; ps.mu is held.
func (ps *promptSet) checkNames(defs []*PromptDef) error {
	seen := make(map[string]bool, len(defs))
	for _, d := range defs {
		name := d.p.info.Name
		if (ps.byName[name] != nil || seen[name]) && !d.p.replace {
			return fmt.Errorf("%w %q: set PromptOptions.Replace to replace the registered prompt", ErrDuplicatePrompt, name)
		}
		seen[name] = true
	}
	return nil
}

// index is the position of the prompt named name in ps.list, or -1;
// ps.mu is held.
func (ps *promptSet) index(name string) int {
	p := ps.byName[name]
	if p == nil {
		return -1
	}
	for i, x := range ps.list {
		if x == p {
			return i
		}
	}
	return -1
}

// RemovePrompt removes prompts by name and tells connected clients.
func (s *Server) RemovePrompt(names ...string) {
	ps := &s.prompts
	ps.mu.Lock()
	for _, n := range names {
		if i := ps.index(n); i >= 0 {
			ps.list = append(ps.list[:i:i], ps.list[i+1:]...)
			delete(ps.byName, n)
		}
	}
	ps.mu.Unlock()
	s.notifyPromptsChanged()
}

// Prompts returns the wire descriptions of all prompts, in registration
// order.
func (s *Server) Prompts() []PromptInfo {
	ps := &s.prompts
	ps.mu.RLock()
	defer ps.mu.RUnlock()
	out := make([]PromptInfo, len(ps.list))
	for i, p := range ps.list {
		out[i] = p.info
	}
	return out
}

func (ps *promptSet) get(name string) *registeredPrompt {
	ps.mu.RLock()
	defer ps.mu.RUnlock()
	return ps.byName[name]
}

// any reports whether the server has prompts (the prompts capability).
func (ps *promptSet) any() bool {
	ps.mu.RLock()
	defer ps.mu.RUnlock()
	return len(ps.list) > 0
}

// completes reports whether some argument of some prompt completes.
func (ps *promptSet) completes() bool {
	ps.mu.RLock()
	defer ps.mu.RUnlock()
	for _, p := range ps.list {
		for _, c := range p.complete {
			if c.completes() {
				return true
			}
		}
	}
	return false
}

// page returns one prompts/list page: the prompts from the cursor's
// offset on, and the cursor of the next page ("" after the last).
func (ps *promptSet) page(cursor string, size int) ([]PromptInfo, string, error) {
	ps.mu.RLock()
	defer ps.mu.RUnlock()
	start, err := listCursor("prompts", cursor, len(ps.list))
	if err != nil {
		return nil, "", err
	}
	end := min(start+size, len(ps.list))
	out := make([]PromptInfo, 0, end-start)
	for _, p := range ps.list[start:end] {
		out = append(out, p.info)
	}
	next := ""
	if end < len(ps.list) {
		next = issueCursor("prompts", end)
	}
	return out, next, nil
}

// notifyPromptsChanged sends notifications/prompts/list_changed to every
// initialized legacy-era session and to the subscriptions/listen streams
// that asked for it.
func (s *Server) notifyPromptsChanged() { s.listChanged(listPrompts) }
