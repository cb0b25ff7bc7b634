// Package forms turns a JSON Schema into a throwaway terminal form and the
// form back into typed JSON arguments. It knows nothing of MCP: the input
// is a schema document, the output a JSON object.
//
// # Building
//
// New compiles the schema with santhosh-tekuri/jsonschema (2020-12 by
// default, draft-07 and older when $schema says so), resolving local $ref,
// $defs and definitions and refusing remote references. Nullable unions
// (anyOf [X, {type: null}], type [X, "null"]) collapse to X marked
// nullable. Each property becomes a huh v2 field, in source order, with
// a dotted label ("book.year"), a required marker "*", and its
// constraints inline ("integer · 1–50 · default 10"):
//
//   - string: input with length/pattern/format hints; long text (maxLength
//     over 200, a content media type, or a prefilled newline): multi-line;
//   - integer: input that refuses any keystroke but digits and a sign;
//     number: digits, sign, '.', 'e' (a refused key is named under the
//     field with the reason, as is text typed into a select or onto a
//     button); bounds, exclusive bounds and multipleOf are checked when
//     the cursor leaves the field;
//   - boolean: yes/no select; enum: inline select of typed values (a
//     numeric enum stays a number, a nullable enum offers "none");
//     optional ones start at "(not set)", which omits the argument; a
//     boolean with a default starts on it and offers yes and no only;
//   - array of enums: multi-select; other arrays: items added and removed;
//   - object: grouped sub-fields; anyOf/oneOf (also at the root): choose a
//     variant, then fill its fields (values survive switching variants);
//   - anything else (maps, tuples, type lists, true schemas, recursion
//     deeper than the form unfolds): a JSON editor with live parse errors.
//
// The form is its own small container of huh fields rather than a
// huh.Form: arrays and variants change its structure while it is open,
// which a huh.Form (static groups, no reset) cannot do. Fields still use
// huh's rendering and themes.
//
// # Keys
//
// The form takes every key it is given (the parent keeps ctrl+c). It always
// has a focused field: Blur hides the cursor while the parent gives the
// keyboard to another pane, Focus brings it back to the field it was in
// (the one last edited), and a key that reaches a blurred form focuses it
// first, so no key is lost. A prefilled single-line value is shown
// selected when its field is entered: the first typed character replaces
// it, any other key edits it.
//
//	tab, ↓ / shift+tab, ↑   next / previous field (↑↓ stay inside multi-line
//	                        fields and multi-selects)
//	enter                   next field; on the last field submit; on an
//	                        "+ add" button add an item (newline in multi-line)
//	←/→, h/l, space         change an inline select; space/x toggles in a
//	                        multi-select
//	ctrl+r, alt+enter       submit from anywhere
//	ctrl+s                  send anyway (SubmitMsg with Force set)
//	esc                     cancel (CancelMsg)
//	ctrl+j                  whole-arguments JSON mode and back
//	ctrl+a                  select the whole text of the field (of JSON
//	                        mode): what is typed or pasted next replaces
//	                        it, any other key keeps it (in a multi-select:
//	                        select all options)
//	ctrl+n / ctrl+x         add an item to / remove the item from the list
//	                        the cursor is in
//	ctrl+o                  set the nullable value the cursor is in to
//	                        null, and back
//
// Submitting always validates: SubmitMsg carries every Problem. When
// Problems is non-empty and Force is false the parent should not send;
// the form also lists the problems under the fields. ctrl+s is the
// explicit "send anyway" path for testing a server's own validation.
// Text in a JSON editor that does not parse blocks submitting altogether
// (there would be nothing to send).
//
// # Values
//
// Value returns properties in schema order. Optional fields left empty are
// omitted; required ones are always sent (an empty required string is
// sent as ""; a required number or choice left empty cannot be invented
// and is reported as "Field required"). Defaults are pre-filled, except a
// null default. Integer and number text that is not a number is sent as
// the string typed, so validation names the problem instead of hiding it.
// An optional string, list or object left empty is omitted, so a previous
// "" / [] / {} for an optional argument does not round-trip (use JSON mode
// to send those).
//
// A nullable value (anyOf [X, null], type [X, "null"]) is set to an
// explicit null with ctrl+o: a string, number, list or object then shows
// as one "= null" row (typing on it starts a string or number again), a
// select switches to its "none" option, a JSON editor holds null; ctrl+o
// again brings back what was there. A null from JSON mode or Prefill
// shows the same way, not as a misfit.
//
// With Options.Prefill the previous arguments replace the defaults. A
// value that no longer fits its field (wrong type, not in the enum) turns
// that field into a flagged JSON editor holding it; unknown keys are kept
// as flagged JSON fields; out-of-bounds numbers stay in their field with
// the bound shown. Nothing is dropped silently.
package forms
