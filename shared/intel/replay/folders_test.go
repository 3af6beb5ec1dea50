package replay

import (
	"strings"
	"testing"
)

func TestBadDrop(t *testing.T) {
	all := []string{".", "src", "src/auth", "docs/api", "lib/old", "/tmp/x"}
	got := badDrop([]string{".", "/tmp/x", "/home/u", "src", "src/auth", "docs", "lib/old", "lib"}, append(all, "docs", "lib"))
	want := `[{"root":".","why":"top"},{"root":"/tmp/x","why":"outside"},{"root":"/home/u","why":"outside"},` +
		`{"root":"src","why":"nested"},{"root":"src/auth","why":"nested"},{"root":"docs","why":"nested"},` +
		`{"root":"lib/old","why":"nested"},{"root":"lib","why":"nested"}]`
	if js(got) != want {
		t.Errorf("badDrop = %s\nwant %s", js(got), want)
	}
	if got := badDrop([]string{"lib/old"}, []string{".", "lib/old", "src/auth"}); len(got) != 0 {
		t.Errorf("badDrop of a sound entry = %s", js(got))
	}
}

// finishedSession edits old/a and commits it, then edits mid/b (left in
// flight) and reads new/c 31 times before a compaction whose summary
// names new/c and mid/b; after it, the session reads old/a, mid/b and
// new/c again.
func finishedSession() string {
	b := newTranscript()
	b.call("Edit", map[string]any{"file_path": "/p/old/a/x.go", "old_string": "a", "new_string": "b"}, 10_000)
	b.read("/p/old/a/x.go", 11_000)
	b.call("Bash", map[string]any{"command": "git add -A && git commit -qm 'old/a done'"}, 12_000)
	b.call("Edit", map[string]any{"file_path": "/p/mid/b/y.go", "old_string": "a", "new_string": "b"}, 13_000)
	for i := range 31 {
		b.read("/p/new/c/z.go", 14_000+int64(i)*3_000)
	}
	b.emit(map[string]any{"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted",
		"compactMetadata": map[string]any{"trigger": "auto", "preTokens": 160_000}})
	b.emit(map[string]any{"type": "user", "isCompactSummary": true, "message": map[string]any{"role": "user",
		"content": []any{map[string]any{"type": "text", "text": "Summary: reading new/c/z.go; `mid/b` has an edit."}}}})
	b.read("/p/old/a/x.go", 20_000)
	b.read("/p/mid/b/y.go", 21_000)
	b.read("/p/new/c/z.go", 22_000)
	return b.String()
}

// TestReplayFolders: with the safe DROP, the finished old/a is dropped,
// mid/b (in flight: edited after the commit) and new/c are PRESERVE; the
// roots touched after are checked against the summary and the bands.
func TestReplayFolders(t *testing.T) {
	o := testOptions(t, nil)
	o.Config.Shape.SafeDrop = true
	rep, err := Replay(strings.NewReader(finishedSession()), o)
	if err != nil {
		t.Fatal(err)
	}
	c := rep.Compactions[0]
	if js(c.Hot) != `["new/c","mid/b"]` || js(c.Cold) != `["old/a"]` {
		t.Errorf("bands: HOT %v WARM %v COLD %v, want new/c and mid/b HOT, old/a COLD", c.Hot, c.Warm, c.Cold)
	}
	want := `{"summarized":true,"touched":[{"root":"old/a","summary":false,"preserve":false,"drop":true},` +
		`{"root":"mid/b","summary":true,"preserve":true,"drop":false},{"root":"new/c","summary":true,"preserve":true,"drop":false}],"badDrop":[]}`
	if js(c.Folders) != want {
		t.Errorf("folders = %s\nwant %s", js(c.Folders), want)
	}
	if f := rep.Totals.Folders; js(f) != `{"compactions":1,"touched":3,"named":2,"preserved":2,"dropped":1,"dropEntries":1,"badDrop":0,"withDrop":1}` {
		t.Errorf("totals = %s", js(f))
	}
	o.Config.Shape.SafeDrop = false // the seed drops mid/b too: nothing keeps a file in flight
	if rep, _ := Replay(strings.NewReader(finishedSession()), o); js(rep.Compactions[0].Cold) != `["old/a","mid/b"]` {
		t.Errorf("seed COLD = %v", rep.Compactions[0].Cold)
	}
}
