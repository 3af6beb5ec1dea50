package git

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// go-git's index codec reflects on every field of every entry, which
// costs about 30 ms per commit in a store of 10,000 files (ai notes).
// Versions 2 and 3, the ones this package writes and git writes by
// default, are read and written here directly; anything else (version 4)
// is left to go-git.

const (
	indexHeaderLen = 12
	entryFixedLen  = 62 // ten uint32 stat fields, the hash, the flags
	nameMask       = 0xfff
	flagExtended   = 0x4000
)

// decodeIndex reads a version 2 or 3 index; ok is false for any other
// version, which the caller decodes with go-git. Extensions are skipped:
// this package never writes them back.
func decodeIndex(data []byte) (idx *index.Index, ok bool, err error) {
	if len(data) < indexHeaderLen+sha1.Size || string(data[:4]) != "DIRC" {
		return nil, false, nil
	}
	version := binary.BigEndian.Uint32(data[4:8])
	if version != 2 && version != 3 {
		return nil, false, nil
	}
	body := data[:len(data)-sha1.Size]
	if sum := sha1.Sum(body); !bytes.Equal(sum[:], data[len(body):]) {
		return nil, true, errors.New("read index: bad checksum")
	}
	count := binary.BigEndian.Uint32(data[8:12])
	idx = &index.Index{Version: version, Entries: make([]*index.Entry, 0, count)}
	off := indexHeaderLen
	for i := uint32(0); i < count; i++ {
		e, n, err := decodeEntry(body[off:], version)
		if err != nil {
			return nil, true, fmt.Errorf("read index: entry %d: %w", i, err)
		}
		idx.Entries = append(idx.Entries, e)
		off += n
	}
	return idx, true, nil
}

// decodeEntry reads one entry from the start of b and returns its
// length, padding included.
func decodeEntry(b []byte, version uint32) (*index.Entry, int, error) {
	if len(b) < entryFixedLen {
		return nil, 0, errors.New("truncated")
	}
	u := func(i int) uint32 { return binary.BigEndian.Uint32(b[4*i:]) }
	e := &index.Entry{
		CreatedAt:  time.Unix(int64(u(0)), int64(u(1))),
		ModifiedAt: time.Unix(int64(u(2)), int64(u(3))),
		Dev:        u(4), Inode: u(5), Mode: filemode.FileMode(u(6)),
		UID: u(7), GID: u(8), Size: u(9),
	}
	copy(e.Hash[:], b[40:60])
	flags := binary.BigEndian.Uint16(b[60:62])
	e.Stage = index.Stage(flags>>12) & 0x3
	fixed := entryFixedLen
	if flags&flagExtended != 0 {
		if version < 3 || len(b) < fixed+2 {
			return nil, 0, errors.New("bad extended flags")
		}
		ext := binary.BigEndian.Uint16(b[62:64])
		e.IntentToAdd, e.SkipWorktree = ext&(1<<13) != 0, ext&(1<<14) != 0
		fixed += 2
	}
	nameLen := int(flags & nameMask)
	if nameLen == nameMask {
		nameLen = bytes.IndexByte(b[fixed:], 0)
	}
	if nameLen < 0 || fixed+nameLen >= len(b) {
		return nil, 0, errors.New("truncated name")
	}
	e.Name = string(b[fixed : fixed+nameLen])
	return e, (fixed + nameLen + 8) &^ 7, nil
}

// encodeIndex writes idx as a version 2 index with no extensions, its
// entries sorted by name. Entry flags that need version 3 are dropped.
func encodeIndex(idx *index.Index) []byte {
	entries := slices.Clone(idx.Entries)
	slices.SortFunc(entries, func(a, b *index.Entry) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return int(a.Stage) - int(b.Stage)
	})
	size := indexHeaderLen + sha1.Size
	for _, e := range entries {
		size += (entryFixedLen + len(e.Name) + 8) &^ 7
	}
	out := make([]byte, 0, size)
	out = append(out, "DIRC"...)
	out = binary.BigEndian.AppendUint32(out, 2)
	out = binary.BigEndian.AppendUint32(out, uint32(len(entries)))
	for _, e := range entries {
		out = appendEntry(out, e)
	}
	sum := sha1.Sum(out)
	return append(out, sum[:]...)
}

func appendEntry(out []byte, e *index.Entry) []byte {
	start := len(out)
	cs, cn := stamp(e.CreatedAt)
	ms, mn := stamp(e.ModifiedAt)
	for _, v := range []uint32{
		cs, cn, ms, mn, e.Dev, e.Inode, uint32(e.Mode), e.UID, e.GID, e.Size,
	} {
		out = binary.BigEndian.AppendUint32(out, v)
	}
	out = append(out, e.Hash[:]...)
	flags := uint16(e.Stage&0x3) << 12
	flags |= uint16(min(len(e.Name), nameMask))
	out = binary.BigEndian.AppendUint16(out, flags)
	out = append(out, e.Name...)
	n := len(out) - start
	return append(out, make([]byte, ((n+8)&^7)-n)...)
}

// stamp is t as the index stores it; zero (and anything before 1970)
// is stored as zero.
func stamp(t time.Time) (sec, nsec uint32) {
	if t.IsZero() || t.Unix() < 0 {
		return 0, 0
	}
	return uint32(t.Unix()), uint32(t.Nanosecond())
}
