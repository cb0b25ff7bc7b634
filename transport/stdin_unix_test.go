//go:build unix

package transport

import (
	"os"
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// blockingPipe is a pipe whose ends are blocking descriptors, as a
// process's standard input from a parent usually is (os.Pipe's are not).
func blockingPipe(t *testing.T) (r, w *os.File) {
	t.Helper()
	var p [2]int
	if err := unix.Pipe(p[:]); err != nil {
		t.Fatal(err)
	}
	return os.NewFile(uintptr(p[0]), "pipe-r"), os.NewFile(uintptr(p[1]), "pipe-w")
}

// TestFileReaderClose on blocking descriptors.
func TestFileReaderCloseBlocking(t *testing.T) {
	for _, fr := range fileReaders {
		t.Run(fr.name, func(t *testing.T) {
			pr, pw := blockingPipe(t)
			testFileReaderClose(t, pr, pw, fr.open)
		})
	}
}

// A file reader reads on its caller's goroutine: no goroutine of its own
// stays blocked in a read of the file (handing each read over to one
// woke a thread per message).
func TestFileReaderReadsOnItsCaller(t *testing.T) {
	pr, pw := blockingPipe(t)
	defer pr.Close()
	defer pw.Close()
	before := runtime.NumGoroutine()
	r := newFileReader(pr)
	defer r.Close()
	if _, err := pw.WriteString("one\n"); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	if n, err := r.Read(buf); err != nil || string(buf[:n]) != "one\n" {
		t.Fatalf("read = %q, %v", buf[:n], err)
	}
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("%d goroutines after a read, %d before: the reader left one behind", after, before)
	}
}
