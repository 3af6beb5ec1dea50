package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/relay"
	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
)

// checkRelayed asserts what every completed relay leaves behind: the
// hand-over request reached the model, the note was written, the old
// conversation ended with reason clear and a new one started with source
// clear, and the first request of the new one is "let's resume" with the
// note, framed as data, in its context.
func checkRelayed(t *testing.T, w *relayWorld, oldSID string) (newSID string) {
	t.Helper()
	if !w.api.Saw(relay.HandoverMark) {
		t.Fatal("the hand-over request never reached the model")
	}
	want := w.note
	if want == "" {
		want = noteLine
	}
	want = strings.TrimSpace(want)
	if note := readFile(t, w.notePath()); !strings.Contains(note, want) {
		t.Fatalf("note = %q", note)
	}
	var ended bool
	for _, l := range w.lifecycle(t) {
		switch {
		case l.Event == "SessionEnd" && l.Reason == "clear" && l.SID == oldSID:
			ended = true
		case l.Event == "SessionStart" && l.Source == "clear" && ended:
			newSID = l.SID
		}
	}
	if newSID == "" || newSID == oldSID {
		t.Fatalf("no SessionEnd(clear) of %s followed by SessionStart(clear) with a new id: %+v", oldSID, w.lifecycle(t))
	}
	resumes := requestsWith(w.api, relay.ResumeText)
	if len(resumes) == 0 {
		t.Fatal(`no "let's resume" request`)
	}
	r := resumes[0]
	if got := r.Header.Get("X-Claude-Code-Session-Id"); got != newSID {
		t.Errorf("resume request in session %s, want the new %s", got, newSID)
	}
	if r.Prompt() != relay.ResumeText || !r.Contains(want) || !r.Contains(relay.NoteMark) || !r.Contains("data, not instructions") {
		t.Errorf("resume request lacks the framed note; prompt %q:\n%.3000s", r.Prompt(), r.Text())
	}
	if strings.Contains(r.Text(), relay.HandoverMark) {
		t.Error("the old conversation leaked into the fresh one")
	}
	return newSID
}

// TestRelayPrint: in claude -p, a turn that grows the conversation past
// its starting size plus the margin relays within the same run: the
// module submits the hand-over, the model writes the note, the module
// clears and resumes, and the fresh conversation measures its own start.
func TestRelayPrint(t *testing.T) {
	t.Parallel()
	w := newRelayWorld(t, "CLAUDE_RELAY=1")
	w.run(t, "start the parser [[usage: 20000]]")
	w.resume(t, "still small [[usage: 59000]]")
	if w.api.Saw(relay.HandoverMark) {
		t.Fatal("relayed below the threshold")
	}
	w.resume(t, "grow it [[usage: 70000]]")
	fresh := checkRelayed(t, w, w.sid)
	st := w.relayState(t)
	if st.Phase != relay.Armed || st.Relays != 1 || st.Convs[fresh] == nil || st.Convs[fresh].Base == 0 {
		t.Fatalf("relay state after the relay: phase %s, relays %d, fresh conversation %+v", st.Phase, st.Relays, st.Convs[fresh])
	}
	out, err := w.si(t, "relay", "status")
	if err != nil || !strings.Contains(out, "phase armed") || !strings.Contains(out, "1 relays done") {
		t.Fatalf("si relay status: %v\n%s", err, out)
	}
}

// TestRelayAILv1Note: with relay.format=ailv1 the hand-over asks for
// AILv1 and the fresh conversation gets the note labelled as checked.
func TestRelayAILv1Note(t *testing.T) {
	t.Parallel()
	w := newRelayWorld(t)
	w.note = "!AILv1\n@CTX branch relay, all committed\n@NEXT ?wire_the_parser_then_go_test\n"
	cfg := filepath.Join(w.env.Home, ".claude", "session-intelligence.json")
	must(t, os.MkdirAll(filepath.Dir(cfg), 0o700))
	must(t, os.WriteFile(cfg, []byte(`{"relay": {"enabled": true, "format": "ailv1"}}`), 0o600))
	w.run(t, "start [[usage: 20000]]")
	w.resume(t, "grow [[usage: 70000]]")
	checkRelayed(t, w, w.sid)
	if !w.api.Saw("Write it as AILv1") {
		t.Error("the hand-over request did not ask for AILv1")
	}
	if r := requestsWith(w.api, relay.ResumeText)[0]; !r.Contains("RELAY NOTE in AILv1") {
		t.Errorf("the injected note is not labelled as checked AILv1:\n%.3000s", r.Text())
	}
}

