package shape

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// seq builds rooted entries from "root" names; tokens grow by 10k per
// entry from 100k, so the axis position of entry i is i*10k.
func seq(roots ...string) []Entry {
	out := make([]Entry, len(roots))
	for i, r := range roots {
		out[i] = rooted(100_000+int64(i)*10_000, r, r+"/f.go")
	}
	return out
}

// The tests of this file check the scoring and the seed's bands
// (ScoreDrop); drop_test.go checks the rules that make DROP safe.

// banded is old×2, mid×3, new×7: old is touched first, mid last at
// entry 8 of 12 (recency 8/11, outside the three current entries), new
// last. Axis positions are 0..110k; each entry is given the 10k up to the
// next one.
var banded = seq("old", "old", "mid", "new", "new", "mid", "new", "new", "mid", "new", "new", "new")

func bandNames(a *Analysis) string {
	var parts []string
	for _, band := range [][]Root{a.Hot, a.Warm, a.Cold} {
		var n []string
		for _, r := range band {
			n = append(n, r.Name)
		}
		parts = append(parts, strings.Join(n, ","))
	}
	return strings.Join(parts, " | ")
}

func TestAnalyzeMinRooted(t *testing.T) {
	event := Entry{Tok: 1, Tool: "Bash", Event: EventCommit}
	four := append(seq("a", "a", "b", "b"), event, event)
	if a := Analyze(four, Options{ScoreDrop: true}); a != nil {
		t.Errorf("Analyze(4 rooted entries) = %+v, want nil", a)
	}
	five := append(seq("a", "a", "b", "b", "c"), event)
	a := Analyze(five, Options{ScoreDrop: true})
	if a == nil || a.Calls != 5 {
		t.Fatalf("Analyze(5 rooted entries) = %+v, want an analysis of 5 calls", a)
	}
	if len(a.Markers) != 1 || a.Markers[0] != (Marker{Event: EventCommit, Tokens: 1}) {
		t.Errorf("Markers = %+v, want one commit", a.Markers)
	}
}

func TestAnalyzeBands(t *testing.T) {
	tests := []struct {
		name  string
		opt   Options
		bands string // hot | warm | cold
		stale int64
	}{
		{"hybrid", Options{ScoreDrop: true}, "new | mid | old", 20_000},
		{"hybrid named", Options{ScoreDrop: true, Scoring: "hybrid"}, "new | mid | old", 20_000},
		{"recency", Options{ScoreDrop: true, Scoring: "recency"}, "new |  | mid,old", 50_000},
		{"frequency", Options{ScoreDrop: true, Scoring: "frequency"}, " | new,mid | old", 20_000},
		{"warm cutoff 0.6", Options{ScoreDrop: true, WarmCutoff: 0.6}, "new |  | mid,old", 50_000},
		{"bad warm cutoff uses 0.4", Options{ScoreDrop: true, WarmCutoff: 0.9}, "new | mid | old", 20_000},
		{"preserve", Options{ScoreDrop: true, Preserve: CompileGlobs([]string{"old"})}, "new,old | mid | ", 0},
		{"drop", Options{ScoreDrop: true, Drop: CompileGlobs([]string{"**/*.go"})}, " |  | new,mid,old", 110_000},
		{"drop beats preserve", Options{ScoreDrop: true, Preserve: CompileGlobs([]string{"old", "mid"}), Drop: CompileGlobs([]string{"old/**"})}, "new,mid |  | old", 20_000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Analyze(banded, tt.opt)
			if a == nil {
				t.Fatal("Analyze = nil")
			}
			if got := bandNames(a); got != tt.bands {
				t.Errorf("bands = %q, want %q", got, tt.bands)
			}
			if a.StaleTokens != tt.stale || a.Span != 110_000 || a.Calls != 12 {
				t.Errorf("stale %d span %d calls %d, want %d, 110000, 12", a.StaleTokens, a.Span, a.Calls, tt.stale)
			}
		})
	}
}

