package transcript

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash/crc32"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// cacheVersion changes whenever the cached meaning of Stats changes, so
// that old caches are rebuilt rather than misread.
const cacheVersion = 9

// The cache of one transcript is two files: a small stats file that every
// reader needs, and a resume file (recent responses and the keys of every
// response seen) that only a reader with new bytes to parse needs. Both
// carry the same generation number; a resume file of another generation
// is not used.
var (
	statsMagic  = []byte("SITS")
	resumeMagic = []byte("SITR")
)

// maxCache caps a cache file read; a cache this big is not ours.
const maxCache = 64 << 20

// tailLen is how many bytes before the offset are fingerprinted to notice
// a transcript rewritten in place.
const tailLen = 64

// identity pins the transcript a cache describes.
type identity struct {
	Path string `json:"path"`
	Dev  uint64 `json:"dev"`
	Ino  uint64 `json:"ino"`
	Tail string `json:"tail"` // hex sha256 of the bytes before Offset
}

// cached is the stats file's JSON.
type cached struct {
	ID    identity `json:"id"`
	Stats *Stats   `json:"stats"`
}

// resumeState lets a later scan continue de-duplicating.
type resumeState struct {
	Recent []recent `json:"recent"`
}

// cachePaths names the two cache files of a transcript.
func cachePaths(dir, transcript string) (stats, resume string) {
	sum := sha256.Sum256([]byte(transcript))
	base := filepath.Join(dir, "transcripts", hex.EncodeToString(sum[:12]))
	return base + ".stats", base + ".resume"
}

var errBadCache = errors.New("bad transcript cache")

// frame wraps sections in magic, version, generation, lengths and CRC.
func frame(magic []byte, gen uint64, sections ...[]byte) []byte {
	buf := append([]byte(nil), magic...)
	buf = binary.LittleEndian.AppendUint32(buf, cacheVersion)
	buf = binary.LittleEndian.AppendUint64(buf, gen)
	for _, s := range sections {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(len(s)))
		buf = append(buf, s...)
	}
	return binary.LittleEndian.AppendUint32(buf, crc32.ChecksumIEEE(buf))
}

// unframe checks a framed file and returns its generation and sections.
func unframe(data, magic []byte, n int) (uint64, [][]byte, error) {
	if len(data) < 20 || !bytes.Equal(data[:4], magic) {
		return 0, nil, errBadCache
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum || binary.LittleEndian.Uint32(body[4:8]) != cacheVersion {
		return 0, nil, errBadCache
	}
	gen, rest := binary.LittleEndian.Uint64(body[8:16]), body[16:]
	parts := make([][]byte, n)
	for i := range parts {
		if len(rest) < 4 || int(binary.LittleEndian.Uint32(rest)) > len(rest)-4 {
			return 0, nil, errBadCache
		}
		k := int(binary.LittleEndian.Uint32(rest))
		parts[i], rest = rest[4:4+k], rest[4+k:]
	}
	return gen, parts, nil
}

// loadStats reads the stats file.
func loadStats(path string) (cached, uint64, error) {
	data, err := fsutil.ReadOwn(path, maxCache)
	if err != nil {
		return cached{}, 0, err
	}
	gen, parts, err := unframe(data, statsMagic, 1)
	if err != nil {
		return cached{}, 0, err
	}
	var c cached
	if jsonx.Unmarshal(parts[0], &c) != nil || c.Stats == nil {
		return cached{}, 0, errBadCache
	}
	return c, gen, nil
}

// loadResume rebuilds the accumulator of a loaded stats file.
func loadResume(path string, gen uint64, stats *Stats) (*Accumulator, error) {
	data, err := fsutil.ReadOwn(path, maxCache)
	if err != nil {
		return nil, err
	}
	g, parts, err := unframe(data, resumeMagic, 2)
	if err != nil || g != gen || len(parts[1])%8 != 0 {
		return nil, errBadCache
	}
	var rs resumeState
	if jsonx.Unmarshal(parts[0], &rs) != nil {
		return nil, errBadCache
	}
	keys := make([]uint64, len(parts[1])/8)
	for i := range keys {
		keys[i] = binary.LittleEndian.Uint64(parts[1][8*i:])
	}
	return &Accumulator{Stats: stats, Recent: rs.Recent, old: keys}, nil
}

// saveCache writes both files atomically, the resume file first. It is
// derived data, so it is not fsynced: a cache lost in a crash is rebuilt.
func saveCache(dir, transcript string, id identity, a *Accumulator) error {
	stats, err := cached{ID: id, Stats: a.Stats}.MarshalJSON()
	if err != nil {
		return err
	}
	resume, err := resumeState{Recent: a.Recent}.MarshalJSON()
	if err != nil {
		return err
	}
	keys := a.keys()
	raw := make([]byte, 0, 8*len(keys))
	for _, k := range keys {
		raw = binary.LittleEndian.AppendUint64(raw, k)
	}
	statsPath, resumePath := cachePaths(dir, transcript)
	if err := fsutil.PrivateTree(dir, filepath.Dir(statsPath)); err != nil {
		return err
	}
	gen := uint64(time.Now().UnixNano())
	if err := fsutil.WriteOwn(resumePath, frame(resumeMagic, gen, resume, raw), fsutil.NoSync); err != nil {
		return err
	}
	return fsutil.WriteOwn(statsPath, frame(statsMagic, gen, stats), fsutil.NoSync)
}
