package transport

import (
	"context"
	"errors"
	"io"
	"os"
	"testing"
	"testing/iotest"
)

// fileReaders are the ways of reading a file whose reads Close ends: the
// platform's (on Unix, poll on the caller's goroutine) and the pump (the
// fallback, and the only one elsewhere).
var fileReaders = []struct {
	name string
	open func(*os.File) io.ReadCloser
}{
	{"platform", newFileReader},
	{"pump", func(f *os.File) io.ReadCloser { return newPumpReader(f) }},
}

// A reader of a file stops waiting when closed; what the file yields next
// goes to the next reader, not to the abandoned read; the end of the file
// reaches every reader. os.Pipe's ends are non-blocking (the runtime's
// poller reads them); on Unix the test runs again on a blocking pipe, as
// a real standard input is (stdin_unix_test.go).
func TestFileReaderClose(t *testing.T) {
	for _, fr := range fileReaders {
		t.Run(fr.name, func(t *testing.T) {
			pr, pw, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			testFileReaderClose(t, pr, pw, fr.open)
		})
	}
}

func testFileReaderClose(t *testing.T, pr, pw *os.File, newFileReader func(*os.File) io.ReadCloser) {
	defer pr.Close()
	defer pw.Close()

	r1 := newFileReader(pr)
	if _, err := pw.WriteString("one\n"); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	if n, err := r1.Read(buf); err != nil || string(buf[:n]) != "one\n" {
		t.Fatalf("first read = %q, %v", buf[:n], err)
	}
	// Nothing written: the read waits until Close ends it.
	errc := make(chan error, 1)
	go func() {
		_, err := r1.Read(make([]byte, 64))
		errc <- err
	}()
	r1.Close()
	if err := <-errc; !errors.Is(err, ErrClosed) {
		t.Fatalf("read interrupted by Close = %v, want ErrClosed", err)
	}
	if _, err := r1.Read(buf); !errors.Is(err, ErrClosed) {
		t.Fatalf("read after Close = %v, want ErrClosed", err)
	}

	r2 := newFileReader(pr)
	if _, err := pw.WriteString("two\n"); err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(io.LimitReader(r2, 4))
	if err != nil || string(got) != "two\n" {
		t.Fatalf("next reader got %q, %v; want what was written after the Close", got, err)
	}
	// Small buffers: one chunk of the file is handed out across reads.
	pw.WriteString("three\n")
	pw.Close()
	got, err = io.ReadAll(iotest.OneByteReader(r2))
	if err != nil || string(got) != "three\n" {
		t.Fatalf("byte by byte to EOF = %q, %v", got, err)
	}
	if n, err := newFileReader(pr).Read(buf); n != 0 || err != io.EOF {
		t.Fatalf("a reader after EOF = %d, %v; want 0, io.EOF", n, err)
	}
}

// Close interrupting a read that holds part of a line ends the read with
// ErrClosed, not with a decode error for the fragment.
func TestStreamCloseDropsPartialLine(t *testing.T) {
	pr, pw := io.Pipe()
	c := NewStream(pr, io.Discard, &StreamOptions{Closer: pr})
	errc := make(chan error, 1)
	go func() {
		_, err := c.Read(context.Background())
		errc <- err
	}()
	// io.Pipe hands data over synchronously: once Write returns, the
	// read holds the fragment and waits for the rest of the line.
	if _, err := pw.Write([]byte(`{"jsonrpc":"2.0","id":1,`)); err != nil {
		t.Fatal(err)
	}
	c.Close()
	if err := <-errc; !errors.Is(err, ErrClosed) {
		t.Fatalf("Read = %v, want ErrClosed", err)
	}
}
