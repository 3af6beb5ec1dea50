package taskchange

import (
	"reflect"
	"testing"
)

// withWindowsPaths runs the rest of the test with windowsPaths set to on.
func withWindowsPaths(t *testing.T, on bool) {
	was := windowsPaths
	windowsPaths = on
	t.Cleanup(func() { windowsPaths = was })
}

// TestMentionsWindowsPaths: a Windows user's '\' paths are file
// references, written with '/', only where file names use '\'.
func TestMentionsWindowsPaths(t *testing.T) {
	tests := []struct {
		name    string
		windows bool
		text    string
		want    []string
	}{
		{"relative", true, `fix src\billing\invoice.go now`, []string{"src/billing/invoice.go"}},
		{"absolute with drive", true, `see C:\Users\dev\proj\src\a.go`, []string{"/Users/dev/proj/src/a.go"}},
		{"backticked", true, "the `internal\\db` package", []string{"internal/db"}},
		{"at mention", true, `open @src\app.ts`, []string{"src/app.ts"}},
		{"escape is no path", true, `split on \n and \t`, nil},
		{"unc share is no project path", true, `\\server\share\x.txt`, nil},
		{"elsewhere a backslash is no separator", false, `fix src\billing\invoice.go now`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			withWindowsPaths(t, tt.windows)
			if got := Mentions(tt.text); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Mentions(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// TestNormalizeWindowsPaths: Windows file names compare with either
// separator, without their drive and whatever their case.
func TestNormalizeWindowsPaths(t *testing.T) {
	tests := []struct {
		windows        bool
		in, root, want string
	}{
		{true, `C:\Users\Dev\Proj\src\Auth\Login.go`, `C:\Users\Dev\Proj`, "src/auth/login.go"},
		{true, `c:/users/dev/proj/src/a.go`, `C:\Users\Dev\Proj\`, "src/a.go"},
		{true, `/Users/dev/proj/src/a.go`, `C:\Users\Dev\Proj`, "src/a.go"},
		{true, `src\billing\`, "", "src/billing"},
		{true, `D:\other\x.go`, `C:\Users\Dev\Proj`, "/other/x.go"},
		{false, `/Users/Dev/Proj/src/a.go`, `/Users/dev/proj`, "/users/dev/proj/src/a.go"},
	}
	for _, tt := range tests {
		withWindowsPaths(t, tt.windows)
		if got := Normalize(tt.in, tt.root); got != tt.want {
			t.Errorf("Normalize(%q, %q) windows=%v = %q, want %q", tt.in, tt.root, tt.windows, got, tt.want)
		}
	}
}
