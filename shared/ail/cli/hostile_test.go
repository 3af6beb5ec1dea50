package cli

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// hostile carries a title (OSC 0), the clipboard (OSC 52), a screen
// clear, a C1 CSI, a bidi override and invalid UTF-8.
const hostile = "a\x1b]0;title\x07\x1b]52;c;QQ==\x07\x1b[2J\u009b2J\u202Eb\xff"

// hostileName is hostile as a file name. Windows refuses the C0
// controls (ESC, BEL) in names, so there it keeps the rest: the C1 CSI,
// the bidi override, and the invalid byte, which Windows stores as U+FFFD
// while the name given on the command line keeps it.
func hostileName() string {
	if runtime.GOOS != "windows" {
		return hostile
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 {
			return -1
		}
		return r
	}, hostile)
}

// clean fails when out holds anything Text would remove.
func clean(t *testing.T, what, out string) {
	t.Helper()
	if termtext.Text(out) != out {
		t.Errorf("%s is not clean text: %q", what, out)
	}
}

// TestHostileInputPrintsCleanText: what si ail prints from a hostile
// input (packed text, an unpack error naming a hostile file and line,
// a lenient repair) holds no control character or escape.
func TestHostileInputPrintsCleanText(t *testing.T) {
	_, out, errOut := run([]string{"pack"}, "notes: "+hostile+"\n")
	clean(t, "pack stdout", out)
	clean(t, "pack stderr", errOut)
	if !strings.Contains(out, "@CTX notes:") {
		t.Errorf("pack lost the text: %q", out)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "snap"+hostileName()+".ail")
	if err := os.WriteFile(file, []byte("!AILv1\n@CTX "+hostile+"\n@NEXT ?x"+hostile+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"unpack", "-f", file}, {"unpack", "--lenient", "-f", file}} {
		code, out, errOut := run(args, "")
		clean(t, strings.Join(args[:len(args)-1], " ")+" stdout", out)
		clean(t, strings.Join(args[:len(args)-1], " ")+" stderr", errOut)
		if code == 0 || !strings.Contains(errOut, "snap") {
			t.Errorf("%v: exit %d, stderr %q: want a refusal naming the file", args, code, errOut)
		}
	}
}
