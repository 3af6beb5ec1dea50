package paths

import (
	"runtime"
	"testing"
)

// TestPluginRoot: the plugin root comes from CLAUDE_PLUGIN_ROOT, else
// (hooks the settings-mode installer registered) from the bin/ directory
// the executable sits in.
func TestPluginRoot(t *testing.T) {
	env := func(root string) func(string) string {
		return func(k string) string {
			if k == "CLAUDE_PLUGIN_ROOT" {
				return root
			}
			return ""
		}
	}
	if got := PluginRoot(env("/p/root")); got != "/p/root" {
		t.Errorf("PluginRoot with CLAUDE_PLUGIN_ROOT = %q", got)
	}
	tests := []struct{ exe, want string }{
		{"/home/me/.claude/session-intelligence/bin/si-session-start", "/home/me/.claude/session-intelligence"},
		{"/plugin/bin/si", "/plugin"},
		{"/bin/si", "/"},
		{"/tmp/go-build123/b001/si-session-start.test", ""},
		{"/plugin/bin/linux-amd64/si", ""},
		{"si", ""},
	}
	if runtime.GOOS == "windows" {
		tests = []struct{ exe, want string }{
			{`C:\Users\Ünï Spaced\.claude\session-intelligence\bin\si-session-start.exe`, `C:\Users\Ünï Spaced\.claude\session-intelligence`},
			{`C:\plugin\bin\si.exe`, `C:\plugin`},
			{`C:/plugin/bin/si.exe`, `C:\plugin`},
			{`C:\bin\si.exe`, `C:\`},
			{`\\srv\share\plugin\bin\si.exe`, `\\srv\share\plugin`},
			{`C:\Temp\go-build123\b001\si-session-start.test.exe`, ""},
			{`C:\plugin\bin\windows-amd64\si.exe`, ""},
			{"si.exe", ""},
		}
	}
	for _, tt := range tests {
		if got := rootOfBinary(tt.exe); got != tt.want {
			t.Errorf("rootOfBinary(%q) = %q, want %q", tt.exe, got, tt.want)
		}
	}
}
