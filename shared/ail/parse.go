package ail

import (
	"cmp"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
	"unicode/utf8"
)

// This file is the decoder's outer loop: limits, lines, the header,
// comments and section tags. It follows the grammar in grammar.go
// exactly unless [DecodeOptions.Lenient] asks for the repairs of
// lenient.go.

// DecodeOptions control [Decode] and [DecodeString]. The zero value
// decodes strictly with [DefaultLimits] and stops at the first problem.
type DecodeOptions struct {
	Limits Limits
	// Lenient accepts the near-misses that models write (see the
	// repairs in lenient.go) and lists every repair it made; what it
	// cannot repair is still refused. The document it returns is in
	// strict form: its [Document.Format] decodes strictly.
	Lenient bool
	// AllErrors goes on past a refused line and returns every problem,
	// up to [MaxErrors], as [Errors]; otherwise the first one is
	// returned as an *[Error].
	AllErrors bool
}

// Parse reads and decodes one document strictly. It fails on the first
// problem with an *[Error] naming the line and what was expected there.
// Pointers stay unresolved; see [Document.Hydrate].
func Parse(r io.Reader, lim Limits) (*Document, error) {
	d, _, err := Decode(r, DecodeOptions{Limits: lim})
	return d, err
}

// ParseString is [Parse] for a document already in memory.
func ParseString(s string, lim Limits) (*Document, error) {
	d, _, err := DecodeString(s, DecodeOptions{Limits: lim})
	return d, err
}

// Decode reads one document with options; the repairs are those of
// lenient decoding, in line order.
func Decode(r io.Reader, opt DecodeOptions) (*Document, []Repair, error) {
	lim := opt.Limits.withDefaults()
	var b strings.Builder
	// Read into the string decoded, not into bytes copied to one; a file
	// says its size, so that 16 MB are not reached by doubling.
	if f, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			b.Grow(int(min(fi.Size(), int64(lim.MaxInput))) + 1)
		}
	}
	if _, err := io.Copy(&b, io.LimitReader(r, int64(lim.MaxInput)+1)); err != nil {
		return nil, nil, fmt.Errorf("read snapshot: %w", err)
	}
	return DecodeString(b.String(), opt)
}

// DecodeString is [Decode] for a document already in memory.
func DecodeString(s string, opt DecodeOptions) (*Document, []Repair, error) {
	opt.Limits = opt.Limits.withDefaults()
	if len(s) > opt.Limits.MaxInput {
		return nil, nil, &Error{Kind: ErrTooLarge, Msg: fmt.Sprintf("snapshot over the %d-byte limit", opt.Limits.MaxInput)}
	}
	d := &decoder{opt: opt, doc: presized(s), budget: opt.Limits.MaxInput - len(s)}
	no := 0
	for s != "" && !d.full() {
		if n := d.blankRun(no+1, s); n > 0 {
			no, s = no+n, s[n:]
			continue
		}
		no++
		line, rest, nl := cutLine(s)
		s = rest
		d.line(no, line, nl)
	}
	if !d.header && !d.full() {
		d.fail(&Error{Line: 1, Kind: ErrNoHeader, Msg: fmt.Sprintf("expected %q on the first line, found the end of the input", Header)})
	}
	if opt.Lenient && !d.full() {
		d.resolve()
	}
	return d.result()
}

// decoder is the state of one decoding.
type decoder struct {
	opt     DecodeOptions
	doc     *Document
	header  bool
	ids     index    // of doc.Mem: every pointer defined so far
	words   []string // eachGroup's list, reused from line to line
	repairs []Repair
	more    int // repairs past MaxRepairs: counted, not listed
	errs    Errors
	// Lenient only: the @MEM values and @LOG lines whose identifier
	// holds a $N to copy, and how many bytes copies may still add.
	memRefs int   // @MEM values marked in ids
	logRefs []int // positions in doc.Lines
	budget  int
}

