package cctest

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// pollEvery is how often [TUI.WaitFor] captures the screen.
const pollEvery = 100 * time.Millisecond

// TUI is an interactive claude running in a detached tmux session on a
// private tmux server, so it never touches the developer's own tmux.
type TUI struct {
	bin    string
	socket string
	target string
	env    []string
}

// StartTUI runs `claude args...` interactively in a detached tmux session
// of width×height cells, in the project directory with the Env's
// environment (plus TERM). The pane stays open after claude exits so its
// last screen can be read. The server is killed on t.Cleanup. It skips
// (fails under CI=true) when tmux is missing. Call [Env.SeedInteractive]
// first or the TUI stops at onboarding.
func (e *Env) StartTUI(t testing.TB, width, height int, args ...string) *TUI {
	t.Helper()
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		unavailable(t, "tmux not found: %v", err)
	}
	dir, err := os.MkdirTemp("", "cctest-tmux-") // short: socket paths are limited
	if err != nil {
		t.Fatalf("tmux socket dir: %v", err)
	}
	u := &TUI{bin: tmux, socket: dir + "/s", target: "cc", env: append(e.Environ(), "TERM=xterm-256color")}
	var pid int
	// Claude Code and what it started may still write into HOME for a
	// moment after tmux is gone, which would fail t.TempDir's removal:
	// wait for the pane's process, then empty HOME while writes settle.
	t.Cleanup(func() {
		_ = exec.Command(tmux, "-S", u.socket, "kill-server").Run()
		os.RemoveAll(dir)
		waitGone(pid, 10*time.Second)
		RemoveSettled(e.Home, 10*time.Second)
	})
	cmd := append([]string{e.Bin}, args...)
	_, err = u.tmux("-f", "/dev/null", "new-session", "-d", "-s", u.target,
		"-x", fmt.Sprint(width), "-y", fmt.Sprint(height), "-c", e.Project, shellJoin(cmd),
		";", "set-option", "-t", u.target, "remain-on-exit", "on")
	if err != nil {
		t.Fatalf("start claude in tmux: %v", err)
	}
	if out, err := u.tmux("display-message", "-p", "-t", u.target, "#{pane_pid}"); err == nil {
		pid, _ = strconv.Atoi(strings.TrimSpace(out))
	}
	return u
}

// waitGone waits until process pid has exited (0: nothing to wait for).
func waitGone(pid int, timeout time.Duration) {
	deadline := time.Now().Add(timeout)
	for proc.Alive(pid) && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
}

// RemoveSettled removes dir, retrying while processes that are exiting
// still create files in it, and gives up after timeout.
func RemoveSettled(dir string, timeout time.Duration) {
	deadline := time.Now().Add(timeout)
	for os.RemoveAll(dir) != nil && time.Now().Before(deadline) {
		time.Sleep(200 * time.Millisecond)
	}
}

