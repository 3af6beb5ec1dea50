package learn

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
)

// MaxLine is the longest line looked at; longer lines (huge tool output)
// are skipped whole. A compact_boundary record is a few hundred bytes.
const MaxLine = 16 << 20

// readBuf is each worker's read buffer; lines that fit are never copied.
const readBuf = 1 << 20

// cancelEvery is how many lines are read between looks at the context.
const cancelEvery = 4096

// mark is the pre-filter: a line without it is never decoded.
var mark = []byte("compact_boundary")

// boundary is the part of a compact_boundary record that is read.
type boundary struct {
	Type        string `json:"type"`
	Subtype     string `json:"subtype"`
	IsSidechain bool   `json:"isSidechain"`
	Timestamp   string `json:"timestamp"`
	SessionID   string `json:"sessionId"`
	Cwd         string `json:"cwd"`
	Meta        *struct {
		Trigger   string `json:"trigger"`
		PreTokens int64  `json:"preTokens"`
	} `json:"compactMetadata"`
}

// fileResult is what one transcript yielded.
type fileResult struct {
	entries []history.Entry
	stats   Stats
}

// scanner reads transcripts one after the other with one buffer.
type scanner struct {
	br   *bufio.Reader
	long []byte // a line spanning several buffers, reused
}

func newScanner() *scanner {
	return &scanner{br: bufio.NewReaderSize(nil, readBuf)}
}

// file scans one transcript. A file that cannot be opened or read to
// the end is counted as unreadable and yields no entries.
func (s *scanner) file(ctx context.Context, path string) fileResult {
	var r fileResult
	f, _, err := fsutil.OpenRegular(path)
	if err != nil {
		r.stats.Unreadable++
		return r
	}
	defer f.Close()
	s.br.Reset(f)
	sid := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	err = s.lines(ctx, &r.stats, func(line []byte) {
		if !bytes.Contains(line, mark) {
			return
		}
		e, ok, dated := parse(line, sid)
		switch {
		case ok && dated:
			r.entries = append(r.entries, e)
			r.stats.Boundaries++
		case ok:
			r.stats.Undated++
		}
	})
	if err != nil {
		return fileResult{stats: Stats{Bytes: r.stats.Bytes, Unreadable: 1}}
	}
	r.stats.Files++
	return r
}

// lines calls fn with every line of the reader (without its newline),
// skipping lines longer than MaxLine, and counts the bytes read.
func (s *scanner) lines(ctx context.Context, st *Stats, fn func([]byte)) error {
	spanning, skipping, pending := false, false, 0
	for n := 1; ; n++ {
		if n%cancelEvery == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		chunk, err := s.br.ReadSlice('\n')
		st.Bytes += int64(len(chunk))
		if errors.Is(err, bufio.ErrBufferFull) {
			pending += len(chunk)
			skipping = skipping || pending > MaxLine
			if !skipping {
				if !spanning {
					s.long, spanning = s.long[:0], true
				}
				s.long = append(s.long, chunk...)
			}
			continue
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		tail := bytes.TrimSuffix(chunk, []byte("\n"))
		s.deliver(tail, spanning, skipping || pending+len(tail) > MaxLine, st, fn)
		if err != nil {
			return nil
		}
		spanning, skipping, pending = false, false, 0
	}
}

// deliver hands the end of a line to fn, joined to its start when the
// line spanned buffers, unless it is too long.
func (s *scanner) deliver(tail []byte, spanning, tooLong bool, st *Stats, fn func([]byte)) {
	switch {
	case tooLong:
		st.LongLines++
	case spanning:
		s.long = append(s.long, tail...)
		fn(s.long)
	case len(tail) > 0:
		fn(tail)
	}
}

// parse decodes a candidate line. ok is false when it is not a main-chain
// compact_boundary record (a prompt or tool output that merely mentions
// the word); dated is false when its timestamp is missing or invalid.
func parse(line []byte, fallbackSID string) (e history.Entry, ok, dated bool) {
	var b boundary
	if jsonx.Unmarshal(line, &b) != nil || b.Type != "system" || b.Subtype != "compact_boundary" || b.IsSidechain {
		return e, false, false
	}
	e = history.Entry{SID: b.SessionID, Cwd: b.Cwd, Source: Source}
	if e.SID == "" {
		e.SID = fallbackSID
	}
	if b.Meta != nil {
		e.Tokens, e.Trigger = b.Meta.PreTokens, b.Meta.Trigger
	}
	t, err := time.Parse(time.RFC3339Nano, b.Timestamp)
	if err != nil || t.Unix() <= 0 {
		return e, true, false
	}
	e.T = t.Unix()
	return e, true, true
}
