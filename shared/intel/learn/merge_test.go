package learn

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/intel/history"
	"github.com/session-intelligence/session-intelligence/shared/testkit/synth"
)

func entry(sid string, t int64) history.Entry { return history.Entry{SID: sid, T: t, Source: Source} }

func keys(entries []history.Entry) []string {
	out := []string{}
	for _, e := range entries {
		out = append(out, e.SID+"@"+js(e.T))
	}
	return out
}

func TestMerge(t *testing.T) {
	hook := history.Entry{SID: "a", T: 10_000, Source: "hook", Tokens: 167_000}
	tests := []struct {
		name            string
		existing, found []history.Entry
		want            []string
	}{
		{"empty history", nil, []history.Entry{entry("b", 30), entry("a", 20)}, []string{"a@20", "b@30"}},
		{"nothing found", []history.Entry{hook}, nil, []string{}},
		{"hook wrote it a moment before", []history.Entry{hook}, []history.Entry{entry("a", 10_001)}, []string{}},
		{"exactly 120 s later", []history.Entry{hook}, []history.Entry{entry("a", 10_120)}, []string{}},
		{"121 s later is another", []history.Entry{hook}, []history.Entry{entry("a", 10_121)}, []string{"a@10121"}},
		{"120 s earlier", []history.Entry{hook}, []history.Entry{entry("a", 9_880)}, []string{}},
		{"121 s earlier is another", []history.Entry{hook}, []history.Entry{entry("a", 9_879)}, []string{"a@9879"}},
		{"other session same time", []history.Entry{hook}, []history.Entry{entry("b", 10_000)}, []string{"b@10000"}},
		{"learned twice", []history.Entry{entry("a", 500)}, []history.Entry{entry("a", 500)}, []string{}},
		{"resumed session repeats a boundary", nil, []history.Entry{entry("c", 70), entry("c", 70), entry("c", 9_000)}, []string{"c@70", "c@9000"}},
		{"sorted by time", []history.Entry{hook}, []history.Entry{entry("z", 3), entry("y", 2), entry("a", 1)}, []string{"a@1", "y@2", "z@3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := keys(Merge(tt.existing, tt.found))
			if js(got) != js(tt.want) {
				t.Errorf("Merge = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestMergeKeepsFound(t *testing.T) {
	found := []history.Entry{entry("b", 2), entry("a", 1)}
	Merge(nil, found)
	if found[0].SID != "b" {
		t.Errorf("Merge reordered its argument: %v", keys(found))
	}
}

func TestFit(t *testing.T) {
	old := []history.Entry{entry("h", 100), entry("h", 200), entry("h", 300)}
	tests := []struct {
		name  string
		fresh []history.Entry
		limit int
		want  []string
	}{
		{"room for all", []history.Entry{entry("l", 50)}, 4, []string{"l@50"}},
		{"older than the kept ones", []history.Entry{entry("l", 50), entry("l", 60)}, 3, []string{}},
		{"only the newer one fits", []history.Entry{entry("l", 50), entry("l", 150)}, 3, []string{"l@150"}},
		{"newer ones stay", []history.Entry{entry("l", 50), entry("l", 250), entry("l", 400)}, 4, []string{"l@250", "l@400"}},
		{"no limit", []history.Entry{entry("l", 50)}, 0, []string{}},
		{"a tie keeps the existing one", []history.Entry{entry("l", 200), entry("l", 250)}, 3, []string{"l@250"}},
		{"exactly the limit", []history.Entry{entry("l", 210), entry("l", 220), entry("l", 230), entry("l", 240)}, 5,
			[]string{"l@210", "l@220", "l@230", "l@240"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := keys(Fit(old, tt.fresh, tt.limit))
			if js(got) != js(tt.want) {
				t.Errorf("Fit = %v, want %v", got, tt.want)
			}
		})
	}
}

// benchProjects writes files synthetic transcripts of size bytes each,
// two per project, and returns the projects directory, the bytes written
// and the compactions in them.
func benchProjects(b *testing.B, files int, size int64) (string, int64, int) {
	b.Helper()
	dir := b.TempDir()
	var total int64
	compacts := 0
	for i := range files {
		path := filepath.Join(dir, fmt.Sprintf("-home-dev-proj%d", i/2), fmt.Sprintf("s%03d.jsonl", i))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			b.Fatal(err)
		}
		f, err := os.Create(path)
		if err != nil {
			b.Fatal(err)
		}
		sum, err := synth.Write(f, synth.Options{Bytes: size, Seed: uint64(i + 1), SessionID: fmt.Sprintf("sess-%03d", i),
			Start: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Hour), CompactEvery: 150})
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			b.Fatal(err)
		}
		total += sum.Bytes
		compacts += sum.Compacts
	}
	return dir, total, compacts
}

// BenchmarkScan measures a scan of 16 transcripts of 8 MB (128 MB) with
// two workers, the budget being 1 GB in under 10 s on two cores.
func BenchmarkScan(b *testing.B) {
	dir, total, compacts := benchProjects(b, 16, 8<<20)
	b.SetBytes(total)
	b.ResetTimer()
	for b.Loop() {
		got, st, err := Scan(context.Background(), dir, 2)
		if err != nil {
			b.Fatal(err)
		}
		if len(got) != compacts || st.Bytes != total {
			b.Fatalf("found %d of %d compactions in %d of %d bytes", len(got), compacts, st.Bytes, total)
		}
	}
	perByte := b.Elapsed().Seconds() / float64(b.N) / float64(total)
	b.ReportMetric(perByte*(1<<30), "s/GB")
	b.ReportMetric(float64(compacts), "compactions")
}
