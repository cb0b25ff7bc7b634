package proxy

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// A tap cuts the chunks it was handed into frames, each stamped with the
// arrival of the chunk that ended it; chunks past its limit are left
// out with the frames they touch, and it wakes the recorder on a burst.
func TestTapCutsChunksIntoFramesOffThePath(t *testing.T) {
	t0 := time.Now()
	at := func(i int) time.Time { return t0.Add(time.Duration(i) * time.Millisecond) }
	kick := make(chan struct{}, 1)
	tp := newTap(ClientToServer, kick)
	tp.max = 64
	var got []string
	emit := func(f frame) {
		got = append(got, fmt.Sprintf("%s@%d p=%v", f.b, f.at.Sub(t0)/time.Millisecond, f.partial))
	}

	tp.add([]byte("a"), at(1))
	tp.add([]byte("b\nc"), at(2))
	tp.add([]byte("d\n\n"), at(3))
	if lost := tp.take(emit); lost != 0 {
		t.Fatalf("lost %d", lost)
	}
	want := []string{"ab@2 p=false", "cd@3 p=false", "@3 p=false"}
	if !slices.Equal(got, want) {
		t.Fatalf("frames %q, want %q", got, want)
	}

	// Past the limit: "ef" (its rest lost) and the bytes up to the next
	// newline are left out; what follows is recorded again.
	got = nil
	tp.add([]byte("ef"), at(4))
	tp.add(make([]byte, 100), at(5))
	tp.add([]byte("g\n"), at(6)) // after a loss: left out until the take
	if lost := tp.take(emit); lost != 1 {
		t.Fatalf("lost %d, want 1", lost)
	}
	tp.add([]byte("rest\nh\ni"), at(7))
	tp.close(at(8))
	tp.take(emit)
	if want := []string{"h@7 p=false", "i@8 p=true"}; !slices.Equal(got, want) {
		t.Fatalf("after a loss: frames %q, want %q", got, want)
	}

	select {
	case <-kick:
		t.Fatal("small chunks woke the recorder")
	default:
	}
	big := newTap(ServerToClient, kick)
	big.add(make([]byte, tapKick), at(9))
	select {
	case <-kick:
	default:
		t.Fatal("a burst did not wake the recorder")
	}
}
