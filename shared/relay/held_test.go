package relay

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// relaying starts a module relay of conversation s1 in window "1".
func relaying(t *testing.T, w *world) {
	t.Helper()
	w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 10_000, Window: "1"})
	if a := w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 60_000, Window: "1"}); a.Action != Handover {
		t.Fatalf("no relay: %+v", a)
	}
}

// hold types text in the relaying window.
func (w *world) hold(t *testing.T, text string) Answer {
	t.Helper()
	a, err := w.deps.Apply(w.root, Call{Event: Prompt, SID: "s1", Window: "1", Driver: Module, Text: text})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// finishRelay writes the note, clears and ends the fresh conversation's
// first turn; it returns that turn's answer.
func finishRelay(t *testing.T, w *world) Answer {
	t.Helper()
	must(t, os.WriteFile(w.deps.Set.NotePath(w.root), []byte("- next: go on\n"), 0o644))
	if a := w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 61_000, Window: "1", Handover: true}); a.Action != Clear {
		t.Fatalf("note written: %+v", a)
	}
	if a := w.ask(t, Request{Event: "cleared", SID: "s2", Window: "1"}); a.Action != Resume {
		t.Fatalf("cleared: %+v", a)
	}
	return w.ask(t, Request{Event: "turn", SID: "s2", Tokens: 20_000, Window: "1"})
}

// TestHeldPromptsSurvive: 3 prompts of 250 KB and 17 smaller ones, of
// text JSON escapes six times over, are all held (the state file stays
// small: they are kept apart), and sent again after the resume, in order
// and unchanged; nothing is left behind. Held inline, they took the
// state past its 4 MB cap and were all lost.
func TestHeldPromptsSurvive(t *testing.T) {
	w := newWorld(t)
	relaying(t, w)
	var want []string
	for i := range 20 {
		n := 60 << 10
		if i < 3 {
			n = 250 << 10
		}
		text := fmt.Sprintf("%d:", i) + strings.Repeat("\x01<\"\u2028", n/7)
		if a := w.hold(t, text); a.Action != Hold || !strings.Contains(a.Notice, "held and will be sent again") {
			t.Fatalf("prompt %d: %+v", i, a.Action)
		}
		want = append(want, text)
	}
	if fi, err := os.Stat(w.deps.Store.Path(w.root)); err != nil || fi.Size() > 64<<10 {
		t.Fatalf("state file %v, %v: want it small", fi.Size(), err)
	}
	a := finishRelay(t, w)
	if a.Action != Resend || !slices.Equal(a.Prompts, want) {
		t.Fatalf("after the resume: %s with %d prompts, want all %d back unchanged", a.Action, len(a.Prompts), len(want))
	}
	if _, err := os.Stat(w.deps.Store.Held(w.root).Dir); !os.IsNotExist(err) {
		t.Errorf("held prompts left behind: %v", err)
	}
}

// TestHeldRefusedTruthfully: a prompt the relay cannot keep (past the
// caps, or where nothing can be written) is not held: the answer lets it
// through to the current conversation and says why; what was held
// before still comes back.
func TestHeldRefusedTruthfully(t *testing.T) {
	w := newWorld(t)
	relaying(t, w)
	big := strings.Repeat("x", 250<<10)
	var kept int
	for {
		a := w.hold(t, big)
		if a.Action != Hold {
			if !strings.Contains(a.Notice, "could not be held") || !strings.Contains(a.Notice, "it goes to the current conversation") {
				t.Fatalf("refusal: %+v", a)
			}
			break
		}
		kept++
	}
	if kept != maxHeldTotal/len(big) {
		t.Errorf("%d held before the refusal, want %d", kept, maxHeldTotal/len(big))
	}
	if a := finishRelay(t, w); a.Action != Resend || len(a.Prompts) != kept {
		t.Fatalf("after the resume: %s with %d prompts, want %d", a.Action, len(a.Prompts), kept)
	}

	// A file where the held prompts' folder goes is moved aside (the
	// state folder heals), and the prompt is held.
	w2 := newWorld(t)
	relaying(t, w2)
	dir := w2.deps.Store.Held(w2.root).Dir
	must(t, os.WriteFile(dir, []byte("not a directory"), 0o600))
	if a := w2.hold(t, "hello"); a.Action != Hold {
		t.Fatalf("over a file where the folder goes: %+v", a)
	}
	if aside, _ := filepath.Glob(dir + ".damaged-*"); len(aside) != 1 {
		t.Errorf("the file at %s was not moved aside: %v", dir, aside)
	}
}

// TestHeldSurviveADamagedState: when the state file has to be replaced
// mid-relay, the prompts it held are found beside it and go back to
// their conversation at its next call.
func TestHeldSurviveADamagedState(t *testing.T) {
	w := newWorld(t)
	relaying(t, w)
	w.hold(t, "first")
	w.hold(t, "second")
	must(t, os.WriteFile(w.deps.Store.Path(w.root), []byte("{damaged"), 0o600))
	a := w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 61_000, Window: "1"})
	if a.Action != Resend || !slices.Equal(a.Prompts, []string{"first", "second"}) {
		t.Fatalf("after the damage: %+v", a)
	}
}

// TestDamagedPhaseHeals: a state no version writes (an unknown phase or
// driver, a phase that began in the future) is called off to armed at
// the next call, the owner told why and given back what was held.
func TestDamagedPhaseHeals(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(st *State)
		why  string
	}{
		{"unknown phase", func(st *State) { st.Phase = "bogus" }, `unknown phase "bogus"`},
		{"unknown driver", func(st *State) { st.Driver = "robot" }, `unknown driver "robot"`},
		{"phase from the future", func(st *State) { st.Since = st.Since.Add(24 * 365 * time.Hour) }, "began in the future"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t)
			relaying(t, w)
			w.hold(t, "kept")
			must(t, w.deps.Store.Update(w.root, w.clock, c.edit))
			a := w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 61_000, Window: "1"})
			st, err := w.deps.Store.Load(w.root)
			if err != nil || st.Phase != Armed || a.Action != Resend || !slices.Equal(a.Prompts, []string{"kept"}) || !strings.Contains(a.Notice, c.why) {
				t.Fatalf("healed to %v (%v): %+v", st.Phase, err, a)
			}
		})
	}
}
