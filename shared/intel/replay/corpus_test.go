package replay

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/intel/regret"

	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// truth counts, independently of the replay's reader, the compaction
// records and the distinct main-chain tool calls of a transcript.
func truth(t *testing.T, path string) (boundaries, calls int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	seen := map[string]bool{}
	for sc.Scan() {
		var rec map[string]any
		if json.Unmarshal(sc.Bytes(), &rec) != nil || rec["isSidechain"] == true {
			continue
		}
		if rec["type"] == "system" && rec["subtype"] == "compact_boundary" {
			boundaries++
		}
		msg, _ := rec["message"].(map[string]any)
		blocks, _ := msg["content"].([]any)
		for _, b := range blocks {
			if b, _ := b.(map[string]any); rec["type"] == "assistant" && b["type"] == "tool_use" {
				seen[msg["id"].(string)+"/"+b["id"].(string)] = true
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return boundaries, len(seen)
}

// corpusFiles lists the transcripts of both corpus folders (real
// sessions, most with compactions; a session's subagents sit in a folder
// beside it and are not sessions of their own); the test is skipped when
// the reference material is absent.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, dir := range []string{"transcripts", "entire"} {
		more, _ := filepath.Glob(filepath.Join(refdata.Dir(t, "corpus", dir), "*.jsonl"))
		files = append(files, more...)
	}
	if len(files) == 0 {
		t.Skip("no transcripts in the corpus")
	}
	return files
}

// replayCorpus replays every corpus transcript at the default settings,
// in a home without history or Claude Code settings.
func replayCorpus(t *testing.T) []Report {
	t.Helper()
	o := Options{Config: config.Default(), Dirs: testDirs(t)}
	var reports []Report
	for _, path := range corpusFiles(t) {
		rep, err := Run(path, o)
		if err != nil {
			t.Fatal(err)
		}
		reports = append(reports, rep)
	}
	return reports
}

func TestCorpus(t *testing.T) {
	for _, rep := range replayCorpus(t) {
		t.Run(filepath.Base(rep.Path), func(t *testing.T) {
			boundaries, calls := truth(t, rep.Path)
			if rep.Totals.Compactions != boundaries || len(rep.Compactions) != boundaries {
				t.Errorf("compactions = %d, the file has %d compact_boundary records", rep.Totals.Compactions, boundaries)
			}
			if rep.Totals.ToolCalls != calls {
				t.Errorf("tool calls = %d, the file has %d", rep.Totals.ToolCalls, calls)
			}
			checkCompactions(t, rep)
			checkAdvisories(t, rep)
			if err := rep.WriteText(io.Discard); err != nil {
				t.Error(err)
			}
			tot := rep.Totals
			q := "n/a"
			if tot.MeanContinuation != nil {
				q = js(*tot.MeanContinuation)
			}
			t.Logf("%s: %d tool calls (%d rooted), %d compactions, %d advisories, hard-regret rate %.2f, mean weighted regret %.2f, mean continuation %s",
				filepath.Base(rep.Path), tot.ToolCalls, tot.RootedCalls, tot.Compactions, tot.Advisories, tot.HardRegretRate, tot.MeanHardRegret, q)
		})
	}
}

// maxUnheeded is how many advisories in the corpus may come with no
// compaction after them at all: as many as before issue 21. (Those
// before a manual compaction count as nuisance by the measure's letter;
// the corpus has four, where the compact.threshold gate held back all
// but the last of them.)
const maxUnheeded = 1

// minRootedShare is the share of the corpus's tool calls that must map
// to a root (issue 14: 54–59% before Bash commands were parsed).
const minRootedShare = 0.80

// TestCorpusHeadline checks what the replay measures on the corpus: at
// the default settings every automatic compaction gets an advisory
// first, in time, none more than two, the quiet stretches no more than
// before, and at least minRootedShare of the tool calls map to a root.
func TestCorpusHeadline(t *testing.T) {
	reports := replayCorpus(t)
	for _, rep := range reports {
		for i, c := range rep.Compactions {
			if c.Trigger == "auto" && c.Lead == nil {
				t.Errorf("%s: automatic compaction %d at %d tokens came with no advisory first (point %s)",
					filepath.Base(rep.Path), i, c.PreTokens, js(c.Point))
			}
			if c.Lead != nil && *c.Lead <= 0 {
				t.Errorf("%s: compaction %d: the first advisory came %d tokens before it", filepath.Base(rep.Path), i, *c.Lead)
			}
		}
	}
	tab := Summarize(reports)
	var b strings.Builder
	if err := tab.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	t.Logf("corpus:\n%s", b.String())
	tot := tab.Total
	if tot.Auto < 10 || tot.AutoWarned != tot.Auto {
		t.Errorf("automatic compactions with an advisory first = %d of %d", tot.AutoWarned, tot.Auto)
	}
	w := tot.Warnings
	if w.InTime != tot.Auto || w.OverAdvised > 0 || w.QuietAdvisories-w.BeforeManual > maxUnheeded {
		t.Errorf("warnings = %+v: want every automatic compaction (%d) warned in time, none over-advised, at most %d advisories no compaction came after",
			w, tot.Auto, maxUnheeded)
	}
	if tot.RootedShare < minRootedShare {
		t.Errorf("rooted share = %.1f%%, want at least %.0f%%", 100*tot.RootedShare, 100*minRootedShare)
	}
}

func checkCompactions(t *testing.T, rep Report) {
	t.Helper()
	for i, c := range rep.Compactions {
		bands := len(c.Hot) + len(c.Warm) + len(c.Cold)
		if c.Rooted >= 5 && bands == 0 {
			t.Errorf("compaction %d: no bands from %d rooted calls", i, c.Rooted)
		}
		if c.PreTokens <= 0 || c.T <= 0 || c.Trigger == "" {
			t.Errorf("compaction %d: %s", i, js(c))
		}
		o := c.Regret
		if o.Calls > regret.WindowCalls || o.ClosedBy == "" || o.HardWeight < 0 || len(o.Hard) > o.Calls {
			t.Errorf("compaction %d: regret %s", i, js(o))
		}
		for _, h := range o.Hard {
			if !contains(c.Cold, h.Root) {
				t.Errorf("compaction %d: hard regret on %s, not dropped", i, h.Root)
			}
		}
		t.Logf("compaction %d (%s) at %d after call %d: PRESERVE %v WARM %v DROP %v; regret %d hits (%.2f), soft %d, positive %d",
			i, c.Trigger, c.PreTokens, c.AfterCall, c.Hot, c.Warm, c.Cold, len(o.Hard), o.HardWeight, len(o.Soft), len(o.Positive))
	}
}

func checkAdvisories(t *testing.T, rep Report) {
	t.Helper()
	prev := 0
	for _, a := range rep.Advisories {
		if a.Call <= prev || a.Call > rep.Totals.ToolCalls || !strings.Contains("yellow orange red", a.Zone) {
			t.Errorf("advisory %s out of place", js(a))
		}
		prev = a.Call
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
