package onpath

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"iter"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// maxBinary caps a stable copy read for a copy.
const maxBinary = fsutil.MaxBinary

// Remove deletes the commands [Install] put on PATH that are still ours,
// and the directory when Install created it and it is empty now; a
// command that is not ours any more is left alone and reported. Without
// a record it still removes links in ~/.local/bin to the stable copies
// in stable (a record lost). Running it again changes nothing.
func Remove(d paths.Dirs, stable string) (Report, error) {
	rec, ok := load(d)
	if !ok {
		rec = record{Dir: DefaultDir(d.Home), Entries: map[string]entry{}}
		for _, name := range Names {
			path, target := filepath.Join(rec.Dir, proc.Exe(name)), filepath.Join(stable, proc.Exe(name))
			if linksTo(path, target) {
				rec.Entries[name] = entry{Path: path, Target: target, Kind: Link}
			}
		}
	}
	rep, err := removeEntries(d, rec)
	if err != nil {
		return rep, err
	}
	return rep, forget(d)
}

// removeEntries is [Remove] for the entries of rec.
func removeEntries(d paths.Dirs, rec record) (Report, error) {
	rep := Report{Dir: rec.Dir}
	for _, name := range slices.Sorted(keys(rec.Entries)) {
		e := rec.Entries[name]
		c := Change{Name: name, Path: e.Path, Kind: e.Kind}
		_, err := os.Lstat(e.Path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			c.Action = Gone
		case ours(e):
			if err := os.Remove(e.Path); err != nil {
				return rep, err
			}
			c.Action = Removed
		default:
			c.Action, c.Detail = Foreign, describe(e.Path)
		}
		rep.Changes = append(rep.Changes, c)
	}
	for _, name := range Names { // said, so that a command still on PATH is not taken for ours
		path := filepath.Join(rec.Dir, proc.Exe(name))
		if _, recorded := rec.Entries[name]; !recorded && rec.Dir != "" && exists(path) {
			rep.Changes = append(rep.Changes, Change{Name: name, Path: path, Action: Foreign, Detail: describe(path)})
		}
	}
	if rec.CreatedDir && rec.Dir != "" && os.Remove(rec.Dir) == nil { // only when empty
		rep.CreatedDir = true
	}
	return rep, nil
}

// copyFile copies the stable copy src to dst (0755, atomically), and
// returns the hash of what it wrote and src's stamp.
func copyFile(src, dst string) (string, stamp, error) {
	from := stampOf(src)
	data, err := fsutil.CopyAtomic(src, dst, 0o755, maxBinary)
	if err != nil {
		return "", stamp{}, err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), from, nil
}

func hashFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, io.LimitReader(f, maxBinary)); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// stamp identifies a version of a file without reading it.
type stamp struct {
	Mtime int64 `json:"mtime,omitempty"`
	Size  int64 `json:"size,omitempty"`
}

func stampOf(path string) stamp {
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{}
	}
	return stamp{Mtime: fi.ModTime().UnixNano(), Size: fi.Size()}
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

func keys(m map[string]entry) iter.Seq[string] { return maps.Keys(m) }
