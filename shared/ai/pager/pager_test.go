package pager

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
)

// clock is a settable clock.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func newPager(t *testing.T) (Pager, *clock) {
	c := &clock{time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)}
	return Pager{Dir: filepath.Join(t.TempDir(), "views"), Now: c.now, Command: "ai"}, c
}

// long returns n numbered lines of about 100 bytes.
func long(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "#%d %s\n", i, strings.Repeat("x", 94))
	}
	return b.String()
}

var nextRe = regexp.MustCompile(`\[part (\d+) of (\d+); next: ai page (\d+:\d+)\]\n$`)

// TestPagesWholeView reads a 60 KB view part by part: every part is at
// most 20,000 bytes, ends with the command for the next, and together
// they give back the view exactly.
func TestPagesWholeView(t *testing.T) {
	p, _ := newPager(t)
	text := long(600)
	var out strings.Builder
	if err := p.Show(&out, text, false); err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	part := out.String()
	for n := 1; ; n++ {
		if len(part) > PartBytes {
			t.Errorf("part %d has %d bytes", n, len(part))
		}
		m := nextRe.FindStringSubmatch(part)
		if m == nil {
			if !strings.HasSuffix(part, fmt.Sprintf("[part %d of %d; end of view 1]\n", n, n)) {
				t.Fatalf("last part %d ends %q", n, part[max(0, len(part)-80):])
			}
			got.WriteString(strings.TrimSuffix(part, fmt.Sprintf("[part %d of %d; end of view 1]\n", n, n)))
			break
		}
		if m[1] != fmt.Sprint(n) || m[3] != fmt.Sprintf("1:%d", n+1) {
			t.Fatalf("part %d trailer %q", n, m[0])
		}
		got.WriteString(strings.TrimSuffix(part, m[0]))
		var next strings.Builder
		if err := p.Page(&next, m[3]); err != nil {
			t.Fatal(err)
		}
		part = next.String()
	}
	if got.String() != text {
		t.Errorf("the parts do not add up to the view (%d bytes, want %d)", got.Len(), len(text))
	}
}

func TestShowWhole(t *testing.T) {
	p, _ := newPager(t)
	for _, tt := range []struct {
		name     string
		text     string
		terminal bool
	}{
		{"short and piped", long(10), false},
		{"long on a terminal", long(600), true},
		{"exactly one part", strings.Repeat("y", PartBytes-1) + "\n", false},
	} {
		var out strings.Builder
		if err := p.Show(&out, tt.text, tt.terminal); err != nil {
			t.Fatal(err)
		}
		if out.String() != tt.text {
			t.Errorf("%s: printed %d bytes, want the %d of the text whole", tt.name, out.Len(), len(tt.text))
		}
	}
	if _, err := os.Stat(p.Dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a view printed whole was saved: %v", err)
	}
}

func TestLongLineIsCut(t *testing.T) {
	p, _ := newPager(t)
	text := strings.Repeat("é", 25_000) + "\n" // 50,000 bytes on one line
	var out strings.Builder
	if err := p.Show(&out, text, false); err != nil {
		t.Fatal(err)
	}
	first := out.String()
	if len(first) > PartBytes || !strings.HasSuffix(first, "[part 1 of 3; next: ai page 1:2]\n") {
		t.Errorf("first part: %d bytes, ends %q", len(first), first[len(first)-40:])
	}
	if !strings.HasPrefix(first, "éé") || strings.ContainsRune(first, '\uFFFD') {
		t.Error("a character was split")
	}
}

// TestExpiry: a view lives 10 minutes after it was last read; reading a
// part renews it.
func TestExpiry(t *testing.T) {
	p, c := newPager(t)
	var out strings.Builder
	if err := p.Show(&out, long(600), false); err != nil {
		t.Fatal(err)
	}
	c.t = c.t.Add(9 * time.Minute)
	if err := p.Page(&out, "1:2"); err != nil {
		t.Fatalf("read at 9 minutes: %v", err)
	}
	c.t = c.t.Add(9 * time.Minute) // 18 minutes after saving, 9 after the last read
	if err := p.Page(&out, "1:3"); err != nil {
		t.Fatalf("read 9 minutes after the last read: %v", err)
	}
	c.t = c.t.Add(10*time.Minute + time.Second)
	err := p.Page(&out, "1:1")
	if !errors.Is(err, ErrExpired) || !strings.Contains(err.Error(), "run the command again") {
		t.Fatalf("read after 10 minutes idle = %v, want ErrExpired", err)
	}
	if _, err := os.Stat(filepath.Join(p.Dir, "1")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("expired view still on disk: %v", err)
	}
}

