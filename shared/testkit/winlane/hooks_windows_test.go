//go:build windows

package winlane

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// sid is the session of every payload.
const sid = "11111111-2222-3333-4444-555555555555"

// plugin is the Windows plugin the lane built: its root (the folder of
// hooks.json and bin\) and the hook commands hooks.json gives per event.
type plugin struct {
	root  string
	hooks map[string]string
}

func loadPlugin(t *testing.T) plugin {
	t.Helper()
	dir := os.Getenv("SI_WINDOWS_PLUGIN")
	if dir == "" {
		t.Skip("SI_WINDOWS_PLUGIN names no plugin: scripts/windows-test.sh builds the Windows plugin and sets it")
	}
	p := plugin{root: filepath.Join(dir, "plugins", "session-intelligence"), hooks: map[string]string{}}
	raw, err := os.ReadFile(filepath.Join(p.root, "hooks", "hooks.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Hooks map[string][]struct {
			Hooks []struct{ Command string }
		}
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	for event, groups := range file.Hooks {
		p.hooks[event] = groups[0].Hooks[0].Command
	}
	return p
}

// user is one Windows user's setup: a profile whose name has a space and
// non-ASCII letters, Claude Code's folder in it (or CLAUDE_CONFIG_DIR),
// a project, and the recorded transcript where Claude Code keeps it.
type user struct {
	profile, claude, project, transcript string
	env                                  []string
}

func newUser(t *testing.T, claude string) user {
	t.Helper()
	u := user{profile: filepath.Join(settledTempDir(t), "Ünï Spacéd")}
	u.project = filepath.Join(u.profile, "my proj")
	u.claude = filepath.Join(u.profile, ".claude")
	u.env = append(os.Environ(), "USERPROFILE="+u.profile, "HOME="+u.profile)
	if claude != "" {
		u.claude = claude
		u.env = append(u.env, "CLAUDE_CONFIG_DIR="+claude)
	}
	dirs := paths.Dirs{Claude: u.claude}
	u.transcript = filepath.Join(dirs.ProjectDir(u.project), sid+".jsonl")
	src := filepath.Join(refdata.Dir(t, "claude-code", "transcripts"), "transcript-sample-2.1.332.jsonl")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{u.project, filepath.Dir(u.transcript)} {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(u.transcript, data, 0o600); err != nil {
		t.Fatal(err)
	}
	// settings.json as Notepad saves it: a byte order mark and CRLF.
	settings := "\ufeff{\r\n  \"autoCompactWindow\": 500000,\r\n  \"env\": {}\r\n}\r\n"
	if err := os.WriteFile(filepath.Join(u.claude, "settings.json"), []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
	return u
}

// payload is a recorded payload of Claude Code's, its session, transcript
// path (as transcript gives it) and cwd this user's, edited by edit.
func (u user) payload(t *testing.T, sample, transcript string, edit func(map[string]any)) []byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(refdata.Dir(t, "claude-code", "hook-samples"), sample+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(raw, &p); err != nil {
		t.Fatal(err)
	}
	p["session_id"], p["transcript_path"], p["cwd"] = sid, transcript, u.project
	if edit != nil {
		edit(p)
	}
	out, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// run runs a hook command the way Claude Code does on Windows: through
// Git Bash, here a bash interpreter (mvdan.cc/sh), with the plugin root
// in CLAUDE_PLUGIN_ROOT and the payload on stdin. It returns the exit
// status and stdout.
func (u user) run(t *testing.T, p plugin, command string, stdin []byte, env ...string) (int, string) {
	t.Helper()
	file, err := syntax.NewParser().Parse(strings.NewReader(command), "hooks.json")
	if err != nil {
		t.Fatalf("parse %q: %v", command, err)
	}
	var stdout, stderr bytes.Buffer
	vars := append(append(u.env, "CLAUDE_PLUGIN_ROOT="+p.root, "CLAUDE_PROJECT_DIR="+u.project), env...)
	r, err := interp.New(interp.Env(expand.ListEnviron(vars...)), interp.Dir(u.project),
		interp.StdIO(bytes.NewReader(stdin), &stdout, &stderr), interp.ExecHandlers(shebang))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	var status interp.ExitStatus
	if err := r.Run(ctx, file); err != nil && !errors.As(err, &status) {
		t.Fatalf("%s: %v (stderr %q)", command, err, stderr.String())
	}
	return int(status), stdout.String()
}

// logText is the plugin's debug log of this user, all days.
func (u user) logText(t *testing.T) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(u.claude, "logs", "session-intel-*.log"))
	var all strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(data)
	}
	return all.String()
}

// session runs a session's hooks in Claude Code's order, each through
// its hooks.json command, and checks each ends with exit 0.
func (u user) session(t *testing.T, p plugin, transcript string) {
	t.Helper()
	read := func(m map[string]any) {
		m["tool_name"] = "Read"
		m["tool_input"] = map[string]any{"file_path": filepath.Join(u.project, "src", "main.go")}
		m["tool_response"] = map[string]any{"type": "text"}
	}
	steps := []struct {
		event, sample string
		edit          func(map[string]any)
	}{
		{"SessionStart", "SessionStart-startup", nil},
		{"UserPromptSubmit", "UserPromptSubmit", nil},
		{"PostToolUse", "PostToolUse", nil},
		{"PostToolUse", "PostToolUse", read},
		{"Stop", "Stop", nil},
		{"PreCompact", "PreCompact-manual", nil},
		{"SessionEnd", "SessionEnd", nil},
	}
	for _, s := range steps {
		if status, out := u.run(t, p, p.hooks[s.event], u.payload(t, s.sample, transcript, s.edit)); status != 0 {
			t.Errorf("%s ended with status %d (stdout %q)", s.event, status, out)
		}
	}
}

// TestHooksOnPayloads: every hook, given the recorded payloads, reads the
// transcript and keeps the session's state, and the status line draws
// from it; nothing is logged as wrong.
func TestHooksOnPayloads(t *testing.T) {
	p := loadPlugin(t)
	u := newUser(t, "")
	u.session(t, p, u.transcript)
	u.checkState(t)
	u.checkStatusLine(t, p)
	if log := u.logText(t); strings.Contains(log, " WARN ") || strings.Contains(log, " ERROR ") {
		t.Errorf("the log reports trouble:\n%s", log)
	}
}

// TestTranscriptPathForms: the transcript path written with forward
// slashes or in another letter case names the same file: the hook that
// reads the transcript after each tool call finds it.
func TestTranscriptPathForms(t *testing.T) {
	p := loadPlugin(t)
	for name, shape := range map[string]func(string) string{"forward slashes": filepath.ToSlash, "another case": strings.ToUpper} {
		t.Run(name, func(t *testing.T) {
			u := newUser(t, "")
			in := u.payload(t, "PostToolUse", shape(u.transcript), nil)
			if status, out := u.run(t, p, p.hooks["PostToolUse"], in); status != 0 {
				t.Fatalf("PostToolUse ended with status %d (stdout %q)", status, out)
			}
			u.checkState(t)
		})
	}
}

// checkState: the session's state holds the tokens the hooks read from
// the transcript.
func (u user) checkState(t *testing.T) {
	t.Helper()
	path := filepath.Join(u.claude, "session-intelligence", "sessions", sid, "state.json")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no session state: %v", err)
	}
	var st struct {
		Tokens      int    `json:"tokens"`
		TokenSource string `json:"tokenSource"`
	}
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if st.Tokens <= 0 || st.TokenSource != "transcript" {
		t.Errorf("state has %d tokens from %q, want the transcript's: %s", st.Tokens, st.TokenSource, raw)
	}
}

