package cli

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/pager"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// TestHelp: ai help lists the pages and prints one; piped, a page longer
// than a part goes through the pager like every ai view (the first part
// and the command for the next), and on a terminal it prints whole.
func TestHelp(t *testing.T) {
	long := "# `ai notes`: a knowledge tree\n\n" + strings.Repeat("One claim per note, filed under a topic.\n", pager.PartBytes/40+10)
	pages := fstest.MapFS{
		"ai-notes.md":  {Data: []byte(long)},
		"ai-memory.md": {Data: []byte("# `ai memory`: permanent memory\n\nSee [notes](ai-notes.md).\n")},
	}
	tests := []struct {
		name     string
		args     []string
		terminal bool
		want     []string
		not      string
	}{
		{"list", []string{"help"}, false, []string{"ai help TOPIC", "ai-memory  ai memory: permanent memory", "ai-notes   ai notes: a knowledge tree"}, "[part"},
		{"page", []string{"help", "ai", "memory"}, false, []string{"See notes (ai help ai-notes).\n"}, "[part"},
		{"long, piped", []string{"help", "ai-notes"}, false, []string{"# `ai notes`", "[part 1 of 2; next: ai page "}, ""},
		{"long, terminal", []string{"help", "ai-notes"}, true, []string{"# `ai notes`"}, "[part"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRun(t)
			var out, errb bytes.Buffer
			env := Env{IO: proc.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
				Getenv: func(k string) string { return r.env[k] }, Now: func() time.Time { return r.now }, Cwd: r.cwd},
				Terminal: tt.terminal, Docs: pages}
			if code := Main(tt.args, env); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("stdout lacks %q:\n%.300s", w, out.String())
				}
			}
			if tt.not != "" && strings.Contains(out.String(), tt.not) {
				t.Errorf("stdout has %q", tt.not)
			}
		})
	}
}
