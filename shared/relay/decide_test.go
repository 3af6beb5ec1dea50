package relay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/lock"
	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

// world is a scratch project and state root for decisions.
type world struct {
	root  string
	deps  Deps
	env   map[string]string
	clock time.Time
}

func newWorld(t *testing.T) *world {
	t.Helper()
	dir := t.TempDir()
	w := &world{root: filepath.Join(dir, "proj"), env: map[string]string{}, clock: time.Now()}
	must(t, os.MkdirAll(w.root, 0o755))
	w.deps = Deps{Store: NewStore(filepath.Join(dir, "state")), Set: settings(),
		Getenv: func(k string) string { return w.env[k] }, Now: func() time.Time { return w.clock }, Alive: Alive}
	return w
}

func (w *world) ask(t *testing.T, req Request) Answer {
	t.Helper()
	if req.Root == "" {
		req.Root = w.root
	}
	data, _ := json.Marshal(req)
	a, err := DecideJSON(w.deps, strings.NewReader(string(data)))
	if err != nil {
		t.Fatalf("decide %+v: %v", req, err)
	}
	return a
}

func TestDecideBadInput(t *testing.T) {
	w := newWorld(t)
	tests := []struct{ name, body string }{
		{"not JSON", "{turn"},
		{"unknown event", `{"event":"bogus","sessionId":"s","root":"/p"}`},
		{"relative root", `{"event":"turn","sessionId":"s","root":"p"}`},
		{"no session id", `{"event":"turn","root":"/p"}`},
		{"over the cap", `{"event":"prompt","sessionId":"s","root":"/p","text":"` + strings.Repeat("x", maxRequest) + `"}`},
	}
	for _, tc := range tests {
		a, err := DecideJSON(w.deps, strings.NewReader(tc.body))
		if err == nil || a.Action != None {
			t.Errorf("%s: answer %+v, err %v; want none with an error", tc.name, a, err)
		}
	}
}

func TestDecideStandsDown(t *testing.T) {
	w := newWorld(t)
	w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 10_000, Window: "1"})
	if a := w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 90_000, Window: "1", AgentID: "a1"}); a.Action != None {
		t.Errorf("a subagent's turn relayed: %+v", a)
	}
	w.env[EnvDriver] = string(Headless)
	if a := w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 90_000, Window: "1"}); a.Action != None {
		t.Errorf("the module acted under si relay run: %+v", a)
	}
	delete(w.env, EnvDriver)
	w.deps.Set.Enabled = false
	if a := w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 90_000, Window: "1"}); a.Action != None {
		t.Errorf("a disabled relay acted: %+v", a)
	}
	w.deps.Set.Enabled = true
	if a := w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 90_000, Window: "1"}); a.Action != Handover || !strings.Contains(a.Text, filepath.Join(w.root, "state.md")) {
		t.Errorf("enabled again: %+v", a)
	}
}

func TestStateSurvivesAndResets(t *testing.T) {
	w := newWorld(t)
	w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 10_000, Window: "1"})
	w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 60_000, Window: "1"})
	path := w.deps.Store.Path(w.root)
	filemode.Check(t, path, 0o600)
	filemode.Check(t, filepath.Dir(path), 0o700)
	if t.Failed() {
		t.FailNow()
	}
	st, err := w.deps.Store.Load(w.root)
	if err != nil || st.Phase != Writing || st.Root != w.root {
		t.Fatalf("reloaded state: %+v %v", st, err)
	}
	must(t, os.WriteFile(path, []byte("{not json"), 0o600))
	if a := w.ask(t, Request{Event: "turn", SID: "s2", Tokens: 10_000, Window: "1"}); a.Action != None {
		t.Fatalf("after corruption: %+v", a)
	}
	st, err = w.deps.Store.Load(w.root)
	if err != nil || st.Phase != Armed || st.History[0].Event != "reset" {
		t.Fatalf("corrupt state not replaced: %+v %v", st, err)
	}
}

