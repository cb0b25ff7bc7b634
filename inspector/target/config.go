package target

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpdev/mcpdev/inspector"
)

// serverConfig is one entry of an mcp.json-style file's mcpServers map, as
// Claude Desktop and the MCP Inspector write them.
type serverConfig struct {
	Type    string            `json:"type,omitempty"` // "stdio", "http", "streamable-http", "sse"
	Command string            `json:"command,omitempty"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	Cwd     string            `json:"cwd,omitempty"`
	URL     string            `json:"url,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
}

// configFile is an mcp.json-style file.
type configFile struct {
	MCPServers map[string]serverConfig `json:"mcpServers"`
}

// loadConfig reads an mcp.json-style file.
func loadConfig(path string) (*configFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, inspector.Usagef("--config: %v", err)
	}
	var cf configFile
	if err := json.Unmarshal(data, &cf); err != nil {
		return nil, inspector.Usagef("--config %s: not valid JSON: %v", path, err)
	}
	if len(cf.MCPServers) == 0 {
		return nil, inspector.Usagef("--config %s: no servers under \"mcpServers\"", path)
	}
	return &cf, nil
}

// configPath is o.Config, under o.BaseDir when relative.
func configPath(o *ResolveOptions) string {
	if o.BaseDir != "" && !filepath.IsAbs(o.Config) {
		return filepath.Join(o.BaseDir, o.Config)
	}
	return o.Config
}

// ConfigServers returns the names of the servers of o.Config's file,
// sorted (for mcpdev lint --config, which checks them all).
func ConfigServers(o *ResolveOptions) ([]string, error) {
	cf, err := loadConfig(configPath(o))
	if err != nil {
		return nil, err
	}
	return slices.Sorted(maps.Keys(cf.MCPServers)), nil
}

func resolveConfig(o *ResolveOptions) (*Target, error) {
	path := configPath(o)
	cf, err := loadConfig(path)
	if err != nil {
		return nil, err
	}
	name := o.Server
	names := slices.Sorted(maps.Keys(cf.MCPServers))
	if name == "" {
		if len(names) != 1 {
			return nil, inspector.Usagef("--config %s names %d servers; pick one with --server (%s)", o.Config, len(names), strings.Join(names, ", "))
		}
		name = names[0]
	}
	sc, ok := cf.MCPServers[name]
	if !ok {
		return nil, inspector.Usagef("--config %s: no server %q (have: %s)", o.Config, name, strings.Join(names, ", "))
	}
	return configTarget(name, sc, filepath.Dir(path))
}

func configTarget(name string, sc serverConfig, dir string) (*Target, error) {
	if sc.URL != "" {
		return &Target{Kind: KindHTTP, Name: name, URL: sc.URL, Headers: sc.Headers}, nil
	}
	if sc.Command == "" {
		return nil, inspector.Usagef("server %q: neither \"command\" nor \"url\"", name)
	}
	t := commandTarget(sc.Command, sc.Args, dir)
	t.Name = name
	for _, k := range slices.Sorted(maps.Keys(sc.Env)) {
		t.Env = append(t.Env, k+"="+sc.Env[k])
	}
	if sc.Cwd != "" {
		t.Dir = sc.Cwd
		if !filepath.IsAbs(t.Dir) {
			t.Dir = filepath.Join(dir, t.Dir)
		}
	}
	return t, nil
}
