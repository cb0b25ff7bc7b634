package forms

import (
	"encoding/json"
	"strings"
	"testing"
)

// everythingTools reads the inputSchema of every tool in the
// server-everything tools/list fixture.
func everythingTools(t testing.TB) map[string][]byte {
	t.Helper()
	var list struct {
		Tools []struct {
			Name        string          `json:"name"`
			InputSchema json.RawMessage `json:"inputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(readTestdata(t, "server-everything-tools.json"), &list); err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, tool := range list.Tools {
		out[tool.Name] = tool.InputSchema
	}
	return out
}

// Every real schema builds a form whose untouched value is JSON the
// validator judges exactly as the form does, and whose only problems are
// required fields nobody filled in yet.
func TestRealSchemas(t *testing.T) {
	tools := everythingTools(t)
	if len(tools) < 10 {
		t.Fatalf("fixture has %d tools", len(tools))
	}
	for name, schema := range tools {
		t.Run(name, func(t *testing.T) {
			f, err := New(schema, nil)
			if err != nil {
				t.Fatal(err)
			}
			args, err := f.Value()
			if err != nil {
				t.Fatal(err)
			}
			probs, err := Validate(schema, args)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range probs {
				if p.Message != "Field required" {
					t.Errorf("default args %s: unexpected problem %v", args, p)
				}
			}
			if _, err := Fields(schema); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestRealSchemaDefaults(t *testing.T) {
	tools := everythingTools(t)
	tests := []struct{ tool, want string }{
		{"echo", `{"message":""}`},
		{"get-env", `{}`},
		{"get-resource-links", `{"count":3}`},
		{"get-resource-reference", `{"resourceType":"Text","resourceId":1}`},
		{"gzip-file-as-resource", `{"name":"README.md.gz","data":"https://raw.githubusercontent.com/modelcontextprotocol/servers/refs/heads/main/README.md","outputType":"resourceLink"}`},
		{"trigger-long-running-operation", `{"duration":10,"steps":5}`},
		{"get-annotated-message", `{"includeImage":false}`},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			f := mustNew(t, string(tools[tt.tool]), nil)
			got, err := f.Value()
			if err != nil || string(got) != tt.want {
				t.Errorf("Value() = %s, %v; want %s", got, err, tt.want)
			}
		})
	}
}

func TestRealSchemaFill(t *testing.T) {
	tools := everythingTools(t)
	f := mustNew(t, string(tools["get-sum"]), nil)
	s := submitted(t, press(f, "type:2", "tab", "type:3.5", "enter"))
	if string(s.Args) != `{"a":2,"b":3.5}` || len(s.Problems) != 0 {
		t.Errorf("get-sum: %s %v", s.Args, s.Problems)
	}
	f = mustNew(t, string(tools["get-structured-content"]), nil)
	s = submitted(t, press(f, "right", "right", "enter"))
	if string(s.Args) != `{"location":"Chicago"}` {
		t.Errorf("get-structured-content: %s %v", s.Args, s.Problems)
	}
	if !strings.Contains(plainView(f), "location") {
		t.Error("view lost the field")
	}
}