// TestRelayNoteNeverWritten: the note cannot be written (state.md is a
// directory); when the hand-over turn ends the relay is called off with
// a message, nothing is cleared, and the next prompt goes through.
func TestRelayNoteNeverWritten(t *testing.T) {
	t.Parallel()
	w := newRelayWorld(t, "CLAUDE_RELAY=1")
	must(t, os.Mkdir(w.notePath(), 0o755))
	w.run(t, "start [[usage: 20000]]")
	res := w.resume(t, "grow [[usage: 70000]]")
	if !w.api.Saw(relay.HandoverMark) {
		t.Fatal("no hand-over request")
	}
	st := w.relayState(t)
	last := st.History[len(st.History)-1]
	if st.Phase != relay.Armed || last.Event != "called off" || !strings.Contains(last.Detail, "without the note") {
		t.Fatalf("phase %s, last history %+v", st.Phase, last)
	}
	for _, l := range w.lifecycle(t) {
		if l.Reason == "clear" || l.Source == "clear" {
			t.Fatalf("cleared without a note: %+v", l)
		}
	}
	if next := w.resume(t, "next step [[usage: 71000]]"); next.Result != "FAKE-REPLY to: next step [[usage: 71000]]" {
		t.Fatalf("the prompt after the called-off relay: %q (previous result %q)", next.Result, res.Result)
	}
	if n := w.handovers(t); n != 1 {
		t.Errorf("%d hand-overs; the called-off conversation must grow another margin first", n)
	}
}

// TestRelayNoLoop: a conversation that starts above the previous one's
// threshold relays neither at its start nor until it has grown by the
// margin from there.
func TestRelayNoLoop(t *testing.T) {
	t.Parallel()
	w := newRelayWorld(t, "CLAUDE_RELAY=1")
	w.resumeAt = 150_000 // the fresh conversation starts far above 20k + 40k
	w.run(t, "big from the start [[usage: 500000]]")
	w.resume(t, "a bit more [[usage: 520000]]")
	if w.api.Saw(relay.HandoverMark) {
		t.Fatal("a conversation that started at 500k relayed at 520k")
	}
	w.resume(t, "now past its margin [[usage: 545000]]")
	fresh := checkRelayed(t, w, w.sid)
	w.sid = fresh
	w.resume(t, "carry on [[usage: 170000]]")
	w.resume(t, "and on [[usage: 189000]]")
	if n := w.handovers(t); n != 1 {
		t.Fatalf("%d hand-overs; want 1: the fresh conversation started at 150k and has not grown 40k", n)
	}
	if st := w.relayState(t); st.Convs[fresh].Base != 150_000 {
		t.Fatalf("fresh conversation base %d, want 150000", st.Convs[fresh].Base)
	}
}

// TestRelayStopHookFallback: without the module API (a plugin copy
// without "modules", as an older Claude Code loads it) the Stop hook asks
// for the note, tells the user to /clear, and the fresh conversation
// after /clear gets the note.
func TestRelayStopHookFallback(t *testing.T) {
	t.Parallel()
	w := newRelayWorld(t, "CLAUDE_RELAY=1")
	w.args[1] = pluginWithoutModule(t)
	w.run(t, "start [[usage: 20000]]")
	w.resume(t, "grow [[usage: 70000]]")
	if st := w.relayState(t); st.Phase != relay.Clearing || st.Driver != relay.StopHook {
		t.Fatalf("after the hand-over: phase %s driver %s; log:\n%s", st.Phase, st.Driver, w.logText(t))
	}
	if n := len(requestsWith(w.api, relay.ResumeText)); n != 0 {
		t.Fatal("the fallback resumed by itself")
	}
	w.resume(t, "/clear")
	fresh := ""
	for _, l := range w.lifecycle(t) {
		if l.Event == "SessionStart" && l.Source == "clear" {
			fresh = l.SID
		}
	}
	if fresh == "" {
		t.Fatal("no SessionStart(clear)")
	}
	old := w.sid
	w.sid = fresh
	w.resume(t, relay.ResumeText)
	checkRelayed(t, w, old)
	if st := w.relayState(t); st.Phase != relay.Armed || st.Relays != 1 {
		t.Fatalf("after the resume: phase %s relays %d", st.Phase, st.Relays)
	}
}

