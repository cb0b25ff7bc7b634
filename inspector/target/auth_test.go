package target

import (
	"testing"

	"github.com/mcpdev/mcpdev/transport/oauth"
)

// A saved sign-in is used unless --client-id names another client.
func TestSavedSignInForAnotherClientIsNotUsed(t *testing.T) {
	saved := &oauth.Credentials{ClientID: "dcr-client"}
	tests := []struct {
		flag string
		want bool
	}{{"", true}, {"dcr-client", true}, {"other", false}}
	for _, tt := range tests {
		a := &AuthOptions{ClientID: tt.flag}
		if got := a.usable(saved) != nil; got != tt.want {
			t.Errorf("--client-id %q: saved sign-in used %v, want %v", tt.flag, got, tt.want)
		}
	}
	if (&AuthOptions{}).usable(nil) != nil {
		t.Error("no saved sign-in gave credentials")
	}
}
