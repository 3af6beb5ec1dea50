// Package shell splits a Bash command line into the simple commands it
// runs, each with its words unquoted and the directory it runs in. It is
// the one wrapper of the shell parser (mvdan.cc/sh/v3/syntax), and it
// enforces the caps on what it is given: the command is untrusted text
// written by the model.
package shell

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Caps on the parse, all checked before parsing so that the outcome is
// the same on a busy machine as on an idle one (a replay must map a
// session's calls the same way every time). A command over MaxBytes,
// nested deeper than MaxNesting or with more than MaxTokens is refused.
// The corpus's longest Bash command is 2.6 KB (p99 1.3 KB). Parse time
// grows with the tokens: 4,096 of them (a 16 KB pipeline of one-letter
// commands) take about 1.5 ms on a loaded 2-core machine, where an
// ordinary command takes microseconds. Deep $( ) nesting makes the parser
// slow too (3 ms for 1,000 levels).
const (
	MaxBytes   = 16 << 10
	MaxNesting = 32
	MaxTokens  = 4096
	maxCalls   = 64 // simple commands kept from one command line
	maxArgs    = 256
)

// Why [Parse] refused a command; a syntax error is returned as the
// parser's own error.
var (
	ErrTooLong  = errors.New("command too long")
	ErrTooDeep  = errors.New("command nested too deeply")
	ErrTooBusy  = errors.New("command has too many tokens")
	errPanicked = errors.New("shell parser panicked")
)

// Call is one simple command: its words (the command name first), the
// directory it runs in ("" when a cd went somewhere that cannot be known,
// such as cd "$X") and the words its file redirections name. A call made
// only of redirections has no Args.
type Call struct {
	Dir    string
	Args   []Word
	Redirs []Word
}

// Word is a shell word with quotes and backslashes removed. Cut is the
// offset in Text of the first wildcard or expansion, -1 when the word is
// fully literal: only Text[:Cut] is known for sure. Wild says the cut is
// a wildcard, which stays in its directory (*.go), rather than an
// expansion, which may be anything ($HOME).
type Word struct {
	Text string
	Cut  int
	Wild bool
}

// Literal reports whether the word has no wildcard or expansion.
func (w Word) Literal() bool { return w.Cut < 0 }

// Lit is a fully literal word.
func Lit(s string) Word { return Word{Text: s, Cut: -1} }

// Parse returns the simple commands of cmd in the order they run, the
// ones inside $( ), backquotes and <( ) before the command using them. A
// cd moves the commands after it in the same shell, resolved against dir;
// subshells and pipeline stages keep theirs. Parse never panics.
func Parse(cmd, dir string) (calls []Call, err error) {
	if len(cmd) > MaxBytes {
		return nil, ErrTooLong
	}
	depth, tokens := measure(cmd)
	switch {
	case depth > MaxNesting:
		return nil, ErrTooDeep
	case tokens > MaxTokens:
		return nil, ErrTooBusy
	}
	defer func() {
		if recover() != nil {
			calls, err = nil, errPanicked
		}
	}()
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return nil, err
	}
	w := &walker{}
	w.stmts(f.Stmts, dir, 0)
	return w.calls, nil
}

// measure returns the deepest bracket nesting of cmd, counting ( { and
// pairs of backquotes, and its tokens, counting every byte that can end
// or start one (blanks, operators, expansions), all regardless of
// quoting: an overestimate only sends a pathological command away.
func measure(cmd string) (depth, tokens int) {
	open, ticks := 0, 0
	for i := 0; i < len(cmd); i++ {
		switch cmd[i] {
		case '(', '{':
			open++
		case ')', '}':
			open = max(open-1, 0)
		case '`':
			ticks++
		}
		switch cmd[i] {
		case ' ', '\t', '\n', '|', '&', ';', '<', '>', '(', ')', '{', '}', '`', '$':
			tokens++
		}
		depth = max(depth, open)
	}
	return max(depth, ticks/2), tokens
}
