package cli

import (
	"bytes"
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
		{nil, 2, "usage: ai-sync --store DIR [URL] (run it as ai notes sync)"},
		{[]string{"--store", "/x", "a", "b"}, 2, "usage: ai-sync"},
		{[]string{"--bogus"}, 2, "flag provided but not defined: -bogus"},
		{[]string{"--store", filepath.Join(home, ".ai", "notes")}, 1, "ai: sync ~/.ai/notes: no notes at "},
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
