package ail

import (
	"fmt"

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
			body, r = redactLine(l)
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
	// What the encoder writes must decode strictly under the caller's
	// limits; checking the whole output keeps that true whatever the
	// builders and the pointer search did.
	if _, err := ParseString(text, lim); err != nil {
		return "", nil, fmt.Errorf("encode: the snapshot would not decode: %w", err)
	}
	return text, report, nil
}

// checkLine validates a line about to be written.
func checkLine(k Kind, body string) error {
	if k == KindMem || kinds[string(k)] != k {
		return fmt.Errorf("cannot write a %q line", k)
	}
	if err := checkText(body); err != nil {
		return err
	}
	return checkBody(k, body, false)
}

// redactLine redacts the parts of a line one by one, so that a
// replacement cannot break the line's grammar: the rejected approach of
// a @LOG line stays an identifier. A body that does not parse is
// redacted whole (and then refused by the check).
func redactLine(l Line) (string, redact.Report) {
	var rep redact.Report
	red := func(s string) string {
		out, r := redact.String(s, redact.All())
		rep = merge(rep, r)
		return out
	}
	if checkBody(l.Kind, l.Body, false) != nil {
		return red(l.Body), rep
	}
	if l.Kind != KindLog {
		return rewrite(l, red), rep
	}
	r, _ := ParseLog(l.Body)
	clean := Rejection{red(r.Tried), red(r.Reason), red(r.Instead)}
	if clean == r {
		return l.Body, rep
	}
	built, err := LogLine(clean)
	if err != nil {
		rep = nil
		return red(l.Body), rep
	}
	return built.Body, rep
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
