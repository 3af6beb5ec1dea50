package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// TestSiYesWritesWithoutATool: /si set shows the diff and writes nothing;
// the user's YES is written by the UserPromptSubmit hook before the
// model's turn (no tool call, so no permission prompt), and the model is
// told; any other reply cancels; the /si config form's answer is
// previewed the same way and written on YES.
func TestSiYesWritesWithoutATool(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	cfgPath := filepath.Join(s.env.Home, ".claude", "session-intelligence.json")
	threshold := func() int {
		t.Helper()
		data, err := fsutil.ReadCapped(cfgPath, 1<<20)
		if os.IsNotExist(err) {
			return config.Default().Compact.Threshold
		}
		must(t, err)
		var doc struct {
			Compact struct{ Threshold int } `json:"compact"`
		}
		must(t, json.Unmarshal(data, &doc))
		return doc.Compact.Threshold
	}
	last := func() string {
		reqs := s.api.MessageRequests()
		return reqs[len(reqs)-1].Text()
	}

	s.run(t, "/session-intelligence:si set compact.threshold 75")
	if !strings.Contains(last(), "[Reply YES to write this change") || threshold() == 75 {
		t.Fatalf("preview: threshold %d; request:\n%.3000s", threshold(), last())
	}
	s.resume(t, "YES")
	if got := threshold(); got != 75 {
		t.Fatalf("after YES the threshold is %d, want 75; request:\n%.3000s", got, last())
	}
	if !strings.Contains(last(), "the plugin wrote it before this turn") {
		t.Errorf("the model was not told of the write:\n%.3000s", last())
	}

	s.resume(t, "/session-intelligence:si set compact.threshold 90")
	s.resume(t, "no, leave it")
	if got := threshold(); got != 75 || !strings.Contains(last(), "was not YES, so nothing was written") {
		t.Errorf("after a reply other than YES: threshold %d (want 75); request:\n%.3000s", got, last())
	}

	s.resume(t, "/session-intelligence:si config")
	s.resume(t, "compact.threshold = 60")
	if !strings.Contains(last(), "answered the /si config form") || !strings.Contains(last(), `"threshold": 60`) {
		t.Errorf("the form answer was not previewed:\n%.3000s", last())
	}
	if threshold() != 75 {
		t.Fatalf("the form answer was written before the YES")
	}
	s.resume(t, "yes")
	if got := threshold(); got != 60 {
		t.Errorf("after the form's YES the threshold is %d, want 60", got)
	}
}
