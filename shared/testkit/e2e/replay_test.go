package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
)

// TestReplayMatchesTheLiveHook: a real session compacts by itself at 67k
// (autoCompactWindow 100000) after the PostToolUse hook advised in the
// orange and red zones. `si replay` on the transcript the CLI wrote, in
// the same home, reports the advisories the hook logged (zone, tokens,
// call), the compaction point, and how far before the compaction the
// first came; with --context-window 1000000 and no settings, none.
func TestReplayMatchesTheLiveHook(t *testing.T) {
	t.Parallel()
	s := newSession(t, "COMPACT_THRESHOLD=1")
	withAutoCompactWindow(t, s, 100_000)
	s.run(t, "go [[bash: echo @@usage:40000@@]] [[bash: echo @@usage:45000@@]] [[bash: echo @@usage:56000@@]] [[bash: echo @@usage:64000@@]] [[bash: echo five]]")
	s.resume(t, "on [[bash: echo @@usage:70000@@]]")
	s.resume(t, "next")
	if !summarised(s.api) {
		t.Fatal("the session did not compact")
	}
	live := liveAdvisories(t, s.logText(t))
	if len(live) < 2 {
		t.Fatalf("the hook sent %d advisories, want orange and red:\n%s", len(live), s.logText(t))
	}
	rep := siReplay(t, s)
	var got []string
	for _, a := range rep.Advisories {
		if a.Delivered {
			got = append(got, fmt.Sprintf("%s@%d/call %d", a.Zone, a.Tokens, a.Call))
		}
	}
	if strings.Join(got, " ") != strings.Join(live, " ") {
		t.Errorf("replayed advisories %v, the hook sent %v", got, live)
	}
	t.Logf("the hook sent and the replay reports %v", live)
	if rep.Point.Threshold != 67_000 || rep.Point.AutoFrom != "settings" {
		t.Errorf("point = %+v, want 67000 from autoCompactWindow", rep.Point)
	}
	if len(rep.Compactions) != 1 {
		t.Fatalf("compactions = %d, want 1", len(rep.Compactions))
	}
	c := rep.Compactions[0]
	if c.Trigger != "auto" || c.Lead == nil || *c.Lead != c.PreTokens-rep.Advisories[firstDelivered(rep)].Tokens {
		t.Errorf("compaction = %s %d, lead %v", c.Trigger, c.PreTokens, c.Lead)
	}
	// In a 1M window and without the setting, the same session is green.
	must(t, os.Remove(s.env.Home+"/.claude/settings.json"))
	wide := siReplay(t, s, "--context-window", "1m")
	if wide.Point.Window != 1_000_000 || wide.Point.WindowFrom != "context-window" || len(wide.Advisories) != 0 || wide.Compactions[0].Lead != nil {
		t.Errorf("in 1M: point %+v, advisories %+v", wide.Point, wide.Advisories)
	}
}

// liveAdvisories lists the advisories the hook sent, from its log, as
// zone@tokens/call N.
func liveAdvisories(t *testing.T, log string) []string {
	t.Helper()
	var out []string
	for _, m := range regexp.MustCompile(`suggestion: (\w+)-zone \| (\{[^\n]*\})`).FindAllStringSubmatch(log, -1) {
		var meta struct{ Tokens, Calls int64 }
		must(t, json.Unmarshal([]byte(m[2]), &meta))
		out = append(out, fmt.Sprintf("%s@%d/call %d", m[1], meta.Tokens, meta.Calls))
	}
	return out
}

// replayed is the part of si replay --json the test reads.
type replayed struct {
	Point struct {
		Window     int64
		WindowFrom string
		Threshold  int64
		AutoFrom   string
	}
	Advisories []struct {
		Call      int
		Tokens    int64
		Zone      string
		Delivered bool
	}
	Compactions []struct {
		Trigger   string
		PreTokens int64
		Lead      *int64 `json:"leadTokens"`
	}
}

func firstDelivered(r replayed) int {
	for i, a := range r.Advisories {
		if a.Delivered {
			return i
		}
	}
	return 0
}

// siReplay runs the built si replay --json on the session's transcript,
// in its home (the settings and history the hooks read) and with the
// session's extra environment (the configuration the hooks had).
func siReplay(t *testing.T, s *session, args ...string) replayed {
	t.Helper()
	cmd := exec.Command(cctest.Bin(t, "si"), append(append([]string{"replay", "--json"}, args...), s.env.TranscriptPath(s.sid))...)
	cmd.Dir, cmd.Env = s.env.Project, append([]string{"HOME=" + s.env.Home, "PATH=" + os.Getenv("PATH")}, s.env.Extra...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("si replay: %v\n%s", err, out)
	}
	var doc struct{ Transcripts []replayed }
	must(t, json.Unmarshal(out, &doc))
	if len(doc.Transcripts) != 1 {
		t.Fatalf("si replay: %d transcripts", len(doc.Transcripts))
	}
	return doc.Transcripts[0]
}
