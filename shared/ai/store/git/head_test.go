package git

import (
	"errors"
	"os"
	"testing"
)

// TestHeadEntries: a directory's entries in HEAD, whose hashes change
// exactly when something below them does.
func TestHeadEntries(t *testing.T) {
	s := scratch(t)
	write(t, s, "one", map[string]string{"a/b/x.md": "x", "a/y.md": "y", "c/z.md": "z"})
	hashes := func() map[string]string {
		t.Helper()
		es, err := s.HeadEntries("")
		must(t, err)
		out := map[string]string{}
		for _, e := range es {
			out[e.Name] = e.Hash
			if e.Dir != (e.Name == "a" || e.Name == "c") {
				t.Errorf("%s: Dir = %v", e.Name, e.Dir)
			}
		}
		return out
	}
	before := hashes()
	if len(before) != 4 { // .ai-format, README.md, a, c
		t.Fatalf("root entries: %v", before)
	}
	es, err := s.HeadEntries("a/b")
	if err != nil || len(es) != 1 || es[0].Name != "x.md" || es[0].Dir {
		t.Fatalf("HeadEntries(a/b) = %v, %v", es, err)
	}
	write(t, s, "two", map[string]string{"a/b/x.md": "x2"})
	after := hashes()
	if after["a"] == before["a"] || after["c"] != before["c"] || after["README.md"] != before["README.md"] {
		t.Errorf("a deep change: before %v, after %v", before, after)
	}
	if _, err := s.HeadEntries("nope"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing directory: %v", err)
	}
	if _, err := s.HeadEntries("a/y.md"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file as a directory: %v", err)
	}
	if _, err := s.HeadEntries("../x"); !errors.Is(err, ErrBadPath) {
		t.Errorf("a bad path: %v", err)
	}
}
