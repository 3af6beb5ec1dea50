package cli

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/si/inspect"
)

// TestStatuslineLine: si status calls the status line wired while
// settings.json runs the recorded copy, however Windows lets that path
// be spelled (C:\… or C:/…, c: or C:, any letter case).
func TestStatuslineLine(t *testing.T) {
	recorded := filepath.ToSlash(filepath.Join(t.TempDir(), "bin", "si-statusline")) // as wiring.Point records it
	tests := []struct {
		name, line, binary, want string
	}{
		{"as wired", "'" + recorded + "'", recorded, "wired, runs "},
		{"someone else's", "starship statusline", recorded, "not wired; statusLine runs starship"},
		{"never wired", "", "", "not wired; no statusLine set"},
	}
	if runtime.GOOS == "windows" {
		tests = append(tests, []struct {
			name, line, binary, want string
		}{
			{"backslashes", "'" + filepath.FromSlash(recorded) + "'", recorded, "wired, runs "},
			{"upper case", "'" + strings.ToUpper(recorded) + "'", recorded, "wired, runs "},
			{"lower-case drive", "'" + strings.ToLower(recorded[:1]) + recorded[1:] + "'", recorded, "wired, runs "},
		}...)
	} else {
		// Unix tells names apart by case.
		tests = append(tests, struct {
			name, line, binary, want string
		}{"another case", "'" + strings.ToUpper(recorded) + "'", recorded, "not wired; statusLine runs "})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := inspect.Facts{Wiring: wiring.Record{Binary: tt.binary}, StatusLn: tt.line}
			if got := statuslineLine(f); !strings.HasPrefix(got, tt.want) {
				t.Errorf("statuslineLine(%q) = %q, want it to start %q", tt.line, got, tt.want)
			}
		})
	}
}
