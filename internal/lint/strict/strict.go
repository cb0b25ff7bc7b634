// Package strict is lint's full JSON Schema checker: schemas are compiled
// by internal/schema/compile (santhosh-tekuri/jsonschema), which checks
// them against their dialect's metaschema (2020-12 unless $schema says
// otherwise). It is the mcpdev command's; sdk/sdktest keeps the sdk's own
// validator (lint.SDKChecker) so that no test binary of a server links the
// compiler.
package strict

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpdev/mcpdev/internal/schema/compile"
)

// Checker implements lint.Checker with the metaschema.
type Checker struct{}

// CheckSchema compiles the schema: an error for one its metaschema
// refuses; nil for a valid one, and for one that refers to another
// document (never fetched, so not checked). A simple schema is answered
// without the compiler (certainlyValid).
func (Checker) CheckSchema(raw json.RawMessage) error {
	if certainlyValid(raw) {
		return nil
	}
	_, err := compile.Schema(raw)
	if err == nil || errors.Is(err, compile.ErrRemoteRef) {
		return nil
	}
	return errors.New(summary(err))
}

// Validate checks value against the schema; a schema that does not
// compile checks nothing (CheckSchema reports it).
func (Checker) Validate(raw, value json.RawMessage) error {
	s, err := compile.Schema(raw)
	if err != nil {
		return nil
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(value))
	if err != nil {
		return err
	}
	if err := s.Validate(v); err != nil {
		return errors.New(summary(err))
	}
	return nil
}

// summary condenses the library's tree of failures to its deepest
// "at '/path': message" line.
func summary(err error) string {
	best, depth := "", -1
	for _, l := range strings.Split(err.Error(), "\n") {
		trimmed := strings.TrimLeft(l, " ")
		if !strings.HasPrefix(trimmed, "- at '") {
			continue
		}
		if d := len(l) - len(trimmed); d > depth {
			best, depth = strings.TrimPrefix(trimmed, "- "), d
		}
	}
	if best == "" {
		first, _, _ := strings.Cut(err.Error(), "\n")
		return first
	}
	return best
}
