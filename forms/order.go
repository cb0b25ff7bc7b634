package forms

import (
	"bytes"
	"encoding/json"
	"io"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// keyOrder maps the JSON pointer of every object in a document to its keys
// in source order. JSON Schema compilers keep properties in maps; forms
// must show them in the order the author wrote them.
type keyOrder map[string][]string

// indexKeyOrder walks a JSON document once and records every object's keys.
func indexKeyOrder(data []byte) (keyOrder, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	ko := keyOrder{}
	if err := ko.walk(dec, ""); err != nil {
		return nil, err
	}
	return ko, nil
}

func (ko keyOrder) walk(dec *json.Decoder, ptr string) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		if str, isStr := tok.(string); isStr && strings.HasSuffix(ptr, "/format") {
			ko[formatKey+ptr] = []string{str}
		}
		return nil
	}
	switch d {
	case '{':
		return ko.walkObject(dec, ptr)
	case '[':
		for i := 0; dec.More(); i++ {
			if err := ko.walk(dec, ptr+"/"+strconv.Itoa(i)); err != nil {
				return err
			}
		}
		_, err = dec.Token()
		return err
	}
	return io.ErrUnexpectedEOF
}

func (ko keyOrder) walkObject(dec *json.Decoder, ptr string) error {
	keys := []string{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		k, _ := tok.(string)
		keys = append(keys, k)
		if err := ko.walk(dec, ptr+"/"+escapePointer(k)); err != nil {
			return err
		}
	}
	ko[ptr] = keys
	_, err := dec.Token()
	return err
}

// formatKey prefixes entries holding a "format" keyword's value: the
// compiler keeps formats only where it asserts them.
const formatKey = "\x00"

// format returns the raw "format" of the schema at loc.
func (ko keyOrder) format(loc string) string {
	if v := ko.lookup(formatKey + loc + "/format"); len(v) == 1 {
		return v[0]
	}
	return ""
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// propertyOrder returns the names of props in source order when the schema
// location is known, and sorted otherwise.
func (ko keyOrder) propertyOrder(loc string, props []string) []string {
	known := ko.lookup(loc + "/properties")
	seen := map[string]bool{}
	out := make([]string, 0, len(props))
	want := map[string]bool{}
	for _, p := range props {
		want[p] = true
	}
	for _, k := range known {
		if want[k] && !seen[k] {
			out = append(out, k)
			seen[k] = true
		}
	}
	rest := []string{}
	for _, p := range props {
		if !seen[p] {
			rest = append(rest, p)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

func (ko keyOrder) lookup(ptr string) []string {
	if keys, ok := ko[ptr]; ok {
		return keys
	}
	if u, err := url.PathUnescape(ptr); err == nil && u != ptr {
		return ko[u]
	}
	return nil
}
