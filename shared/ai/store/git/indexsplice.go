package git

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// A commit touches a few files, but the index lists every file of the
// store: decoding 10,000 entries and encoding them again cost a fresh
// process more than the rest of the commit, most of it in fresh memory.
// So the entries of the changed paths are spliced into the index file as
// it lies on disk and every other entry is copied byte for byte. An index
// this does not expect (another version, entry flags, entries out of
// order) goes through the full decode and encode instead, which write
// the same bytes for any index the splice takes.

// indexChange is one changed path and its new entry, encoded with its
// padding; a nil entry removes the path.
type indexChange struct {
	path  string
	entry []byte
}

// span is where a change goes in the old index: the old entry of its
// path is old[start:end], empty (start == end) when there is none.
type span struct{ start, end int }

// splicePlan says how to splice changes into an old index.
type splicePlan struct {
	spans []span // one per change
	end   int    // where the entries end and the extensions, dropped, start
	kept  int    // old entries no change replaces
}

// sortedChanges lists the paths of changes in index order.
func sortedChanges(changes map[string][]byte) []indexChange {
	out := make([]indexChange, 0, len(changes))
	for p := range changes {
		out = append(out, indexChange{path: p})
	}
	slices.SortFunc(out, func(a, b indexChange) int { return strings.Compare(a.path, b.path) })
	return out
}

// planSplice checks the structure of old, a whole index file, and finds
// where each of changes (sorted by path) goes. ok is false for an index
// the splice does not take; err reports one cut short. Like git, which
// checks an index's checksum only in fsck, it does not hash the old
// index: every entry is still checked for its shape and its order, and
// hashing the old megabyte as well as the new one would add a twentieth
// to what `ai notes add` costs.
func planSplice(old []byte, changes []indexChange) (plan splicePlan, ok bool, err error) {
	if len(old) < indexHeaderLen+sha1.Size || string(old[:4]) != "DIRC" || binary.BigEndian.Uint32(old[4:8]) != 2 {
		return plan, false, nil
	}
	body := old[:len(old)-sha1.Size]
	count := int(binary.BigEndian.Uint32(old[8:12]))
	plan = splicePlan{spans: make([]span, len(changes)), kept: count}
	off, next := indexHeaderLen, 0
	var prev []byte
	for i := range count {
		name, n, simple := scanEntry(body[off:])
		if simple && n == 0 {
			return plan, true, fmt.Errorf("read index: entry %d: truncated", i)
		}
		if !simple || i > 0 && bytes.Compare(prev, name) >= 0 {
			return plan, false, nil
		}
		for next < len(changes) && changes[next].path < string(name) {
			plan.spans[next] = span{off, off}
			next++
		}
		if next < len(changes) && changes[next].path == string(name) {
			plan.spans[next] = span{off, off + n}
			plan.kept--
			next++
		}
		prev, off = name, off+n
	}
	for ; next < len(changes); next++ {
		plan.spans[next] = span{off, off}
	}
	plan.end = off
	return plan, true, nil
}

// scanEntry reads the name and length of the version 2 entry at the
// start of b. simple is false for an entry whose bytes a decode and
// encode would not give back as they are: flags (stage, assume-valid),
// a name of 4095 bytes or more, nanoseconds past a second, padding that
// is not zeros. n is 0 when b is cut short.
func scanEntry(b []byte) (name []byte, n int, simple bool) {
	if len(b) < entryFixedLen {
		return nil, 0, true
	}
	flags := binary.BigEndian.Uint16(b[60:62])
	if flags&^nameMask != 0 || flags == nameMask {
		return nil, 0, false
	}
	if binary.BigEndian.Uint32(b[4:]) >= 1e9 || binary.BigEndian.Uint32(b[12:]) >= 1e9 {
		return nil, 0, false
	}
	end := entryFixedLen + int(flags)
	n = (end + 8) &^ 7
	if n > len(b) {
		return nil, 0, true
	}
	for _, c := range b[end:n] {
		if c != 0 {
			return nil, 0, false
		}
	}
	return b[entryFixedLen:end], n, true
}

// writeSplice writes the index that plan makes of old and changes, whose
// entries are now set: the header with the new count, the old entries
// with the changed ones in their place, no extensions, the checksum.
func writeSplice(w io.Writer, old []byte, changes []indexChange, plan splicePlan) error {
	count := plan.kept
	for _, c := range changes {
		if c.entry != nil {
			count++
		}
	}
	sum := sha1.New()
	bw := bufio.NewWriterSize(io.MultiWriter(w, sum), 16<<10)
	var head [indexHeaderLen]byte
	copy(head[:], old[:8])
	binary.BigEndian.PutUint32(head[8:], uint32(count))
	_, _ = bw.Write(head[:])
	pos := indexHeaderLen
	for i, c := range changes {
		_, _ = bw.Write(old[pos:plan.spans[i].start])
		_, _ = bw.Write(c.entry)
		pos = plan.spans[i].end
	}
	_, _ = bw.Write(old[pos:plan.end])
	if err := bw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(sum.Sum(nil))
	return err
}

// writeIndexFile replaces the index with what write writes, atomically
// (a temporary file beside it, renamed; [sweepTemps] knows its name).
// The index is derived from the commit, so it is not fsynced.
func (s *Store) writeIndexFile(write func(io.Writer) error) error {
	return fsutil.WriteAtomicFunc(filepath.Join(s.gitDir, "index"), 0o600, fsutil.NoSync, write)
}
