package replay

import (
	"regexp"
	"strings"
	"sync"

	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
)

// maxSummary bounds the summary text kept per compaction; Claude Code's
// run to tens of kilobytes.
const maxSummary = 4 << 20

// markSummary selects the lines that may be a compaction's summary.
var markSummary = []byte(`"isCompactSummary"`)

// summary keeps the text of the isCompactSummary record that follows a
// compaction, for the compaction before it (the first such record only).
func (p *player) summary(rec *record) {
	at := len(p.rep.Compactions) - 1
	if at < 0 || rec.Message == nil {
		return
	}
	if _, ok := p.summaries[at]; ok {
		return
	}
	if p.summaries == nil {
		p.summaries = map[int]string{}
	}
	text := shape.ContentText(rec.Message.Content)
	p.summaries[at] = text[:min(len(text), maxSummary)]
}

// pathNames is the paths a text names, each as "/seg/…/seg/", joined, so
// that a root is named when "/"+root+"/" occurs in it: a segment
// sequence of a path (cmd/entire in cmd/entire/cli/x.go), never part of
// a segment (cmd/entire is not in xcmd/entire).
type pathNames struct{ joined string }

// The paths of a text: runs of segments joined by slashes (cut at
// whitespace, quotes, brackets and the colon of file:line), and
// backquoted spans without whitespace (`docs`).
var (
	slashPath = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("[^\\s/\"'`()\\[\\]{}<>,;:|*?]*(?:/[^\\s/\"'`()\\[\\]{}<>,;:|*?]*)+")
	})
	quoted = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("`([^`\\s]{1,512})`") })
)

func newPathNames(text string) *pathNames {
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
	return &pathNames{joined: b.String()}
}

// has reports whether the text names root ("." and "" never count); nil
// names nothing.
func (n *pathNames) has(root string) bool {
	root = strings.Trim(root, "/")
	if n == nil || root == "" || root == "." {
		return false
	}
	return strings.Contains(n.joined, "/"+root+"/")
}
