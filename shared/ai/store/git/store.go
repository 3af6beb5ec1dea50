// Package git keeps a directory of plain files as a git repository
// written with go-git, for the `ai` stores (memory, notes). Every change
// is one commit that rewrites only the files it touches, so a commit costs
// the same with ten files or ten thousand. Writers are serialised by a
// lock; readers read the working files without one.
//
// A change is made in this order: the new blobs, trees and commit are
// written as loose objects (each one atomically), then the branch ref is
// replaced atomically, then the working files and the index follow. A
// process killed before the ref moves leaves only unreferenced objects; one
// killed after it leaves working files behind HEAD, which the next writer
// notices (HEAD differs from the commit recorded in .git/ai-worktree) and
// repairs before it changes anything. Readers therefore only ever see
// committed content, a file at a time.
//
// The store records its format in the tracked file .ai-format ("memory 1").
// A newer format is refused before anything is written; an older one is
// upgraded by the registered migrations in one commit, whose parent holds
// the previous state.
package git

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/storage/filesystem"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// FormatFile is the tracked file that names the store's kind and format.
const FormatFile = ".ai-format"

// Branch is the only branch a store has.
const Branch = "refs/heads/main"

// Errors callers check with errors.Is.
var (
	// ErrNotStore: the directory is missing, not a git repository or has
	// no format file.
	ErrNotStore = errors.New("no store")
	// ErrNewer: the store was written by a newer program.
	ErrNewer = errors.New("written by a newer version")
	// ErrWrongKind: the store holds another kind of data.
	ErrWrongKind = errors.New("wrong kind of store")
)

// Migration rewrites a store of version v into version v+1 inside tx.
type Migration func(tx *Tx) error

// Options describe the store a program reads and writes.
type Options struct {
	// Kind names the data ("memory"); Version is the format this program
	// writes. Migrations[v] upgrades version v to v+1.
	Kind       string
	Version    int
	Migrations map[int]Migration
	// Now stamps commits; nil means time.Now.
	Now func() time.Time
	// LockWait bounds the wait for another writer; zero means
	// DefaultLockWait.
	LockWait time.Duration
	// Author names the committer; empty means "ai".
	Author string
	// Search names the files the search index packs (see
	// [Store.EachSearched]); nil keeps no index.
	Search func(path string) bool
}

// Store is an open store.
type Store struct {
	dir, gitDir string
	opts        Options
	storage     *filesystem.Storage
	zlib        [2]*zlib.Writer // small and large objects, kept from one to the next (see deflate)
	unzlib      io.ReadCloser   // likewise, for reads (see readObject)
	heads       *headTrees      // the trees of HEAD read so far (see HeadEntries)
}

// Upgrade reports an upgrade done by [Open].
type Upgrade struct {
	From, To int
	// Previous is the commit holding the state before the upgrade;
	// Commit the one that made it.
	Previous, Commit string
}

func (o Options) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// DefaultLockWait bounds a writer's wait for another: well under the two
// minutes after which Claude Code's Bash tool stops a command, so that
// `ai memory note` run there says why it gave up rather than being cut
// off in silence. No write holds the lock for long; a sync's checkout of
// 20,000 files takes seconds.
const DefaultLockWait = 30 * time.Second

func (o Options) lockWait() time.Duration {
	if o.LockWait > 0 {
		return o.LockWait
	}
	return DefaultLockWait
}

// Dir is the store's directory.
func (s *Store) Dir() string { return s.dir }

// GitDir is the store's .git directory.
func (s *Store) GitDir() string { return s.gitDir }

// Open opens the store in dir. It refuses a newer format without writing
// anything and upgrades an older one, reporting it in the returned
// *Upgrade (nil when nothing was upgraded). When a writer was killed
// after committing but before its working files were written, Open
// completes them, so that readers see every committed change.
func Open(dir string, opts Options) (*Store, *Upgrade, error) {
	s := newStore(dir, opts)
	if fi, err := os.Stat(s.gitDir); err != nil || !fi.IsDir() {
		return nil, nil, fmt.Errorf("%s: %w (not a git repository)", dir, ErrNotStore)
	}
	v, err := s.version()
	if err != nil {
		return nil, nil, err
	}
	if v == opts.Version {
		return s, nil, s.repairIfNeeded()
	}
	up, err := s.upgrade(v)
	if err != nil {
		return nil, nil, err
	}
	return s, up, nil
}

func newStore(dir string, opts Options) *Store {
	dir = filepath.Clean(dir)
	return &Store{dir: dir, gitDir: filepath.Join(dir, ".git"), opts: opts}
}

// git returns the go-git object storage, opened on first use so that
// readers never pay for it.
func (s *Store) git() *filesystem.Storage {
	if s.storage == nil {
		s.storage = filesystem.NewStorageWithOptions(osfs.New(s.gitDir),
			cache.NewObjectLRU(4*cache.MiByte), filesystem.Options{})
	}
	return s.storage
}

// version reads and checks the format file: the right kind, a version
// this program can read.
func (s *Store) version() (int, error) {
	path := filepath.Join(s.dir, FormatFile)
	data, err := readSmall(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, fmt.Errorf("%s: %w (no %s)", s.dir, ErrNotStore, FormatFile)
	}
	if err != nil {
		return 0, err
	}
	kind, v, err := parseFormat(data)
	if err != nil {
		return 0, fmt.Errorf("read %s: %w", path, err)
	}
	if kind != s.opts.Kind {
		return 0, fmt.Errorf("%s holds a %s store, not %s: %w", s.dir, kind, s.opts.Kind, ErrWrongKind)
	}
	if v > s.opts.Version {
		return 0, fmt.Errorf("%s has format %d, this ai reads up to %d: %w; install a newer ai",
			s.dir, v, s.opts.Version, ErrNewer)
	}
	return v, nil
}

// formatBytes is the content of the format file.
func formatBytes(kind string, v int) []byte {
	return fmt.Appendf(nil, "%s %d\n", kind, v)
}

// parseFormat reads "KIND VERSION".
func parseFormat(data []byte) (string, int, error) {
	fields := strings.Fields(string(bytes.TrimSpace(data)))
	if len(fields) != 2 {
		return "", 0, fmt.Errorf("want \"KIND VERSION\", got %q", data)
	}
	v, err := strconv.Atoi(fields[1])
	if err != nil || v < 1 {
		return "", 0, fmt.Errorf("bad format version %q", fields[1])
	}
	return fields[0], v, nil
}

// maxSmall caps the small metadata files (format, refs, marker).
const maxSmall = 4096

// Every reader of the working files and metadata opens through
// fsutil.OpenRegular: a FIFO or device cannot hang it, and on Windows it
// shares delete, so a writer's atomic replace does not wait on a reader.
func readSmall(path string) ([]byte, error) {
	f, _, err := fsutil.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, maxSmall+1)
	n, err := f.Read(buf)
	if err != nil && n == 0 {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if n > maxSmall {
		return nil, fmt.Errorf("read %s: over %d bytes", path, maxSmall)
	}
	return buf[:n], nil
}
