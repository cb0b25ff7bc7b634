package urimatch

import (
	"regexp"
	"testing"

	"github.com/yosida95/uritemplate/v3"
)

var fastMatchTemplates = []string{
	"bookshop://books/{isbn}",
	"file:///{+path}",
	"x://{a}/{b}",
	"x://{a}-{+b}",
	"x://shelf/{shelf}/book/{id}.json",
}

// libraryMatch is what the library's own matcher binds, as strings.
func libraryMatch(t *uritemplate.Template, uri string) map[string]string {
	vals := t.Match(uri)
	if vals == nil {
		return nil
	}
	out := map[string]string{}
	for name, v := range vals {
		if v.T != uritemplate.ValueTypeString || len(v.V) != 1 {
			return map[string]string{"\x00not a string": ""}
		}
		out[name] = v.V[0]
	}
	return out
}

// FuzzTemplateFastMatch: whenever Matcher answers, it answers what the
// library's matcher does.
func FuzzTemplateFastMatch(f *testing.F) {
	for _, u := range []string{"bookshop://books/9780441172719", "file:///etc/hosts", "x://a/b", "x://a%2Fb/c", "x://a,b/c",
		"x://%zz/b", "x://-/", "file:///a%20b", "x://shelf/3/book/9.json", "x://a-b/c", "x:///b", "bookshop://books/", "x://a/b/c"} {
		for i := range fastMatchTemplates {
			f.Add(i, u)
		}
	}
	f.Fuzz(func(t *testing.T, i int, uri string) {
		if i < 0 {
			i = -i
		}
		tm := uritemplate.MustNew(fastMatchTemplates[i%len(fastMatchTemplates)])
		fm := New(tm)
		if fm == nil {
			t.Fatalf("%s: no fast matcher", tm.Raw())
		}
		vals, sure := fm.Match(uri)
		if !sure {
			return
		}
		var got map[string]string
		if vals != nil {
			got = map[string]string{}
			for i, name := range fm.names {
				got[name] = vals[i]
			}
		}
		want := libraryMatch(tm, uri)
		if (got == nil) != (want == nil) || len(got) != len(want) {
			t.Fatalf("%s ~ %q: fast %v, library %v", tm.Raw(), uri, got, want)
		}
		for k, v := range want {
			if got[k] != v {
				t.Fatalf("%s ~ %q: fast %v, library %v", tm.Raw(), uri, got, want)
			}
		}
	})
}

// TestTemplateFastMatchForms: the forms it takes and the ones it leaves
// to the library.
func TestTemplateFastMatchForms(t *testing.T) {
	for tmpl, want := range map[string]bool{
		"bookshop://books/{isbn}": true, "file:///{+path}": true, "x://{a}/{b}": true,
		"x://{a,b}": false, "x://q{?x}": false, "x://{#f}": false, "x://{/p*}": false, "x://{a:3}": false, "x://{.ext}": false,
	} {
		if got := New(uritemplate.MustNew(tmpl)) != nil; got != want {
			t.Errorf("%s: fast matcher %v, want %v", tmpl, got, want)
		}
	}
}

// simpleExpr accepts exactly what the pattern ^\+?[A-Za-z0-9_]+$ accepts.
func TestSimpleExprMatchesPattern(t *testing.T) {
	re := regexp.MustCompile(`^\+?[A-Za-z0-9_]+$`)
	for _, expr := range []string{"", "+", "++a", "a", "+isbn", "A_9", "a-b", "a.b", "é", "a\n", "a b", "+a+", "_", "9", "a,b", "#a", "a:3", "a*"} {
		if got, want := simpleExpr(expr), re.MatchString(expr); got != want {
			t.Errorf("simpleExpr(%q) = %v, want %v", expr, got, want)
		}
	}
}
