package sdkhttp_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

// `go doc sdkhttp.Options` shows the alias's own doc comment only: it
// lists every field of the struct (and says what it defaults to), so that
// a user need not follow the alias to another package.
func TestOptionsDocListsEveryField(t *testing.T) {
	p := testutil.PackageDoc(t, ".", "github.com/mcpdev/mcpdev/sdk/sdkhttp")
	var text string
	for _, ty := range p.Types {
		if ty.Name == "Options" {
			text = ty.Doc
		}
	}
	for f := range reflect.TypeFor[sdkhttp.Options]().Fields() {
		if !strings.Contains(text, "  - "+f.Name+":") {
			t.Errorf("Options' doc has no item for the field %s (a line \"  - %s: …\"):\n%s", f.Name, f.Name, text)
		}
	}
}
