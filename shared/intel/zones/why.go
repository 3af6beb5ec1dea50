package zones

import (
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/autocompact"
	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
)

// Why says in one line which zones are in force and why, for si status
// and si explain.
func (s Set) Why(pt autocompact.Point) string {
	borders := fmt.Sprintf("yellow %s, orange %s, red %s", humanize.Tokens(s.Yellow), humanize.Tokens(s.Orange), humanize.Tokens(s.Red))
	point := PointText(pt)
	var why string
	switch {
	case s.Source == FromUser:
		why = borders + ": set in the configuration (statusline.zones), which wins over learned and window-derived zones"
	case len(s.User) > 0:
		why = fmt.Sprintf("%s: %s set in the configuration (statusline.zones), the rest %s", borders, and(s.User), s.derivedWhy(point))
		if len(s.Moved) > 0 {
			why += fmt.Sprintf(", with %s moved to stay in order around it", and(s.Moved))
		}
	default:
		why = borders + ": " + s.derivedWhy(point)
	}
	if past := s.PastPoint(); len(past) > 0 {
		why += fmt.Sprintf("; %s at or past %s, so %s only if auto-compaction does not", isAre(past), point, itThey(past))
	}
	return why
}

// derivedWhy is where borders not set by the user come from.
func (s Set) derivedWhy(point string) string {
	switch s.Source {
	case FromLearned:
		return fmt.Sprintf("learned from %d compactions, within ±30%% of the zones for %s", s.Samples, point)
	case FromWindow:
		return fmt.Sprintf("placed before %s, to leave room to compact on purpose", point)
	}
	return "the defaults, " + point
}

// and joins names: "orange", "orange and red", "yellow, orange and red".
func and(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func isAre(names []string) string {
	if len(names) == 1 {
		return names[0] + " is"
	}
	return and(names) + " are"
}

func itThey(names []string) string {
	if len(names) == 1 {
		return "it fires"
	}
	return "they fire"
}

// PointText names the compaction point and what it was computed from.
func PointText(pt autocompact.Point) string {
	if pt.Off {
		return "auto-compaction is off"
	}
	var from []string
	from = append(from, fmt.Sprintf("%s window from %s", humanize.Tokens(pt.Window), sourceText(pt.WindowFrom)))
	if pt.AutoFrom != "" {
		from = append(from, fmt.Sprintf("auto-compact window %s from %s", humanize.Tokens(pt.AutoWindow), sourceText(pt.AutoFrom)))
	}
	if pt.Pct > 0 {
		from = append(from, fmt.Sprintf("CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=%g", pt.Pct))
	}
	if pt.Reactive {
		from = append(from, "Claude Code compacts this model when the API refuses a longer request")
	}
	return fmt.Sprintf("auto-compaction at %s (%s)", humanize.Tokens(pt.Threshold), strings.Join(from, ", "))
}

func sourceText(s autocompact.Source) string {
	switch s {
	case autocompact.FromStatusLine:
		return "the status line"
	case autocompact.FromModel:
		return "the model id"
	case autocompact.FromObserved:
		return "an earlier automatic compaction"
	case autocompact.FromUsage:
		return "a response past 200k"
	case autocompact.FromEnv:
		return "CLAUDE_CODE_AUTO_COMPACT_WINDOW"
	case autocompact.FromSettings:
		return "autoCompactWindow"
	}
	return "no source: a 200k guess"
}
