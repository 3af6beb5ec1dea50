package replay

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/regret"
)

// session is the planted scenario. Before the compaction the work moves
// from old/a (2 reads) to mid/b (4, and one more later) to new/c (5), at
// 10k tokens a call, so the hybrid scores (0.6 × recency³ + 0.4 ×
// frequency, shape/score.go) are old/a 0.14 (COLD: last touched at a
// tenth of the span), mid/b 0.47 (WARM: last touched at 8/11 of it) and
// new/c 0.84 (HOT: the latest calls). After it the session reads old/a
// again (the planted hard regret), edits in new/c, reads mid/b, runs git
// status (the project's top level, in no band), and fills the 30-call
// window with web searches; a read of old/a after the window must not
// count as regret, but is a revisit. A second compaction ends the
// transcript.
func session(newFile string) string {
	b := newTranscript()
	b.read("/p/old/a/x.go", 10_000)
	b.read("/p/old/a/x.go", 20_000)
	b.read("/p/mid/b/y.go", 30_000)
	b.read("/p/mid/b/y.go", 40_000)
	b.call("WebSearch", map[string]any{"query": "jaccard"}, 45_000)
	for tok := int64(50_000); tok <= 60_000; tok += 10_000 {
		b.read("/p/mid/b/y.go", tok)
	}
	for tok := int64(70_000); tok <= 120_000; tok += 10_000 {
		file := newFile
		if tok == 90_000 {
			file = "/p/mid/b/y.go"
		}
		b.read(file, tok)
		if tok == 70_000 {
			b.repeat()
			b.sidechain("/p/side/s/q.go", 500_000)
		}
	}
	b.boundary("auto", 125_000)
	b.read("/p/old/a/x.go", 20_000)
	b.call("Edit", map[string]any{"file_path": newFile, "old_string": "a", "new_string": "b"}, 21_000)
	b.read("/p/mid/b/y.go", 22_000)
	b.call("Bash", map[string]any{"command": "git status"}, 23_000)
	for range 26 {
		b.call("WebSearch", map[string]any{"query": "more"}, 24_000)
	}
	b.read("/p/old/a/x.go", 25_000)
	b.boundary("manual", 30_000)
	return b.String()
}

// testOptions are the replay's options with a fresh home (no settings,
// no history), zones set by the user at 50k/80k/110k and the seed's DROP
// (by score: shape.safeDrop false), whose bands the planted session is
// built for; folders_test.go replays the safe rules.
func testOptions(t *testing.T, mod func(*config.Config)) Options {
	cfg := config.Default()
	cfg.Statusline.Zones = config.Zones{Yellow: 50_000, Orange: 80_000, Red: 110_000, UserSet: true}
	cfg.Compact.Threshold = 3
	cfg.Shape.SafeDrop = false
	if mod != nil {
		mod(&cfg)
	}
	return Options{Config: cfg, Dirs: testDirs(t)}
}

