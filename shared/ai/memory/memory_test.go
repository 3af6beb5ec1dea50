package memory

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/session-intelligence/session-intelligence/shared/ai/search"
	gitstore "github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

var t0 = time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)

func clock() func() time.Time { return func() time.Time { return t0 } }

func newMemory(t testing.TB) *Memory {
	t.Helper()
	m, created, err := Init(filepath.Join(t.TempDir(), "memory"), clock())
	if err != nil || !created {
		t.Fatalf("Init = %v, created %v", err, created)
	}
	return m
}

// fakeSum answers every prompt with a numbered summary and records the
// prompts.
type fakeSum struct {
	mu      sync.Mutex
	prompts []string
	answer  func(prompt string) (string, error)
}

func (f *fakeSum) Summarise(_ context.Context, prompt string) (string, error) {
	f.mu.Lock()
	f.prompts = append(f.prompts, prompt)
	n := len(f.prompts)
	f.mu.Unlock()
	if f.answer != nil {
		return f.answer(prompt)
	}
	return fmt.Sprintf("summary %d", n), nil
}

func texts(lo, hi int) []string {
	var out []string
	for i := lo; i < hi; i++ {
		out = append(out, fmt.Sprintf("fact %d", i))
	}
	return out
}

// status asserts a clean working tree and returns the number of commits.
func status(t *testing.T, m *Memory) int {
	t.Helper()
	repo, err := git.PlainOpen(m.Dir())
	if err != nil {
		t.Fatal(err)
	}
	wt, _ := repo.Worktree()
	st, err := wt.Status()
	if err != nil || !st.IsClean() {
		t.Errorf("working files differ from HEAD (%v):\n%s", err, st)
	}
	iter, err := repo.Log(&git.LogOptions{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	_ = iter.ForEach(func(*object.Commit) error { n++; return nil })
	return n
}

func TestCheckNote(t *testing.T) {
	tests := []struct {
		name, in, want string
		is             error
		text           string
	}{
		{"plain", "  the build uses go 1.26 \n", "the build uses go 1.26", nil, ""},
		{"aim exactly", strings.Repeat("a", 280), strings.Repeat("a", 280), nil, ""},
		{"40 more accepted", strings.Repeat("a", 320), strings.Repeat("a", 320), nil, ""},
		{"accents count as one", strings.Repeat("é", 320), strings.Repeat("é", 320), nil, ""},
		{"one too many", strings.Repeat("a", 321), "", ErrTooLong, "321 characters; a note aims at 280 and at most 320 are accepted"},
		{"tab becomes space", "a\tb", "a b", nil, ""},
		{"empty", "", "", ErrEmpty, "write what you learned"},
		{"blank", " \n\t ", "", ErrEmpty, ""},
		{"two lines", "one\ntwo", "", ErrLines, "not 2"},
		{"bad utf-8", "a\xffb", "", nil, "not valid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := CheckNote(tt.in, 280)
			if got != tt.want {
				t.Errorf("CheckNote = %q, want %q", got, tt.want)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %v, want %v", err, tt.is)
			}
			if (err != nil) != (tt.is != nil || tt.text != "") {
				t.Errorf("error %v", err)
			}
			if tt.text != "" && (err == nil || !strings.Contains(err.Error(), tt.text)) {
				t.Errorf("error %v does not say %q", err, tt.text)
			}
		})
	}
}

func TestAddAcrossSegments(t *testing.T) {
	m := newMemory(t)
	if err := m.Import(texts(0, 254), t0); err != nil {
		t.Fatal(err)
	}
	for i := 254; i < 257; i++ {
		n, err := m.Add(fmt.Sprintf("fact %d", i))
		if err != nil || n.ID != i || !n.Time.Equal(t0) {
			t.Fatalf("Add = %+v, %v; want #%d", n, err, i)
		}
	}
	if n, _ := m.Count(); n != 257 {
		t.Errorf("Count = %d, want 257", n)
	}
	for path, want := range map[string]int{"notes/0000000.txt": 256, "notes/0000256.txt": 1} {
		data, err := m.Store().Read(path)
		if err != nil || strings.Count(string(data), "\n") != want {
			t.Errorf("%s has %d lines (%v), want %d", path, strings.Count(string(data), "\n"), err, want)
		}
	}
	notes, err := m.Notes(250, 257)
	if err != nil || len(notes) != 7 || notes[6].Text != "fact 256" || notes[0].ID != 250 {
		t.Errorf("Notes(250, 257) = %+v, %v", notes, err)
	}
	if _, err := m.Note(257); !errors.Is(err, ErrBadID) {
		t.Errorf("Note(257) error = %v, want ErrBadID", err)
	}
	if c := status(t, m); c != 1+1+3 {
		t.Errorf("%d commits, want 5 (create, import, 3 notes)", c)
	}
}

func TestViewBeforeAndAfterFolding(t *testing.T) {
	m := newMemory(t)
	if err := m.Import(texts(0, 40), t0); err != nil {
		t.Fatal(err)
	}
	v, err := m.View(8)
	if err != nil {
		t.Fatal(err)
	}
	if v.Count != 40 || v.Unfolded == 0 || len(v.Lines) > 16 {
		t.Errorf("unfolded view: count %d, unfolded %d, %d lines (at most 16)", v.Count, v.Unfolded, len(v.Lines))
	}
	if last := v.Lines[len(v.Lines)-1]; last != "#39 2026-05-01 fact 39" {
		t.Errorf("newest line = %q", last)
	}
	sum := &fakeSum{}
	built, err := m.Fold(context.Background(), sum, 8, func(string, ...any) {})
	if err != nil || built == 0 {
		t.Fatalf("Fold = %d, %v", built, err)
	}
	v, err = m.View(8)
	if err != nil {
		t.Fatal(err)
	}
	if v.Unfolded != 0 || len(v.Lines) != 8 {
		t.Errorf("folded view: unfolded %d, lines %q", v.Unfolded, v.Lines)
	}
	if !regexp.MustCompile(`^#0-\d+ 2026-05-01 summary \d+$`).MatchString(v.Lines[0]) {
		t.Errorf("oldest line = %q, want a summary", v.Lines[0])
	}
	if todo, _ := m.Pending(8); len(todo) != 0 {
		t.Errorf("Pending after Fold = %v", todo)
	}
	status(t, m)
}

func TestZoom(t *testing.T) {
	m := newMemory(t)
	if err := m.Import(texts(0, 4), t0); err != nil {
		t.Fatal(err)
	}
	sum := &fakeSum{}
	if err := m.FoldBlock(context.Background(), sum, Block{0, 2}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		id   string
		want []string
		err  string
	}{
		{"2", []string{"#2 2026-05-01T10:00:00Z fact 2"}, ""},
		{"0-1", []string{"#0-1 2026-05-01 summary 1", "#0 2026-05-01 fact 0", "#1 2026-05-01 fact 1"}, ""},
		{"0-3", []string{"#0-3 2026-05-01 (4 notes, not folded yet: ai memory zoom 0-3)", "#0-1 2026-05-01 summary 1", "#2 2026-05-01 fact 2", "#3 2026-05-01 fact 3"}, ""},
		{"4", nil, "the memory has 4 notes"},
		{"0-7", nil, "the memory has 4 notes"},
	}
	for _, tt := range tests {
		b, err := ParseBlock(tt.id)
		if err != nil {
			t.Fatal(err)
		}
		got, err := m.Zoom(b)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Zoom(%s) error = %v, want %q", tt.id, err, tt.err)
			}
			continue
		}
		if err != nil || strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("Zoom(%s) = %q, %v\nwant %q", tt.id, got, err, tt.want)
		}
	}
}

