package inspect

import (
	"path/filepath"
	"sort"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// Tool is a per-call token reducer found next to session-intelligence.
type Tool struct {
	Name  string // what the tool is called
	Kind  string // what it reduces
	Where string // the MCP config file or environment variable that showed it
}

// ecoTool is one detectable tool: MCP server names (matched without case
// and ignoring '-', '_' and spaces) or environment markers.
type ecoTool struct {
	name, kind string
	servers    []string
	env        []string
}

var ecoTools = []ecoTool{
	{name: "RTK (Rust Token Killer)", kind: "terminal output filter", env: []string{"RTK_ENABLED", "CLAUDE_RTK"}},
	{name: "Context Mode", kind: "tool output sandbox", servers: []string{"contextmode"}},
	{name: "Code Review Graph", kind: "symbol-scoped reads", servers: []string{"codereviewgraph"}},
	{name: "Token Savior", kind: "symbol navigation", servers: []string{"tokensavior"}},
	{name: "Token Optimizer MCP", kind: "MCP call caching", servers: []string{"tokenoptimizer", "tokenoptimizermcp"}},
	{name: "Claude Context", kind: "vector retrieval", servers: []string{"claudecontext"}},
	{name: "Caveman Claude", kind: "terse output style", env: []string{"CAVEMAN_MODE"}},
}

// maxMCPConfig caps ~/.claude.json, which grows with project history.
const maxMCPConfig = 32 << 20

// Ecosystem detects neighbouring token tools. It is read-only: it parses
// MCP configuration files and looks at environment markers, and never
// runs anything.
func Ecosystem(o Options, projectRoot string) []Tool {
	servers := map[string]string{} // normalised name → file
	addServers(servers, filepath.Join(o.Dirs.Home, ".claude.json"), o.Cwd)
	if projectRoot == "" {
		projectRoot = o.Cwd
	}
	addServers(servers, filepath.Join(projectRoot, ".mcp.json"), "")
	if o.ManagedDir != "" {
		addServers(servers, filepath.Join(o.ManagedDir, "managed-mcp.json"), "")
	}
	var out []Tool
	for _, t := range ecoTools {
		if where := t.find(servers, o.Getenv); where != "" {
			out = append(out, Tool{Name: t.name, Kind: t.kind, Where: where})
		}
	}
	return out
}

func (t ecoTool) find(servers map[string]string, getenv func(string) string) string {
	for _, s := range t.servers {
		if file, ok := servers[s]; ok {
			return file
		}
	}
	for _, e := range t.env {
		if getenv != nil {
			if v := getenv(e); v != "" && v != "0" && v != "false" {
				return "$" + e
			}
		}
	}
	return ""
}

// addServers records the MCP servers of one config file: top-level
// mcpServers and, in ~/.claude.json, those of the project at cwd.
func addServers(into map[string]string, path, cwd string) {
	data, err := fsutil.ReadCapped(path, maxMCPConfig)
	if err != nil {
		return
	}
	var doc struct {
		MCPServers map[string]jsonx.RawMessage `json:"mcpServers"`
		Projects   map[string]struct {
			MCPServers map[string]jsonx.RawMessage `json:"mcpServers"`
		} `json:"projects"`
	}
	if jsonx.Unmarshal(data, &doc) != nil {
		return
	}
	names := keys(doc.MCPServers)
	for dir, p := range doc.Projects {
		if cwd != "" && within(cwd, dir) {
			names = append(names, keys(p.MCPServers)...)
		}
	}
	for _, n := range names {
		if k := normalise(n); into[k] == "" {
			into[k] = path
		}
	}
}

func keys(m map[string]jsonx.RawMessage) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func normalise(name string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '-', '_', ' ', '.':
			return -1
		}
		return r
	}, strings.ToLower(name))
}