func testDirs(t *testing.T) paths.Dirs {
	t.Helper()
	home := t.TempDir()
	dirs, err := paths.Resolve(func(k string) string { return map[string]string{"HOME": home}[k] })
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

func TestReplayBands(t *testing.T) {
	q, qEnv := -0.54, -1.0
	tests := []struct {
		name    string
		newFile string
		mod     func(*config.Config)
		rooted  int
		hot     []string
		warm    []string
		cold    []string
		regret  Outcome
	}{
		{"hybrid bands", "/p/new/c/z.go", nil, 12, []string{"new/c"}, []string{"mid/b"}, []string{"old/a"}, Outcome{
			Calls: 30, ClosedBy: "calls",
			Hard:       []regret.Hit{{Root: "old/a", Tool: "Read", Weight: 1}},
			Soft:       []regret.Hit{{Root: "mid/b", Tool: "Read", Weight: 0.5}},
			Positive:   []regret.Hit{{Root: "new/c", Tool: "Edit", Weight: 0.3}},
			HardWeight: 1, SoftWeight: 0.5, PositiveWeight: 0.3, ContinuationQuality: &q,
		}},
		{"drop glob beats HOT", "/p/new/c/.env", nil, 12, []string{}, []string{"mid/b"}, []string{"new/c", "old/a"}, Outcome{
			Calls: 30, ClosedBy: "calls",
			Hard:     []regret.Hit{{Root: "old/a", Tool: "Read", Weight: 1}, {Root: "new/c", Tool: "Edit", Weight: 0.3}},
			Soft:     []regret.Hit{{Root: "mid/b", Tool: "Read", Weight: 0.5}},
			Positive: []regret.Hit{}, HardWeight: 1.3, SoftWeight: 0.5, ContinuationQuality: &qEnv,
		}},
		// The newest 6 entries hold mid/b once, 20k into a 50k span: COLD.
		{"log keeps the newest maxEntries", "/p/new/c/z.go", func(c *config.Config) { c.Shape.MaxEntries = 6 }, 6,
			[]string{"new/c"}, []string{}, []string{"mid/b"}, Outcome{
				Calls: 30, ClosedBy: "calls", Hard: []regret.Hit{{Root: "mid/b", Tool: "Read", Weight: 1}}, Soft: []regret.Hit{},
				Positive:   []regret.Hit{{Root: "new/c", Tool: "Edit", Weight: 0.3}},
				HardWeight: 1, PositiveWeight: 0.3, ContinuationQuality: &q,
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Replay(strings.NewReader(session(tt.newFile)), testOptions(t, tt.mod))
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Compactions) != 2 {
				t.Fatalf("compactions = %d, want 2", len(rep.Compactions))
			}
			c := rep.Compactions[0]
			if c.AfterCall != 13 || c.Trigger != "auto" || c.PreTokens != 125_000 || c.Rooted != tt.rooted || c.Shift != nil {
				t.Errorf("compaction = after %d, %s, %d, rooted %d, shift %v", c.AfterCall, c.Trigger, c.PreTokens, c.Rooted, c.Shift)
			}
			if js(c.Hot) != js(tt.hot) || js(c.Warm) != js(tt.warm) || js(c.Cold) != js(tt.cold) {
				t.Errorf("bands = HOT %v WARM %v COLD %v, want %v %v %v", c.Hot, c.Warm, c.Cold, tt.hot, tt.warm, tt.cold)
			}
			for i := range c.Regret.Hard {
				c.Regret.Hard[i].T = 0
			}
			for _, h := range [][]regret.Hit{c.Regret.Soft, c.Regret.Positive} {
				for i := range h {
					h[i].T = 0
				}
			}
			if js(c.Regret) != js(tt.regret) {
				t.Errorf("regret =\n %s\nwant\n %s", js(c.Regret), js(tt.regret))
			}
			if last := rep.Compactions[1].Regret; last.ClosedBy != "end" || last.Calls != 0 {
				t.Errorf("second window = %+v, want closed by end after 0 calls", last)
			}
		})
	}
}

