package inspect

import (
	"strings"
	"testing"
)

func TestCheckVersions(t *testing.T) {
	tests := []struct {
		name    string
		vs      []BinaryVersion
		verdict Verdict
		detail  string
	}{
		{"all equal", []BinaryVersion{{"/b/si-stop", "v1"}, {"/b/si", "v1"}}, OK, "2 binaries, all v1"},
		{"one behind", []BinaryVersion{{"/b/si-stop", "v2"}, {"/d/si-statusline", "v1"}}, Warn, "differ: si-stop v2, si-statusline v1"},
		{"one cannot say", []BinaryVersion{{"/b/si-stop", "v2"}, {"/d/si-statusline", ""}}, Warn, "no version from /d/si-statusline"},
		{"none", nil, Warn, "no installed binary"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := CheckVersions(tt.vs)
			if c.Verdict != tt.verdict || !strings.Contains(c.Detail, tt.detail) {
				t.Errorf("CheckVersions = %v %q, want %v containing %q", c.Verdict, c.Detail, tt.verdict, tt.detail)
			}
		})
	}
}
