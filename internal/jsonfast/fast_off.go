//go:build wireslow

package jsonfast

// Fast is off: see fast.go.
const Fast = false