// tmux runs a tmux command against the private server.
func (u *TUI) tmux(args ...string) (string, error) {
	cmd := exec.Command(u.bin, append([]string{"-S", u.socket}, args...)...)
	cmd.Env = u.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("tmux %s: %w: %s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

// SendKeys sends tmux key names or strings, e.g. SendKeys("hello",
// "Enter") or SendKeys("C-c").
func (u *TUI) SendKeys(keys ...string) error {
	_, err := u.tmux(append([]string{"send-keys", "-t", u.target}, keys...)...)
	return err
}

// Type sends text literally, without interpreting key names.
func (u *TUI) Type(text string) error {
	_, err := u.tmux("send-keys", "-l", "-t", u.target, text)
	return err
}

// Submit types a one-line prompt, waits until the text is on screen (so
// the Enter is not swallowed while the TUI is still starting or treats
// the keys as a paste) and presses Enter.
func (u *TUI) Submit(prompt string, timeout time.Duration) error {
	if err := u.Type(prompt); err != nil {
		return err
	}
	tail := prompt[max(0, len(prompt)-20):]
	if _, err := u.WaitFor(tail, timeout); err != nil {
		return fmt.Errorf("submit: %w", err)
	}
	time.Sleep(2 * pollEvery)
	return u.SendKeys("Enter")
}

// Capture returns the visible screen as text, or "" when the session is
// gone.
func (u *TUI) Capture() string {
	out, err := u.tmux("capture-pane", "-p", "-t", u.target)
	if err != nil {
		return ""
	}
	return out
}

// WaitFor polls the screen until it contains substr and returns that
// screen. On timeout the error holds the last screen.
func (u *TUI) WaitFor(substr string, timeout time.Duration) (string, error) {
	deadline := time.Now().Add(timeout)
	for {
		screen := u.Capture()
		if strings.Contains(screen, substr) {
			return screen, nil
		}
		if time.Now().After(deadline) {
			return screen, fmt.Errorf("wait for %q: not on screen after %v; screen:\n%s", substr, timeout, screen)
		}
		time.Sleep(pollEvery)
	}
}

// shellJoin quotes args for sh.
func shellJoin(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(quoted, " ")
}

// Exit ends claude the way a person does (Ctrl-C twice) and waits until
// its process is gone, so that nothing writes into the scratch HOME
// while the test removes it.
func (u *TUI) Exit(timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		out, err := u.tmux("display-message", "-p", "-t", u.target, "#{pane_dead}")
		if err != nil || strings.TrimSpace(out) == "1" {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("claude still runs after %v; screen:\n%s", timeout, u.Capture())
		}
		_ = u.SendKeys("C-c")
		time.Sleep(5 * pollEvery)
	}
}

// CaptureAll returns the whole pane, its scrollback included, or "" when
// the session is gone.
func (u *TUI) CaptureAll() string {
	out, err := u.tmux("capture-pane", "-p", "-S", "-", "-t", u.target)
	if err != nil {
		return ""
	}
	return out
}

// CaptureStyled returns the visible screen with its colours and
// attributes as SGR sequences (capture-pane -e), or "" when the session
// is gone.
func (u *TUI) CaptureStyled() string {
	out, err := u.tmux("capture-pane", "-e", "-p", "-t", u.target)
	if err != nil {
		return ""
	}
	return out
}

// Display evaluates a tmux format for the pane, e.g. "#{pane_title}".
func (u *TUI) Display(format string) string {
	out, _ := u.tmux("display-message", "-p", "-t", u.target, format)
	return strings.TrimSpace(out)
}

// ServerOption sets a tmux server option, e.g. ("set-clipboard", "on"):
// OSC 52 from the pane then fills a tmux paste buffer.
func (u *TUI) ServerOption(name, value string) error {
	_, err := u.tmux("set-option", "-s", name, value)
	return err
}

// Buffers returns the contents of tmux's paste buffers, newest first.
func (u *TUI) Buffers() []string {
	out, err := u.tmux("list-buffers", "-F", "#{buffer_name}")
	if err != nil {
		return nil
	}
	var all []string
	for _, name := range strings.Fields(out) {
		if data, err := u.tmux("show-buffer", "-b", name); err == nil {
			all = append(all, data)
		}
	}
	return all
}

// Window opens another window on the same tmux server running a shell
// command (kept on screen after it ends) and returns a TUI that reads
// it: a control beside claude, e.g. to show what a plain program's
// escapes do to tmux.
func (u *TUI) Window(name, command string) (*TUI, error) {
	w := *u
	w.target = u.target + ":" + name
	_, err := u.tmux("new-window", "-d", "-n", name, "-t", u.target+":", command,
		";", "set-option", "-w", "-t", w.target, "remain-on-exit", "on")
	return &w, err
}

// Record copies everything claude writes to the terminal from now on,
// escape sequences included, to the file at path (tmux pipe-pane): what
// the screen does not show, such as a desktop notification's OSC 9.
func (u *TUI) Record(path string) error {
	_, err := u.tmux("pipe-pane", "-O", "-t", u.target, "cat >> "+shellJoin([]string{path}))
	return err
}
