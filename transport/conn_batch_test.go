package transport_test

import (
	"context"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/transport"
)

// writeLog records each Write it gets (each would be one write system call
// on a pipe) and signals it on wrote.
type writeLog struct {
	mu     sync.Mutex
	writes []string
	wrote  chan struct{}
}

func newWriteLog() *writeLog { return &writeLog{wrote: make(chan struct{}, 100)} }

func (w *writeLog) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.writes = append(w.writes, string(p))
	w.mu.Unlock()
	w.wrote <- struct{}{}
	return len(p), nil
}

func (w *writeLog) all() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.writes...)
}

// answerAll answers every request read from c, held while more input is
// buffered, until the input ends.
func answerAll(t *testing.T, c transport.Batcher) {
	t.Helper()
	ctx := context.Background()
	for {
		m, err := c.Read(ctx)
		if err != nil {
			return
		}
		resp, _ := transport.NewResult(m.ID, "ok")
		if c.InputBuffered() {
			err = c.WriteHeld(ctx, resp)
		} else {
			err = c.Write(ctx, resp)
		}
		if err != nil {
			t.Error(err)
			return
		}
	}
}

// Answers to requests that arrived together, each held while more input
// was buffered, go out in one write, in order.
func TestHeldAnswersGoOutInOneWrite(t *testing.T) {
	in := `{"jsonrpc":"2.0","id":1,"method":"a"}` + "\n" + `{"jsonrpc":"2.0","id":2,"method":"b"}` + "\n" + `{"jsonrpc":"2.0","id":3,"method":"c"}` + "\n"
	out := newWriteLog()
	answerAll(t, transport.NewStream(strings.NewReader(in), out, nil).(transport.Batcher))
	want := []string{`{"jsonrpc":"2.0","id":1,"result":"ok"}` + "\n" + `{"jsonrpc":"2.0","id":2,"result":"ok"}` + "\n" + `{"jsonrpc":"2.0","id":3,"result":"ok"}` + "\n"}
	if d := diff(strings.Join(want, "|"), strings.Join(out.all(), "|")); d != "" {
		t.Errorf("writes (-want +got):\n%s", d)
	}
}

// A held answer goes out before the connection waits for more input: a
// client that sent a request and half of the next gets the first answer
// without sending the rest.
func TestHeldAnswerSentBeforeReadWaits(t *testing.T) {
	inR, inW := io.Pipe()
	defer inW.Close()
	out := newWriteLog()
	c := transport.NewStream(inR, out, nil).(transport.Batcher)
	go answerAll(t, c)
	next := `{"jsonrpc":"2.0","id":2,"method":"b"}` + "\n"
	if _, err := io.WriteString(inW, `{"jsonrpc":"2.0","id":1,"method":"a"}`+"\n"+next[:10]); err != nil {
		t.Fatal(err)
	}
	waitWrite(t, out)
	if got, want := out.all(), []string{`{"jsonrpc":"2.0","id":1,"result":"ok"}` + "\n"}; !slices.Equal(got, want) {
		t.Errorf("writes = %q, want %q", got, want)
	}
	if _, err := io.WriteString(inW, next[10:]); err != nil {
		t.Fatal(err)
	}
	waitWrite(t, out)
	if got := out.all(); len(got) != 2 || !strings.Contains(got[1], `"id":2`) {
		t.Errorf("writes = %q, want the answer to 2 second", got)
	}
}

// Flush sends held answers; Write sends them with its own message.
func TestFlushAndWriteSendHeldAnswers(t *testing.T) {
	out := newWriteLog()
	c := transport.NewStream(strings.NewReader(""), out, nil).(transport.Batcher)
	ctx := context.Background()
	one, _ := transport.NewResult([]byte("1"), "ok")
	two, _ := transport.NewResult([]byte("2"), "ok")
	c.WriteHeld(ctx, one)
	c.WriteHeld(ctx, two)
	if got := out.all(); len(got) != 0 {
		t.Fatalf("held answers written before Flush: %q", got)
	}
	c.Flush()
	c.WriteHeld(ctx, one)
	note, _ := transport.NewNotification("n", nil)
	c.Write(ctx, note)
	c.Flush() // nothing held: no write
	got := out.all()
	if len(got) != 2 || strings.Count(got[0], "\n") != 2 || !strings.HasSuffix(got[1], `"method":"n"}`+"\n") || strings.Count(got[1], "\n") != 2 {
		t.Errorf("writes = %q, want both answers, then the third answer with the notification", got)
	}
}

func waitWrite(t *testing.T, w *writeLog) {
	t.Helper()
	select {
	case <-w.wrote:
	case <-time.After(30 * time.Second): // a guard against a hang, not a timing assertion
		t.Fatal("no write: the held answer was not sent")
	}
}

// gatedWriter blocks every Write until released, signalling entered first.
type gatedWriter struct {
	entered chan struct{}
	release chan struct{}
	log     *writeLog
}

func (g *gatedWriter) Write(p []byte) (int, error) {
	select {
	case g.entered <- struct{}{}:
	default:
	}
	<-g.release
	return g.log.Write(p)
}

// Flush does not wait for a writer blocked on the output (a peer that
// stopped reading): that writer sends the held answer with its own
// message, here one too large for the buffer, written while the writer
// holds the output.
func TestFlushDoesNotWaitForABlockedWriter(t *testing.T) {
	out := &gatedWriter{entered: make(chan struct{}, 1), release: make(chan struct{}), log: newWriteLog()}
	c := transport.NewStream(strings.NewReader(""), out, nil).(transport.Batcher)
	ctx := context.Background()
	held, _ := transport.NewResult([]byte("1"), "ok")
	c.WriteHeld(ctx, held)
	big, _ := transport.NewNotification("n", map[string]string{"text": strings.Repeat("x", 100<<10)})
	wrote := make(chan error, 1)
	go func() { wrote <- c.Write(ctx, big) }()
	<-out.entered // the big notification's writer holds the output, blocked
	flushed := make(chan struct{})
	go func() {
		c.Flush()
		close(flushed)
	}()
	select {
	case <-flushed:
	case <-time.After(30 * time.Second): // a guard against a hang, not a timing assertion
		t.Fatal("Flush waited for the blocked writer")
	}
	close(out.release)
	if err := <-wrote; err != nil {
		t.Fatal(err)
	}
	got := strings.Join(out.log.all(), "")
	if want := `{"jsonrpc":"2.0","id":1,"result":"ok"}` + "\n" + `{"jsonrpc":"2.0","method":"n"`; !strings.HasPrefix(got, want) || !strings.HasSuffix(got, `"}}`+"\n") {
		t.Errorf("output = %.80q…, want the held answer, then the notification", got)
	}
}
