package pydantic

import (
	"encoding/base64"
	"fmt"
	"strings"
)

// Base64 checks a contentEncoding "base64" string as Go's encoding/json
// decodes it into a []byte (standard alphabet, padded, line breaks
// ignored), and words a refusal as Pydantic does for bytes sent as base64:
// "Data should be valid base64: Invalid symbol 36, offset 1." (the reasons
// of Rust's base64 crate). It returns the decoded bytes.
func Base64(s string) ([]byte, error) {
	b, err := base64.StdEncoding.DecodeString(s)
	if err == nil {
		return b, nil
	}
	return nil, reason(base64Reason(s))
}

const b64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

func base64Reason(s string) string {
	data := strings.NewReplacer("\r", "", "\n", "").Replace(s)
	pad := len(data) - len(strings.TrimRight(data, "="))
	body := data[:len(data)-pad]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\r' && c != '\n' && c != '=' && strings.IndexByte(b64Alphabet, c) < 0 {
			return fmt.Sprintf("Invalid symbol %d, offset %d.", c, i)
		}
	}
	if strings.IndexByte(body, '=') >= 0 || pad > 2 {
		return fmt.Sprintf("Invalid symbol %d, offset %d.", '=', strings.IndexByte(s, '='))
	}
	if len(body)%4 == 1 {
		return fmt.Sprintf("Invalid input length: %d", len(body))
	}
	return "Invalid padding"
}
