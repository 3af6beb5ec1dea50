package cli

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// TestHostileNotePrintsCleanText: a memory note holding escapes, a bidi
// override and a C1 control is shown by ai memory and ai view without
// them, and a refused argument's echo is clean too.
func TestHostileNotePrintsCleanText(t *testing.T) {
	r := newRun(t)
	r.must(t, "memory", "init")
	r.must(t, "memory", "note", "deploy\x1b]0;title\x07 with \u202Eevil\u009b2J and \x1b[2Jmore")
	for _, c := range []struct {
		args  []string
		shown bool // the note is shown
	}{
		{[]string{"memory", "view"}, true},
		{[]string{"memory", "grep", "evil"}, true},
		{[]string{"view"}, true},
		{[]string{"memory", "note", "x\x1b]52;c;QQ==\x07" + strings.Repeat("y", 2000)}, false}, // refused: too long
	} {
		out, errOut, _ := r.ai(t, c.args...)
		for what, text := range map[string]string{"stdout": out, "stderr": errOut} {
			if termtext.Text(text) != text {
				t.Errorf("ai %s %s is not clean text: %q", strings.Join(c.args[:min(2, len(c.args))], " "), what, text)
			}
		}
		if c.shown && !strings.Contains(out, "evil") {
			t.Errorf("ai %s lost the note: %q", strings.Join(c.args, " "), out)
		}
	}
}
