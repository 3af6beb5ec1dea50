package onpath

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// Options say where the commands go and what they run.
type Options struct {
	Dirs   paths.Dirs
	Dir    string // where the commands go; "" is [DefaultDir]
	Stable string // the directory of the stable copies they run
	Path   string // the PATH value, to tell whether Dir is on it
	DryRun bool   // plan only: write nothing
	// Installing names stable copies the caller is about to write (the
	// installer plans before it copies them).
	Installing []string
}

// Action is what happened (or would happen) to one command.
type Action string

// The actions.
const (
	Created   Action = "created"
	Updated   Action = "updated"
	Unchanged Action = "unchanged"
	Foreign   Action = "left alone"
	NoCopy    Action = "skipped: no stable copy to run"
	Removed   Action = "removed"
	Gone      Action = "already gone"
)

// Change is one command's outcome.
type Change struct {
	Name, Path string
	Target     string // the stable copy it runs
	Kind       Kind
	Action     Action
	Detail     string // Foreign: what is there instead
	Shadow     string // another command of that name earlier on PATH
}

// Report is what [Install] or [Remove] did.
type Report struct {
	Dir        string
	Changes    []Change
	CreatedDir bool // Install made Dir; Remove deleted it again
	OnPath     bool // Dir is on PATH
}

// symlink makes links; tests replace it to play a system without them.
var symlink = os.Symlink

// Install puts each of [Names] into o.Dir (created when missing), as a
// link to its stable copy, leaving alone any file there that is not
// ours. Entries of an earlier install in another directory are moved:
// ours there are removed. Running it again changes nothing.
func Install(o Options) (Report, error) {
	dir := o.Dir
	if dir == "" {
		dir = DefaultDir(o.Dirs.Home)
	}
	if !filepath.IsAbs(dir) {
		return Report{}, fmt.Errorf("bin directory %s is not absolute", dir)
	}
	dir = filepath.Clean(dir)
	rep := Report{Dir: dir, OnPath: OnPath(dir, o.Path)}
	rec, _ := load(o.Dirs)
	if rec.Entries == nil {
		rec.Entries = map[string]entry{}
	}
	if rec.Dir != "" && rec.Dir != dir && !o.DryRun {
		moved, _ := removeEntries(o.Dirs, rec)
		rep.Changes = append(rep.Changes, moved.Changes...)
		rec = record{Entries: map[string]entry{}}
	}
	if err := ensureDir(dir, o.DryRun, &rep); err != nil {
		return rep, err
	}
	if rep.CreatedDir || rec.Dir != dir {
		rec.CreatedDir = rep.CreatedDir
	}
	rec.Dir = dir
	for _, name := range Names {
		c, e := installOne(o, dir, name, rec.Entries[name])
		c.Shadow = shadow(name, dir, o.Path)
		rep.Changes = append(rep.Changes, c)
		switch {
		case o.DryRun:
		case e.Path != "":
			rec.Entries[name] = e
		default:
			delete(rec.Entries, name)
		}
	}
	if o.DryRun {
		return rep, nil
	}
	return rep, save(o.Dirs, rec)
}

// ensureDir creates dir when missing (0755: it is the user's).
func ensureDir(dir string, dry bool, rep *Report) error {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		rep.CreatedDir = true
		if dry {
			return nil
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("bin directory: %w", err)
		}
		return nil
	case err != nil:
		return fmt.Errorf("bin directory: %w", err)
	case !fi.IsDir():
		return fmt.Errorf("bin directory %s is not a directory", dir)
	}
	return nil
}

// installOne works out (and, unless dry, makes) one command; the entry
// returned is what to record, empty when nothing of ours is there.
func installOne(o Options, dir, name string, old entry) (Change, entry) {
	target := filepath.Join(o.Stable, proc.Exe(name))
	path := filepath.Join(dir, proc.Exe(name))
	c := Change{Name: name, Path: path, Target: target, Kind: Link}
	if !isFile(target) && !slices.Contains(o.Installing, name) {
		c.Action = NoCopy
		return c, entry{}
	}
	_, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		c.Action = Created
	case old.Path == path && ours(old):
		c.Kind, c.Action = old.Kind, Unchanged
		if old.Target != target || old.Kind == Copy && stampOf(target) != old.From {
			c.Action = Updated // a new stable directory, or a copy behind its stable copy
		}
	case linksTo(path, target): // ours, though not recorded (a lost record)
		c.Action = Unchanged
		return c, entry{Path: path, Target: target, Kind: Link}
	default:
		c.Action, c.Detail = Foreign, describe(path)
		return c, entry{}
	}
	if o.DryRun || c.Action == Unchanged && old.Path == path {
		return c, old
	}
	e, err := place(path, target, c.Action == Updated)
	if err != nil {
		c.Action, c.Detail = Foreign, err.Error()
		return c, entry{}
	}
	c.Kind = e.Kind
	return c, e
}

// place makes path run target: a link, else a copy. replace says path
// holds an earlier entry of ours, to be swapped atomically.
func place(path, target string, replace bool) (entry, error) {
	if replace {
		tmp := path + ".si-new"
		_ = os.Remove(tmp)
		if symlink(target, tmp) == nil {
			if err := os.Rename(tmp, path); err != nil {
				_ = os.Remove(tmp)
				return entry{}, err
			}
			return entry{Path: path, Target: target, Kind: Link}, nil
		}
	} else if symlink(target, path) == nil {
		return entry{Path: path, Target: target, Kind: Link}, nil
	}
	sum, from, err := copyFile(target, path)
	if err != nil {
		return entry{}, err
	}
	return entry{Path: path, Target: target, Kind: Copy, Sha: sum, From: from}, nil
}

// linksTo reports whether path is a symbolic link to target.
func linksTo(path, target string) bool {
	to, err := os.Readlink(path)
	return err == nil && to == target
}

// Refresh brings the copies among the recorded commands up to date with
// their stable copies, for the SessionStart hook after a plugin upgrade;
// a link needs nothing, since it runs the stable copy itself. A command
// that is no longer ours (the user replaced or removed it) is left
// alone and dropped from the record. It costs one small read when there
// are only links.
func Refresh(d paths.Dirs) ([]Change, error) {
	rec, ok := load(d)
	if !ok {
		return nil, nil
	}
	var out []Change
	changed := false
	for _, name := range slices.Sorted(keys(rec.Entries)) {
		e := rec.Entries[name]
		if e.Kind != Copy || stampOf(e.Target) == e.From {
			continue
		}
		changed = true
		if !ours(e) {
			delete(rec.Entries, name)
			out = append(out, Change{Name: name, Path: e.Path, Kind: e.Kind, Action: Foreign, Detail: describe(e.Path)})
			continue
		}
		ne, err := place(e.Path, e.Target, true)
		if err != nil {
			return out, err
		}
		rec.Entries[name] = ne
		out = append(out, Change{Name: name, Path: e.Path, Kind: ne.Kind, Action: Updated})
	}
	if !changed {
		return out, nil
	}
	return out, save(d, rec)
}
