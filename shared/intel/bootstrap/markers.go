package bootstrap

import (
	"bytes"
)

// bom is the UTF-8 byte order mark, which must stay a file's first bytes.
var bom = []byte("\xef\xbb\xbf")

// markerLine is one marker found on a line of its own.
type markerLine struct {
	start, end int // the line, including its line ending
}

// markers is what a scan of CLAUDE.md found.
type markers struct {
	begins, ends []markerLine
	inline       int // markers sharing a line with other text
}

// scanMarkers finds the marker lines of data. A marker counts only on a
// line of its own (surrounding blanks allowed); markers inside other text
// are counted apart, since that text may be quoting them.
func scanMarkers(data []byte) markers {
	var m markers
	for off := 0; off < len(data); {
		next := len(data)
		if i := bytes.IndexByte(data[off:], '\n'); i >= 0 {
			next = off + i + 1
		}
		line, start := data[off:next], off
		if off == 0 && bytes.HasPrefix(line, bom) { // the block sits after a byte order mark
			line, start = line[len(bom):], len(bom)
		}
		trimmed := bytes.TrimSpace(line)
		switch {
		case string(trimmed) == BeginMarker:
			m.begins = append(m.begins, markerLine{start, next})
		case string(trimmed) == EndMarker:
			m.ends = append(m.ends, markerLine{start, next})
		case bytes.Contains(line, []byte(BeginMarker)) || bytes.Contains(line, []byte(EndMarker)):
			m.inline++
		}
		off = next
	}
	return m
}

// problem says why the markers cannot be trusted, or "" when there are
// none or exactly one well-formed pair.
func (m markers) problem() string {
	nb, ne := len(m.begins), len(m.ends)
	switch {
	case m.inline > 0:
		return "a marker shares its line with other text"
	case nb > 1 || ne > 1:
		return "duplicated markers"
	case nb != ne:
		return "only one of the two markers"
	case nb == 1 && m.ends[0].start < m.begins[0].end:
		return "END marker before BEGIN marker"
	}
	return ""
}

// edited computes the new CLAUDE.md for data, or nil with the action
// (Unchanged or LeftAlone) and a reason when nothing is to be written.
func edited(data, body []byte, insert bool) (out []byte, action Action, reason string) {
	m := scanMarkers(data)
	if reason := m.problem(); reason != "" {
		return nil, LeftAlone, reason
	}
	nl := lineEnding(data)
	if len(m.begins) == 0 {
		if !insert {
			return nil, LeftAlone, "our block was removed by the user; not re-added"
		}
		return prepend(data, block(body, nl), nl), Prepended, ""
	}
	lo, hi := m.begins[0].end, m.ends[0].start
	want := block(body, nl)
	want = want[len(BeginMarker)+len(nl) : len(want)-len(EndMarker)-len(nl)]
	if bytes.Equal(data[lo:hi], want) {
		return nil, Unchanged, ""
	}
	out = make([]byte, 0, len(data)-(hi-lo)+len(want))
	out = append(append(append(out, data[:lo]...), want...), data[hi:]...)
	return out, Refreshed, ""
}

// prepend puts the block and a blank line before data, after a UTF-8
// byte order mark if there is one (a BOM must stay the first bytes).
func prepend(data, blk []byte, nl string) []byte {
	head := 0
	if bytes.HasPrefix(data, bom) {
		head = len(bom)
	}
	out := make([]byte, 0, len(data)+len(blk)+len(nl))
	out = append(out, data[:head]...)
	out = append(out, blk...)
	out = append(out, nl...)
	return append(out, data[head:]...)
}

// hasUserText reports whether data holds anything besides our block and
// blank space: only then is there something of the user's to back up.
func hasUserText(data []byte) bool {
	m := scanMarkers(data)
	if m.problem() != "" || len(m.begins) == 0 {
		return len(bytes.TrimSpace(data)) > 0
	}
	outside := len(bytes.TrimSpace(data[:m.begins[0].start])) + len(bytes.TrimSpace(data[m.ends[0].end:]))
	return outside > 0
}
