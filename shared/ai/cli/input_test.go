package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// TestStdinOnATerminal: a command that takes its text from stdin never
// waits silently on a terminal: without the text it refuses and says how
// to give it; with - it says how to end the text, then reads it. Piped
// stdin is read as before.
func TestStdinOnATerminal(t *testing.T) {
	r := newRun(t)
	r.settings(t, "[chat]\nbackground = false\n")
	r.must(t, "memory", "init")
	tests := []struct {
		name     string
		args     []string
		terminal bool
		stdin    string
		code     int
		stderr   string
		stdout   string
	}{
		{"note, bare", []string{"memory", "note"}, true, "never read\n", 1,
			`no note given: give it as words (ai memory note "TEXT"), pipe it in, or type it after ai memory note - and end it with ` + endOfInput(), ""},
		{"note, -", []string{"memory", "note", "-"}, true, "typed on the terminal\n", 0,
			"Type the note, then press " + endOfInput() + ":\n", "noted #0"},
		{"note, piped", []string{"memory", "note"}, false, "piped in\n", 0, "", "noted #1"},
		{"claim, bare", []string{"notes", "add", "billing.rounding"}, true, "never read\n", 1,
			`no claim given: give it as words (ai notes add billing.rounding "TEXT"), pipe it in, or type it after ai notes add billing.rounding - and end it with`, ""},
		{"claim, -", []string{"notes", "add", "billing.rounding", "-"}, true, "Invoices round half-even.\n", 0,
			"Type the claim, then press", "under billing.rounding"},
		{"edit, no editor", []string{"memory", "edit", "0", "--yes"}, true, "never read\n", 1,
			`no new text given: give it as words (ai memory edit 0 "TEXT")`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			env := Env{IO: proc.IO{Stdin: strings.NewReader(tt.stdin), Stdout: &out, Stderr: &errOut,
				Getenv: func(k string) string { return r.env[k] }, Now: func() time.Time { return r.now }, Cwd: r.cwd},
				InputTerminal: tt.terminal, Spawn: func([]string) error { return nil }}
			code := Main(tt.args, env)
			if code != tt.code || !strings.Contains(errOut.String(), tt.stderr) || !strings.Contains(out.String(), tt.stdout) {
				t.Errorf("ai %s: exit %d\nstdout: %s\nstderr: %s\nwant exit %d, stderr with %q, stdout with %q",
					strings.Join(tt.args, " "), code, out.String(), errOut.String(), tt.code, tt.stderr, tt.stdout)
			}
		})
	}
	if view := r.must(t, "memory", "view"); !strings.Contains(view, "typed on the terminal") || strings.Contains(view, "never read") {
		t.Errorf("the memory holds the wrong notes:\n%s", view)
	}
}
