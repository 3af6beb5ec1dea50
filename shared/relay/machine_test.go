package relay

import (
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// step is one call of a scenario and what must come of it.
type step struct {
	call    Call
	after   time.Duration // clock advance before the call
	written bool          // the note has been written since the request
	dead    string        // this window has died before the call
	action  Action
	phase   Phase
	prompts []string
	notice  string // a substring of the notice; "" = no check
	from    string // the conversation an Inject names as the note's writer; "" = no check
}

var t0 = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

const (
	winA = "1001"
	winB = "1002"
)

func turn(sid, win string, tokens int64) Call {
	return Call{Event: TurnEnd, SID: sid, Window: win, Driver: Module, Tokens: tokens}
}

func stopTurn(sid, win string, tokens int64) Call {
	return Call{Event: TurnEnd, SID: sid, Window: win, Driver: StopHook, Tokens: tokens}
}

func typed(sid, win, text string) Call {
	return Call{Event: Prompt, SID: sid, Window: win, Driver: Module, Text: text}
}

func cleared(sid, win string) Call {
	return Call{Event: Cleared, SID: sid, Window: win, Driver: Module}
}

func start(sid, win, source string) Call {
	return Call{Event: StartedUp, SID: sid, Window: win, Driver: StopHook, Source: source}
}

// helds are the keepers of the tests, one each.
var helds sync.Map

// testHeld is the test's keeper of held prompts, the same at every call.
func testHeld(t *testing.T) Held {
	h, _ := helds.LoadOrStore(t, Held{Dir: filepath.Join(t.TempDir(), "held")})
	return h.(Held)
}

// run plays the steps on one fresh project state.
func run(t *testing.T, set Settings, steps []step) *State {
	t.Helper()
	st := newState("/p")
	held := testHeld(t)
	now, written := t0, time.Time{}
	dead := map[string]bool{}
	for i, s := range steps {
		now = now.Add(s.after)
		if s.written {
			written = now
		}
		if s.dead != "" {
			dead[s.dead] = true
		}
		m := &Machine{St: st, Set: set, Note: "/p/state.md", Now: now,
			Written:  func(since time.Time) bool { return !written.IsZero() && !written.Before(since) },
			Alive:    func(w string) bool { return !dead[w] },
			Handover: func(tokens, base int64) string { return HandoverText(set, "/p/state.md", tokens, base) }, Held: held}
		var a Answer
		if set.Enabled {
			a = m.Apply(s.call)
		} else {
			a = m.Disabled(s.call)
		}
		if a.Action != s.action || s.phase != "" && st.Phase != s.phase {
			t.Fatalf("step %d (%s %s): action %s phase %s, want %s %s (notice %q)", i, s.call.Event, s.call.SID, a.Action, st.Phase, s.action, s.phase, a.Notice)
		}
		if s.prompts != nil && !slices.Equal(a.Prompts, s.prompts) {
			t.Fatalf("step %d: prompts %q, want %q", i, a.Prompts, s.prompts)
		}
		if s.from != "" && a.From != s.from {
			t.Fatalf("step %d: the note's writer %q, want %q", i, a.From, s.from)
		}
		if !strings.Contains(a.Notice, s.notice) {
			t.Fatalf("step %d: notice %q lacks %q", i, a.Notice, s.notice)
		}
	}
	return st
}

func settings() Settings {
	return Settings{Enabled: true, Margin: 40_000, StateFile: "state.md", Format: "markdown", Timeout: 10 * time.Minute}
}

func TestMachine(t *testing.T) {
	tests := []struct {
		name   string
		steps  []step
		relays int
	}{
		{name: "module relay end to end, a held prompt sent once after the resume", relays: 1, steps: []step{
			{call: turn("s1", winA, 20_000), action: None, phase: Armed},
			{call: turn("s1", winA, 59_999), action: None, phase: Armed},
			{call: turn("s1", winA, 60_000), action: Handover, phase: Writing, notice: "writing its hand-over note"},
			{call: typed("s1", winA, "and then fix the tests"), action: Hold, notice: "held"},
			{call: turn("s1", winA, 61_000), written: true, action: Clear, phase: Clearing},
			{call: cleared("s2", winA), action: Resume, phase: Resumed},
			{call: typed("s2", winA, "also the docs"), action: Hold},
			{call: turn("s2", winA, 25_000), action: Resend, phase: Armed, prompts: []string{"and then fix the tests", "also the docs"}, notice: "Relay done"},
			{call: turn("s2", winA, 30_000), action: None, phase: Armed},
			{call: turn("s2", winA, 65_000), action: Handover, phase: Writing},
		}},
		{name: "a start above any fixed threshold does not loop", relays: 1, steps: []step{
			{call: turn("s1", winA, 500_000), action: None, phase: Armed},
			{call: turn("s1", winA, 530_000), action: None, phase: Armed},
			{call: turn("s1", winA, 540_000), action: Handover, phase: Writing},
			{call: turn("s1", winA, 541_000), written: true, action: Clear},
			{call: cleared("s2", winA), action: Resume},
			{call: turn("s2", winA, 450_000), action: None, phase: Armed},
			{call: turn("s2", winA, 460_000), action: None, phase: Armed},
			{call: turn("s2", winA, 489_999), action: None, phase: Armed},
		}},
		{name: "the hand-over turn ends without a note: called off at once, held prompts sent", steps: []step{
			{call: turn("s1", winA, 10_000), action: None},
			{call: turn("s1", winA, 50_000), action: Handover, phase: Writing},
			{call: typed("s1", winA, "meanwhile"), action: Hold},
			{call: Call{Event: TurnEnd, SID: "s1", Window: winA, Driver: Module, Tokens: 12_000, Handover: true}, action: Resend, phase: Armed, prompts: []string{"meanwhile"}, notice: "the hand-over turn ended without the note"},
			{call: typed("s1", winA, "passes"), action: None},
			{call: turn("s1", winA, 89_999), action: None, phase: Armed},
			{call: turn("s1", winA, 90_000), action: Handover},
		}},
		{name: "unmarked turn ends without a note: called off after two, no relay until the margin again", steps: []step{
			{call: turn("s1", winA, 10_000), action: None},
			{call: typed("s1", winA, "early"), action: None},
			{call: turn("s1", winA, 50_000), action: Handover, phase: Writing},
			{call: typed("s1", winA, "meanwhile"), action: Hold},
			{call: turn("s1", winA, 51_000), action: None, phase: Writing},
			{call: turn("s1", winA, 52_000), action: Resend, phase: Armed, prompts: []string{"meanwhile"}, notice: "called off"},
			{call: turn("s1", winA, 60_000), action: None, phase: Armed},
			{call: turn("s1", winA, 92_000), action: Handover},
		}},
		{name: "stop hook fallback: block, tell to /clear, inject at SessionStart(clear)", relays: 1, steps: []step{
			{call: stopTurn("s1", winA, 30_000), action: None},
			{call: stopTurn("s1", winA, 70_000), action: Handover, phase: Writing},
			{call: stopTurn("s1", winA, 71_000), written: true, action: None, phase: Clearing, notice: "Type /clear"},
			{call: stopTurn("s1", winA, 72_000), action: None, phase: Clearing, notice: "Type /clear"},
			{call: start("s2", winA, "clear"), action: Inject, phase: Resumed, from: "s1"},
			{call: stopTurn("s2", winA, 20_000), action: None, phase: Armed, notice: "Relay done"},
		}},
		{name: "stop hook fallback in claude -p: every turn another process", relays: 1, steps: []step{
			{call: stopTurn("s1", "2001", 30_000), action: None},
			{call: stopTurn("s1", "2002", 70_000), dead: "2001", action: Handover, phase: Writing},
			{call: stopTurn("s1", "2002", 71_000), written: true, action: None, phase: Clearing},
			{call: stopTurn("s1", "2003", 71_500), dead: "2002", action: None, phase: Clearing, notice: "Type /clear"},
			{call: start("s2", "2004", "clear"), dead: "2003", action: Inject, phase: Resumed},
			{call: stopTurn("s2", "2005", 20_000), dead: "2004", action: None, phase: Armed, notice: "Relay done"},
		}},
		{name: "no relay starts on a stop that another block continues", steps: []step{
			{call: stopTurn("s1", winA, 30_000), action: None},
			{call: Call{Event: TurnEnd, SID: "s1", Window: winA, Driver: StopHook, Tokens: 90_000, Continuing: true}, action: None, phase: Armed},
			{call: stopTurn("s1", winA, 90_000), action: Handover},
		}},
		{name: "a phase that outlasts the timeout is called off, the owner is told", steps: []step{
			{call: turn("s1", winA, 30_000), action: None},
			{call: turn("s1", winA, 80_000), action: Handover},
			{call: typed("s1", winA, "held one"), action: Hold},
			{call: turn("s9", winB, 5_000), after: 11 * time.Minute, action: None, phase: Armed},
			{call: typed("s1", winA, "next"), action: Resend, prompts: []string{"held one"}, notice: "no progress for 10m0s in phase writing"},
			{call: turn("s1", winA, 81_000), action: None, phase: Armed},
		}},
		{name: "crash between clear and resume: the next session adopts the note", relays: 1, steps: []step{
			{call: turn("s1", winA, 30_000), action: None},
			{call: turn("s1", winA, 80_000), action: Handover},
			{call: turn("s1", winA, 80_500), written: true, action: Clear, phase: Clearing},
			{call: start("s5", winB, "startup"), dead: winA, action: Inject, phase: Resumed, from: "s1"},
			{call: turn("s5", winB, 22_000), action: None, phase: Armed, notice: "Relay done"},
		}},
		{name: "a dead writer frees the project for another window", steps: []step{
			{call: turn("s1", winA, 30_000), action: None},
			{call: turn("s1", winA, 80_000), action: Handover, phase: Writing},
			{call: typed("s1", winA, "lost with its window"), action: Hold},
			{call: turn("s7", winB, 10_000), dead: winA, action: None, phase: Armed},
			{call: turn("s7", winB, 60_000), action: Handover, phase: Writing},
		}},
		{name: "the module's process died mid-relay: the next run of the conversation is not held", steps: []step{
			{call: turn("s1", "3001", 30_000), action: None},
			{call: turn("s1", "3001", 80_000), action: Handover, phase: Writing},
			{call: typed("s1", "3002", "claude -p --resume s1"), dead: "3001", action: None, phase: Armed, notice: "the window running it is gone"},
		}},
		{name: "two windows on one project: one relay at a time, nothing crosses over", relays: 1, steps: []step{
			{call: turn("a1", winA, 30_000), action: None},
			{call: turn("b1", winB, 30_000), action: None},
			{call: turn("a1", winA, 75_000), action: Handover, phase: Writing},
			{call: turn("b1", winB, 90_000), action: None, phase: Writing},
			{call: typed("b1", winB, "not held"), action: None},
			{call: turn("a1", winA, 76_000), written: true, action: Clear, phase: Clearing},
			{call: start("b2", winB, "clear"), action: None, phase: Clearing},
			{call: cleared("b2", winB), action: None, phase: Clearing},
			{call: cleared("a2", winA), action: Resume, phase: Resumed},
			{call: turn("a2", winA, 20_000), action: None, phase: Armed},
			{call: turn("b1", winB, 91_000), action: Handover},
		}},
		{name: "the clear is retried when a turn ends before it happened", steps: []step{
			{call: turn("s1", winA, 30_000), action: None},
			{call: turn("s1", winA, 80_000), action: Handover},
			{call: turn("s1", winA, 80_100), written: true, action: Clear},
			{call: turn("s1", winA, 80_200), action: Clear, phase: Clearing},
		}},
		{name: "SessionStart(clear) before the module's report: both resume the same conversation", relays: 1, steps: []step{
			{call: turn("s1", winA, 30_000), action: None},
			{call: turn("s1", winA, 80_000), action: Handover},
			{call: turn("s1", winA, 80_100), written: true, action: Clear},
			{call: start("s2", winA, "clear"), action: Inject, phase: Resumed},
			{call: cleared("s2", winA), action: Resume, phase: Resumed},
			{call: turn("s2", winA, 21_000), action: None, phase: Armed},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := run(t, settings(), tc.steps)
			if st.Relays != tc.relays {
				t.Errorf("relays = %d, want %d", st.Relays, tc.relays)
			}
		})
	}
}

func TestMachineHeldLimits(t *testing.T) {
	steps := []step{
		{call: turn("s1", winA, 30_000), action: None},
		{call: turn("s1", winA, 80_000), action: Handover},
		{call: typed("s1", winA, strings.Repeat("x", maxHeldBytes+1)), action: None, notice: "could not be held (the prompt is over 256 KB): it goes to the current conversation"},
	}
	for i := 0; i < maxHeld; i++ {
		steps = append(steps, step{call: typed("s1", winA, "p"), action: Hold})
	}
	steps = append(steps, step{call: typed("s1", winA, "one too many"), action: None, notice: "could not be held (20 prompts are held already)"})
	run(t, settings(), steps)
}

func TestMachineDisabled(t *testing.T) {
	set := settings()
	st := run(t, set, []step{
		{call: turn("s1", winA, 30_000), action: None},
		{call: turn("s1", winA, 80_000), action: Handover},
		{call: typed("s1", winA, "kept"), action: Hold},
	})
	set.Enabled = false
	m := &Machine{St: st, Set: set, Now: t0, Alive: func(string) bool { return true }, Held: testHeld(t)}
	a := m.Disabled(turn("s1", winA, 90_000))
	if a.Action != Resend || !slices.Equal(a.Prompts, []string{"kept"}) || st.Phase != Armed || !strings.Contains(a.Notice, "relay.enabled was turned off") {
		t.Fatalf("disabling mid-relay: %+v, phase %s", a, st.Phase)
	}
	if a := m.Disabled(turn("s1", winA, 200_000)); a.Action != None {
		t.Fatalf("disabled relay acted: %+v", a)
	}
}

func TestReset(t *testing.T) {
	st := run(t, settings(), []step{
		{call: turn("s1", winA, 30_000), action: None},
		{call: turn("s1", winA, 80_000), action: Handover, phase: Writing},
	})
	if was := Reset(st, t0); was != Writing || st.Phase != Armed {
		t.Fatalf("reset from %s left phase %s", was, st.Phase)
	}
	if last := st.History[len(st.History)-1]; last.Event != "called off" {
		t.Fatalf("history lacks the reset: %+v", last)
	}
}

func TestHistoryAndConversationsCapped(t *testing.T) {
	var steps []step
	for i := 0; i < maxConvs+10; i++ {
		sid := "c" + strings.Repeat("x", i)
		steps = append(steps, step{call: turn(sid, winA, 30_000), action: None, after: time.Second})
	}
	st := run(t, settings(), steps)
	if len(st.Convs) != maxConvs {
		t.Fatalf("%d conversations kept, want %d", len(st.Convs), maxConvs)
	}
	if _, ok := st.Convs["c"]; ok {
		t.Fatal("the oldest conversation was kept")
	}
	for i := 0; i < maxHistory+5; i++ {
		st.log(t0, "s", "e", 0, "%d", i)
	}
	if len(st.History) != maxHistory || st.History[len(st.History)-1].Detail != "54" {
		t.Fatalf("history = %d entries, last %+v", len(st.History), st.History[len(st.History)-1])
	}
}
