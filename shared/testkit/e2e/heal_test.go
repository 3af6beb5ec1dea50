//go:build unix

package e2e

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/intel/history"
	sessionstate "github.com/session-intelligence/session-intelligence/shared/intel/session"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
)

// TestDamagedStateStillRecords: a session starts over a state folder
// where the compaction history is a FIFO (which hung PreCompact until
// Claude Code killed it), the debug log a FIFO, the session's lock a
// directory and its state a link loop. The real CLI's session runs its
// tools and its /compact as usual, every damaged file is moved aside,
// and the compaction, the calls and the shape lines are recorded.
func TestDamagedStateStillRecords(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	logs := filepath.Join(s.env.Home, ".claude", "logs")
	hist := history.Path(logs)
	dir := sessionstate.Dir(s.stateDir())
	must(t, os.MkdirAll(logs, 0o700))
	must(t, os.MkdirAll(filepath.Join(dir.LockFile(), "inside"), 0o700))
	must(t, syscall.Mkfifo(hist, 0o600))
	must(t, syscall.Mkfifo(filepath.Join(logs, "session-intel-"+todayLog()+".log"), 0o600))
	must(t, os.Symlink("state.json", dir.StateFile()))
	s.run(t, workPrompt(t, s, true))
	s.resume(t, "/compact keep X")
	if !strings.Contains(summarisation(t, s.api).Text(), guidanceMark) {
		t.Error("the summariser got no guidance")
	}
	entries, err := history.Read(hist)
	if err != nil || len(entries) != 1 || entries[0].SID != s.sid || entries[0].Trigger != "manual" {
		t.Fatalf("history = %+v, %v; want this session's compaction", entries, err)
	}
	if st := dir.Load(); st.Calls < 19 {
		t.Errorf("state counts %d calls, want the 19 reads", st.Calls)
	}
	if lines, err := shape.Read(dir.ShapeLog()); err != nil || len(lines) < 19 {
		t.Errorf("shape log holds %d lines (%v), want the 19 reads", len(lines), err)
	}
	for _, p := range []string{hist, dir.LockFile(), dir.StateFile(), filepath.Join(logs, "session-intel-"+todayLog()+".log")} {
		if m, _ := filepath.Glob(p + ".damaged-*"); len(m) != 1 {
			t.Errorf("%s moved aside %d times, want once", filepath.Base(p), len(m))
		}
		if fi, err := os.Lstat(p); err != nil || !fi.Mode().IsRegular() {
			t.Errorf("%s is not a regular file again: %v", p, err)
		}
	}
	log := s.logText(t)
	if n := strings.Count(log, "moved aside to compact-history.jsonl.damaged-"); n != 1 {
		t.Errorf("the history's move is logged %d times, want once:\n%s", n, log)
	}
}

// TestStateTreePrivateAfterSession: after a session, nothing under the
// state folder, and none of the plugin's logs, is open to group or
// others, even when everything was loosened before it (a restored
// backup, a chmod -R); links are not followed.
func TestStateTreePrivateAfterSession(t *testing.T) {
	t.Parallel()
	s := workedSession(t)
	state := filepath.Join(s.env.Home, ".claude", "session-intelligence")
	logs := filepath.Join(s.env.Home, ".claude", "logs")
	for _, root := range []string{state, logs} {
		must(t, filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.Type()&fs.ModeSymlink != 0 {
				return err
			}
			if d.IsDir() {
				return os.Chmod(p, 0o777)
			}
			return os.Chmod(p, 0o666|fs.FileMode(0o111)&mustMode(t, p))
		}))
	}
	s.resume(t, "/compact")
	s.resume(t, "carry on [[tool: Read {\"file_path\":\""+filepath.Join(s.env.Project, "src", "auth", "a0.go")+"\"}]]")
	var open []string
	for _, root := range []string{state, logs} {
		must(t, filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.Type()&fs.ModeSymlink != 0 {
				return err
			}
			if root == logs && p != logs && !ourLog(d.Name()) {
				return nil
			}
			fi, err := d.Info()
			if err == nil && p != logs && fi.Mode().Perm()&0o077 != 0 {
				open = append(open, p+" "+fi.Mode().Perm().String())
			}
			return err
		}))
	}
	if len(open) > 0 {
		t.Errorf("%d paths open to group or others after the session:\n%s", len(open), strings.Join(open, "\n"))
	}
}

// todayLog is the date in the name of today's debug log.
func todayLog() string { return time.Now().Format("2006-01-02") }

// ourLog reports whether a name in the logs folder is one of the
// plugin's (Claude Code may keep its own files there).
func ourLog(name string) bool {
	for _, p := range []string{"compact-history.jsonl", "session-intel-", ".session-intel.lock", "crash-"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

func mustMode(t *testing.T, p string) fs.FileMode {
	fi, err := os.Lstat(p)
	must(t, err)
	return fi.Mode().Perm()
}
