package sdk_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/big"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/invopop/jsonschema"
	lib "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdktest"
)

// Issue 33, item 1: types with a JSON form of their own. A
// TextMarshaler is a string (with a format where the type is known),
// decoded through UnmarshalText; *big.Int is an integer; url.URL is a
// URI; a JSONSchema method gives the schema; a json.Marshaler with
// neither is refused when the tool is declared.

// hexColor gives its own schema (pointer receiver) and JSON form.
type hexColor struct{ R, G, B uint8 }

func (*hexColor) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "string", Pattern: "^#[0-9a-f]{6}$"}
}

func (c hexColor) MarshalJSON() ([]byte, error) {
	return json.Marshal(fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B))
}

func (c *hexColor) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	_, err := fmt.Sscanf(s, "#%02x%02x%02x", &c.R, &c.G, &c.B)
	return err
}

// shade is a TextMarshaler declared here: a string, its errors Pydantic's
// value_error with UnmarshalText's reason.
type shade int

func (s shade) MarshalText() ([]byte, error) { return []byte(strings.Repeat("*", int(s))), nil }

func (s *shade) UnmarshalText(b []byte) error {
	if strings.Trim(string(b), "*") != "" {
		return fmt.Errorf("a shade is stars, not %q", b)
	}
	*s = shade(len(b))
	return nil
}

type ownFormArgs struct {
	ID    uuid.UUID          `json:"id"`
	Addr  netip.Addr         `json:"addr"`
	Net   netip.Prefix       `json:"net"`
	Big   *big.Int           `json:"big"`
	Home  url.URL            `json:"home"`
	Link  *url.URL           `json:"link,omitempty"`
	Level slog.Level         `json:"level"`
	Shade shade              `json:"shade"`
	Color hexColor           `json:"color"`
	IDs   []uuid.UUID        `json:"ids,omitempty"`
	Hosts map[string]url.URL `json:"hosts,omitempty"`
}

const ownFormInput = `{"type":"object","properties":{` +
	`"id":{"type":"string","format":"uuid"},` +
	`"addr":{"type":"string"},` +
	`"net":{"type":"string"},` +
	`"big":{"anyOf":[{"type":"integer"},{"type":"null"}]},` +
	`"home":{"type":"string","format":"uri"},` +
	`"link":{"anyOf":[{"type":"string","format":"uri"},{"type":"null"}]},` +
	`"level":{"type":"string"},` +
	`"shade":{"type":"string"},` +
	`"color":{"type":"string","pattern":"^#[0-9a-f]{6}$"},` +
	`"ids":{"type":"array","items":{"type":"string","format":"uuid"}},` +
	`"hosts":{"type":"object","additionalProperties":{"type":"string","format":"uri"}}` +
	`},"required":["id","addr","net","home","level","shade","color"]}`

func echoOwnForm(_ context.Context, in ownFormArgs) (ownFormArgs, error) { return in, nil }

