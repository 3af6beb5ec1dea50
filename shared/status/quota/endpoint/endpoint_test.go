package endpoint

import (
	"errors"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		endpoint     string
		ok, loopback bool // accepted without, with the test switch
	}{
		{"https://api.anthropic.com/api/oauth/usage", true, true},
		{"https://API.Anthropic.com:443/api/oauth/usage?skip_spend=1", true, true},
		{"https://api.anthropic.com", true, true},
		{"http://api.anthropic.com/api/oauth/usage", false, false},
		{"https://api.anthropic.com:8443/", false, false},
		{"https://user@api.anthropic.com/", false, false},
		{"https://api.anthropic.com@attacker.example/", false, false},
		{"https://api.anthropic.com.attacker.example/", false, false},
		{"https://api.anthropic.com./", false, false},
		{"https://attacker.example/api/oauth/usage", false, false},
		{"https:api.anthropic.com", false, false},
		{"ftp://api.anthropic.com/", false, false},
		{"", false, false},
		{"://", false, false},
		{"http://127.0.0.1:8080/usage", false, true},
		{"https://127.0.0.2/usage", false, true},
		{"http://[::1]:9/usage", false, true},
		{"http://localhost:9/usage", false, true},
		{"http://user@127.0.0.1/", false, false},
		{"http://127.evil.example.com/", false, false},
		{"http://127.0.0.1.attacker.example/", false, false},
		{"http://10.0.0.1/usage", false, false},
	}
	for _, tt := range tests {
		for _, lb := range []bool{false, true} {
			want := tt.ok || lb && tt.loopback
			err := Check(tt.endpoint, lb)
			if (err == nil) != want {
				t.Errorf("Check(%q, loopback %v) = %v, want accepted %v", tt.endpoint, lb, err, want)
			}
			if err != nil && !errors.Is(err, ErrRefused) {
				t.Errorf("Check(%q): %v does not wrap ErrRefused", tt.endpoint, err)
			}
		}
	}
}

// TestRefusalIsCleanText: the refused value is quoted without its
// control characters, since si doctor prints it.
func TestRefusalIsCleanText(t *testing.T) {
	err := Check("https://x\x1b]0;pwned\x07.example/"+strings.Repeat("a", 500), false)
	if err == nil || strings.ContainsAny(err.Error(), "\x1b\x07") || len(err.Error()) > 300 {
		t.Errorf("refusal = %q", err)
	}
}

func TestReleaseBuild(t *testing.T) {
	if TestBuild {
		t.Skip("built with the si_testendpoint tag")
	}
	if Check("http://127.0.0.1:1/", TestBuild) == nil {
		t.Error("a release build accepts a loopback endpoint")
	}
}
