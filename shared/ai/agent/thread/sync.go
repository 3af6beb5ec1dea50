package thread

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/segfile"
)

// promptChars caps the message a turn record keeps; the copy has it whole.
const promptChars = 2000

// checkBytes is how much of the copy's end is compared with the
// transcript to notice a transcript rewritten under it.
const checkBytes = 4096

// chunk is how much of a transcript is read at once.
const chunk = 8 << 20

// State is how far a session's copy has got (sessions/SID/state.json).
type State struct {
	Transcript string `json:"transcript"`
	// Size is the length copied, whole lines only; Check a hash of its
	// last checkBytes.
	Size  int64  `json:"size"`
	Check uint64 `json:"check"`
	// Pending is a message not answered yet: its turn is recorded with
	// the first response.
	Pending *Pending `json:"pending,omitempty"`
	// ViewUUID is the id of the last line of /ai's view: its message,
	// the ai view call and output, the acknowledgement.
	ViewUUID string `json:"view_uuid,omitempty"`
	// Files are the companion files copied, by relative path.
	Files map[string]FileState `json:"files,omitempty"`
	// Ended is set when the session's end is recorded, cleared when it
	// starts again.
	Ended bool `json:"ended,omitempty"`
}

// Pending is a message whose turn is not recorded yet.
type Pending struct {
	Start  int64     `json:"start"`
	Prompt string    `json:"prompt"`
	UUID   string    `json:"uuid"`
	At     time.Time `json:"at"`
}

// FileState is how far a companion file's copy has got.
type FileState struct {
	Size  int64  `json:"size"`
	Check uint64 `json:"check"`
}

// SyncResult says what a sync did.
type SyncResult struct {
	Bytes, Turns int64
	// Pending says a message is still waiting for its first response in
	// the transcript.
	Pending bool
	// Rewritten names a transcript found changed under its copy: the
	// session was copied again from the start.
	Rewritten string
	// Repaired names damage found and repaired; Problems what could not
	// be copied (a companion file), the rest copied regardless.
	Repaired, Problems []string
}

func (a Agent) statePath(sid string) string { return filepath.Join(a.sessionDir(sid), "state.json") }

// LoadState reads a session's state; a missing one is the zero state.
func (a Agent) LoadState(sid string) (State, error) {
	var st State
	data, err := fsutil.ReadCapped(a.statePath(sid), 4<<20)
	if errors.Is(err, os.ErrNotExist) {
		return st, nil
	}
	if err != nil {
		return st, err
	}
	if err := jsonx.Unmarshal(data, &st); err != nil {
		return st, fmt.Errorf("%s: %w: %v", a.statePath(sid), ErrDamaged, err)
	}
	return st, nil
}

func (a Agent) saveState(sid string, st State) error {
	data, err := jsonx.Marshal(st)
	if err != nil {
		return err
	}
	if err := fsutil.PrivateDir(a.sessionDir(sid)); err != nil {
		return err
	}
	return fsutil.WriteAtomic(a.statePath(sid), append(data, '\n'), 0o600, fsutil.NoSync)
}

// Sync copies what the session's transcript (and its companion files)
// gained since the last sync and records the turns that appeared. Only
// whole lines are copied: Claude Code may still be writing the last one.
// A transcript that shrank or changed under the copy is copied again from
// the start, its turns found again. The caller holds the store's lock.
func (a Agent) Sync(sid, transcript string, now time.Time) (SyncResult, error) {
	var res SyncResult
	if fixed, err := repairTail(a.records()); err != nil {
		return res, err
	} else if fixed {
		res.Repaired = append(res.Repaired, "a record cut by a crash")
	}
	st, err := a.LoadState(sid)
	if err != nil {
		return res, err
	}
	before, _ := jsonx.Marshal(st)
	if transcript == "" {
		transcript = st.Transcript
	}
	if transcript == "" {
		return res, fmt.Errorf("session %s: no transcript known", sid)
	}
	st.Transcript = transcript
	if err := a.checkCopy(sid, &st, &res, now); err != nil {
		return res, err
	}
	if err := a.copyNew(sid, &st, &res, now); err != nil {
		return res, err
	}
	a.syncCompanions(sid, &st, &res)
	res.Pending = st.Pending != nil
	if after, _ := jsonx.Marshal(st); bytes.Equal(before, after) {
		return res, nil // nothing new: no write
	}
	return res, a.saveState(sid, st)
}

