package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/mcpdev/mcpdev/transport/oauth"
)

// clientMetadataURL is the Client ID Metadata Document URL the suite
// expects a client to use where the server supports them (it is never
// fetched).
const clientMetadataURL = "https://conformance-test.local/client-metadata.json"

// authContext is the part of MCP_CONFORMANCE_CONTEXT the auth scenarios
// give: pre-registered credentials, or a key for private_key_jwt.
type authContext struct {
	ClientID      string `json:"client_id"`
	ClientSecret  string `json:"client_secret"`
	PrivateKeyPEM string `json:"private_key_pem"`
}

// authOptions configures the sdk's OAuth transport for a scenario: the
// context's credentials, client credentials for the machine-to-machine
// scenarios, and a "browser" that follows the authorization server's
// redirect to the loopback listener.
func authOptions(scenario, raw string) (*oauth.Options, error) {
	var ac authContext
	if raw != "" {
		if err := json.Unmarshal([]byte(raw), &ac); err != nil {
			return nil, fmt.Errorf("MCP_CONFORMANCE_CONTEXT: %w", err)
		}
	}
	return &oauth.Options{
		ClientID: ac.ClientID, ClientSecret: ac.ClientSecret, PrivateKeyPEM: []byte(ac.PrivateKeyPEM),
		ClientMetadataURL: clientMetadataURL, ClientName: "mcpdev-conformance-client",
		ClientCredentials: strings.HasPrefix(scenario, "auth/client-credentials"),
		OpenURL:           followRedirect,
	}, nil
}

// errNoRedirect: the authorization endpoint did not redirect.
var errNoRedirect = errors.New("the authorization endpoint did not redirect")

// followRedirect plays the browser: the suite's authorization server
// answers the authorization URL with a redirect to the client's
// redirect URI, which is then fetched, reaching the loopback listener.
func followRedirect(ctx context.Context, authURL string) error {
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	location, err := get(ctx, noFollow, authURL)
	if err != nil {
		return err
	}
	if location == "" {
		return errNoRedirect
	}
	_, err = get(ctx, http.DefaultClient, location)
	return err
}

// get fetches u and returns the Location it redirects to.
func get(ctx context.Context, c *http.Client, u string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return "", err
	}
	resp, err := c.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
	return resp.Header.Get("Location"), nil
}
