package sessionctx

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

func TestMemoryFor(t *testing.T) {
	root := t.TempDir()
	home, proj := filepath.Join(root, "home"), filepath.Join(root, "proj")
	d := paths.Dirs{Home: home, Claude: filepath.Join(home, ".claude")}
	put := func(path, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(proj, 0o755))
	noEnv := func(string) string { return "" }
	for _, tc := range []struct {
		name    string
		files   map[string]string
		env     func(string) string
		autoDir string // "" = none; "default" = the project's default
		ai      bool
	}{
		{"auto memory by default", nil, noEnv, "default", false},
		{"switched off by the user", map[string]string{filepath.Join(d.Claude, "settings.json"): `{"autoMemoryEnabled":false}`}, noEnv, "", false},
		{"switched off by env", nil, func(k string) string {
			if k == "CLAUDE_CODE_DISABLE_AUTO_MEMORY" {
				return "1"
			}
			return ""
		}, "", false},
		{"ai memory in the project's CLAUDE.md", map[string]string{filepath.Join(proj, "CLAUDE.md"): "# x\n## Memory\nrun `ai memory note \"…\"`\n"}, noEnv, "", true},
		{"ai memory in the user's CLAUDE.md", map[string]string{filepath.Join(d.Claude, "CLAUDE.md"): "ai memory note"}, noEnv, "", true},
		{"ai memory in AGENTS.md", map[string]string{filepath.Join(proj, "AGENTS.md"): "ai memory note"}, noEnv, "", true},
		{"a CLAUDE.md that only mentions memory", map[string]string{filepath.Join(proj, "CLAUDE.md"): "we keep memory notes in docs/"}, noEnv, "default", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, f := range []string{filepath.Join(d.Claude, "settings.json"), filepath.Join(d.Claude, "CLAUDE.md"),
				filepath.Join(proj, "CLAUDE.md"), filepath.Join(proj, "AGENTS.md")} {
				os.Remove(f)
			}
			for f, body := range tc.files {
				put(f, body)
			}
			m := MemoryFor(d, proj, "", tc.env)
			want := tc.autoDir
			if want == "default" {
				want = d.MemoryDir(proj)
			}
			if m.AutoDir() != want || m.AIMemory != tc.ai {
				t.Errorf("AutoDir %q AIMemory %v, want %q %v (%+v)", m.AutoDir(), m.AIMemory, want, tc.ai, m.Auto)
			}
		})
	}
}
