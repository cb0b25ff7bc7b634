package infer

import (
	"encoding/json"
	"math/big"
	"net"
	"net/netip"
	"net/url"
	"reflect"
	"time"

	"github.com/invopop/jsonschema"
)

// Types with a JSON form of their own (issue 33): what encoding/json
// writes for them is not what their fields would say, so their schema is
// not their fields'. In order:
//
//   - a JSONSchema method (invopop's convention, value or pointer
//     receiver) gives the schema;
//   - a type the SDK knows has its known form: uuid, addresses, url.URL,
//     *big.Int (an integer), time.Time;
//   - an encoding.TextMarshaler is a string, decoded through
//     UnmarshalText;
//   - a json.Marshaler with neither is refused at registration (see
//     ownFormError): its JSON could be anything.

var (
	marshalerType  = reflect.TypeFor[json.Marshaler]()
	rawMessageType = reflect.TypeFor[json.RawMessage]()
	bigIntType     = reflect.TypeFor[big.Int]()
	URLType        = reflect.TypeFor[url.URL]()
)

// Formats the SDK validates against and never publishes (JSON Schema has
// none for them): Pydantic's own names, worded as Pydantic words
// IPvAnyAddress and IPvAnyNetwork.
const (
	formatAnyAddress = "ipvanyaddress"
	formatAnyNetwork = "ipvanynetwork"
)

// knownForm is the schema of a type the SDK knows; check is the format
// the SDK validates it by where the published schema has none.
type knownForm struct {
	typ, format, check string
}

var knownForms = map[reflect.Type]knownForm{
	reflect.TypeFor[time.Time]():    {"string", "date-time", ""},
	reflect.TypeFor[netip.Addr]():   {"string", "", formatAnyAddress},
	reflect.TypeFor[netip.Prefix](): {"string", "", formatAnyNetwork},
	reflect.TypeFor[net.IP]():       {"string", "", formatAnyAddress},
	URLType:                         {"string", "uri", ""},
	bigIntType:                      {"integer", "", ""}, // MarshalJSON writes a number
}

// uuidPackages are the packages whose UUID type is a uuid string, known
// by name: the SDK does not depend on them.
var uuidPackages = map[string]bool{
	"github.com/google/uuid":    true,
	"github.com/gofrs/uuid":     true,
	"github.com/gofrs/uuid/v5":  true,
	"github.com/satori/go.uuid": true,
}

func knownFormOf(t reflect.Type) (knownForm, bool) {
	if f, ok := knownForms[t]; ok {
		return f, true
	}
	if t.Name() == "UUID" && uuidPackages[t.PkgPath()] {
		return knownForm{"string", "uuid", ""}, true
	}
	return knownForm{}, false
}

// OwnSchema is the reflector's Mapper: the schema of a type with a JSON
// form of its own, nil for any other. validation adds the formats the
// SDK checks and does not publish.
func OwnSchema(t reflect.Type, validation bool) *jsonschema.Schema {
	if s := methodSchema(t); s != nil {
		return s
	}
	if f, ok := knownFormOf(t); ok {
		s := &jsonschema.Schema{Type: f.typ, Format: f.format}
		if validation && f.check != "" {
			s.Format = f.check
		}
		return s
	}
	if isTextType(t) {
		return &jsonschema.Schema{Type: "string"}
	}
	return nil
}

// methodSchema calls t's JSONSchema method, on a value or a pointer.
func methodSchema(t reflect.Type) *jsonschema.Schema {
	switch {
	case t.Implements(jsonSchemaMethodType):
		return reflect.Zero(t).Interface().(interface{ JSONSchema() *jsonschema.Schema }).JSONSchema()
	case t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(jsonSchemaMethodType):
		return reflect.New(t).Interface().(interface{ JSONSchema() *jsonschema.Schema }).JSONSchema()
	}
	return nil
}

// isTextType reports a type encoding/json writes through MarshalText.
func isTextType(t reflect.Type) bool {
	return implementsEither(t, textMarshalerType)
}

func implementsEither(t, iface reflect.Type) bool {
	return t.Implements(iface) || t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(iface)
}

// HasOwnForm reports a type whose schema is not its fields' (nothing
// inside it is looked at).
func HasOwnForm(t reflect.Type) bool {
	if _, ok := knownFormOf(t); ok {
		return true
	}
	return implementsEither(t, jsonSchemaMethodType) || isTextType(t) || implementsEither(t, marshalerType)
}

// jsonOnly reports a json.Marshaler that says nothing of its JSON: no
// JSONSchema method, no text form, not a type the SDK knows.
func jsonOnly(t reflect.Type) bool {
	if t == rawMessageType || !implementsEither(t, marshalerType) {
		return false
	}
	_, known := knownFormOf(t)
	return !known && !implementsEither(t, jsonSchemaMethodType) && !isTextType(t)
}

// jsonOnlyWhy is the registration error's reason for a jsonOnly type.
func jsonOnlyWhy(t reflect.Type) string {
	name := t.Name()
	if name == "" {
		name = t.String()
	}
	return " has a MarshalJSON method but no JSONSchema method: add `func (" + name +
		") JSONSchema() *jsonschema.Schema` (github.com/invopop/jsonschema) saying what its JSON is, or a MarshalText method to make it a string"
}
