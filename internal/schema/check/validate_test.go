package check

import (
	"reflect"
	"testing"
)

func TestValidateWording(t *testing.T) {
	schema := `{"type":"object","properties":{
		"query":{}, "limit":{"type":"integer","minimum":1,"maximum":50},
		"x":{"type":"number","exclusiveMinimum":1,"exclusiveMaximum":5,"multipleOf":2},
		"genre":{"enum":["fiction","non-fiction","poetry"]},
		"s":{"type":"string","minLength":3,"maxLength":5,"pattern":"^a"},
		"b":{"type":"boolean"}, "l":{"type":"array"}, "o":{"type":"object"},
		"book":{"type":"object","properties":{"year":{"type":"integer","minimum":1450}},"required":["year"]},
		"opt":{"anyOf":[{"type":"integer"},{"type":"null"}]},
		"tags":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":2,"uniqueItems":true},
		"id":{"anyOf":[{"type":"integer"},{"type":"string","maxLength":2}]},
		"shape":{"oneOf":[{"type":"object","properties":{"kind":{"const":"circle"},"r":{"type":"number"}},"required":["kind","r"]},
			{"type":"object","properties":{"kind":{"const":"rect"},"w":{"type":"number"}},"required":["kind","w"]}]}
	},"required":["query"],"additionalProperties":false}`
	tests := []struct {
		args string
		want []Problem
	}{
		{`{"query":1,"limit":500}`, []Problem{{"limit", "Input should be less than or equal to 50"}}},
		{`{"query":1,"limit":0}`, []Problem{{"limit", "Input should be greater than or equal to 1"}}},
		{`{"query":1,"limit":2.5}`, []Problem{{"limit", "Input should be a valid integer"}}},
		{`{"query":1,"x":1}`, []Problem{{"x", "Input should be a multiple of 2"}, {"x", "Input should be greater than 1"}}},
		{`{"query":1,"x":6}`, []Problem{{"x", "Input should be less than 5"}}},
		{`{"query":1,"x":3}`, []Problem{{"x", "Input should be a multiple of 2"}}},
		{`{}`, []Problem{{"query", "Field required"}}},
		{`{"query":1,"genre":"horror"}`, []Problem{{"genre", "Input should be 'fiction', 'non-fiction' or 'poetry'"}}},
		{`{"query":1,"s":"ab"}`, []Problem{{"s", "String should have at least 3 characters"}}},
		{`{"query":1,"s":"abcdef"}`, []Problem{{"s", "String should have at most 5 characters"}}},
		{`{"query":1,"s":"bcd"}`, []Problem{{"s", "String should match pattern '^a'"}}},
		{`{"query":1,"s":1,"b":"yes","l":{},"o":[]}`, []Problem{{"b", "Input should be a valid boolean"}, {"l", "Input should be a valid list"}, {"o", "Input should be a valid dictionary"}, {"s", "Input should be a valid string"}}},
		{`{"query":1,"zzz":1}`, []Problem{{"zzz", "Extra inputs are not permitted"}}},
		{`{"query":1,"book":{"year":1200}}`, []Problem{{"book.year", "Input should be greater than or equal to 1450"}}},
		{`{"query":1,"book":{}}`, []Problem{{"book.year", "Field required"}}},
		{`{"query":1,"opt":"x"}`, []Problem{{"opt", "Input should be a valid integer"}}},
		{`{"query":1,"tags":[]}`, []Problem{{"tags", "List should have at least 1 item after validation, not 0"}}},
		{`{"query":1,"tags":["a","b","c"]}`, []Problem{{"tags", "List should have at most 2 items after validation, not 3"}}},
		{`{"query":1,"tags":["a","a"]}`, []Problem{{"tags", "Value error, List items should be unique (items 0 and 1 are equal)"}}},
		{`{"query":1,"tags":[1]}`, []Problem{{"tags.0", "Input should be a valid string"}}},
		{`{"query":1,"id":"abc"}`, []Problem{{"id.int", "Input should be a valid integer"}, {"id.constrained-str", "String should have at most 2 characters"}}},
		{`{"query":1,"shape":{"kind":"rect","w":"1"}}`, []Problem{{"shape.rect.w", "Input should be a valid number"}}},
		{`{"query":1,"shape":{"kind":"hex"}}`, []Problem{{"shape", "Input tag 'hex' found using 'kind' does not match any of the expected tags: 'circle', 'rect'"}}},
		{`{"query":1,"opt":null}`, nil},
		{`{"query":1,"x":4}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.args, func(t *testing.T) {
			got, err := Validate([]byte(schema), []byte(tt.args))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Validate mismatch (-want +got):\n-%v\n+%v", tt.want, got)
			}
		})
	}
}

func TestValidateErrors(t *testing.T) {
	if _, err := Validate([]byte(`{}`), []byte(`{`)); err == nil {
		t.Error("bad args accepted")
	}
	if _, err := Validate([]byte(`{`), []byte(`{}`)); err == nil {
		t.Error("bad schema accepted")
	}
}