// full reports whether decoding must stop.
func (d *decoder) full() bool {
	return len(d.errs) >= MaxErrors || (len(d.errs) > 0 && !d.opt.AllErrors)
}

func (d *decoder) fail(e *Error) { d.errs = append(d.errs, e) }

// repair lists one repair, or counts it once MaxRepairs are listed: a
// document of a million blank lines must not cost a million messages.
func (d *decoder) repair(no int, kind error, format string, args ...any) {
	if len(d.repairs) >= MaxRepairs {
		d.more++
		return
	}
	d.repairs = append(d.repairs, Repair{Line: no, Kind: kind, Msg: fmt.Sprintf(format, args...)})
}

// blankRun drops, when decoding leniently, the empty lines s starts
// with past the header, and returns how many: the most common near-miss
// costs a byte each, not a line's worth of checks. no is the first one's.
func (d *decoder) blankRun(no int, s string) int {
	if !d.opt.Lenient || !d.header {
		return 0
	}
	n := len(s) - len(strings.TrimLeft(s, "\n"))
	for i := range n {
		if len(d.repairs) >= MaxRepairs {
			d.more += n - i
			break
		}
		d.repair(no+i, ErrBlankLine, "dropped the blank line")
	}
	return n
}

// result is what DecodeString returns.
func (d *decoder) result() (*Document, []Repair, error) {
	// Pointer copies are made at the end; report them in line order.
	slices.SortStableFunc(d.repairs, func(a, b Repair) int { return cmp.Compare(a.Line, b.Line) })
	if d.more > 0 {
		d.repairs = append(d.repairs, Repair{Kind: ErrManyRepairs, Msg: fmt.Sprintf("and %d more repairs, not listed", d.more)})
	}
	switch {
	case len(d.errs) == 0:
		return d.doc, d.repairs, nil
	case d.opt.AllErrors:
		return nil, d.repairs, d.errs
	}
	return nil, d.repairs, d.errs[0]
}

// presized is an empty document with room for the sections and pointer
// definitions s can hold: counting first is cheaper than growing a list
// of millions of lines by copies. Lines start with "@" (after white
// space, for lenient decoding); definitions with " $".
func presized(s string) *Document {
	lines, defs := 0, 0
	for s != "" {
		line, rest, _ := cutLine(s)
		s = rest
		line = strings.TrimLeft(line, " \t")
		switch {
		case strings.HasPrefix(line, string(KindMem)):
			defs += strings.Count(line, " $")
		case strings.HasPrefix(line, "@"):
			lines++
		}
	}
	return &Document{Lines: make([]Line, 0, lines), Mem: make([]Pointer, 0, min(defs, maxPointerID))}
}

// cutLine splits off the first line of s; nl says whether a newline
// ended it.
func cutLine(s string) (line, rest string, nl bool) {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}

// line handles one input line. A CR before the LF belongs to the
// newline (NEWLINE = LF | CR LF).
func (d *decoder) line(no int, raw string, nl bool) {
	if len(raw) > d.opt.Limits.MaxLine {
		d.fail(&Error{Line: no, Kind: ErrLineTooLong, Msg: fmt.Sprintf("%d bytes, over the %d-byte line limit", len(raw), d.opt.Limits.MaxLine)})
		return
	}
	text := strings.TrimSuffix(raw, "\r")
	if err := checkText(text); err != nil {
		d.fail(lineError(no, "", err))
		return
	}
	if d.opt.Lenient {
		var keep bool
		if text, keep = d.fixLine(no, text); !keep {
			return
		}
	}
	if e := d.content(no, text); e != nil {
		d.fail(e)
		return
	}
	switch {
	case nl:
	case d.opt.Lenient:
		d.repair(no, ErrNoNewline, "added the newline at the end of the last line")
	default:
		d.fail(&Error{Line: no, Kind: ErrNoNewline, Msg: "expected a newline at the end of the line, found the end of the input"})
	}
}

