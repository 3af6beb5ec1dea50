package replay

import (
	"strings"
	"testing"
)

// TestReplayBeforeAndRevisits: the planted session's first compaction
// (at 125k) had yellow, orange and red before it, the first delivered one
// (orange, at 80k) 45k before; its DROP list is old/a, which the first
// call after it reads again. The second compaction had no advisory
// since the first, and old/a is no longer dropped (the read made it
// current).
func TestReplayBeforeAndRevisits(t *testing.T) {
	rep, err := Replay(strings.NewReader(session("/p/new/c/z.go")), testOptions(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	first, second := rep.Compactions[0], rep.Compactions[1]
	if got := advisoryKeys(first.Before); js(got) != `["6:yellow","9:orange!","12:red!"]` {
		t.Errorf("advisories before the first = %v", got)
	}
	if first.Lead == nil || *first.Lead != 45_000 {
		t.Errorf("lead = %v, want 45000", first.Lead)
	}
	if js(first.Drop) != `["old/a"]` || js(first.Revisits) != `[{"root":"old/a","call":14,"after":1,"tool":"Read"}]` {
		t.Errorf("drop %v, revisits %s", first.Drop, js(first.Revisits))
	}
	if len(second.Before) != 0 || second.Lead != nil || second.Trigger != "manual" {
		t.Errorf("second compaction = %s", js(second))
	}
	if first.Point.Threshold != 167_000 || first.Point.Zones.Source != "user" || first.Point.WindowFrom != "model" {
		t.Errorf("point = %s", js(first.Point))
	}
}

func TestWriteText(t *testing.T) {
	rep, err := Replay(strings.NewReader(session("/p/new/c/z.go")), testOptions(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"  window 200k (the model, claude-opus-4-6) · auto-compaction at 167k · zones 50k/80k/110k (user)\n",
		"call 6 at 50k: yellow (logged only)\n",
		"call 9 at 80k: orange advisory, 87k before auto-compaction — observed: ~20k stale in old/a · hot: mid/b\n",
		"compaction (auto) at 125k after call 13: PRESERVE new/c  WARM mid/b  DROP old/a\n",
		"    advised before: orange at 80k, red at 110k · the first 45k before it\n",
		"    DROP revisited: 1 of 1: old/a (Read, 1 call later)\n",
		"→ regret 1 hit, weight 1.00 (old/a: Read) · soft 1 (mid/b: Read) · positive 1 · quality -0.54 · window 30 calls, closed by calls\n",
		"compaction (manual) at 30k after call 44: ",
		"totals: 44 tool calls (17 rooted, 38.6%) · 2 compactions · 2 advisories delivered · 1 of 2 with an advisory first (1 of 1 automatic), median 45k before · DROP 1, revisited 1 (1 within the regret window)",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
}
