// Package ail reads and writes AILv1, a line-oriented format for handing
// session state from one model or agent to the next: recurring names as
// $N pointers (@MEM), context and data flow (@CTX, @ARCH), rejected
// approaches and why (@LOG), code signatures with their mutations (@SIG)
// and open tasks (@NEXT).
//
// The decoder is strict by default: it follows the format's EBNF, with
// the productions the source leaves open defined in grammar.go, and
// refuses anything else with an *[Error] that names the line, the kind
// of problem and what was expected there. [DecodeOptions.Lenient]
// accepts the near-misses that models write and lists each [Repair].
// What the encoder writes always decodes strictly.
//
// The decoder only parses. A snapshot may carry text written to steer a
// model (a fake @NEXT task, "ignore previous instructions"); callers must
// present decoded content as data, never as instructions. Nothing here
// evaluates, fetches or runs anything a document says.
//
// The package links no tokenizer: [Encode] takes a [Counter] so that the
// CLI can measure pointer savings with cl100k while hook binaries stay
// small and encode without pointers.
package ail

import (
	"fmt"
	"strings"
)

// Header is the first line of every AILv1 document.
const Header = "!AILv1"

// Kind names a section by its tag.
type Kind string

// The sections of AILv1.
const (
	KindMem  Kind = "@MEM"  // pointer dictionary: $1=name $2=other
	KindCtx  Kind = "@CTX"  // context, prose
	KindArch Kind = "@ARCH" // topology, data flow
	KindLog  Kind = "@LOG"  // rejected approach: !tried(reason) -> ^instead
	KindSig  Kind = "@SIG"  // code signature: file|~name(args)->ret|mutates(...)
	KindNext Kind = "@NEXT" // open tasks: ?task ?task
)

// kinds maps a tag to its kind, for the parser.
var kinds = map[string]Kind{
	"@MEM": KindMem, "@CTX": KindCtx, "@ARCH": KindArch,
	"@LOG": KindLog, "@SIG": KindSig, "@NEXT": KindNext,
}

// Line is one section line other than @MEM, with pointers unresolved.
type Line struct {
	No   int    // 1-based line number in the input; 0 for lines built in code
	Kind Kind   // never KindMem
	Body string // the text after the tag, trimmed
}

// Pointer is one @MEM definition.
type Pointer struct {
	ID    int    // the N of $N
	Value string // what $N stands for: an identifier, never a pointer
	Line  int    // where it was defined; 0 for pointers built in code
}

// Document is a parsed snapshot: its pointer dictionary and its other
// section lines in input order.
type Document struct {
	Mem   []Pointer
	Lines []Line
}

// Limits caps what the decoder accepts and produces. Zero fields take
// the defaults of [DefaultLimits].
type Limits struct {
	MaxInput  int // bytes of the whole document
	MaxLine   int // bytes of one line
	MaxOutput int // bytes of hydrated text
}

// DefaultLimits fit any real hand-off with a wide margin: 16 MiB in,
// 1 MiB per line, 32 MiB out.
func DefaultLimits() Limits {
	return Limits{MaxInput: 16 << 20, MaxLine: 1 << 20, MaxOutput: 32 << 20}
}

// withDefaults fills zero fields.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.MaxInput <= 0 {
		l.MaxInput = d.MaxInput
	}
	if l.MaxLine <= 0 {
		l.MaxLine = d.MaxLine
	}
	if l.MaxOutput <= 0 {
		l.MaxOutput = d.MaxOutput
	}
	return l
}

// Format writes d in canonical form: the header, one @MEM line when there
// are pointers, then every line. Parsing the result gives d back (line
// numbers aside).
func (d *Document) Format() string {
	var b strings.Builder
	b.Grow(d.size())
	b.WriteString(Header)
	b.WriteByte('\n')
	if len(d.Mem) > 0 {
		b.WriteString(string(KindMem))
		for _, p := range d.Mem {
			fmt.Fprintf(&b, " $%d=%s", p.ID, p.Value)
		}
		b.WriteByte('\n')
	}
	for _, l := range d.Lines {
		b.WriteString(string(l.Kind))
		if l.Body != "" {
			b.WriteByte(' ')
			b.WriteString(l.Body)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// size is about the length of the canonical form: exact without
// pointers, a little under with them.
func (d *Document) size() int {
	n := len(Header) + 1
	for _, p := range d.Mem {
		n += len(p.Value) + 8
	}
	for _, l := range d.Lines {
		n += len(l.Kind) + len(l.Body) + 2
	}
	return n
}
