// Package pager hands long output to agents in parts. A harness cuts a
// command's output that is too long (Claude Code drops the middle past
// 30,000 characters), so a view that is piped and longer than one part is
// saved whole, split at line ends into parts of at most [PartBytes], and
// only the first part is printed; each part ends with the command that
// prints the next (`ai page 17:2`). A saved view is removed once it has
// not been read for [TTL]. On a terminal everything prints whole.
package pager

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// Defaults.
const (
	PartBytes = 20_000
	TTL       = 10 * time.Minute
)

// Errors callers check with errors.Is.
var (
	ErrBadRef  = errors.New("bad page reference")
	ErrExpired = errors.New("no such view")
)

// Pager saves and prints views.
type Pager struct {
	// Dir holds the saved views ($XDG_CACHE_HOME/ai/views).
	Dir string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// PartBytes and TTL default to the package's constants when zero.
	PartBytes int
	TTL       time.Duration
	// Command is the program that pages, as the trailer names it: "ai".
	Command string
}

// Dir returns the views directory: $XDG_CACHE_HOME/ai/views, else
// $HOME/.cache/ai/views ([paths.Home]).
func Dir(getenv func(string) string) (string, error) {
	if c := getenv("XDG_CACHE_HOME"); filepath.IsAbs(c) {
		return filepath.Join(c, "ai", "views"), nil
	}
	home := paths.Home(getenv)
	if home == "" {
		return "", errors.New("neither XDG_CACHE_HOME nor HOME is set")
	}
	return filepath.Join(home, ".cache", "ai", "views"), nil
}

func (p Pager) now() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now()
}

func (p Pager) partBytes() int {
	if p.PartBytes > 0 {
		return p.PartBytes
	}
	return PartBytes
}

func (p Pager) ttl() time.Duration {
	if p.TTL > 0 {
		return p.TTL
	}
	return TTL
}

// Show prints text whole when terminal is true or it fits in one part;
// otherwise it saves the parts and prints the first.
func (p Pager) Show(w io.Writer, text string, terminal bool) error {
	if !strings.HasSuffix(text, "\n") && text != "" {
		text += "\n"
	}
	if terminal || len(text) <= p.partBytes() {
		_, err := io.WriteString(w, text)
		return err
	}
	p.sweep()
	id, err := p.save(text)
	if err != nil {
		return err
	}
	return p.print(w, id, 1)
}

// Page prints part "ID:N" of a saved view and renews its lease; the
// other views that expired go.
func (p Pager) Page(w io.Writer, ref string) error {
	id, part, err := parseRef(ref)
	if err != nil {
		return err
	}
	err = p.print(w, id, part)
	p.Sweep()
	return err
}

func parseRef(ref string) (id, part int, err error) {
	a, b, ok := strings.Cut(strings.TrimSpace(ref), ":")
	id, err1 := strconv.Atoi(a)
	part, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || id < 1 || part < 1 {
		return 0, 0, fmt.Errorf("%w %q: want VIEW:PART, like 17:2", ErrBadRef, ref)
	}
	return id, part, nil
}

// print writes part n of view id and stamps the view as read.
func (p Pager) print(w io.Writer, id, n int) error {
	dir := p.viewDir(id)
	count, err := partCount(dir)
	if err != nil || count == 0 || p.expired(dir) {
		_ = os.RemoveAll(dir)
		return fmt.Errorf("%w %d: views are kept %v after they were last read; run the command again",
			ErrExpired, id, p.ttl())
	}
	if n > count {
		return fmt.Errorf("%w %d:%d: view %d has %d parts", ErrBadRef, id, n, id, count)
	}
	data, err := fsutil.ReadCapped(filepath.Join(dir, strconv.Itoa(n)), int64(p.partBytes())+1024)
	if err != nil {
		return fmt.Errorf("read view %d: %w", id, err)
	}
	now := p.now()
	_ = os.Chtimes(filepath.Join(dir, "read"), now, now)
	_, err = w.Write(data)
	return err
}

func (p Pager) viewDir(id int) string { return filepath.Join(p.Dir, strconv.Itoa(id)) }

// expired reports whether the view in dir was last read more than TTL ago.
func (p Pager) expired(dir string) bool {
	fi, err := os.Stat(filepath.Join(dir, "read"))
	return err != nil || p.now().Sub(fi.ModTime()) > p.ttl()
}

// partCount reads how many parts a saved view has.
func partCount(dir string) (int, error) {
	data, err := fsutil.ReadCapped(filepath.Join(dir, "parts"), 32)
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(string(data)))
}

// sweepEvery spaces out the sweeps: a view's own expiry is checked
// whenever it is read, so sweeping only reclaims space.
const sweepEvery = time.Minute

// Sweep removes the views that expired, at most once every
// [sweepEvery]: when a view is saved, a part read, a session starts (the
// SessionStart hook); between sweeps it costs the read of one stamp.
func (p Pager) Sweep() { p.sweep() }

// sweep removes expired views, at most once every [sweepEvery].
func (p Pager) sweep() {
	stamp := filepath.Join(p.Dir, "swept")
	now := p.now()
	if data, err := fsutil.ReadCapped(stamp, 64); err == nil {
		if at, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(string(data))); err == nil &&
			now.Sub(at) < sweepEvery && !now.Before(at) {
			return
		}
	}
	entries, err := os.ReadDir(p.Dir)
	if err != nil {
		return
	}
	_ = fsutil.WriteAtomic(stamp, []byte(now.UTC().Format(time.RFC3339Nano)+"\n"), 0o600, fsutil.NoSync)
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err == nil && e.IsDir() {
			if dir := filepath.Join(p.Dir, e.Name()); p.stale(dir) {
				_ = os.RemoveAll(dir)
			}
		}
	}
}

// stale reports whether the view in dir may go: last read more than TTL
// ago, or never stamped and older than that (a save that died). A view
// another process is saving right now has no stamp yet and stays.
func (p Pager) stale(dir string) bool {
	fi, err := os.Stat(filepath.Join(dir, "read"))
	if err != nil {
		fi, err = os.Stat(dir)
	}
	return err == nil && p.now().Sub(fi.ModTime()) > p.ttl()
}

// runeStart backs i up to the start of a UTF-8 sequence in s.
func runeStart(s string, i int) int {
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}
