package notes

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
	"github.com/session-intelligence/session-intelligence/shared/ai/summarise"
)

// writeSummary commits a summary of topic tp with text and no
// fingerprint.
func writeSummary(t testing.TB, n *Notes, tp, text string) {
	t.Helper()
	s := Summary{Topic: topic(t, tp), Built: t0, Text: text}
	if _, err := n.st.Update(func(tx *git.Tx) (string, error) {
		tx.Write(summaryPath(s.Topic), s.Format())
		return "seed summary", nil
	}); err != nil {
		t.Fatal(err)
	}
}

// fakeSum answers "summary N of TOPIC" and keeps the prompts.
type fakeSum struct {
	prompts []string
	answer  func(prompt string) (string, error)
}

func (f *fakeSum) Summarise(ctx context.Context, prompt string) (string, error) {
	f.prompts = append(f.prompts, prompt)
	if f.answer != nil {
		return f.answer(prompt)
	}
	return fmt.Sprintf("summary %d", len(f.prompts)), nil
}

// TestBuildBottomUp: subtopics are summarised before their topic, whose
// prompt holds their summaries and its own notes; a second run builds
// nothing; a new note makes its topic and the ones above stale, not its
// siblings, and rebuilds them.
func TestBuildBottomUp(t *testing.T) {
	n := newNotes(t)
	add(t, n, "physics", "Energy is conserved", "in closed systems")
	add(t, n, "physics.qm", "Decoherence explains collapse", "interference is suppressed")
	add(t, n, "physics.gr", "Gravity bends light", "seen in 1919")
	sum := &fakeSum{}
	var logged []string
	built, err := n.Build(context.Background(), sum, func(f string, a ...any) { logged = append(logged, fmt.Sprintf(f, a...)) })
	if err != nil || built != 3 {
		t.Fatalf("Build = %d, %v", built, err)
	}
	if strings.Join(logged, "; ") != "summarised physics.gr; summarised physics.qm; summarised physics" {
		t.Errorf("order: %q", logged)
	}
	top := sum.prompts[2]
	mustMatch(t, top, `^`+PromptStart+` Below are the contents of topic physics:`,
		`at most 512 characters`,
		`(?m)^Subtopics:\n- physics\.gr \(1 notes\): summary 1\n- physics\.qm \(1 notes\): summary 2\n`,
		`(?m)^Notes:\n- Energy is conserved: in closed systems$`)
	if again, err := n.Build(context.Background(), sum, func(string, ...any) {}); again != 0 || err != nil {
		t.Errorf("second Build = %d, %v", again, err)
	}
	if stale, _ := n.Stale(); len(stale) != 0 {
		t.Errorf("stale after building: %v", stale)
	}
	add(t, n, "physics.qm", "Measurement", "a second claim")
	stale, err := n.Stale()
	if err != nil || fmt.Sprint(stale) != "[physics.qm physics]" {
		t.Errorf("Stale = %v, %v", stale, err)
	}
	logged = nil
	if built, err := n.Build(context.Background(), sum, func(f string, a ...any) { logged = append(logged, fmt.Sprintf(f, a...)) }); built != 2 || err != nil {
		t.Errorf("rebuild = %d, %v (%q)", built, err, logged)
	}
	tree, _ := n.Tree()
	mustMatch(t, tree.Text, `(?m)^physics \(4 notes, 2 subtopics\): summary 5$`)
	if tree.Unsummarised {
		t.Error("a fully summarised tree asks for summaries")
	}
}

// TestBuildBadAnswers: a failure, an empty answer or a hang leaves the
// store as it was (and says which topic); an answer far over the limit
// is cut to it.
func TestBuildBadAnswers(t *testing.T) {
	cases := []struct {
		name   string
		answer func(string) (string, error)
		errHas string
	}{
		{"fails", func(string) (string, error) { return "", errors.New("529 overloaded") }, "summarise x: 529 overloaded"},
		{"empty", func(string) (string, error) { return " \n ", nil }, "summarise x: the summariser answered nothing"},
	}
	for _, c := range cases {
		n := newNotes(t)
		add(t, n, "x", "a", "a")
		before := gitLog(t, n)
		_, err := n.Build(context.Background(), &fakeSum{answer: c.answer}, func(string, ...any) {})
		if err == nil || !strings.Contains(err.Error(), c.errHas) {
			t.Errorf("%s: %v", c.name, err)
		}
		if after := gitLog(t, n); len(after) != len(before) || exists(t, n, "x/"+SummaryFile) {
			t.Errorf("%s: the store changed: %q", c.name, after)
		}
	}
	n := newNotes(t)
	add(t, n, "x", "a", "a")
	long := strings.Repeat("word ", 400)
	if _, err := n.Build(context.Background(), &fakeSum{answer: func(string) (string, error) { return long, nil }}, func(string, ...any) {}); err != nil {
		t.Fatal(err)
	}
	s, _, _ := n.readSummary(topic(t, "x"))
	if k := utf8.RuneCountInString(s.Text); k > SummaryChars || !strings.HasSuffix(s.Text, "…") {
		t.Errorf("stored summary of %d characters: %q", k, s.Text)
	}
}

// hangEnv makes this test binary a claude that never answers, for
// TestBuildHangingSummariserTimesOut: a program on every system, where a
// shell script would need a shell (Windows has none).
const hangEnv = "NOTES_TEST_HANG"

func TestMain(m *testing.M) {
	if os.Getenv(hangEnv) != "" {
		time.Sleep(30 * time.Second)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestBuildHangingSummariserTimesOut: the real backend, run on a command
// that never answers, is stopped at its timeout and nothing is stored.
func TestBuildHangingSummariserTimesOut(t *testing.T) {
	n := newNotes(t)
	add(t, n, "x", "a", "a")
	t.Setenv(hangEnv, "1")
	bin := os.Args[0]
	start := time.Now()
	_, err := n.Build(context.Background(), summarise.Claude{Bin: bin, Timeout: 300 * time.Millisecond}, func(string, ...any) {})
	if err == nil || !strings.Contains(err.Error(), "summarise x: summariser failed: no answer within 300ms") {
		t.Errorf("Build: %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
	if exists(t, n, "x/"+SummaryFile) {
		t.Error("a summary was stored")
	}
}

// TestPromptIsCapped: a topic of many long notes makes a prompt of
// bounded size that counts what it leaves out.
func TestPromptIsCapped(t *testing.T) {
	var ch children
	for i := range 400 {
		ch.notes = append(ch.notes, Note{Title: fmt.Sprint("t", i), Claim: strings.Repeat("c", 2000)})
	}
	p := topicPrompt(Topic{"x"}, ch)
	if len(p) > promptBudget+2*promptClaim || !strings.Contains(p, "more notes, not shown)") {
		t.Errorf("prompt of %d bytes, tail %q", len(p), p[len(p)-60:])
	}
}
