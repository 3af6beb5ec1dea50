package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// claudeMemoryDir is the directory Claude Code's own memory section of
// the system prompt gives the model; "" when the prompt has none.
var claudeMemoryDir = regexp.MustCompile("persistent file-based memory at `([^`]+)`")

// offloadRequest drives a session at a 100k auto-compaction window into
// the orange zone and returns the first request whose context carries
// the memory offload, if any, and the first request of the session.
func offloadRequest(t *testing.T, s *session, settings string) (offload *fakeapi.Request, first fakeapi.Request) {
	t.Helper()
	withSettings(t, s, `"autoCompactWindow": 100000`+settings)
	s.run(t, "go [[bash: echo @@usage:56000@@]] [[bash: echo @@usage:56500@@]] [[bash: echo three]]")
	s.resume(t, "on [[bash: echo @@usage:62000@@]]")
	reqs := s.api.MessageRequests()
	for i := range reqs {
		if reqs[i].Contains("Before compacting, while you can still") {
			return &reqs[i], reqs[0]
		}
	}
	return nil, reqs[0]
}

// TestOffloadFollowsClaudeCodesOwnMemory: the plugin's memory offload
// names the very memory directory Claude Code gave the model; when the
// user switched Claude Code's memory off, the system prompt has no
// memory section and the offload asks for none; when the project's
// instructions use `ai memory`, the offload goes there alone, beside
// Claude Code's memory, so one session is never summarised into both.
func TestOffloadFollowsClaudeCodesOwnMemory(t *testing.T) {
	t.Parallel()
	t.Run("auto memory on", func(t *testing.T) {
		s := newSession(t, "COMPACT_THRESHOLD=1")
		off, first := offloadRequest(t, s, "")
		m := claudeMemoryDir.FindStringSubmatch(first.System())
		if m == nil {
			t.Fatalf("Claude Code gave the model no memory directory:\n%.2000s", first.System())
		}
		if off == nil {
			t.Fatal("no request carried the memory offload")
		}
		if want := strings.TrimSuffix(m[1], "/") + "/project_session_"; !off.Contains(want) {
			t.Errorf("the offload does not name Claude Code's memory %q:\n%.3000s", want, off.Text())
		}
	})
	t.Run("auto memory off", func(t *testing.T) {
		s := newSession(t, "COMPACT_THRESHOLD=1")
		off, first := offloadRequest(t, s, `, "autoMemoryEnabled": false`)
		if claudeMemoryDir.MatchString(first.System()) {
			t.Fatal("Claude Code still gave a memory directory with autoMemoryEnabled false")
		}
		if off != nil {
			t.Errorf("the advisory asks for an offload into a memory the model was not given:\n%.3000s", off.Text())
		}
		if !s.api.Saw("before auto-compaction") {
			t.Error("no advisory reached the model at all")
		}
	})
	t.Run("ai memory in the project", func(t *testing.T) {
		s := newSession(t, "COMPACT_THRESHOLD=1", "AI_MEMORY_DIR="+filepath.Join(t.TempDir(), "mem"))
		cmd := exec.Command(cctest.Bin(t, "ai"), "memory", "init")
		cmd.Env, cmd.Dir = s.env.Environ(), s.env.Project
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("ai memory init: %v\n%s", err, out)
		}
		block := string(out[strings.Index(string(out), "## Memory"):])
		must(t, os.WriteFile(filepath.Join(s.env.Project, "CLAUDE.md"), []byte(block), 0o644))
		off, first := offloadRequest(t, s, "")
		if n := strings.Count(first.Text(), "run `ai memory view` before any other tool call"); n != 1 {
			t.Errorf("the ai memory block reached the model %d times, want once", n)
		}
		if !claudeMemoryDir.MatchString(first.System()) {
			t.Error("Claude Code's own memory section is gone: the plugin must not switch it off")
		}
		if off == nil || !off.Contains("record with `ai memory note`") || off.Contains("save what this session learned to auto-memory") {
			t.Errorf("the offload does not go to ai memory alone: %v", off != nil)
		}
	})
}
