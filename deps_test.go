package mcpdev_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The import direction of the module, written down as a test (as Go's own
// go/build/deps_test.go does):
//
//	transport ← sdk ← inspector ← cmd/mcpdev;  forms ← inspector
//	internal/schema ← transport, sdk, forms;  internal/schema/compile ← forms
//	internal/schema/compile ← internal/schema/check ← forms, inspector/{cli,testsession,args}
//	transport/protectedresource ← transport/streamable, transport/oauth
//	sdk/internal/* (urimatch, sniff, tags, infer) ← sdk
//	internal/jsonfast ← transport, sdk, internal/validate;  internal/termtext ← sdk, inspector
//	internal/schema, internal/pydantic, internal/jsonfast ← internal/validate ← sdk
//
// sdk and transport never pull in a TUI library; forms knows nothing of MCP;
// transport never links the JSON Schema compiler, nor (but transport/redisstore)
// a Redis client; internal/schema is stdlib only;
// internal/jsonfast (the JSON fast paths) is stdlib only; transport
// validates no schema, so it links neither internal/validate nor its proof.
func TestImportDirection(t *testing.T) {
	rules := []struct {
		pkg       string
		forbidden []string
	}{
		{"./transport/...", []string{"charm.land/", "github.com/charmbracelet/", "github.com/mcpdev/mcpdev/sdk", "github.com/mcpdev/mcpdev/forms", "github.com/mcpdev/mcpdev/inspector"}},
		{"./sdk/...", []string{"charm.land/", "github.com/charmbracelet/", "github.com/mcpdev/mcpdev/forms", "github.com/mcpdev/mcpdev/inspector"}},
		{"./forms/...", []string{"github.com/mcpdev/mcpdev/sdk", "github.com/mcpdev/mcpdev/transport", "github.com/mcpdev/mcpdev/inspector"}},
		{"./transport/...", []string{"github.com/santhosh-tekuri/", "github.com/mcpdev/mcpdev/internal/schema/compile"}},
		{"./transport/...", []string{"github.com/mcpdev/mcpdev/internal/validate"}},
		// The OAuth client and the Streamable HTTP server share RFC 9728's
		// document through a leaf package: the client links no server.
		{"./transport/oauth", []string{"github.com/mcpdev/mcpdev/transport/streamable"}},
		{"./internal/schema", []string{"github.com/mcpdev/mcpdev/", "github.com/santhosh-tekuri/", "charm.land/", "github.com/charmbracelet/"}},
		{"./internal/schema/compile", []string{"github.com/mcpdev/mcpdev/sdk", "github.com/mcpdev/mcpdev/transport", "github.com/mcpdev/mcpdev/forms", "github.com/mcpdev/mcpdev/inspector", "charm.land/", "github.com/charmbracelet/"}},
		// sdk shows server text through internal/termtext: it stays stdlib only.
		{"./internal/termtext", []string{"github.com/", "charm.land/", "golang.org/"}},
		{"./examples/...", []string{"charm.land/", "github.com/charmbracelet/", "github.com/mcpdev/mcpdev/forms", "github.com/mcpdev/mcpdev/inspector"}},
		// Only transport/redisstore links a Redis client: servers without
		// Redis, the sdk and the inspector do not.
		{"./transport", []string{"github.com/redis/"}},
		{"./sdk/...", []string{"github.com/redis/"}},
		{"./cmd/...", []string{"github.com/redis/"}},
		// A server binary never links package testing: the test helpers
		// that need it live in sdk/sdktest, which only tests import.
		{"./sdk", []string{"testing", "github.com/mcpdev/mcpdev/sdk/sdktest"}},
		{"./sdk/sdkhttp", []string{"testing"}},
		{"./transport", []string{"testing"}},
		// internal/lint is imported by sdk/sdktest: no TUI, no schema
		// compiler (internal/lint/strict plugs that in for the command).
		{"./internal/lint", []string{"charm.land/", "github.com/charmbracelet/", "github.com/santhosh-tekuri/", "github.com/mcpdev/mcpdev/internal/schema/compile", "github.com/mcpdev/mcpdev/inspector", "github.com/mcpdev/mcpdev/forms"}},
		// Token counting is shared by the CLI, the TUI and the lint: no TUI library.
		{"./internal/tokens", []string{"charm.land/", "github.com/charmbracelet/", "github.com/mcpdev/mcpdev/inspector"}},
		// The authorization server of internal/realauth's test is a test dependency only.
		{"./...", []string{"github.com/zitadel/", "github.com/go-jose/"}},
	}
	for _, r := range rules {
		t.Run(r.pkg, func(t *testing.T) {
			out, err := exec.Command("go", "list", "-deps", r.pkg).CombinedOutput()
			if err != nil {
				if strings.Contains(string(out), "matched no packages") {
					t.Skipf("no packages yet under %s", r.pkg)
				}
				t.Fatalf("go list -deps %s: %v\n%s", r.pkg, err, out)
			}
			self := "github.com/mcpdev/mcpdev/" + strings.TrimPrefix(r.pkg, "./")
			for _, dep := range strings.Fields(string(out)) {
				if dep == self {
					continue // a package is its own dep, not a forbidden import
				}
				for _, bad := range r.forbidden {
					if strings.HasPrefix(dep, bad) {
						t.Errorf("%s imports %s (forbidden prefix %s)", r.pkg, dep, bad)
					}
				}
			}
		})
	}
}

// The low layers below transport and sdk import the standard library and
// the few packages of the module listed here: nothing else of the module
// and no third-party package. internal/jsonfast, the JSON fast paths, is
// stdlib only; internal/validate (the validator and its fast proof) builds
// on jsonfast, the schema walker and the Pydantic wording.
func TestLowLayersImportStdlibAndListedOnly(t *testing.T) {
	const mod = "github.com/mcpdev/mcpdev/"
	layers := map[string][]string{
		"internal/jsonfast": nil,
		// RFC 9728's document, shared by transport/oauth and transport/streamable.
		"transport/protectedresource": nil,
		"internal/validate":           {"internal/jsonfast", "internal/schema", "internal/pydantic"},
	}
	for pkg, uses := range layers {
		allowed := map[string]bool{mod + pkg: true}
		for _, u := range uses {
			allowed[mod+u] = true
		}
		for _, dep := range goListDeps(t, "./"+pkg) {
			first, _, _ := strings.Cut(dep, "/")
			if strings.Contains(first, ".") && !allowed[dep] {
				t.Errorf("%s imports %s", pkg, dep)
			}
		}
	}
}

// The CLI and the test sessions validate arguments through the schema
// layer (internal/schema/check), not through forms, the TUI's package:
// neither imports forms for it, inspector/args checks schemas through it
// too, and the schema layer links no UI, no MCP and no inspector.
// (inspector/args still imports forms for Fields, the wording of a tool's
// arguments in the tools table.)
func TestCLIValidatesThroughSchemaLayer(t *testing.T) {
	const mod = "github.com/mcpdev/mcpdev/"
	for _, pkg := range []string{"./inspector/cli", "./inspector/testsession"} {
		for _, imp := range goListImports(t, pkg) {
			if imp == mod+"forms" {
				t.Errorf("%s imports forms", pkg)
			}
		}
	}
	if !slices.Contains(goListImports(t, "./inspector/args"), mod+"internal/schema/check") {
		t.Errorf("inspector/args does not check schemas through internal/schema/check")
	}
	forbidden := []string{"charm.land/", "github.com/charmbracelet/", mod + "forms", mod + "inspector", mod + "sdk", mod + "transport"}
	for _, dep := range goListDeps(t, "./internal/schema/check") {
		for _, bad := range forbidden {
			if strings.HasPrefix(dep, bad) {
				t.Errorf("internal/schema/check links %s", dep)
			}
		}
	}
}

// sdk's self-contained machinery lives under sdk/internal (URI template
// matching, content sniffing, struct tag checking, schema inference): none of it imports the sdk back, nor
// transport, forms, the inspector or a TUI library.
func TestSDKInternalStandsAlone(t *testing.T) {
	const mod = "github.com/mcpdev/mcpdev/"
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Deps}} {{.}}{{end}}`, "./sdk/internal/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	forbidden := []string{mod + "sdk", mod + "transport", mod + "forms", mod + "inspector", "charm.land/", "github.com/charmbracelet/"}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		deps := strings.Fields(line)
		for _, dep := range deps[1:] {
			if strings.HasPrefix(dep, mod+"sdk/internal/") {
				continue
			}
			for _, bad := range forbidden {
				if dep == bad || strings.HasPrefix(dep, bad+"/") || strings.HasSuffix(bad, "/") && strings.HasPrefix(dep, bad) {
					t.Errorf("%s imports %s", deps[0], dep)
				}
			}
		}
	}
}

// Only tests import internal/testutil: no production package of the
// module (testutil itself aside) has it among its dependencies.
func TestTestutilOnlyInTests(t *testing.T) {
	const testutil = "github.com/mcpdev/mcpdev/internal/testutil"
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Deps}} {{.}}{{end}}`, "./...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		deps := strings.Fields(line)
		if strings.HasPrefix(deps[0], testutil) {
			continue
		}
		for _, dep := range deps[1:] {
			if strings.HasPrefix(dep, testutil) {
				t.Errorf("%s imports %s", deps[0], dep)
			}
		}
	}
}

