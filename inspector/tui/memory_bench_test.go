package tui

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/inspector/target"
)

// BenchmarkResultMemory measures what a big tool result costs mcpdev's
// memory: the raw test server's big tool answers 1, 20 and 50 MB of text
// (lines of 100 bytes) over stdio, and the result is taken as the TUI
// takes it: read by the transport, traced into the traffic pane, prepared,
// laid out, shown and scrolled to its end. Reported (in MB, and as
// multiples of the message's size, "x"):
//
//	peak-heap   the most heap in use during the call, over what was in use before
//	peak-rss    this process's peak RSS (VmHWM, reset before the call) over its RSS before
//	settled-rss its RSS once the commands the result's arrival returned have run
//	retained    the heap still in use with the result on screen (after a GC)
//
// Run it with -benchtime=1x; bench/tui_memory.sh measures the mcpdev
// process itself.
func BenchmarkResultMemory(b *testing.B) {
	bin := serverBin(b, "raw")
	for _, mb := range []int{1, 20, 50} {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			var r memFigures
			for range b.N {
				r = measureResult(b, bin, mb*1_000_000)
			}
			msg := float64(r.msg)
			for _, f := range []struct {
				name string
				v    int64
			}{{"peak-heap", r.peakHeap}, {"peak-rss", r.peakRSS}, {"settled-rss", r.settledRSS}, {"retained", r.retained}} {
				b.ReportMetric(float64(f.v)/1e6, f.name+"-MB")
				b.ReportMetric(float64(f.v)/msg, f.name+"-x")
			}
		})
	}
}

type memFigures struct{ msg, peakHeap, peakRSS, settledRSS, retained int64 }

func measureResult(b *testing.B, bin string, size int) memFigures {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	m := New(ctx, nil, Options{Target: "raw", Dark: dark(), SaveDir: b.TempDir()})
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	tgt := &target.Target{Kind: target.KindCommand, Name: "raw", Command: bin, MaxMessageSize: 128 << 20}
	conn, err := connectTarget(ctx, tgt, 10*time.Second, connectOptions(m.sess.box, m.sess.ask))
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	m.Update(connectedMsg{gen: m.gen, conn: conn, info: serverInfo{Name: "raw", Transport: "stdio"}})
	tools, err := conn.Client.ListTools(ctx)
	if err != nil {
		b.Fatal(err)
	}
	m.Update(toolsMsg{gen: m.gen, tools: tools})
	drain(m.sess.box)
	tool := *m.findTool("big")
	args, _ := json.Marshal(map[string]int{"bytes": size, "line": 100})

	runtime.GC()
	heap0, rss0 := heapInUse(), procStatus("VmRSS")
	resetPeakRSS()
	peak := sampleHeap()

	m.startCall(tool, args)
	done := callCmd(ctx, m.sess, m.call.id, tool, args)().(callDoneMsg)
	if done.err != nil {
		b.Fatal(done.err)
	}
	m.Update(eventsMsg{gen: m.gen, events: drain(m.sess.box)})
	_, cmd := m.Update(done)
	_ = m.View()
	m.Update(keyMsg("end"))
	_ = m.View()
	runCmds(cmd)

	peakHeap := peak()
	hwm := procStatus("VmHWM")
	settled := procStatus("VmRSS")
	runtime.GC()
	retained := heapInUse() - heap0
	if !strings.Contains(screen(m), "✓ ok") {
		b.Fatalf("no result on screen:\n%s", screen(m))
	}
	runtime.KeepAlive(m)
	return memFigures{msg: int64(size), peakHeap: peakHeap - heap0, peakRSS: hwm - rss0, settledRSS: settled - rss0, retained: retained}
}

// runCmds runs cmd and the commands of the batches it returns (what the
// result's arrival asks for is quick: no timers).
func runCmds(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	if b, ok := cmd().(tea.BatchMsg); ok {
		for _, c := range b {
			runCmds(c)
		}
	}
}

// drain takes what the mailbox holds without waiting.
func drain(b *mailbox) []any {
	b.mu.Lock()
	defer b.mu.Unlock()
	items := b.items
	b.items = nil
	return items
}

// heapInUse is the bytes of live and not yet swept heap objects.
func heapInUse() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// sampleHeap polls heapInUse until the returned func is called, which
// gives the highest figure seen.
func sampleHeap() func() int64 {
	var (
		mu   sync.Mutex
		top  int64
		stop = make(chan struct{})
		done = make(chan struct{})
	)
	go func() {
		defer close(done)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			h := heapInUse()
			mu.Lock()
			top = max(top, h)
			mu.Unlock()
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	return func() int64 {
		close(stop)
		<-done
		mu.Lock()
		defer mu.Unlock()
		return max(top, heapInUse())
	}
}

// procStatus reads a figure of /proc/self/status in bytes (0 where there
// is none: not Linux).
func procStatus(key string) int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), key+":"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// resetPeakRSS sets VmHWM to the current RSS (Linux: clear_refs 5).
func resetPeakRSS() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }
