package posttooluse

import (
	"context"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/intellog"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

func testRuntime(t *testing.T, mutate func(*config.Config)) *hookio.Runtime {
	cfg := config.Default()
	cfg.Compact.Threshold = 4
	if mutate != nil {
		mutate(&cfg)
	}
	home := t.TempDir()
	getenv := func(k string) string { return map[string]string{"HOME": home}[k] }
	dirs, _ := paths.Resolve(getenv)
	rt := &hookio.Runtime{Ctx: context.Background(), Dirs: dirs, Config: cfg, SID: "s", Getenv: getenv,
		Log: &intellog.Logger{}, Now: func() time.Time { return time.Unix(1_800_000_000, 0) }}
	withWindow(t, rt, 1_000_000) // as the status line records it: the seed's zones apply
	return rt
}

// withWindow records the session's context window, as the status line
// does.
func withWindow(t *testing.T, rt *hookio.Runtime, size int64) {
	t.Helper()
	if err := session.Dir(rt.Dirs.Session(rt.SID)).SaveWindow(session.Window{Size: size}); err != nil {
		t.Fatal(err)
	}
}

// TestAdviseSequence walks a session through the zones and checks when
// an advisory is sent.
func TestAdviseSequence(t *testing.T) {
	steps := []struct {
		tokens      int64
		compactions int
		want        string // "" for silence, else a substring of the advisory
		zone        string // zone recorded after the call
	}{
		{150_000, 0, "", ""},
		{210_000, 0, "", "yellow"},            // yellow is logged only
		{320_000, 0, "", "yellow"},            // orange, but under the 4-call threshold: held back
		{330_000, 0, "Drift zone", "orange"},  // 4th call: sent
		{360_000, 0, "", "orange"},            // same zone: silent
		{420_000, 0, "High-risk zone", "red"}, // escalation: sent again
		{250_000, 0, "", "red"},               // a dip that was no compaction: quiet
		{310_000, 0, "", "red"},               // and orange again is no escalation
		{40_000, 1, "", "green"},              // compaction: re-armed, silent
		{310_000, 1, "Drift zone", "orange"},  // crossing again after it
	}
	rt := testRuntime(t, nil)
	st := &session.State{}
	in := &hookio.Input{Cwd: "/p"}
	for i, s := range steps {
		st.Calls = i + 1
		got := advise(rt, in, st, measurement{tokens: s.tokens, cost: 1.5, stats: &transcript.Stats{CompactCount: s.compactions}}).Context
		if (s.want == "") != (got == "") || !strings.Contains(got, s.want) {
			t.Errorf("call %d at %d tokens: advisory %q, want %q", i+1, s.tokens, got, s.want)
		}
		if st.Zone != s.zone {
			t.Errorf("call %d: zone %q, want %q", i+1, st.Zone, s.zone)
		}
	}
	if st.Advisories != 3 {
		t.Errorf("advisories = %d, want 3", st.Advisories)
	}
}

func TestAdviseRefireAndSwitches(t *testing.T) {
	rt := testRuntime(t, func(c *config.Config) { c.Compact.RefireEveryTokens = 20_000; c.Compact.MemoryOffload = false })
	st := &session.State{Calls: 10}
	in := &hookio.Input{Cwd: "/p"}
	first := advise(rt, in, st, measurement{tokens: 400_000, cost: -1}).Context
	if !strings.Contains(first, "High-risk zone —") || strings.Contains(first, "spent") || strings.Contains(first, "auto-memory") {
		t.Errorf("first advisory = %q", first)
	}
	if again := advise(rt, in, st, measurement{tokens: 410_000, cost: -1}).Context; again != "" {
		t.Errorf("refired after 10k growth: %q", again)
	}
	if again := advise(rt, in, st, measurement{tokens: 421_000, cost: -1}).Context; !strings.Contains(again, "High-risk zone (still)") {
		t.Errorf("no refire after 21k growth: %q", again)
	}
	off := testRuntime(t, func(c *config.Config) { c.Compact.Autoblock = false })
	st = &session.State{Calls: 10}
	if got := advise(off, in, st, measurement{tokens: 500_000}).Context; got != "" || st.Zone != "" {
		t.Errorf("autoblock off: advisory %q, zone %q (want silent and nothing recorded)", got, st.Zone)
	}
}

func TestAdviseEstimatedAndMemory(t *testing.T) {
	rt := testRuntime(t, nil)
	st := &session.State{Calls: 10}
	// Claude Code keys a project by its path with every character but a
	// letter or digit made '-': the drive's ':' and each '\' too.
	cwd, key := "/home/me/my_proj", "-home-me-my-proj"
	if runtime.GOOS == "windows" {
		cwd, key = `C:\home\me\my_proj`, "C--home-me-my-proj"
	}
	got := advise(rt, &hookio.Input{Cwd: cwd}, st, measurement{tokens: 305_000, estimated: true, cost: 2}).Context
	for _, want := range []string{"~305k (estimated) tokens", "$2.00 spent", filepath.Join("projects", key, "memory")} {
		if !strings.Contains(got, want) {
			t.Errorf("advisory lacks %q:\n%s", want, got)
		}
	}
}

// TestToldUserAndTerminal: an advisory comes with a line for the user;
// the desktop notification only when compact.notify asks for one and the
// session is interactive.
func TestToldUserAndTerminal(t *testing.T) {
	for _, tc := range []struct {
		notify, attended, want string
	}{
		{"off", "1", ""},
		{"osc9", "1", "\x1b]9;session-intelligence: Drift zone"},
		{"osc777", "1", "\x1b]777;notify;Claude Code;session-intelligence: Drift zone"},
		{"osc9", "0", ""}, // claude -p
		{"osc9", "", ""},
	} {
		rt := testRuntime(t, func(c *config.Config) { c.Compact.Notify = tc.notify })
		env := map[string]string{"HOME": rt.Getenv("HOME"), "CLAUDE_CODE_SESSION_ATTENDED": tc.attended}
		rt.Getenv = func(k string) string { return env[k] }
		res := advise(rt, &hookio.Input{Cwd: "/p"}, &session.State{Calls: 10}, measurement{tokens: 310_000, cost: -1})
		if !strings.HasPrefix(res.Notice, "session-intelligence: Drift zone — context at ~310k tokens") || !strings.Contains(res.Context, "[StrategicCompact]") {
			t.Errorf("%s/%q: notice %q", tc.notify, tc.attended, res.Notice)
		}
		if (tc.want == "") != (res.Terminal == "") || !strings.HasPrefix(res.Terminal, tc.want) {
			t.Errorf("%s/%q: terminal %q, want %q…", tc.notify, tc.attended, res.Terminal, tc.want)
		}
	}
}
