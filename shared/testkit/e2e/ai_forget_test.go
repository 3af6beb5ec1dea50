package e2e

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
)

// TestForgottenMemoryNeverReachesTheModel: after ai memory forget and
// ai memory edit, neither way the memory reaches a real Claude Code
// session carries the old text: the view /ai replaces the context with,
// and the output of `ai memory view` the agent runs itself. The same
// for a note removed or corrected with ai notes rm and edit, read with
// `ai notes zoom`. Before the corrections the same reads carry the old
// text, which proves the checks can fail.
func TestForgottenMemoryNeverReachesTheModel(t *testing.T) {
	t.Parallel()
	w, sid := slashWorld(t, "[chat]\nbackground = false\n")
	proj := w.env.Project
	aiBin := cctest.Bin(t, "ai")
	w.ai(t, proj, "notes", "add", "ops", "The moon is made of cheese.", "--title", "Moon cheese")
	w.ai(t, proj, "notes", "add", "ops", "Staging runs in eu-west-1.", "--title", "Staging region")
	reads := "read [[bash: " + aiBin + " memory view]] [[bash: " + aiBin + " notes zoom ops]] [[bash: " + aiBin + " notes grep 'cheese|eu-']]"

	// What the agent reads itself, before and after.
	w.claude(t, proj, "before "+reads, "--session-id", sid)
	before := strings.Join(resultsFor(t, w, "before "+reads), "\n")
	for _, s := range []string{"staging lives in eu-west-1", `the deploy needs the VPN\n`, "Moon cheese", "made of cheese", "Staging runs in eu-west-1"} {
		if !strings.Contains(before, s) {
			t.Fatalf("before the corrections the reads lack %q:\n%s", s, before)
		}
	}
	w.ai(t, proj, "memory", "forget", "1", "--yes")
	w.ai(t, proj, "memory", "edit", "0", "the deploy needs the VPN and a token", "--yes")
	cheese := noteID(t, w.ai(t, proj, "notes", "grep", "cheese"))
	staging := noteID(t, w.ai(t, proj, "notes", "grep", "Staging"))
	w.ai(t, proj, "notes", "rm", cheese, "--yes")
	w.ai(t, proj, "notes", "edit", staging, "Staging runs in eu-central-1.", "--title", "Staging region", "--yes")

	w.claude(t, proj, "after "+reads, "--resume", sid)
	after := strings.Join(resultsFor(t, w, "after "+reads), "\n")
	checkCorrected(t, "the agent's own reads", after, true)
	if !strings.Contains(after, "eu-central-1") {
		t.Errorf("the corrected note does not reach the model:\n%s", after)
	}

	// The view /ai replaces the context with.
	w.claude(t, proj, "/ai attach dev", "--resume", sid)
	res := w.claude(t, proj, "/ai", "--resume", sid)
	w.claude(t, proj, "after the view", "--resume", sid)
	r, ok := firstRequestWith(w.api, "after the view")
	if !ok {
		t.Fatalf("no request after /ai (/ai said %s)", res.Stdout)
	}
	// The view comes in /ai's first message, or in the one tool result
	// of the ai view call that follows it.
	sent := strings.Join(append([]string{firstMessage(r)}, toolResultsAfter(r, -1)...), "\n")
	if !strings.Contains(sent, thread.ViewMarker) || !strings.Contains(sent, "# memory: 2 notes") {
		t.Fatalf("the request after /ai does not carry the view:\n%s", sent)
	}
	// (The thread's lines quote the first turn's reply, the notes it
	// read then: history ai notes rm does not rewrite.)
	checkCorrected(t, "the /ai view", sent, false)
}

// checkCorrected asserts that text carries the corrected memory, not
// the forgotten or replaced lines, nor (withNotes) the removed and
// replaced notes.
func checkCorrected(t *testing.T, what, text string, withNotes bool) {
	t.Helper()
	// The old line, ended as a view ends it, in the raw text or in JSON.
	gone := []string{"staging lives in eu-west-1", "the deploy needs the VPN\n", `the deploy needs the VPN\n`}
	if withNotes {
		gone = append(gone, "Moon cheese", "made of cheese", "Staging runs in eu-west-1")
	}
	for _, gone := range gone {
		if strings.Contains(text, gone) {
			t.Errorf("%s still carry %q:\n%s", what, gone, text)
		}
	}
	for _, s := range []string{"the deploy needs the VPN and a token", "#1 "} {
		if !strings.Contains(text, s) {
			t.Errorf("%s lack %q:\n%s", what, s, text)
		}
	}
}

// resultsFor are the tool results that answered prompt's tool calls:
// those after prompt in the last request that holds it.
func resultsFor(t *testing.T, w *agentWorld, prompt string) []string {
	t.Helper()
	var got []string
	for _, r := range w.api.MessageRequests() {
		at := -1
		for i, m := range r.Messages() {
			if m["role"] == "user" && strings.Contains(messageText(m), prompt) {
				at = i
			}
		}
		if at >= 0 {
			got = toolResultsAfter(r, at)
		}
	}
	if len(got) == 0 {
		t.Fatalf("no tool results reached the model for %q", prompt)
	}
	return got
}

// noteID is the id in the first line of `ai notes grep` output.
func noteID(t *testing.T, grep string) string {
	t.Helper()
	f := strings.Fields(grep)
	if len(f) < 2 || len(strings.TrimSuffix(f[1], ":")) != 12 {
		t.Fatalf("no note id in %q", grep)
	}
	return strings.TrimSuffix(f[1], ":")
}
