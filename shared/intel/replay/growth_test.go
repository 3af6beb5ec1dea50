package replay

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
)

// TestReplayBatchAndPrompt: in a 200k window (orange from 137k, red from
// 157k, the compaction at 167k), the replay judges what each hook would
// have: a batch of Reads once its results are all back (PostToolBatch),
// a prompt with its text (UserPromptSubmit), each call on the
// transcript's figure (PostToolUse). The 50-call gate holds nothing
// within reach of the point.
func TestReplayBatchAndPrompt(t *testing.T) {
	b := newTranscript()
	b.read("/p/src/a.go", 100_000)
	b.batch(120_000, 40_000, 40_000)             // 120k + 20.1k: orange at the batch's end
	b.read("/p/src/a.go", 141_000)               // the transcript catches up: nothing new
	b.prompt(strings.Repeat("log line\n", 7000)) // 141k + 15.8k: short of red
	b.prompt(strings.Repeat("log line\n", 8000)) // 141k + 18k: red, from the prompt
	b.read("/p/src/a.go", 160_000)
	b.boundary("auto", 168_000)
	o := Options{Config: config.Default(), Dirs: testDirs(t)}
	rep, err := Replay(strings.NewReader(b.String()), o)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range rep.Advisories {
		if a.Delivered {
			got = append(got, a.Zone+"@"+js(a.Tokens/1000))
		}
	}
	if want := []string{"orange@140", "red@159"}; js(got) != js(want) {
		t.Errorf("delivered advisories = %v, want %v", got, want)
	}
	if w := rep.Totals.Warnings; w.InTime != 1 || w.OverAdvised != 0 {
		t.Errorf("warnings = %+v, want the compaction warned in time, not over-advised", w)
	}
}