// TestUnwritableStateFailsOpen: a state folder that cannot be made (its
// parent is a file, which is not ours to move aside) answers none.
func TestUnwritableStateFailsOpen(t *testing.T) {
	w := newWorld(t)
	must(t, os.MkdirAll(filepath.Dir(w.deps.Store.Dir), 0o700))
	must(t, os.WriteFile(w.deps.Store.Dir, []byte("a file where a parent folder goes"), 0o600))
	w.deps.Store.Dir = filepath.Join(w.deps.Store.Dir, "relay")
	a, err := DecideJSON(w.deps, strings.NewReader(fmt.Sprintf(`{"event":"turn","sessionId":"s","root":%q,"tokens":5}`, w.root)))
	if err == nil || a.Action != None {
		t.Fatalf("unwritable state: %+v, %v", a, err)
	}
}

// TestTwoWindowsRace: many windows of one project end turns over the
// threshold at once; exactly one of them starts the relay.
func TestTwoWindowsRace(t *testing.T) {
	w := newWorld(t)
	const n = 8
	for i := 0; i < n; i++ {
		w.ask(t, Request{Event: "turn", SID: fmt.Sprint("s", i), Tokens: 10_000, Window: fmt.Sprint("w", i)})
	}
	var wg sync.WaitGroup
	answers := make([]Answer, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = w.ask(t, Request{Event: "turn", SID: fmt.Sprint("s", i), Tokens: 99_000, Window: fmt.Sprint("w", i)})
		}()
	}
	wg.Wait()
	handovers := 0
	for _, a := range answers {
		if a.Action == Handover {
			handovers++
		}
	}
	if handovers != 1 {
		t.Fatalf("%d windows started a relay, want 1", handovers)
	}
}

// TestCrashBetweenClearAndResume: the window dies after the clear; the
// next session of the project starts from the note.
func TestCrashBetweenClearAndResume(t *testing.T) {
	w := newWorld(t)
	dead := deadPID(t)
	w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 10_000, Window: dead})
	w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 60_000, Window: dead})
	must(t, os.WriteFile(filepath.Join(w.root, "state.md"), []byte("- next: run the tests\n"), 0o644))
	if a := w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 61_000, Window: dead}); a.Action != Clear {
		t.Fatalf("note written: %+v", a)
	}
	a, err := w.deps.Apply(w.root, Call{Event: StartedUp, SID: "s2", Window: "1", Source: "startup", Driver: StopHook})
	if err != nil || a.Action != Inject {
		t.Fatalf("new session after the crash: %+v %v", a, err)
	}
	if a := w.ask(t, Request{Event: "turn", SID: "s2", Tokens: 20_000, Window: "1"}); !strings.Contains(a.Notice, "Relay done") {
		t.Fatalf("first turn after adoption: %+v", a)
	}
}

// deadPID is the id of a process that has exited.
func deadPID(t *testing.T) string {
	t.Helper()
	// The test binary itself, running no test: a process on every system.
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	must(t, cmd.Run())
	return strconv.Itoa(cmd.Process.Pid)
}

// BenchmarkDecide: the common turn end, below the threshold (one read).
func BenchmarkDecide(b *testing.B) {
	dir := b.TempDir()
	root := filepath.Join(dir, "proj")
	d := Deps{Store: NewStore(filepath.Join(dir, "state")), Set: settings(), Getenv: func(string) string { return "" }, Now: time.Now, Alive: Alive}
	body := fmt.Sprintf(`{"event":"turn","sessionId":"s1","root":%q,"tokens":20000,"window":"1"}`, root)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if a, err := DecideJSON(d, strings.NewReader(body)); err != nil || a.Action != None {
			b.Fatal(a, err)
		}
	}
}

