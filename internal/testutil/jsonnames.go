package testutil

import (
	"reflect"
	"strings"
)

// JSONNames lists the member names encoding/json uses for the fields of
// struct type t, in field order: the json tag's name, else the field name;
// fields tagged "-" and unexported ones are skipped. Tests use it to tie a
// hand-written member list of a fast decoder to the struct it fills.
func JSONNames(t reflect.Type) []string {
	var names []string
	for f := range t.Fields() {
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch name {
		case "-":
			continue
		case "":
			name = f.Name
		}
		names = append(names, name)
	}
	return names
}
