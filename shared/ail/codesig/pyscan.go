package codesig

import "strings"

// logical is one logical line of Python source: physical lines joined
// where brackets stay open or a backslash continues them, comments
// removed, string literals kept as written.
type logical struct {
	indent int    // width of the first physical line's indentation
	line   int    // 1-based number of that line
	text   string // trimmed
}

// pyScanner splits Python source into logical lines. It knows string
// prefixes, triple quotes and f-strings with nested quotes (Python
// 3.12), so a "def" inside a docstring or an f-string is never taken
// for code. It never fails: an unterminated string runs to the end.
type pyScanner struct {
	src  string
	pos  int
	line int
	out  []logical
}

// scanPython returns the logical lines of src.
func scanPython(src string) []logical {
	s := &pyScanner{src: src, line: 1}
	for s.pos < len(s.src) {
		s.logicalLine()
	}
	return s.out
}

// logicalLine reads one logical line starting at the beginning of a
// physical line.
func (s *pyScanner) logicalLine() {
	indent, start := s.indentation()
	var b strings.Builder
	depth := 0
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == '\n':
			s.pos++
			s.line++
			if depth <= 0 {
				s.emit(indent, start, b.String())
				return
			}
			b.WriteByte(' ')
		case c == '#':
			s.skipComment()
		case c == '\\' && s.pos+1 < len(s.src) && (s.src[s.pos+1] == '\n' || s.src[s.pos+1] == '\r'):
			s.pos++
			if s.src[s.pos] == '\r' && s.pos+1 < len(s.src) && s.src[s.pos+1] == '\n' {
				s.pos++
			}
			s.pos++
			s.line++
			b.WriteByte(' ')
		case c == '"' || c == '\'':
			from := s.pos
			s.skipString(prefixOf(s.src, s.pos))
			b.WriteString(s.src[from:s.pos])
		default:
			switch c {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth--
			}
			if c == '\r' {
				c = ' '
			}
			b.WriteByte(c)
			s.pos++
		}
	}
	s.emit(indent, start, b.String())
}

// indentation consumes the leading blanks of a physical line.
func (s *pyScanner) indentation() (width, line int) {
	for s.pos < len(s.src) {
		switch s.src[s.pos] {
		case ' ':
			width++
		case '\t':
			width += 8 - width%8
		case '\f':
			width = 0
		default:
			return width, s.line
		}
		s.pos++
	}
	return width, s.line
}

func (s *pyScanner) emit(indent, line int, text string) {
	if text = strings.TrimSpace(text); text != "" {
		s.out = append(s.out, logical{indent: indent, line: line, text: text})
	}
}

// skipComment moves to the newline that ends a comment.
func (s *pyScanner) skipComment() {
	if i := strings.IndexByte(s.src[s.pos:], '\n'); i >= 0 {
		s.pos += i
		return
	}
	s.pos = len(s.src)
}

// prefixOf returns the string prefix letters (r, b, f, u, t in any case
// and combination) that stand right before the quote at i.
func prefixOf(src string, i int) string {
	j := i
	for j > 0 && i-j < 2 && strings.IndexByte("rRbBfFuUtT", src[j-1]) >= 0 {
		j--
	}
	if j > 0 && isIdentByte(src[j-1]) {
		return "" // the letters end a name: x"..." is no prefix
	}
	return strings.ToLower(src[j:i])
}

// skipString moves past the string literal whose opening quote is at
// s.pos, counting the newlines inside it.
func (s *pyScanner) skipString(prefix string) {
	q := s.src[s.pos]
	raw := strings.ContainsRune(prefix, 'r')
	format := strings.ContainsAny(prefix, "ft")
	triple := strings.HasPrefix(s.src[s.pos:], strings.Repeat(string(q), 3))
	if triple {
		s.pos += 3
	} else {
		s.pos++
	}
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == '\\' && !raw:
			s.pos++
			if s.pos < len(s.src) && s.src[s.pos] == '\n' {
				s.line++
			}
		case c == '\n':
			s.line++
			if !triple {
				return // unterminated: the line ends it
			}
		case format && c == '{':
			if strings.HasPrefix(s.src[s.pos:], "{{") {
				s.pos++
			} else {
				s.pos++
				s.skipReplacement()
				continue
			}
		case c == q && (!triple || strings.HasPrefix(s.src[s.pos:], strings.Repeat(string(q), 3))):
			if triple {
				s.pos += 3
			} else {
				s.pos++
			}
			return
		}
		s.pos++
	}
}

// skipReplacement moves past an f-string replacement field, which is
// code and may hold strings with any quotes and nested braces.
func (s *pyScanner) skipReplacement() {
	depth := 1
	for s.pos < len(s.src) && depth > 0 {
		switch c := s.src[s.pos]; c {
		case '{', '(', '[':
			depth++
		case '}', ')', ']':
			depth--
		case '"', '\'':
			s.skipString(prefixOf(s.src, s.pos))
			continue
		case '\n':
			s.line++
		}
		s.pos++
	}
}

// isIdentByte reports whether c may occur in a Python name (ASCII part).
func isIdentByte(c byte) bool {
	return c == '_' || ('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || c >= 0x80
}
