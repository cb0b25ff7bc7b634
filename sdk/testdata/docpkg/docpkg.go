// Package docpkg holds tools whose doc comments the sdk tests read: the
// comments live in a regular (non-test) file, as in a user's program.
package docpkg

import "context"

// Format is how a report is rendered.
type Format string

// The formats, declared as constants: they become the schema's enum.
const (
	Plain    Format = "plain"
	Markdown Format = "markdown"
)

// Level is a numeric enum.
type Level int

const (
	Low  Level = 1
	High Level = 3
)

// Author writes books.
type Author struct {
	// Full name, as printed on the cover.
	Name string `json:"name"`
	// Born is the year of birth.
	Born int `json:"born,omitempty"`
}

// ReportArgs are the arguments of make_report.
type ReportArgs struct {
	// Subject of the report.
	Subject string `json:"subject"`
	// This comment loses to the tag.
	Pages  int     `json:"pages" jsonschema:"description=Number of pages.,default=1"`
	Format Format  `json:"format,omitempty"`
	Levels []Level `json:"levels,omitempty"`
	// The main author.
	Lead Author `json:"lead"`
	// Everyone else.
	Others []Author          `json:"others,omitempty"`
	ByRole map[string]Author `json:"by_role,omitempty"`
	Editor *Author           `json:"editor"`
	// Optional notes; nullable.
	Notes *string `json:"notes"`
	Draft bool    `json:"draft,omitempty"`
}

// MakeReport writes a report about a subject.
//
// It spans two paragraphs.
func MakeReport(ctx context.Context, a ReportArgs) (string, error) { return a.Subject, nil }

func Undocumented(ctx context.Context, a struct{}) (string, error) { return "", nil }

// SearchArgs documents its fields in Go's convention.
type SearchArgs struct {
	// Query is the title or author to search for.
	Query string `json:"query"`
	// Limit is required: a comment that says something else about the field
	// by name is kept as written.
	Limit int `json:"limit"`
	// Genre is a section of the catalog.
	Genre string `json:"genre,omitempty"`
	// Exact reports whether the title must match exactly.
	Exact bool `json:"exact,omitempty"`
}

// SearchBooks searches the catalog by title or author.
func SearchBooks(ctx context.Context, a SearchArgs) (string, error) { return a.Query, nil }

// Search looks books up by title: a name that is also an English word
// follows the one rule, its first word dropped.
func Search(ctx context.Context, a SearchArgs) (string, error) { return a.Query, nil }
