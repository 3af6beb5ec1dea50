// Package thread is one agent's thread in a project's private store: JSON
// Lines of append-only records (the agent made, sessions attached and
// detached, turns found) and summaries, beside byte-for-byte copies of
// its sessions' transcripts and companion files. Every one of these files
// is a directory of 1 MiB segments (package segfile).
//
//	agents/NAME/records.jsonl/000000…     records
//	agents/NAME/summaries.jsonl/000000…   summaries
//	agents/NAME/sessions/SID/state.json   how far the copy has got
//	agents/NAME/sessions/SID/transcript.jsonl/000000…
//	agents/NAME/sessions/SID/files/subagents/agent-X.jsonl/000000…
//	agents/NAME.log                       the background summariser's log
//	attached/SID                          the agent a session is attached to
//
// Writers hold the store's lock (package ai/store); readers read the files
// as they are.
package thread

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/segfile"
)

// Format is the version of the records this program writes; a thread
// whose first record names a newer one is refused.
const Format = 1

// Record kinds.
const (
	KindCreated   = "created"
	KindAttach    = "attach"
	KindDetach    = "detach"
	KindTurn      = "turn"
	KindEnd       = "end"
	KindResume    = "resume"
	KindRewritten = "rewritten"
)

// Record is one line of records.jsonl.
type Record struct {
	Kind string    `json:"kind"`
	At   time.Time `json:"at"`
	// Format is set on the created record.
	Format  int    `json:"format,omitempty"`
	Agent   string `json:"agent,omitempty"`
	Session string `json:"session,omitempty"`
	// Transcript and Cwd are set on attach records.
	Transcript string `json:"transcript,omitempty"`
	Cwd        string `json:"cwd,omitempty"`
	// Start is a turn's offset in its session's transcript; Prompt its
	// message, cut; UUID the message's id in the transcript.
	Start  int64  `json:"start,omitempty"`
	Prompt string `json:"prompt,omitempty"`
	UUID   string `json:"uuid,omitempty"`
	// Note says more (a rewritten transcript: what was seen).
	Note string `json:"note,omitempty"`
}

// Summary is one line of summaries.jsonl. The newest line for a kind and
// key wins.
type Summary struct {
	// Kind is "work" (a turn's steps), "turn" (the turn's line) or
	// "range" (a shared line over several turns).
	Kind string `json:"kind"`
	// Key names what is summarised: a turn's key, or a range's.
	Key string `json:"key"`
	// Sig fingerprints what it was written from (the turn's steps and
	// reply, a shared line's two halves): when that changes, the line is
	// written again.
	Sig   string    `json:"sig,omitempty"`
	At    time.Time `json:"at"`
	Model string    `json:"model,omitempty"`
	Text  string    `json:"text"`
}

// Summary kinds.
const (
	SumWork  = "work"
	SumTurn  = "turn"
	SumRange = "range"
)

// ErrDamaged: a JSON Lines file is damaged in a way that cannot be
// repaired safely.
var ErrDamaged = errors.New("damaged thread")

// maxLine caps one JSON line of the thread's own files.
const maxLine = 1 << 20

// appendLine writes v as one JSON line at the end of f.
func appendLine(f segfile.File, v any) error {
	data, err := jsonx.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	if len(data) > maxLine {
		return fmt.Errorf("append to %s: a line of %d bytes, over %d", f.Dir, len(data), maxLine)
	}
	return f.Append(append(data, '\n'))
}

// readLines decodes every line of f from byte off into fn, returning the
// offset after the last whole line. A last line with no newline (a write
// cut by a crash) is not read: repair drops it. A line that does not
// decode is an error naming it.
func readLines[T any](f segfile.File, off int64, decode func([]byte) (T, error), fn func(T)) (int64, error) {
	// The reader stops at a segment cut short in the middle: check the
	// segments first, so that such a file is refused, not read shorter.
	if _, err := f.Size(); err != nil {
		return off, err
	}
	r := bufio.NewReaderSize(f.Reader(off), 64<<10)
	for n := 1; ; n++ {
		line, err := r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long := append([]byte{}, line...)
			for err == bufio.ErrBufferFull && len(long) <= maxLine {
				line, err = r.ReadSlice('\n')
				long = append(long, line...)
			}
			if len(long) > maxLine {
				return off, fmt.Errorf("%s: %w: line %d is over %d bytes", f.Dir, ErrDamaged, n, maxLine)
			}
			line = long
		}
		if err == io.EOF {
			return off, nil // a partial last line, if any, is left out
		}
		if err != nil {
			return off, fmt.Errorf("read %s: %w", f.Dir, err)
		}
		v, jerr := decode(bytes.TrimSpace(line))
		if jerr != nil {
			return off, fmt.Errorf("%s: %w: line %d (byte %d) does not decode: %v", f.Dir, ErrDamaged, n, off, jerr)
		}
		fn(v)
		off += int64(len(line))
	}
}

// decodeJSON is encoding/json's decoding of one line.
func decodeJSON[T any](line []byte) (T, error) {
	var v T
	err := jsonx.Unmarshal(line, &v)
	return v, err
}

// repairTail cuts a partial last line (a write cut by a crash) off f
// and reports whether it did.
func repairTail(f segfile.File) (bool, error) {
	size, err := f.Size()
	if err != nil || size == 0 {
		return false, err
	}
	last, err := f.Range(size-1, size, 1)
	if err != nil || len(last) == 1 && last[0] == '\n' {
		return false, err // the usual case: one byte read
	}
	tail, err := f.Range(max(size-maxLine-1, 0), size, maxLine+1)
	if err != nil {
		return false, err
	}
	if bytes.HasSuffix(tail, []byte("\n")) {
		return false, nil
	}
	i := bytes.LastIndexByte(tail, '\n')
	if i < 0 && size > int64(len(tail)) {
		return false, fmt.Errorf("%s: %w: its last line is over %d bytes", f.Dir, ErrDamaged, maxLine)
	}
	return true, f.Truncate(size - int64(len(tail)) + int64(i+1))
}
