package sdk

import (
	"encoding/json"
	"errors"
	"slices"

	"github.com/mcpdev/mcpdev/transport"
)

// retryVersion picks the version to ask again with after server/discover
// was refused with -32022 (UnsupportedProtocolVersionError): the first
// 2026-era version this SDK speaks among those the error's data
// lists as supported. ok is false when err is no such refusal or there is
// no version in common.
func retryVersion(err error) (version string, ok bool) {
	var te *transport.Error
	if !errors.As(err, &te) || te.Code != transport.CodeUnsupportedVersion {
		return "", false
	}
	var data struct {
		Supported []string `json:"supported"`
	}
	if json.Unmarshal(te.Data, &data) != nil {
		return "", false
	}
	for _, v := range modernVersions {
		if slices.Contains(data.Supported, v) {
			return v, true
		}
	}
	return "", false
}
