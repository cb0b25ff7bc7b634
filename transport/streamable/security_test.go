package streamable

import "testing"

func TestIsLoopbackName(t *testing.T) {
	for name, want := range map[string]bool{
		"localhost": true, "LOCALHOST": true, "app.localhost": true, "127.0.0.1": true, "127.1.2.3": true,
		"::1": true, "[::1]": true, "::ffff:127.0.0.1": true,
		"evil.example": false, "localhost.evil.example": false, "10.0.0.1": false, "0.0.0.0": false,
		"::": false, "": false, "127.0.0.1.nip.io": false, "[::2]": false,
	} {
		if got := isLoopbackName(name); got != want {
			t.Errorf("isLoopbackName(%q) = %v, want %v", name, got, want)
		}
	}
}
