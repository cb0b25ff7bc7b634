// Package tags reads the struct tags the sdk infers schemas from: it
// splits a jsonschema tag at its unescaped commas, gives a field's title
// and description the whole text its tag meant (Text), checks each part
// of the tag against what the schema reflector reads for the field's
// type (Check), and reads json:",string" (StringOption). It imports
// nothing of the sdk.
package tags

import (
	"reflect"
	"strings"

	"github.com/invopop/jsonschema"
)

// A jsonschema tag is a comma-separated list, so the reflector cuts
// `jsonschema:"description=Title, or author"` after "Title". Text puts
// back what the author meant: a part that is neither a flag nor one of the
// reflector's key=value keywords continues the description or title
// before it. A comma before a flag or a keyword (", required") still ends
// the text; write it as `\,` to keep it.

// tagKeywords are the keys the reflector reads from a jsonschema tag.
var tagKeywords = map[string]bool{
	"title": true, "description": true, "type": true, "anchor": true, "oneof_required": true,
	"anyof_required": true, "oneof_ref": true, "oneof_type": true, "anyof_ref": true, "anyof_type": true,
	"minLength": true, "maxLength": true, "pattern": true, "format": true, "readOnly": true,
	"writeOnly": true, "default": true, "example": true, "enum": true, "multipleOf": true,
	"minimum": true, "maximum": true, "exclusiveMaximum": true, "exclusiveMinimum": true,
	"minItems": true, "maxItems": true, "uniqueItems": true, "minProperties": true, "maxProperties": true,
	"const": true, "required": true, "nullable": true, "-": true,
}

// Text sets prop's description and title to the whole text its field's
// jsonschema tag gives them.
func Text(prop *jsonschema.Schema, sf reflect.StructField) {
	tag, ok := sf.Tag.Lookup("jsonschema")
	if !ok || !strings.Contains(tag, ",") {
		return
	}
	parts := Split(tag)
	for i := 0; i < len(parts); i++ {
		key, val, _ := strings.Cut(parts[i], "=")
		if key != "description" && key != "title" {
			continue
		}
		for i+1 < len(parts) && Continues(parts[i+1]) {
			i++
			val += "," + parts[i]
		}
		if key == "description" {
			prop.Description = val
		} else {
			prop.Title = val
		}
	}
}

// Continues reports whether part of a tag continues the title or
// description before it: it starts with no keyword the reflector reads.
func Continues(part string) bool {
	return !tagKeywords[keyOf(part)]
}

func keyOf(part string) string {
	key, _, _ := strings.Cut(part, "=")
	return key
}

// Split splits a tag at its commas, except those escaped as `\,`.
func Split(tag string) []string {
	if !strings.Contains(tag, `\,`) { // the common case: substrings, no copies
		return strings.Split(tag, ",")
	}
	var parts []string
	var cur strings.Builder
	for i := 0; i < len(tag); i++ {
		switch {
		case tag[i] == '\\' && i+1 < len(tag) && tag[i+1] == ',':
			cur.WriteByte(',')
			i++
		case tag[i] == ',':
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(tag[i])
		}
	}
	return append(parts, cur.String())
}
