package ail

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Parse reads and validates one document. It checks the header and every
// section, and fails on the first problem with an *Error naming the line.
// Pointers stay unresolved; see [Document.Hydrate].
func Parse(r io.Reader, lim Limits) (*Document, error) {
	lim = lim.withDefaults()
	data, err := io.ReadAll(io.LimitReader(r, int64(lim.MaxInput)+1))
	if err != nil {
		return nil, fmt.Errorf("read snapshot: %w", err)
	}
	if len(data) > lim.MaxInput {
		return nil, &Error{Msg: fmt.Sprintf("snapshot over the %d-byte limit", lim.MaxInput)}
	}
	return ParseString(string(data), lim)
}

// ParseString is [Parse] for a document already in memory.
func ParseString(s string, lim Limits) (*Document, error) {
	lim = lim.withDefaults()
	if len(s) > lim.MaxInput {
		return nil, &Error{Msg: fmt.Sprintf("snapshot over the %d-byte limit", lim.MaxInput)}
	}
	p := parser{doc: &Document{}, defined: map[int]int{}}
	for no := 1; s != ""; no++ {
		raw := s
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			raw, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		if len(raw) > lim.MaxLine {
			return nil, errorf(no, "%d bytes, over the %d-byte line limit", len(raw), lim.MaxLine)
		}
		if err := p.line(no, raw); err != nil {
			return nil, err
		}
	}
	if !p.header {
		return nil, &Error{Line: 1, Msg: "missing " + Header + " header"}
	}
	return p.doc, nil
}

// parser holds the state of one Parse: whether the header was seen and
// which line defined each pointer.
type parser struct {
	doc     *Document
	header  bool
	defined map[int]int
}

// line handles one input line.
func (p *parser) line(no int, raw string) error {
	if err := checkText(no, raw); err != nil {
		return err
	}
	if no == 1 {
		raw = strings.TrimPrefix(raw, "\uFEFF")
	}
	text := strings.TrimSpace(raw)
	switch {
	case text == "":
		return nil
	case !p.header:
		if text != Header {
			return errorf(no, "missing %s header (got %s)", Header, excerpt(text))
		}
		p.header = true
		return nil
	case text[0] == '#':
		return nil
	case text == Header:
		return errorf(no, "header repeated")
	case text[0] != '@':
		return errorf(no, "not a section: want @MEM, @CTX, @ARCH, @LOG, @SIG, @NEXT or a # comment (got %s)", excerpt(text))
	}
	tag, body, _ := strings.Cut(text, " ")
	kind, ok := kinds[tag]
	if !ok {
		return errorf(no, "unknown section %s", excerpt(tag))
	}
	body = strings.TrimSpace(body)
	if kind == KindMem {
		return p.mem(no, body)
	}
	if err := checkBody(kind, body); err != nil {
		return errorf(no, "%s: %v", kind, err)
	}
	p.doc.Lines = append(p.doc.Lines, Line{No: no, Kind: kind, Body: body})
	return nil
}

// mem parses the definitions of one @MEM line.
func (p *parser) mem(no int, body string) error {
	for _, def := range strings.Fields(body) {
		id, value, err := parseDef(def)
		if err != nil {
			return errorf(no, "@MEM: %v", err)
		}
		if prev, dup := p.defined[id]; dup {
			return errorf(no, "@MEM: $%d already defined on line %d", id, prev)
		}
		p.defined[id] = no
		p.doc.Mem = append(p.doc.Mem, Pointer{ID: id, Value: value, Line: no})
	}
	return nil
}

// parseDef parses "$N=value".
func parseDef(def string) (int, string, error) {
	name, value, ok := strings.Cut(def, "=")
	if !ok || len(name) < 2 || name[0] != '$' {
		return 0, "", fmt.Errorf("want $N=value, got %s", excerpt(def))
	}
	id, n := pointerID(name, 1)
	if id == 0 || n != len(name) {
		return 0, "", fmt.Errorf("bad pointer %s: want $ and a number from 1 to %d without leading zeros", excerpt(name), maxPointerID)
	}
	if value == "" {
		return 0, "", fmt.Errorf("%s has an empty value", name)
	}
	return id, value, nil
}

// maxPointerID bounds $N; six digits are far more than any snapshot needs.
const maxPointerID = 999999

// pointerID reads the digits of a pointer starting at s[i] (just after
// the $). It returns the id, or 0 when the digits do not form one (none,
// a leading zero, too many), and the index after the digit run either way.
func pointerID(s string, i int) (id, end int) {
	end = i
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	if end == i || s[i] == '0' || end-i > 6 {
		return 0, end
	}
	for _, c := range s[i:end] {
		id = id*10 + int(c-'0')
	}
	return id, end
}

// checkText rejects invalid UTF-8 and control characters other than tab:
// decoded text ends up in terminals and prompts.
func checkText(no int, s string) error {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			// A carriage return may only end a line (CRLF files).
			if (c < 0x20 && c != '\t' && (c != '\r' || i != len(s)-1)) || c == 0x7f {
				return errorf(no, "control character %U at byte %d", rune(c), i+1)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return errorf(no, "invalid UTF-8 at byte %d", i+1)
		}
		i += size
	}
	return nil
}

// excerpt quotes the start of s for an error message.
func excerpt(s string) string {
	const n = 40
	if len(s) > n {
		cut := n
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return fmt.Sprintf("%q…", s[:cut])
	}
	return fmt.Sprintf("%q", s)
}
