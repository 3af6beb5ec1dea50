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

// TestUnnamedAgent: a command given no agent reads the session's, else
// the project's only one, else asks on a terminal, else lists them.
func TestUnnamedAgent(t *testing.T) {
	r := newRun(t)
	r.settings(t, "[chat]\nbackground = false\n")
	r.must(t, "init")
	r.must(t, "agent", "new", "dev")
	if out := r.must(t, "agent", "view"); !strings.HasPrefix(out, "# agent dev in project proj: no turns yet") {
		t.Errorf("the only agent: %s", out)
	}
	r.must(t, "agent", "new", "ops")
	transcript := filepath.Join(r.home, "s1.jsonl")
	if err := os.WriteFile(transcript, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	r.must(t, "agent", "attach", "ops", "--session", "s1", "--transcript", transcript)
	cases := []struct {
		name, session, stdin string
		terminal             bool
		want                 string // the view's first line, or the error
	}{
		{"the session's agent", "s1", "", false, "# agent ops in project proj:"},
		{"a session with none", "s9", "", false, "name an agent (-a NAME); the agents here are dev, ops"},
		{"picked on a terminal", "", "2\n", true, "# agent ops in project proj:"},
		{"a bad pick", "", "9\n", true, "no agent picked"},
		{"no terminal", "", "2\n", false, "name an agent (-a NAME); the agents here are dev, ops"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			env := Env{IO: proc.IO{Stdin: strings.NewReader(tc.stdin), Stdout: &out, Stderr: &errOut, Cwd: r.cwd,
				Getenv: func(k string) string {
					if k == "CLAUDE_CODE_SESSION_ID" {
						return tc.session
					}
					return r.env[k]
				},
				Now: func() time.Time { return r.now }}, Interactive: tc.terminal, Terminal: tc.terminal}
			Main([]string{"agent", "view"}, env)
			if got := out.String() + errOut.String(); !strings.Contains(got, tc.want) {
				t.Errorf("ai agent view said:\n%s\nwant %q", got, tc.want)
			}
			if tc.terminal && !strings.Contains(errOut.String(), "1) dev\n2) ops\nWhich agent? [1-2]") {
				t.Errorf("no choice offered: %s", errOut.String())
			}
		})
	}
}

// TestAttachUnknownSession: --session naming no session Claude Code
// recorded (the docs' placeholder ID) is refused, saying where the id
// comes from, and leaves the agent removable; a real session's id
// (its transcript under ~/.claude/projects) is attached.
func TestAttachUnknownSession(t *testing.T) {
	r := newRun(t)
	r.settings(t, "[chat]\nbackground = false\n")
	r.must(t, "init")
	r.must(t, "agent", "new", "dev")
	_, errOut, code := r.ai(t, "agent", "attach", "dev", "--session", "ID")
	if code == 0 || !strings.Contains(errOut, "no Claude Code session ID: it has no transcript under "+filepath.FromSlash("~/.claude/projects")+"; a session's id is in its /status") {
		t.Fatalf("attach --session ID: exit %d, %s", code, errOut)
	}
	sid := "4f6c1d2e-8a9b-4c3d-9e8f-0a1b2c3d4e5f"
	transcript := filepath.Join(r.home, ".claude", "projects", "-proj", sid+".jsonl")
	if err := os.MkdirAll(filepath.Dir(transcript), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(transcript, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if out := r.must(t, "agent", "attach", "dev", "--session", sid); !strings.Contains(out, "Attached session "+sid+" to agent dev") {
		t.Errorf("attach a recorded session: %s", out)
	}
	r.must(t, "agent", "new", "ops")
	r.ai(t, "agent", "attach", "ops", "--session", "ID")
	if out := r.must(t, "agent", "rm", "ops", "--yes"); !strings.Contains(out, "ops") {
		t.Errorf("rm after a refused attach: %s", out)
	}
}
