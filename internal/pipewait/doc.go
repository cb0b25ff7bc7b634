// Package pipewait lets a test wait until a child process has read
// everything written to its stdin pipe, so that the child is known to be
// inside a read that waits for more (for tests of interrupting that read).
// Drained exists on Linux only.
package pipewait
