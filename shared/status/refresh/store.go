package refresh

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
)

// MaxFileSize caps a cache file read; a larger file is treated as absent.
const MaxFileSize = 64 << 10

// RunLockWait is how long a refresher waits for the cache lock.
const RunLockWait = time.Second

// ErrNotDue is returned by [Run] when no attempt is due or pending: some
// other refresher already did the work, or a redraw raced ahead.
var ErrNotDue = errors.New("refresh not due")

// Record is a cache document that embeds [State].
type Record interface {
	Gate() *State
}

// RecordPtr constrains the type parameters of the generic functions: P
// is *T and T embeds [State], so callers write MaybeSpawn[myCache](…).
type RecordPtr[T any] interface {
	*T
	Record
}

// Store is one cache file, the lock that guards it and its timing.
type Store struct {
	Path     string // the JSON cache, written atomically, mode 0600
	LockPath string // held by MaybeSpawn briefly and by Run throughout
	Policy   Policy
}

// Load reads the cache document at path. A missing, oversized or corrupt
// file gives the zero document and false.
func Load[T any, P RecordPtr[T]](path string) (T, bool) {
	var zero T
	data, err := fsutil.ReadOwn(path, MaxFileSize) // garbage is a miss, rewritten
	if err != nil {
		return zero, false
	}
	var rec T
	if err := jsonx.Unmarshal(data, P(&rec)); err != nil {
		return zero, false
	}
	return rec, true
}

// Save writes v to path atomically with mode 0600, creating the private
// directory if needed. Caches can be rebuilt, so there is no fsync.
func Save(path string, v any) error {
	data, err := jsonx.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode %s: %w", path, err)
	}
	if err := fsutil.PrivateDir(filepath.Dir(path)); err != nil {
		return err
	}
	return fsutil.WriteOwn(path, data, fsutil.NoSync)
}

// tryLock takes the lock at path without waiting. ok is false when
// another process (or goroutine) holds it or it cannot be opened.
func tryLock(path string) (release func(), ok bool) {
	if err := fsutil.PrivateDir(filepath.Dir(path)); err != nil {
		return nil, false
	}
	unlock, ok, err := lock.TryLock(path)
	if err != nil || !ok {
		return nil, false
	}
	return func() { _ = unlock() }, true
}

// wanted reports whether rec calls for an attempt at now: the policy
// allows one and need (nil means always) finds work to do.
func (s Store) wanted(st State, now time.Time, need func() bool) bool {
	return s.Policy.Due(st, now) && (need == nil || need())
}

// MaybeSpawn is the redraw's only way to start a refresher. It never
// waits and never touches the network: it takes the lock without
// blocking (busy means a refresher runs: false), re-reads the cache,
// checks that an attempt is due and need(rec) (nil need means always),
// writes the attempt marker, releases the lock and only then calls spawn.
// When the marker cannot be written nothing is spawned, so a read-only
// disk cannot turn into a spawn storm. A failing spawn is not recorded:
// the pessimistic marker already delays the next try. It reports whether
// spawn was called and succeeded.
func MaybeSpawn[T any, P RecordPtr[T]](s Store, now time.Time, need func(P) bool, spawn func() error) bool {
	release, ok := tryLock(s.LockPath)
	if !ok {
		return false
	}
	rec, _ := Load[T, P](s.Path)
	st := P(&rec).Gate()
	if !s.wanted(*st, now, bindNeed(need, P(&rec))) {
		release()
		return false
	}
	st.Mark(s.Policy, now)
	err := Save(s.Path, P(&rec))
	release()
	if err != nil {
		return false
	}
	return spawn() == nil
}

// bindNeed turns need(rec) into a closure, keeping nil as nil.
func bindNeed[P any](need func(P) bool, rec P) func() bool {
	if need == nil {
		return nil
	}
	return func() bool { return need(rec) }
}

// retryAfterer is implemented by work errors that carry a server's
// Retry-After delay.
type retryAfterer interface {
	RetryAfter() time.Duration
}

// RetryAfterOf returns the Retry-After delay carried by err (anywhere in
// its chain), or 0.
func RetryAfterOf(err error) time.Duration {
	var ra retryAfterer
	if errors.As(err, &ra) {
		return ra.RetryAfter()
	}
	return 0
}

// Run is the body of a refresher process. It takes the lock (waiting at
// most [RunLockWait]), re-reads the cache and goes on only if an attempt
// was just marked for it ([State.Pending]) or one is due and need(rec)
// agrees (nil need means always); otherwise it returns [ErrNotDue]. Then,
// still holding the lock so no second refresher can start, it calls work,
// which updates the document's data, and records the outcome: success
// clears the backoff, an error counts as a failure (honouring a carried
// Retry-After). The document is saved atomically and work's error is
// returned. All times recorded are now.
func Run[T any, P RecordPtr[T]](ctx context.Context, s Store, now time.Time, need func(P) bool, work func(P) error) error {
	lctx, cancel := context.WithTimeout(ctx, RunLockWait)
	release, err := lock.Acquire(lctx, s.LockPath)
	cancel()
	if err != nil {
		return err
	}
	defer func() { _ = release() }()
	rec, _ := Load[T, P](s.Path)
	p := P(&rec)
	st := p.Gate()
	if !st.Pending(now) {
		if !s.wanted(*st, now, bindNeed(need, p)) {
			return ErrNotDue
		}
		st.Mark(s.Policy, now)
	}
	werr := work(p)
	if werr == nil {
		st.Succeed(now)
	} else {
		st.Fail(s.Policy, now, RetryAfterOf(werr))
	}
	if err := Save(s.Path, p); err != nil {
		return errors.Join(werr, err)
	}
	return werr
}
