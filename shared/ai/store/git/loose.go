package git

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/go-git/go-git/v5/plumbing"
)

// Objects are written here rather than through go-git's storage, whose
// writer takes a zlib writer at the default level from a pool and resets
// it for every object, clearing 640 KB each time: in a fresh process
// every page touched costs, and that is more pages than a commit's
// objects are bytes. Small objects (a note, a tree, a commit) are
// Huffman-coded alone, which keeps no match table and still shrinks text
// by a third; larger ones, where repeats pay (a memory segment), get
// level 1, git's own default for loose objects. Only the compressed bytes
// differ from what go-git wrote, never the objects, and git gc
// recompresses them into packs anyway.

// smallObject is the size below which an object is Huffman-coded alone:
// smaller than one block of the file system, it takes a block either way.
const smallObject = 4096

// writeObject stores data as a loose object of type typ and returns its
// hash. An object already stored loose is left as it is; a new one is
// written to a temporary file beside it (git's own tmp_obj_ prefix, which
// git fsck and gc know) and renamed into place.
func (s *Store) writeObject(typ plumbing.ObjectType, data []byte) (plumbing.Hash, error) {
	h := plumbing.ComputeHash(typ, data)
	hex := h.String()
	dir := filepath.Join(s.gitDir, "objects", hex[:2])
	path := filepath.Join(dir, hex[2:])
	if _, err := os.Lstat(path); err == nil {
		return h, nil
	}
	packed, err := s.deflate(typ, data)
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("write object %s: %w", hex, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return plumbing.ZeroHash, fmt.Errorf("write object %s: %w", hex, err)
	}
	if err := writeReadOnly(dir, path, packed); err != nil {
		return plumbing.ZeroHash, fmt.Errorf("write object %s: %w", hex, err)
	}
	return h, nil
}

// deflate is a loose object's file content: "TYPE SIZE\0" and data,
// zlib-compressed. The compressors are kept for the next object.
func (s *Store) deflate(typ plumbing.ObjectType, data []byte) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(data)/2 + 64)
	which, level := 0, zlib.HuffmanOnly
	if len(data) >= smallObject {
		which, level = 1, zlib.BestSpeed
	}
	z := s.zlib[which]
	if z == nil {
		var err error
		if z, err = zlib.NewWriterLevel(&buf, level); err != nil {
			return nil, err
		}
		s.zlib[which] = z
	} else {
		z.Reset(&buf)
	}
	head := append(typ.Bytes(), ' ')
	head = strconv.AppendInt(head, int64(len(data)), 10)
	head = append(head, 0)
	if _, err := z.Write(head); err != nil {
		return nil, err
	}
	if _, err := z.Write(data); err != nil {
		return nil, err
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeReadOnly writes data to a temporary file in dir, makes it read
// only as git does its objects, and renames it to path.
func writeReadOnly(dir, path string, data []byte) (err error) {
	tmp, err := os.CreateTemp(dir, "tmp_obj_")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(0o444); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