func TestAnalyzeScores(t *testing.T) {
	a := Analyze(banded, Options{ScoreDrop: true})
	want := map[string]struct {
		count       int
		first, last int64
		tokens      int64
		score       string
	}{
		"new": {7, 30_000, 110_000, 60_000, "0.873"}, // 0.6 + 0.4·ln 8/ln 21
		"mid": {3, 20_000, 80_000, 30_000, "0.413"},  // 0.6·(8/11)³ + 0.4·ln 4/ln 21
		"old": {2, 0, 10_000, 20_000, "0.145"},       // 0.6·(1/11)³ + 0.4·ln 3/ln 21
	}
	for _, band := range [][]Root{a.Hot, a.Warm, a.Cold} {
		for _, r := range band {
			w := want[r.Name]
			if r.Count != w.count || r.First != w.first || r.Last != w.last || r.Tokens != w.tokens || fmt.Sprintf("%.3f", r.Score) != w.score {
				t.Errorf("root %s = %+v, want %+v", r.Name, r, w)
			}
			if len(r.Samples) != 1 || r.Samples[0] != r.Name+"/f.go" {
				t.Errorf("root %s samples = %q", r.Name, r.Samples)
			}
		}
	}
}

// TestAnalyzeCompaction: a compaction (tokens falling) must not run the
// axis backwards nor give a root negative tokens, and what it removed is
// not stale any more.
func TestAnalyzeCompaction(t *testing.T) {
	var e []Entry
	e = append(e, rooted(100_000, "old", "old/a.go"), rooted(180_000, "old", "old/b.go"))
	for i := range 8 {
		e = append(e, rooted(40_000+int64(i)*20_000, "new", "new/a.go")) // 40k after compaction, then +20k each
	}
	a := Analyze(e, Options{ScoreDrop: true, Scoring: "recency"})
	if a == nil {
		t.Fatal("Analyze = nil")
	}
	if a.Span != 220_000 {
		t.Errorf("Span = %d, want 220000 (80k before the compaction + 7×20k after)", a.Span)
	}
	if bandNames(a) != "new |  | old" || a.StaleTokens != 0 {
		t.Errorf("bands %q stale %d, want %q, 0 (old's 80k were compacted away)", bandNames(a), a.StaleTokens, "new |  | old")
	}
	if a.Hot[0].Tokens != 140_000 || a.Cold[0].Tokens != 80_000 {
		t.Errorf("tokens new %d old %d, want 140000, 80000", a.Hot[0].Tokens, a.Cold[0].Tokens)
	}
}

// TestAnalyzeStaleSinceCompaction: a root read after the compaction and
// then left is stale for the growth it brought since.
func TestAnalyzeStaleSinceCompaction(t *testing.T) {
	e := []Entry{rooted(100_000, "old", "old/a.go"), rooted(180_000, "old", "old/b.go"), rooted(40_000, "mid", "mid/a.go")}
	for i := range 9 {
		e = append(e, rooted(65_000+int64(i)*20_000, "new", "new/a.go"))
	}
	a := Analyze(e, Options{ScoreDrop: true})
	if a == nil {
		t.Fatal("Analyze = nil")
	}
	if got := bandNames(a); got != "new |  | old,mid" || a.StaleTokens != 25_000 {
		t.Errorf("bands %q stale %d, want %q, 25000 (mid's growth to the next call)", got, a.StaleTokens, "new |  | old,mid")
	}
}

func TestLastCompaction(t *testing.T) {
	tests := []struct {
		name string
		toks []int64
		want int
	}{
		{"none", []int64{10, 20, 30}, 0},
		{"small fall is not one", []int64{100, 70, 80}, 0},
		{"fall over half", []int64{100, 40, 60}, 1},
		{"last of two", []int64{100, 40, 90, 30, 50}, 3},
		{"empty", nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e []Entry
			for _, tok := range tt.toks {
				e = append(e, rooted(tok, "r", "r/a.go"))
			}
			if got := lastCompaction(e); got != tt.want {
				t.Errorf("lastCompaction(%v) = %d, want %d", tt.toks, got, tt.want)
			}
		})
	}
}

