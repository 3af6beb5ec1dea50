package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// withAutoCompactWindow sets autoCompactWindow in the scratch user's
// settings.json, which Claude Code honours and the hooks read.
func withAutoCompactWindow(t *testing.T, s *session, window int) {
	t.Helper()
	withSettings(t, s, fmt.Sprintf(`"autoCompactWindow": %d`, window))
}

// withSettings writes the scratch user's settings.json with these members.
func withSettings(t *testing.T, s *session, members string) {
	t.Helper()
	dir := filepath.Join(s.env.Home, ".claude")
	must(t, os.MkdirAll(dir, 0o700))
	must(t, os.WriteFile(filepath.Join(dir, "settings.json"), []byte("{"+members+"}\n"), 0o600))
}

// summarised reports whether a summarisation request reached the fake.
func summarised(api *fakeapi.Server) bool {
	for _, r := range api.MessageRequests() {
		if r.Contains(fakeapi.SummaryMarker) {
			return true
		}
	}
	return false
}

// TestCompactionPointMatchesTheCLI: with autoCompactWindow at two sizes,
// the real CLI compacts by itself when a turn ends past window − 33k
// and not when it ends just short of it, and si status names that point
// for the session.
func TestCompactionPointMatchesTheCLI(t *testing.T) {
	t.Parallel()
	for _, window := range []int{100_000, 150_000} {
		point := window - 20_000 - 13_000
		for _, tc := range []struct {
			tokens  int
			compact bool
		}{{point - 1_500, false}, {point + 1_500, true}} {
			t.Run(fmt.Sprintf("window %d, turn ends at %d", window, tc.tokens), func(t *testing.T) {
				s := newSession(t)
				withAutoCompactWindow(t, s, window)
				s.run(t, fmt.Sprintf("go [[bash: echo @@usage:%d@@]]", tc.tokens))
				s.resume(t, "next")
				if got := summarised(s.api); got != tc.compact {
					t.Fatalf("compacted = %v, want %v (point %d)", got, tc.compact, point)
				}
				cmd := exec.Command(cctest.Bin(t, "si"), "status", "--session", s.sid)
				cmd.Dir, cmd.Env = s.env.Project, []string{"HOME=" + s.env.Home, "PATH=" + os.Getenv("PATH")}
				out, _ := cmd.CombinedOutput()
				want := fmt.Sprintf("auto-compaction at %dk (", point/1000)
				if !strings.Contains(string(out), want) || !strings.Contains(string(out), "autoCompactWindow") {
					t.Errorf("si status does not name the point %q:\n%s", want, out)
				}
			})
		}
	}
}

// TestAdvisoryAndOffloadBeforeAutoCompaction: in a session that compacts
// by itself at 67k (autoCompactWindow 100000), the orange advisory
// reaches the model first, in a request that still offers the Write tool,
// with the memory offload and how far auto-compaction is; the
// summarisation request comes after it and no longer carries the offload.
func TestAdvisoryAndOffloadBeforeAutoCompaction(t *testing.T) {
	t.Parallel()
	s := newSession(t, "COMPACT_THRESHOLD=1")
	withAutoCompactWindow(t, s, 100_000)
	s.run(t, "go [[bash: echo @@usage:56000@@]] [[bash: echo @@usage:56500@@]] [[bash: echo three]]")
	s.resume(t, "on [[bash: echo @@usage:70000@@]]")
	s.resume(t, "next")
	reqs := s.api.MessageRequests()
	advised, summary := -1, -1
	for i, r := range reqs {
		switch {
		case summary < 0 && r.Contains(fakeapi.SummaryMarker):
			summary = i
		case advised < 0 && r.Contains("Drift zone") && r.Contains("Before compacting, while you can still write files"):
			advised = i
		}
	}
	if advised < 0 || summary < 0 || advised > summary {
		t.Fatalf("advisory at request %d, summarisation at %d: want an advisory before the compaction", advised, summary)
	}
	a := reqs[advised]
	if !offersTool(a, "Write") {
		t.Error("the request carrying the offload offers no Write tool")
	}
	for _, want := range []string{"before auto-compaction (at 67k)", "project_session_", "MEMORY.md"} {
		if !a.Contains(want) {
			t.Errorf("the advisory lacks %q:\n%.3000s", want, a.Text())
		}
	}
	if sum := reqs[summary].Text(); strings.Contains(sum, "write auto-memory") || strings.Contains(sum, "MEMORY OFFLOAD") {
		t.Errorf("the summariser is still asked to write files:\n%.3000s", sum)
	}
}

