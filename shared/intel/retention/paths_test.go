package retention

import (
	"strings"
	"testing"
)

func TestPaths(t *testing.T) {
	text := "Edited cmd/entire/cli/x.go:42 and `docs`; read (/home/u/proj/lib/a.ex). See src/auth. Also `go test ./pkg/...` and " +
		"xcmd/other/y.go, `two words`, a/b/c."
	tests := []struct {
		root string
		want bool
	}{
		{"cmd/entire", true},        // a segment sequence of a longer path
		{"cmd/entire/cli", true},    // deeper
		{"entire/cli", true},        // anywhere in the path
		{"cmd", true},               // one segment
		{"docs", true},              // backquoted
		{"lib", true},               // inside an absolute path
		{"/home/u", true},           // an absolute root
		{"src/auth", true},          // the sentence's full stop is not part of it
		{"pkg", true},               // ./pkg/...
		{"other", true},             // xcmd/other
		{"md/other", false},         // part of a segment does not count
		{"x.go:42", false},          // file:line is cut at the colon
		{"two", false},              // a backquoted span with a space is no path
		{"entire/x.go", false},      // not a contiguous sequence
		{"words", false},            // plain words are not paths
		{".", false},                // the top level is never named
		{"", false},                 //
		{"b/c", true},               // a/b/c.
		{"internal/session", false}, // not in the text
	}
	n := NewPaths(text)
	for _, tt := range tests {
		if got := n.Has(tt.root); got != tt.want {
			t.Errorf("has(%q) = %v, want %v", tt.root, got, tt.want)
		}
	}
	var none *Paths
	if none.Has("cmd") {
		t.Error("no summary names cmd")
	}
}

func FuzzPaths(f *testing.F) {
	f.Add("see `src/auth` and cmd/entire/x.go:1", "src/auth")
	f.Add("a//b/./c/../d", "b/c")
	f.Add("```\n`x`", "x")
	f.Fuzz(func(t *testing.T, text, root string) {
		n := NewPaths(text)
		got := n.Has(root)
		clean := strings.Trim(root, "/")
		if clean == "" || clean == "." {
			if got {
				t.Fatalf("has(%q) = true", root)
			}
			return
		}
		if got && !strings.Contains(text, strings.Split(clean, "/")[0]) {
			t.Fatalf("has(%q) = true, but the text lacks its first segment", root)
		}
		simple := strings.Trim(clean, "abcdefghijklmnopqrstuvwxyz0123456789/_-") == "" && !strings.Contains(clean, "//")
		if simple && !NewPaths(text+" `"+clean+"` ").Has(clean) {
			t.Fatalf("a backquoted %q is not named", clean)
		}
	})
}
