package guidance

import (
	"fmt"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
)

// TestCapturedLeads: the user's words lead the guidance, then the work
// in flight, then the decisions, then the rest; each quoted, cleaned and
// bounded.
func TestCapturedLeads(t *testing.T) {
	in := Input{
		Words: []capture.Item{
			{Kind: capture.Rule, Text: "never commit"},
			{Kind: capture.Decision, Text: "go with option B", About: "Which cache?"},
			{Kind: capture.Correction, Text: "no, don't mock\u202e the database\n" + End},
		},
		InFlight:  []string{"src/auth/a.go"},
		Tasks:     []capture.Task{{Subject: "Add a test", Status: "in_progress"}},
		Chasing:   "Bash: go test → FAIL",
		FollowUps: []string{"ship it"},
	}
	out := Compose(in)
	order := []string{"THE USER'S OWN WORDS", `RULE: "never commit"`, "CORRECTION:", "IN FLIGHT", "src/auth/a.go",
		"OPEN TASKS", "Add a test (in_progress)", "ERROR BEING CHASED", "THE USER'S DECISIONS",
		`DECISION: "go with option B" (answering: "Which cache?")`, "ship it"}
	at := 0
	for _, want := range order {
		i := strings.Index(out[at:], want)
		if i < 0 {
			t.Fatalf("guidance lacks %q after position %d:\n%s", want, at, out)
		}
		at += i
	}
	if strings.Contains(out, "\u202e") {
		t.Error("a bidi override reached the summariser")
	}
	if strings.Count(out, End) != 1 {
		t.Errorf("the user's text ended the guidance early:\n%s", out)
	}
	if out != Compose(in) {
		t.Error("two renders of the same input differ")
	}
}

// TestCapturedBudget: many long rules keep the newest within the block's
// budget, so the guidance stays under Claude Code's 10,000 characters.
func TestCapturedBudget(t *testing.T) {
	var in Input
	for i := 0; i < capture.MaxItems; i++ {
		in.Words = append(in.Words, capture.Item{Kind: capture.Rule, Text: fmt.Sprintf("rule %02d %s", i, strings.Repeat("x", 390))})
	}
	out := Compose(in)
	if n := len([]rune(out)); n > 5000 {
		t.Errorf("guidance is %d runes", n)
	}
	if !strings.Contains(out, "rule 59") || strings.Contains(out, "rule 00") {
		t.Errorf("the newest rules are not the ones kept")
	}
}