// TestQuietCallsTakeNoLock: below the threshold a turn end, and any
// prompt while armed, is answered from one read, even while another
// process holds the project's lock; the state is not rewritten.
func TestQuietCallsTakeNoLock(t *testing.T) {
	w := newWorld(t)
	w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 10_000, Window: "1"})
	path := w.deps.Store.Path(w.root)
	before, err := os.ReadFile(path)
	must(t, err)
	release, err := lock.Acquire(context.Background(), path+".lock")
	must(t, err)
	defer release()
	w.clock = w.clock.Add(time.Minute)
	for _, req := range []Request{
		{Event: "turn", SID: "s1", Tokens: 30_000, Window: "1"},
		{Event: "prompt", SID: "s1", Text: "hi", Window: "1"},
	} {
		if a := w.ask(t, req); a.Action != None {
			t.Fatalf("%s: %+v", req.Event, a)
		}
	}
	after, err := os.ReadFile(path)
	must(t, err)
	if string(after) != string(before) {
		t.Error("a quiet call rewrote the state")
	}
	if _, err := DecideJSON(w.deps, strings.NewReader(fmt.Sprintf(`{"event":"turn","sessionId":"s1","root":%q,"tokens":50000,"window":"1"}`, w.root))); !errors.Is(err, lock.ErrTimeout) {
		t.Fatalf("a turn past the threshold must take the lock: %v", err)
	}
}

// BenchmarkDecideFirstTurn: a conversation's first turn end, which
// takes the lock and writes the state (the costly case).
func BenchmarkDecideFirstTurn(b *testing.B) {
	dir := b.TempDir()
	root := filepath.Join(dir, "proj")
	d := Deps{Store: NewStore(filepath.Join(dir, "state")), Set: settings(), Getenv: func(string) string { return "" }, Now: time.Now, Alive: Alive}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		body := fmt.Sprintf(`{"event":"turn","sessionId":"s%d","root":%q,"tokens":20000,"window":"1"}`, i, root)
		if a, err := DecideJSON(d, strings.NewReader(body)); err != nil || a.Action != None {
			b.Fatal(a, err)
		}
	}
}

// TestQuietHint: a quiet answer tells the module below which size it may
// skip calls and for how long; the first turn (unmeasured), a turn past
// the threshold and a non-module driver get none; with the relay off
// every quiet call hints that nothing will happen.
func TestQuietHint(t *testing.T) {
	w := newWorld(t)
	if a := w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 10_000, Window: "1"}); a.Quiet != nil {
		t.Fatalf("first turn (it writes the base) hinted: %+v", a.Quiet)
	}
	a := w.ask(t, Request{Event: "turn", SID: "s1", Tokens: 20_000, Window: "1"})
	want := 10_000 + w.deps.Set.Margin
	if a.Quiet == nil || a.Quiet.Below != want || a.Quiet.ForMs != quietFor.Milliseconds() {
		t.Fatalf("quiet turn: hint %+v, want below %d for %d ms", a.Quiet, want, quietFor.Milliseconds())
	}
	if a := w.ask(t, Request{Event: "prompt", SID: "s1", Text: "hi", Window: "1"}); a.Quiet == nil || a.Quiet.Below != want {
		t.Errorf("quiet prompt: hint %+v", a.Quiet)
	}
	if a := w.ask(t, Request{Event: "turn", SID: "s1", Tokens: want, Window: "1"}); a.Action != Handover || a.Quiet != nil {
		t.Errorf("turn at the threshold: %+v", a)
	}
	if st, err := w.deps.Store.Load(w.root); err != nil || w.deps.hint(st, Call{Event: TurnEnd, SID: "s1", Driver: Headless}) != nil {
		t.Errorf("a non-module driver got a hint (%v)", err)
	}
	off := newWorld(t)
	off.deps.Set.Enabled = false
	if a := off.ask(t, Request{Event: "turn", SID: "s2", Tokens: 10_000, Window: "1"}); a.Quiet == nil || a.Quiet.Below != neverBelow {
		t.Errorf("relay off: hint %+v, want below %d", a.Quiet, int64(neverBelow))
	}
}
