package shape

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

func str(s string) *string { return &s }

func rooted(tok int64, root, file string) Entry {
	return Entry{Tok: tok, Tool: "Read", Root: str(root), File: str(file)}
}

func countLines(t *testing.T, path string) int {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Count(raw, []byte("\n"))
}

func TestAppendTrimsAtMaxEntries(t *testing.T) {
	const maxEntries = 10 // past 10 lines the newest 9 are kept
	tests := []struct {
		appends   int
		wantLines int
		firstTok  int64 // Tok of the oldest entry left
	}{
		{5, 5, 0},
		{10, 10, 0},
		{11, 9, 2},
		{25, 9, 16}, // trimmed at 11, 13, …, 25
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.appends, " appends"), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "shape.jsonl")
			lines := 0
			for i := range tt.appends {
				n, err := Append(path, rooted(int64(i), "src", "src/a.go"), lines, maxEntries)
				if err != nil {
					t.Fatalf("Append #%d: %v", i, err)
				}
				lines = n
			}
			if lines != tt.wantLines || countLines(t, path) != tt.wantLines {
				t.Errorf("after %d appends: returned %d, file has %d lines, want %d", tt.appends, lines, countLines(t, path), tt.wantLines)
			}
			entries, err := Read(path)
			if err != nil || len(entries) == 0 || entries[0].Tok != tt.firstTok || entries[len(entries)-1].Tok != int64(tt.appends-1) {
				t.Errorf("Read = %d entries (%v), want Tok %d..%d", len(entries), err, tt.firstTok, tt.appends-1)
			}
			filemode.Check(t, path, 0o600)
		})
	}
}

func TestAppendTrimsAtMaxBytes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shape.jsonl")
	file := strings.Repeat("f", 1000)
	lines, trimmed := 0, false
	for i := range 200 {
		n, err := Append(path, rooted(int64(i), "big", file), lines, 10_000)
		if err != nil {
			t.Fatal(err)
		}
		trimmed = trimmed || n < lines+1
		lines = n
		if fi, _ := os.Stat(path); fi.Size() > MaxBytes {
			t.Fatalf("after append %d the log is %d bytes, over MaxBytes %d", i, fi.Size(), MaxBytes)
		}
	}
	if !trimmed {
		t.Fatal("200 lines of 1 KB never trimmed")
	}
	entries, _ := Read(path)
	if len(entries) != lines || countLines(t, path) != lines {
		t.Errorf("returned count %d, file %d lines, Read %d entries", lines, countLines(t, path), len(entries))
	}
	if last := entries[len(entries)-1].Tok; last != 199 {
		t.Errorf("newest entry Tok = %d, want 199", last)
	}
}

func TestRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shape.jsonl")
	content := strings.Join([]string{
		`{"t":1,"tok":100,"tool":"Read","root":"src/auth","file":"src/auth/login.ts"}`,
		`not json`,
		`{"t":2,"tok":150,"tool":"Bash","root":null,"file":null,"event":"commit"}`,
		`{"t":3,"tok":160,"tool":"Bash","root":null,"file":null}`, // neither root nor event
		``,
		`{"t":4,"tok":"many","root":"x"}`,
		`{"t":5,"tok":170,"tool":"Grep","root":"docs","file":"docs/"}`,
		`{"t":6,"tok":180,"tool":"Read","root":"src","fi`, // torn last line
	}, "\n")
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	entries, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.RootName()+"|"+e.FileName()+"|"+e.Event)
	}
	want := []string{"src/auth|src/auth/login.ts|", "||commit", "docs|docs/|"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Read = %q, want %q", got, want)
	}
	if missing, err := Read(filepath.Join(t.TempDir(), "none")); missing != nil || err != nil {
		t.Errorf("Read(missing) = %v, %v, want nil, nil", missing, err)
	}
}

// TestAppendNeverOverMaxEntries: the log never holds more lines than its
// cap, also when the caller's count started again over a full log (a
// fresh state.json).
func TestAppendNeverOverMaxEntries(t *testing.T) {
	const maxEntries = 200
	path := filepath.Join(t.TempDir(), "shape.jsonl")
	lines := 0
	for i := range 500 {
		if i == 300 {
			lines = 0 // the session's state was reset
		}
		n, err := Append(path, rooted(int64(i), "src", "src/a.go"), lines, maxEntries)
		if err != nil {
			t.Fatal(err)
		}
		lines = n
		if got := countLines(t, path); got > maxEntries || got != lines {
			t.Fatalf("after append %d the log holds %d lines (count %d), cap %d", i, got, lines, maxEntries)
		}
	}
}

// TestAppendOverHugeLog: a log far past every cap is cut to its newest
// entries at the next append, and the new entry is kept.
func TestAppendOverHugeLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shape.jsonl")
	line := `{"t":1,"tok":1,"tool":"Read","root":"old","file":"old/` + strings.Repeat("x", 200) + `"}` + "\n"
	if err := os.WriteFile(path, []byte(strings.Repeat(line, (3<<20)/len(line))), 0o600); err != nil {
		t.Fatal(err)
	}
	n, err := Append(path, rooted(7, "new", "new/a.go"), 0, 200)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := Read(path)
	if err != nil || len(entries) != n || n > 200 || entries[n-1].RootName() != "new" {
		t.Fatalf("after the append: %d entries (count %d, %v), last %+v", len(entries), n, err, entries[len(entries)-1])
	}
	if fi, _ := os.Stat(path); fi.Size() > MaxBytes {
		t.Errorf("log is %d bytes, over %d", fi.Size(), MaxBytes)
	}
}
