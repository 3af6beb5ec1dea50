package e2e

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/ail"
)

// TestCompactAILv1Handoff: with compact.format=ailv1 (here through its
// environment override) the summariser is asked to end with an AILv1
// snapshot, and the resume block that reaches the model after the
// compaction is an AILv1 snapshot the decoder accepts, naming the
// directories the session worked in.
func TestCompactAILv1Handoff(t *testing.T) {
	t.Parallel()
	s := workedSession(t)
	s.env.Extra = append(s.env.Extra, "CLAUDE_COMPACT_FORMAT=ailv1")
	s.resume(t, "/compact")
	g := guidanceOf(t, lastSummarisation(t, s.api).Text())
	if !strings.Contains(g, "HAND-OFF SNAPSHOT (AILv1)") || !strings.Contains(g, "`!AILv1`") {
		t.Fatalf("guidance lacks the AILv1 snapshot request:\n%s", g)
	}
	s.resume(t, "carry on")
	reqs := s.api.MessageRequests()
	last := reqs[len(reqs)-1].Text()
	const begin, end = "----- BEGIN RECORDED STATE -----\n", "----- END RECORDED STATE -----"
	i := strings.Index(last, "SESSION RESUME in AILv1")
	if i < 0 {
		t.Fatalf("the request after the compaction lacks the AILv1 resume:\n%.3000s", last)
	}
	rest := last[i:]
	b, e := strings.Index(rest, begin), strings.Index(rest, end)
	if b < 0 || e < b {
		t.Fatalf("resume block without its markers:\n%.3000s", rest)
	}
	snap := rest[b+len(begin) : e]
	doc, err := ail.ParseString(snap, ail.Limits{})
	if err != nil {
		t.Fatalf("resume snapshot does not parse as AILv1: %v\n%s", err, snap)
	}
	if !strings.HasPrefix(snap, "!AILv1") || !strings.Contains(snap, "@CTX active dirs:") || !strings.Contains(snap, "src/auth") {
		t.Errorf("snapshot lacks the header or the active directories:\n%s", snap)
	}
	if len(doc.Lines) == 0 {
		t.Errorf("snapshot decodes to no lines:\n%s", snap)
	}
}