// TestAnalyzeEstimateToMeasured: the first calls of a session carry the
// tool-I/O estimate (a few hundred tokens) until the transcript has a
// usage figure (the whole system prompt at once); that step is not growth
// the first root caused, so it must not make the first root look recent.
func TestAnalyzeEstimateToMeasured(t *testing.T) {
	e := []Entry{rooted(160, "legacy", "legacy/a.go")}
	e[0].Est = true
	e = append(e, rooted(14_000, "legacy", "legacy/b.go"), rooted(14_100, "legacy", "legacy/c.go"))
	for i := range 16 {
		name := []string{"src/auth", "src/billing"}[i%2]
		e = append(e, rooted(14_200+int64(i)*100, name, name+"/x.go"))
	}
	a := Analyze(e, Options{ScoreDrop: true})
	if a == nil {
		t.Fatal("Analyze = nil")
	}
	if got, want := bandNames(a), "src/billing,src/auth |  | legacy"; got != want {
		t.Errorf("bands = %q, want %q", got, want)
	}
	if a.Span != 1_700 {
		t.Errorf("Span = %d, want 1700 (14k to 15.7k: the step from the estimate is no growth)", a.Span)
	}
}

func TestAnalyzeWithoutTokens(t *testing.T) {
	e := append([]Entry(nil), banded...)
	for i := range e {
		e[i].Tok = 0
	}
	a := Analyze(e, Options{ScoreDrop: true})
	if a == nil || a.Span != 0 || a.StaleTokens != 0 {
		t.Fatalf("Analyze(no tokens) = %+v, want span 0 and no stale tokens", a)
	}
	if got := bandNames(a); got != "new | mid | old" {
		t.Errorf("bands by call order = %q, want %q", got, "new | mid | old")
	}
}

func TestAnalyzeRederivesRoots(t *testing.T) {
	var e []Entry
	for _, f := range []string{"src/auth/a.go", "src/auth/", "src/billing/b.go", "/tmp/x/y.txt", "main.go"} {
		e = append(e, rooted(1, "stale-root", f))
	}
	a := Analyze(e, Options{ScoreDrop: true, Cwd: "/w/p", Depth: 2, Scoring: "frequency"})
	if a == nil {
		t.Fatal("Analyze = nil")
	}
	if got, want := bandNames(a), " | . | src/auth,/tmp/x,src/billing"; got != want { // "." is never COLD
		t.Errorf("bands = %q, want %q", got, want)
	}
	// A Windows session logs a path outside its folder with its drive.
	e = nil
	for _, f := range []string{"src/auth/a.go", "src/auth/", "src/billing/b.go", "D:/tmp/x/y.txt", "main.go"} {
		e = append(e, rooted(1, "stale-root", f))
	}
	a = Analyze(e, Options{ScoreDrop: true, Cwd: "C:/w/p", Depth: 2, Scoring: "frequency"})
	if a == nil {
		t.Fatal("Analyze = nil")
	}
	if got, want := bandNames(a), " | . | src/auth,D:/tmp/x,src/billing"; got != want {
		t.Errorf("bands of a Windows session = %q, want %q", got, want)
	}
}

func TestAnalyzePerBandCap(t *testing.T) {
	a := Analyze(seq("r1", "r2", "r3", "r4", "r5", "r6", "r7"), Options{ScoreDrop: true, Scoring: "frequency"})
	if got, want := bandNames(a), " |  | r7,r6,r5,r4,r3"; got != want {
		t.Errorf("bands = %q, want %q (5 per band, most recent first)", got, want)
	}
}

