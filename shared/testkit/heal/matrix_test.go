package heal

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/damage"
)

// row is one file (or directory) the plugin writes: where it is, what
// runs over it, and the record that run must leave.
type row struct {
	name   string
	path   func(w *world) string
	dir    bool           // a directory of ours
	aside  []damage.Kind  // kinds that must end moved aside; nil: every kind that is no regular file
	setup  func(w *world) // before the damage
	act    func(w *world)
	record func(w *world) error // nil when the new record is there
}

var notRegular = []damage.Kind{damage.Directory, damage.FIFO, damage.DeviceLink, damage.LinkLoop}

// jsonAside: a JSON document of ours that does not decode is moved aside too.
var jsonAside = append(slices.Clone(notRegular), damage.Garbage, damage.Huge, damage.WrongTypes)

func inSession(name string) func(w *world) string {
	return func(w *world) string { return filepath.Join(w.session(), name) }
}

func inState(name string) func(w *world) string {
	return func(w *world) string { return filepath.Join(w.dirs.State, filepath.FromSlash(name)) }
}

func inLogs(name string) func(w *world) string {
	return func(w *world) string { return filepath.Join(w.dirs.Logs, name) }
}

func postToolUse(w *world) { w.run("si-post-tool-use", w.postToolUse()) }
func preCompact(w *world)  { w.run("si-pre-compact", w.preCompact()) }
func startup(w *world)     { w.run("si-session-start", w.sessionStart("startup")) }

// ruleThenCompact captures a rule, then compacts with a summary that
// lost it.
func ruleThenCompact(w *world) {
	w.run("si-user-prompt-submit", w.userPrompt("never commit without asking"))
	preCompact(w)
	w.run("si-post-compact", w.postCompact())
}

// withPlugin runs SessionStart with the built plugin as its root, so
// that it wires the status line and installs the commands and copies.
func withPlugin(w *world) {
	w.plugin = cctest.PluginDir(w.t)
	startup(w)
}

// counted: the session's state counts the call.
func counted(w *world) error {
	st := session.Dir(w.session()).Load()
	if st.Calls != 1 {
		return fmt.Errorf("state.json counts %d calls, want 1", st.Calls)
	}
	return nil
}

// recorded: the compaction is the history's newest entry.
func recorded(w *world) error {
	entries, err := history.Read(history.Path(w.dirs.Logs))
	if err != nil || len(entries) == 0 || entries[len(entries)-1].SID != sid {
		return fmt.Errorf("history holds %d entries (%v), the last not this compaction", len(entries), err)
	}
	return nil
}

// jsonHas: the file decodes and holds want.
func jsonHas(path func(w *world) string, want string) func(w *world) error {
	return func(w *world) error {
		data, err := os.ReadFile(path(w))
		if err != nil || !jsonx.Valid(data) || !strings.Contains(string(data), want) {
			return fmt.Errorf("%s = %.200q, %v; want JSON holding %q", path(w), data, err, want)
		}
		return nil
	}
}

// regular: the path holds a regular file again.
func regular(path func(w *world) string) func(w *world) error {
	return func(w *world) error {
		if fi, err := os.Lstat(path(w)); err != nil || !fi.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file: %v", path(w), err)
		}
		return nil
	}
}

// globbed: some file matches pattern under the state root.
func globbed(pattern string) func(w *world) error {
	return func(w *world) error {
		if m, _ := filepath.Glob(filepath.Join(w.dirs.State, filepath.FromSlash(pattern))); len(m) == 0 {
			return fmt.Errorf("nothing matches %s", pattern)
		}
		return nil
	}
}

// fired: the hook's run is recorded.
func fired(w *world) error {
	data, err := os.ReadFile(filepath.Join(w.dirs.State, "fired", "PostToolUse"))
	if err != nil || strings.TrimSpace(string(data)) != sid {
		return fmt.Errorf("fired/PostToolUse = %q, %v", data, err)
	}
	return nil
}

func logged(want string) func(w *world) error {
	return func(w *world) error {
		data, _ := os.ReadFile(filepath.Join(w.dirs.Logs, "session-intel-"+time.Now().Format("2006-01-02")+".log"))
		if !strings.Contains(string(data), want) {
			return fmt.Errorf("the debug log lacks %q", want)
		}
		return nil
	}
}

func both(a, b func(w *world) error) func(w *world) error {
	return func(w *world) error {
		if err := a(w); err != nil {
			return err
		}
		return b(w)
	}
}

