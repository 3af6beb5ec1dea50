package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// TestAgentChangeConfirm: on a terminal ai agent rm and rename ask and
// change nothing unless the answer is yes; --yes does not ask; elsewhere
// they refuse without --yes. The settings naming the old agent are
// pointed out after a rename.
func TestAgentChangeConfirm(t *testing.T) {
	cases := []struct {
		name     string
		args     []string
		stdin    string
		terminal bool
		code     int
		want     string // in stdout+stderr
		left     []string
	}{
		{"rm asked, yes", []string{"agent", "rm", "dev"}, "y\n", true, 0, "Remove agent dev and its thread (0 turns in 0 sessions)? The private store's history keeps them. [y/N] ", []string{"ops"}},
		{"rm asked, no", []string{"agent", "rm", "dev"}, "n\n", true, 0, "Nothing changed.", []string{"dev", "ops"}},
		{"rm asked, nothing typed", []string{"agent", "rm", "dev"}, "", true, 0, "Nothing changed.", []string{"dev", "ops"}},
		{"rm --yes on a terminal", []string{"agent", "rm", "dev", "--yes"}, "", true, 0, "Removed agent dev (commit ", []string{"ops"}},
		{"rm piped", []string{"agent", "rm", "dev"}, "y\n", false, 1, "needs confirming and this is not a terminal: run it on one, or pass --yes", []string{"dev", "ops"}},
		{"rename asked, yes", []string{"agent", "rename", "dev", "qa"}, "yes\n", true, 0, "[agents.dev] (instructions, worktree): rename it to [agents.qa]", []string{"ops", "qa"}},
		{"rename -y", []string{"agent", "rename", "dev", "qa", "-y"}, "", false, 0, "Renamed agent dev to qa", []string{"ops", "qa"}},
		{"rename to a taken name", []string{"agent", "rename", "dev", "ops", "-y"}, "", true, 1, "name taken: agent ops exists", []string{"dev", "ops"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newRun(t)
			r.settings(t, "[chat]\nbackground = false\n[agents.dev]\ninstructions = \"dev.md\"\n")
			r.must(t, "init")
			r.must(t, "agent", "new", "dev")
			r.must(t, "agent", "new", "ops")
			var out, errOut bytes.Buffer
			env := Env{IO: proc.IO{Stdin: strings.NewReader(tc.stdin), Stdout: &out, Stderr: &errOut, Cwd: r.cwd,
				Getenv: func(k string) string { return r.env[k] }, Now: func() time.Time { return r.now }},
				Interactive: tc.terminal, Terminal: tc.terminal}
			code := Main(tc.args, env)
			if got := out.String() + errOut.String(); code != tc.code || !strings.Contains(got, tc.want) {
				t.Errorf("exit %d, said:\n%s\nwant exit %d and %q", code, got, tc.code, tc.want)
			}
			if got := strings.Join(agentsIn(t, r), " "); got != strings.Join(tc.left, " ") {
				t.Errorf("agents left: %s, want %s", got, strings.Join(tc.left, " "))
			}
		})
	}
}

// agentsIn lists the agents' directories of the run's project.
func agentsIn(t *testing.T, r *run) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(r.cwd, ".ai", "local", "agents"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}