// checkCopy compares the copy with its state and the transcript: a copy
// longer than its state (a crash between the two) is cut back; a copy
// shorter, or a transcript that shrank or changed, starts over.
func (a Agent) checkCopy(sid string, st *State, res *SyncResult, now time.Time) error {
	copyFile := a.Copy(sid)
	size, err := copyFile.Size()
	if err != nil {
		return err
	}
	if size > st.Size {
		res.Repaired = append(res.Repaired, fmt.Sprintf("the copy of %s ran %d bytes past its state (cut back)", sid, size-st.Size))
		if err := copyFile.Truncate(st.Size); err != nil {
			return err
		}
		size = st.Size
	}
	why := ""
	if size < st.Size {
		why = fmt.Sprintf("the copy holds %d bytes, its state %d", size, st.Size)
	} else if st.Size > 0 {
		why = sourceChanged(st.Transcript, st.Size, st.Check)
	}
	if why == "" {
		return nil
	}
	res.Rewritten = why
	if err := os.RemoveAll(a.sessionDir(sid)); err != nil {
		return fmt.Errorf("copy %s again: %w", sid, err)
	}
	*st = State{Transcript: st.Transcript}
	return appendLine(a.records(), Record{Kind: KindRewritten, At: now.UTC(), Session: sid, Note: why})
}

// sourceChanged says how the transcript no longer continues the copy,
// "" when it does (or is gone: the copy stands).
func sourceChanged(path string, size int64, check uint64) string {
	f, fi, err := fsutil.OpenRegular(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	if fi.Size() < size {
		return fmt.Sprintf("%s shrank from %d to %d bytes", path, size, fi.Size())
	}
	tail := make([]byte, min(size, checkBytes))
	if _, err := f.ReadAt(tail, size-int64(len(tail))); err != nil {
		return ""
	}
	if hash(tail) != check {
		return fmt.Sprintf("%s changed before byte %d", path, size)
	}
	return ""
}

func hash(b []byte) uint64 {
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

// copyNew appends the transcript's new whole lines to the copy and
// records the turns they start.
func (a Agent) copyNew(sid string, st *State, res *SyncResult, now time.Time) error {
	f, _, err := fsutil.OpenRegular(st.Transcript)
	if errors.Is(err, os.ErrNotExist) {
		return nil // not written yet, or deleted: the copy stands
	}
	if err != nil {
		return fmt.Errorf("read transcript: %w", err)
	}
	defer f.Close()
	buf := make([]byte, 0, 64<<10)
	for {
		data, err := readFrom(f, st.Size, chunk, buf)
		if err != nil {
			return err
		}
		end := bytes.LastIndexByte(data, '\n') + 1
		if end == 0 {
			return nil // nothing new, or one line still being written
		}
		whole := data[:end]
		if err := a.Copy(sid).Append(whole); err != nil {
			return err
		}
		n, err := a.findTurns(sid, st, whole, now)
		if err != nil {
			return err
		}
		res.Bytes += int64(end)
		res.Turns += n
		st.Check = tailHash(st.Size+int64(end), whole, a.Copy(sid))
		st.Size += int64(end)
		if len(data) < chunk {
			return nil
		}
	}
}

// readFrom reads up to limit bytes of f at off.
func readFrom(f *os.File, off int64, limit int, buf []byte) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("read transcript: %w", err)
	}
	n := min(fi.Size()-off, int64(limit))
	if n <= 0 {
		return nil, nil
	}
	if int64(cap(buf)) < n {
		buf = make([]byte, n)
	}
	buf = buf[:n]
	k, err := f.ReadAt(buf, off)
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("read transcript: %w", err)
	}
	return buf[:k], nil
}

// tailHash is the hash of the last checkBytes of a copy of length total
// whose last bytes are added.
func tailHash(total int64, added []byte, copyFile segfile.File) uint64 {
	if len(added) >= checkBytes {
		return hash(added[len(added)-checkBytes:])
	}
	tail, err := copyFile.Range(max(total-checkBytes, 0), total, checkBytes)
	if err != nil {
		return 0
	}
	return hash(tail)
}

// findTurns reads whole lines copied at st.Size and records each turn
// when its first response arrives.
func (a Agent) findTurns(sid string, st *State, data []byte, now time.Time) (int64, error) {
	var n int64
	off := st.Size
	for len(data) > 0 {
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		lineOff := off
		off += int64(len(line) + 1)
		data = rest
		e, ok := parseEntry(line)
		if !ok {
			continue
		}
		r, text := classify(&e, st.ViewUUID)
		switch r {
		case prompt:
			st.Pending = &Pending{Start: lineOff, Prompt: cut(text, promptChars), UUID: e.UUID, At: e.Timestamp}
		case boundary:
			st.Pending = nil // the command that compacted is no turn
		case ownView:
			st.ViewUUID = e.UUID
		case assistant:
			if st.Pending == nil {
				continue
			}
			at := st.Pending.At
			if at.IsZero() {
				at = now
			}
			rec := Record{Kind: KindTurn, At: at.UTC(), Session: sid, Start: st.Pending.Start, Prompt: st.Pending.Prompt, UUID: st.Pending.UUID}
			if err := appendLine(a.records(), rec); err != nil {
				return n, err
			}
			st.Pending = nil
			n++
		}
	}
	return n, nil
}

// cut shortens s to at most n characters.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