// rows are every file of the README's "Files written" the hooks and the
// status line write under the state root and in the logs, and those the
// table leaves out (window.json, .swept, task-change.json, the zones
// cache, the log's lock). Not here: relay/ (the relay's own tests),
// install.json (read and written by `si install` alone; onpath.json,
// written by it too, is read by SessionStart),
// tip-path (shown only to a marketplace install) and cache/plugin-state
// (asked only once the status line names its plugin).
var rows = []row{
	{name: "sessions/<sid>/state.json", path: inSession("state.json"), aside: jsonAside, act: postToolUse, record: counted},
	{name: "sessions/<sid>/.lock", path: inSession(".lock"), act: postToolUse, record: counted},
	{name: "sessions/<sid>/", path: func(w *world) string { return w.session() }, dir: true, act: postToolUse, record: counted},
	{name: "sessions/", path: inState("sessions"), dir: true, act: postToolUse, record: counted},
	{name: "sessions/.swept", path: inState("sessions/.swept"), act: postToolUse, record: regular(inState("sessions/.swept"))},
	{name: "sessions/<sid>/shape.jsonl", path: inSession("shape.jsonl"), act: postToolUse, record: func(w *world) error {
		entries, err := shape.Read(filepath.Join(w.session(), "shape.jsonl"))
		if err != nil || len(entries) == 0 || entries[len(entries)-1].RootName() != "src" {
			return fmt.Errorf("shape log holds %d entries (%v), the last not this call", len(entries), err)
		}
		return nil
	}},
	{name: "sessions/<sid>/archive/", path: inSession("archive"), dir: true, act: postToolUse, record: globbed("sessions/s1/archive/toolu_1.json")},
	{name: "sessions/<sid>/archive/index.jsonl", path: inSession("archive/index.jsonl"), act: postToolUse, record: jsonHas(inSession("archive/index.jsonl"), `"toolu_1"`)},
	{name: "sessions/<sid>/compact-snapshot.json", path: inSession("compact-snapshot.json"), aside: jsonAside,
		act: func(w *world) { postToolUse(w); preCompact(w) }, record: jsonHas(inSession("compact-snapshot.json"), `"sid":"s1"`)},
	{name: "sessions/<sid>/capture.json", path: inSession("capture.json"), aside: jsonAside,
		act: ruleThenCompact, record: jsonHas(inSession("capture.json"), "never commit without asking")},
	// Written blind (replaced by a rename); what is no file is moved aside
	// when it is taken.
	{name: "sessions/<sid>/restore.json", path: inSession("restore.json"), aside: notRegular,
		act: ruleThenCompact, record: jsonHas(inSession("restore.json"), "never commit without asking")},
	{name: "sessions/<sid>/window.json", path: inSession("window.json"), aside: jsonAside,
		act: func(w *world) { w.run("si-statusline", w.statusLine()) }, record: jsonHas(inSession("window.json"), `"size":1000000`)},
	{name: "cache/transcripts/", path: inState("cache/transcripts"), dir: true, act: postToolUse, record: globbed("cache/transcripts/*.stats")},
	{name: "cache/", path: inState("cache"), dir: true, act: postToolUse, record: globbed("cache/transcripts/*.stats")},
	{name: "cache/zones/<cwd>.json", path: func(w *world) string {
		return filepath.Join(w.dirs.Cache(), "zones", paths.SessionID(w.proj)+".json")
	}, aside: append(slices.Clone(notRegular), damage.Huge), act: func(w *world) { w.run("si-statusline", w.statusLine()) }, record: func(w *world) error {
		return jsonHas(func(w *world) string { return filepath.Join(w.dirs.Cache(), "zones", paths.SessionID(w.proj)+".json") }, `"stamp"`)(w)
	}},
	{name: "fired/", path: inState("fired"), dir: true, act: postToolUse, record: fired},
	// Written blind (replaced by a rename, which takes a FIFO or a link
	// away by itself): only a directory has to be moved aside.
	{name: "fired/<Event>", path: inState("fired/PostToolUse"), aside: []damage.Kind{damage.Directory}, act: postToolUse, record: fired},
	{name: "bootstrap.json", path: inState("bootstrap.json"), aside: jsonAside, act: startup, record: jsonHas(inState("bootstrap.json"), `"seededConfigAt"`)},
	{name: "bootstrap.lock", path: inState("bootstrap.lock"), act: startup, record: jsonHas(inState("bootstrap.json"), `"seededConfigAt"`)},
	{name: "learned", path: inState("learned"), act: startup, record: func(*world) error { return nil }},
	{name: "tip-manual-compact", path: inState("tip-manual-compact"), act: startup, record: regular(inState("tip-manual-compact"))},
	{name: "backups/claude-md/index.json", path: inState("backups/claude-md/index.json"), aside: jsonAside,
		setup: func(w *world) {
			w.write(filepath.Join(w.proj, "CLAUDE.md"), "# my rules\n")
			w.write(filepath.Join(w.proj, ".claude", "settings.json"), "{}")
		}, act: startup, record: jsonHas(inState("backups/claude-md/index.json"), "CLAUDE.md")},
	{name: "statusline.json", path: inState("statusline.json"), aside: jsonAside, act: withPlugin, record: jsonHas(inState("statusline.json"), "si-statusline")},
	{name: "commands.json", path: inState("commands.json"), aside: jsonAside, act: withPlugin, record: jsonHas(inState("commands.json"), "si.md")},
	{name: "commands.lock", path: inState("commands.lock"), act: withPlugin, record: jsonHas(inState("commands.json"), "si.md")},
	{name: "onpath.json", path: inState("onpath.json"), aside: jsonAside, act: startup, record: func(*world) error { return nil }},
	{name: "bin/", path: inState("bin"), dir: true, act: withPlugin, record: func(w *world) error {
		fi, err := os.Stat(filepath.Join(w.dirs.State, "bin", "si-statusline"))
		if err != nil || fi.Mode().Perm()&0o100 == 0 {
			return fmt.Errorf("bin/si-statusline: %v, %v", fi, err)
		}
		return nil
	}},
	{name: "projects/<project>/.si-handoff.json", path: func(w *world) string { return filepath.Join(w.dirs.ProjectDir(w.proj), ".si-handoff.json") },
		aside: notRegular, setup: func(w *world) {
			w.write(filepath.Join(w.dirs.ProjectDir(w.proj), "session-context.md"), "## Current Task\ntype: bug-fix\ndescription: the heal matrix\n")
		}, act: func(w *world) { w.run("si-session-start", w.sessionStart("compact")); preCompact(w) },
		record: jsonHas(func(w *world) string { return filepath.Join(w.dirs.ProjectDir(w.proj), ".si-handoff.json") }, "the heal matrix")},
	{name: "logs/compact-history.jsonl", path: inLogs("compact-history.jsonl"), aside: append(slices.Clone(notRegular), damage.Huge), act: preCompact, record: recorded},
	{name: "logs/compact-history.jsonl.lock", path: inLogs("compact-history.jsonl.lock"), act: preCompact, record: recorded},
	{name: "logs/compact-history.jsonl.1", path: inLogs("compact-history.jsonl.1"), aside: []damage.Kind{damage.Directory},
		setup: func(w *world) {
			var all []history.Entry
			for i := range history.MaxEntries {
				all = append(all, history.Entry{T: int64(1_000_000 + i), SID: "old"})
			}
			if err := history.Append(history.Path(w.dirs.Logs), all...); err != nil {
				w.t.Fatal(err)
			}
		}, act: preCompact, record: both(recorded, func(w *world) error {
			old, err := history.Read(history.Path(w.dirs.Logs) + ".1")
			if err != nil || len(old) == 0 {
				return fmt.Errorf("nothing rotated to .1: %v", err)
			}
			return nil
		})},
	{name: "logs/session-intel-<date>.log", path: func(w *world) string {
		return filepath.Join(w.dirs.Logs, "session-intel-"+time.Now().Format("2006-01-02")+".log")
	}, act: postToolUse, record: logged("post-tool-use")},
	{name: "logs/.session-intel.lock", path: inLogs(".session-intel.lock"), act: postToolUse, record: logged("post-tool-use")},
	{name: "logs/crash-post-tool-use.txt", path: inLogs("crash-post-tool-use.txt"), act: func(w *world) {
		postToolUse(w)
		w.run("si-post-tool-use", "", "--crashed", "2")
	}, record: both(counted, logged("PostToolUse hook died (exit status 2)"))},
}

