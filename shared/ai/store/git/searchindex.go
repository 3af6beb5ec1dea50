package git

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// The search index is a copy of the files [Options.Search] names, as
// the newest commit holds them, packed into one file so that a search
// reads one file instead of one per note. It lives in .git, is never
// committed, and is never trusted beyond the commit it names:
//
//	.git/ai-search.pack  "ai-search 1 KIND COMMIT\n", then every file
//	                     as uvarint(len path) path uvarint(len data) data,
//	                     sorted by path
//	.git/ai-search.log   "ai-search-log 1 KIND BASE\n", then one record per
//	                     commit since the pack's BASE: uvarint(len body)
//	                     body crc32c(body), body = parent, commit (20
//	                     bytes each) and the files it changed
//
// Each commit appends its record under the write lock (one write, no
// rewrite of the pack); a reader replays the log onto the pack and uses
// the result only when the chain of records runs from the pack's
// commit to HEAD exactly. Anything else (a commit that did not record
// itself, as a sync's reset, a torn record, a missing file) makes the
// reader rebuild the index from HEAD's tree and save it when it can take
// the lock without waiting. A log past [searchCompact] is folded into a
// new pack by the commit that crosses it.
const (
	searchPack    = "ai-search.pack"
	searchLog     = "ai-search.log"
	searchFormat  = 1
	searchCompact = 1 << 20
	// maxSearch caps the index files read.
	maxSearch = 1 << 30
)

var crcTable = crc32cTable()

// errStale: the index does not reflect HEAD.
var errStale = errors.New("stale search index")

// searchState is the indexed files at one commit: the pack's records
// and the log's changes on top of them (nil: removed).
type searchState struct {
	commit plumbing.Hash
	pack   []byte // records only
	over   map[string][]byte
}

// EachSearched calls fn with every file [Options.Search] names, as the
// newest commit holds it, in path order; data is the index's copy,
// which fn may keep but must not change. It reads the search index,
// rebuilding it when it is stale. An error from fn stops the walk and is
// returned.
func (s *Store) EachSearched(fn func(path string, data []byte) error) error {
	if s.opts.Search == nil {
		return errors.New("this store keeps no search index")
	}
	head, err := s.head()
	if err != nil || head.IsZero() {
		return err
	}
	st, err := s.loadSearch()
	if err == nil && st.commit != head {
		// A commit may have landed between the two reads.
		if now, herr := s.head(); herr == nil && now == st.commit {
			head = now
		}
	}
	if err != nil || st.commit != head {
		if st, err = s.rebuildSearch(head); err != nil {
			return err
		}
	}
	return st.each(fn)
}

func (s *Store) searchHeader(name string) string {
	return fmt.Sprintf("%s %d %s ", name, searchFormat, s.opts.Kind)
}

// loadSearch reads the pack and replays the log onto it.
func (s *Store) loadSearch() (*searchState, error) {
	pack, err := fsutil.ReadCapped(filepath.Join(s.gitDir, searchPack), maxSearch)
	if err != nil {
		return nil, err
	}
	commit, records, err := parseSearchHeader(pack, s.searchHeader("ai-search"))
	if err == nil {
		err = checkRecords(records)
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", searchPack, err)
	}
	st := &searchState{commit: commit, pack: records, over: map[string][]byte{}}
	log, err := fsutil.ReadCapped(filepath.Join(s.gitDir, searchLog), maxSearch)
	if errors.Is(err, os.ErrNotExist) {
		return st, nil
	}
	if err != nil {
		return nil, err
	}
	base, body, err := parseSearchHeader(log, s.searchHeader("ai-search-log"))
	if err != nil || base != commit {
		return st, nil // a log for another pack: the pack alone is what holds
	}
	st.replay(body)
	return st, nil
}

// parseSearchHeader reads "PREFIX COMMIT\n" and returns the commit and
// what follows.
func parseSearchHeader(data []byte, prefix string) (plumbing.Hash, []byte, error) {
	rest, ok := bytes.CutPrefix(data, []byte(prefix))
	if !ok || len(rest) < 41 || rest[40] != '\n' || !plumbing.IsHash(string(rest[:40])) {
		return plumbing.ZeroHash, nil, errStale
	}
	return plumbing.NewHash(string(rest[:40])), rest[41:], nil
}