// checkStatusLine: si-statusline.exe, fed Claude Code's recorded status
// line payload, draws its bar with the tokens the transcript holds and
// the distance to auto-compaction, and ends with exit 0.
func (u user) checkStatusLine(t *testing.T, p plugin) {
	t.Helper()
	in := u.payload(t, "statusline", u.transcript, func(m map[string]any) {
		m["workspace"] = map[string]any{"current_dir": u.project, "project_dir": u.project}
	})
	cmd := exec.Command(filepath.Join(p.root, "bin", "si-statusline.exe"))
	cmd.Env, cmd.Dir, cmd.Stdin = u.env, u.project, bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil || !strings.Contains(string(out), " 14k/") {
		t.Errorf("status line = %q, %v; want the bar at the transcript's 14k tokens", out, err)
	}
	// The distance comes from settings.json's autoCompactWindow of 500k
	// (saved with a BOM and CRLF); without it, from the 1M window.
	m := regexp.MustCompile(`(\d+)k to auto-compact`).FindSubmatch(out)
	var n int
	if m != nil {
		n, _ = strconv.Atoi(string(m[1]))
	}
	if m == nil || n >= 500 {
		t.Errorf("status line = %q; want under 500k to auto-compact, from settings.json", out)
	}
}

// TestCrashEndsWithExitZero: a hook that dies of a panic no guard can
// recover (in a goroutine: exit status 2, which Claude Code reads as
// "block") still ends with exit 0 through its hooks.json command, and
// the second run logs the death.
func TestCrashEndsWithExitZero(t *testing.T) {
	p := loadPlugin(t)
	u := newUser(t, "")
	in := u.payload(t, "PostToolUse", u.transcript, nil)
	status, out := u.run(t, p, p.hooks["PostToolUse"], in, hookio.TestOnlyCrashEnv+"=goroutine")
	if status != 0 || out != "" {
		t.Errorf("crashing hook: status %d, stdout %q; want 0 and nothing", status, out)
	}
	if log := u.logText(t); !strings.Contains(log, "PostToolUse hook died (exit status 2)") {
		t.Errorf("the log does not tell of the crash:\n%s", log)
	}
}

