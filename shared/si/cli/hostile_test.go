package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// hostile carries a title (OSC 0), the clipboard (OSC 52), a screen
// clear, a C1 CSI, a bidi override and invalid UTF-8.
const hostile = "a\x1b]0;title\x07\x1b]52;c;QQ==\x07\x1b[2J\u009b2J\u202Eb\xff"

// TestHostileSettingsPrintCleanText: values a repository's settings can
// set through the environment (a separator, the usage endpoint, a
// preset) are shown by si get, si show, si explain and si doctor
// without their escapes.
func TestHostileSettingsPrintCleanText(t *testing.T) {
	home := t.TempDir()
	env := map[string]string{"HOME": home, "CLAUDE_STATUSLINE_SEP_INLINE": hostile,
		"SI_USAGE_ENDPOINT": "https://x" + hostile, "CLAUDE_STATUSLINE_PRESET": hostile}
	for _, args := range [][]string{{"get", "statusline.separator"}, {"show"}, {"explain", "statusline.separator"}, {"doctor"}} {
		var out, errOut bytes.Buffer
		Main(args, Env{IO: proc.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Now: time.Now,
			Getenv: func(k string) string { return env[k] }}})
		for what, text := range map[string]string{"stdout": out.String(), "stderr": errOut.String()} {
			if termtext.Text(text) != text {
				t.Errorf("si %s %s is not clean text: %q", strings.Join(args, " "), what, text)
			}
		}
		if args[0] == "get" && !strings.Contains(out.String(), "QQ==") {
			t.Errorf("si get lost the value's text: %q", out.String())
		}
	}
}
