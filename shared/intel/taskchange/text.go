package taskchange

import (
	"path"
	"runtime"
	"strings"
)

// windowsPaths says that file names use '\' and drive letters, as Claude
// Code's tool calls and a Windows user's prompts write them; tests set it.
var windowsPaths = runtime.GOOS == "windows"

// stopWords are the 70 words dropped before the keyword comparison: they
// say nothing about which part of a project a prompt is about.
var stopWords = setOf(strings.Fields(`the a an and or but if then else for in on at to
	of from by with as is are was were be been being it this that these those we i
	you can should would could will do does did have has had my our your let lets how
	what why when where now please need help also just like about so not no yes ok
	ill im`))

func setOf(words []string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// Keywords returns the set of keywords of a text: lower-cased, every
// character other than a letter, digit, '/', '_', '.' or '-' read as a
// space, edge punctuation trimmed, words of fewer than three characters
// and stop words dropped.
func Keywords(text string) map[string]bool {
	mapped := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '/', r == '_', r == '.', r == '-':
			return r
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return ' '
	}, text)
	out := map[string]bool{}
	for _, w := range strings.Fields(mapped) {
		w = strings.Trim(w, ".-/")
		if len(w) > 2 && !stopWords[w] {
			out[w] = true
		}
	}
	return out
}

// Jaccard is |a∩b| / |a∪b|; ok is false when either set is empty.
func Jaccard(a, b map[string]bool) (j float64, ok bool) {
	if len(a) == 0 || len(b) == 0 {
		return 0, false
	}
	inter := 0
	for w := range a {
		if b[w] {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter), true
}

// maxSpan bounds a back-ticked span that may still be a file name.
const maxSpan = 200

// Mentions lists the file references of a text, in order and without
// duplicates: @path mentions, back-ticked tokens without spaces that hold
// a '.' or a '/', and bare tokens that hold a '/'. URLs, slash commands
// (/clear) and slashed numbers (1/2) are not references.
func Mentions(text string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		p = strings.TrimRight(p, ".-,:;")
		if p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, span := range backticked(text) {
		span = slashed(span)
		if !strings.ContainsAny(span, " \t\n") && strings.ContainsAny(span, "./") {
			add(strings.TrimPrefix(span, "@"))
		}
	}
	for i := 0; i < len(text); {
		if !pathChar(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && pathChar(text[j]) {
			j++
		}
		if run := slashed(text[i:j]); atMention(text, i) || bareReference(run) {
			add(run)
		}
		i = j
	}
	return out
}

// backticked returns the contents of `single` back-tick spans.
func backticked(text string) []string {
	var out []string
	for {
		start := strings.IndexByte(text, '`')
		if start < 0 {
			return out
		}
		rest := text[start+1:]
		end := strings.IndexByte(rest, '`')
		if end < 0 {
			return out
		}
		if end > 0 && end <= maxSpan {
			out = append(out, rest[:end])
		}
		text = rest[end+1:]
	}
}

func pathChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-' || c == '/' ||
		c == '\\' && windowsPaths
}

// slashed writes a Windows file name's '\' as '/', so that both spellings
// compare alike; elsewhere a '\' is no separator and p is kept.
func slashed(p string) string {
	if !windowsPaths {
		return p
	}
	return strings.ReplaceAll(p, `\`, "/")
}

// undriven drops a Windows drive ("C:") and folds case, as Windows file
// names compare; elsewhere p is kept.
func undriven(p string) string {
	if !windowsPaths {
		return p
	}
	if len(p) >= 2 && p[1] == ':' && isLetter(rune(p[0])) {
		p = p[2:]
	}
	return strings.ToLower(p)
}

// atMention reports whether the run at i follows an '@' that starts a
// word (so an e-mail address is not a mention).
func atMention(text string, i int) bool {
	if i == 0 || text[i-1] != '@' {
		return false
	}
	return i == 1 || !pathChar(text[i-2])
}

// bareReference reports whether a run of path characters is a path: it
// holds a '/' and a letter, is not protocol-relative (a URL's "//host")
// and is not a lone slash command.
func bareReference(run string) bool {
	if !strings.Contains(run, "/") || strings.HasPrefix(run, "//") || !strings.ContainsFunc(run, isLetter) {
		return false
	}
	trimmed := strings.Trim(run, "/.-")
	return trimmed != "" && !(strings.HasPrefix(run, "/") && !strings.Contains(trimmed, "/"))
}

func isLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// Normalize turns a file reference into the form paths are compared in:
// "./" and "@" dropped, relative to root when it lies under root, cleaned,
// without a trailing '/', lower-cased; on Windows with '/' for '\\' and
// no drive. "" when nothing is left.
func Normalize(p, root string) string {
	p = undriven(slashed(strings.TrimSpace(strings.TrimPrefix(p, "@"))))
	root = undriven(slashed(root))
	if root != "" && strings.HasPrefix(p, "/") {
		root = strings.TrimRight(root, "/")
		if rel, ok := strings.CutPrefix(p, root+"/"); ok {
			p = rel
		}
	}
	p = path.Clean(p)
	if p == "." || p == "/" {
		return ""
	}
	return strings.ToLower(strings.TrimSuffix(p, "/"))
}

// Root is the area of a normalised path: its first two directory
// segments. The last segment counts as a directory unless it looks like
// a file (holds a '.'), so src/auth/login.go and src/auth are both in
// src/auth, src/main.go is in src, and a top-level file has no area.
func Root(p string) string {
	segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
	if last := segs[len(segs)-1]; strings.Contains(last, ".") {
		segs = segs[:len(segs)-1]
	}
	if len(segs) > 2 {
		segs = segs[:2]
	}
	r := strings.Join(segs, "/")
	if r != "" && strings.HasPrefix(p, "/") {
		r = "/" + r
	}
	return r
}
