package gitstore

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
// objects are bytes. Huffman coding alone keeps no match table and still
// shrinks text by a third; the objects are the same, only their
// compressed bytes differ, and git gc recompresses them into packs.

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
// zlib-compressed. The compressor is kept for the next object.
func (s *Store) deflate(typ plumbing.ObjectType, data []byte) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(data)/2 + 64)
	if s.zlib == nil {
		z, err := zlib.NewWriterLevel(&buf, zlib.HuffmanOnly)
		if err != nil {
			return nil, err
		}
		s.zlib = z
	} else {
		s.zlib.Reset(&buf)
	}
	head := append(typ.Bytes(), ' ')
	head = strconv.AppendInt(head, int64(len(data)), 10)
	head = append(head, 0)
	if _, err := s.zlib.Write(head); err != nil {
		return nil, err
	}
	if _, err := s.zlib.Write(data); err != nil {
		return nil, err
	}
	if err := s.zlib.Close(); err != nil {
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