func TestReplayTotals(t *testing.T) {
	rep, err := Replay(strings.NewReader(session("/p/new/c/z.go")), testOptions(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	q := -0.54
	lead := int64(125_000 - 80_000)
	want := Totals{ToolCalls: 44, RootedCalls: 17, RootedShare: 0.386, Compactions: 2, Auto: 1, Advisories: 2,
		Warned: 1, AutoWarned: 1, MedianLead: &lead, DropRoots: 1, Revisited: 1, RevisitedInWindow: 1,
		HardRegretRate: 0.5, MeanHardRegret: 0.5, MeanContinuation: &q,
		Folders:  FolderTotals{Compactions: 2, Touched: 3, Preserved: 2, Dropped: 1, DropEntries: 1, WithDrop: 1},
		Warnings: Warnings{InTime: 1, QuietCalls: 44 - 13}}
	if js(rep.Totals) != js(want) {
		t.Errorf("totals = %s, want %s", js(rep.Totals), js(want))
	}
	if rep.SessionID != testSID || rep.Cwd != testCwd {
		t.Errorf("session %q cwd %q", rep.SessionID, rep.Cwd)
	}
}

// advisory is call:zone, with "!" when delivered and "+" when a repeat.
func advisoryKeys(list []Advisory) []string {
	out := []string{}
	for _, a := range list {
		k := js(a.Call) + ":" + a.Zone
		if a.Delivered {
			k += "!"
		}
		if a.Repeat {
			k += "+"
		}
		out = append(out, k)
	}
	return out
}

func TestReplayAdvisories(t *testing.T) {
	tests := []struct {
		name string
		mod  func(*config.Config)
		want []string
	}{
		{"escalations", nil, []string{"6:yellow", "9:orange!", "12:red!"}},
		{"held back until threshold", func(c *config.Config) { c.Compact.Threshold = 10 }, []string{"6:yellow", "10:orange!", "12:red!"}},
		{"autoblock off", func(c *config.Config) { c.Compact.Autoblock = false }, []string{"6:yellow"}},
		// Repeats would take the red advisory's place: two at most.
		{"refire every 10k", func(c *config.Config) { c.Compact.RefireEveryTokens = 10_000 },
			[]string{"6:yellow", "9:orange!", "12:red!"}},
		// Without zones of the user's, they are placed before the point of
		// the model's 200k window (167k): yellow at 107k is logged at call
		// 12 (110k).
		{"default zones in the model's window", defaultZones, []string{"12:yellow"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Replay(strings.NewReader(session("/p/new/c/z.go")), testOptions(t, tt.mod))
			if err != nil {
				t.Fatal(err)
			}
			if got := advisoryKeys(rep.Advisories); js(got) != js(tt.want) {
				t.Errorf("advisories = %v, want %v", got, tt.want)
			}
		})
	}
}

func defaultZones(c *config.Config) { c.Statusline.Zones = config.Default().Statusline.Zones }

func TestReplayDiagnosis(t *testing.T) {
	rep, err := Replay(strings.NewReader(session("/p/new/c/z.go")), testOptions(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	// At call 9 the last three calls touched mid/b and new/c; mid/b's 4
	// calls make it HOT, new/c's 2 WARM, and old/a's 20k of growth is
	// stale. At call 12 both are current and HOT, mid/b the busier.
	want := map[int]string{9: "~20k stale in old/a · hot: mid/b", 12: "~20k stale in old/a · hot: mid/b, new/c"}
	for _, a := range rep.Advisories {
		if a.Delivered && a.Diagnosis != want[a.Call] {
			t.Errorf("call %d diagnosis %q, want %q", a.Call, a.Diagnosis, want[a.Call])
		}
	}
}

func TestReplayWindowTime(t *testing.T) {
	b := newTranscript()
	for i := range 6 {
		b.read("/p/old/a/x.go", int64(10_000*(i+1)))
	}
	b.boundary("manual", 70_000)
	b.wait(regret.WindowTime + time.Minute)
	b.read("/p/old/a/x.go", 20_000)
	rep, err := Replay(strings.NewReader(b.String()), testOptions(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	got := rep.Compactions[0]
	if js(got.Hot) != `["old/a"]` || got.Regret.ClosedBy != "time" || got.Regret.Calls != 0 || len(got.Regret.Positive) != 0 {
		t.Errorf("compaction = %s", js(got))
	}
}

func TestRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(path, []byte(session("/p/new/c/z.go")), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := Run(path, testOptions(t, nil))
	if err != nil || rep.Path != path || rep.Totals.Compactions != 2 {
		t.Errorf("Run = %s, %v", js(rep.Totals), err)
	}
	if _, err := Run(filepath.Join(t.TempDir(), "missing.jsonl"), testOptions(t, nil)); err == nil {
		t.Error("Run on a missing file succeeded")
	}
}

func js(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}
