package shell

import (
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// walker collects the simple commands of a parsed command line.
type walker struct {
	calls []Call
}

// stmts walks a statement list and returns the directory after it: a cd
// in one statement moves the ones after it.
func (w *walker) stmts(list []*syntax.Stmt, dir string, depth int) string {
	for _, s := range list {
		dir = w.stmt(s, dir, depth)
	}
	return dir
}

func (w *walker) stmt(s *syntax.Stmt, dir string, depth int) string {
	if s == nil || depth > MaxNesting || len(w.calls) >= maxCalls {
		return dir
	}
	var redirs []Word
	for _, r := range s.Redirs {
		if r.Word != nil && fileRedirect(r.Op) {
			redirs = append(redirs, w.word(r.Word, dir, depth))
		}
	}
	next := w.command(s.Cmd, dir, depth)
	if len(redirs) > 0 {
		w.calls = append(w.calls, Call{Dir: dir, Redirs: redirs})
	}
	return next
}

// fileRedirect reports whether a redirection's word names a file (not a
// file descriptor, a heredoc delimiter or a here-string).
func fileRedirect(op syntax.RedirOperator) bool {
	switch op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrIn, syntax.RdrInOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll:
		return true
	}
	return false
}

// command walks one command. Subshells and pipeline stages run in a shell
// of their own, so a cd inside them does not move what follows.
func (w *walker) command(c syntax.Command, dir string, depth int) string {
	depth++
	switch c := c.(type) {
	case *syntax.CallExpr:
		return w.callExpr(c, dir, depth)
	case *syntax.BinaryCmd:
		after := w.stmt(c.X, dir, depth)
		if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
			w.stmt(c.Y, dir, depth)
			return dir
		}
		return w.stmt(c.Y, after, depth)
	case *syntax.Subshell:
		w.stmts(c.Stmts, dir, depth)
	case *syntax.Block:
		return w.stmts(c.Stmts, dir, depth)
	case *syntax.TimeClause:
		return w.stmt(c.Stmt, dir, depth)
	case *syntax.IfClause:
		for ; c != nil; c = c.Else {
			w.stmts(c.Cond, dir, depth)
			w.stmts(c.Then, dir, depth)
		}
	case *syntax.WhileClause:
		w.stmts(c.Cond, dir, depth)
		w.stmts(c.Do, dir, depth)
	case *syntax.ForClause:
		if it, ok := c.Loop.(*syntax.WordIter); ok {
			w.loopItems(it.Items, dir, depth)
		}
		w.stmts(c.Do, dir, depth)
	case *syntax.CaseClause:
		for _, item := range c.Items {
			w.stmts(item.Stmts, dir, depth)
		}
	case *syntax.DeclClause:
		for _, a := range c.Args {
			w.assign(a, dir, depth)
		}
	case *syntax.FuncDecl:
		w.stmt(c.Body, dir, depth)
	case *syntax.TestClause:
		args := []Word{Lit("[[")}
		w.calls = append(w.calls, Call{Dir: dir, Args: w.testWords(c.X, args, dir, depth)})
	}
	return dir
}

// testWords flattens [[ ]] into the words test would get: the file tests
// with their operand (-f x), and the other words.
func (w *walker) testWords(x syntax.TestExpr, args []Word, dir string, depth int) []Word {
	if len(args) >= maxArgs || depth > MaxNesting {
		return args
	}
	switch x := x.(type) {
	case *syntax.UnaryTest:
		args = append(args, Lit(x.Op.String()))
		return w.testWords(x.X, args, dir, depth+1)
	case *syntax.BinaryTest:
		return w.testWords(x.Y, w.testWords(x.X, args, dir, depth+1), dir, depth+1)
	case *syntax.ParenTest:
		return w.testWords(x.X, args, dir, depth+1)
	case *syntax.Word:
		return append(args, w.word(x, dir, depth))
	}
	return args
}

// loopItems keeps the words of `for f in src/*.go` as the operands of an
// unnamed command, so a glob over a directory counts.
func (w *walker) loopItems(items []*syntax.Word, dir string, depth int) {
	args := []Word{Lit("for")}
	for _, it := range items[:min(len(items), maxArgs)] {
		args = append(args, w.word(it, dir, depth))
	}
	w.calls = append(w.calls, Call{Dir: dir, Args: args})
}

// callExpr records a simple command and follows cd and pushd.
func (w *walker) callExpr(c *syntax.CallExpr, dir string, depth int) string {
	for _, a := range c.Assigns {
		w.assign(a, dir, depth)
	}
	if len(c.Args) == 0 {
		return dir
	}
	args := make([]Word, 0, min(len(c.Args), maxArgs))
	for _, a := range c.Args[:min(len(c.Args), maxArgs)] {
		args = append(args, w.word(a, dir, depth))
	}
	w.calls = append(w.calls, Call{Dir: dir, Args: args})
	if name := args[0].Text; name == "cd" || name == "pushd" {
		return chdir(dir, args[1:])
	}
	return dir
}

// chdir is where cd ARGS goes from dir: "" when it cannot be known
// (cd with no argument goes home, cd - goes back, cd "$X").
func chdir(dir string, args []Word) string {
	for _, a := range args {
		switch {
		case a.Text == "--" || a.Text == "-P" || a.Text == "-L":
			continue
		case !a.Literal() || a.Text == "-" || strings.HasPrefix(a.Text, "~"):
			return ""
		case paths.Rooted(a.Text):
			return filepath.Clean(a.Text)
		case dir == "":
			return ""
		}
		return filepath.Join(dir, a.Text)
	}
	return ""
}

// assign looks inside the value of X=... for command substitutions.
func (w *walker) assign(a *syntax.Assign, dir string, depth int) {
	if a != nil && a.Value != nil {
		w.word(a.Value, dir, depth)
	}
}
