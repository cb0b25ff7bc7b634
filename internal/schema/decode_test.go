package schema

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestDecodeOrderedKeepsSourceOrder(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string // keys of the top object, in order
	}{
		{"written order", `{"z":1,"a":2,"m":3}`, []string{"z", "a", "m"}},
		{"duplicate keeps first place", `{"b":1,"a":2,"b":3}`, []string{"b", "a"}},
		{"empty", `{}`, nil},
		{"escaped key", `{"a\/b":1,"\u00e9":2}`, []string{"a/b", "é"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := DecodeOrdered([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if diff := diff(tt.want, v.(*Object).Keys()); diff != "" {
				t.Errorf("keys (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDecodeOrderedDuplicateLastWins(t *testing.T) {
	v, err := DecodeOrdered([]byte(`{"b":1,"a":2,"b":{"c":[3]}}`))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := v.(*Object).Get("b")
	want := &Object{}
	want.Set("c", []any{3.0})
	if diff := diff(Plain(want), Plain(got)); diff != "" {
		t.Errorf("b (-want +got):\n%s", diff)
	}
}

func TestDecodeOrderedNumbersKeepsText(t *testing.T) {
	v, err := DecodeOrderedNumbers([]byte(`[1e400, 2.50]`))
	if err != nil {
		t.Fatal(err)
	}
	want := []any{json.Number("1e400"), json.Number("2.50")}
	if diff := diff(want, v); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if _, err := DecodeOrdered([]byte(`1e400`)); err == nil {
		t.Error("DecodeOrdered(1e400): no error; encoding/json refuses it as a float64")
	}
}

func TestObjectMarshalsInOrder(t *testing.T) {
	o := &Object{}
	o.Set("z", "<b>")
	o.Set("a", []any{1.0, nil})
	o.Set("z", true)
	inner := &Object{}
	inner.Set("y", 1)
	inner.Set("x", 2)
	o.Set("o", inner)
	got, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"z":true,"a":[1,null],"o":{"y":1,"x":2}}`
	if string(got) != want {
		t.Errorf("Marshal = %s, want %s", got, want)
	}
}

func TestAt(t *testing.T) {
	doc, err := DecodeOrdered([]byte(`{"properties":{"a/b":{"format":"date"},"m~n":[10,{"k":"v"}]},"":{"e":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		ptr  string
		want any
	}{
		{"/properties/a~1b/format", "date"},
		{"/properties/m~0n/0", 10.0},
		{"/properties/m~0n/1/k", "v"},
		{"//e", 1.0},
		{"/properties/m~0n/2", nil},
		{"/properties/m~0n/01", nil},
		{"/properties/m~0n/-1", nil},
		{"/missing/x", nil},
		{"properties", nil},
	}
	for _, tt := range tests {
		if got := At(doc, tt.ptr); !reflect.DeepEqual(tt.want, got) {
			t.Errorf("At(%q) = %#v, want %#v", tt.ptr, got, tt.want)
		}
	}
	if got := At(doc, ""); got != doc {
		t.Errorf("At(\"\") is not the root")
	}
	plain := Plain(doc)
	if got := At(plain, "/properties/a~1b/format"); got != "date" {
		t.Errorf("At on plain maps = %#v, want date", got)
	}
}

// FuzzDecodeOrdered checks DecodeOrdered against encoding/json: the same
// values (duplicate keys: last wins), an error exactly when encoding/json
// errors, and every object's keys in source order.
func FuzzDecodeOrdered(f *testing.F) {
	for _, s := range []string{`{"b":1,"a":[true,null,"x"],"b":2}`, `[]`, `"\ud800"`, `1e400`, `{"a":{"a":{}}} x`, ``, `{"\u0000":0.5e-3}`, "\xff"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var want any
		wantErr := json.Unmarshal(data, &want)
		got, err := DecodeOrdered(data)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("DecodeOrdered(%q) error %v, encoding/json error %v", data, err, wantErr)
		}
		if err != nil {
			return
		}
		if !reflect.DeepEqual(want, Plain(got)) {
			t.Fatalf("DecodeOrdered(%q) = %#v, encoding/json %#v", data, Plain(got), want)
		}
		checkOrder(t, data, got)
	})
}

// checkOrder compares the keys of the top-level object with the order a
// token scan of data sees them first.
func checkOrder(t *testing.T, data []byte, v any) {
	o, ok := v.(*Object)
	if !ok {
		return
	}
	var raw map[string]json.RawMessage
	if json.Unmarshal(data, &raw) != nil {
		t.Fatal("top-level object does not decode as one")
	}
	if o.Len() != len(raw) {
		t.Fatalf("%d keys, encoding/json has %d", o.Len(), len(raw))
	}
	first := firstKeys(t, data)
	if diff := diff(first, o.Keys()); diff != "" {
		t.Fatalf("key order (-source +got):\n%s", diff)
	}
}