// inspectorLayers orders the inspector's packages: a package imports only
// packages of lower layers (and never one of its own layer).
var inspectorLayers = [][]string{
	{"inspector"},
	{"inspector/build", "inspector/watch"},
	{"inspector/target", "inspector/args"},
	{"inspector/call", "inspector/state"},
	{"inspector/devloop", "inspector/testsession", "inspector/cli"},
	{"inspector/tui"},
}

// TestInspectorLayers checks the layers of inspectorLayers against the
// imports of the production code (go list -deps), and that the TUI never
// reaches the CLI commands.
func TestInspectorLayers(t *testing.T) {
	const mod = "github.com/mcpdev/mcpdev/"
	for i, layer := range inspectorLayers {
		var above []string
		for _, l := range inspectorLayers[i:] {
			above = append(above, l...)
		}
		for _, pkg := range layer {
			forbidden := map[string]bool{}
			for _, q := range above {
				if q != pkg {
					forbidden[mod+q] = true
				}
			}
			if pkg == "inspector/tui" {
				forbidden[mod+"inspector/cli"] = true
			}
			for _, dep := range goListDeps(t, "./"+pkg) {
				if forbidden[dep] {
					t.Errorf("%s imports %s (a package of its own or a higher layer, or cli from tui)", pkg, dep)
				}
			}
		}
	}
}

