package call

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dustin/go-humanize"
	"github.com/yosida95/uritemplate/v3"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/sdk"
)

// SizeText is a resource's declared size for a person ("1.2 kB"), or ""
// when it declares none.
func SizeText(size *int64) string {
	if size == nil || *size < 0 {
		return ""
	}
	return humanize.Bytes(uint64(*size))
}

// AnnotationsText is a resource's annotations as one cell:
// "for user,assistant priority 0.8 modified 2026-01-02".
func AnnotationsText(a *sdk.ResourceAnnotations) string {
	if a == nil {
		return ""
	}
	var words []string
	if len(a.Audience) > 0 {
		roles := make([]string, len(a.Audience))
		for i, r := range a.Audience {
			roles[i] = string(r)
		}
		words = append(words, "for "+strings.Join(roles, ","))
	}
	if a.Priority != nil {
		words = append(words, "priority "+strconv.FormatFloat(*a.Priority, 'g', 3, 64))
	}
	if !a.LastModified.IsZero() {
		words = append(words, "modified "+a.LastModified.UTC().Format("2006-01-02 15:04"))
	}
	return strings.Join(words, " ")
}

// TemplateVars names the variables of an RFC 6570 URI template, in order.
func TemplateVars(tmpl string) ([]string, error) {
	t, err := uritemplate.New(tmpl)
	if err != nil {
		return nil, fmt.Errorf("URI template %q: %w", tmpl, err)
	}
	return t.Varnames(), nil
}

// ExpandTemplate fills the URI template tmpl with values; a value for a
// variable the template does not have is a usage error.
func ExpandTemplate(tmpl string, values map[string]string) (string, error) {
	t, err := uritemplate.New(tmpl)
	if err != nil {
		return "", inspector.Usagef("URI template %q: %v", tmpl, err)
	}
	names := t.Varnames()
	vals := uritemplate.Values{}
	for k, v := range values {
		if !slices.Contains(names, k) {
			return "", inspector.Usagef("%s has no variable %q (it has: %s)", tmpl, k, strings.Join(names, ", "))
		}
		vals.Set(k, uritemplate.String(v))
	}
	return t.Expand(vals)
}