func TestOwnJSONFormRoundTrip(t *testing.T) {
	def, err := sdk.NewTool(echoOwnForm, quiet("own"))
	if err != nil {
		t.Fatal(err)
	}
	s := sdk.NewServer("own", nil)
	s.AddTool(def)
	info := def.Info()
	var in map[string]any
	if err := json.Unmarshal(info.InputSchema, &in); err != nil {
		t.Fatal(err)
	}
	delete(in, "$schema")
	delete(in, "additionalProperties")
	if d := jsonDiff(t, []byte(ownFormInput), toJSON(t, in)); d != "" {
		t.Errorf("input schema (-want +got):\n%s", d)
	}
	args := `{"id":"0b1c8d2e-1111-2222-3333-444455556666","addr":"fe80::1%eth0","net":"10.1.2.0/24",` +
		`"big":123456789012345678901234567890,"home":"https://ann:pw@example.com/a%20b?q=1#f",` +
		`"link":"mailto:ann@example.com","level":"warn+1","shade":"***","color":"#0a0b0c",` +
		`"ids":["urn:uuid:00000000-0000-0000-0000-000000000001"],"hosts":{"x":"http://x.example/"}}`
	sdktest.ForEachEra(t, s, nil, func(t *testing.T, c *sdk.Client) {
		res := callRaw(t, c, "own", args)
		if res.IsError {
			t.Fatalf("refused: %s", texts(res))
		}
		want := `{"id":"0b1c8d2e-1111-2222-3333-444455556666","addr":"fe80::1%eth0","net":"10.1.2.0/24",` +
			`"big":123456789012345678901234567890,"home":"https://ann:pw@example.com/a%20b?q=1#f",` +
			`"link":"mailto:ann@example.com","level":"WARN+1","shade":"***","color":"#0a0b0c",` +
			`"ids":["00000000-0000-0000-0000-000000000001"],"hosts":{"x":"http://x.example/"}}`
		if d := jsonDiff(t, []byte(want), res.StructuredContent); d != "" {
			t.Errorf("structured content (-want +got):\n%s", d)
		}
		checkWithLibrary(t, info.OutputSchema, res.StructuredContent)
		checkWithLibrary(t, info.InputSchema, []byte(want)) // (the urn: form is lax: Pydantic reads it, the format does not)
	})
}

// The handler gets the decoded Go values.
func TestOwnJSONFormDecoded(t *testing.T) {
	rec := &recorder[ownFormArgs]{}
	s := sdk.NewServer("own", nil)
	sdk.Tool(s, rec.handler, quiet("own"))
	c := legacyClient(t, s, nil)
	res := callRaw(t, c, "own", `{"id":"{0B1C8D2E-1111-2222-3333-444455556666}","addr":"1.2.3.4","net":"::/0",`+
		`"big":"-42","home":"postgres://u:p@db:5432/x","link":null,"level":"DEBUG","shade":"","color":"#ffffff",`+
		`"hosts":{"a":"https://a.example"}}`)
	if res.IsError {
		t.Fatalf("refused: %s", texts(res))
	}
	_, got := rec.get()
	if got.ID != uuid.MustParse("0b1c8d2e-1111-2222-3333-444455556666") || got.Addr != netip.MustParseAddr("1.2.3.4") ||
		got.Net != netip.MustParsePrefix("::/0") || got.Big == nil || got.Big.Int64() != -42 || got.Link != nil ||
		got.Level != slog.LevelDebug || got.Shade != 0 || got.Color != (hexColor{255, 255, 255}) {
		t.Errorf("handler got %+v", got)
	}
	if got.Home.Scheme != "postgres" || got.Home.User.String() != "u:p" || got.Home.Host != "db:5432" || got.Home.Path != "/x" {
		t.Errorf("home = %#v", got.Home)
	}
	if h := got.Hosts["a"]; h.String() != "https://a.example" {
		t.Errorf("hosts = %v", got.Hosts)
	}
}

