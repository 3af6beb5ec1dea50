package thread

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/segfile"
)

// TestSegmentsCutByCrash: what a crash can leave in a thread's segmented
// files is either repaired by the next sync or refused by every reader of
// that file with a message naming it, never read as a shorter thread.
func TestSegmentsCutByCrash(t *testing.T) {
	cases := []struct {
		name string
		// damage breaks the thread of session s1, attached with two turns.
		damage func(t *testing.T, a Agent)
		// refusedBy are the readers that must refuse ("" for none: Sync
		// repairs the damage); refused is in their message.
		refusedBy, refused string
	}{
		{"summary line cut", func(t *testing.T, a Agent) {
			must(t, a.AddSummary(Summary{Kind: SumTurn, Key: "s1@0", Text: "first"}))
			must(t, a.summaries().Append([]byte(`{"kind":"turn","key":"s1@9","te`)))
		}, "", ""},
		{"copy lost its end", func(t *testing.T, a Agent) {
			size, err := a.Copy("s1").Size()
			must(t, err)
			must(t, a.Copy("s1").Truncate(size-10))
		}, "", ""},
		{"records segment short in the middle", func(t *testing.T, a Agent) {
			seg := filepath.Join(a.records().Dir, "000001")
			must(t, os.WriteFile(seg, []byte(`{"kind":"detach","session":"s1"}`+"\n"), 0o600))
		}, "load sync", "records.jsonl: damaged segmented file: segment 000000 has"},
		{"summaries segment short in the middle", func(t *testing.T, a Agent) {
			must(t, a.AddSummary(Summary{Kind: SumTurn, Key: "s1@0", Text: "first"}))
			seg := filepath.Join(a.summaries().Dir, "000001")
			must(t, os.WriteFile(seg, []byte(`{"kind":"turn","key":"s1@0","text":"newer"}`+"\n"), 0o600))
		}, "summaries", "summaries.jsonl: damaged segmented file: segment 000000 has"},
		{"stray file in the copy", func(t *testing.T, a Agent) {
			must(t, os.WriteFile(filepath.Join(a.Copy("s1").Dir, "+stray"), []byte("x"), 0o600))
		}, "load sync", `transcript.jsonl: damaged segmented file: unexpected entry "+stray"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a, path := newAgent(t)
			var b tr
			b.user("one")
			b.say("answer one")
			b.user("two")
			b.say("answer two")
			write(t, path, b.buf.Bytes())
			_, err := a.Attach("s1", path, "/p", at)
			must(t, err)
			tc.damage(t, a)
			_, lerr := Load(a)
			_, serr := a.Summaries()
			_, yerr := a.Sync("s1", "", at)
			errs := map[string]error{"load": lerr, "summaries": serr, "sync": yerr}
			for reader, err := range errs {
				refuses := strings.Contains(tc.refusedBy, reader)
				switch {
				case refuses && (!errors.Is(err, segfile.ErrCorrupt) || !strings.Contains(err.Error(), tc.refused)):
					t.Errorf("%s = %v, want a refusal naming %q", reader, err, tc.refused)
				case !refuses && err != nil:
					t.Errorf("%s = %v, want it repaired or untouched", reader, err)
				}
			}
			if tc.refusedBy != "" {
				return
			}
			if got := copyBytes(t, a, "s1"); !bytes.Equal(got, b.buf.Bytes()) {
				t.Errorf("the copy after the repair holds %d bytes, want the transcript's %d", len(got), b.buf.Len())
			}
			if th, err := Load(a); err != nil || len(th.Turns) != 2 {
				t.Fatalf("Load after the repair = %+v, %v", th, err)
			}
			must(t, a.AddSummary(Summary{Kind: SumTurn, Key: "s1@1", Text: "second"}))
			sums, err := a.Summaries()
			if _, cut := sums[SumTurn+" s1@9"]; err != nil || cut || sums[SumTurn+" s1@1"].Text != "second" {
				t.Errorf("summaries after the repair = %v, %v", sums, err)
			}
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestTornTranscriptLine: a transcript whose last line was cut for good
// (Claude Code killed mid-write, then resumed, appending after it) is
// copied byte for byte; the torn line is no turn and the turns after it
// are found.
func TestTornTranscriptLine(t *testing.T) {
	a, path := newAgent(t)
	var b tr
	b.user("one")
	b.say("answer one")
	b.buf.WriteString(`{"type":"user","message":{"role":"user","content":"lost`)
	write(t, path, b.buf.Bytes())
	res, err := a.Attach("s1", path, "/p", at)
	if err != nil || res.Turns != 1 {
		t.Fatalf("Attach = %+v, %v", res, err)
	}
	b.user("two")
	b.say("answer two")
	write(t, path, b.buf.Bytes())
	if res, err := a.Sync("s1", "", at); err != nil || res.Turns != 1 || res.Rewritten != "" {
		t.Fatalf("Sync = %+v, %v", res, err)
	}
	if got := copyBytes(t, a, "s1"); !bytes.Equal(got, b.buf.Bytes()) {
		t.Errorf("the copy is not the transcript")
	}
	th, err := Load(a)
	if err != nil || len(th.Turns) != 2 || th.Turns[1].Prompt != "two" {
		t.Fatalf("Load = %+v, %v", th, err)
	}
	c, err := a.Content(th.Turns[0])
	if err != nil || c.FinalReply() != "answer one" {
		t.Errorf("turn one = %+v, %v", c, err)
	}
}
