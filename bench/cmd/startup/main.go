// Command startup measures the cold start of stdio MCP servers: each
// binary is spawned afresh, sent initialize, notifications/initialized and
// tools/list at once, and timed until each answer arrives; its peak
// resident set (VmHWM) is read once tools/list is answered. Rounds
// interleave the binaries, so that a busy spell of a shared machine hits
// all of them; ratios are taken within a round and their median reported.
//
// A binary built with -tags startuptrace (see sdk/startup_trace.go) is run
// too, to split the sdk server's start-up into its pieces: package
// initialisation (GODEBUG=inittrace=1, summed over all packages, and the
// share of the module that takes longest), doc-comment look-up, schema inference,
// schema compilation, the rest of tool registration, and the first
// response. Run it with bench/compare.sh.
//
//	startup -rounds 20 -trace 03-traced=BIN sdk=BIN reference=BIN floor=BIN \
//		sdk-static=BIN floor-static=BIN -pairs sdk-static=floor-static
//
// The first binary is the sdk server, the second the reference every ratio
// is taken to, the third the floor its peak RSS is compared with; -pairs
// names more such comparisons (SDK=FLOOR, comma-separated), e.g. of
// CGO_ENABLED=0 builds, which stay static although they link net.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

const requests = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":1,"method":"tools/list"}
`

// run is one cold start of one binary.
type run struct {
	initialized time.Duration // spawn → initialize answered
	listed      time.Duration // spawn → tools/list answered
	rssKB       float64       // VmHWM once tools/list is answered
	cpu         time.Duration // user+system CPU of the whole run (less sensitive to other load than wall time)
	stderr      string
}

func main() {
	rounds := flag.Int("rounds", 20, "interleaved rounds of all binaries")
	traced := flag.String("trace", "", "NAME=BIN of the sdk server built with -tags startuptrace: split start-up into pieces")
	pairs := flag.String("pairs", "", "more SDK=FLOOR comparisons of the binaries named (comma-separated): ratios to the reference, RSS over the floor")
	flag.Parse()
	var names, bins []string
	for _, a := range flag.Args() {
		name, bin, ok := strings.Cut(a, "=")
		if !ok {
			log.Fatalf("argument %q: want NAME=BIN", a)
		}
		names, bins = append(names, name), append(bins, bin)
	}
	if len(names) < 2 {
		log.Fatal("give at least two binaries, the first the sdk server and the second the reference")
	}
	runs := make([][]run, len(names))
	var pieces []map[string]float64
	for range *rounds {
		for i, bin := range bins {
			r, err := coldStart(bin, nil)
			if err != nil {
				log.Fatalf("%s: %v", names[i], err)
			}
			runs[i] = append(runs[i], r)
		}
		if *traced != "" {
			_, bin, _ := strings.Cut(*traced, "=")
			p, err := tracePieces(bin)
			if err != nil {
				log.Fatalf("%s: %v", *traced, err)
			}
			pieces = append(pieces, p)
		}
	}
	report(names, runs, *rounds)
	if err := reportPairs(names, runs, *pairs); err != nil {
		log.Fatal(err)
	}
	if len(pieces) > 0 {
		reportPieces(pieces)
	}
}

// coldStart spawns bin and times its first answers.
func coldStart(bin string, env []string) (run, error) {
	cmd := exec.Command(bin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Env = append(os.Environ(), env...)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	start := time.Now()
	cmd.Env = append(cmd.Env, "MCPDEV_SPAWN_NS="+strconv.FormatInt(start.UnixNano(), 10))
	if err := cmd.Start(); err != nil {
		return run{}, err
	}
	defer cmd.Wait()
	defer stdin.Close()
	if _, err := io.WriteString(stdin, requests); err != nil {
		return run{}, err
	}
	var r run
	out := bufio.NewReader(stdout)
	for r.listed == 0 {
		line, err := out.ReadBytes('\n')
		if err != nil {
			return run{}, fmt.Errorf("read: %v (stderr: %s)", err, stderr.String())
		}
		switch {
		case bytes.Contains(line, []byte(`"protocolVersion"`)):
			r.initialized = time.Since(start)
		case bytes.Contains(line, []byte(`"search_books"`)):
			r.listed = time.Since(start)
		}
	}
	r.rssKB = peakRSS(cmd.Process.Pid)
	stdin.Close()
	io.Copy(io.Discard, out)
	cmd.Wait()
	r.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	r.stderr = stderr.String()
	return r, nil
}

func peakRSS(pid int) float64 {
	data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	for _, l := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			return kb
		}
	}
	return 0
}

var (
	initLine  = regexp.MustCompile(`^init (\S+) @[0-9.]+ ms, ([0-9.]+) ms clock`)
	traceLine = regexp.MustCompile(`(\S+)=([0-9.?]+)`)
)

// tracePieces runs the traced binary twice: once with inittrace for the
// package initialisation, once without (inittrace's own printing would
// slow everything after it) for the pieces the sdk times.
func tracePieces(bin string) (map[string]float64, error) {
	p := map[string]float64{}
	r, err := coldStart(bin, []string{"GODEBUG=inittrace=1"})
	if err != nil {
		return nil, err
	}
	byModule := map[string]float64{}
	for _, l := range strings.Split(r.stderr, "\n") {
		if m := initLine.FindStringSubmatch(l); m != nil {
			ms, _ := strconv.ParseFloat(m[2], 64)
			p["package init"] += ms
			byModule[moduleOf(m[1])] += ms
		}
	}
	for mod, ms := range byModule {
		if ms > p[heaviestPiece] {
			p[heaviestPiece], heaviestModule = ms, mod
		}
	}
	if r, err = coldStart(bin, nil); err != nil {
		return nil, err
	}
	for _, l := range strings.Split(r.stderr, "\n") {
		if rest, ok := strings.CutPrefix(l, "startup-trace: "); ok {
			for _, m := range traceLine.FindAllStringSubmatch(rest, -1) {
				p[m[1]], _ = strconv.ParseFloat(m[2], 64)
			}
		}
	}
	p["first response"] = float64(r.initialized.Microseconds())/1000 - p["serve-at"]
	p["cold start"] = float64(r.listed.Microseconds()) / 1000
	return p, nil
}

func report(names []string, runs [][]run, rounds int) {
	fmt.Printf("cold start: spawn -> initialize and tools/list answered, %d interleaved rounds (medians)\n", rounds)
	fmt.Printf("%-12s %14s %14s %14s %12s %16s\n", "server", "initialize", "tools/list", "peak RSS", "CPU", "ratio to "+names[1])
	for i, name := range names {
		var ratios, init, list, rss, cpu []float64
		for k, r := range runs[i] {
			ratios = append(ratios, float64(r.listed)/float64(runs[1][k].listed))
			init = append(init, float64(r.initialized.Microseconds())/1000)
			list = append(list, float64(r.listed.Microseconds())/1000)
			rss = append(rss, r.rssKB/1024)
			cpu = append(cpu, float64(r.cpu.Microseconds())/1000)
		}
		fmt.Printf("%-12s %11.2f ms %11.2f ms %10.1f MiB %9.1f ms %15.2fx\n", name, median(init), median(list), median(rss), median(cpu), median(ratios))
	}
	var ratios []float64
	for k := range runs[0] {
		ratios = append(ratios, float64(runs[0][k].listed)/float64(runs[1][k].listed))
	}
	fmt.Printf("cold start ratio %s/%s: %.2fx (target <= 1.50x)\n", names[0], names[1], median(ratios))
	fmt.Printf("by CPU per start: %s %.2fx the %s", names[0], cpuRatio(runs, 0), names[1])
	if len(names) > 2 {
		fmt.Printf(", %s %.2fx", names[2], cpuRatio(runs, 2))
	}
	fmt.Println()
	if len(names) > 2 {
		var d []float64
		for k := range runs[0] {
			d = append(d, (runs[0][k].rssKB-runs[2][k].rssKB)/1024)
		}
		fmt.Printf("peak RSS at start %s - %s: %+.1f MiB\n", names[0], names[2], median(d))
	}
}

// cpuRatio is the median over rounds of binary i's CPU per start over the
// reference's.
func cpuRatio(runs [][]run, i int) float64 {
	var cpu []float64
	for k, r := range runs[i] {
		cpu = append(cpu, float64(r.cpu)/float64(runs[1][k].cpu))
	}
	return median(cpu)
}

// reportPairs prints, for each SDK=FLOOR pair, the cold start ratios of
// SDK and FLOOR to the reference (by wall time and by CPU) and SDK's peak
// RSS over FLOOR's, each the median over rounds of per-round figures.
func reportPairs(names []string, runs [][]run, pairs string) error {
	if pairs == "" {
		return nil
	}
	index := map[string]int{}
	for i, n := range names {
		index[n] = i
	}
	for _, pair := range strings.Split(pairs, ",") {
		a, b, _ := strings.Cut(pair, "=")
		sdk, ok1 := index[a]
		floor, ok2 := index[b]
		if !ok1 || !ok2 {
			return fmt.Errorf("-pairs %q: want SDK=FLOOR, both among the binaries given", pair)
		}
		for _, i := range []int{sdk, floor} {
			var wall []float64
			for k, r := range runs[i] {
				wall = append(wall, float64(r.listed)/float64(runs[1][k].listed))
			}
			fmt.Printf("cold start ratio %s/%s: %.2fx, by CPU %.2fx\n", names[i], names[1], median(wall), cpuRatio(runs, i))
		}
		var d []float64
		for k := range runs[sdk] {
			d = append(d, (runs[sdk][k].rssKB-runs[floor][k].rssKB)/1024)
		}
		fmt.Printf("peak RSS at start %s - %s: %+.1f MiB\n", a, b, median(d))
	}
	return nil
}

// heaviestPiece is the package init of the module whose packages take
// longest to initialise (heaviestModule, in the last traced run).
const heaviestPiece = "  of which the heaviest module"

var heaviestModule string

// moduleOf is the module a package path most likely belongs to: three
// elements for a hosting site's path (github.com/owner/repo), the first
// element for the standard library.
func moduleOf(pkg string) string {
	parts := strings.Split(pkg, "/")
	if strings.Contains(parts[0], ".") && len(parts) >= 3 {
		return strings.Join(parts[:3], "/")
	}
	return "std: " + parts[0]
}

// pieceOrder lists the pieces as they happen.
var pieceOrder = []string{
	"package init", heaviestPiece, "sdk-init-at", "new-server-at", "docs", "infer", "compile",
	"register", "run-at", "serve-at", "first response", "cold start",
}

var pieceNote = map[string]string{
	"sdk-init-at":   "since spawn: exec, runtime and package init up to the sdk",
	"new-server-at": "since spawn: main calls sdk.NewServer",
	"run-at":        "since spawn: main calls Run",
	"register":      "the rest of tool registration",
	"serve-at":      "since spawn: tools registered, Serve begins",
	"docs":          "doc-comment look-up (source on disk or a registered table)",
	"infer":         "schema inference (reflection, JSON encoding)",
	"compile":       "schema compilation (validator, fast path, decoder)",
	"cold start":    "since spawn: tools/list answered",
}

func reportPieces(ps []map[string]float64) {
	fmt.Printf("start-up pieces of the sdk server (-tags startuptrace, medians of %d runs; times vary with the machine's load, read them against each other)\n", len(ps))
	for _, k := range pieceOrder {
		var v []float64
		for _, p := range ps {
			v = append(v, p[k])
		}
		note := pieceNote[k]
		if k == heaviestPiece {
			note = heaviestModule
		}
		fmt.Printf("  %-36s %8.2f ms  %s\n", k, median(v), note)
	}
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	sort.Float64s(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}
