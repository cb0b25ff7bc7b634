package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// firstKeys returns the top-level object's keys in the order each first
// appears, by a scan independent of DecodeOrdered: every value is read
// whole as json.RawMessage.
func firstKeys(t *testing.T, data []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
		if k := tok.(string); !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// diff is "" when want and got are deeply equal, else both, -want +got.
func diff(want, got any) string {
	if reflect.DeepEqual(want, got) {
		return ""
	}
	return fmt.Sprintf("-%#v\n+%#v", want, got)
}