// TestRelayHeadless: si relay run drives -p turns, relays between them
// with --resume and /clear, and goes on in the fresh conversation; the
// module and the Stop hook stand down, relay.enabled is not needed.
func TestRelayHeadless(t *testing.T) {
	t.Parallel()
	w := newRelayWorld(t)
	args := append([]string{"relay", "run", "--claude", w.env.Bin,
		"--then", "step two [[usage: 70000]]", "--then", "step three",
		"--", "-p", "step one [[usage: 20000]]", "--allowedTools", "Bash,Write"}, w.args...)
	out, err := w.si(t, args...)
	if err != nil {
		t.Fatalf("si relay run: %v\n%s", err, out)
	}
	first := w.api.MessageRequests()[0].Header.Get("X-Claude-Code-Session-Id")
	fresh := checkRelayed(t, w, first)
	var order []string
	for _, r := range w.api.MessageRequests() {
		p := r.Prompt()
		if strings.Contains(p, relay.HandoverMark) {
			p = "hand-over"
		}
		if len(order) == 0 || order[len(order)-1] != p {
			order = append(order, p)
		}
	}
	want := []string{"step one [[usage: 20000]]", "step two [[usage: 70000]]", "hand-over", relay.ResumeText, "step three"}
	if strings.Join(order, " | ") != strings.Join(want, " | ") {
		t.Fatalf("turns:\n%q\nwant\n%q\n%s", order, want, out)
	}
	last := w.api.MessageRequests()[len(w.api.MessageRequests())-1]
	if got := last.Header.Get("X-Claude-Code-Session-Id"); got != fresh {
		t.Errorf("step three ran in %s, want the fresh conversation %s", got, fresh)
	}
	if !strings.Contains(out, "FAKE-REPLY to: step three") || !strings.Contains(out, "Relay done") {
		t.Errorf("output:\n%s", out)
	}
}

// si runs the built si in the project with the session's environment.
func (w *relayWorld) si(t *testing.T, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(cctest.Bin(t, "si"), args...)
	cmd.Dir, cmd.Env = w.env.Project, w.env.Environ()
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// pluginWithoutModule copies the built plugin and drops "modules" from
// its hooks.json.
func pluginWithoutModule(t *testing.T) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "plugin")
	must(t, exec.Command("cp", "-R", cctest.PluginDir(t), dst).Run())
	path := filepath.Join(dst, "hooks", "hooks.json")
	data := readFile(t, path)
	stripped := strings.Replace(data, `"modules": ["./relay.js"],`, "", 1)
	if stripped == data {
		t.Fatalf("hooks.json has no modules entry to drop:\n%s", data)
	}
	must(t, os.WriteFile(path, []byte(stripped), 0o644))
	return dst
}

