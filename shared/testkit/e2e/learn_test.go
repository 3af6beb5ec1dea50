package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
)

// TestLearnsFromExistingTranscripts: a user who has compacted at about
// 200k in six earlier sessions gets learned zones on day one. The first
// session start learns the history from the transcripts in the
// background; then a context of 250k (only yellow by the static zones)
// is orange for this user, and the advisory says the zones were adapted.
func TestLearnsFromExistingTranscripts(t *testing.T) {
	t.Parallel()
	s := newSession(t, "COMPACT_THRESHOLD=1")
	dir := filepath.Join(s.env.Home, ".claude", "projects", paths.EncodeProject(s.env.Project))
	must(t, os.MkdirAll(dir, 0o700))
	for i := range 6 {
		line := fmt.Sprintf(`{"type":"system","subtype":"compact_boundary","timestamp":"2026-10-%02dT10:00:00Z","sessionId":"old-%d","cwd":%q,"compactMetadata":{"trigger":"auto","preTokens":%d}}`,
			i+1, i, s.env.Project, 195_000+i*2000)
		must(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("old-%d.jsonl", i)), []byte(line+"\n"), 0o600))
	}
	s.run(t, "hello") // the first SessionStart starts `si learn` in the background
	logs := filepath.Join(s.env.Home, ".claude", "logs")
	waitFor(t, func() bool {
		entries, _ := history.Read(history.Path(logs))
		return len(entries) == 6
	})
	s.resume(t, "work [[bash: echo @@usage:250000@@]] [[bash: echo two]]")
	reqs := s.api.MessageRequests()
	last := reqs[len(reqs)-1].Text()
	if !strings.Contains(last, "Drift zone") || !strings.Contains(last, "Zones adapted to your history: orange=210k") {
		t.Errorf("no advisory from learned zones at 250k:\n%.3000s", last)
	}
}
