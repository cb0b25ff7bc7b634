package jsonfast

import "sync/atomic"

// Every message repeats a few short strings — the JSON-RPC version, its
// method, the tool it calls — and decoding each into a new string is an
// allocation per message. Intern keeps one copy of each, in a fixed table:
// a value that does not recur (or a hostile stream of them) merely takes
// a slot over, and memory stays bounded.

// internSlots holds interned strings by a hash of their bytes.
var internSlots [256]atomic.Pointer[string]

// maxInterned: longer strings are not worth keeping.
const maxInterned = 64

// Intern returns string(b), the same string as an earlier call for the
// same bytes when its slot still holds it.
func Intern(b []byte) string {
	if len(b) == 0 || len(b) > maxInterned {
		return string(b)
	}
	slot := &internSlots[internHash(b)%uint32(len(internSlots))]
	if p := slot.Load(); p != nil && *p == string(b) {
		return *p
	}
	s := string(b)
	slot.Store(&s)
	return s
}

// internHash is FNV-1a.
func internHash(b []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range b {
		h = (h ^ uint32(c)) * 16777619
	}
	return h
}

// InternMember is StringMember for a value that recurs in every message
// (see Intern).
func InternMember(val []byte, dst *string) bool {
	s, ok := plainContent(val)
	*dst = Intern(s)
	return ok
}
