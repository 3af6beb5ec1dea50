package e2e

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestDoctorInsideALiveSession: si doctor, run by the model's Bash tool
// in a healthy session that has been going for ten minutes, reports no
// FAIL: the hook records are aged to ten minutes first, while the
// transcript keeps being written, which is what a long session looks
// like. It also names the versions of the installed binaries.
func TestDoctorInsideALiveSession(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	fired := filepath.Join(s.env.Home, ".claude", "session-intelligence", "fired")
	out := filepath.Join(s.env.Project, "doctor.txt")
	aged := time.Now().Add(-10 * time.Minute).Unix()
	cmd := fmt.Sprintf("touch -d @%d %s/*; si doctor > %s 2>&1; echo exit=$? >> %s", aged, fired, out, out)
	s.run(t, "check [[bash: "+cmd+"]]")
	text := readFile(t, out)
	if strings.Contains(text, "FAIL") || !strings.Contains(text, "exit=0") {
		t.Fatalf("si doctor fails inside a healthy session:\n%s", text)
	}
	for _, want := range []string{"ok    hooks firing", "SessionStart", "versions"} {
		if !strings.Contains(text, want) {
			t.Errorf("si doctor lacks %q:\n%s", want, text)
		}
	}
}
