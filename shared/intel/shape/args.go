package shape

import (
	"slices"
	"strings"
)

// spec lists which flags of a command take a value, so that the value is
// not mistaken for an operand (head -n 20 FILE, grep -e PAT DIR).
type spec struct {
	short string   // letters of short flags that take a value: "nc" for head
	long  []string // flags, dashes included, that take the next word: "--include", "-run"
	files []string // flags whose value is a path the command works on: sort -o FILE
	here  bool     // without a path operand the command works in its directory (ls)
}

// item is one parsed argument: an operand (flag == "") or a flag and the
// value it took, if any.
type item struct {
	flag     string
	val      word
	dashdash bool // an operand after --
}

// parseArgs splits args into flags and operands. Short flags may be
// clustered (-rnA3: -r, -n, and -A with the value 3); --name=value and
// -name=value carry their value; everything after -- is an operand.
func parseArgs(args []word, s spec) []item {
	var out []item
	dashdash := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		t := a.Text
		switch {
		case dashdash || len(t) < 2 || t[0] != '-' || !a.Literal() && a.Cut < 2:
			out = append(out, item{val: a, dashdash: dashdash})
		case t == "--":
			dashdash = true
		case strings.Contains(t, "="):
			name, _, _ := strings.Cut(t, "=")
			out = append(out, item{flag: name, val: tail(a, len(name)+1)})
		case slices.Contains(s.long, t):
			it := item{flag: t}
			if i+1 < len(args) {
				i++
				it.val = args[i]
			}
			out = append(out, it)
		case strings.HasPrefix(t, "--"):
			out = append(out, item{flag: t})
		default:
			var it item
			it, i = shortCluster(args, i, s.short)
			out = append(out, it)
		}
	}
	return out
}

// shortCluster reads -abc at args[i]: the first letter that takes a value
// ends the cluster, its value being the rest of the word or the next
// word. It returns that flag (or the last one) and the index it stopped at.
func shortCluster(args []word, i int, valued string) (item, int) {
	t := args[i].Text
	for j := 1; j < len(t); j++ {
		if strings.IndexByte(valued, t[j]) < 0 {
			continue
		}
		it := item{flag: "-" + t[j:j+1]}
		switch {
		case j+1 < len(t):
			it.val = tail(args[i], j+1)
		case i+1 < len(args):
			i++
			it.val = args[i]
		}
		return it, i
	}
	return item{flag: "-" + t[len(t)-1:]}, i
}

// tail is w without its first n bytes.
func tail(w word, n int) word {
	out := word{Text: w.Text[n:], Cut: -1, Wild: w.Wild}
	if w.Cut >= 0 {
		out.Cut = max(w.Cut-n, 0)
	}
	return out
}

// operandsOf returns the operands of items.
func operandsOf(items []item) []word {
	var out []word
	for _, it := range items {
		if it.flag == "" {
			out = append(out, it.val)
		}
	}
	return out
}

// hasFlag reports whether any of the flags was given.
func hasFlag(items []item, flags ...string) bool {
	for _, it := range items {
		if it.flag != "" && slices.Contains(flags, it.flag) {
			return true
		}
	}
	return false
}

// flagValues returns the values given to any of the flags.
func flagValues(items []item, flags ...string) []word {
	var out []word
	for _, it := range items {
		if it.flag != "" && slices.Contains(flags, it.flag) && it.val.Text != "" {
			out = append(out, it.val)
		}
	}
	return out
}

// pathLike reports whether a word of a command without a rule looks like
// a path: it has a slash or a file extension, and is not a flag, a URL or
// an assignment.
func pathLike(tok string) bool {
	if tok == "" || tok[0] == '-' || strings.Contains(tok, "://") || strings.ContainsAny(tok, "=$<>\n") {
		return false
	}
	return strings.Contains(tok, "/") || strings.Contains(strings.TrimPrefix(tok, "."), ".")
}

// revisionLike reports whether a git operand is surely a revision rather
// than a path (main..HEAD, HEAD~2, v1.2^, @{u}, a hex object name), so no
// probe is spent on it.
func revisionLike(tok string) bool {
	switch {
	case strings.HasPrefix(tok, "../") || strings.HasPrefix(tok, "./"):
		return false
	case strings.Contains(tok, ".."), strings.ContainsAny(tok, "~^@"), strings.HasSuffix(tok, "HEAD"):
		return true
	}
	if len(tok) < 7 || len(tok) > 40 {
		return false
	}
	return strings.Trim(tok, "0123456789abcdef") == ""
}
