package validate_test

import (
	"testing"
)

// syntaxFormats are the formats internal/validate checks with its own
// code where the library used its own: the verdicts must agree.
var syntaxFormats = []string{"hostname", "duration", "json-pointer", "relative-json-pointer", "uri-reference", "iri", "iri-reference", "semver"}

// FuzzFormatsMatchLibrary: for any string, each syntactic format check
// accepts exactly what the library's accepts (the wording follows from
// the verdict, see TestCorpusMatchesLibrary).
func FuzzFormatsMatchLibrary(f *testing.F) {
	for _, s := range []string{"", "a.b", "-a", "a-", "P1Y2M", "PT", "P1W", "/a~0", "~", "0#", "01", "1/a",
		"http://[::1]/", "//x:1", `a\b`, "%zz", "1.2.3-a.01+b", "1.2.3-01", "1.2.3+", "é.com", "http://a b"} {
		f.Add(s)
	}
	var checks []schemas
	for _, name := range syntaxFormats {
		s, ok := compileBoth(f, []byte(`{"format":"`+name+`"}`))
		if !ok {
			f.Fatalf("format %s does not compile", name)
		}
		checks = append(checks, s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i, c := range checks {
			if own, lib := c.own.Validate(s), c.lib.Validate(s); (own == nil) != (lib == nil) {
				t.Fatalf("%s %q: own %v, library %v", syntaxFormats[i], s, own, lib)
			}
		}
	})
}