func TestSaveSweepsExpiredViews(t *testing.T) {
	p, c := newPager(t)
	var out strings.Builder
	_ = p.Show(&out, long(600), false)
	c.t = c.t.Add(11 * time.Minute)
	_ = p.Show(&out, long(600), false)
	if _, err := os.Stat(filepath.Join(p.Dir, "1")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("view 1 not swept: %v", err)
	}
	if _, err := os.Stat(filepath.Join(p.Dir, "2", "1")); err != nil {
		t.Errorf("view 2 missing: %v", err)
	}
}

func TestPageErrors(t *testing.T) {
	p, _ := newPager(t)
	var out strings.Builder
	_ = p.Show(&out, long(300), false) // two parts
	tests := []struct {
		ref  string
		is   error
		text string
	}{
		{"1:3", ErrBadRef, "view 1 has 2 parts"},
		{"1", ErrBadRef, "want VIEW:PART"},
		{"a:b", ErrBadRef, "want VIEW:PART"},
		{"0:1", ErrBadRef, "want VIEW:PART"},
		{"1:0", ErrBadRef, "want VIEW:PART"},
		{"9:1", ErrExpired, "no such view 9"},
	}
	for _, tt := range tests {
		err := p.Page(&out, tt.ref)
		if !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.text) {
			t.Errorf("Page(%q) = %v, want %v with %q", tt.ref, err, tt.is, tt.text)
		}
	}
}

func TestDir(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	// An absolute path on Windows starts with a drive letter; "/c" is
	// relative to the current drive there, as "rel" is everywhere.
	c, h := "/c", "/h"
	if runtime.GOOS == "windows" {
		c, h = `C:\c`, `C:\h`
	}
	tests := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"XDG_CACHE_HOME": c, "HOME": h}, filepath.Join(c, "ai", "views")},
		{map[string]string{"XDG_CACHE_HOME": "rel", "HOME": h}, filepath.Join(h, ".cache", "ai", "views")},
		{map[string]string{"HOME": h}, filepath.Join(h, ".cache", "ai", "views")},
	}
	for _, tt := range tests {
		if got, err := Dir(env(tt.env)); got != tt.want || err != nil {
			t.Errorf("Dir(%v) = %q, %v; want %q", tt.env, got, err, tt.want)
		}
	}
	if _, err := Dir(env(nil)); err == nil {
		t.Error("Dir without HOME succeeded")
	}
}

// TestSweep: reading a part, or a sweep of its own (what the SessionStart
// hook runs), removes the views that expired, at most once a minute; a
// view being saved (no read stamp yet) stays, an abandoned one goes.
func TestSweep(t *testing.T) {
	p, c := newPager(t)
	t0 := c.t
	var out strings.Builder
	_ = p.Show(&out, long(600), false) // view 1
	_ = p.Show(&out, long(600), false) // view 2
	saving := filepath.Join(p.Dir, "9")
	if err := os.MkdirAll(saving, 0o700); err != nil {
		t.Fatal(err)
	}
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	_ = os.Chtimes(saving, at(5*time.Minute), at(5*time.Minute))
	exists := func(step, dir string, want bool) {
		t.Helper()
		if _, err := os.Stat(filepath.Join(p.Dir, dir)); (err == nil) != want {
			t.Errorf("%s: view %s exists = %v, want %v", step, dir, err == nil, want)
		}
	}
	c.t = at(5 * time.Minute)
	if err := p.Page(&out, "2:2"); err != nil { // view 2 read again; a sweep
		t.Fatal(err)
	}
	exists("idle 5 minutes", "1", true)
	c.t = at(11 * time.Minute)
	p.Sweep()
	exists("idle 11 minutes", "1", false)
	exists("idle 6 minutes", "2", true)
	exists("being saved", "9", true)
	_ = os.Chtimes(saving, t0, t0) // abandoned
	c.t = at(11*time.Minute + 30*time.Second)
	p.Sweep()
	exists("30 s after the last sweep", "9", true)
	c.t = at(12*time.Minute + 30*time.Second)
	p.Sweep()
	exists("an abandoned save, a minute later", "9", false)
	exists("idle 7.5 minutes", "2", true)
}

// BenchmarkSweepIdle is what a session start pays when the last sweep
// was less than a minute ago: the read of one stamp.
func BenchmarkSweepIdle(b *testing.B) {
	c := &clock{time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)}
	p := Pager{Dir: filepath.Join(b.TempDir(), "views"), Now: c.now}
	var out strings.Builder
	_ = p.Show(&out, long(600), false)
	for b.Loop() {
		p.Sweep()
	}
}
