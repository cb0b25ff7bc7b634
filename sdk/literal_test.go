package sdk_test

import (
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// litGenre is a named string type whose constants are its values: the
// Go form of the seed's Literal["fiction", "non-fiction", "poetry"].
type litGenre string

const (
	litFiction    litGenre = "fiction"
	litNonFiction litGenre = "non-fiction"
	litPoetry     litGenre = "poetry"
)

type literalArgs struct {
	One   string    `json:"one,omitempty" jsonschema:"enum=only"`
	Two   *string   `json:"two" jsonschema:"enum=a,enum=b"`
	Genre *litGenre `json:"genre"`
	Kind  *litGenre `json:"kind" jsonschema:"default=poetry"`
	Count *int      `json:"count,omitempty"`
}

// An optional Literal-like field (a pointer to a string enum) publishes
// "default": null, as Pydantic 2.13's model_json_schema() does for
// `x: Literal['a', 'b'] | None = None`; one with a default of its own
// keeps it.
func TestLiteralLikeFieldDefaultsToNull(t *testing.T) {
	d, err := sdk.NewTool((&recorder[literalArgs]{}).handler, quiet("lit"))
	if err != nil {
		t.Fatal(err)
	}
	property := func(name string) []byte { return toJSON(t, schemaAt(t, d.Info().InputSchema, "properties", name)) }
	for name, want := range map[string]string{
		// python3 -c 'from typing import Literal; from pydantic import BaseModel
		// class M(BaseModel): two: Literal["a","b"] | None = None
		// print(M.model_json_schema())' (the title key left out)
		"two":   `{"anyOf":[{"enum":["a","b"],"type":"string"},{"type":"null"}],"default":null}`,
		"genre": `{"anyOf":[{"enum":["fiction","non-fiction","poetry"],"type":"string"},{"type":"null"}],"default":null}`,
		"kind":  `{"anyOf":[{"enum":["fiction","non-fiction","poetry"],"type":"string"},{"type":"null"}],"default":"poetry"}`,
	} {
		if diff := jsonDiff(t, []byte(want), property(name)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
	if got := string(property("count")); got != `{"anyOf":[{"type":"integer"},{"type":"null"}]}` {
		t.Errorf("count (not Literal-like) = %s", got)
	}
}

// A string enum is refused as Pydantic 2.13 refuses a Literal
// (literal_error), with one, two or three values.
func TestLiteralWording(t *testing.T) {
	rec := &recorder[literalArgs]{}
	s := sdk.NewServer("lit", nil)
	sdk.Tool(s, rec.handler, quiet("lit"))
	c := legacyClient(t, s, nil)
	for args, want := range map[string]string{
		`{"one":"x"}`:        "one\n  Input should be 'only' [type=literal_error, input_value='x', input_type=str]",
		`{"two":"c"}`:        "two\n  Input should be 'a' or 'b' [type=literal_error, input_value='c', input_type=str]",
		`{"genre":"horror"}`: "genre\n  Input should be 'fiction', 'non-fiction' or 'poetry' [type=literal_error, input_value='horror', input_type=str]",
	} {
		res := callRaw(t, c, "lit", args)
		want = "Error executing tool lit: 1 validation error for lit\n" + want
		if d := textDiff(want, texts(res)); !res.IsError || d != "" {
			t.Errorf("%s: IsError %v (-want +got):\n%s", args, res.IsError, d)
		}
	}
	if res := callRaw(t, c, "lit", `{}`); res.IsError {
		t.Fatalf("no arguments refused: %s", texts(res))
	}
	if _, got := rec.get(); got.Genre != nil || got.Two != nil || got.Kind == nil || *got.Kind != litPoetry {
		t.Errorf("omitted: genre %v, two %v, kind %v", got.Genre, got.Two, got.Kind)
	}
	_, _ = litFiction, litNonFiction
}
