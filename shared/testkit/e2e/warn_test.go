package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// writeLines writes a file of n lines of 79 characters in the project and
// returns its path.
func writeLines(t *testing.T, s *session, name string, n int) string {
	t.Helper()
	path := filepath.Join(s.env.Project, name)
	must(t, os.WriteFile(path, []byte(strings.Repeat(strings.Repeat("x", 78)+"\n", n)), 0o644))
	return path
}

// advisedAt lists the requests (1-based) that carry an advisory.
func advisedAt(api *fakeapi.Server) []int {
	var out []int
	for i, r := range api.MessageRequests() {
		if r.Contains(advisoryMark) {
			out = append(out, i+1)
		}
	}
	return out
}

// TestParallelReadsJudgedAsABatch: in a 200k window (auto-compaction at
// 167k, orange from 137k), a response at 120k asks for two Reads in
// parallel, worth about 30k tokens together. No single call's hook sees
// more than the transcript's 120k, but the batch's (PostToolBatch) sees
// what the next request will carry: that request has the orange
// advisory, from the batch, on the session's third call (within reach of
// the compaction point the compact.threshold gate of 50 holds nothing).
// The same session with two small files gets none.
func TestParallelReadsJudgedAsABatch(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lines  int
		advise bool
	}{{760, true}, {20, false}} {
		t.Run(fmt.Sprintf("%d lines each", tc.lines), func(t *testing.T) {
			s := newSession(t)
			withAutoCompactWindow(t, s, 200_000)
			a, b := writeLines(t, s, "a.txt", tc.lines), writeLines(t, s, "b.txt", tc.lines)
			s.run(t, fmt.Sprintf(`go [[bash: echo @@usage:120000@@]] [[tool: Read {"file_path":%q}]] [[+tool: Read {"file_path":%q}]] [[bash: echo done]]`, a, b))
			reqs := s.api.MessageRequests()
			if len(reqs) != 4 {
				t.Fatalf("want 4 model requests, got %d", len(reqs))
			}
			got := advisedAt(s.api)
			if !tc.advise {
				if len(got) > 0 {
					t.Errorf("advisory in requests %v, want none", got)
				}
				return
			}
			if len(got) == 0 || got[0] != 3 {
				t.Fatalf("advisory first in requests %v, want the one carrying the batch (3)", got)
			}
			text := reqs[2].Text()
			for _, want := range []string{"PostToolBatch hook additional context", "Drift zone — context at ~1", "before auto-compaction (at 167k)"} {
				if !strings.Contains(text, want) {
					t.Errorf("request 3 lacks %q:\n%.2000s", want, text)
				}
			}
			if strings.Contains(text, "PostToolUse:Read hook additional context: "+advisoryMark) {
				t.Error("a single call's hook advised too")
			}
		})
	}
}

// TestPastedPromptJoinsTheContext: growth that is no tool result counts.
// A turn ends at 130k in a 200k window (orange from 137k); the next
// prompt is a pasted log of about 11k tokens: the request that carries
// it has the orange advisory, from UserPromptSubmit, before any tool
// call. A short prompt instead gets none.
func TestPastedPromptJoinsTheContext(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		prompt string
		advise bool
	}{
		{"pasted log", "what failed here?\n" + strings.Repeat("ERROR build step failed: exit status 1\n", 1100), true},
		{"short prompt", "what failed here?", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSession(t)
			withAutoCompactWindow(t, s, 200_000)
			s.run(t, "go [[bash: echo @@usage:130000@@]]")
			s.resume(t, tc.prompt)
			reqs := s.api.MessageRequests()
			last := reqs[len(reqs)-1]
			if got := last.Contains(advisoryMark); got != tc.advise {
				t.Fatalf("the request carrying the prompt has an advisory = %v, want %v (advised in requests %v)", got, tc.advise, advisedAt(s.api))
			}
			if tc.advise && !last.Contains("UserPromptSubmit hook additional context") {
				t.Errorf("the advisory did not come from UserPromptSubmit:\n%.2000s", last.Text())
			}
		})
	}
}

// userNotice is how the advisory's line for the user begins.
const userNotice = "session-intelligence: Drift zone — context at ~310k tokens"

// TestAdvisoryNoticeInTUI: at orange the user sees a line too, under the
// tool call ("PostToolUse:Bash says: …"), and with compact.notify=osc9
// the terminal gets a desktop notification (OSC 9) with the same words;
// the model gets the advisory, not the line.
func TestAdvisoryNoticeInTUI(t *testing.T) {
	t.Parallel()
	s := newSession(t, "COMPACT_THRESHOLD=1", "CLAUDE_COMPACT_NOTIFY=osc9")
	must(t, s.env.SeedInteractive())
	tui := s.env.StartTUI(t, 220, 50, s.args...)
	if _, err := tui.WaitFor("Claude Code v", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	raw := filepath.Join(t.TempDir(), "terminal.out")
	must(t, tui.Record(raw))
	if err := tui.Submit("go [[bash: echo @@usage:310000@@]] [[bash: echo two]]", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := tui.WaitFor("FAKE-DONE", 5*time.Second); err != nil {
		must(t, tui.SendKeys("Enter")) // the TUI sometimes swallows the first Enter while starting
	}
	screen, err := tui.WaitFor("FAKE-DONE", 60*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(screen, "PostToolUse:Bash says: "+userNotice) {
		t.Errorf("the screen lacks the advisory's line:\n%s", screen)
	}
	if out := readFile(t, raw); !strings.Contains(out, "\x1b]9;"+userNotice) {
		t.Errorf("no OSC 9 notification in what the terminal got (%d bytes)", len(out))
	}
	reqs := s.api.MessageRequests()
	if last := reqs[len(reqs)-1]; !last.Contains("Drift zone — context at ~310k tokens") || last.Contains(userNotice) {
		t.Errorf("the model should get the advisory and not the user's line:\n%.2000s", last.Text())
	}
	_ = tui.Exit(20 * time.Second)
}

// TestAdvisoryNoticeInPrint: in claude -p the line for the user never
// reaches the model, and no notification is asked for (the session is
// not interactive), whatever compact.notify says.
func TestAdvisoryNoticeInPrint(t *testing.T) {
	t.Parallel()
	s := newSession(t, "COMPACT_THRESHOLD=1", "CLAUDE_COMPACT_NOTIFY=osc9")
	res := s.run(t, "go [[bash: echo @@usage:310000@@]] [[bash: echo two]]", "--verbose", "--output-format", "stream-json")
	if !s.api.Saw("Drift zone — context at ~310k tokens") || s.api.Saw(userNotice) {
		t.Error("the model should get the advisory and not the user's line")
	}
	if !strings.Contains(res.Stdout, "PostToolUse:Bash says: "+userNotice) {
		t.Errorf("stream-json lacks the user's line:\n%s", lastBytes(res.Stdout, 3000))
	}
	if strings.Contains(res.Stdout, `]9;`) {
		t.Error("a notification was asked for in a session that is not interactive")
	}
}
