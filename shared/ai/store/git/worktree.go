package git

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
)

// markerFile records the commit the working files reflect.
const markerFile = "ai-worktree"

// maxIndex caps the index file read.
const maxIndex = 16 << 20

// checkout writes the changed working files, updates their index entries
// and records commit as checked out. The index is spliced (see
// planSplice) unless it is one the splice does not take.
func (s *Store) checkout(changes map[string][]byte, commit plumbing.Hash) error {
	old, release, err := mapFile(filepath.Join(s.gitDir, "index"), maxIndex)
	if err != nil {
		return s.rebuild(context.Background(), commit, nil) // no usable index: write everything from the commit
	}
	defer release()
	list := sortedChanges(changes)
	plan, ok, err := planSplice(old, list)
	switch {
	case err != nil:
		return s.rebuild(context.Background(), commit, nil)
	case !ok:
		return s.checkoutFull(old, changes, commit)
	}
	for i, c := range list {
		data := changes[c.path]
		if err := s.writeWorking(c.path, data); err != nil {
			return err
		}
		if data != nil {
			e, err := s.workingEntry(c.path, plumbing.ComputeHash(plumbing.BlobObject, data))
			if err != nil {
				return err
			}
			list[i].entry = appendEntry(nil, e)
		}
	}
	testOnlyCrash("worktree")
	if err := s.writeIndexFile(func(w io.Writer) error { return writeSplice(w, old, list, plan) }); err != nil {
		return err
	}
	return s.setMarker(commit)
}

// checkoutFull is checkout with the index old decoded and encoded whole.
func (s *Store) checkoutFull(old []byte, changes map[string][]byte, commit plumbing.Hash) error {
	idx, err := parseIndex(old)
	if err != nil {
		return s.rebuild(context.Background(), commit, nil)
	}
	set := newEntrySet(idx)
	for p, data := range changes {
		if err := s.writeWorking(p, data); err != nil {
			return err
		}
		var e *index.Entry
		if data != nil {
			if e, err = s.workingEntry(p, plumbing.ComputeHash(plumbing.BlobObject, data)); err != nil {
				return err
			}
		}
		set.set(p, e)
	}
	set.done()
	testOnlyCrash("worktree")
	if err := s.writeIndex(idx); err != nil {
		return err
	}
	return s.setMarker(commit)
}

// workingEntry is the index entry of the working file p, whose content
// has hash h.
func (s *Store) workingEntry(p string, h plumbing.Hash) (*index.Entry, error) {
	fi, err := os.Stat(s.abs(p))
	if err != nil {
		return nil, fmt.Errorf("stat %s: %w", p, err)
	}
	e := &index.Entry{Name: p, Hash: h, Mode: filemode.Regular, Size: uint32(fi.Size()),
		ModifiedAt: fi.ModTime(), CreatedAt: fi.ModTime()}
	fillStat(e, fi)
	return e, nil
}

// writeWorking replaces (data nil: removes) one working file atomically.
func (s *Store) writeWorking(p string, data []byte) error {
	return s.putWorking(p, data, fsutil.WriteAtomic)
}

// putWorking is writeWorking with the atomic write to use: a rebuild of
// every file sweeps stale temps once at its end, not after each file.
func (s *Store) putWorking(p string, data []byte, write func(string, []byte, os.FileMode, fsutil.Durability) error) error {
	abs := s.abs(p)
	if data == nil {
		if err := os.Remove(abs); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("remove %s: %w", abs, err)
		}
		s.pruneDirs(path.Dir(p))
		return nil
	}
	if fi, err := os.Lstat(abs); err == nil && fi.IsDir() {
		if err := os.RemoveAll(abs); err != nil {
			return fmt.Errorf("replace %s: %w", abs, err)
		}
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return fmt.Errorf("create %s: %w", filepath.Dir(abs), err)
	}
	return write(abs, data, 0o600, fsutil.NoSync)
}

// pruneDirs removes dir and its parents while they are empty.
func (s *Store) pruneDirs(dir string) {
	for dir != "." && dir != "/" && dir != "" {
		if os.Remove(s.abs(dir)) != nil {
			return
		}
		dir = path.Dir(dir)
	}
}

// entrySet sets the entries of an index by name, each in constant time:
// a checkout of 20,000 files searched the whole list for every one.
type entrySet struct {
	idx *index.Index
	at  map[string]int // name: position in idx.Entries
}

func newEntrySet(idx *index.Index) *entrySet {
	at := make(map[string]int, len(idx.Entries))
	for i, e := range idx.Entries {
		at[e.Name] = i
	}
	return &entrySet{idx: idx, at: at}
}

// set replaces the entry of p with e (nil: removes it, at done).
func (x *entrySet) set(p string, e *index.Entry) {
	i, ok := x.at[p]
	switch {
	case ok:
		x.idx.Entries[i] = e
	case e != nil:
		x.at[p] = len(x.idx.Entries)
		x.idx.Entries = append(x.idx.Entries, e)
	}
	if e == nil {
		delete(x.at, p)
	}
}

// done drops the entries removed.
func (x *entrySet) done() {
	x.idx.Entries = slices.DeleteFunc(x.idx.Entries, func(e *index.Entry) bool { return e == nil })
}

func (s *Store) readIndex() (*index.Index, error) {
	data, err := fsutil.ReadCapped(filepath.Join(s.gitDir, "index"), maxIndex)
	if err != nil {
		return nil, err
	}
	return parseIndex(data)
}

