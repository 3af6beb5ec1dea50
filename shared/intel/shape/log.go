// Package shape is the context-shape tracker: an append-only log of where
// tool calls land (one entry per call that touches a file or marks a phase
// such as a commit), and the analysis that turns it into HOT/WARM/COLD
// bands, a domain-shift verdict and a stale-token estimate. PostToolUse
// writes the log; advisories and PreCompact read the analysis.
package shape

import (
	"bytes"
	"errors"
	"io/fs"
	"os"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// Entry is one line of the shape log:
//
//	{"t":1714000000,"tok":155432,"tool":"Read","root":"src/auth","file":"src/auth/login.ts"}
//	{"t":1714000145,"tok":184320,"tool":"Bash","root":null,"file":null,"event":"commit"}
type Entry struct {
	T     int64   `json:"t"`   // unix seconds
	Tok   int64   `json:"tok"` // context tokens when the call finished
	Tool  string  `json:"tool"`
	Root  *string `json:"root"`
	File  *string `json:"file"`
	Event string  `json:"event,omitempty"` // commit, push, pr-create, pr-merge
	// Est marks a Tok that is the tool-I/O estimate, not a measured
	// figure: the step from it to the first measured one is a change of
	// source (the whole system prompt appears at once), not growth.
	Est bool `json:"est,omitempty"`
}

// RootName returns the entry's root, "" when it has none.
func (e Entry) RootName() string {
	if e.Root == nil {
		return ""
	}
	return *e.Root
}

// FileName returns the entry's file, "" when it has none.
func (e Entry) FileName() string {
	if e.File == nil {
		return ""
	}
	return *e.File
}

// MaxBytes bounds the shape log file.
const MaxBytes = 128 << 10

// maxRead bounds how much of a (possibly foreign) log is read: its
// newest part, when it grew past that.
const maxRead = 1 << 20

// Append adds e to the log at path and keeps it within its bounds: once
// it holds more than maxEntries lines, or more than MaxBytes, it is
// rewritten atomically with the newest entries, a tenth fewer than
// maxEntries (so trimming is not done on every call). lines is the
// caller's count of lines before this append; the new count is
// returned. The caller holds the session lock.
func Append(path string, e Entry, lines, maxEntries int) (int, error) {
	data, err := e.MarshalJSON()
	if err != nil {
		return lines, err
	}
	if err := fsutil.AppendLine(path, data); err != nil {
		return lines, err
	}
	lines++
	fi, err := os.Stat(path)
	if err != nil {
		return lines, err
	}
	if lines == 1 && fi.Size() > int64(len(data))+1 {
		// The count started again (a fresh state.json) over an older log:
		// count what the log really holds.
		lines = maxEntries + 1
	}
	if lines <= maxEntries && fi.Size() <= MaxBytes {
		return lines, nil
	}
	return trim(path, max(1, maxEntries-maxEntries/10))
}

// trim keeps the newest keep lines that fit in 3/4 of MaxBytes.
func trim(path string, keep int) (int, error) {
	raw, _, err := fsutil.ReadOwnTail(path, maxRead)
	if err != nil {
		return 0, err
	}
	lines := bytes.Split(bytes.TrimRight(raw, "\n"), []byte("\n"))
	if len(lines) > keep {
		lines = lines[len(lines)-keep:]
	}
	size := 0
	from := len(lines)
	for from > 0 && size+len(lines[from-1])+1 <= MaxBytes*3/4 {
		size += len(lines[from-1]) + 1
		from--
	}
	out := append(bytes.Join(lines[from:], []byte("\n")), '\n')
	if from == len(lines) {
		out = nil
	}
	if err := fsutil.WriteOwn(path, out, fsutil.Sync); err != nil {
		return 0, err
	}
	return len(lines) - from, nil
}

// Read returns the entries of the log at path, oldest first, skipping
// lines that do not parse. A missing log is empty; a damaged one is
// moved aside and empty.
func Read(path string) ([]Entry, error) {
	raw, _, err := fsutil.ReadOwnTail(path, maxRead)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, line := range bytes.Split(raw, []byte("\n")) {
		var e Entry
		if len(line) > 0 && jsonx.Unmarshal(line, &e) == nil && (e.Root != nil || e.Event != "") {
			out = append(out, e)
		}
	}
	return out, nil
}
