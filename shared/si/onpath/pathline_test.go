package onpath

import (
	"path/filepath"
	"runtime"
	"testing"
)

// TestPathLine: the line is for the user's shell, Git Bash on Windows,
// where a drive's colon would split the PATH entry: C:\tools is /c/tools
// there, a share //host/share, and a folder under home $HOME/ with
// forward slashes.
func TestPathLine(t *testing.T) {
	home := filepath.FromSlash("/home/me")
	tests := []struct{ dir, want string }{
		{filepath.FromSlash("/home/me/.local/bin"), `export PATH="$HOME/.local/bin:$PATH"`},
		{filepath.FromSlash("/home/me/bin"), `export PATH="$HOME/bin:$PATH"`},
		{filepath.FromSlash("/home/meself/bin"), `export PATH="/home/meself/bin:$PATH"`},
		{filepath.FromSlash("/opt/tools"), `export PATH="/opt/tools:$PATH"`},
	}
	if runtime.GOOS == "windows" {
		home = `C:\Users\Me`
		tests = []struct{ dir, want string }{
			{`C:\Users\Me\.local\bin`, `export PATH="$HOME/.local/bin:$PATH"`},
			{`C:\Users\Meself\bin`, `export PATH="/c/Users/Meself/bin:$PATH"`},
			{`D:\Tools\bin`, `export PATH="/d/Tools/bin:$PATH"`},
			{`\\host\share\bin`, `export PATH="//host/share/bin:$PATH"`},
		}
	}
	for _, tt := range tests {
		if got := PathLine(tt.dir, home); got != tt.want {
			t.Errorf("PathLine(%q, %q) = %s, want %s", tt.dir, home, got, tt.want)
		}
	}
}