// offersTool reports whether a request's tool list has name.
func offersTool(r fakeapi.Request, name string) bool {
	tools, _ := r.JSON["tools"].([]any)
	for _, tool := range tools {
		if m, ok := tool.(map[string]any); ok && m["name"] == name {
			return true
		}
	}
	return false
}

// TestFirstCompactionGuidanceFromGit: the first session in a new project
// has no session-context.md yet (or only the template, seeded once Claude
// Code made the project folder), so its first compaction is guided from
// git: the last commit's task and the files in flight.
func TestFirstCompactionGuidanceFromGit(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t", "-C", s.env.Project}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	must(t, os.MkdirAll(filepath.Join(s.env.Project, "src", "billing"), 0o755))
	must(t, os.WriteFile(filepath.Join(s.env.Project, "src", "billing", "total.go"), []byte("package billing\n"), 0o644))
	git("add", "-A")
	git("commit", "-qm", "feat(billing): invoice totals")
	must(t, os.WriteFile(filepath.Join(s.env.Project, "src", "billing", "tax.go"), []byte("package billing\n"), 0o644))
	s.run(t, "go [[bash: echo hi]]")
	if _, err := os.Stat(filepath.Join(s.env.Home, ".claude", "projects")); err != nil {
		t.Fatalf("no projects folder: %v", err)
	}
	s.resume(t, "/compact")
	g := guidanceOf(t, lastSummarisation(t, s.api).Text())
	for _, want := range []string{"COMPACTION GUIDANCE (from git", "CURRENT TASK:", "feat(billing): invoice totals", "KEY FILES (must preserve):", "src/billing/tax.go"} {
		if !strings.Contains(g, want) {
			t.Errorf("guidance lacks %q:\n%s", want, g)
		}
	}
}

// TestCompactionPoint200k pins where Claude Code 2.1.332 compacts a
// 200k model by itself, with no autoCompactWindow: Opus 4.6 (which has a
// default auto-compact window) 33k before the window, when the context
// a turn ended at passes 167k; Sonnet 4.5 (which has none) only when the
// API refuses a request past 200k, as the fake API refuses it like the
// real one, and then the session goes on. The advisory places the
// compaction where the CLI does.
func TestCompactionPoint200k(t *testing.T) {
	t.Parallel()
	t.Run("claude-opus-4-6", func(t *testing.T) {
		for _, tc := range []struct {
			tokens  int
			compact bool
		}{{165_500, false}, {168_500, true}} {
			s := newSession(t)
			s.run(t, fmt.Sprintf("go [[bash: echo @@usage:%d@@]] [[bash: echo two]]", tc.tokens), "--model", "claude-opus-4-6")
			if !tc.compact && !s.api.Saw("before auto-compaction (at 167k)") {
				t.Errorf("at %d: no advisory placing the compaction at 167k", tc.tokens)
			}
			s.resume(t, "next", "--model", "claude-opus-4-6")
			if got := summarised(s.api); got != tc.compact {
				t.Errorf("a turn ending at %d: compacted = %v, want %v", tc.tokens, got, tc.compact)
			}
		}
	})
	t.Run("claude-sonnet-4-5", func(t *testing.T) {
		s := newSession(t)
		s.run(t, "go [[bash: echo @@usage:175000@@]] [[bash: echo two]]", "--model", "claude-sonnet-4-5")
		if !s.api.Saw("before auto-compaction (at 200k)") {
			t.Error("at 175k: no advisory placing the compaction at 200k")
		}
		s.resume(t, "next @@usage:199000@@", "--model", "claude-sonnet-4-5")
		if summarised(s.api) {
			t.Fatal("compacted at 199k, short of the 200k window")
		}
		res := s.resume(t, "next @@usage:201000@@", "--model", "claude-sonnet-4-5")
		refused := 0
		for _, r := range s.api.MessageRequests() {
			if r.Refused != "" {
				refused++
			}
		}
		if !summarised(s.api) || refused != 1 || !strings.HasPrefix(res.Result, "FAKE-REPLY to: next") {
			t.Errorf("a request of 201k: compacted = %v, refused %d times, result %q; want one refusal, a compaction, the prompt answered",
				summarised(s.api), refused, res.Result)
		}
	})
}
