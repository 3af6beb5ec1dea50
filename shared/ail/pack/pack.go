// Package pack is the AILv1 encoder behind `si ail pack` and the MCP
// tools: it redacts secrets, turns source files and the fenced code
// blocks of a chat log into @SIG lines, keeps every other non-blank line
// as @CTX, and appends the @LOG and @NEXT entries it is given. It never
// guesses which approaches were rejected or what is still open.
package pack

import (
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ail"
	"github.com/session-intelligence/session-intelligence/shared/ail/codesig"
	"github.com/session-intelligence/session-intelligence/shared/core/redact"
)

// MaxInput caps what one pack reads: far above a session's hand-off,
// below what would make the snapshot too large for the decoder.
const MaxInput = 8 << 20

// Options control a pack.
type Options struct {
	Log      []ail.Rejection // rejected approaches, in order
	Next     []string        // open tasks
	NoRedact bool            // keep secrets, e-mail and IP addresses
	Counter  ail.Counter     // measures pointer savings; nil: no pointers
}

// Result is a snapshot and what redaction replaced in it.
type Result struct {
	Text     string
	Redacted redact.Report
}

// Text packs prose or a chat log.
func Text(text string, opt Options) (Result, error) {
	if len(text) > MaxInput {
		return Result{}, fmt.Errorf("pack: input of %d bytes is over the %d-byte limit", len(text), MaxInput)
	}
	text, rep := opt.redact(text)
	lines := chatLines(text)
	return opt.finish(lines, rep)
}

// Source packs a source file into its signatures; name picks the
// language (.go, .py) and becomes the file of every @SIG line.
func Source(name string, src []byte, opt Options) (Result, error) {
	sigs, rep, err := Sigs(codesig.LangOfPath(name), name, src, opt.NoRedact)
	if err != nil {
		return Result{}, err
	}
	lines := make([]ail.Line, 0, len(sigs))
	for _, s := range sigs {
		l, err := ail.SigLine(s)
		if err != nil {
			return Result{}, fmt.Errorf("pack %s: %w", name, err)
		}
		lines = append(lines, l)
	}
	return opt.finish(lines, rep)
}

// Sigs extracts the signatures of source code in lang, redacting it
// first unless noRedact; name is the file written in each signature.
func Sigs(lang codesig.Lang, name string, src []byte, noRedact bool) ([]ail.Sig, redact.Report, error) {
	if len(src) > MaxInput {
		return nil, nil, fmt.Errorf("sig %s: %d bytes is over the %d-byte limit", name, len(src), MaxInput)
	}
	if lang != codesig.LangGo && lang != codesig.LangPython {
		return nil, nil, fmt.Errorf("sig %s: no signature extractor for this file type (want .go or .py)", name)
	}
	var rep redact.Report
	if !noRedact {
		src, rep = redact.Bytes(src, redact.All())
	}
	sigs, err := codesig.Extract(lang, name, src)
	if err != nil {
		return nil, nil, fmt.Errorf("sig: %w", err)
	}
	return sigs, rep, nil
}

// redact applies redaction to text unless turned off.
func (o Options) redact(text string) (string, redact.Report) {
	if o.NoRedact {
		return text, nil
	}
	return redact.String(text, redact.All())
}

// finish appends the @LOG and @NEXT lines, redacted like the rest, and
// encodes. The body lines were redacted as a whole already, so that
// secrets spanning lines (private key blocks) are caught.
func (o Options) finish(lines []ail.Line, rep redact.Report) (Result, error) {
	for _, r := range o.Log {
		r.Tried, rep = o.redactMore(r.Tried, rep)
		r.Reason, rep = o.redactMore(r.Reason, rep)
		r.Instead, rep = o.redactMore(r.Instead, rep)
		l, err := ail.LogLine(r)
		if err != nil {
			return Result{}, fmt.Errorf("pack: %w", err)
		}
		lines = append(lines, l)
	}
	if len(o.Next) > 0 {
		tasks := make([]string, len(o.Next))
		for i, t := range o.Next {
			tasks[i], rep = o.redactMore(t, rep)
		}
		l, err := ail.NextLine(tasks...)
		if err != nil {
			return Result{}, fmt.Errorf("pack: %w", err)
		}
		lines = append(lines, l)
	}
	text, _, err := ail.Encode(lines, ail.Options{Counter: o.Counter, NoRedact: true})
	if err != nil {
		return Result{}, fmt.Errorf("pack: %w", err)
	}
	return Result{Text: text, Redacted: rep}, nil
}

// redactMore redacts s and adds to rep.
func (o Options) redactMore(s string, rep redact.Report) (string, redact.Report) {
	s, r := o.redact(s)
	for k, n := range r {
		if rep == nil {
			rep = redact.Report{}
		}
		rep[k] += n
	}
	return s, rep
}

// ParseLogArg reads a rejected approach written "tried|reason|instead".
func ParseLogArg(s string) (ail.Rejection, error) {
	parts := strings.SplitN(s, "|", 3)
	if len(parts) != 3 || hasBlank(parts) {
		return ail.Rejection{}, fmt.Errorf("log entry %q: want tried|reason|instead", s)
	}
	return ail.Rejection{Tried: parts[0], Reason: parts[1], Instead: parts[2]}, nil
}

func hasBlank(parts []string) bool {
	for _, p := range parts {
		if strings.TrimSpace(p) == "" {
			return true
		}
	}
	return false
}
