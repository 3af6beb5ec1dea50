package hookio

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/intellog"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// A Go program that dies of a fatal runtime error (stack overflow,
// concurrent map write, out of memory) or of a panic in a goroutine
// without a guard exits with status 2, which Claude Code reads as
// "block", and no recover can stop it. So every hook command is written
//
//	"BIN" || "BIN" --crashed $? || true
//
// or, for the hooks whose command Claude Code shows on the screen
// (PreCompact and PostCompact, after a /compact), the short
//
//	"DIR/si-hook" EVENT
//
// whose script ([Launcher], scripts/si-hook.sh) does the same; it costs
// one sh start, which the hooks of every tool call are spared (hooks.json,
// and the settings-mode installer copies it). Claude Code runs hook
// commands through a shell (sh, or Git Bash on Windows), so whatever
// status the hook ends with, the command ends with 0, and the second run
// of the binary, which reads no stdin, writes one line about it to the
// debug log. Blocking, where it is the feature, is always done with a
// JSON decision on stdout and exit 0, never with exit 2.

// Launcher is the name of the hook launcher in the plugin's bin/.
const Launcher = "si-hook"

// CrashedFlag is the argument of the reporting run.
const CrashedFlag = "--crashed"

// crashFile is where the runtime writes a crash report for the next
// reporting run to summarise.
func crashFile(logs string, event Event) string {
	return filepath.Join(logs, "crash-"+source(event)+".txt")
}

// captureCrashes points the runtime's crash output at the event's crash
// file, when the log directory exists (it is never created here: a
// process start must stay cheap). The file is opened for appending, so
// hooks of one event running side by side do not clobber each other.
func captureCrashes(logs string, event Event) {
	if logs == "" {
		return
	}
	f, err := fsutil.OpenAppend(crashFile(logs, event))
	if err != nil {
		return
	}
	_ = debug.SetCrashOutput(f, debug.CrashOptions{})
	// f stays open for the life of the process, as the runtime needs.
}

// ReportCrash is the reporting run: it logs that the hook ended with
// status, with the first line of the crash report when there is one,
// empties the crash file, and returns 0.
func ReportCrash(event Event, status string, env proc.IO) int {
	dirs, err := paths.Resolve(env.Getenv)
	if err != nil {
		return ExitOK
	}
	log := &intellog.Logger{Dir: dirs.Logs, Source: source(event), Now: env.Now, Fallback: env.Stderr,
		SID: paths.SessionID(env.Getenv("CLAUDE_CODE_SESSION_ID"))}
	path := crashFile(dirs.Logs, event)
	reason := crashReason(path)
	if reason != "" {
		_ = os.Truncate(path, 0)
	}
	log.Errorf(map[string]string{"status": status, "reason": reason},
		"%s hook died (exit status %s); Claude Code was given exit 0 and the session goes on", event, status)
	return ExitOK
}

// crashReason summarises the crash file in one line: its "panic: …" or
// "fatal error: …" line where the runtime wrote one there, else the kind
// of fatal error its first frames show (a runtime throw writes its
// message to stderr only), else its first frame. At most 300 bytes.
func crashReason(path string) string {
	f, _, err := fsutil.OpenRegular(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), 64<<10)
	var frames []string
	for sc.Scan() && len(frames) < 8 {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "panic:"), strings.HasPrefix(line, "fatal error:"):
			return clip(line)
		case line == "", line == "runtime stack:", strings.HasPrefix(line, "goroutine "), strings.HasPrefix(line, "/"):
			continue
		}
		frames = append(frames, line)
	}
	all := strings.Join(frames, " ")
	for _, k := range knownFatal {
		if strings.Contains(all, k.frame) {
			return k.reason
		}
	}
	if len(frames) > 0 {
		return clip("fatal error at " + frames[0])
	}
	return ""
}

// knownFatal maps a runtime frame to the fatal error it stands for.
var knownFatal = []struct{ frame, reason string }{
	{"runtime.newstack", "fatal error: stack overflow"},
	{"internal/runtime/maps.fatal", "fatal error: concurrent map access"},
	{"runtime.mapaccess", "fatal error: concurrent map access"},
	{"runtime.sigpanic", "fatal error: unexpected signal"},
	{"runtime.(*mheap)", "fatal error: out of memory"},
}

func clip(s string) string {
	if len(s) > 300 {
		s = s[:300]
	}
	return strings.ToValidUTF8(s, "?")
}
