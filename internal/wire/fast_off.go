//go:build wireslow

package wire

// Fast is off: see fast.go.
const Fast = false