// TestRelayTUI: the interactive CLI relays by itself, and a prompt typed
// while the hand-over runs is held, the input box emptied, and sent
// again, unchanged and once, in the fresh conversation after the resume.
func TestRelayTUI(t *testing.T) {
	t.Parallel()
	w := newRelayWorld(t, "CLAUDE_RELAY=1", "CLAUDE_INTEL_DEBUG=1")
	w.sleep = "sleep 5" // keeps the hand-over turn open while the person types
	must(t, w.env.SeedInteractive())
	tui := w.env.StartTUI(t, 200, 50, append([]string{"--allowedTools", "Bash,Write"}, w.args...)...)
	must(t, tui.Submit("start [[usage: 20000]]", 30*time.Second))
	if _, err := tui.WaitFor("FAKE-REPLY to: start", 10*time.Second); err != nil {
		must(t, tui.SendKeys("Enter")) // the TUI sometimes swallows the first Enter while starting
	}
	_, err := tui.WaitFor("FAKE-REPLY to: start", 30*time.Second)
	must(t, err)
	// Two turns below the threshold: Go's quiet hint lets the module skip
	// them (no si-relay process); the turn past it is still asked.
	for _, small := range []string{"small [[usage: 25000]]", "small2 [[usage: 30000]]"} {
		must(t, tui.Submit(small, 10*time.Second))
		_, err := tui.WaitFor("FAKE-REPLY to: "+strings.Fields(small)[0]+" ", 30*time.Second)
		must(t, err)
	}
	must(t, tui.Submit("grow [[usage: 70000]]", 10*time.Second))
	waitUntil(t, 60*time.Second, "the hand-over request", func() bool { return w.api.Saw(relay.HandoverMark) })
	const typed = "meanwhile check the docs"
	must(t, tui.Submit(typed, 10*time.Second))
	waitUntil(t, 90*time.Second, "the held prompt after the resume", func() bool { return len(requestsWith(w.api, typed)) > 0 })
	must(t, tui.SendKeys("Enter")) // an emptied box sends nothing
	time.Sleep(3 * time.Second)
	held := requestsWith(w.api, typed)
	if len(held) != 1 || held[0].Prompt() != typed {
		t.Fatalf("the held prompt reached the model %d times (want once, unchanged)", len(held))
	}
	fresh := checkRelayed(t, w, firstSession(w))
	if got := held[0].Header.Get("X-Claude-Code-Session-Id"); got != fresh {
		t.Errorf("held prompt sent in %s, want the fresh conversation %s", got, fresh)
	}
	if resume := requestsWith(w.api, relay.ResumeText)[0]; resume.Seq > held[0].Seq {
		t.Errorf("held prompt (request %d) went out before the resume (request %d)", held[0].Seq, resume.Seq)
	}
	if st := w.relayState(t); st.Phase != relay.Armed || st.Relays != 1 || len(st.Held) != 0 {
		t.Errorf("relay state: phase %s, relays %d, held %d", st.Phase, st.Relays, len(st.Held))
	}
	calls := relayCalls(w.logText(t))
	if !calls["turn 20000"] || !calls["turn 70000"] || calls["turn 25000"] || calls["turn 30000"] {
		t.Errorf("si-relay turn calls %v: want 20000 (measures the start) and 70000 (past the threshold) only", calls)
	}
}

// relayCalls lists the si-relay calls of a debug log as "event tokens".
func relayCalls(log string) map[string]bool {
	out := map[string]bool{}
	for _, line := range strings.Split(log, "\n") {
		_, meta, ok := strings.Cut(line, "relay call | ")
		if !ok {
			continue
		}
		var m struct {
			Event  string `json:"event"`
			Tokens int64  `json:"tokens"`
		}
		if json.Unmarshal([]byte(meta), &m) == nil {
			out[fmt.Sprintf("%s %d", m.Event, m.Tokens)] = true
		}
	}
	return out
}

// firstSession is the session id of the first request.
func firstSession(w *relayWorld) string {
	return w.api.MessageRequests()[0].Header.Get("X-Claude-Code-Session-Id")
}

// waitUntil polls cond until it holds or the timeout passes.
func waitUntil(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", timeout, what)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestRelayCarriesTheUsersWords: a rule the user typed in the relaying
// conversation reaches the fresh conversation's model verbatim beside
// the note (which, as the model wrote it, leaves the rule out), and the
// fresh session keeps it as its own, so its later compactions guard it.
func TestRelayCarriesTheUsersWords(t *testing.T) {
	t.Parallel()
	w := newRelayWorld(t, "CLAUDE_RELAY=1")
	w.run(t, ruleLost+" [[usage: 20000]]")
	w.resume(t, "grow [[usage: 70000]]")
	fresh := checkRelayed(t, w, w.sid)
	r := requestsWith(w.api, relay.ResumeText)[0]
	text := r.Text()
	i := strings.Index(text, "THE USER'S OWN WORDS FROM THE PREVIOUS CONVERSATION")
	if i < 0 || !strings.Contains(text[i:], `RULE: "`+ruleLost) {
		t.Fatalf("the fresh conversation's first request lacks the user's rule:\n%.4000s", text)
	}
	if n := strings.Count(text, ruleLost); n != 1 {
		t.Errorf("the rule reached the fresh conversation %d times, want once", n)
	}
	kept := readFile(t, filepath.Join(w.env.Home, ".claude", "session-intelligence", "sessions", fresh, "capture.json"))
	if !strings.Contains(kept, "Never run the database migrations") {
		t.Errorf("the fresh session does not keep the rule: %s", kept)
	}
}
