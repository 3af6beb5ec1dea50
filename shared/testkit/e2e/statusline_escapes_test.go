package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// escapes is what a status line command prints in the test below: a
// window title (OSC 0), the clipboard (OSC 52, "SI-CLIP-MARK" in
// base64), a colour, a hyperlink, the C1 CSI encoded and as a raw byte,
// a screen clear and a bidi override, each after a visible mark.
const escapes = `A-MARK \033]0;SI-TITLE-MARK\007 B-MARK \033]52;c;U0ktQ0xJUC1NQVJL\007 C-MARK \033[31mRED-MARK\033[0m ` +
	`D-MARK \033]8;;https://example.com/\033\\LINK-MARK\033]8;;\033\\ E-MARK \302\2332J F-MARK \2332J G-MARK \033[2J ` +
	`H-MARK \342\200\256evil I-MARK\n`

// TestClaudeCodeFiltersStatusLineEscapes records what Claude Code
// 2.1.332 lets through from a status line command to the screen, in a
// real tmux: colours pass; the title, the clipboard, the screen clear and
// the encoded C1 CSI do not; a raw 0x9b shows as U+FFFD. A plain shell
// printing the same bytes in a second window is the control: there the
// title and the clipboard do change, so the checks can fail.
func TestClaudeCodeFiltersStatusLineEscapes(t *testing.T) {
	t.Parallel()
	env, _ := cctest.NewFakeEnv(t, fakeapi.Options{})
	script := filepath.Join(env.Home, "statusline.sh")
	must(t, os.WriteFile(script, []byte("#!/bin/sh\ncat >/dev/null\nprintf '"+escapes+"'\n"), 0o755))
	settings := filepath.Join(env.Home, ".claude", "settings.json")
	must(t, os.MkdirAll(filepath.Dir(settings), 0o700))
	must(t, os.WriteFile(settings, []byte(`{"statusLine":{"type":"command","command":"sh `+script+`"}}`), 0o600))
	must(t, env.SeedInteractive())
	tui := env.StartTUI(t, 200, 30)
	must(t, tui.ServerOption("set-clipboard", "on"))
	if err := tui.Submit("hi", 30*time.Second); err != nil { // a turn redraws the status line
		t.Fatal(err)
	}
	if _, err := tui.WaitFor("I-MARK", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // let a late sequence land
	screen, styled := tui.Capture(), tui.CaptureStyled()
	if title := tui.Display("#{pane_title}"); strings.Contains(title, "SI-TITLE-MARK") {
		t.Errorf("the status line set the window title: %q", title)
	}
	if slices.ContainsFunc(tui.Buffers(), func(b string) bool { return strings.Contains(b, "SI-CLIP-MARK") }) {
		t.Error("the status line wrote the clipboard")
	}
	for _, want := range []string{"Claude Code v2.1.332", "E-MARK 2J F-MARK \uFFFD2J G-MARK"} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q (cleared, or the C1 handling changed):\n%s", want, screen)
		}
	}
	if !strings.Contains(styled, "\x1b[31mRED-MARK") {
		t.Errorf("the status line's colour did not reach the screen:\n%q", styled)
	}
	control, err := tui.Window("control", "printf '"+escapes+"'; sleep 30")
	must(t, err)
	if _, err := control.WaitFor("I-MARK", 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if title := control.Display("#{pane_title}"); title != "SI-TITLE-MARK" {
		t.Errorf("control: a plain program's OSC 0 left the title %q: the title check shows nothing", title)
	}
	if !slices.ContainsFunc(tui.Buffers(), func(b string) bool { return strings.Contains(b, "SI-CLIP-MARK") }) {
		t.Error("control: a plain program's OSC 52 filled no buffer: the clipboard check shows nothing")
	}
}

// TestStatusLineHostileRepository runs the built si-statusline in a
// repository whose folder, branch and last commit subject carry escape
// sequences, with hostile stdin fields, as a host that does not filter
// (another terminal program, a chained status line) would print it: the
// output holds our colours and nothing else, and the text stays visible.
func TestStatusLineHostileRepository(t *testing.T) {
	t.Parallel()
	const bad = "\x1b]52;c;U0ktQ0xJUC1NQVJL\x07\x1b]0;SI-TITLE-MARK\x07\x1b[2J\u009b2J\u202e"
	home := t.TempDir()
	proj := filepath.Join(home, "proj"+bad+"FOLDER")
	must(t, os.MkdirAll(filepath.Join(proj, ".git", "refs", "heads"), 0o755))
	must(t, os.WriteFile(filepath.Join(proj, ".git", "HEAD"), []byte("ref: refs/heads/b"+bad+"\x9bBRANCH\n"), 0o644))
	payload, err := json.Marshal(map[string]any{"session_id": "s" + bad, "cwd": proj,
		"model": map[string]string{"id": "m", "display_name": "M" + bad + "MODEL"}, "output_style": map[string]string{"name": "S" + bad + "STYLE"}})
	must(t, err)
	cmd := exec.Command(cctest.Bin(t, "si-statusline"))
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "CLAUDE_STATUSLINE_FIELDS=model,project,branch,outputStyle,sessionId"}
	cmd.Stdin, cmd.Dir = bytes.NewReader(payload), proj
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("si-statusline: %v", err)
	}
	if clean := termtext.Styled(string(out)); clean != string(out) || strings.Contains(string(out), "\x1b]") {
		t.Errorf("output holds escapes beyond our colours:\n%q", out)
	}
	for _, want := range []string{"projFOLDER", "b\uFFFDBRANCH", "MMODEL", "SSTYLE", "sid:s"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %q:\n%q", want, out)
		}
	}
}
