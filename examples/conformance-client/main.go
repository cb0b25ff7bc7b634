// Command conformance-client is an MCP client written with sdk the way a
// user would write one, for the client scenarios of the official
// conformance suite (@modelcontextprotocol/conformance). The suite starts
// a mock server per scenario and runs
//
//	MCP_CONFORMANCE_SCENARIO=<scenario> conformance-client <server-url>
//
// (MCP_CONFORMANCE_PROTOCOL_VERSION names the revision it speaks,
// MCP_CONFORMANCE_CONTEXT carries extra JSON). CI drives it with
// .ci/checks/conformance-client.sh. The exit status is 0 when the
// scenario's steps ran; the suite judges what it saw on the wire.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport/oauth"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// errUsage is returned when the scenario or the server URL is missing.
var errUsage = errors.New("usage: MCP_CONFORMANCE_SCENARIO=<scenario> conformance-client <server-url>")

// errUnknownScenario is returned for a scenario this client has no steps for.
var errUnknownScenario = errors.New("unknown scenario")

// scenario is what the client does against the suite's mock server.
type scenario func(ctx context.Context, s *session) error

// session is a connected client and the scenario's context.
type session struct {
	c *sdk.Client
	// toolArgs holds the arguments the context gives for some tools
	// (json.RawMessage values, so that a null stays null).
	toolArgs map[string]map[string]json.RawMessage
}

// scenarioContext is the part of MCP_CONFORMANCE_CONTEXT this client reads.
type scenarioContext struct {
	ToolCalls []struct {
		Name      string                     `json:"name"`
		Arguments map[string]json.RawMessage `json:"arguments"`
	} `json:"toolCalls"`
}

// parseContext reads the tool arguments from MCP_CONFORMANCE_CONTEXT (an
// empty value is no context).
func parseContext(raw string) (map[string]map[string]json.RawMessage, error) {
	args := map[string]map[string]json.RawMessage{}
	if raw == "" {
		return args, nil
	}
	var sc scenarioContext
	if err := json.Unmarshal([]byte(raw), &sc); err != nil {
		return nil, fmt.Errorf("MCP_CONFORMANCE_CONTEXT: %w", err)
	}
	for _, tc := range sc.ToolCalls {
		args[tc.Name] = tc.Arguments
	}
	return args, nil
}

// scenarios maps each scenario name to its steps.
var scenarios = map[string]scenario{
	"initialize":                       listTools,
	"tools_call":                       callEveryTool,
	"sse-retry":                        callEveryTool,
	"request-metadata":                 listTools,
	"json-schema-ref-no-deref":         listTools,
	"json-schema-2020-12-preservation": echoSchema,
	"http-standard-headers":            exerciseAll,
	"http-custom-headers":              callEveryTool,
	"http-invalid-tool-headers":        callEveryTool,
	// The server asks back: the elicitation hook accepts, and the sdk
	// fills in the schema's defaults (SEP-1034) and drives the
	// InputRequiredResult rounds (SEP-2322).
	"elicitation-sep1034-client-defaults": callEveryTool,
	"sep-2322-client-request-state":       callEveryTool,
}

// authScenarios are the auth/* scenarios of both suites: every one lists
// the tools and calls each (the sign-in happens on the first 401).
var authScenarios = []string{
	"metadata-default", "metadata-var1", "metadata-var2", "metadata-var3", "basic-cimd",
	"scope-from-www-authenticate", "scope-from-scopes-supported", "scope-omitted-when-undefined",
	"scope-step-up", "scope-retry-limit", "token-endpoint-auth-basic", "token-endpoint-auth-post",
	"token-endpoint-auth-none", "pre-registration", "2025-03-26-oauth-metadata-backcompat",
	"2025-03-26-oauth-endpoint-fallback", "resource-mismatch", "offline-access-scope",
	"offline-access-not-supported", "authorization-server-migration", "iss-supported",
	"iss-not-advertised", "iss-supported-missing", "iss-wrong-issuer", "iss-unexpected",
	"iss-normalized", "metadata-issuer-mismatch", "client-credentials-jwt", "client-credentials-basic",
}

func init() {
	for _, s := range authScenarios {
		scenarios["auth/"+s] = callEveryTool
	}
}

func main() {
	if err := run(os.Args[1:], os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, "conformance-client:", err)
		os.Exit(1)
	}
}

// run connects to the server (the last argument) and runs the scenario
// named in the environment.
func run(args []string, getenv func(string) string) error {
	name := getenv("MCP_CONFORMANCE_SCENARIO")
	if name == "" || len(args) == 0 {
		return errUsage
	}
	steps, ok := scenarios[name]
	if !ok {
		return fmt.Errorf("%w %q (known: %s)", errUnknownScenario, name, strings.Join(known(), ", "))
	}
	toolArgs, err := parseContext(getenv("MCP_CONFORMANCE_CONTEXT"))
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 25*time.Second)
	defer cancel()
	auth, err := authOptions(name, getenv("MCP_CONFORMANCE_CONTEXT"))
	if err != nil {
		return err
	}
	conn := streamable.NewClient(args[len(args)-1], &streamable.ClientOptions{
		HTTPClient: oauth.NewTransport(auth).Client(),
	})
	c, err := sdk.Connect(ctx, conn, &sdk.ClientOptions{
		Name:            "mcpdev-conformance-client",
		Version:         "1.0.0",
		ProtocolVersion: getenv("MCP_CONFORMANCE_PROTOCOL_VERSION"),
		OnElicit:        acceptForm,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	return steps(ctx, &session{c: c, toolArgs: toolArgs})
}

// known lists the scenario names, sorted.
func known() []string {
	names := make([]string, 0, len(scenarios))
	for n := range scenarios {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// acceptForm accepts every form as it is: the sdk client fills in the
// fields' defaults.
func acceptForm(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error) {
	return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: json.RawMessage(`{}`)}, nil
}