// parseIndex decodes a whole index file.
func parseIndex(data []byte) (*index.Index, error) {
	if idx, ok, err := decodeIndex(data); ok {
		return idx, err
	}
	idx := &index.Index{}
	if err := index.NewDecoder(bytes.NewReader(data)).Decode(idx); err != nil {
		return nil, fmt.Errorf("read index: %w", err)
	}
	if idx.Version > index.EncodeVersionSupported {
		return nil, fmt.Errorf("read index: version %d", idx.Version)
	}
	return idx, nil
}

func (s *Store) writeIndex(idx *index.Index) error {
	if idx.Version == 0 {
		idx.Version = 2
	}
	idx.Cache, idx.ResolveUndo, idx.EndOfIndexEntry = nil, nil, nil
	return fsutil.WriteAtomic(filepath.Join(s.gitDir, "index"), encodeIndex(idx), 0o600, fsutil.NoSync)
}

// setMarker records commit h as checked out. The marker is rewritten in
// place rather than replaced, which would cost a new file per commit: a
// marker read half written, or left so by a crash, names no commit, and
// then the next writer takes the lock and repairs, which is always safe.
func (s *Store) setMarker(h plumbing.Hash) error {
	path := filepath.Join(s.gitDir, markerFile)
	line := []byte(h.String() + "\n")
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	_, err = f.WriteAt(line, 0)
	if err == nil {
		err = f.Truncate(int64(len(line)))
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// repairIfNeeded runs [Store.repair] under the write lock when the
// working files lag HEAD; the check costs two small reads.
func (s *Store) repairIfNeeded() error {
	head, err := s.head()
	if err != nil || head.IsZero() {
		return err
	}
	marker, _ := readSmall(filepath.Join(s.gitDir, markerFile))
	if strings.TrimSpace(string(marker)) == head.String() {
		return nil
	}
	return lock.With(s.lockPath(), s.opts.lockWait(), s.repair)
}

// repair brings the working files back to HEAD when a writer was killed
// after moving the branch (the marker then names an older commit), and
// removes the temporary file of a ref update that was killed.
func (s *Store) repair() error {
	sweepTemps(filepath.Join(s.gitDir, "refs", "heads"), false)
	head, err := s.head()
	if err != nil || head.IsZero() {
		return err
	}
	marker, _ := readSmall(filepath.Join(s.gitDir, markerFile))
	if strings.TrimSpace(string(marker)) == head.String() {
		return nil
	}
	return s.rebuild(context.Background(), head, nil)
}

// progressEvery is how many files a rebuild writes between reports.
const progressEvery = 250

// rebuild makes the working files and the index match commit: changed
// files are rewritten, files the previous index tracked but the commit
// does not hold are removed. ctx ending stops it between two files,
// leaving the marker on the commit before, for the next writer to repair.
func (s *Store) rebuild(ctx context.Context, commit plumbing.Hash, progress func(done int)) error {
	tree, err := s.commitTree(commit)
	if err != nil {
		return err
	}
	idx := &index.Index{Version: 2}
	kept := newEntrySet(idx)
	err = s.walkFiles(tree, "", func(p string, h plumbing.Hash) error {
		if n := len(idx.Entries); n%progressEvery == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("write the files of %s: stopped after %d: %w", s.dir, n, err)
			}
			if progress != nil {
				progress(n)
			}
		}
		return s.restore(kept, p, h)
	})
	if err != nil {
		return err
	}
	kept.done()
	if old, err := s.readIndex(); err == nil {
		for _, e := range old.Entries {
			if _, ok := kept.at[e.Name]; !ok && CleanPath(e.Name) == nil {
				_ = s.writeWorking(e.Name, nil)
			}
		}
	}
	if err := s.writeIndex(idx); err != nil {
		return err
	}
	sweepTemps(s.dir, true)
	sweepTemps(s.gitDir, false)
	return s.setMarker(commit)
}

// sweepTemps removes the temporary files that atomic writes killed
// midway left in dir (and its subdirectories but .git, when deep). The
// caller holds the write lock, so no write is in progress.
func sweepTemps(dir string, deep bool) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		switch {
		case e.IsDir() && deep && name != ".git":
			sweepTemps(filepath.Join(dir, name), true)
		case !e.IsDir() && strings.HasPrefix(name, ".") && strings.Contains(name, ".tmp"):
			_ = os.Remove(filepath.Join(dir, name))
		}
	}
}

// restore writes the committed file p, blob h, unless the working copy
// already matches, and adds its index entry.
func (s *Store) restore(idx *entrySet, p string, h plumbing.Hash) error {
	if CleanPath(p) != nil {
		return fmt.Errorf("restore: %w %q in the commit", ErrBadPath, p)
	}
	data, err := s.readObject(plumbing.BlobObject, h)
	if err != nil {
		return fmt.Errorf("read %s: %w", p, err)
	}
	if cur, err := fsutil.ReadCapped(s.abs(p), MaxFile); err != nil || !bytes.Equal(cur, data) {
		if err := s.putWorking(p, data, fsutil.WriteAtomicMany); err != nil {
			return err
		}
	}
	e, err := s.workingEntry(p, h)
	if err != nil {
		return err
	}
	idx.set(p, e)
	return nil
}
