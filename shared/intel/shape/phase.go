package shape

import (
	"regexp"
	"strings"
	"sync"
)

// Phase events mark milestones of a session in the shape log.
const (
	EventCommit   = "commit"
	EventPush     = "push"
	EventPRCreate = "pr-create"
	EventPRMerge  = "pr-merge"
)

// gitGlobal matches git's global options that may precede the verb
// (git -C dir commit, git -c k=v push).
var (
	gitVerb = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^git(?:\s+(?:-C\s+\S+|-c\s+\S+|--[a-z-]+(?:=\S+)?))*\s+(commit|push)(?:\s|$)`)
	})
	ghVerb = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^gh(?:\s+(?:-R\s+\S+|--repo\s+\S+))*\s+pr\s+(create|merge)(?:\s|$)`)
	})
)

// PhaseEvent returns the milestone a successful Bash command marks, or
// "". Compound commands are split so `make && git commit -m x` counts;
// the last milestone in the command wins (commit then push is a push).
func PhaseEvent(command string) string {
	event := ""
	for _, seg := range splitCommand(blankQuotes(command)) {
		seg = stripEnv(strings.TrimSpace(seg))
		if m := gitVerb().FindStringSubmatch(seg); m != nil {
			if strings.Contains(seg, "--dry-run") {
				continue
			}
			event = map[string]string{"commit": EventCommit, "push": EventPush}[m[1]]
		} else if m := ghVerb().FindStringSubmatch(seg); m != nil {
			event = map[string]string{"create": EventPRCreate, "merge": EventPRMerge}[m[1]]
		}
	}
	return event
}

// splitCommand splits on the shell's command separators.
func splitCommand(cmd string) []string {
	return strings.FieldsFunc(cmd, func(r rune) bool { return r == ';' || r == '&' || r == '|' || r == '\n' || r == '(' || r == ')' })
}

// stripEnv drops what may precede the command word: VAR=value
// assignments, env, sudo and its options, time, command, nohup.
func stripEnv(seg string) string {
	for {
		word, rest, _ := strings.Cut(seg, " ")
		rest = strings.TrimSpace(rest)
		switch {
		case strings.Contains(word, "=") && !strings.HasPrefix(word, "-"),
			word == "env", word == "sudo", word == "time", word == "command", word == "nohup":
			seg = rest
		case word == "-u" || word == "-g": // sudo -u user: skip the user too
			_, seg, _ = strings.Cut(rest, " ")
		case strings.HasPrefix(word, "-"):
			seg = rest
		default:
			return seg
		}
	}
}

// blankQuotes replaces the contents of quoted strings with underscores so
// that separators and flags inside a commit message do not count.
func blankQuotes(cmd string) string {
	b := []byte(cmd)
	var quote byte
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case quote == 0 && (c == '\'' || c == '"'):
			quote = c
		case quote != 0 && c == quote:
			quote = 0
		case quote == '"' && c == '\\' && i+1 < len(b):
			b[i], b[i+1] = '_', '_'
			i++
		case quote != 0:
			b[i] = '_'
		}
	}
	return string(b)
}
