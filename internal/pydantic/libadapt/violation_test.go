package libadapt

import (
	"fmt"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpdev/mcpdev/internal/pydantic"
)

func compile(t *testing.T, schema string) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
	if err != nil {
		t.Fatalf("schema: %v", err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	Configure(c)
	if err := c.AddResource("mem:///s.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem:///s.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func decode(t *testing.T, s string) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(s))
	if err != nil {
		t.Fatalf("instance: %v", err)
	}
	return v
}

// check returns each violation of instance as one comparable line.
func check(t *testing.T, s *jsonschema.Schema, instance string) []string {
	t.Helper()
	var lines []string
	for _, v := range Check(s, decode(t, instance)) {
		lines = append(lines, fmt.Sprintf("%s | %s [type=%s, input_value=%s]", v.Path, v.Message, v.Type, pydantic.Repr(v.Input)))
	}
	return lines
}

// Every constraint kind sdk and forms both handle, worded as Pydantic v2
// words it.
func TestCheck(t *testing.T) {
	const args = `{"type":"object","additionalProperties":false,"required":["req"],"properties":{
		"req":{"type":"string"},
		"int":{"type":"integer"}, "num":{"type":"number"}, "str":{"type":"string"},
		"flag":{"type":"boolean"}, "list":{"type":"array"}, "dict":{"type":"object"}, "nil":{"type":"null"},
		"max":{"type":"integer","maximum":50}, "min":{"type":"integer","minimum":1},
		"xmax":{"type":"number","exclusiveMaximum":1}, "xmin":{"type":"number","exclusiveMinimum":0.5},
		"tiny":{"type":"number","minimum":0.00001}, "even":{"type":"integer","multipleOf":2},
		"x":{"type":"number","exclusiveMinimum":1,"maximum":0,"multipleOf":2},
		"short":{"type":"string","minLength":3}, "long":{"type":"string","maxLength":5}, "one":{"type":"string","minLength":1},
		"pat":{"type":"string","pattern":"^a"},
		"when":{"type":"string","format":"date"}, "at":{"type":"string","format":"date-time"},
		"mail":{"type":"string","format":"email"}, "id":{"type":"string","format":"uuid"},
		"ip":{"type":"string","format":"ipv4"}, "site":{"type":"string","format":"uri"}, "host":{"type":"string","format":"hostname"},
		"genre":{"enum":["fiction","non-fiction","poetry"]}, "level":{"enum":[1,2,null,true]},
		"kind":{"const":"circle"}, "quote":{"const":"it's"},
		"tags":{"type":"array","items":{"type":"string","maxLength":3},"minItems":1,"maxItems":2},
		"set":{"type":"array","uniqueItems":true},
		"props":{"type":"object","minProperties":1,"maxProperties":2},
		"book":{"type":"object","required":["title","year"],"additionalProperties":false,"properties":{
			"title":{"type":"string"},"year":{"type":"integer","minimum":1450}}},
		"books":{"type":"array","items":{"$ref":"#/$defs/Book"}},
		"opt":{"anyOf":[{"type":"integer","minimum":1},{"type":"null"}]},
		"optlist":{"type":["array","null"],"items":{"type":"integer"}},
		"either":{"oneOf":[{"type":"null"},{"type":"string","minLength":2}]},
		"scalar":{"anyOf":[{"type":"integer"},{"type":"string","maxLength":2}]},
		"pick":{"type":["integer","string"]},
		"pet":{"anyOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"},{"type":"null"}]},
		"v1pet":{"anyOf":[{"allOf":[{"$ref":"#/$defs/Cat"}]},{"type":"integer"}]},
		"shape":{"oneOf":[
			{"type":"object","required":["kind","r"],"properties":{"kind":{"const":"circle"},"r":{"type":"number","exclusiveMinimum":0}}},
			{"type":"object","required":["kind","w"],"properties":{"kind":{"const":"rect"},"w":{"type":"number"}}}]},
		"same":{"oneOf":[{"type":"number"},{"type":"integer"}]}
	},"$defs":{
		"Book":{"type":"object","required":["year"],"properties":{"year":{"type":"integer","minimum":1450}}},
		"Cat":{"title":"Cat","type":"object","required":["meows"],"properties":{"meows":{"type":"integer"}}},
		"Dog":{"type":"object","required":["barks"],"properties":{"barks":{"type":"number"}}}
	}}`
	s := compile(t, args)
	tests := []struct {
		name, args string
		want       []string
	}{
		{"valid", `{"req":"r","max":50,"opt":null,"optlist":null,"either":null,"pet":null,"shape":{"kind":"rect","w":1}}`, nil},
		// type
		{"integer", `{"req":"r","int":"abc"}`, []string{"int | Input should be a valid integer [type=int_type, input_value='abc']"}},
		{"integer with a fraction", `{"req":"r","int":2.5}`, []string{"int | Input should be a valid integer [type=int_type, input_value=2.5]"}},
		{"number", `{"req":"r","num":"1"}`, []string{"num | Input should be a valid number [type=float_type, input_value='1']"}},
		{"string", `{"req":"r","str":5}`, []string{"str | Input should be a valid string [type=string_type, input_value=5]"}},
		{"boolean", `{"req":"r","flag":"yes"}`, []string{"flag | Input should be a valid boolean [type=bool_type, input_value='yes']"}},
		{"list", `{"req":"r","list":{}}`, []string{"list | Input should be a valid list [type=list_type, input_value={}]"}},
		{"dictionary", `{"req":"r","dict":[1]}`, []string{"dict | Input should be a valid dictionary [type=dict_type, input_value=[1]]"}},
		{"null", `{"req":"r","nil":0}`, []string{"nil | Input should be None [type=none_required, input_value=0]"}},
		{"root not an object", `[1,2]`, []string{" | Input should be a valid dictionary [type=dict_type, input_value=[1, 2]]"}},
		// required, additionalProperties
		{"missing", `{}`, []string{"req | Field required [type=missing, input_value={}]"}},
		{"extra", `{"req":"r","zzz":true}`, []string{"zzz | Extra inputs are not permitted [type=extra_forbidden, input_value=True]"}},
		// bounds
		{"maximum", `{"req":"r","max":51}`, []string{"max | Input should be less than or equal to 50 [type=less_than_equal, input_value=51]"}},
		{"minimum", `{"req":"r","min":0}`, []string{"min | Input should be greater than or equal to 1 [type=greater_than_equal, input_value=0]"}},
		{"exclusive maximum", `{"req":"r","xmax":1}`, []string{"xmax | Input should be less than 1 [type=less_than, input_value=1]"}},
		{"exclusive minimum", `{"req":"r","xmin":0.5}`, []string{"xmin | Input should be greater than 0.5 [type=greater_than, input_value=0.5]"}},
		{"small bound as Python prints it", `{"req":"r","tiny":0}`, []string{"tiny | Input should be greater than or equal to 1e-05 [type=greater_than_equal, input_value=0]"}},
		{"multipleOf", `{"req":"r","even":3}`, []string{"even | Input should be a multiple of 2 [type=multiple_of, input_value=3]"}},
		{"several bounds in pydantic-core's order", `{"req":"r","x":1}`, []string{
			"x | Input should be a multiple of 2 [type=multiple_of, input_value=1]",
			"x | Input should be less than or equal to 0 [type=less_than_equal, input_value=1]",
			"x | Input should be greater than 1 [type=greater_than, input_value=1]"}},
		// strings
		{"min length", `{"req":"r","short":"ab"}`, []string{"short | String should have at least 3 characters [type=string_too_short, input_value='ab']"}},
		{"max length", `{"req":"r","long":"abcdef"}`, []string{"long | String should have at most 5 characters [type=string_too_long, input_value='abcdef']"}},
		{"min length one", `{"req":"r","one":""}`, []string{"one | String should have at least 1 character [type=string_too_short, input_value='']"}},
		{"pattern", `{"req":"r","pat":"banana"}`, []string{"pat | String should match pattern '^a' [type=string_pattern_mismatch, input_value='banana']"}},
		// format
		{"date", `{"req":"r","when":"2024-13-01"}`, []string{"when | Input should be a valid date in the format YYYY-MM-DD, month value is outside expected range of 1-12 [type=date_parsing, input_value='2024-13-01']"}},
		{"date in another layout", `{"req":"r","when":"01/02/2024"}`, []string{"when | Input should be a valid date in the format YYYY-MM-DD, invalid character in year [type=date_parsing, input_value='01/02/2024']"}},
		{"uri", `{"req":"r","site":"docs/page"}`, []string{"site | Input should be a valid URL, relative URL without a base [type=url_parsing, input_value='docs/page']"}},
		{"uri that does not parse", `{"req":"r","site":"http://a b"}`, []string{"site | Input should be a valid URL, invalid international domain name [type=url_parsing, input_value='http://a b']"}},
		{"date-time", `{"req":"r","at":"yesterday"}`, []string{"at | Input should be a valid datetime, input is too short [type=datetime_parsing, input_value='yesterday']"}},
		{"email", `{"req":"r","mail":"nobody"}`, []string{"mail | value is not a valid email address: An email address must have an @-sign. [type=value_error, input_value='nobody']"}},
		{"uuid", `{"req":"r","id":"x"}`, []string{"id | Input should be a valid UUID, invalid character: found `x` at 1 [type=uuid_parsing, input_value='x']"}},
		{"ipv4", `{"req":"r","ip":"1.2.3"}`, []string{"ip | Input is not a valid IPv4 address [type=ip_v4_address, input_value='1.2.3']"}},
		{"format Pydantic has no type for", `{"req":"r","host":"-a"}`, []string{"host | Value error, Input should be a valid hostname [type=value_error, input_value='-a']"}},
		// enum, const
		{"enum", `{"req":"r","genre":"horror"}`, []string{"genre | Input should be 'fiction', 'non-fiction' or 'poetry' [type=literal_error, input_value='horror']"}},
		{"enum of other values", `{"req":"r","level":3}`, []string{"level | Input should be 1, 2, None or True [type=literal_error, input_value=3]"}},
		{"const", `{"req":"r","kind":"square"}`, []string{"kind | Input should be 'circle' [type=literal_error, input_value='square']"}},
		{"const quoted as Python does", `{"req":"r","quote":"x"}`, []string{`quote | Input should be "it's" [type=literal_error, input_value='x']`}},
		// lists
		{"min items", `{"req":"r","tags":[]}`, []string{"tags | List should have at least 1 item after validation, not 0 [type=too_short, input_value=[]]"}},
		{"max items", `{"req":"r","tags":["a","b","c"]}`, []string{"tags | List should have at most 2 items after validation, not 3 [type=too_long, input_value=['a', 'b', 'c']]"}},
		{"item", `{"req":"r","tags":["abcd"]}`, []string{"tags.0 | String should have at most 3 characters [type=string_too_long, input_value='abcd']"}},
		{"unique items", `{"req":"r","set":[1,2,1]}`, []string{"set | Value error, List items should be unique (items 0 and 2 are equal) [type=value_error, input_value=[1, 2, 1]]"}},
		{"min properties", `{"req":"r","props":{}}`, []string{"props | Dictionary should have at least 1 item after validation, not 0 [type=too_short, input_value={}]"}},
		{"max properties", `{"req":"r","props":{"a":1,"b":2,"c":3}}`, []string{"props | Dictionary should have at most 2 items after validation, not 3 [type=too_long, input_value={'a': 1, 'b': 2, 'c': 3}]"}},
		// nested paths
		{"nested bound", `{"req":"r","book":{"title":"Dune","year":1000}}`, []string{"book.year | Input should be greater than or equal to 1450 [type=greater_than_equal, input_value=1000]"}},
		{"nested missing and extra", `{"req":"r","book":{"isbn":"x"}}`, []string{
			"book.isbn | Extra inputs are not permitted [type=extra_forbidden, input_value='x']",
			"book.title | Field required [type=missing, input_value={'isbn': 'x'}]",
			"book.year | Field required [type=missing, input_value={'isbn': 'x'}]"}},
		{"indices in numeric order", `{"req":"r","books":[{"year":1},{"year":1450},{"year":2},{},{},{},{},{},{},{},{"year":"old"}]}`, []string{
			"books.0.year | Input should be greater than or equal to 1450 [type=greater_than_equal, input_value=1]",
			"books.2.year | Input should be greater than or equal to 1450 [type=greater_than_equal, input_value=2]",
			"books.3.year | Field required [type=missing, input_value={}]",
			"books.4.year | Field required [type=missing, input_value={}]",
			"books.5.year | Field required [type=missing, input_value={}]",
			"books.6.year | Field required [type=missing, input_value={}]",
			"books.7.year | Field required [type=missing, input_value={}]",
			"books.8.year | Field required [type=missing, input_value={}]",
			"books.9.year | Field required [type=missing, input_value={}]",
			"books.10.year | Input should be a valid integer [type=int_type, input_value='old']"}},
		{"every violation, sorted by path", `{"max":500,"pat":"zz","genre":"x","unknown":true}`, []string{
			"genre | Input should be 'fiction', 'non-fiction' or 'poetry' [type=literal_error, input_value='x']",
			"max | Input should be less than or equal to 50 [type=less_than_equal, input_value=500]",
			"pat | String should match pattern '^a' [type=string_pattern_mismatch, input_value='zz']",
			"req | Field required [type=missing, input_value={'genre': 'x', 'max': 500, 'pat': 'zz', 'unknown': True}]",
			"unknown | Extra inputs are not permitted [type=extra_forbidden, input_value=True]"}},
		// unions: X | None reports X's errors, untagged
		{"optional wrong type", `{"req":"r","opt":"x"}`, []string{"opt | Input should be a valid integer [type=int_type, input_value='x']"}},
		{"optional bound", `{"req":"r","opt":0}`, []string{"opt | Input should be greater than or equal to 1 [type=greater_than_equal, input_value=0]"}},
		{"nullable type list", `{"req":"r","optlist":"x"}`, []string{"optlist | Input should be a valid list [type=list_type, input_value='x']"}},
		{"nullable type list item", `{"req":"r","optlist":[1,"x"]}`, []string{"optlist.1 | Input should be a valid integer [type=int_type, input_value='x']"}},
		{"oneOf with null", `{"req":"r","either":"a"}`, []string{"either | String should have at least 2 characters [type=string_too_short, input_value='a']"}},
		// unions of several: every variant, tagged with its name
		{"union", `{"req":"r","scalar":[]}`, []string{
			"scalar.int | Input should be a valid integer [type=int_type, input_value=[]]",
			"scalar.constrained-str | Input should be a valid string [type=string_type, input_value=[]]"}},
		{"union, one variant close", `{"req":"r","scalar":"abc"}`, []string{
			"scalar.int | Input should be a valid integer [type=int_type, input_value='abc']",
			"scalar.constrained-str | String should have at most 2 characters [type=string_too_long, input_value='abc']"}},
		{"type list", `{"req":"r","pick":true}`, []string{
			"pick.int | Input should be a valid integer [type=int_type, input_value=True]",
			"pick.str | Input should be a valid string [type=string_type, input_value=True]"}},
		{"union of models", `{"req":"r","pet":{"meows":"x"}}`, []string{
			"pet.Cat.meows | Input should be a valid integer [type=int_type, input_value='x']",
			"pet.Dog.barks | Field required [type=missing, input_value={'meows': 'x'}]"}},
		{"union with a Pydantic v1 allOf variant", `{"req":"r","v1pet":{}}`, []string{
			"v1pet.Cat.meows | Field required [type=missing, input_value={}]",
			"v1pet.int | Input should be a valid integer [type=int_type, input_value={}]"}},
		// discriminated (oneOf with a constant tag property)
		{"tag picks the variant", `{"req":"r","shape":{"kind":"circle","r":0}}`, []string{"shape.circle.r | Input should be greater than 0 [type=greater_than, input_value=0]"}},
		{"tag picks the second variant", `{"req":"r","shape":{"kind":"rect"}}`, []string{"shape.rect.w | Field required [type=missing, input_value={'kind': 'rect'}]"}},
		{"unknown tag", `{"req":"r","shape":{"kind":"hex"}}`, []string{"shape | Input tag 'hex' found using 'kind' does not match any of the expected tags: 'circle', 'rect' [type=union_tag_invalid, input_value={'kind': 'hex'}]"}},
		{"no tag", `{"req":"r","shape":{"r":1}}`, []string{"shape | Unable to extract tag using discriminator 'kind' [type=union_tag_not_found, input_value={'r': 1}]"}},
		{"tagged union given a non-object", `{"req":"r","shape":3}`, []string{"shape | Input should be a valid dictionary [type=dict_type, input_value=3]"}},
		{"oneOf matching several", `{"req":"r","same":3}`, []string{"same | Value error, Input should match exactly one variant, not several (variants 0 and 1 both match) [type=value_error, input_value=3]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := diffLines(tt.want, check(t, s, tt.args)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

func diffLines(want, got []string) string {
	if strings.Join(want, "\n") == strings.Join(got, "\n") {
		return ""
	}
	var b strings.Builder
	for _, w := range want {
		b.WriteString("-" + w + "\n")
	}
	for _, g := range got {
		b.WriteString("+" + g + "\n")
	}
	return b.String()
}

// A union deep in a list keeps its tag in the middle of the path, and the
// branch errors are those of the variant at that position.
func TestCheckNestedUnion(t *testing.T) {
	s := compile(t, `{"type":"array","items":{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"object","additionalProperties":{"type":"number"}}]}}`)
	want := []string{
		"1.list[int].1 | Input should be a valid integer [type=int_type, input_value='x']",
		"1.dict[str,float] | Input should be a valid dictionary [type=dict_type, input_value=[1, 'x']]",
	}
	if d := diffLines(want, check(t, s, `[[1],[1,"x"]]`)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// Recursive schemas (a $ref cycle) are indexed without looping; a model
// refused for its type is model_type, as Pydantic 2.13 words it.
func TestCheckRecursiveUnion(t *testing.T) {
	s := compile(t, `{"$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","properties":{"next":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"integer"}]}}}}}`)
	want := []string{
		"next.Node.next.Node | Input should be a valid dictionary or instance of Node [type=model_type, input_value='x']",
		"next.Node.next.int | Input should be a valid integer [type=int_type, input_value='x']",
		"next.int | Input should be a valid integer [type=int_type, input_value={'next': 'x'}]",
	}
	if d := diffLines(want, check(t, s, `{"next":{"next":"x"}}`)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// In lax mode (the SDK converts strings, integral floats and 0/1 before
// validating), what is left is worded as lax mode words it.
func TestCheckLax(t *testing.T) {
	s := compile(t, `{"type":"object","properties":{"i":{"type":"integer"},"f":{"type":"number"},"b":{"type":"boolean"},"o":{"anyOf":[{"type":"integer"},{"type":"null"}]}}}`)
	tests := []struct{ args, want string }{
		{`{"i":"abc"}`, "i | Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='abc']"},
		{`{"i":"5.5"}`, "i | Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='5.5']"},
		{`{"i":2.5}`, "i | Input should be a valid integer, got a number with a fractional part [type=int_from_float, input_value=2.5]"},
		{`{"i":[]}`, "i | Input should be a valid integer [type=int_type, input_value=[]]"},
		{`{"o":"x"}`, "o | Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='x']"},
		{`{"f":"abc"}`, "f | Input should be a valid number, unable to parse string as a number [type=float_parsing, input_value='abc']"},
		{`{"f":"-Infinity"}`, "f | Input should be a finite number [type=finite_number, input_value='-Infinity']"},
		{`{"f":null}`, "f | Input should be a valid number [type=float_type, input_value=None]"},
		{`{"b":"maybe"}`, "b | Input should be a valid boolean, unable to interpret input [type=bool_parsing, input_value='maybe']"},
		{`{"b":2}`, "b | Input should be a valid boolean, unable to interpret input [type=bool_parsing, input_value=2]"},
		{`{"b":1.5}`, "b | Input should be a valid boolean [type=bool_type, input_value=1.5]"},
	}
	for _, tt := range tests {
		var got []string
		for _, v := range CheckWith(s, decode(t, tt.args), pydantic.Options{Lax: true}) {
			got = append(got, fmt.Sprintf("%s | %s [type=%s, input_value=%s]", v.Path, v.Message, v.Type, pydantic.Repr(v.Input)))
		}
		if d := diffLines([]string{tt.want}, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", tt.args, d)
		}
	}
}

// With an Order, violations come field by field in declaration order, as
// Pydantic validates a model, after the extra inputs; not sorted by name.
func TestCheckDeclarationOrder(t *testing.T) {
	const doc = `{"type":"object","additionalProperties":false,"required":["zeta","alpha","mid"],"properties":{
		"zeta":{"type":"integer"},
		"alpha":{"type":"array","items":{"$ref":"#/$defs/Item"}},
		"mid":{"anyOf":[{"$ref":"#/$defs/Item"},{"type":"null"}]}
	},"$defs":{"Item":{"type":"object","required":["z","b"],"properties":{"z":{"type":"string"},"b":{"type":"integer","maximum":5}}}}}`
	s := compile(t, doc)
	order, err := pydantic.NewOrder([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	v := decode(t, `{"extra":1,"mid":{"b":9},"alpha":[{"b":6,"z":1},{},{"b":"x","z":"ok"}],"zeta":"x"}`)
	var got []string
	for _, x := range CheckWith(s, v, pydantic.Options{Order: order}) {
		got = append(got, x.Path+" | "+x.Type)
	}
	want := []string{
		"extra | extra_forbidden",
		"zeta | int_type",
		"alpha.0.z | string_type", "alpha.0.b | less_than_equal",
		"alpha.1.z | missing", "alpha.1.b | missing",
		"alpha.2.b | int_type",
		"mid.z | missing", "mid.b | less_than_equal",
	}
	if d := diffLines(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// Sent supplies input_value: what the client sent, not the defaults or
// coercions applied before validation.
func TestCheckSentInput(t *testing.T) {
	s := compile(t, `{"type":"object","required":["q"],"properties":{"q":{"type":"string"},"n":{"type":"integer","maximum":5},"limit":{"type":"integer"}}}`)
	validated := decode(t, `{"n":500,"limit":10}`) // "n" coerced from "500", limit a default
	sent := decode(t, `{"n":"500"}`)
	var got []string
	for _, v := range CheckWith(s, validated, pydantic.Options{Sent: func() (any, pydantic.Order) { return sent, nil }}) {
		got = append(got, v.Path+" | "+pydantic.Repr(v.Input))
	}
	want := []string{"n | '500'", "q | {'n': '500'}"}
	if d := diffLines(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// Extra inputs and a dictionary's entries come in the order they were sent.
func TestCheckSentOrder(t *testing.T) {
	const doc = `{"type":"object","additionalProperties":false,"properties":{
		"a":{"type":"integer"},"m":{"type":"object","additionalProperties":{"type":"integer"}}}}`
	s := compile(t, doc)
	order, _ := pydantic.NewOrder([]byte(doc))
	const sent = `{"zz":1,"m":{"k2":"x","k1":"y"},"a":"x","bb":2}`
	sentOrder, err := pydantic.InputOrder([]byte(sent))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range CheckWith(s, decode(t, sent), pydantic.Options{Order: order, Sent: func() (any, pydantic.Order) { return decode(t, sent), sentOrder }}) {
		got = append(got, v.Path)
	}
	want := []string{"zz", "bb", "a", "m.k2", "m.k1"}
	if d := diffLines(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
