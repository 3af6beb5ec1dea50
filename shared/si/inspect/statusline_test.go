package inspect

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// TestCheckStatusline: the status line check knows the recorded copy in
// settings.json however Windows lets it be spelled (C:\… or C:/…, c: or
// C:, any letter case), and only there; a line running anything else is
// reported.
func TestCheckStatusline(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, proc.Exe("si-statusline"))
	if err := os.WriteFile(bin, []byte("\x7fELF"), 0o700); err != nil {
		t.Fatal(err)
	}
	recorded := filepath.ToSlash(bin) // as wiring.Point records it
	tests := []struct {
		name, line string
		want       Verdict
	}{
		{"as wired", "'" + recorded + "'", OK},
		{"someone else's", "starship statusline", Warn},
		{"none", "", Warn},
	}
	if runtime.GOOS == "windows" {
		tests = append(tests, []struct {
			name, line string
			want       Verdict
		}{
			{"backslashes", "'" + filepath.FromSlash(recorded) + "'", OK},
			{"upper case", "'" + strings.ToUpper(recorded) + "'", OK},
			{"lower-case drive", "'" + strings.ToLower(recorded[:1]) + recorded[1:] + "'", OK},
		}...)
	} else {
		// Unix tells names apart by case.
		tests = append(tests, struct {
			name, line string
			want       Verdict
		}{"another case", "'" + strings.ToUpper(recorded) + "'", Warn})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Facts{Wiring: wiring.Record{Binary: recorded}, StatusLn: tt.line}
			if c := f.checkStatusline(); c.Verdict != tt.want {
				t.Errorf("statusLine %q: verdict %v (%s), want %v", tt.line, c.Verdict, c.Detail, tt.want)
			}
		})
	}
}
