package shape

import (
	"regexp"
	"strings"
)

// Glob is a compiled path pattern: ** crosses directories, * and ? stay
// within one segment, a trailing /** also matches the directory itself.
type Glob struct{ re *regexp.Regexp }

// CompileGlobs compiles patterns, skipping any that fail to compile.
func CompileGlobs(patterns []string) []Glob {
	out := make([]Glob, 0, len(patterns))
	for _, p := range patterns {
		if re, err := regexp.Compile(globRegexp(p)); err == nil {
			out = append(out, Glob{re})
		}
	}
	return out
}

func globRegexp(p string) string {
	var b strings.Builder
	b.WriteString("^")
	tail := strings.HasSuffix(p, "/**")
	if tail {
		p = strings.TrimSuffix(p, "/**")
	}
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case strings.HasPrefix(p[i:], "**/"):
			b.WriteString("(?:.*/)?")
			i += 2
		case strings.HasPrefix(p[i:], "**"):
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	if tail {
		b.WriteString("(?:/.*)?")
	}
	b.WriteString("$")
	return b.String()
}

// anyMatch reports whether any glob matches any of the names.
func anyMatch(globs []Glob, names ...string) bool {
	for _, g := range globs {
		for _, n := range names {
			if n != "" && g.re.MatchString(n) {
				return true
			}
		}
	}
	return false
}
