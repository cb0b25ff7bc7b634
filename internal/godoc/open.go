package godoc

import (
	"io"
	"os"
	"slices"
	"strings"
)

// Reading source without the runtime's network poller: os.Open registers
// every file with it (epoll on Linux), which a regular file or a directory
// gains nothing from, and the first registration costs a server's
// start-up an epoll instance, an eventfd and the poller's pages, then an
// epoll_wait each time its scheduler idles. A stdio server that reads only
// its docs' source never needs the poller (issue 19).

// readDir is os.ReadDir (entries sorted by name) on a file from OpenSource.
func readDir(dir string) ([]os.DirEntry, error) {
	f, err := OpenSource(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	entries, err := f.ReadDir(-1)
	slices.SortFunc(entries, func(a, b os.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}

// readFile is os.ReadFile on a file from OpenSource.
func readFile(name string) ([]byte, error) {
	f, err := OpenSource(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := 0
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		size = int(info.Size())
	}
	data := make([]byte, 0, max(size+1, 512)) // one byte more, to read EOF
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return data, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
}
