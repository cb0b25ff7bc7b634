package sdk

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/transport"
)

// DefaultInputTTL is how long a requestState stays valid by default.
const DefaultInputTTL = 10 * time.Minute

// stateSealer signs requestState with HMAC-SHA256: the client carries the
// answers of earlier rounds, and cannot change them, replay them to
// another request, or use them after they expire.
type stateSealer struct {
	key []byte
	ttl time.Duration
}

// sealedState is requestState's signed payload.
type sealedState struct {
	Binding string                     `json:"b"`
	Expires int64                      `json:"e"` // Unix milliseconds
	Answers map[string]json.RawMessage `json:"a,omitempty"`
}

// stateKey returns s's sealer: ServerOptions.StateKey, or a random key
// made on first use (one server process; replicas behind a load balancer
// need a shared StateKey).
func (s *Server) stateKey() stateSealer {
	s.sealOnce.Do(func() {
		s.sealKey = s.opts.StateKey
		if len(s.sealKey) == 0 {
			s.sealKey = make([]byte, 32)
			_, _ = rand.Read(s.sealKey)
		}
	})
	ttl := s.opts.InputTTL
	if ttl <= 0 {
		ttl = DefaultInputTTL
	}
	return stateSealer{key: s.sealKey, ttl: ttl}
}

func (k stateSealer) mac(payload string) string {
	h := hmac.New(sha256.New, k.key)
	h.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))
}

// seal returns the requestState carrying answers for binding.
func (k stateSealer) seal(answers map[string]json.RawMessage, binding string) string {
	data, _ := json.Marshal(sealedState{Binding: binding, Expires: time.Now().Add(k.ttl).UnixMilli(), Answers: answers})
	payload := base64.RawURLEncoding.EncodeToString(data)
	return payload + "." + k.mac(payload)
}

// open checks state and returns its answers.
func (k stateSealer) open(state, binding string) (map[string]json.RawMessage, error) {
	payload, sig, ok := strings.Cut(state, ".")
	if !ok || !hmac.Equal([]byte(sig), []byte(k.mac(payload))) {
		return nil, transport.Errorf(transport.CodeInvalidParams, "Invalid params: requestState failed its integrity check (it was changed, or sealed by another server); send the request again without inputResponses and requestState")
	}
	data, err := base64.RawURLEncoding.DecodeString(payload)
	var st sealedState
	if err != nil || json.Unmarshal(data, &st) != nil {
		return nil, transport.Errorf(transport.CodeInvalidParams, "Invalid params: requestState is unreadable")
	}
	if st.Binding != binding {
		return nil, transport.Errorf(transport.CodeInvalidParams, "Invalid params: requestState belongs to another request (another tool, prompt or arguments)")
	}
	if time.Now().UnixMilli() >= st.Expires {
		return nil, transport.Errorf(transport.CodeInvalidParams, "Invalid params: requestState expired (it lasts %v); send the request again without inputResponses and requestState", k.ttl)
	}
	return st.Answers, nil
}
