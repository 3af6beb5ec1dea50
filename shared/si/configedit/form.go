package configedit

import (
	"errors"
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
)

// MaxReply caps a form reply; the whole form is a few dozen lines.
const MaxReply = 64 << 10

// Form renders the show-all form: every key with a label, grouped by
// section, the current value right-aligned and "*" where it differs
// from the default. Keys without a label (lists, objects) stay out:
// they are set with `si set`.
func Form(rows []Row, path string) string {
	var labelW, valW int
	for _, r := range rows {
		if r.Key.Label != "" {
			labelW, valW = max(labelW, len(r.Key.Label)), max(valW, len(formValue(r.Value)))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Settings in %s (* differs from the default)\n", path)
	section := ""
	for _, r := range rows {
		if r.Key.Label == "" {
			continue
		}
		if r.Key.Section != section {
			section = r.Key.Section
			fmt.Fprintf(&b, "\n%s\n", section)
		}
		mark := ""
		if r.Changed() {
			mark = " *"
		}
		fmt.Fprintf(&b, "  %-*s  %*s%s\n", labelW, r.Key.Label, valW, formValue(r.Value), mark)
	}
	b.WriteString("\nReply with one setting per line, label or dotted key = value (true/false, 250k, 1.5m,\n" +
		"a word, or JSON). NONE leaves everything as it is; QUIT aborts.\n")
	return b.String()
}

// formValue shows strings bare, the way they are typed back.
func formValue(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return config.Format(v)
}

// Reply is a parsed form reply.
type Reply struct {
	Changes []Change
	None    bool // the user replied NONE: nothing to do
	Quit    bool // the user replied QUIT: abort
}

// ParseReply reads "name = value" lines, name being a friendly label
// (any case) or a dotted key. Blank lines and lines starting with # are
// skipped. Every bad line is reported, each with its line number.
func ParseReply(text string) (Reply, error) {
	if len(text) > MaxReply {
		return Reply{}, errors.New("reply longer than 64 KB")
	}
	var rep Reply
	var errs []error
	seen := map[string]int{}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case strings.EqualFold(line, "NONE"):
			rep.None = true
			continue
		case strings.EqualFold(line, "QUIT"):
			return Reply{Quit: true}, nil
		}
		c, err := parseLine(line)
		if err == nil && seen[c.Path] > 0 {
			err = fmt.Errorf("%s already set on line %d", c.Path, seen[c.Path])
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("line %d: %w", i+1, err))
			continue
		}
		seen[c.Path] = i + 1
		rep.Changes = append(rep.Changes, c)
	}
	if rep.None && len(rep.Changes) > 0 {
		errs = append(errs, errors.New("NONE together with settings: reply either NONE or the settings"))
	}
	return rep, errors.Join(errs...)
}

func parseLine(line string) (Change, error) {
	name, raw, ok := strings.Cut(line, "=")
	if !ok {
		return Change{}, fmt.Errorf("%q: expected name = value", clip(line))
	}
	name, raw = strings.TrimSpace(name), strings.TrimSpace(raw)
	k, ok := byName(name)
	if !ok {
		if near := nearestName(name); near != "" {
			return Change{}, fmt.Errorf("%s: unknown setting; did you mean %s?", clip(name), near)
		}
		return Change{}, fmt.Errorf("%s: unknown setting (si show lists the keys)", clip(name))
	}
	v, err := Parse(k, raw)
	if err != nil {
		return Change{}, fmt.Errorf("%s: %w", k.Path, err)
	}
	return Change{Path: k.Path, Value: v}, nil
}

// byName finds a key by label or dotted key, ignoring case and runs of
// spaces in labels.
func byName(name string) (config.Key, bool) {
	norm := strings.Join(strings.Fields(strings.ToLower(name)), " ")
	for _, k := range config.Keys {
		if strings.EqualFold(k.Path, name) || (k.Label != "" && strings.ToLower(k.Label) == norm) {
			return k, true
		}
	}
	return config.Key{}, false
}

// nearestName suggests a label when the name looks like one (it has a
// space), else a dotted key.
func nearestName(name string) string {
	if !strings.Contains(strings.TrimSpace(name), " ") {
		return Nearest(name, false)
	}
	lower := strings.ToLower(name[:min(len(name), maxName)])
	best, bestDist := "", -1
	for _, k := range config.Keys {
		if k.Label == "" {
			continue
		}
		if d := distance(lower, strings.ToLower(k.Label)); bestDist < 0 || d < bestDist {
			best, bestDist = fmt.Sprintf("%q (%s)", k.Label, k.Path), d
		}
	}
	if bestDist > max(3, len(lower)/3) {
		return ""
	}
	return best
}

// clip shortens user text quoted back in an error.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
