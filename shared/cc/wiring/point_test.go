package wiring

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
)

// TestPointWindowsForms: a Windows user's settings.json may name our
// status line with backslashes (by hand, or as an older version wrote
// it) or with forward slashes (as Point writes it, the form Git Bash
// runs). Either is known as ours: it is never kept as the previous line
// (which would make the chain run itself), and it is moved to the stable
// copy in the forward-slash form. The user's own Windows line is kept.
func TestPointWindowsForms(t *testing.T) {
	const stable = "C:/Users/x/.claude/session-intelligence/bin/si-statusline.exe"
	kept := Record{Previous: "starship statusline", HadPrevious: true, Binary: "old"}
	tests := []struct {
		name, command string
		rec           Record
		wantPrevious  string
		unchanged     bool
	}{
		{"backslashes", `'C:\Users\x\.claude\session-intelligence\bin\si-statusline.exe'`, kept, "starship statusline", false},
		{"forward slashes, older data folder", "'C:/Users/x/.claude/plugins/data/si/bin/si-statusline.exe'", kept, "starship statusline", false},
		{"without .exe, as Git Bash finds it", "'C:/Users/x/.claude/session-intelligence/bin/si-statusline'", kept, "starship statusline", false},
		{"already the stable copy", "'" + stable + "'", kept, "starship statusline", true},
		{"the user's own line", `C:\Users\x\bin\line.exe --short`, Record{}, `C:\Users\x\bin\line.exe --short`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := settingsjson.Set([]byte("{}\n"), map[string]string{"type": "command", "command": tt.command}, "statusLine")
			if err != nil {
				t.Fatal(err)
			}
			next, rec, err := Point(doc, tt.rec, stable)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Previous != tt.wantPrevious || rec.Binary != stable {
				t.Errorf("record = %+v, want previous %q and binary %q", rec, tt.wantPrevious, stable)
			}
			if got := commandOf(mustGet(t, next)); got != quote(stable) {
				t.Errorf("statusLine runs %s, want %s", got, quote(stable))
			}
			if unchanged := string(next) == string(doc); unchanged != tt.unchanged {
				t.Errorf("settings.json unchanged = %v, want %v:\n%s", unchanged, tt.unchanged, next)
			}
		})
	}
}

func mustGet(t *testing.T, doc []byte) []byte {
	t.Helper()
	raw, ok := settingsjson.Get(doc, "statusLine")
	if !ok || !strings.Contains(string(raw), "command") {
		t.Fatalf("no statusLine command in %s", doc)
	}
	return raw
}
