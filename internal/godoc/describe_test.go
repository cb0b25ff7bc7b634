package godoc

import "testing"

// Go's convention ("SearchBooks searches …") becomes a description
// ("Searches …") by one rule, whatever the name: a name that is also an
// English word ("Reindex rebuilds …") is dropped the same way.
func TestDescribeGoConvention(t *testing.T) {
	tests := []struct{ name, doc, want string }{
		{"SearchBooks", "SearchBooks searches the catalog by title or author.", "Searches the catalog by title or author."},
		{"SearchBooks", "Search the catalog by title or author.", "Search the catalog by title or author."},
		{"SearchBooks", "SearchBooks: search the catalog.", "SearchBooks: search the catalog."},
		{"SearchBooks", "SearchBooks Searches the catalog.", "SearchBooks Searches the catalog."},
		{"MakeReport", "MakeReport writes a report.\n\nIt spans two paragraphs.", "Writes a report.\n\nIt spans two paragraphs."},
		{"SayHello", "SayHello greets someone by name.", "Greets someone by name."},
		{"Query", "Query is the title or author to search for.", "Title or author to search for."},
		{"Limit", "Limit is the maximum number of results.", "Maximum number of results."},
		{"Genre", "Genre is a section of the catalog.", "A section of the catalog."},
		{"Items", "Items are the things to buy.", "Things to buy."},
		{"Draft", "Draft reports whether the report is a draft.", "Reports whether the report is a draft."},
		{"Search", "Search searches the catalog.", "Searches the catalog."},
		{"Copy", "Copy copies a file.", "Copies a file."},
		{"Echo", "Echo echoes its text.", "Echoes its text."},
		{"Get", "Get gets.", "Gets."}, // the verb alone, its full stop not part of it
		{"Paginate", "Paginate paginates, lazily.", "Paginates, lazily."},
		{"Copy", "Copy copies; nothing else.", "Copies; nothing else."},
		{"ISBN", "ISBN is the book's number.", "Book's number."},
		{"ISBNOrTitle", "ISBNOrTitle identifies the book.", "Identifies the book."},
		{"Reindex", "Reindex rebuilds the index.", "Rebuilds the index."},
		{"Summarize", "Summarize asks the model for a summary.", "Asks the model for a summary."},
		{"Index", "Index lists the notes.", "Lists the notes."},
		{"Search", "Search books by title.", "Books by title."},
		{"Limit", "Limit results to ten.", "Results to ten."},
		{"Wait", "Wait blocks until cancelled.", "Blocks until cancelled."},
		{"Limit", "Limit is the max.", "Max."},
		// not the convention: kept as written
		{"Shelve", "Shelve a book.", "Shelve a book."},
		{"Command", "Command and Args start the server.", "Command and Args start the server."},
		{"Query", "Query is required.", "Query is required."},
		{"Subject", "Subject of the report.", "Subject of the report."},
		{"Title", "Title as printed on the cover.", "Title as printed on the cover."},
		{"Name", "Name", "Name"},
		{"Name", "Names the thing.", "Names the thing."},
		{"", "is the thing.", "is the thing."},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+tt.doc, func(t *testing.T) {
			if got := Describe(tt.name, tt.doc); got != tt.want {
				t.Errorf("Describe(%q, %q) = %q, want %q", tt.name, tt.doc, got, tt.want)
			}
		})
	}
}
