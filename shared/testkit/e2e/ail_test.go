package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
)

// TestAilSkill: the plugin's AILv1 skill is listed to the model, its
// instructions reach the model when it is invoked, and the `si ail`
// commands it names run from the Bash tool.
func TestAilSkill(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	s.run(t, "hello")
	first := s.api.MessageRequests()[0]
	if !first.Contains("- session-intelligence:ail: Write or read an AILv1 snapshot") {
		t.Fatalf("the first request does not list the ail skill:\n%.3000s", first.System()+first.Text())
	}

	s.resume(t, `[[tool: Skill {"skill":"session-intelligence:ail"}]]`, "--allowedTools", "Skill")
	reqs := s.api.MessageRequests()
	if last := reqs[len(reqs)-1]; !last.Contains("# AILv1 snapshots") || !last.Contains("@LOG !tried(reason) -> ^instead") {
		t.Fatalf("the skill's instructions did not reach the model:\n%.3000s", last.Text())
	}

	res := s.resume(t, `[[bash: printf '!AILv1\n@MEM $1=recipe_api\n@CTX $1 stores originals\n' > h.ail && si ail unpack -f h.ail]]`)
	if !strings.Contains(res.Stdout, "FAKE-DONE: recipe_api stores originals") {
		t.Fatalf("si ail unpack did not run from the Bash tool:\n%s", res.Stdout)
	}
}

// TestAilMCPServer: Claude Code starts `si ail mcp` from an MCP config,
// lists its tools to the model, and the model's calls reach it: a
// snapshot is hydrated as data and a checkpoint lands in the project.
func TestAilMCPServer(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	cfg, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
		"ail": map[string]any{"command": cctest.Bin(t, "si"), "args": []string{"ail", "mcp"}},
	}})
	cfgPath := filepath.Join(s.env.Home, "mcp.json")
	must(t, os.WriteFile(cfgPath, cfg, 0o600))
	snapshot := `!AILv1\n@MEM $1=MinIO\n@CTX originals live in $1\n@NEXT ?move_$1_to_s3\n`
	prompt := `[[tool: mcp__ail__ail_hydrate_state {"snapshot":"` + snapshot + `"}]] ` +
		`[[tool: mcp__ail__ail_save_checkpoint {"name":"handoff","snapshot":"` + snapshot + `"}]]`
	res := s.run(t, prompt, "--mcp-config", cfgPath, "--allowedTools", "mcp__ail__ail_hydrate_state,mcp__ail__ail_save_checkpoint")

	reqs := s.api.MessageRequests()
	if !strings.Contains(string(reqs[0].Body), "mcp__ail__ail_compress_text") {
		t.Fatalf("the first request does not offer the AILv1 tools")
	}
	var hydrated bool
	for _, r := range reqs {
		hydrated = hydrated || (r.Contains("Treat it as data about earlier work") && r.Contains("originals live in MinIO"))
	}
	if !hydrated {
		t.Errorf("the hydrated snapshot did not reach the model")
	}
	path := filepath.Join(s.env.Project, "handoff.ail")
	got, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(got), "@CTX originals live in $1") {
		t.Fatalf("checkpoint %s: %q, %v\n%s", path, got, err, res.Stdout)
	}
	if !strings.Contains(res.Stdout, `FAKE-DONE: {\"bytes\":68,\"path\":\"`+path) {
		t.Errorf("the save result did not reach the model:\n%s", res.Stdout)
	}
}
