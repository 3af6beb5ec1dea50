// Package shape is the context-shape tracker: an append-only log of where
// tool calls land (one entry per call that touches a file or marks a phase
// such as a commit), and the analysis that turns it into HOT/WARM/COLD
// bands, a domain-shift verdict and a stale-token estimate. PostToolUse
// writes the log; advisories and PreCompact read the analysis.
package shape

import (
	"bytes"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"os"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
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

// maxRead bounds how much of a (possibly foreign) log is read.
const maxRead = 1 << 20

// Append adds e to the log at path and, when the log has grown past
// maxEntries lines (plus some slack, so trimming is not done on every
// call) or past MaxBytes, rewrites it atomically with the newest entries.
// lines is the caller's count of lines before this append; the new count
// is returned. The caller holds the session lock.
func Append(path string, e Entry, lines, maxEntries int) (int, error) {
	data, err := jsonx.Marshal(e)
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
	if lines <= maxEntries+maxEntries/10 && fi.Size() <= MaxBytes {
		return lines, nil
	}
	return trim(path, maxEntries)
}

// trim keeps the newest maxEntries lines that fit in 3/4 of MaxBytes.
func trim(path string, maxEntries int) (int, error) {
	raw, err := fsutil.ReadCapped(path, maxRead)
	if err != nil {
		return 0, err
	}
	lines := bytes.Split(bytes.TrimRight(raw, "\n"), []byte("\n"))
	if len(lines) > maxEntries {
		lines = lines[len(lines)-maxEntries:]
	}
	size := 0
	keep := len(lines)
	for keep > 0 && size+len(lines[keep-1])+1 <= MaxBytes*3/4 {
		size += len(lines[keep-1]) + 1
		keep--
	}
	out := append(bytes.Join(lines[keep:], []byte("\n")), '\n')
	if err := fsutil.WriteAtomic(path, out, 0o600, fsutil.Sync); err != nil {
		return 0, err
	}
	return len(lines) - keep, nil
}

// Read returns the entries of the log at path, oldest first, skipping
// lines that do not parse. A missing log is empty.
func Read(path string) ([]Entry, error) {
	raw, err := fsutil.ReadCapped(path, maxRead)
	if os.IsNotExist(err) {
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