// content checks one line's text.
func (d *decoder) content(no int, text string) *Error {
	switch {
	case !d.header:
		return d.headerLine(no, text)
	case strings.HasPrefix(text, "#"):
		return nil
	case text == Header:
		return &Error{Line: no, Kind: ErrRepeatedHeader, Msg: "header repeated: expected a section or a # comment"}
	case text == "":
		return &Error{Line: no, Kind: ErrBlankLine, Msg: "expected a section or a # comment, found an empty line"}
	case padded(text):
		return &Error{Line: no, Kind: ErrSpace, Msg: fmt.Sprintf("expected the line without white space at its start or end, found %s", excerpt(text))}
	case text[0] != '@':
		return &Error{Line: no, Kind: ErrNotSection, Msg: fmt.Sprintf("expected a section (@MEM, @CTX, @ARCH, @LOG, @SIG, @NEXT) or a # comment, found %s", excerpt(text))}
	}
	return d.section(no, text)
}

// headerLine checks the first line. With AllErrors, a section written
// where the header should be is checked too.
func (d *decoder) headerLine(no int, text string) *Error {
	d.header = true
	if text == Header {
		return nil
	}
	e := &Error{Line: no, Kind: ErrNoHeader, Msg: fmt.Sprintf("expected %q on the first line, found %s", Header, quote(text))}
	if d.opt.AllErrors && strings.HasPrefix(text, "@") {
		d.fail(e)
		return d.content(no, text)
	}
	return e
}

// section checks one section line and adds it to the document.
func (d *decoder) section(no int, text string) *Error {
	kind, body, err := splitTag(text)
	if err != nil {
		return lineError(no, "", err)
	}
	if kind == KindMem {
		return d.mem(no, body)
	}
	if err := checkBody(kind, body, d.opt.Lenient); err != nil {
		return lineError(no, kind, err)
	}
	d.doc.Lines = append(d.doc.Lines, Line{No: no, Kind: kind, Body: body})
	if kind == KindLog && strings.Contains(body[:strings.IndexByte(body, '(')], "$") {
		d.logRefs = append(d.logRefs, len(d.doc.Lines)-1)
	}
	return nil
}

// splitTag splits "@TAG body" at its one space.
func splitTag(text string) (Kind, string, error) {
	end := strings.IndexFunc(text, isWhite)
	if end < 0 {
		end = len(text)
	}
	kind, ok := kinds[text[:end]]
	if !ok {
		if k := gluedTag(text); k != "" {
			return "", "", faultf(ErrSpace, "%s: expected \" \" after the tag, found %s", k, excerpt(text[len(k):]))
		}
		return "", "", faultf(ErrUnknownSection, "unknown section %s: expected @MEM, @CTX, @ARCH, @LOG, @SIG or @NEXT", excerpt(text[:end]))
	}
	if end == len(text) {
		return kind, "", nil
	}
	if text[end] != ' ' {
		_, size := utf8.DecodeRuneInString(text[end:])
		return "", "", faultf(ErrSpace, "%s: expected \" \" after the tag, found %s", kind, excerpt(text[end:end+size]))
	}
	body := text[end+1:]
	if r, _ := utf8.DecodeRuneInString(body); isWhite(r) {
		return "", "", faultf(ErrSpace, "%s: expected one space after the tag, found more", kind)
	}
	return kind, body, nil
}

// tagOrder lists the tags for prefix matching; none is a prefix of
// another.
var tagOrder = []Kind{KindMem, KindCtx, KindArch, KindLog, KindSig, KindNext}

// gluedTag returns the tag that text starts with when a character that
// cannot continue a tag follows it directly ("@NEXT?a"), else "".
func gluedTag(text string) Kind {
	for _, k := range tagOrder {
		rest, ok := strings.CutPrefix(text, string(k))
		if !ok || rest == "" {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(rest); !isIdentRune(r) {
			return k
		}
	}
	return ""
}