// TestEveryFileEveryDamage: for each file and each kind of damage, the
// binaries that use the file exit 0 by themselves, the damage is moved
// aside where it must be (and said once in the log), nothing damaged is
// left at the path, and the run's new record is there.
func TestEveryFileEveryDamage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the plugin and runs its binaries")
	}
	cctest.Marketplace(t)
	for _, r := range rows {
		for _, k := range damage.Kinds {
			if r.dir && k == damage.Directory {
				continue // a directory is what belongs there
			}
			t.Run(r.name+"/"+string(k), func(t *testing.T) {
				t.Parallel()
				w := newWorld(t)
				if r.setup != nil {
					r.setup(w)
				}
				path := r.path(w)
				damage.Make(t, path, k)
				r.act(w)
				checkHealed(t, w, r, k, path)
			})
		}
	}
}

func checkHealed(t *testing.T, w *world, r row, k damage.Kind, path string) {
	t.Helper()
	want := r.aside
	if want == nil {
		want = notRegular
	}
	if r.dir {
		want = damage.Kinds
	}
	moved := damage.Aside(path)
	if slices.Contains(want, k) != (len(moved) > 0) {
		t.Errorf("moved aside: %q; want a copy: %v", moved, slices.Contains(want, k))
	}
	if len(moved) > 0 {
		if err := logged("moved aside to " + filepath.Base(path) + ".damaged-")(w); err != nil {
			t.Error(err)
		}
	}
	if fi, err := os.Lstat(path); err == nil && fi.IsDir() != r.dir {
		t.Errorf("%s is still %v", path, fi.Mode())
	} else if err == nil && !r.dir && !fi.Mode().IsRegular() {
		t.Errorf("%s is still %v", path, fi.Mode())
	}
	if err := r.record(w); err != nil {
		t.Errorf("no new record: %v", err)
	}
}
