package git

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
)

func crc32cTable() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) }

func crc32c(b []byte) uint32 { return crc32.Checksum(b, crcTable) }

// searchAfter records commit hash (on parent) in the search index: it
// appends the indexed files among changes to the log, starting the log
// when the pack is at parent, and folds a long log into a new pack. The
// caller holds the write lock. Failures are not errors: the index is
// then stale, and the next search rebuilds it.
func (s *Store) searchAfter(parent, hash plumbing.Hash, changes map[string][]byte) {
	if s.opts.Search == nil || parent.IsZero() {
		return
	}
	logPath := filepath.Join(s.gitDir, searchLog)
	fi, err := os.Stat(logPath)
	switch {
	case errors.Is(err, os.ErrNotExist):
		commit, _, err := parseSearchHeader(s.packHead(), s.searchHeader("ai-search"))
		if err != nil || commit != parent {
			return // no pack for this chain: the next search builds one
		}
		start := []byte(s.searchHeader("ai-search-log") + parent.String() + "\n")
		if err := fsutil.WriteAtomic(logPath, start, 0o600, fsutil.NoSync); err != nil {
			return
		}
	case err != nil:
		return
	}
	picked := map[string][]byte{}
	for p, data := range changes {
		if s.isSearched(p) {
			picked[p] = data
		}
	}
	body := append(append(make([]byte, 0, 64), parent[:]...), hash[:]...)
	body = encodeChanges(body, picked)
	rec := binary.AppendUvarint(nil, uint64(len(body)))
	rec = binary.BigEndian.AppendUint32(append(rec, body...), crc32c(body))
	if err := appendFile(logPath, rec); err != nil {
		_ = os.Remove(logPath) // maybe torn: no log rather than a bad one
		return
	}
	if fi != nil && fi.Size()+int64(len(rec)) > searchCompact {
		if st, err := s.loadSearch(); err == nil && st.commit == hash {
			_ = s.saveSearch(st)
		}
	}
}

// packHead is the start of the pack, enough for its header.
func (s *Store) packHead() []byte {
	f, err := os.Open(filepath.Join(s.gitDir, searchPack))
	if err != nil {
		return nil
	}
	defer f.Close()
	buf := make([]byte, 128)
	n, _ := io.ReadFull(f, buf)
	return buf[:n]
}

// appendFile appends rec to the file at path in one write.
func appendFile(path string, rec []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	_, werr := f.Write(rec)
	if err := f.Close(); werr == nil {
		werr = err
	}
	return werr
}

// rebuildSearch builds the index of commit head from its tree: each
// indexed file from its working copy when that holds the committed
// content, else from its object. It saves the index when the write lock
// is free and HEAD is still head.
func (s *Store) rebuildSearch(head plumbing.Hash) (*searchState, error) {
	tree, err := s.commitTree(head)
	if err != nil {
		return nil, err
	}
	var pack []byte
	var buf []byte
	err = s.walkFiles(tree, "", func(p string, h plumbing.Hash) error {
		if !s.isSearched(p) || CleanPath(p) != nil {
			return nil
		}
		data, err := s.ReadInto(p, buf)
		if err != nil || plumbing.ComputeHash(plumbing.BlobObject, data) != h {
			if data, err = s.readObject(plumbing.BlobObject, h); err != nil {
				return fmt.Errorf("index %s: %w", p, err)
			}
		} else {
			buf = data
		}
		pack = appendField(appendField(pack, []byte(p)), data)
		return nil
	})
	if err != nil {
		return nil, err
	}
	st := &searchState{commit: head, pack: pack, over: map[string][]byte{}}
	if release, ok, err := lock.TryLock(s.lockPath()); err == nil && ok {
		if now, err := s.head(); err == nil && now == head {
			_ = s.saveSearch(st)
		}
		_ = release()
	}
	return st, nil
}

// saveSearch writes st as the pack, sorted by path, and starts an
// empty log on it. The caller holds the write lock.
func (s *Store) saveSearch(st *searchState) error {
	type rec struct {
		path string
		data []byte
	}
	var recs []rec
	if err := st.each(func(p string, data []byte) error {
		recs = append(recs, rec{p, data})
		return nil
	}); err != nil {
		return err
	}
	slices.SortFunc(recs, func(a, b rec) int { return bytes.Compare([]byte(a.path), []byte(b.path)) })
	size := 0
	for _, r := range recs {
		size += len(r.path) + len(r.data) + 8
	}
	out := make([]byte, 0, size+128)
	out = append(out, s.searchHeader("ai-search")+st.commit.String()+"\n"...)
	for _, r := range recs {
		out = appendField(appendField(out, []byte(r.path)), r.data)
	}
	if err := fsutil.WriteAtomic(filepath.Join(s.gitDir, searchPack), out, 0o600, fsutil.NoSync); err != nil {
		return err
	}
	start := []byte(s.searchHeader("ai-search-log") + st.commit.String() + "\n")
	return fsutil.WriteAtomic(filepath.Join(s.gitDir, searchLog), start, 0o600, fsutil.NoSync)
}
