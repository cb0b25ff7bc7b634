package lint

import (
	"encoding/json"
	"sync"
)

// memoChecker is a Checker that checks each distinct schema document (by
// its bytes) once: one lint of a list or config, where tools and servers
// share schemas, and the metaschema check is most of the cost.
type memoChecker struct {
	Checker
	mu      sync.Mutex
	checked map[string]*checkedSchema
}

// checkedSchema is one document's CheckSchema answer, made once.
type checkedSchema struct {
	once sync.Once
	err  error
}

// memoized returns opts for one lint: its clients, and its checker
// remembering what it has checked.
func (o *Options) memoized() *Options {
	return &Options{Clients: o.clients(), Checker: &memoChecker{Checker: o.checker(), checked: map[string]*checkedSchema{}}}
}

func (m *memoChecker) CheckSchema(raw json.RawMessage) error {
	m.mu.Lock()
	c := m.checked[string(raw)]
	if c == nil {
		c = &checkedSchema{}
		m.checked[string(raw)] = c
	}
	m.mu.Unlock()
	c.once.Do(func() { c.err = m.Checker.CheckSchema(raw) })
	return c.err
}
