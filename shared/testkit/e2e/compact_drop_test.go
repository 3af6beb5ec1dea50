package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// tinyRepository is the small repository a new user tried: src/auth/a.go
// and src/billing/b.go committed and then edited (in flight), and three
// legacy files.
func tinyRepository(t *testing.T, s *session) {
	t.Helper()
	for _, f := range []string{"src/auth/a.go", "src/billing/b.go", "legacy/old0.go", "legacy/old1.go", "legacy/old2.go"} {
		path := filepath.Join(s.env.Project, f)
		must(t, os.MkdirAll(filepath.Dir(path), 0o755))
		must(t, os.WriteFile(path, []byte("package x\n"), 0o644))
	}
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t", "-C", s.env.Project}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "feat: auth and billing")
	for _, f := range []string{"src/auth/a.go", "src/billing/b.go"} {
		must(t, os.WriteFile(filepath.Join(s.env.Project, f), []byte("package x\n\n// in flight\n"), 0o644))
	}
}

// droppedLines is the SAFE TO DROP list of a guidance ("" when none).
func droppedLines(g string) string {
	i := strings.Index(g, "SAFE TO DROP (untouched")
	if i < 0 {
		return ""
	}
	rest := g[i:]
	if end := strings.Index(rest, "\nKeep only one-line summaries"); end >= 0 {
		rest = rest[:end]
	}
	return rest
}

// TestCompactTinyRepositoryKeepsSrc is the case a new user met in a small
// repository, through the real CLI: the session lists src, reads legacy/,
// commits, then works in src/auth and src/billing (whose files are in
// flight, and the KEY FILES of the guidance) for 32 calls. The guidance
// the summariser receives names src/auth and src/billing under PRESERVE
// and never lists src as SAFE TO DROP; it drops the finished legacy; the
// resume block never says src was dropped. The same session with the
// seed's DROP lists src as SAFE TO DROP, as the user saw it.
func TestCompactTinyRepositoryKeepsSrc(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	tinyRepository(t, s)
	var prompt strings.Builder
	prompt.WriteString("work [[bash: ls src]] ")
	for i := range 3 {
		fmt.Fprintf(&prompt, `[[tool: Read {"file_path":%q}]] `, filepath.Join(s.env.Project, "legacy", fmt.Sprintf("old%d.go", i)))
	}
	prompt.WriteString("[[bash: git -c user.name=t -c user.email=t@t commit --allow-empty -qm checkpoint]] ")
	for range 16 {
		for _, f := range []string{"src/auth/a.go", "src/billing/b.go"} {
			fmt.Fprintf(&prompt, `[[tool: Read {"file_path":%q}]] `, filepath.Join(s.env.Project, f))
		}
	}
	s.run(t, prompt.String())
	s.resume(t, "/compact")
	g := guidanceOf(t, lastSummarisation(t, s.api).Text())
	p := strings.Index(g, "PRESERVE (")
	if p < 0 {
		t.Fatalf("guidance lacks PRESERVE:\n%s", g)
	}
	for _, want := range []string{"\n  - src/auth\n", "\n  - src/billing\n"} {
		if !strings.Contains(g[p:], want) {
			t.Errorf("PRESERVE lacks %q:\n%s", want, g)
		}
	}
	for _, want := range []string{"KEY FILES (must preserve):", "src/auth/a.go", "src/billing/b.go"} {
		if !strings.Contains(g, want) {
			t.Errorf("guidance lacks %q:\n%s", want, g)
		}
	}
	drop := droppedLines(g)
	if strings.Contains(drop, "\n  - src\n") || strings.Contains(drop, "\n  - src/") {
		t.Errorf("src is SAFE TO DROP:\n%s", g)
	}
	if !strings.Contains(drop, "\n  - legacy\n") {
		t.Errorf("SAFE TO DROP lacks the finished legacy:\n%s", g)
	}
	s.resume(t, "carry on")
	last := s.api.MessageRequests()[len(s.api.MessageRequests())-1]
	if !last.Contains("SESSION RESUME") {
		t.Fatalf("the request after the compaction lacks the resume block:\n%.3000s", last.Text())
	}
	resume := last.Text()[strings.Index(last.Text(), "SESSION RESUME"):]
	if i := strings.Index(resume, "Dropped from context:\n"); i >= 0 {
		list := resume[i:]
		list = list[:strings.Index(list, "\n----- END")]
		if strings.Contains(list+"\n", "  - src\n") {
			t.Errorf("the resume block says src was dropped:\n%s", resume)
		}
	}
	s.env.Extra = append(s.env.Extra, seedDrop)
	s.resume(t, "/compact")
	if seed := droppedLines(guidanceOf(t, lastSummarisation(t, s.api).Text())); !strings.Contains(seed, "\n  - src\n") {
		t.Errorf("with the seed's DROP src is not SAFE TO DROP: the case no longer reproduces:\n%s", seed)
	}
}
