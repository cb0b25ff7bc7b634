package tui

import (
	"encoding/json"
	"strings"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// itemKind tells the entries of the Resources and Prompts lists apart.
type itemKind int

const (
	itemResource itemKind = iota // read on enter
	itemTemplate                 // a form for its variables, then read
	itemPrompt                   // a form for its arguments (none: got at once)
)

// item is one entry of the Resources or Prompts list, with what its
// details, its form and its completion need. Text from the server is
// sanitised when it is drawn.
type item struct {
	kind     itemKind
	name     string // the prompt's or resource's name
	title    string
	uri      string // a resource's URI, a template's URI template
	mime     string
	desc     string
	details  []string        // label: value lines for the upper pane
	schema   json.RawMessage // the form's schema (templates, prompts)
	args     int             // how many arguments / variables
	argNames []string        // a prompt's arguments, the required ones marked *
	required []string
}

// label is the list's first line: the title, else the name.
func (it item) label() string {
	if it.title != "" {
		return it.title
	}
	return it.name
}

// sub is the list's second line: the URI, or the prompt's arguments.
func (it item) sub() string {
	switch it.kind {
	case itemTemplate:
		return "⧉ " + it.uri
	case itemPrompt:
		if it.args == 0 {
			return "no arguments"
		}
		return "args: " + strings.Join(it.argNames, " ")
	}
	return it.uri
}

// ref names the item for completion/complete.
func (it item) ref() sdk.CompleteRef {
	if it.kind == itemPrompt {
		return sdk.CompleteRef{Type: sdk.RefPrompt, Name: it.name}
	}
	return sdk.CompleteRef{Type: sdk.RefResource, URI: it.uri}
}

func resourceItems(list []sdk.ResourceInfo) []item {
	out := make([]item, 0, len(list))
	for _, r := range list {
		it := item{kind: itemResource, name: r.Name, title: r.Title, uri: r.URI, mime: r.MimeType, desc: r.Description}
		it.details = detailLines("uri", r.URI, "name", r.Name, "title", r.Title, "mime", r.MimeType,
			"size", call.SizeText(r.Size), "annotations", call.AnnotationsText(r.Annotations), "icons", iconsText(r.Icons))
		out = append(out, it)
	}
	return out
}

func templateItems(list []sdk.ResourceTemplateInfo) []item {
	out := make([]item, 0, len(list))
	for _, t := range list {
		it := item{kind: itemTemplate, name: t.Name, title: t.Title, uri: t.URITemplate, mime: t.MimeType, desc: t.Description}
		vars, err := call.TemplateVars(t.URITemplate)
		it.args, it.required = len(vars), vars
		it.schema = call.TemplateSchema(vars)
		problem := ""
		if err != nil {
			problem = err.Error()
		}
		it.details = detailLines("template", t.URITemplate, "name", t.Name, "title", t.Title, "mime", t.MimeType,
			"variables", strings.Join(vars, ", "), "annotations", call.AnnotationsText(t.Annotations), "icons", iconsText(t.Icons), "problem", problem)
		out = append(out, it)
	}
	return out
}

func promptItems(list []sdk.PromptInfo) []item {
	out := make([]item, 0, len(list))
	for _, p := range list {
		it := item{kind: itemPrompt, name: p.Name, title: p.Title, desc: p.Description, args: len(p.Arguments), schema: call.PromptSchema(p)}
		it.details = detailLines("name", p.Name, "title", p.Title, "icons", iconsText(p.Icons))
		for _, a := range p.Arguments {
			mark, star := "", ""
			if a.Required {
				mark, star, it.required = " (required)", "*", append(it.required, a.Name)
			}
			it.argNames = append(it.argNames, a.Name+star)
			it.details = append(it.details, "argument "+a.Name+":"+mark+" "+a.Description)
		}
		out = append(out, it)
	}
	return out
}

// detailLines turns label, value pairs into "label: value" lines, leaving
// out empty values.
func detailLines(pairs ...string) []string {
	var out []string
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] != "" {
			out = append(out, pairs[i]+": "+pairs[i+1])
		}
	}
	return out
}

// iconsText shows icons as text: their sources and sizes.
func iconsText(icons []sdk.Icon) string {
	parts := make([]string, len(icons))
	for i, ic := range icons {
		src := ic.Src
		if strings.HasPrefix(src, "data:") {
			src = "data:" + ic.MimeType + " (inline)"
		}
		parts[i] = strings.TrimSpace(src + " " + strings.Join(ic.Sizes, ","))
	}
	return termtext.Line(strings.Join(parts, "; "))
}