func TestGrep(t *testing.T) {
	m := newMemory(t)
	if err := m.Import([]string{"Go build", "rust fmt", "go vet", "nothing"}, t0); err != nil {
		t.Fatal(err)
	}
	sum := &fakeSum{answer: func(string) (string, error) { return "folded: go tooling", nil }}
	if err := m.FoldBlock(context.Background(), sum, Block{2, 4}); err != nil {
		t.Fatal(err)
	}
	got, err := m.Grep(mustPattern(t, `(?i)\bgo\b`), search.NewBudget(nil))
	want := []string{
		"#0 2026-05-01T10:00:00Z Go build",
		"#2-3 2026-05-01 folded: go tooling",
		"#2 2026-05-01T10:00:00Z go vet",
	}
	if err != nil || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Grep = %q, %v\nwant %q", got, err, want)
	}
}

func TestOpenMissing(t *testing.T) {
	_, _, err := Open(filepath.Join(t.TempDir(), "none"), clock())
	if !errors.Is(err, ErrNoMemory) || !strings.Contains(err.Error(), "ai memory init") {
		t.Errorf("Open(missing) = %v", err)
	}
}

func TestNewerStoreRefused(t *testing.T) {
	m := newMemory(t)
	_, err := m.Store().Update(func(tx *gitstore.Tx) (string, error) {
		tx.Write(gitstore.FormatFile, []byte("memory 2\n"))
		return "future", nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Open(m.Dir(), clock()); !errors.Is(err, gitstore.ErrNewer) {
		t.Errorf("Open(format 2) = %v, want ErrNewer", err)
	}
}
