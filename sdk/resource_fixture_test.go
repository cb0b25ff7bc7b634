package sdk_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport"
)

// The resource tests run the same server in memory, over HTTP and, as a
// subprocess speaking stdio, in this test binary started again with
// fixtureEnv set.
const fixtureEnv = "SDK_TEST_RESOURCE_FIXTURE"

func init() {
	if os.Getenv(fixtureEnv) == "stdio" {
		err := resourceFixture().RunArgs(context.Background(), nil)
		if err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
}

type fixtureBook struct {
	ISBN  string `json:"isbn"`
	Title string `json:"title"`
}

var fixtureBooks = []fixtureBook{{"9780141439518", "Pride and Prejudice"}, {"9780553418026", "The Martian"}}

// Catalog lists every book.
func Catalog(ctx context.Context) ([]fixtureBook, error) { return fixtureBooks, nil }

// Greeting is a plain text.
func Greeting(ctx context.Context) (string, error) { return "Hello, reader.", nil }

// pngBytes starts like every PNG file, which is all sniffing looks at.
var pngBytes = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")

// Logo is an image.
func Logo(ctx context.Context) ([]byte, error) { return pngBytes, nil }

// Pair is two contents at two URIs.
func Pair(ctx context.Context) ([]sdk.ResourceContents, error) {
	return []sdk.ResourceContents{{Text: "first"}, {URI: "test://pair#2", MimeType: "text/markdown", Text: "# second"}}, nil
}

// Broken panics.
func Broken(ctx context.Context) (string, error) { panic("the shelf collapsed") }

// Failing fails.
func Failing(ctx context.Context) (string, error) { return "", errors.New("the disk is on fire") }

type bookArgs struct {
	ISBN string `json:"isbn" jsonschema:"pattern=^[0-9]{13}$"`
}

// BookByISBN returns one book by its ISBN.
func BookByISBN(ctx context.Context, a bookArgs) (fixtureBook, error) {
	for _, b := range fixtureBooks {
		if b.ISBN == a.ISBN {
			return b, nil
		}
	}
	return fixtureBook{}, sdk.ErrResourceNotFound
}

type fileArgs struct {
	Path string `json:"path"`
}

// File echoes the path it was asked for.
func File(ctx context.Context, a fileArgs) (string, error) { return "path=" + a.Path, nil }

type touchArgs struct {
	URI string `json:"uri"`
}

// fixtureTools change the fixture server while it runs.
type fixtureTools struct{ s *sdk.Server }

// Touch announces that a resource changed.
func (f fixtureTools) Touch(ctx context.Context, a touchArgs) (string, error) {
	f.s.ResourceUpdated(a.URI)
	return "touched " + a.URI, nil
}

// Grow adds a resource.
func (f fixtureTools) Grow(ctx context.Context, _ struct{}) (string, error) {
	sdk.Resource(f.s, "test://grown", Greeting, &sdk.ResourceOptions{Name: "grown", Replace: true})
	return "grown", nil
}

// Retool registers a tool afresh.
func (f fixtureTools) Retool(ctx context.Context, _ struct{}) (string, error) {
	sdk.Tool(f.s, f.Grow, &sdk.ToolOptions{Description: "Adds a resource.", Replace: true})
	return "retooled", nil
}

// resourceFixture is the server every resource test talks to.
func resourceFixture() *sdk.Server {
	s := sdk.NewServer("resources", &sdk.ServerOptions{Version: "1.0.0", Stderr: os.Stderr})
	sdk.Resource(s, "test://catalog", Catalog, &sdk.ResourceOptions{Title: "Catalog", Description: "Every book."})
	sdk.Resource(s, "test://greeting", Greeting, &sdk.ResourceOptions{Description: "A greeting."})
	sdk.Resource(s, "test://logo", Logo, &sdk.ResourceOptions{Description: "The logo."})
	sdk.Resource(s, "test://pair", Pair, &sdk.ResourceOptions{Description: "Two contents."})
	sdk.Resource(s, "test://broken", Broken, &sdk.ResourceOptions{Description: "Panics."})
	sdk.Resource(s, "test://failing", Failing, &sdk.ResourceOptions{Description: "Fails."})
	sdk.ResourceTemplate(s, "test://books/{isbn}", BookByISBN, &sdk.ResourceOptions{Description: "One book."})
	sdk.ResourceTemplate(s, "file:///{+path}", File, &sdk.ResourceOptions{Description: "A file.", MimeType: "text/x-path"})
	f := fixtureTools{s}
	sdk.Tool(s, f.Touch, &sdk.ToolOptions{Description: "Announces a change."})
	sdk.Tool(s, f.Grow, &sdk.ToolOptions{Description: "Adds a resource."})
	sdk.Tool(s, f.Retool, &sdk.ToolOptions{Description: "Changes the tool list."})
	return s
}

// fixtureTransports connect a client to a fresh fixture server.
var fixtureTransports = []struct {
	name    string
	connect func(t *testing.T, version string, opts *sdk.ClientOptions) *sdk.Client
}{
	{"memory", func(t *testing.T, version string, opts *sdk.ClientOptions) *sdk.Client {
		return memClient(t, resourceFixture(), version, opts)
	}},
	{"http", func(t *testing.T, version string, opts *sdk.ClientOptions) *sdk.Client {
		h := sdkhttp.Handler(resourceFixture(), nil)
		ts := httptest.NewServer(h)
		t.Cleanup(func() { h.Close(); ts.Close() })
		return connectHTTP(t, ts.URL, version, opts)
	}},
	{"stdio", func(t *testing.T, version string, opts *sdk.ClientOptions) *sdk.Client {
		var stderr testutil.Buffer
		conn, err := transport.Command(os.Args[0], nil, &transport.CommandOptions{Env: []string{fixtureEnv + "=stdio"}, Stderr: &stderr})
		if err != nil {
			t.Fatal(err)
		}
		if opts == nil {
			opts = &sdk.ClientOptions{}
		}
		opts.ProtocolVersion = version
		c, err := sdk.Connect(testCtx(t), conn, opts)
		if err != nil {
			t.Fatalf("connect: %v\nstderr: %s", err, stderr.String())
		}
		t.Cleanup(func() { c.Close() })
		return c
	}},
}

// eachTransport runs f once per transport and era (only: the era's name,
// "" for both).
func eachTransport(t *testing.T, only string, opts func() *sdk.ClientOptions, f func(t *testing.T, c *sdk.Client, modern bool)) {
	for _, tr := range fixtureTransports {
		for _, era := range eras {
			if only != "" && era.name != only {
				continue
			}
			t.Run(tr.name+"/"+era.name, func(t *testing.T) {
				var o *sdk.ClientOptions
				if opts != nil {
					o = opts()
				}
				f(t, tr.connect(t, era.version, o), era.version == sdk.Version2026)
			})
		}
	}
}

// notifications collects the notifications a client receives.
type notifications struct {
	mu   sync.Mutex
	list []*transport.Message
	more chan struct{}
}

func newNotifications() *notifications { return &notifications{more: make(chan struct{}, 1000)} }

func (n *notifications) add(m *transport.Message) {
	n.mu.Lock()
	n.list = append(n.list, m)
	n.mu.Unlock()
	n.more <- struct{}{}
}

// next waits for the next notification whose method is not skipped.
func (n *notifications) next(t *testing.T, skip ...string) *transport.Message {
	t.Helper()
	ctx := testCtx(t)
	for {
		select {
		case <-n.more:
		case <-ctx.Done():
			t.Fatal("no notification came")
		}
		n.mu.Lock()
		m := n.list[0]
		n.list = n.list[1:]
		n.mu.Unlock()
		if !slices.Contains(skip, m.Method) {
			return m
		}
	}
}
