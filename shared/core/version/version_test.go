package version

import (
	"bytes"
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	old := Stamped
	t.Cleanup(func() { Stamped = old })
	Stamped = "v9.9.9"
	if got := String(); got != "v9.9.9" {
		t.Errorf("String() with a stamp = %q", got)
	}
	Stamped = ""
	if got := String(); got == "" {
		t.Error("String() without a stamp is empty")
	}
}

func TestAskedAndPrint(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{{[]string{"--version"}, true}, {nil, false}, {[]string{"--version", "x"}, false}, {[]string{"version"}, false}} {
		if got := Asked(tc.args); got != tc.want {
			t.Errorf("Asked(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
	var out bytes.Buffer
	Stamped = "v1"
	t.Cleanup(func() { Stamped = "" })
	if code := Print(&out, "/x/bin/si-stop"); code != 0 || strings.TrimSpace(out.String()) != "si-stop v1" {
		t.Errorf("Print = %d, %q", code, out.String())
	}
}