func goListDeps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
	}
	return strings.Fields(string(out))
}

// internal/pydantic checks IP addresses with net/netip, not package net:
// the validator's wording links no resolver (net makes a cgo build
// dynamic; invopop/jsonschema still links it for net.IP, issue 19).
func TestPydanticDoesNotImportNet(t *testing.T) {
	for _, dep := range goListDeps(t, "./internal/pydantic") {
		if dep == "net" {
			t.Errorf("internal/pydantic imports net")
		}
	}
}

// The sdk validates with internal/validate: no server binary links the
// santhosh-tekuri/jsonschema library, whose package init compiles the
// metaschemas of every draft (issue 19). Only forms (the inspector's side)
// keeps it, through internal/schema/compile and internal/pydantic/libadapt.
func TestServersDoNotLinkSchemaLibrary(t *testing.T) {
	forbidden := []string{"github.com/santhosh-tekuri/", "github.com/mcpdev/mcpdev/internal/schema/compile",
		"github.com/mcpdev/mcpdev/internal/pydantic/libadapt"}
	for _, pkg := range []string{"./sdk/...", "./transport/...", "./examples/...", "./internal/pydantic", "./internal/validate"} {
		for _, dep := range goListDeps(t, pkg) {
			for _, bad := range forbidden {
				if strings.HasPrefix(dep, bad) {
					t.Errorf("%s links %s", pkg, dep)
				}
			}
		}
	}
}

// A server that serves stdio only (sdk's Server.Run) links neither
// net/http nor crypto/tls (issue 19: their package inits and pages cost
// every spawn); Streamable HTTP is sdk/sdkhttp's and transport/streamable's.
// The tutorial examples are such servers; so are the packages sdk and
// transport themselves.
func TestStdioServersDoNotLinkHTTP(t *testing.T) {
	forbidden := []string{"net/http", "crypto/tls", "crypto/x509", "github.com/mcpdev/mcpdev/transport/streamable",
		"github.com/mcpdev/mcpdev/sdk/sdkhttp"}
	for _, pkg := range []string{"./examples/tutorial/...", "./sdk", "./transport"} {
		for _, dep := range goListDeps(t, pkg) {
			for _, bad := range forbidden {
				if dep == bad || strings.HasPrefix(dep, bad+"/") {
					t.Errorf("%s links %s", pkg, dep)
				}
			}
		}
	}
}

// The benchmarks' floor (sdk/testdata/minimal-responder built with -tags
// floor) links exactly the sdk's real dependencies: every package outside
// the module that the module's packages in a server binary import, and no
// package outside the module that a server binary does not link.
func TestFloorLinksSDKDeps(t *testing.T) {
	const mod = "github.com/mcpdev/mcpdev/"
	server := goListDeps(t, "./examples/tutorial/03-field-constraints")
	inServer := map[string]bool{}
	for _, p := range server {
		inServer[p] = true
	}
	out, err := exec.Command("go", "list", "-tags", "floor", "-deps", "./sdk/testdata/minimal-responder").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	inFloor := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		inFloor[p] = true
		if !strings.HasPrefix(p, mod) && !inServer[p] {
			t.Errorf("the floor links %s, which a server does not", p)
		}
	}
	for _, p := range server {
		if !strings.HasPrefix(p, mod) {
			continue
		}
		for _, imp := range goListImports(t, p) {
			if !strings.HasPrefix(imp, mod) && !inFloor[imp] {
				t.Errorf("%s imports %s, which the floor does not link", p, imp)
			}
		}
	}
}

func goListImports(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", `{{join .Imports " "}}`, pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", pkg, err, out)
	}
	return strings.Fields(string(out))
}
