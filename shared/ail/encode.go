package ail

import (
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/core/redact"
)

// Counter counts the tokens of a text; shared/ail/cl100k provides one.
type Counter interface {
	Count(text string) int
}

// Options control [Encode]. The zero value redacts and uses no pointers.
type Options struct {
	// Counter measures whether a $N pointer saves tokens; nil means no
	// pointers (what hook binaries, which link no tokenizer, get).
	Counter Counter
	// NoRedact keeps secrets, e-mail and IP addresses as they are.
	NoRedact bool
	// Limits is what the result must fit: a snapshot that the decoder
	// would refuse is an error here. Zero fields take the defaults.
	Limits Limits
}

// Encode writes lines as an AILv1 document. Secrets are redacted first
// (unless opt.NoRedact), then recurring terms become $N pointers where
// opt.Counter shows that this saves tokens. Lines come from [Ctx], [Arch],
// [LogLine], [SigLine] and [NextLine]; a line that does not fit its
// section's grammar is an error naming its position.
func Encode(lines []Line, opt Options) (string, redact.Report, error) {
	lim := opt.Limits.withDefaults()
	out := make([]Line, 0, len(lines))
	var report redact.Report
	for i, l := range lines {
		body := l.Body
		if !opt.NoRedact {
			var r redact.Report
			body, r = redact.String(body, redact.All())
			report = merge(report, r)
		}
		if err := checkLine(l.Kind, body); err != nil {
			return "", nil, fmt.Errorf("encode line %d (%s): %w", i+1, l.Kind, err)
		}
		out = append(out, Line{Kind: l.Kind, Body: body})
	}
	doc := &Document{Lines: out}
	if opt.Counter != nil {
		doc = pointerize(out, opt.Counter)
	}
	text := doc.Format()
	if len(text) > lim.MaxInput {
		return "", nil, fmt.Errorf("encode: snapshot of %d bytes is over the decoder's %d-byte limit", len(text), lim.MaxInput)
	}
	for i, l := range strings.Split(text, "\n") {
		if len(l) > lim.MaxLine {
			return "", nil, fmt.Errorf("encode: snapshot line %d has %d bytes, over the decoder's %d-byte line limit", i+1, len(l), lim.MaxLine)
		}
	}
	return text, report, nil
}

// checkLine validates a line about to be written.
func checkLine(k Kind, body string) error {
	if k == KindMem || kinds[string(k)] != k {
		return fmt.Errorf("cannot write a %q line", k)
	}
	if body != strings.TrimSpace(body) {
		return fmt.Errorf("body has surrounding white space")
	}
	if err := checkText(0, body); err != nil {
		return err
	}
	return checkBody(k, body)
}

// merge adds the counts of b to a.
func merge(a, b redact.Report) redact.Report {
	if len(b) == 0 {
		return a
	}
	if a == nil {
		a = redact.Report{}
	}
	for k, n := range b {
		a[k] += n
	}
	return a
}

// Ctx returns text as @CTX lines: one per non-blank line, trimmed, with
// invalid UTF-8 and control characters replaced by U+FFFD.
func Ctx(text string) []Line { return prose(KindCtx, text) }

// Arch is [Ctx] for @ARCH lines.
func Arch(text string) []Line { return prose(KindArch, text) }

func prose(k Kind, text string) []Line {
	out := make([]Line, 0, strings.Count(text, "\n")+1)
	for text != "" {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		if line = clean(strings.TrimSpace(line)); line != "" {
			out = append(out, Line{Kind: k, Body: line})
		}
	}
	return out
}

// clean replaces invalid UTF-8 and control characters other than tab
// with U+FFFD; clean input is returned as it is.
func clean(s string) string {
	if checkText(0, s) == nil {
		return s
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	return strings.Map(func(r rune) rune {
		if (r < 0x20 && r != '\t') || r == 0x7f {
			return utf8.RuneError
		}
		return r
	}, s)
}

// word joins the fields of s with underscores: the identifier style that
// @LOG names and @NEXT tasks use.
func word(s string) string { return clean(strings.Join(strings.Fields(s), "_")) }

// oneLine collapses all white space runs of s to single blanks.
func oneLine(s string) string { return clean(strings.Join(strings.Fields(s), " ")) }

// LogLine builds a @LOG line. The rejected approach is written as one
// word (blanks become underscores, parentheses too).
func LogLine(r Rejection) (Line, error) {
	r = Rejection{
		Tried:   strings.NewReplacer("(", "_", ")", "_").Replace(word(r.Tried)),
		Reason:  oneLine(r.Reason),
		Instead: oneLine(r.Instead),
	}
	body := r.String()
	if back, err := ParseLog(body); err != nil || back != r {
		return Line{}, fmt.Errorf("log entry %s does not fit %v", excerpt(body), errLogShape)
	}
	return Line{Kind: KindLog, Body: body}, nil
}

// NextLine builds a @NEXT line from tasks; blanks inside a task become
// underscores and empty tasks are dropped.
func NextLine(tasks ...string) (Line, error) {
	var ws []string
	for _, t := range tasks {
		if w := word(t); w != "" {
			ws = append(ws, "?"+w)
		}
	}
	if len(ws) == 0 {
		return Line{}, fmt.Errorf("no task given")
	}
	return Line{Kind: KindNext, Body: strings.Join(ws, " ")}, nil
}

// SigLine builds a @SIG line, collapsing white space in every part.
func SigLine(s Sig) (Line, error) {
	s.File, s.Name, s.Ret = word(s.File), oneLine(s.Name), oneLine(s.Ret)
	s.Args, s.Mutates = oneLines(s.Args), oneLines(s.Mutates)
	body := s.String()
	back, err := ParseSig(body)
	if err == nil && !reflect.DeepEqual(back, s) {
		err = fmt.Errorf("%s reads back differently", excerpt(body))
	}
	if err != nil {
		return Line{}, fmt.Errorf("signature %s: %w", s.Name, err)
	}
	return Line{Kind: KindSig, Body: body}, nil
}

// oneLines applies oneLine to every element; empty becomes nil, as
// ParseSig returns it.
func oneLines(xs []string) []string {
	if len(xs) == 0 {
		return nil
	}
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = oneLine(x)
	}
	return out
}
