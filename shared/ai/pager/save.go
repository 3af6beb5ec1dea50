package pager

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
)

// trailerRoom is kept free in every part for its last line.
const trailerRoom = 96

// save stores text as a new view and returns its id. The parts are
// written before the "parts" file, so a view is complete once readable.
func (p Pager) save(text string) (int, error) {
	if err := fsutil.PrivateDir(p.Dir); err != nil {
		return 0, err
	}
	id, err := p.nextID()
	if err != nil {
		return 0, err
	}
	dir := p.viewDir(id)
	if err := fsutil.PrivateDir(dir); err != nil {
		return 0, err
	}
	chunks := Split(text, p.partBytes()-trailerRoom)
	for i, c := range chunks {
		if !strings.HasSuffix(c, "\n") {
			c += "\n" // a line longer than a part was cut
		}
		part := c + p.trailer(id, i+1, len(chunks))
		if err := fsutil.WriteAtomic(filepath.Join(dir, strconv.Itoa(i+1)), []byte(part), 0o600, fsutil.NoSync); err != nil {
			return 0, err
		}
	}
	now := p.now()
	stamp := filepath.Join(dir, "read")
	if err := fsutil.WriteAtomic(stamp, nil, 0o600, fsutil.NoSync); err != nil {
		return 0, err
	}
	_ = os.Chtimes(stamp, now, now)
	err = fsutil.WriteAtomic(filepath.Join(dir, "parts"), []byte(strconv.Itoa(len(chunks))+"\n"), 0o600, fsutil.NoSync)
	return id, err
}

// trailer is the last line of part n of total.
func (p Pager) trailer(id, n, total int) string {
	cmd := p.Command
	if cmd == "" {
		cmd = "ai"
	}
	if n < total {
		return fmt.Sprintf("[part %d of %d; next: %s page %d:%d]\n", n, total, cmd, id, n+1)
	}
	return fmt.Sprintf("[part %d of %d; end of view %d]\n", n, total, id)
}

// nextID hands out view numbers from a counter file, under a lock.
func (p Pager) nextID() (int, error) {
	var id int
	counter := filepath.Join(p.Dir, "next")
	err := lock.With(filepath.Join(p.Dir, ".lock"), 10*time.Second, func() error {
		data, err := fsutil.ReadCapped(counter, 32)
		if err != nil && !os.IsNotExist(err) {
			return err
		}
		id, _ = strconv.Atoi(strings.TrimSpace(string(data)))
		id = max(id, 1)
		return fsutil.WriteAtomic(counter, []byte(strconv.Itoa(id+1)+"\n"), 0o600, fsutil.NoSync)
	})
	return id, err
}

// Split cuts text into chunks of at most size bytes, at line ends; a line
// longer than size is cut at a character boundary.
func Split(text string, size int) []string {
	size = max(size, 8)
	var out []string
	for len(text) > size {
		cut := strings.LastIndexByte(text[:size], '\n') + 1
		if cut == 0 {
			cut = runeStart(text, size)
		}
		out = append(out, text[:cut])
		text = text[cut:]
	}
	if text != "" || len(out) == 0 {
		out = append(out, text)
	}
	return out
}
