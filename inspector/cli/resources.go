package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/columns"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// ListOptions configures RunResources, RunTemplates and RunPrompts.
type ListOptions struct {
	JSON    bool // print the list as the server sent it
	Timeout time.Duration
}

func (o *ListOptions) or() ListOptions {
	if o == nil {
		return ListOptions{}
	}
	return *o
}

// listing says how one kind of list is printed.
type listing[T any] struct {
	key    string // the JSON key: "resources", …
	method string // the method that lists them: "resources/list", …
	empty  string // the line printed for an empty list
	header []string
	row    func(T) []string
}

// print writes the list as {"key":[…]} or as a table. A server that
// does not offer the list at all (-32601: it announced no such
// capability) has an empty one, and the table says so.
func (l listing[T]) print(w io.Writer, o ListOptions, list []T, err error) error {
	empty := l.empty
	var rpc *transport.Error
	if errors.As(err, &rpc) && rpc.Code == transport.CodeMethodNotFound {
		err = nil
		empty = strings.TrimSuffix(l.empty, ")") + ": it does not offer " + l.method + ")"
	}
	if err != nil {
		return err
	}
	if list == nil {
		list = []T{} // [] in JSON, not null
	}
	if o.JSON {
		writeJSON(w, map[string]any{l.key: list})
		return nil
	}
	rows := make([][]string, len(list))
	for i, x := range list {
		rows[i] = l.row(x)
	}
	writeTable(w, empty, l.header, rows)
	return nil
}

var resourceListing = listing[sdk.ResourceInfo]{"resources", "resources/list", "(the server has no resources)",
	[]string{"NAME", "TITLE", "URI", "MIME", "SIZE", "ANNOTATIONS"},
	func(r sdk.ResourceInfo) []string {
		return []string{r.Name, r.Title, r.URI, r.MimeType, call.SizeText(r.Size), call.AnnotationsText(r.Annotations)}
	}}

var templateListing = listing[sdk.ResourceTemplateInfo]{"resourceTemplates", "resources/templates/list", "(the server has no resource templates)",
	[]string{"NAME", "TITLE", "URI TEMPLATE", "MIME", "ANNOTATIONS"},
	func(t sdk.ResourceTemplateInfo) []string {
		return []string{t.Name, t.Title, t.URITemplate, t.MimeType, call.AnnotationsText(t.Annotations)}
	}}

// RunResources is `mcpdev resources`: a table of name, title, URI, MIME
// type, size and annotations, or {"resources":[…]}.
func RunResources(ctx context.Context, w io.Writer, c *target.Connection, opts *ListOptions) error {
	o := opts.or()
	list, err := call.ListResources(ctx, c, o.Timeout)
	return resourceListing.print(w, o, list, err)
}

// RunTemplates is `mcpdev templates`: a table of name, title, URI
// template and MIME type, or {"resourceTemplates":[…]}.
func RunTemplates(ctx context.Context, w io.Writer, c *target.Connection, opts *ListOptions) error {
	o := opts.or()
	list, err := call.ListTemplates(ctx, c, o.Timeout)
	return templateListing.print(w, o, list, err)
}

// ReadOptions configures RunRead.
type ReadOptions struct {
	Pairs   []string // var=value: expand URI as a template first
	JSON    bool     // print the raw result
	Timeout time.Duration
}

// RunRead is `mcpdev read`: read the resource at uri (a URI template
// expanded with opts.Pairs) and print each content: text as it is, a blob
// described by its type and size.
func RunRead(ctx context.Context, w io.Writer, c *target.Connection, uri string, opts *ReadOptions) error {
	var o ReadOptions
	if opts != nil {
		o = *opts
	}
	if len(o.Pairs) > 0 {
		var err error
		if uri, err = call.ExpandTemplate(uri, call.PairsMap(o.Pairs)); err != nil {
			return err
		}
	}
	res, err := call.ReadResource(ctx, c, uri, o.Timeout)
	if err != nil {
		return err
	}
	if o.JSON {
		writeJSON(w, res)
		return nil
	}
	fmt.Fprintln(w, termtext.Text(strings.TrimRight(call.ContentsText(res), "\n")))
	return nil
}

// writeTable prints rows under a header, each cell through termtext.Line
// ("-" when empty); empty says there are no rows.
func writeTable(w io.Writer, empty string, header []string, rows [][]string) {
	if len(rows) == 0 {
		fmt.Fprintln(w, empty)
		return
	}
	tw := columns.NewWriter(w)
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, r := range rows {
		cells := make([]string, len(r))
		for i, c := range r {
			cells[i] = orDash(termtext.Line(c))
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	tw.Flush()
}
