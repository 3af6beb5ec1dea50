package transcript

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash/crc32"
	"path/filepath"

	"github.com/session-intelligence/session-intelligence/shared/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/jsonx"
)

// cacheVersion changes whenever the cached meaning of Stats changes, so
// that old caches are rebuilt rather than misread.
const cacheVersion = 5

var cacheMagic = []byte("SITC")

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

// cached is the JSON part of a cache file.
type cached struct {
	ID     identity `json:"id"`
	Stats  *Stats   `json:"stats"`
	Recent []recent `json:"recent"`
}

// cachePath names the cache file of a transcript.
func cachePath(dir, transcript string) string {
	sum := sha256.Sum256([]byte(transcript))
	return filepath.Join(dir, "transcripts", hex.EncodeToString(sum[:12])+".bin")
}

var errBadCache = errors.New("bad transcript cache")

// loadCache reads a cache file; any defect yields errBadCache.
func loadCache(path string) (cached, []uint64, error) {
	data, err := fsutil.ReadCapped(path, maxCache)
	if err != nil {
		return cached{}, nil, err
	}
	if len(data) < 16 || !bytes.Equal(data[:4], cacheMagic) {
		return cached{}, nil, errBadCache
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum || binary.LittleEndian.Uint32(body[4:8]) != cacheVersion {
		return cached{}, nil, errBadCache
	}
	jlen := int(binary.LittleEndian.Uint32(body[8:12]))
	if 12+jlen+4 > len(body) {
		return cached{}, nil, errBadCache
	}
	var c cached
	if err := jsonx.Unmarshal(body[12:12+jlen], &c); err != nil || c.Stats == nil {
		return cached{}, nil, errBadCache
	}
	rest := body[12+jlen:]
	n := int(binary.LittleEndian.Uint32(rest[:4]))
	if len(rest) != 4+8*n {
		return cached{}, nil, errBadCache
	}
	keys := make([]uint64, n)
	for i := range keys {
		keys[i] = binary.LittleEndian.Uint64(rest[4+8*i:])
	}
	return c, keys, nil
}

// saveCache writes the cache atomically. It is derived data, so it is not
// fsynced: a cache lost in a crash is rebuilt from the transcript.
func saveCache(path string, c cached, keys []uint64) error {
	js, err := jsonx.Marshal(c)
	if err != nil {
		return err
	}
	buf := make([]byte, 0, 16+len(js)+8*len(keys))
	buf = append(buf, cacheMagic...)
	buf = binary.LittleEndian.AppendUint32(buf, cacheVersion)
	buf = binary.LittleEndian.AppendUint32(buf, uint32(len(js)))
	buf = append(buf, js...)
	buf = binary.LittleEndian.AppendUint32(buf, uint32(len(keys)))
	for _, k := range keys {
		buf = binary.LittleEndian.AppendUint64(buf, k)
	}
	buf = binary.LittleEndian.AppendUint32(buf, crc32.ChecksumIEEE(buf))
	if err := fsutil.PrivateDir(filepath.Dir(path)); err != nil {
		return err
	}
	return fsutil.WriteAtomic(path, buf, 0o600, fsutil.NoSync)
}
