package retention

import (
	"regexp"
	"strings"
	"sync"
)

// This file says whether a summary names a path, as the outcome
// measures define it: a root is named when it is a segment sequence of a
// path the text holds (cmd/entire in cmd/entire/cli/x.go), or a
// backquoted span without spaces (`docs`); part of a segment never is.

// Paths is the paths a text names, each as "/seg/…/seg/", joined, so
// that a root is named when "/"+root+"/" occurs in it: a segment
// sequence of a path (cmd/entire in cmd/entire/cli/x.go), never part of
// a segment (cmd/entire is not in xcmd/entire).
type Paths struct{ joined string }

// The paths of a text: runs of segments joined by slashes (cut at
// whitespace, quotes, brackets and the colon of file:line), and
// backquoted spans without whitespace (`docs`).
var (
	slashPath = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("[^\\s/\"'`()\\[\\]{}<>,;:|*?]*(?:/[^\\s/\"'`()\\[\\]{}<>,;:|*?]*)+")
	})
	quoted = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("`([^`\\s]{1,512})`") })
)

// NewPaths reads the paths text names.
func NewPaths(text string) *Paths {
	var b strings.Builder
	add := func(p string) {
		var segs []string
		for _, s := range strings.Split(p, "/") {
			if s = strings.TrimRight(s, "."); s != "" {
				segs = append(segs, s)
			}
		}
		if len(segs) > 0 {
			b.WriteString("/" + strings.Join(segs, "/") + "/\n")
		}
	}
	for _, p := range slashPath().FindAllString(text, -1) {
		add(p)
	}
	for _, m := range quoted().FindAllStringSubmatch(text, -1) {
		add(m[1])
	}
	return &Paths{joined: b.String()}
}

// Has reports whether the text names root ("." and "" never count); nil
// names nothing.
func (n *Paths) Has(root string) bool {
	root = strings.Trim(root, "/")
	if n == nil || root == "" || root == "." {
		return false
	}
	return strings.Contains(n.joined, "/"+root+"/")
}

// Names reports whether the summary names a project-relative root
// ("cmd/entire", "docs") as a path.
func (s *Summary) Names(root string) bool { return s.paths.Has(root) }

// NamesFile reports whether the summary names a file: by its path, by
// its base name as a path or backquoted, or by a base name with an
// extension standing as a word ("edited round.go").
func (s *Summary) NamesFile(path string) bool {
	path = strings.Trim(path, "/")
	if s.paths.Has(path) {
		return true
	}
	base := path[strings.LastIndexByte(path, '/')+1:]
	if s.paths.Has(base) {
		return true
	}
	return strings.Contains(base, ".") && wordIn(s.raw, strings.ToLower(base))
}

// wordIn reports word standing alone in text: no letter, digit or path
// character right before or after it.
func wordIn(text, word string) bool {
	for from := 0; ; {
		i := strings.Index(text[from:], word)
		if i < 0 {
			return false
		}
		at, end := from+i, from+i+len(word)
		if (at == 0 || !pathByte(text[at-1])) && (end == len(text) || !pathByte(text[end]) || text[end] == '.' && (end+1 == len(text) || !pathByte(text[end+1]))) {
			return true
		}
		from = at + 1
	}
}

// pathByte is a byte that continues a word or a path segment.
func pathByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '-' || b == '.' || b == '/' || b >= 0x80
}
