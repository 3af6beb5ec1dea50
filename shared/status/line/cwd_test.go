package line

import (
	"runtime"
	"testing"
)

// TestUnderHome: the cwd field shows home as ~. Windows paths name the
// same folder in another letter case or with / (Claude Code, Git Bash
// and the user's profile variable need not agree), so there they match;
// on Unix only the same bytes do.
func TestUnderHome(t *testing.T) {
	windows := runtime.GOOS == "windows"
	tests := []struct {
		name, p, home string
		rest          string
		ok            bool
	}{
		{"inside", "/home/x/proj", "/home/x", "/proj", true},
		{"home itself", "/home/x", "/home/x", "", true},
		{"a longer name", "/home/xy/proj", "/home/x", "", false},
		{"outside", "/srv/proj", "/home/x", "", false},
		{"no home", "/home/x/proj", "", "", false},
		{"other letter case", `c:\users\x\proj`, `C:\Users\x`, map[bool]string{true: `\proj`}[windows], windows},
		{"forward slashes", "C:/Users/x/proj", `C:\Users\x`, map[bool]string{true: "/proj"}[windows], windows},
		{"a longer name, Windows form", `C:\Users\xy`, `C:\Users\x`, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if rest, ok := underHome(tt.p, tt.home); rest != tt.rest || ok != tt.ok {
				t.Errorf("underHome(%q, %q) = %q, %v; want %q, %v", tt.p, tt.home, rest, ok, tt.rest, tt.ok)
			}
		})
	}
}
