package bootstrap

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// runFixture is a user with a repository whose last commit is cached.
type runFixture struct {
	d                       paths.Dirs
	root, head, ctx, claude string
	statePath, cfgPath      string
}

func newRunFixture(t testing.TB) runFixture {
	t.Helper()
	d := testDirs(t)
	root := newRepo(t)
	head := commitFiles(t, root, "feat: start", "main.go")
	saveCache(t, d, root, head, "feat: start", "main.go")
	return runFixture{d: d, root: root, head: head, ctx: contextPath(t, d, root), claude: filepath.Join(root, claudeFile),
		statePath: filepath.Join(d.State, stateFile), cfgPath: d.Config()}
}

func (f runFixture) run(rules string) Report {
	return Run(Options{Dirs: f.d, Cwd: filepath.Join(f.root), Now: now, ClaudeMDEnabled: true, Rules: []byte(rules)})
}

func TestRunTwiceWritesNothing(t *testing.T) {
	f := newRunFixture(t)
	rep := f.run(rulesV1)
	wantActs := []string{"seeded " + f.cfgPath, "seeded " + f.ctx, "auto-filled", "created the session-intelligence block"}
	if len(rep.Actions) != len(wantActs) || len(rep.Problems) > 0 || !rep.Wrote || rep.NeedGit != "" {
		t.Fatalf("first Run() = %+v", rep)
	}
	for i, w := range wantActs {
		if !strings.HasPrefix(rep.Actions[i], w) {
			t.Errorf("action %d = %q, want %q…", i, rep.Actions[i], w)
		}
	}
	files := []string{f.cfgPath, f.ctx, f.claude, f.statePath}
	before := versions(t, files...)
	for i := range 3 {
		if rep := f.run(rulesV1); len(rep.Actions)+len(rep.Problems) > 0 || rep.Wrote || rep.Busy {
			t.Errorf("repeat Run() #%d = %+v; want nothing", i, rep)
		}
	}
	for p, v := range versions(t, files...) {
		if v != before[p] {
			t.Errorf("%s written by a repeat run: %+v, was %+v", filepath.Base(p), v, before[p])
		}
	}
	age(t, f.cfgPath, f.ctx)

	// New rules reach the block; the rest stays as it is.
	rep = f.run(rulesV2)
	if len(rep.Actions) != 1 || !strings.HasPrefix(rep.Actions[0], "refreshed") {
		t.Errorf("Run(new rules) = %+v; want one refresh", rep)
	}
	untouched(t, f.cfgPath, f.ctx)
	if got := readFile(t, f.claude); got != blockOf(rulesV2) {
		t.Errorf("CLAUDE.md = %q", got)
	}
}

// TestRunSkipsUnchangedFiles: with HEAD, rules and the files' stamps as
// the last run left them, a run does not even read the files. Swapping
// content behind an unchanged size and mtime proves it: a read would
// notice the swap.
func TestRunSkipsUnchangedFiles(t *testing.T) {
	f := newRunFixture(t)
	f.run(rulesV1)
	swap := func(path, old, repl string) {
		data := readFile(t, path)
		fi, err := os.Stat(path)
		if err != nil || len(old) != len(repl) || !strings.Contains(data, old) {
			t.Fatalf("cannot swap %q in %s", old, path)
		}
		writeFile(t, path, strings.Replace(data, old, repl, 1))
		if err := os.Chtimes(path, fi.ModTime(), fi.ModTime()); err != nil {
			t.Fatal(err)
		}
	}
	swap(f.ctx, "sha="+f.head[:7], "sha=0000000") // a read would refill from HEAD
	swap(f.claude, EndMarker, strings.Repeat("x", len(EndMarker)))
	if rep := f.run(rulesV1); len(rep.Actions)+len(rep.Problems) > 0 || rep.Wrote {
		t.Errorf("Run() = %+v; want nothing read, nothing done", rep)
	}
	age(t, f.claude, f.ctx)
	rep := f.run(rulesV1)
	if len(rep.Problems) != 1 || !strings.Contains(rep.Problems[0], "only one of the two markers") {
		t.Errorf("Run() after touching CLAUDE.md = %+v; want the broken block reported", rep)
	}
	if len(rep.Actions) != 1 || !strings.HasPrefix(rep.Actions[0], "auto-filled") {
		t.Errorf("Run() after touching session-context.md = %+v; want a refill", rep)
	}
}

func TestRunNeedGit(t *testing.T) {
	f := newRunFixture(t)
	f.run(rulesV1)
	head := commitFiles(t, f.root, "fix: next", "next.go")
	age(t, f.ctx)
	rep := f.run(rulesV1)
	if rep.NeedGit != f.root || len(rep.Actions) > 0 {
		t.Errorf("Run(stale cache) = %+v; want NeedGit %s only", rep, f.root)
	}
	untouched(t, f.ctx)
	saveCache(t, f.d, f.root, head, "fix: next", "next.go")
	rep = f.run(rulesV1)
	if rep.NeedGit != "" || len(rep.Actions) != 1 || !strings.Contains(readFile(t, f.ctx), "type: bug-fix — fix: next") {
		t.Errorf("Run(fresh cache) = %+v; want the refill", rep)
	}
}

