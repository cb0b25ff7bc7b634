package urimatch

import (
	"slices"
	"testing"

	"github.com/yosida95/uritemplate/v3"
)

// scanTemplates are templates the loop of fastScan matches.
var scanTemplates = []string{
	"bookshop://books/{isbn}",
	"file:///{+path}",
	"x://{a}/{b}",
	"x://{a}:{+b}",
	"x://{a}?q=1",
	"{a}/{b}/c",
	"x://fixed",
}

// TestTemplateScanForms: the templates the loop matches and the ones it
// leaves to the regexp (a variable followed by text it might take).
func TestTemplateScanForms(t *testing.T) {
	cases := map[string]bool{
		"x://{a}-{+b}": false, "x://shelf/{shelf}/book/{id}.json": false, "x://{a}{b}": false,
		"x://{a}%41{b}": false, "x://bücher/{id}": false, "x://{+a}/b": false, "x://{a},{b}": false,
		"x://{+a}?q": false, "x://{a}~": false,
	}
	for _, tmpl := range scanTemplates {
		cases[tmpl] = true
	}
	for tmpl, want := range cases {
		fm := New(uritemplate.MustNew(tmpl))
		if fm == nil {
			t.Fatalf("%s: no fast matcher", tmpl)
		}
		if got := fm.scan != nil; got != want {
			t.Errorf("%s: scans %v, want %v", tmpl, got, want)
		}
	}
}

// TestTemplateScanCharacters: a variable allows exactly the characters the
// library's regexp allows, in {name} and in {+name}.
func TestTemplateScanCharacters(t *testing.T) {
	for _, tmpl := range []string{"x://{v}", "x://{+v}"} {
		rx := uritemplate.MustNew(tmpl).Regexp()
		reserved := tmpl == "x://{+v}"
		for c := 0; c < 256; c++ {
			if got, want := allowed(byte(c), reserved), rx.MatchString("x://"+string([]byte{byte(c)})); got != want {
				t.Errorf("%s: allowed(%q) = %v, the regexp says %v", tmpl, rune(c), got, want)
			}
		}
	}
}

// FuzzTemplateScanMatchesRegexp: the loop finds the values the library's
// regexp finds, and fits the URIs it fits.
func FuzzTemplateScanMatchesRegexp(f *testing.F) {
	for _, u := range []string{"bookshop://books/9780441172719", "file:///etc/hosts", "x://a/b", "x://a%2Fb/c", "x://a,b/c",
		"x://%zz/b", "x://%4", "x://a:b/c?d", "x://a?q=1", "a/b/c", "x://fixed", "x://", "", "x://a/b/", "x://é/b", "x://a\xff/b"} {
		for i := range scanTemplates {
			f.Add(i, u)
		}
	}
	f.Fuzz(func(t *testing.T, i int, uri string) {
		if i < 0 {
			i = -i
		}
		tm := uritemplate.MustNew(scanTemplates[i%len(scanTemplates)])
		fm := New(tm)
		got, fits := fm.scan.match(uri, nil)
		m := tm.Regexp().FindStringSubmatch(uri)
		if fits != (m != nil) || m != nil && !slices.Equal(got, m[1:]) {
			t.Fatalf("%s ~ %q: loop %q (fits %v), regexp %q", tm.Raw(), uri, got, fits, m)
		}
	})
}
