package gitinfo

import (
	"crypto/sha256"
	"encoding/hex"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"path/filepath"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// Status is what the status line shows of a repository; package
// gitinfo/full computes it in the background and this package caches it.
type Status struct {
	Key       string   `json:"key"` // the Dirs.Key it was computed for
	Subject   string   `json:"subject"`
	Head      string   `json:"head,omitempty"`      // HEAD commit hash
	HeadFiles []string `json:"headFiles,omitempty"` // files the HEAD commit touched (at most 10)
	Files     []string `json:"files,omitempty"`     // dirty and untracked files (at most 20)
	Commits   []Commit `json:"commits,omitempty"`   // the latest commits, newest first (at most 10)
	Dirty     int      `json:"dirty"`
	Added     int      `json:"added"`
	Deleted   int      `json:"deleted"`
	Truncated bool     `json:"truncated,omitempty"` // diffstat stopped at the budget
	At        int64    `json:"at"`                  // unix seconds
	Err       string   `json:"err,omitempty"`
}

// Commit is one commit of the log.
type Commit struct {
	Hash    string `json:"hash"`
	Subject string `json:"subject"`
	When    int64  `json:"when"` // unix seconds
	// Files the commit changed against its first parent (at most 10);
	// the task-change detector pools the recent ones as current work.
	Files []string `json:"files,omitempty"`
}

// CachePath names the cache file of a repository.
func CachePath(cacheDir, root string) string {
	sum := sha256.Sum256([]byte(root))
	return filepath.Join(cacheDir, "git", hex.EncodeToString(sum[:10])+".json")
}

// Load reads a cached status; ok is false when there is none.
func Load(path string) (Status, bool) {
	var st Status
	data, err := fsutil.ReadOwn(path, 64<<10) // a cache: garbage is a miss, rewritten
	if err != nil || jsonx.Unmarshal(data, &st) != nil {
		return Status{}, false
	}
	return st, true
}

// Save writes a status atomically (a cache: no fsync).
func Save(path string, st Status) error {
	data, err := jsonx.Marshal(st)
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := fsutil.PrivateTree(filepath.Dir(dir), dir); err != nil {
		return err
	}
	return fsutil.WriteOwn(path, data, fsutil.NoSync)
}
