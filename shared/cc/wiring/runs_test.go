package wiring

import "testing"

// TestRuns: doctor and si status ask whether statusLine still runs the
// recorded copy. On Windows the separator and the letter case do not
// tell files apart, so every spelling of the copy is it; on Unix both
// do.
func TestRuns(t *testing.T) {
	const win = "C:/Users/x/.claude/session-intelligence/bin/si-statusline.exe"
	const unix = "/home/x/.claude/session-intelligence/bin/si-statusline"
	tests := []struct {
		name, goos, command, binary string
		want                        bool
	}{
		{"as Point writes it", "windows", "'" + win + "'", win, true},
		{"backslashes", "windows", `'C:\Users\x\.claude\session-intelligence\bin\si-statusline.exe'`, win, true},
		{"lower-case drive", "windows", "'c:/Users/x/.claude/session-intelligence/bin/si-statusline.exe'", win, true},
		{"upper-case name", "windows", `C:\USERS\X\.claude\session-intelligence\bin\SI-STATUSLINE.EXE`, win, true},
		{"recorded with backslashes", "windows", "'" + win + "'", `C:\Users\x\.claude\session-intelligence\bin\si-statusline.exe`, true},
		{"another user's copy", "windows", "'C:/Users/y/.claude/session-intelligence/bin/si-statusline.exe'", win, false},
		{"the user's own line", "windows", `C:\Users\x\bin\line.exe`, win, false},
		{"nothing recorded", "windows", "'" + win + "'", "", false},
		{"unix, as written", "linux", "'" + unix + "'", unix, true},
		{"unix, another case", "linux", "'/home/x/.claude/session-intelligence/bin/SI-STATUSLINE'", unix, false},
		{"unix, a backslash is a name's", "linux", `'\home\x\.claude\session-intelligence\bin\si-statusline'`, unix, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := runsOn(tt.goos, tt.command, tt.binary); got != tt.want {
				t.Errorf("runsOn(%s, %q, %q) = %v, want %v", tt.goos, tt.command, tt.binary, got, tt.want)
			}
		})
	}
}
