package sdk

import "fmt"

// registrant is what a registry holds: a tool, prompt, resource or
// resource template, known by its key (name, URI or URI template).
type registrant interface {
	comparable
	key() string
	replaces() bool // its Options.Replace: it may take a taken key
}

// registry holds a server's registrants of one kind in registration
// order, indexed by key. Server.mu guards it; the zero value is empty.
type registry[T registrant] struct {
	list  []T
	byKey map[string]T
}

// add registers items, a replacing item in the place of the one whose
// key it takes. A key taken (or given twice) by an item that does not
// replace is dup(key), and nothing is added.
func (r *registry[T]) add(items []T, dup func(key string) error) error {
	seen := make(map[string]bool, len(items))
	for _, it := range items {
		k := it.key()
		if _, taken := r.byKey[k]; (taken || seen[k]) && !it.replaces() {
			return dup(k)
		}
		seen[k] = true
	}
	if r.byKey == nil {
		r.byKey = map[string]T{}
	}
	for _, it := range items {
		k := it.key()
		r.list = replaceOrAppend(r.list, r.byKey[k], it)
		r.byKey[k] = it
	}
	return nil
}

// remove unregisters the item of key, if any.
func (r *registry[T]) remove(key string) {
	if it, ok := r.byKey[key]; ok {
		delete(r.byKey, key)
		r.list = without(r.list, it)
	}
}

// get is the item of key (the zero T: none).
func (r *registry[T]) get(key string) T { return r.byKey[key] }

// mapped is f of each item, in order (a list's wire descriptions, the
// registrants of declarations).
func mapped[T, U any](items []T, f func(T) U) []U {
	out := make([]U, len(items))
	for i, it := range items {
		out[i] = f(it)
	}
	return out
}

// duplicate is the error of a key taken by a noun ("tool", …) whose
// options (ToolOptions, …) do not say Replace; kind is its ErrDuplicate….
func duplicate(kind error, options, noun string) func(string) error {
	return func(key string) error {
		return fmt.Errorf("%w %q: set %s.Replace to replace the registered %s", kind, key, options, noun)
	}
}

func replaceOrAppend[T comparable](list []T, old, v T) []T {
	var zero T
	if old != zero {
		for i, x := range list {
			if x == old {
				list[i] = v
				return list
			}
		}
	}
	return append(list, v)
}

func without[T comparable](list []T, v T) []T {
	for i, x := range list {
		if x == v {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}

func (t *registeredTool) key() string        { return t.info.Name }
func (t *registeredTool) replaces() bool     { return t.replace }
func (p *registeredPrompt) key() string      { return p.info.Name }
func (p *registeredPrompt) replaces() bool   { return p.replace }
func (r *registeredResource) key() string    { return r.info.URI }
func (r *registeredResource) replaces() bool { return r.replace }
func (t *registeredTemplate) key() string    { return t.info.URITemplate }
func (t *registeredTemplate) replaces() bool { return t.replace }

// register adds items to r (one of s's registries), then tells clients
// that the list of kind changed; dup words a taken key (see add).
func register[T registrant](s *Server, r *registry[T], items []T, dup func(string) error, kind listKind) error {
	s.mu.Lock()
	err := r.add(items, dup)
	if err == nil {
		s.registryChanged()
	}
	s.mu.Unlock()
	if err != nil {
		return err
	}
	s.listChanged(kind)
	return nil
}

// unregister removes the items of keys from r and tells clients.
func unregister[T registrant](s *Server, r *registry[T], keys []string, kind listKind) {
	s.mu.Lock()
	for _, k := range keys {
		r.remove(k)
	}
	s.registryChanged()
	s.mu.Unlock()
	s.listChanged(kind)
}

// registryChanged updates what s derives from its registries once per
// change rather than per request: the count of tools with Mcp-Param-*
// headers, and whether anything completes. s.mu is held.
func (s *Server) registryChanged() {
	n := int32(0)
	for _, t := range s.tools.list {
		if len(t.params) > 0 {
			n++
		}
	}
	s.headerTools.Store(n)
	s.taskTools.Store(countTaskTools(s.tools.list))
	s.anyCompletes.Store(anyCompletes(s.prompts.list) || anyCompletes(s.res.templates.list))
}

// anyCompletes reports whether an argument of one of ts completes.
func anyCompletes[T interface {
	arguments() map[string]argCompletion
}](ts []T) bool {
	for _, t := range ts {
		for _, c := range t.arguments() {
			if c.completes() {
				return true
			}
		}
	}
	return false
}

func (p *registeredPrompt) arguments() map[string]argCompletion   { return p.complete }
func (t *registeredTemplate) arguments() map[string]argCompletion { return t.complete }
