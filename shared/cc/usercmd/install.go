package usercmd

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/usercmd/commands"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// maxFile caps a command file we read back; ours are a few KB.
const maxFile = 256 << 10

// lockWait bounds the wait for another session's install of the same
// files; they take a millisecond.
const lockWait = 2 * time.Second

// Action is what happened (or would happen) to one command file.
type Action string

// The actions.
const (
	Created   Action = "created"
	Updated   Action = "updated"
	Unchanged Action = "unchanged"
	NotOurs   Action = "left alone: the file is not ours (no session-intelligence marker line)"
	OptedOut  Action = "left out: an earlier copy was deleted by the user"
	NoBinary  Action = "skipped: its binary is not installed"
)

// Options say where things are.
type Options struct {
	Dir    string // the user command directory, ~/.claude/commands
	BinDir string // absolute directory of the binaries the commands run
	State  string // private state directory; commands.json there records what was installed
	// Force installs a command even where the user deleted an earlier
	// copy: the installer does, the SessionStart bootstrap does not.
	Force bool
	// Installing names binaries the caller is about to put in BinDir
	// (the installer plans before it copies them).
	Installing []string
	// Plugin is the id of the installed plugin the commands belong to
	// ("" in settings mode): once Claude Code no longer has it installed
	// and enabled, the commands retire themselves ([Retire]).
	Plugin string
}

// Change is the plan for one command file.
type Change struct {
	Name, Path string
	Action     Action
	Old, New   []byte // the file before and after (nil: absent)
}

// Plan works out what Ensure would do, writing nothing.
func Plan(o Options) ([]Change, error) {
	rec := loadRecord(o.State)
	var out []Change
	for _, f := range commands.All() {
		c := Change{Name: f.Name, Path: filepath.Join(o.Dir, f.Name+".md")}
		old, err := fsutil.ReadCapped(c.Path, maxFile)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			old = nil
		case err != nil:
			return nil, fmt.Errorf("user command %s: %w", c.Path, err)
		}
		c.Old = old
		c.Action, err = plan(o, rec, f, &c)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// plan decides one file's action and, when it is written, its content.
func plan(o Options, rec record, f commands.File, c *Change) (Action, error) {
	switch {
	// The program is si.exe on Windows (Git Bash runs it as bin/si).
	case !isFile(filepath.Join(o.BinDir, proc.Exe(f.Name))) && !slices.Contains(o.Installing, f.Name):
		return NoBinary, nil
	case c.Old != nil && !Ours(c.Old):
		return NotOurs, nil
	case c.Old == nil && rec.has(c.Path) && !o.Force:
		return OptedOut, nil
	}
	text, err := Render(f, o.BinDir)
	if err != nil {
		return "", err
	}
	c.New = text
	switch {
	case c.Old == nil:
		return Created, nil
	case bytes.Equal(c.Old, text):
		return Unchanged, nil
	}
	return Updated, nil
}

// Ensure installs or updates each command file as planned, under a lock,
// and records what it wrote. When nothing is due it takes no lock and
// writes nothing: it runs at every session start.
func Ensure(o Options) ([]Change, error) {
	if changes, err := Plan(o); err != nil || !due(changes) && !o.newPlugin() {
		return changes, err
	}
	if err := fsutil.PrivateDir(o.State); err != nil {
		return nil, fmt.Errorf("user commands: %w", err)
	}
	var changes []Change
	err := withLock(o.State, func() error {
		var err error
		if changes, err = Plan(o); err != nil {
			return err
		}
		return apply(o, changes)
	})
	return changes, err
}

// due reports whether a plan writes anything.
func due(changes []Change) bool {
	return slices.ContainsFunc(changes, func(c Change) bool { return c.Action == Created || c.Action == Updated })
}

// apply writes the created and updated files and the record.
func apply(o Options, changes []Change) error {
	rec := loadRecord(o.State)
	before := rec.clone()
	for _, c := range changes {
		if c.Action != Created && c.Action != Updated {
			continue
		}
		if err := ensureDir(o.Dir, &rec); err != nil {
			return err
		}
		if err := fsutil.WriteAtomic(c.Path, c.New, 0o600, fsutil.Sync); err != nil {
			return fmt.Errorf("user command: %w", err)
		}
		rec.add(c.Path)
	}
	if len(rec.Installed) > 0 {
		rec.Plugin = o.Plugin
	}
	if rec.equal(before) {
		return nil
	}
	return rec.save(o.State)
}

// ensureDir creates the command directory when missing and records that
// it did, so that uninstalling removes it again.
func ensureDir(dir string, rec *record) error {
	if _, err := os.Stat(dir); err == nil {
		return nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("user commands: %w", err)
	}
	rec.CreatedDir = dir
	return nil
}

// Remove deletes the command files that are still ours (and the command
// directory when we created it and it is empty) and forgets them. It
// returns the paths it removed.
func Remove(o Options) ([]string, error) {
	var removed []string
	err := withLock(o.State, func() error {
		rec := loadRecord(o.State)
		for _, f := range commands.All() {
			path := filepath.Join(o.Dir, f.Name+".md")
			data, err := fsutil.ReadCapped(path, maxFile)
			if err != nil || !Ours(data) {
				continue
			}
			if err := os.Remove(path); err != nil {
				return fmt.Errorf("remove user command: %w", err)
			}
			removed = append(removed, path)
		}
		if rec.CreatedDir == o.Dir && os.Remove(o.Dir) == nil {
			removed = append(removed, o.Dir)
		}
		return removeRecord(o.State)
	})
	return removed, err
}

// withLock runs fn under the state directory's command lock; without a
// state directory there is nothing to lock against (and nothing to
// record), so fn runs as it is.
func withLock(state string, fn func() error) error {
	if _, err := os.Stat(state); errors.Is(err, fs.ErrNotExist) {
		return fn()
	}
	return lock.With(filepath.Join(state, "commands.lock"), lockWait, fn)
}

// record is <state>/commands.json.
type record struct {
	Installed  []string `json:"installed"`            // command files we wrote at some point
	CreatedDir string   `json:"createdDir,omitempty"` // the command directory, when we created it
	Plugin     string   `json:"plugin,omitempty"`     // Options.Plugin of the last install
}

// newPlugin reports whether the record names another plugin than o:
// the files stay as they are, the record must follow.
func (o Options) newPlugin() bool {
	rec := loadRecord(o.State)
	return len(rec.Installed) > 0 && rec.Plugin != o.Plugin
}

func recordPath(state string) string { return filepath.Join(state, "commands.json") }

func loadRecord(state string) record {
	var r record
	if _, err := fsutil.ReadOwnDecoded(recordPath(state), 64<<10, jsonx.Into(&r)); err != nil {
		return record{} // none, or a damaged one moved aside
	}
	return r
}

func (r record) has(path string) bool { return slices.Contains(r.Installed, path) }

func (r *record) add(path string) {
	if !r.has(path) {
		r.Installed = append(r.Installed, path)
	}
}

func (r record) clone() record {
	return record{Installed: slices.Clone(r.Installed), CreatedDir: r.CreatedDir, Plugin: r.Plugin}
}

func (r record) equal(o record) bool {
	return slices.Equal(r.Installed, o.Installed) && r.CreatedDir == o.CreatedDir && r.Plugin == o.Plugin
}

func (r record) save(state string) error {
	data, err := jsonx.Marshal(r)
	if err != nil {
		return err
	}
	return fsutil.WriteOwn(recordPath(state), data, fsutil.Sync)
}

func removeRecord(state string) error {
	err := os.Remove(recordPath(state))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}
