package shape

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape/shell"
)

// word and call are the shell package's words and simple commands, which
// the rules read.
type (
	word = shell.Word
	call = shell.Call
)

// Caps on the paths one Bash command may cost: maxCommandProbes stat
// calls, maxLookups questions in all (the known-paths oracle is cheap but
// not free), maxCandidates paths considered.
const (
	maxCommandProbes = 8
	maxLookups       = 32
	maxCandidates    = 64
	maxPathBytes     = 4096
	maxScriptDepth   = 2 // bash -c 'bash -c "..."' is parsed this deep
)

// Weights of a candidate path. A command's own operand beats a path-like
// word, which beats the directory it moved to, which beats the directory
// it merely runs in.
const (
	wHere    = iota // where a project-wide command runs: git status, make
	wContext        // where the command moved: cd DIR, git -C DIR
	wArg            // a path-like word of a command without a rule; a redirection
	wOperand        // what a known command reads or works on: cat FILE, go test ./pkg
)

// cand is a path a command may work on: absolute and clean.
type cand struct {
	path   string
	weight int
}

// commandPath picks the one path a Bash command works on. It parses the
// command, asks each simple command's rule which of its words are paths
// (see rules.go), and returns the first candidate that exists, trying them
// by weight, then deepest first (the most specific path: cat src/a/x.go
// over ls src), then in command order. A command that does not parse
// falls back to the word scan.
func commandPath(cmd string, p *prober) (string, bool) {
	dir := p.env.Cwd
	if dir != "" { // in this system's form, as every path made from it is
		dir = filepath.Clean(dir)
	}
	calls, err := shell.Parse(cmd, dir)
	if err != nil {
		return scanPath(cmd[:min(len(cmd), shell.MaxBytes)], p)
	}
	var cands []cand
	for _, c := range calls {
		cands = append(cands, callCands(c, 0)...)
		if len(cands) >= maxCandidates {
			cands = cands[:maxCandidates]
			break
		}
	}
	return pick(cands, p)
}

// callCands returns the candidates of one simple command.
func callCands(c call, depth int) []cand {
	e := &emitter{dir: c.Dir, depth: depth}
	for _, r := range c.Redirs {
		e.add(r, wArg)
	}
	args := stripPrefixes(c.Args)
	if len(args) > 0 {
		ruleFor(commandName(args[0]))(e, args[1:])
	}
	return e.cands
}

// commandName is the base name of the command word: /usr/bin/grep is grep.
func commandName(w word) string {
	if !w.Literal() {
		return ""
	}
	return filepath.Base(w.Text)
}

// pick returns the best candidate that exists.
func pick(cands []cand, p *prober) (string, bool) {
	slices.SortStableFunc(cands, func(a, b cand) int {
		if a.weight != b.weight {
			return b.weight - a.weight
		}
		sep := string(filepath.Separator) // the paths are clean: '\' on Windows
		return strings.Count(b.path, sep) - strings.Count(a.path, sep)
	})
	for i, c := range cands {
		if slices.ContainsFunc(cands[:i], func(d cand) bool { return d.path == c.path }) {
			continue
		}
		if isDir, ok := p.exists(c.path); ok {
			return c.path, isDir
		}
	}
	return "", false
}

// emitter collects the candidates of one simple command.
type emitter struct {
	dir   string // what relative paths resolve against; "" when unknown
	depth int    // how deep in bash -c scripts
	cands []cand
}

// add resolves w against the emitter's directory. A word with a wildcard
// or an expansion counts as the directory before it (src/*.go and
// src/$NAME.go are src); a wildcard with no directory before it is the
// directory itself (*.go), an expansion is nothing known ($HOME/x); /dev
// files are never what a command works on.
func (e *emitter) add(w word, weight int) {
	t := w.Text
	if !w.Literal() {
		t = t[:w.Cut]
		i := strings.LastIndexByte(t, '/')
		switch {
		case i == 0 || i < 0 && !w.Wild:
			return
		case i < 0:
			t = "."
		default:
			t = t[:i]
		}
	}
	if t == "..." || strings.HasSuffix(t, "/...") { // a Go package pattern: the directory it starts at
		t = strings.TrimSuffix(strings.TrimSuffix(t, "..."), "/")
		if t == "" {
			t = "."
		}
	}
	if t == "" || t == "-" || len(t) > maxPathBytes || strings.ContainsAny(t, "\x00\n") || strings.Contains(t, "://") {
		return
	}
	if !paths.Rooted(t) {
		if e.dir == "" {
			return
		}
		t = filepath.Join(e.dir, t)
	}
	t = filepath.Clean(t)
	if dev := filepath.ToSlash(t); dev == "/dev" || strings.HasPrefix(dev, "/dev/") { // Git Bash has /dev/null too
		return
	}
	e.cands = append(e.cands, cand{path: t, weight: weight})
}

// addAll adds every word with the same weight.
func (e *emitter) addAll(ws []word, weight int) {
	for _, w := range ws {
		e.add(w, weight)
	}
}

// chdir moves what relative paths resolve against (git -C DIR, make -C
// DIR) and keeps DIR as a candidate of the given weight.
func (e *emitter) chdir(w word, weight int) {
	before := len(e.cands)
	e.add(w, weight)
	if len(e.cands) > before && w.Literal() {
		e.dir = e.cands[len(e.cands)-1].path
		return
	}
	e.dir = ""
}

// here keeps the directory a project-wide command runs in.
func (e *emitter) here() {
	if e.dir != "" {
		e.cands = append(e.cands, cand{path: e.dir, weight: wHere})
	}
}

// script adds the candidates of a shell script given as a word (bash -c).
func (e *emitter) script(w word) {
	if !w.Literal() || e.depth >= maxScriptDepth {
		return
	}
	calls, err := shell.Parse(w.Text, e.dir)
	if err != nil {
		return
	}
	for _, c := range calls {
		e.cands = append(e.cands, callCands(c, e.depth+1)...)
	}
}

// prober answers whether paths exist, within the caps of one tool call:
// the caller's oracle first, then the filesystem.
type prober struct {
	env          Env
	asks, probes int
}

func (p *prober) exists(path string) (isDir, ok bool) {
	if p.asks >= maxLookups {
		return false, false
	}
	p.asks++
	if p.env.Known != nil {
		if isDir, ok := p.env.Known(path); ok {
			return isDir, true
		}
	}
	if p.probes >= maxCommandProbes {
		return false, false
	}
	p.probes++
	fi, err := os.Stat(path)
	if err != nil {
		return false, false
	}
	return fi.IsDir(), true
}

// scanPath is the fallback for a command that does not parse: the first
// path-like word that exists, as the tracker did before it parsed shell.
func scanPath(cmd string, p *prober) (string, bool) {
	for _, tok := range strings.Fields(cmd) {
		tok = strings.Trim(tok, `"'`+"`;|&()")
		if strings.ContainsAny(tok, "*?") || !pathLike(tok) {
			continue
		}
		if p.asks >= maxLookups || p.probes >= maxCommandProbes {
			break
		}
		tok = strings.TrimSuffix(strings.TrimSuffix(tok, "/..."), "/")
		e := emitter{dir: p.env.Cwd}
		e.add(shell.Lit(tok), wArg)
		if len(e.cands) == 0 {
			continue
		}
		if isDir, ok := p.exists(e.cands[0].path); ok {
			return e.cands[0].path, isDir
		}
	}
	return "", false
}
