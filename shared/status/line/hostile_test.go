package line

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// hostile is text an attacker can put in a branch name, a folder name, a
// commit subject, a file or a payload field: OSC 52 (write the
// clipboard), OSC 0 (set the title), CSI 2J (clear the screen), a raw C1
// CSI byte, an encoded C1 CSI, a DCS string, a bidi override, a line
// separator and invalid UTF-8.
const hostile = "x\x1b]52;c;cHduZWQ=\x07\x1b]0;title\x1b\\\x1b[2J\x9b2J\u009b31m\x1bPdcs\x1b\\\u202Eevil\u2028\xff\xfey"

// hostileFolder is hostile as a folder name. A folder reaches us through
// the JSON of stdin, where a path must be valid UTF-8 to be found again:
// its escapes are all valid. Windows refuses the C0 controls (ESC, BEL)
// in a name, so no sequence they start can be in a folder's name there;
// the encoded C1 CSI, the bidi override and the line separator can.
func hostileFolder() string {
	if runtime.GOOS == "windows" {
		return "x\u009b31m\u202Eevil\u2028y"
	}
	return strings.ToValidUTF8(hostile, "")
}

// assertTerminalSafe fails when out holds anything but text, newlines,
// tabs and the styling [termtext.Styled] keeps (our SGR colours, a
// hyperlink), or a piece of a hostile sequence.
func assertTerminalSafe(t *testing.T, what, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Errorf("%s: invalid UTF-8: %q", what, out)
	}
	if clean := termtext.Styled(out); clean != out {
		t.Errorf("%s holds controls or escapes beyond our styling:\n%q\nclean:\n%q", what, out, clean)
	}
	for _, frag := range []string{"52;c", "0;title", "dcs", "\x1b]0", "\x1b]52", "\x1b[2J", "\x1bP"} {
		if strings.Contains(out, frag) {
			t.Errorf("%s shows %q: %q", what, frag, out)
		}
	}
}

// TestHostileTextStaysData renders every field with every outside
// source hostile: the folder (project, cwd), the branch in .git/HEAD, the
// last commit subject, the task line of session-context.md and the
// stdin fields. Colours on and off.
func TestHostileTextStaysData(t *testing.T) {
	f := newFixture(t)
	proj := filepath.Join(f.home, "work", "p"+hostileFolder())
	must(t, os.MkdirAll(filepath.Join(proj, ".git", "refs", "heads"), 0o755))
	must(t, os.WriteFile(filepath.Join(proj, ".git", "HEAD"), []byte("ref: refs/heads/feat/"+hostile+"\n"), 0o644))
	d, _ := gitinfo.Find(proj)
	must(t, gitinfo.Save(gitinfo.CachePath(f.dirs.Cache(), proj), gitinfo.Status{Key: d.Key(), Subject: "fix: " + hostile, Dirty: 1, At: clock.Unix()}))
	ctx := filepath.Join(f.dirs.ProjectDir(proj), "session-context.md")
	must(t, os.MkdirAll(filepath.Dir(ctx), 0o700))
	must(t, os.WriteFile(ctx, []byte("## Current Task\ntype: feat — "+hostile+"\n"), 0o600))
	q := rawJSON
	in := f.with(200_000, map[string]string{
		"session_id": q(hostile), "cwd": q(proj), "session_name": q(hostile),
		"model":        `{"id":` + q(hostile) + `,"display_name":` + q(hostile) + `}`,
		"output_style": `{"name":` + q(hostile) + `}`,
		"workspace":    `{"current_dir":` + q(proj) + `,"git_worktree":` + q(hostile) + `}`,
		"worktree":     `{"name":` + q(hostile) + `,"branch":` + q(hostile) + `,"path":` + q(proj) + `}`,
		"pr":           `{"number":7,"url":` + q("https://example.com/pr/7"+hostile) + `,"review_state":` + q(hostile) + `}`,
	})
	for _, colors := range []bool{true, false} {
		out := f.render(in, colors, FieldNames(), "")
		assertTerminalSafe(t, "status line (colours "+strconv.FormatBool(colors)+")", out)
		for _, want := range []string{"feat/x", "feat — x", "style:x", "wt:x", filepath.Join("~", "work", "px"), "sid:x"} {
			if !strings.Contains(out, want) {
				t.Errorf("%q not shown: the test misses a field\n%q", want, out)
			}
		}
	}
}

// TestHostileSeparators: the inline separator (statusline.separator,
// CLAUDE_STATUSLINE_SEP_INLINE) and the chain's (CLAUDE_STATUSLINE_SEP)
// can come from the environment, which a repository's settings can set.
func TestHostileSeparators(t *testing.T) {
	f := newFixture(t)
	f.env["CLAUDE_STATUSLINE_SEP"] = "\n" + hostile
	assertTerminalSafe(t, "chain separator", ChainFromEnv(f.getenv, "").Compose("a", "b"))
	f.env["CLAUDE_STATUSLINE_SEP_INLINE"] = hostile
	cfg, _ := config.Load(config.Files{}, f.getenv)
	cfg.Statusline.Fields = []string{"model", "project"}
	out := Render(f.input(200_000), Deps{IO: IO{IO: proc.IO{Getenv: f.getenv, Now: func() time.Time { return clock }}}, Dirs: f.dirs, Config: cfg})
	assertTerminalSafe(t, "inline separator", out)
	if !strings.Contains(out, "evil") {
		t.Errorf("the separator is not shown: %q", out)
	}
}

// TestHostilePreviousLine: a previous status line that prints outside
// text raw keeps its colours and links and loses the rest.
func TestHostilePreviousLine(t *testing.T) {
	out := Sanitize([]byte("\x1b[32mok\x1b[0m " + hostile + "\n\x1b]8;;https://x.example\x1b\\l\x1b]8;;\x1b\\\n"))
	assertTerminalSafe(t, "previous line", out)
	if !strings.Contains(out, "\x1b[32mok\x1b[0m") || !strings.Contains(out, "\x1b]8;;https://x.example\x1b\\l") {
		t.Errorf("the previous line lost its own styling: %q", out)
	}
}

// rawJSON quotes s as a JSON string that keeps its invalid UTF-8 bytes
// raw, as a careless producer would send them.
func rawJSON(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteString("\\" + string(c))
		case c < 0x20:
			b.WriteString(fmt.Sprintf("\\u%04x", c))
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
