package git

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// The few objects a commit reads and writes (a commit, the trees on the
// paths it changes) are parsed and encoded here: go-git's object package
// brings OpenPGP and diff machinery whose start-up alone costs `ai` more
// than a commit does. Objects are read from their loose files, which is
// where this package writes them; an object only in a pack (after git gc,
// or fetched by a sync) is read through go-git's storage.

// treeEntry is one entry of a tree object.
type treeEntry struct {
	name string
	mode filemode.FileMode
	hash plumbing.Hash
}

// sortKey orders entries as git does: a directory as if its name ended
// in "/".
func (e treeEntry) sortKey() string {
	if e.mode == filemode.Dir {
		return e.name + "/"
	}
	return e.name
}

// readObject returns the content of object h, which must be of type typ.
func (s *Store) readObject(typ plumbing.ObjectType, h plumbing.Hash) ([]byte, error) {
	hex := h.String()
	f, err := os.Open(filepath.Join(s.gitDir, "objects", hex[:2], hex[2:]))
	if errors.Is(err, os.ErrNotExist) {
		return s.readPacked(typ, h)
	}
	if err != nil {
		return nil, fmt.Errorf("read object %s: %w", hex, err)
	}
	defer f.Close()
	data, err := s.inflate(f, typ)
	if err != nil {
		return nil, fmt.Errorf("read object %s: %w", hex, err)
	}
	return data, nil
}

// inflate reads a loose object's file: zlib, "TYPE SIZE\0", content.
func (s *Store) inflate(r io.Reader, typ plumbing.ObjectType) ([]byte, error) {
	if s.unzlib == nil {
		z, err := zlib.NewReader(r)
		if err != nil {
			return nil, err
		}
		s.unzlib = z
	} else if err := s.unzlib.(zlib.Resetter).Reset(r, nil); err != nil {
		return nil, err
	}
	var head [32]byte
	n, err := io.ReadAtLeast(s.unzlib, head[:], len(head))
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, err
	}
	kind, rest, ok := bytes.Cut(head[:n], []byte{' '})
	num, rest, ok2 := bytes.Cut(rest, []byte{0})
	size, err := strconv.ParseInt(string(num), 10, 64)
	switch {
	case !ok || !ok2 || err != nil || size < 0:
		return nil, errors.New("bad header")
	case string(kind) != typ.String():
		return nil, fmt.Errorf("a %s, not a %s", kind, typ)
	case size > MaxFile:
		return nil, fmt.Errorf("over %d bytes", MaxFile)
	case int64(len(rest)) > size:
		return nil, errors.New("longer than its header says")
	}
	data := make([]byte, size)
	copy(data, rest)
	if _, err := io.ReadFull(s.unzlib, data[len(rest):]); err != nil {
		return nil, fmt.Errorf("shorter than its header says: %w", err)
	}
	return data, nil
}

// readPacked reads object h through go-git's storage.
func (s *Store) readPacked(typ plumbing.ObjectType, h plumbing.Hash) ([]byte, error) {
	obj, err := s.git().EncodedObject(typ, h)
	if err != nil {
		return nil, fmt.Errorf("read object %s: %w", h, err)
	}
	if obj.Size() > MaxFile {
		return nil, fmt.Errorf("read object %s: over %d bytes", h, MaxFile)
	}
	r, err := obj.Reader()
	if err != nil {
		return nil, fmt.Errorf("read object %s: %w", h, err)
	}
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, MaxFile+1))
	if err != nil {
		return nil, fmt.Errorf("read object %s: %w", h, err)
	}
	return data, nil
}

// commitTree returns the tree of commit h.
func (s *Store) commitTree(h plumbing.Hash) (plumbing.Hash, error) {
	data, err := s.readObject(plumbing.CommitObject, h)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	line, _, _ := bytes.Cut(data, []byte{'\n'})
	hex, ok := bytes.CutPrefix(line, []byte("tree "))
	if !ok || len(hex) != 40 || !plumbing.IsHash(string(hex)) {
		return plumbing.ZeroHash, fmt.Errorf("read commit %s: no tree", h)
	}
	return plumbing.NewHash(string(hex)), nil
}

// readTree returns the entries of tree h, in the tree's order.
func (s *Store) readTree(h plumbing.Hash) ([]treeEntry, error) {
	data, err := s.readObject(plumbing.TreeObject, h)
	if err != nil {
		return nil, err
	}
	var out []treeEntry
	for len(data) > 0 {
		mode, rest, ok := bytes.Cut(data, []byte{' '})
		name, rest, ok2 := bytes.Cut(rest, []byte{0})
		m, err := strconv.ParseUint(string(mode), 8, 32)
		if !ok || !ok2 || err != nil || len(rest) < 20 || len(name) == 0 {
			return nil, fmt.Errorf("read tree %s: bad entry", h)
		}
		e := treeEntry{name: string(name), mode: filemode.FileMode(m)}
		copy(e.hash[:], rest[:20])
		out = append(out, e)
		data = rest[20:]
	}
	return out, nil
}

// encodeTree is the content of a tree of entries, which it sorts.
func encodeTree(entries []treeEntry) ([]byte, error) {
	slices.SortFunc(entries, func(a, b treeEntry) int { return strings.Compare(a.sortKey(), b.sortKey()) })
	size := 0
	for _, e := range entries {
		size += len(e.name) + 28
	}
	out := make([]byte, 0, size)
	for _, e := range entries {
		if strings.IndexByte(e.name, 0) >= 0 || e.name == "" {
			return nil, fmt.Errorf("encode tree: bad name %q", e.name)
		}
		out = strconv.AppendUint(out, uint64(e.mode), 8)
		out = append(out, ' ')
		out = append(out, e.name...)
		out = append(out, 0)
		out = append(out, e.hash[:]...)
	}
	return out, nil
}

// walkFiles calls fn with the path and hash of every file below tree h
// (prefix: the tree's own path), subtrees first when they sort first.
// Submodules are skipped.
func (s *Store) walkFiles(h plumbing.Hash, prefix string, fn func(path string, h plumbing.Hash) error) error {
	entries, err := s.readTree(h)
	if err != nil {
		return err
	}
	for _, e := range entries {
		p := e.name
		if prefix != "" {
			p = prefix + "/" + e.name
		}
		switch e.mode {
		case filemode.Dir:
			err = s.walkFiles(e.hash, p, fn)
		case filemode.Submodule:
		default:
			err = fn(p, e.hash)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
