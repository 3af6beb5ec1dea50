package gitstore

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/session-intelligence/session-intelligence/shared/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/lock"
)

// markerFile records the commit the working files reflect.
const markerFile = "ai-worktree"

// maxIndex caps the index file read.
const maxIndex = 16 << 20

// checkout writes the changed working files, updates their index entries
// and records commit as checked out.
func (s *Store) checkout(changes map[string][]byte, commit plumbing.Hash) error {
	idx, err := s.readIndex()
	if err != nil {
		return s.rebuild(commit) // no usable index: write everything from the commit
	}
	for p, data := range changes {
		if err := s.writeWorking(p, data); err != nil {
			return err
		}
		setEntry(idx, p, nil, plumbing.ZeroHash)
		if data != nil {
			fi, err := os.Stat(s.abs(p))
			if err != nil {
				return fmt.Errorf("stat %s: %w", p, err)
			}
			setEntry(idx, p, fi, plumbing.ComputeHash(plumbing.BlobObject, data))
		}
	}
	testOnlyCrash("worktree")
	if err := s.writeIndex(idx); err != nil {
		return err
	}
	return s.setMarker(commit)
}

// writeWorking replaces (data nil: removes) one working file atomically.
func (s *Store) writeWorking(p string, data []byte) error {
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
	return fsutil.WriteAtomic(abs, data, 0o600, fsutil.NoSync)
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

// setEntry replaces the index entry of p (fi nil: removes it).
func setEntry(idx *index.Index, p string, fi os.FileInfo, h plumbing.Hash) {
	for i, e := range idx.Entries {
		if e.Name == p {
			idx.Entries = append(idx.Entries[:i], idx.Entries[i+1:]...)
			break
		}
	}
	if fi == nil {
		return
	}
	e := idx.Add(p)
	e.Hash, e.Mode, e.Size = h, filemode.Regular, uint32(fi.Size())
	e.ModifiedAt = fi.ModTime()
	e.CreatedAt = fi.ModTime()
	fillStat(e, fi)
}

func (s *Store) readIndex() (*index.Index, error) {
	data, err := fsutil.ReadCapped(filepath.Join(s.gitDir, "index"), maxIndex)
	if err != nil {
		return nil, err
	}
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

func (s *Store) setMarker(h plumbing.Hash) error {
	return fsutil.WriteAtomic(filepath.Join(s.gitDir, markerFile), []byte(h.String()+"\n"), 0o600, fsutil.NoSync)
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
	return s.rebuild(head)
}

// rebuild makes the working files and the index match commit: changed
// files are rewritten, files the previous index tracked but the commit
// does not hold are removed.
func (s *Store) rebuild(commit plumbing.Hash) error {
	c, err := object.GetCommit(s.git(), commit)
	if err != nil {
		return fmt.Errorf("read commit %s: %w", commit, err)
	}
	tree, err := c.Tree()
	if err != nil {
		return fmt.Errorf("read tree of %s: %w", commit, err)
	}
	idx := &index.Index{Version: 2}
	kept := map[string]bool{}
	err = tree.Files().ForEach(func(f *object.File) error {
		kept[f.Name] = true
		return s.restore(idx, f)
	})
	if err != nil {
		return err
	}
	if old, err := s.readIndex(); err == nil {
		for _, e := range old.Entries {
			if !kept[e.Name] && CleanPath(e.Name) == nil {
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

// restore writes one committed file unless the working copy already
// matches, and adds its index entry.
func (s *Store) restore(idx *index.Index, f *object.File) error {
	if CleanPath(f.Name) != nil {
		return fmt.Errorf("restore: %w %q in the commit", ErrBadPath, f.Name)
	}
	r, err := f.Reader()
	if err != nil {
		return fmt.Errorf("read %s: %w", f.Name, err)
	}
	data, err := io.ReadAll(io.LimitReader(r, MaxFile+1))
	r.Close()
	if err != nil {
		return fmt.Errorf("read %s: %w", f.Name, err)
	}
	if cur, err := os.ReadFile(s.abs(f.Name)); err != nil || !bytes.Equal(cur, data) {
		if err := s.writeWorking(f.Name, data); err != nil {
			return err
		}
	}
	fi, err := os.Stat(s.abs(f.Name))
	if err != nil {
		return fmt.Errorf("stat %s: %w", f.Name, err)
	}
	setEntry(idx, f.Name, fi, f.Hash)
	return nil
}
