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

func TestCorpus(t *testing.T) {
	corpusDir := refdata.Dir(t, "corpus", "transcripts") // real sessions, some with compactions
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.jsonl"))
	if len(files) == 0 {
		t.Skipf("no transcripts in %s", corpusDir)
	}
	cfg := config.Default()
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			rep, err := Run(path, cfg)
			if err != nil {
				t.Fatal(err)
			}
			boundaries, calls := truth(t, path)
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
				filepath.Base(path), tot.ToolCalls, tot.RootedCalls, tot.Compactions, tot.Advisories, tot.HardRegretRate, tot.MeanHardRegret, q)
		})
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
