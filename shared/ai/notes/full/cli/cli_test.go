package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// TestMainRefusals: usage errors exit 2 and say how ai-sync is run; a
// failed sync exits 1 with `ai`'s prefix and the store shown from HOME.
func TestMainRefusals(t *testing.T) {
	home := t.TempDir()
	cases := []struct {
		args   []string
		code   int
		errHas string
	}{
		{nil, 2, "usage: ai-sync --store DIR [--timeout D] [URL] (run it as ai notes sync)"},
		{[]string{"--store", "/x", "a", "b"}, 2, "usage: ai-sync"},
		{[]string{"--bogus"}, 2, "flag provided but not defined: -bogus"},
		// ~ for home, in the system's form (~\.ai\notes on Windows).
		{[]string{"--store", filepath.Join(home, ".ai", "notes")}, 1, "ai: sync " + filepath.FromSlash("~/.ai/notes") + ": no notes at "},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		env := proc.IO{Stdout: &out, Stderr: &errOut, Now: time.Now,
			Getenv: func(k string) string { return map[string]string{"HOME": home}[k] }}
		if code := Main(c.args, env); code != c.code || !strings.Contains(errOut.String(), c.errHas) || out.Len() != 0 {
			t.Errorf("Main(%q) = %d, stderr %q, stdout %q; want %d and %q", c.args, code, errOut.String(), out.String(), c.code, c.errHas)
		}
	}
}

// TestExplainTimeLimit: a sync stopped by its time limit says where it
// was and what that left; other errors pass as they are.
func TestExplainTimeLimit(t *testing.T) {
	late := fmt.Errorf("fetch: %w", context.DeadlineExceeded)
	for _, c := range []struct {
		err   error
		phase string
		want  string
	}{
		{late, "fetching", "stopped at the time limit of 1m40s while fetching: nothing was changed; run it again, with a longer --timeout"},
		{late, "writing", "while writing: the notes moved to the merged version; the next ai notes command finishes writing their files"},
		{late, "pushing", "while pushing: the notes here are synced; the remote does not have them yet"},
		{late, "", "while starting: nothing was changed"},
		{errors.New("push: refused"), "pushing", "push: refused"},
	} {
		got := explain(c.err, c.phase, DefaultTimeout)
		if !strings.Contains(got.Error(), c.want) || !errors.Is(got, c.err) {
			t.Errorf("explain(%v, %q) = %v, want %q", c.err, c.phase, got, c.want)
		}
	}
}

// TestProgress: on a terminal the phase and file counts are drawn on one
// line, redrawn at most every 100 ms within a phase, and cleared; off a
// terminal nothing is written, but the phase is remembered.
func TestProgress(t *testing.T) {
	var out bytes.Buffer
	now := time.Unix(0, 0)
	p := &progress{w: &out, now: func() time.Time { return now }}
	p.show("fetching", 0, 0)
	p.show("writing", 250, 1000)
	p.show("writing", 500, 1000) // too soon: not drawn
	now = now.Add(time.Second)
	p.show("writing", 750, 1000)
	p.clear()
	want := "\r\x1b[Kai: sync: fetching\r\x1b[Kai: sync: writing 250/1000 files\r\x1b[Kai: sync: writing 750/1000 files\r\x1b[K"
	if out.String() != want {
		t.Errorf("drawn %q, want %q", out.String(), want)
	}
	var file bytes.Buffer
	q := newProgress(&file, time.Now)
	q.show("pushing", 0, 0)
	q.clear()
	if file.Len() != 0 || q.phase != "pushing" {
		t.Errorf("off a terminal: wrote %q, phase %q", file.String(), q.phase)
	}
}