// replay applies the log's records whose parent is the state's commit,
// in turn, and stops at the first that is torn or out of the chain.
func (st *searchState) replay(log []byte) {
	for len(log) > 0 {
		n, k := binary.Uvarint(log)
		if k <= 0 || n > uint64(len(log)-k) || uint64(len(log)-k)-n < 4 {
			return
		}
		body := log[k : k+int(n)]
		sum := binary.BigEndian.Uint32(log[k+int(n):])
		log = log[k+int(n)+4:]
		if crc32c(body) != sum || len(body) < 40 || !bytes.Equal(body[:20], st.commit[:]) {
			return
		}
		changes, ok := decodeChanges(body[40:])
		if !ok {
			return
		}
		for p, data := range changes {
			st.over[p] = data
		}
		copy(st.commit[:], body[20:40])
	}
}

// each walks the pack's records and the log's changes, merged by path.
func (st *searchState) each(fn func(path string, data []byte) error) error {
	extra := make([]string, 0, len(st.over))
	for p := range st.over {
		extra = append(extra, p)
	}
	slices.Sort(extra)
	rec := st.pack
	for {
		var p string
		var data []byte
		ok := len(rec) > 0
		if ok {
			var err error
			if p, data, rec, err = nextRecord(rec); err != nil {
				return err
			}
		}
		for len(extra) > 0 && (!ok || extra[0] <= p) {
			if d := st.over[extra[0]]; d != nil {
				if err := fn(extra[0], d); err != nil {
					return err
				}
			}
			extra = extra[1:]
		}
		if !ok {
			return nil
		}
		if _, changed := st.over[p]; changed {
			continue
		}
		if err := fn(p, data); err != nil {
			return err
		}
	}
}

// checkRecords reads every record of a pack once, so that a pack cut
// short is stale, not an error in the middle of a search.
func checkRecords(rec []byte) error {
	for len(rec) > 0 {
		var err error
		if _, _, rec, err = nextRecord(rec); err != nil {
			return err
		}
	}
	return nil
}

// nextRecord reads one "path, data" record of a pack.
func nextRecord(rec []byte) (path string, data, rest []byte, err error) {
	p, rest, ok := nextField(rec)
	d, rest, ok2 := nextField(rest)
	if !ok || !ok2 {
		return "", nil, nil, fmt.Errorf("read %s: %w (a record is cut short)", searchPack, errStale)
	}
	return string(p), d, rest, nil
}

// nextField reads uvarint(len) and that many bytes.
func nextField(b []byte) (field, rest []byte, ok bool) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return nil, nil, false
	}
	return b[k : k+int(n)], b[k+int(n):], true
}

func appendField(b, field []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(field)))
	return append(b, field...)
}

// encodeChanges is a log record's list of changed files: their count,
// then each path, a 0 (removed) or 1 and the new content.
func encodeChanges(b []byte, changes map[string][]byte) []byte {
	paths := make([]string, 0, len(changes))
	for p := range changes {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	b = binary.AppendUvarint(b, uint64(len(paths)))
	for _, p := range paths {
		b = appendField(b, []byte(p))
		if data := changes[p]; data == nil {
			b = append(b, 0)
		} else {
			b = appendField(append(b, 1), data)
		}
	}
	return b
}

func decodeChanges(b []byte) (map[string][]byte, bool) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)) {
		return nil, false
	}
	b = b[k:]
	out := make(map[string][]byte, n)
	for range n {
		p, rest, ok := nextField(b)
		if !ok || len(rest) == 0 || CleanPath(string(p)) != nil {
			return nil, false
		}
		kind, rest := rest[0], rest[1:]
		switch kind {
		case 0:
			out[string(p)], b = nil, rest
		case 1:
			data, after, ok := nextField(rest)
			if !ok {
				return nil, false
			}
			// Never nil: nil is a removal.
			out[string(p)], b = append([]byte{}, data...), after
		default:
			return nil, false
		}
	}
	return out, len(b) == 0
}

// isSearched reports whether the index holds path.
func (s *Store) isSearched(p string) bool {
	return s.opts.Search != nil && s.opts.Search(p) && !strings.HasPrefix(p, ".git/")
}
