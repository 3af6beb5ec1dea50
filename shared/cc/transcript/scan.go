package transcript

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// ErrNotFile is returned for a transcript path that is not a regular file.
var ErrNotFile = errors.New("not a regular file")

// Budget bounds the bytes one Scan reads, so that a redraw or a hook on a
// huge transcript stays fast; the next call goes on from there.
const Budget = 256 << 20

// tailWindow is how much of the file's end is read for the context size
// while the incremental scan has not caught up yet.
const tailWindow = 1 << 20

// testOnlyBudget replaces Budget in tests of the catch-up logic.
var testOnlyBudget int64 = Budget

// Scan reads the transcript at path incrementally, at most Budget bytes
// per call. cacheDir holds the private caches; with an empty cacheDir the
// whole file is read from the start each time. Only complete lines are
// consumed, so a transcript that is still being written, or that ends
// mid-line, is read up to its last newline. While the scan is behind the
// end of the file, the context size comes from the file's tail.
func Scan(path, cacheDir string) (*Stats, error) {
	f, fi, err := fsutil.OpenRegular(path)
	if errors.Is(err, fsutil.ErrNotRegular) {
		return nil, fmt.Errorf("transcript %s: %w", path, ErrNotFile)
	}
	if err != nil {
		return nil, fmt.Errorf("open transcript: %w", err)
	}
	defer f.Close()
	dev, ino := statIDs(f, fi)
	id := identity{Path: path, Dev: dev, Ino: ino}
	acc, upToDate := resume(f, fi.Size(), id, cacheDir)
	if upToDate {
		return acc.Stats, nil // nothing new: the stats file alone suffices
	}
	if _, err := f.Seek(acc.Stats.Offset, io.SeekStart); err != nil {
		return nil, fmt.Errorf("seek transcript: %w", err)
	}
	if err := acc.Feed(io.LimitReader(f, testOnlyBudget), acc.Stats.Offset); err != nil {
		return nil, fmt.Errorf("read transcript: %w", err)
	}
	acc.Stats.Behind = acc.Stats.Offset < fi.Size()
	if acc.Stats.Behind {
		acc.Stats.Tail = tailLatest(f, fi.Size())
	}
	if cacheDir != "" {
		id.Tail = tailSum(f, acc.Stats.Offset)
		_ = saveCache(cacheDir, path, id, acc)
	}
	return acc.Stats, nil
}

// resume returns the accumulator to continue from: the cached one when
// the cache still describes this file, else a fresh one (no cache,
// another file, a truncated or rewritten file, a mismatched resume file).
// upToDate is true when the cache already covers the whole file; then
// only the small stats file was read.
func resume(f *os.File, size int64, id identity, cacheDir string) (acc *Accumulator, upToDate bool) {
	if cacheDir == "" {
		return NewAccumulator(), false
	}
	statsPath, resumePath := cachePaths(cacheDir, id.Path)
	c, gen, err := loadStats(statsPath)
	if err != nil || c.ID.Path != id.Path || c.ID.Dev != id.Dev || c.ID.Ino != id.Ino {
		return NewAccumulator(), false
	}
	if c.Stats.Offset > size || tailSum(f, c.Stats.Offset) != c.ID.Tail {
		return NewAccumulator(), false
	}
	if c.Stats.Offset == size {
		return &Accumulator{Stats: c.Stats}, true
	}
	acc, err = loadResume(resumePath, gen, c.Stats)
	if err != nil {
		return NewAccumulator(), false
	}
	return acc, false
}

// Feed reads complete lines from r, whose first byte is at offset base,
// and advances Stats.Offset past the last newline. A line that does not
// decode is counted in Stats.BadLines and passed over with the rest, so
// no later call reads it again.
func (a *Accumulator) Feed(r io.Reader, base int64) error {
	n, skipping, err := eachLine(r, base, a.Stats.SkipLine, func(line []byte, off int64) {
		if a.Stats.First.IsZero() {
			a.Stats.First = lineTime(line)
		}
		if !candidate(line) {
			return
		}
		switch rec, v := decode(line); v {
		case useful:
			a.add(rec, off)
		case broken:
			a.Stats.BadLines++
			a.Stats.LastBad = off
		}
	})
	a.Stats.Offset = base + n
	a.Stats.SkipLine = skipping
	return err
}

// tailSum fingerprints the bytes just before offset.
func tailSum(f *os.File, offset int64) string {
	start := max(0, offset-tailLen)
	buf := make([]byte, offset-start)
	if _, err := f.ReadAt(buf, start); err != nil && len(buf) > 0 {
		return ""
	}
	sum := sha256.Sum256(buf)
	return hex.EncodeToString(sum[:8])
}

var markTimestamp = []byte(`"timestamp":"`)

// lineTime finds a record's timestamp without decoding the line.
func lineTime(line []byte) time.Time {
	i := bytes.Index(line, markTimestamp)
	if i < 0 {
		return time.Time{}
	}
	rest := line[i+len(markTimestamp):]
	end := bytes.IndexByte(rest, '"')
	if end < 0 || end > 40 {
		return time.Time{}
	}
	return parseTime(string(rest[:end]))
}

// tailLatest finds the latest main-conversation usage, or a compaction
// after it, in the last tailWindow bytes of the file.
func tailLatest(f *os.File, size int64) *Turn {
	start := max(0, size-tailWindow)
	tail := NewAccumulator()
	if _, err := f.Seek(start, io.SeekStart); err != nil {
		return nil
	}
	_ = tail.Feed(io.LimitReader(f, size-start), start)
	tok, ok := tail.Stats.ContextTokens()
	if !ok {
		return nil
	}
	return &Turn{Usage: pricing.Usage{Input: tok}}
}
