package cli

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// TestHelp: si help lists the pages it was given and prints one plainly;
// an unknown topic, or a build without pages, fails with exit 1.
func TestHelp(t *testing.T) {
	pages := fstest.MapFS{
		"relay.md": {Data: []byte("# Relay\n\nHands over.\n\n[← README](../README.md)\n\nSee [AILv1](ailv1.md#grammar).\n")},
		"ailv1.md": {Data: []byte("# AILv1 hand-off snapshots\n")},
	}
	tests := []struct {
		name   string
		docs   fstest.MapFS
		args   []string
		code   int
		stdout []string
		stderr string
	}{
		{"list", pages, []string{"help"}, 0, []string{"si help TOPIC", "ailv1  AILv1 hand-off snapshots", "relay  Relay"}, ""},
		{"page", pages, []string{"help", "relay"}, 0, []string{"# Relay\n\nHands over.\n\nSee AILv1 (si help ailv1).\n"}, ""},
		{"unknown", pages, []string{"help", "relais"}, 1, nil, `si: no help topic "relais"; the topics: ailv1, relay`},
		{"no pages", nil, []string{"help"}, 1, nil, "si: this build carries no reference pages"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			env := Env{IO: proc.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Now: time.Now,
				Getenv: func(k string) string {
					if k == "HOME" {
						return t.TempDir()
					}
					return ""
				}}}
			if tt.docs != nil {
				env.Docs = tt.docs
			}
			if code := Main(tt.args, env); code != tt.code {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tt.code, errb.String())
			}
			for _, w := range tt.stdout {
				if !strings.Contains(out.String(), w) {
					t.Errorf("stdout lacks %q:\n%s", w, out.String())
				}
			}
			if !strings.Contains(errb.String(), tt.stderr) {
				t.Errorf("stderr = %q, want %q", errb.String(), tt.stderr)
			}
		})
	}
}