// TestRunRespectsRemoval: a CLAUDE.md or block that was ours and is gone
// is the user opting out; it is reported once and never re-added.
func TestRunRespectsRemoval(t *testing.T) {
	tests := []struct {
		name   string
		remove func(t *testing.T, f runFixture)
		after  string // CLAUDE.md content after the next runs; "" means missing
	}{
		{"file deleted", func(t *testing.T, f runFixture) { _ = os.Remove(f.claude) }, ""},
		{"block deleted", func(t *testing.T, f runFixture) { writeFile(t, f.claude, "my own rules\n") }, "my own rules\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newRunFixture(t)
			f.run(rulesV1)
			tt.remove(t, f)
			for i, wantProblems := range []int{1, 0, 0} {
				rep := f.run(rulesV1)
				if len(rep.Actions) > 0 || len(rep.Problems) != wantProblems {
					t.Errorf("Run() #%d after removal = %+v; want %d problem, no action", i, rep, wantProblems)
				}
			}
			got, err := os.ReadFile(f.claude)
			if (tt.after == "") != (err != nil) || string(got) != tt.after {
				t.Errorf("CLAUDE.md = %q, %v; want %q", got, err, tt.after)
			}
		})
	}
}

func TestRunRefusedRoots(t *testing.T) {
	d := testDirs(t)
	mkdir(t, d.Home)
	tests := []struct{ name, cwd string }{
		{"home", d.Home},
		{"claude dir", filepath.Join(d.Claude, "projects")},
		{"relative", "some/dir"},
		{"file system root", "/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if root, ok := claudeRoot(d, tt.cwd); ok {
				t.Errorf("claudeRoot(%q) = %q; want refused", tt.cwd, root)
			}
		})
	}
	rep := Run(Options{Dirs: d, Cwd: d.Home, Now: now, ClaudeMDEnabled: true})
	if _, err := os.Stat(filepath.Join(d.Home, claudeFile)); err == nil || len(rep.Problems) > 0 {
		t.Errorf("Run(cwd=home) = %+v; CLAUDE.md written in home: %v", rep, err == nil)
	}
}

func TestRunBusyAndBroken(t *testing.T) {
	f := newRunFixture(t)
	release, err := lock.Acquire(context.Background(), filepath.Join(f.d.State, LockFile))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	rep := f.run(rulesV1)
	waited := time.Since(start)
	_ = release()
	if !rep.Busy || len(rep.Actions) > 0 || waited < lockWait || waited > 5*lockWait {
		t.Errorf("Run(lock held) = %+v after %v; want Busy after about %v", rep, waited, lockWait)
	}
	if _, err := os.Stat(f.cfgPath); err == nil {
		t.Error("config seeded without the lock")
	}

	writeFile(t, f.statePath, "{not json")
	fsutil.Healed()
	rep = f.run(rulesV1)
	if len(rep.Problems) != 0 || len(rep.Actions) != 4 {
		t.Errorf("Run(corrupt state) = %+v; want the full run", rep)
	}
	if heals := fsutil.Healed(); len(heals) != 1 || heals[0].Path != f.statePath {
		t.Errorf("the corrupt state was not moved aside and reported: %+v", heals)
	}
	if rep := f.run(rulesV1); len(rep.Actions)+len(rep.Problems) > 0 {
		t.Errorf("Run() after recovery = %+v; want nothing", rep)
	}
	if rep := Run(Options{}); len(rep.Problems) != 1 {
		t.Errorf("Run(no dirs) = %+v; want one problem", rep)
	}
}

func TestPrune(t *testing.T) {
	m := map[string]*contextEntry{}
	for i := range maxEntries + 5 {
		m[filepath.Join("p", string(rune('a'+i%26)), strings.Repeat("x", i))] = &contextEntry{Seen: int64(i)}
	}
	prune(m, func(*contextEntry) bool { return true }, maxEntries)
	var seen []int64
	for _, e := range m {
		seen = append(seen, e.Seen)
	}
	slices.Sort(seen)
	if len(m) != maxEntries || seen[0] != 5 {
		t.Errorf("after prune: %d entries, oldest seen %d; want %d, 5", len(m), seen[0], maxEntries)
	}
}

// TestPruneKeepsManaged: the CLAUDE.md files holding our block are the
// uninstaller's list, so only the others are forgotten at maxEntries.
func TestPruneKeepsManaged(t *testing.T) {
	st := state{ClaudeMD: map[string]*claudeEntry{}}
	for i := range 2 * maxEntries {
		st.ClaudeMD[fmt.Sprintf("/p/%d/CLAUDE.md", i)] = &claudeEntry{Seen: int64(i), Managed: i < maxEntries/2}
	}
	if _, err := saveState(tempDir(t), st, nil); err != nil {
		t.Fatal(err)
	}
	managed := 0
	for _, e := range st.ClaudeMD {
		if e.Managed {
			managed++
		}
	}
	if managed != maxEntries/2 || len(st.ClaudeMD) != maxEntries/2+maxEntries {
		t.Errorf("after saveState: %d entries, %d managed; want %d, %d", len(st.ClaudeMD), managed, maxEntries/2+maxEntries, maxEntries/2)
	}
}

// BenchmarkRunNothingToDo is the cost of every session start once the
// setup is in place: the lock, the state file and a few stats.
func BenchmarkRunNothingToDo(b *testing.B) {
	f := newRunFixture(b)
	f.run(rulesV1)
	for b.Loop() {
		if rep := f.run(rulesV1); rep.Wrote {
			b.Fatal("state written on a no-op run")
		}
	}
}
