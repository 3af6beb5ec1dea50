package bootstrap

import (
	"bytes"
	"regexp"
	"strings"
	"sync"

	"github.com/session-intelligence/session-intelligence/shared/intel/sessionctx"
)

// Section names the auto-fill works on, as sessionctx parses them.
const (
	taskSection  = "Current Task"
	filesSection = "Key Files"
)

// sentinelRe matches the first line of an auto-filled section. It records
// the commit the section was filled from, so a later run can tell both
// that the section is still ours and whether HEAD has moved since.
var sentinelRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^<!-- si:autofill sha=([0-9a-f]{7,40}) -->$`) })

// owner says who a section belongs to.
type owner int

const (
	placeholder owner = iota // only template filler: ours to fill
	ours                     // our sentinel and our shape: ours to refresh
	theirs                   // real content: never touched again
)

// section is one "## " section of a session-context.md: where its
// content lies in the file and who owns it.
type section struct {
	found bool
	dup   bool // the heading appears more than once: left alone
	lo    int  // content start: after the heading line and leading blank lines
	hi    int  // content end: after the last non-blank line
	lines []string
	owner owner
	sha   string // the sentinel's commit when owner is ours
}

// findSection locates the first section headed "## name" and the lines
// of its content. Headings are recognised as sessionctx does, so that
// what is filled here is what the compaction hooks read.
func findSection(data []byte, name string) section {
	var s section
	end := -1 // end of the body once the next heading is seen
	for off := 0; off < len(data); {
		next := len(data)
		if i := bytes.IndexByte(data[off:], '\n'); i >= 0 {
			next = off + i + 1
		}
		line := bytes.TrimRight(data[off:next], " \t\r\n")
		if h, ok := bytes.CutPrefix(line, []byte("## ")); ok {
			if s.found && end < 0 {
				end = off
			}
			if string(bytes.TrimSpace(h)) == name {
				s.dup = s.found
				if !s.found {
					s.found, s.lo = true, next
				}
			}
		}
		off = next
	}
	if !s.found {
		return s
	}
	if end < 0 {
		end = len(data)
	}
	s.contentRange(data[:end])
	return s
}

// contentRange narrows [s.lo, end) to the non-blank lines and collects
// them trimmed; blank lines around the content belong to the layout and
// are kept as they are.
func (s *section) contentRange(data []byte) {
	lo, hi := -1, s.lo
	for off := s.lo; off < len(data); {
		next := len(data)
		if i := bytes.IndexByte(data[off:], '\n'); i >= 0 {
			next = off + i + 1
		}
		if line := strings.TrimSpace(string(data[off:next])); line != "" {
			if lo < 0 {
				lo = off
			}
			hi = next
			s.lines = append(s.lines, line)
		}
		off = next
	}
	if lo >= 0 {
		s.lo = lo
	}
	s.hi = hi
}

// classify decides who owns s. shape checks the lines under a sentinel:
// a section that kept our marker but whose lines were rewritten by hand
// is theirs all the same.
func (s *section) classify(shape func([]string) bool) {
	switch {
	case placeholderOnly(s.lines):
		s.owner = placeholder
	case len(s.lines) > 0 && sentinelRe().MatchString(s.lines[0]) && shape(s.lines[1:]):
		s.owner = ours
		s.sha = sentinelRe().FindStringSubmatch(s.lines[0])[1]
	default:
		s.owner = theirs
	}
}

// placeholderOnly reports whether every line is template filler: an HTML
// comment (possibly spanning lines), or a "key: value" or "- value" line
// whose value is a placeholder such as "<task type>".
func placeholderOnly(lines []string) bool {
	inComment := false
	for _, l := range lines {
		if sentinelRe().MatchString(l) {
			return false // our marker is not filler: the section is ours
		}
		if inComment {
			_, rest, closed := strings.Cut(l, "-->")
			if !closed {
				continue
			}
			inComment, l = false, strings.TrimSpace(rest)
		}
		for strings.HasPrefix(l, "<!--") {
			_, rest, closed := strings.Cut(l[len("<!--"):], "-->")
			if !closed {
				inComment, l = true, ""
				break
			}
			l = strings.TrimSpace(rest)
		}
		if l != "" && !sessionctx.Placeholder(fieldValue(l)) {
			return false
		}
	}
	return true
}

// fieldValue strips a "key:" or "- " prefix from a line.
func fieldValue(line string) string {
	if k, v, ok := strings.Cut(line, ":"); ok && isKey(k) {
		return v
	}
	if v, ok := strings.CutPrefix(line, "- "); ok {
		return v
	}
	return line
}

// isKey reports whether k looks like the key of a "key: value" line.
func isKey(k string) bool {
	if k == "" || len(k) > 24 {
		return false
	}
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
