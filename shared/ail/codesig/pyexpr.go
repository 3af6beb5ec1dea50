package codesig

import "strings"

// walkTop calls fn with the index of every byte of the Python code s
// that is outside string literals and at bracket depth 0 (an opening
// bracket at depth 0 counts). It stops when fn returns false.
func walkTop(s string, fn func(i int) bool) {
	walk(s, func(i, depth int) bool { return depth > 0 || fn(i) })
}

// walk calls fn with every byte outside string literals and the bracket
// depth before it.
func walk(s string, fn func(i, depth int) bool) {
	depth := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c == '"' || c == '\'' {
			sc := pyScanner{src: s, pos: i}
			sc.skipString(prefixOf(s, i))
			i = sc.pos
			continue
		}
		if !fn(i, depth) {
			return
		}
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		}
		i++
	}
}

// splitTopPy splits s at top-level occurrences of sep.
func splitTopPy(s string, sep byte) []string {
	var parts []string
	last := 0
	walkTop(s, func(i int) bool {
		if s[i] == sep {
			parts = append(parts, s[last:i])
			last = i + 1
		}
		return true
	})
	return append(parts, s[last:])
}

// indexTopPy returns the first top-level index of c in s, or -1.
func indexTopPy(s string, c byte) int {
	at := -1
	walkTop(s, func(i int) bool {
		if s[i] == c {
			at = i
			return false
		}
		return true
	})
	return at
}

// matchClose returns the index of the bracket closing s[open], or -1.
func matchClose(s string, open int) int {
	at := -1
	walk(s[open:], func(i, depth int) bool {
		if c := s[open+i]; depth == 1 && (c == ')' || c == ']' || c == '}') {
			at = open + i
			return false
		}
		return true
	})
	return at
}

// assignSplit finds the assignment operators of a statement at top
// level: "=" (also chained), augmented ones such as "+=" and "//=", but
// not comparisons or ":=". It returns the target texts before the last
// operator, or nil when the statement assigns nothing.
func assignSplit(stmt string) []string {
	var cuts [][2]int // [start of operator, index after it]
	walkTop(stmt, func(i int) bool {
		if stmt[i] != '=' {
			return true
		}
		next := byte(0)
		if i+1 < len(stmt) {
			next = stmt[i+1]
		}
		if next == '=' || (i > 0 && stmt[i-1] == '=') {
			return true // ==
		}
		op := i
		for op > 0 && strings.IndexByte("+-*/%&|^@<>", stmt[op-1]) >= 0 && i-op < 2 {
			op--
		}
		switch stmt[op:i] {
		case "<", ">", "!":
			return true // comparisons
		}
		if i > 0 && (stmt[i-1] == '!' || stmt[i-1] == ':') {
			return true // != and the walrus
		}
		cuts = append(cuts, [2]int{op, i + 1})
		return true
	})
	var targets []string
	last := 0
	for _, c := range cuts {
		t := stmt[last:c[0]]
		if strings.Contains(t, "lambda") {
			break // the rest are a lambda's defaults
		}
		targets = append(targets, t)
		last = c[1]
	}
	return targets
}

// mutationOf names what assigning to target changes: "self.x" for an
// attribute, "d[]" for a subscript of d, "" for a plain name.
func mutationOf(target string) string {
	t := strings.TrimSpace(target)
	if i := indexTopPy(t, ':'); i >= 0 {
		t = strings.TrimSpace(t[:i]) // annotated assignment
	}
	t = strings.TrimLeft(t, "*")
	for len(t) >= 2 && t[0] == '(' && matchClose(t, 0) == len(t)-1 {
		t = strings.TrimSpace(t[1 : len(t)-1])
	}
	if t == "" {
		return ""
	}
	if t[len(t)-1] == ']' {
		open := -1
		walkTop(t, func(i int) bool {
			if t[i] == '[' {
				open = i
			}
			return true
		})
		if open > 0 {
			return compact(t[:open]) + "[]"
		}
		return ""
	}
	if indexTopPy(t, '.') >= 0 {
		return compact(t)
	}
	return ""
}

// compact collapses white space and drops the blanks after commas and
// around |, so that types read list[str]|None.
func compact(s string) string {
	return tightener.Replace(strings.Join(strings.Fields(s), " "))
}

var tightener = strings.NewReplacer(", ", ",", " | ", "|", "[ ", "[", " ]", "]")

// firstWord returns the leading name of s.
func firstWord(s string) string {
	i := 0
	for i < len(s) && isIdentByte(s[i]) {
		i++
	}
	return s[:i]
}

// hasWord reports whether the name w occurs in the code s outside
// strings.
func hasWord(s, w string) bool {
	found := false
	walk(s, func(i, _ int) bool {
		if strings.HasPrefix(s[i:], w) && (i == 0 || !isIdentByte(s[i-1])) &&
			(i+len(w) == len(s) || !isIdentByte(s[i+len(w)])) {
			found = true
			return false
		}
		return true
	})
	return found
}
