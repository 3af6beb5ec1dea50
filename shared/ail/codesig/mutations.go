package codesig

import "strings"

// MaxMutations is how many mutations a signature lists at most.
const MaxMutations = 5

// mutations collects distinct mutation names in source order, up to
// MaxMutations.
type mutations struct {
	list []string
	seen map[string]bool
}

func (m *mutations) add(name string) {
	if name == "" || len(m.list) >= MaxMutations || m.seen[name] {
		return
	}
	if m.seen == nil {
		m.seen = map[string]bool{}
	}
	m.seen[name] = true
	m.list = append(m.list, name)
}

// pyMutators are methods that change their receiver or the world:
// containers, files and paths, database cursors and sessions, queues.
var pyMutators = map[string]bool{
	"append": true, "extend": true, "insert": true, "remove": true, "pop": true, "popitem": true,
	"clear": true, "update": true, "add": true, "discard": true, "setdefault": true, "sort": true,
	"reverse": true, "appendleft": true, "extendleft": true, "popleft": true,
	"write": true, "writelines": true, "write_text": true, "write_bytes": true, "truncate": true, "flush": true,
	"unlink": true, "rmdir": true, "mkdir": true, "touch": true, "rename": true, "chmod": true, "symlink_to": true,
	"commit": true, "rollback": true, "execute": true, "executemany": true, "executescript": true,
	"put": true, "put_nowait": true, "send": true, "sendall": true, "delete": true, "save": true, "set": true,
}

// pyMutatorPrefixes start method names that, by convention, write.
var pyMutatorPrefixes = []string{"put_", "write_", "save_", "delete_", "insert_", "update_", "set_", "remove_", "add_", "append_", "upload_"}

// isPyMutator reports whether a method called name changes state.
func isPyMutator(name string) bool {
	if pyMutators[name] {
		return true
	}
	for _, p := range pyMutatorPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// calls adds the mutating method calls of a Python statement, named by
// receiver and method: self.rows.append, storage.put_object_bytes.
func (m *mutations) calls(stmt string) {
	walk(stmt, func(i, _ int) bool {
		if stmt[i] != '.' {
			return true
		}
		j := i + 1
		for j < len(stmt) && isIdentByte(stmt[j]) {
			j++
		}
		if j == i+1 || j >= len(stmt) || stmt[j] != '(' || !isPyMutator(stmt[i+1:j]) {
			return true
		}
		if recv := receiver(stmt, i); recv != "" {
			m.add(recv + stmt[i:j])
		}
		return true
	})
}

// receiver returns the expression that ends right before s[dot], as a
// chain of names, dots and brackets with their contents dropped:
// self.items[0] becomes self.items[]. A call in the chain ends it.
func receiver(s string, dot int) string {
	var parts []string
	i := dot
	for i > 0 {
		c := s[i-1]
		switch {
		case isIdentByte(c) || c == '.':
			j := i - 1
			for j > 0 && (isIdentByte(s[j-1]) || s[j-1] == '.') {
				j--
			}
			parts = append(parts, s[j:i])
			i = j
		case c == ']':
			open := openBefore(s, i-1)
			if open <= 0 {
				return ""
			}
			parts = append(parts, "[]")
			i = open
		default:
			return joinReversed(parts)
		}
	}
	return joinReversed(parts)
}

// openBefore returns the index of the '[' matching the ']' at close, by
// counting brackets backwards (strings inside are rare enough here).
func openBefore(s string, close int) int {
	depth := 0
	for i := close; i >= 0; i-- {
		switch s[i] {
		case ']':
			depth++
		case '[':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}

func joinReversed(parts []string) string {
	var b strings.Builder
	for i := len(parts) - 1; i >= 0; i-- {
		b.WriteString(parts[i])
	}
	return strings.TrimLeft(b.String(), ".")
}