func TestShift(t *testing.T) {
	rep := func(r string, n int) []string { return strings.Split(strings.Repeat(r+" ", n-1)+r, " ") }
	cat := func(parts ...[]string) []string {
		var out []string
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	tests := []struct {
		name  string
		roots []string
		want  *Shift
	}{
		{"disjoint", cat(rep("a", 6), rep("b", 4), rep("c", 7), rep("d", 3)), &Shift{From: []string{"a", "b"}, To: []string{"c", "d"}, Jaccard: 0}},
		{"19 entries", cat(rep("a", 6), rep("b", 3), rep("c", 7), rep("d", 3)), nil},
		{"overlap 1/3", cat(rep("a", 5), rep("b", 5), rep("b", 5), rep("c", 5)), nil},
		{"overlap 1/6", cat(rep("a", 4), rep("b", 3), rep("c", 3), rep("c", 4), rep("d", 3), rep("e", 2), rep("f", 1)),
			&Shift{From: []string{"a", "b"}, To: []string{"d", "e", "f"}, Jaccard: 0.17}},
		{"same roots", cat(rep("a", 10), rep("a", 10)), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := seq(tt.roots...)
			e = append(e[:10:10], append([]Entry{{Tok: 1, Event: EventPush}}, e[10:]...)...) // events don't count
			a := Analyze(e, Options{ScoreDrop: true})
			if a == nil {
				t.Fatal("Analyze = nil")
			}
			if !reflect.DeepEqual(a.Shift, tt.want) {
				t.Errorf("Shift = %+v, want %+v", a.Shift, tt.want)
			}
		})
	}
}

func TestMarkers(t *testing.T) {
	e := seq("a", "a", "a", "a", "a")
	for i := range 7 {
		e = append(e, Entry{Tok: int64(i), Event: EventCommit})
	}
	a := Analyze(e, Options{ScoreDrop: true})
	if len(a.Markers) != 5 || a.Markers[0].Tokens != 2 || a.Markers[4].Tokens != 6 {
		t.Errorf("Markers = %+v, want the last 5 (tokens 2..6)", a.Markers)
	}
}

func TestDiagnosis(t *testing.T) {
	roots := func(names ...string) []Root {
		var out []Root
		for _, n := range names {
			out = append(out, Root{Name: n})
		}
		return out
	}
	tests := []struct {
		name string
		a    *Analysis
		want string
	}{
		{"nil", nil, ""},
		{"empty", &Analysis{}, ""},
		{"full", &Analysis{Shift: &Shift{From: []string{"src/auth"}, To: []string{"src/billing"}}, StaleTokens: 82_000,
			Cold: roots("tests/browser"), Hot: roots("src/billing")},
			"shifted src/auth → src/billing · ~82k stale in tests/browser · hot: src/billing"},
		{"stale below MinStale", &Analysis{StaleTokens: MinStale - 1, Cold: roots("a"), Hot: roots("b")}, "hot: b"},
		{"stale at MinStale", &Analysis{StaleTokens: MinStale, Cold: roots("a")}, "~20k stale in a"},
		{"stale without cold roots", &Analysis{StaleTokens: 50_000}, ""},
		{"at most 3 names", &Analysis{Hot: roots("a", "b", "c", "d"), Cold: roots("w", "x", "y", "z"), StaleTokens: 1_500_000},
			"~1.5M stale in w, x, y · hot: a, b, c"},
		{"one-sided shift ignored", &Analysis{Shift: &Shift{From: []string{"a"}}, Hot: roots("b")}, "hot: b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.a.Diagnosis(); got != tt.want {
				t.Errorf("Diagnosis() = %q, want %q", got, tt.want)
			}
		})
	}
}

// BenchmarkAnalyze is a full log (500 entries, 23 roots) with the safe
// DROP and with the seed's, whose difference is the rules' cost.
func BenchmarkAnalyze(b *testing.B) {
	var e []Entry
	for i := range 500 {
		e = append(e, rooted(int64(i)*500, fmt.Sprintf("src/m%d", i%23), fmt.Sprintf("src/m%d/f%d.go", i%23, i%7)))
	}
	for _, seed := range []bool{false, true} {
		o := Options{Cwd: "/w/p", Depth: 2, InFlight: []string{"src/m3/f1.go"}, ScoreDrop: seed,
			Preserve: CompileGlobs([]string{"**/.env"}), Drop: CompileGlobs([]string{"vendor/**"})}
		b.Run(map[bool]string{false: "safe", true: "seed"}[seed], func(b *testing.B) {
			for b.Loop() {
				Analyze(e, o)
			}
		})
	}
}