// Wrong input is worded as Pydantic 2.13 words UUID, IPvAnyAddress,
// IPvAnyNetwork and AnyUrl, and a custom type's error as a ValueError,
// each with its path, all in one list.
func TestOwnJSONFormViolations(t *testing.T) {
	s := sdk.NewServer("own", nil)
	sdk.Tool(s, (&recorder[ownFormArgs]{}).handler, quiet("own"))
	c := legacyClient(t, s, nil)
	res := callRaw(t, c, "own", `{"id":"x","addr":"1.2.3","net":"10.0.0.0/33","big":"ten","home":"no scheme",`+
		`"level":"loud","shade":"**","color":"red","ids":["0b1c"]}`)
	want := "Error executing tool own: 7 validation errors for own\n" +
		"id\n  Input should be a valid UUID, invalid character: found `x` at 1 [type=uuid_parsing, input_value='x', input_type=str]\n" +
		"addr\n  value is not a valid IPv4 or IPv6 address [type=ip_any_address, input_value='1.2.3', input_type=str]\n" +
		"net\n  value is not a valid IPv4 or IPv6 network [type=ip_any_network, input_value='10.0.0.0/33', input_type=str]\n" +
		"big\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='ten', input_type=str]\n" +
		"home\n  Input should be a valid URL, relative URL without a base [type=url_parsing, input_value='no scheme', input_type=str]\n" +
		"color\n  String should match pattern '^#[0-9a-f]{6}$' [type=string_pattern_mismatch, input_value='red', input_type=str]\n" +
		"ids.0\n  Input should be a valid UUID, invalid length: expected length 32 for simple format, found 4 [type=uuid_parsing, input_value='0b1c', input_type=str]"
	if d := textDiff(want, texts(res)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	// A TextUnmarshaler the sdk does not know: its own reason, as a
	// ValueError raised by a validator reads.
	res = callRaw(t, c, "own", `{"id":"0b1c8d2e-1111-2222-3333-444455556666","addr":"::1","net":"::/0","home":"http://a",`+
		`"level":"loud","shade":"**+","color":"#000000"}`)
	want = "Error executing tool own: 2 validation errors for own\n" +
		"level\n  Value error, slog: level string \"loud\": unknown name [type=value_error, input_value='loud', input_type=str]\n" +
		"shade\n  Value error, a shade is stars, not \"**+\" [type=value_error, input_value='**+', input_type=str]"
	if d := textDiff(want, texts(res)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// opaqueID writes its own JSON and says nothing of its shape.
type opaqueID struct{ n int }

func (o opaqueID) MarshalJSON() ([]byte, error) { return json.Marshal(o.n) }

type opaqueArgs struct {
	Note struct {
		Owner opaqueID `json:"owner"`
	} `json:"note"`
}

func TestJSONMarshalerWithoutSchemaIsRefused(t *testing.T) {
	_, err := sdk.NewTool(func(context.Context, opaqueArgs) (string, error) { return "", nil }, quiet("opaque"))
	want := "sdk: tool opaque: input schema: note.owner (sdk_test.opaqueArgs.Note.Owner): sdk_test.opaqueID has a MarshalJSON method but no JSONSchema method: " +
		"add `func (opaqueID) JSONSchema() *jsonschema.Schema` (github.com/invopop/jsonschema) saying what its JSON is, or a MarshalText method to make it a string"
	if err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
	_, err = sdk.NewTool(func(context.Context, struct{}) (opaqueArgs, error) { return opaqueArgs{}, nil }, quiet("opaque"))
	if err == nil || !strings.Contains(err.Error(), "output schema: note.owner (sdk_test.opaqueArgs.Note.Owner): sdk_test.opaqueID has a MarshalJSON method but no JSONSchema method") {
		t.Errorf("output: err = %v", err)
	}
}

// checkWithLibrary validates data against schema with the reference
// validator, formats asserted.
func checkWithLibrary(t *testing.T, schema, data []byte) {
	t.Helper()
	doc, err := lib.UnmarshalJSON(strings.NewReader(string(schema)))
	if err != nil {
		t.Fatal(err)
	}
	c := lib.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("s.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("s.json")
	if err != nil {
		t.Fatal(err)
	}
	v, err := lib.UnmarshalJSON(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("%s against %s: %v", data, schema, err)
	}
}

// An elicitation form reads such types too: a string, with the format the
// restricted schema allows (uri, date-time), decoded as an argument is.
type visitForm struct {
	Ticket uuid.UUID  `json:"ticket"`
	Site   url.URL    `json:"site"`
	From   netip.Addr `json:"from,omitempty"`
}

func TestElicitFormWithOwnJSONForms(t *testing.T) {
	s := sdk.NewServer("visit", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		v, _, err := sdk.Elicit[visitForm](ctx, "Where to?")
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%s %s %s %v", v.Ticket, v.Site.User.Username(), v.Site.Host, v.From), nil
	}, quiet("visit"))
	var schema json.RawMessage
	answer := `{"ticket":"0b1c8d2e-1111-2222-3333-444455556666","site":"https://ann@example.com/","from":"::1"}`
	c := legacyClient(t, s, &sdk.ClientOptions{OnElicit: func(_ context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
		schema = p.RequestedSchema
		return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: json.RawMessage(answer)}, nil
	}})
	res := callRaw(t, c, "visit", `{}`)
	if got := texts(res); res.IsError || got != "0b1c8d2e-1111-2222-3333-444455556666 ann example.com ::1" {
		t.Errorf("result %q (isError %v)", got, res.IsError)
	}
	want := `{"type":"object","properties":{"ticket":{"type":"string"},"site":{"type":"string","format":"uri"},"from":{"type":"string"}},"required":["ticket","site"]}`
	if d := jsonDiff(t, []byte(want), schema); d != "" {
		t.Errorf("requestedSchema (-want +got):\n%s", d)
	}
	answer = `{"ticket":"x","site":"https://a/","from":"1.2.3"}`
	got := texts(callRaw(t, c, "visit", `{}`))
	for _, w := range []string{"ticket\n  Input should be a valid UUID, invalid character: found `x` at 1", "from\n  value is not a valid IPv4 or IPv6 address"} {
		if !strings.Contains(got, w) {
			t.Errorf("result %q lacks %q", got, w)
		}
	}
}

// A value whose JSON methods have pointer receivers (big.Int's) is
// written by them in a result too, not as its fields.
type tally struct {
	Count big.Int   `json:"count"`
	Steps []big.Int `json:"steps"`
	Home  url.URL   `json:"home"`
}

func TestResultOfPointerMarshalers(t *testing.T) {
	s := sdk.NewServer("tally", nil)
	sdk.Tool(s, func(context.Context, struct{}) (tally, error) {
		var r tally
		r.Count.SetString("123456789012345678901234567890", 10)
		r.Steps = []big.Int{*big.NewInt(1)}
		r.Home = url.URL{Scheme: "https", Host: "example.com"}
		return r, nil
	}, quiet("tally"))
	c := legacyClient(t, s, nil)
	res := callRaw(t, c, "tally", `{}`)
	if d := jsonDiff(t, []byte(`{"count":123456789012345678901234567890,"steps":[1],"home":"https://example.com"}`), res.StructuredContent); res.IsError || d != "" {
		t.Errorf("isError %v %s (-want +got):\n%s", res.IsError, texts(res), d)
	}
}

// Prompt arguments and template variables read such types as tool
// arguments do.
type noteRef struct {
	ID   uuid.UUID  `json:"id"`
	Host netip.Addr `json:"host,omitempty"`
}

func TestPromptAndTemplateArgumentsWithOwnJSONForms(t *testing.T) {
	s := sdk.NewServer("notes", nil)
	sdk.Prompt(s, func(_ context.Context, in noteRef) (string, error) {
		return "note " + in.ID.String() + " on " + in.Host.String(), nil
	}, &sdk.PromptOptions{Name: "note", Description: "d"})
	sdk.ResourceTemplate(s, "notes://{id}", func(_ context.Context, in noteRef) (string, error) {
		return "note " + in.ID.String(), nil
	}, &sdk.ResourceOptions{Name: "note", Description: "d"})
	c := legacyClient(t, s, nil)
	p, err := c.GetPrompt(testCtx(t), "note", map[string]string{"id": "0B1C8D2E111122223333444455556666", "host": "::1"})
	if err != nil || len(p.Messages) != 1 || p.Messages[0].Content.Text != "note 0b1c8d2e-1111-2222-3333-444455556666 on ::1" {
		t.Errorf("GetPrompt = %+v, %v", p, err)
	}
	if _, err := c.GetPrompt(testCtx(t), "note", map[string]string{"id": "x"}); err == nil ||
		!strings.Contains(err.Error(), "Input should be a valid UUID, invalid character: found `x` at 1") {
		t.Errorf("GetPrompt(id=x) err = %v", err)
	}
	r, err := c.ReadResource(testCtx(t), "notes://0b1c8d2e-1111-2222-3333-444455556666")
	if err != nil || len(r.Contents) != 1 || r.Contents[0].Text != "note 0b1c8d2e-1111-2222-3333-444455556666" {
		t.Errorf("ReadResource = %+v, %v", r, err)
	}
}
