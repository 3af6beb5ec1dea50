package paths

import "testing"

// TestComparable: Windows names one file in either separator and any
// letter case; elsewhere a name is compared as it is.
func TestComparable(t *testing.T) {
	for _, tt := range []struct {
		goos, a, b string
		same       bool
	}{
		{"windows", `C:\Users\Me\x`, `c:/users/me/X`, true},
		{"windows", `C:\Users\Me`, `C:\Users\Mee`, false},
		{"windows", `\\srv\share\a`, `//SRV/share/a`, true},
		{"linux", "/home/me/x", "/home/me/x", true},
		{"linux", "/home/Me", "/home/me", false},
		{"linux", `/a\b`, "/a/b", false},
	} {
		if got := Comparable(tt.goos, tt.a) == Comparable(tt.goos, tt.b); got != tt.same {
			t.Errorf("%s: %q vs %q same = %v, want %v", tt.goos, tt.a, tt.b, got, tt.same)
		}
	}
}
