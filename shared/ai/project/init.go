package project

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/settings"
	"github.com/session-intelligence/session-intelligence/shared/ai/store"
	"github.com/session-intelligence/session-intelligence/shared/ai/store/full"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// LinkName is the link beside ai.toml to the private settings.
const LinkName = "ai.local.toml"

// privateSeed is the private settings file ai init creates.
const privateSeed = "# Private settings of this project: one user's overrides of ai.toml (every table but [project]).\n# Kept in .ai/local, a git repository of its own; ai.local.toml beside ai.toml links here.\n"

// ignoreLines are what ai init adds to the project's .gitignore.
var ignoreLines = []string{"/" + LinkName, "/.ai/local/"}

// InitResult is what [Init] did.
type InitResult struct {
	ID   string
	Root string
	// Minted is true when the id is new; Done lists what changed.
	Minted bool
	Done   []string
}

// Init makes dir a project: mints its id into ai.toml (kept when it has
// one), creates the private settings .ai/local/ai.toml in the main
// checkout, links ai.local.toml to them and ignores both in .gitignore.
// Running it again changes nothing.
func Init(dir, home string, now func() time.Time, random io.Reader) (InitResult, error) {
	dir = filepath.Clean(dir)
	r := InitResult{Root: dir}
	if home != "" && dir == filepath.Join(home, ".ai") {
		return r, errors.New("~/.ai/ai.toml holds your own settings, not a project's: run ai init in the project's directory")
	}
	if err := r.ensureID(filepath.Join(dir, "ai.toml"), now, random); err != nil {
		return r, err
	}
	l, err := settings.Find(home, dir)
	if err != nil {
		return r, err
	}
	if err := r.ensurePrivate(l, now); err != nil {
		return r, err
	}
	if err := r.ensureLink(l); err != nil {
		return r, err
	}
	return r, r.ensureIgnored(filepath.Join(dir, ".gitignore"))
}

// projectHeader finds the [project] table's header line.
var projectHeader = regexp.MustCompile(`(?m)^[ \t]*\[project\][ \t]*(#.*)?\r?$`)

// ensureID reads ai.toml's id, adding a new one when it has none.
func (r *InitResult) ensureID(path string, now func() time.Time, random io.Reader) error {
	old, err := fsutil.ReadCapped(path, 1<<20)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("read %s: %w", path, err)
	}
	s, err := settings.Parse(bytes.NewReader(old), path, settings.ProjectFile)
	if err != nil {
		return err
	}
	if s.Project.ID != "" {
		r.ID = s.Project.ID
		return nil
	}
	if r.ID, err = NewID(now(), random); err != nil {
		return err
	}
	line := []byte(fmt.Sprintf("id = %q  # written by ai init; commit ai.toml\n", r.ID))
	var out []byte
	if loc := projectHeader.FindIndex(old); loc != nil {
		out = append(append([]byte{}, old[:loc[1]]...), '\n')
		out = append(append(out, line...), bytes.TrimPrefix(old[loc[1]:], []byte("\n"))...)
	} else {
		if len(old) > 0 && !bytes.HasSuffix(old, []byte("\n")) {
			old = append(old, '\n')
		}
		if len(old) > 0 {
			old = append(old, '\n')
		}
		out = append(append(old, "[project]\n"...), line...)
	}
	if err := fsutil.WriteAtomic(path, out, 0o644, fsutil.Sync); err != nil {
		return err
	}
	r.Minted = true
	r.Done = append(r.Done, "wrote the id into ai.toml")
	return nil
}

// ensurePrivate creates the private settings and the private store.
func (r *InitResult) ensurePrivate(l settings.Layers, now func() time.Time) error {
	local := store.Dir(l.MainRoot)
	if _, err := os.Lstat(l.Private); errors.Is(err, os.ErrNotExist) {
		if err := fsutil.PrivateDir(local); err != nil {
			return err
		}
		if err := fsutil.WriteAtomic(l.Private, []byte(privateSeed), 0o600, fsutil.Sync); err != nil {
			return err
		}
		r.Done = append(r.Done, "created the private settings "+l.Private)
	}
	st, err := full.Open(local, "ai init", full.Options{Now: now})
	if err != nil {
		return err
	}
	_, err = st.Event("ai init", nil)
	return err
}

// ensureLink links ai.local.toml to the private settings: relatively in
// the main checkout, absolutely from a linked worktree. Windows lets an
// account make links only with Developer Mode or as administrator; the
// link is a convenience (the private settings are read where they are),
// so there its refusal is reported and init goes on.
func (r *InitResult) ensureLink(l settings.Layers) error {
	link := filepath.Join(l.Root, LinkName)
	if _, err := os.Lstat(link); err == nil {
		return nil // settings.Find refused a file of its own already
	}
	target := filepath.Join(".ai", "local", "ai.toml")
	if l.MainRoot != l.Root {
		target = l.Private
	}
	if err := os.Symlink(target, link); err != nil {
		if runtime.GOOS == "windows" {
			r.Done = append(r.Done, "did not link "+LinkName+" (this Windows account may not make links): the private settings are "+target)
			return nil
		}
		return fmt.Errorf("link %s: %w", link, err)
	}
	r.Done = append(r.Done, "linked "+LinkName+" to "+target)
	return nil
}

// ensureIgnored adds the missing ignore lines to .gitignore.
func (r *InitResult) ensureIgnored(path string) error {
	old, err := fsutil.ReadCapped(path, 4<<20)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("read %s: %w", path, err)
	}
	out := old
	for _, want := range ignoreLines {
		if hasLine(old, want) {
			continue
		}
		if len(out) > 0 && !bytes.HasSuffix(out, []byte("\n")) {
			out = append(out, '\n')
		}
		out = append(out, want+"\n"...)
	}
	if len(out) == len(old) {
		return nil
	}
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	if err := fsutil.WriteAtomic(path, out, mode, fsutil.Sync); err != nil {
		return err
	}
	r.Done = append(r.Done, "ignored "+LinkName+" and .ai/local/ in .gitignore")
	return nil
}

// hasLine: data holds want as a whole line, with or without its leading
// slash or trailing slash.
func hasLine(data []byte, want string) bool {
	core := bytes.Trim([]byte(want), "/")
	for _, l := range bytes.Split(data, []byte("\n")) {
		if bytes.Equal(bytes.Trim(bytes.TrimSpace(l), "/"), core) {
			return true
		}
	}
	return false
}