// TestLongConfigDir: CLAUDE_CONFIG_DIR on a path past Windows's old
// 260-character limit holds the state and the status line's files.
func TestLongConfigDir(t *testing.T) {
	p := loadPlugin(t)
	long := settledTempDir(t)
	for i := range 5 {
		long = filepath.Join(long, strings.Repeat("ü", 10)+" a folder with a long name "+strings.Repeat("x", 20)+string(rune('0'+i)))
	}
	long = filepath.Join(long, "claude")
	if len(long) < 300 {
		t.Fatalf("path of %d characters, want 300 or more", len(long))
	}
	if err := os.MkdirAll(long, 0o700); err != nil {
		t.Fatal(err)
	}
	u := newUser(t, long)
	u.session(t, p, u.transcript)
	u.checkState(t)
	u.checkStatusLine(t, p)
}

// TestMissingPayloadPieces: a payload whose transcript does not exist,
// or is a folder, ends with exit 0 too.
func TestMissingPayloadPieces(t *testing.T) {
	p := loadPlugin(t)
	u := newUser(t, "")
	for _, transcript := range []string{filepath.Join(u.profile, "nope.jsonl"), u.profile, `\\?\C:\nope\x.jsonl`} {
		in := u.payload(t, "PostToolUse", transcript, nil)
		if status, _ := u.run(t, p, p.hooks["PostToolUse"], in); status != 0 {
			t.Errorf("transcript %q: status %d", transcript, status)
		}
	}
	if _, err := os.Stat(filepath.Join(u.profile, "x.jsonl")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("something made a file: %v", err)
	}
}

// settledTempDir is t.TempDir whose removal waits for the refreshers the
// status line starts in the background (quota, health): detached, they
// may still be writing the cache under it when the test ends, and a
// folder they write in cannot be removed ("Directory is not empty").
// The removal is retried until the folder is gone and stays gone for a
// second, for at most 30 s.
func settledTempDir(t *testing.T) string {
	dir := t.TempDir()
	t.Cleanup(func() {
		var err error
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
			if err = os.RemoveAll(dir); err != nil {
				continue
			}
			time.Sleep(time.Second)
			if _, err = os.Stat(dir); errors.Is(err, os.ErrNotExist) {
				return
			}
			err = errors.New("a background refresher made it again")
		}
		t.Errorf("remove %s: %v", dir, err)
	})
	return dir
}
