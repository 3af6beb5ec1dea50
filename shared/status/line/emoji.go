package line

import (
	"regexp"
	"sync"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// taskEmoji maps what the task mentions to an emoji, first match wins;
// compiled on first use so that redraws without emoji pay nothing.
var taskEmoji = sync.OnceValue(func() []taskRule {
	return []taskRule{
		{regexp.MustCompile(`(?i)\b(bug|fix|issue|error|crash)`), "🐛"},
		{regexp.MustCompile(`(?i)\b(build|feat|add|implement|create)`), "🏗️"},
		{regexp.MustCompile(`(?i)\b(refactor|cleanup|simpl)`), "🧹"},
		{regexp.MustCompile(`(?i)\b(test|spec)`), "🧪"},
		{regexp.MustCompile(`(?i)\b(deploy|ship|release)`), "🚀"},
		{regexp.MustCompile(`(?i)\b(doc|readme)`), "📝"},
	}
})

type taskRule struct {
	re    *regexp.Regexp
	emoji string
}

var idleTask = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\b(idle|done|clean)\b`) })

// fieldEmoji is the opt-in state emoji: zone, fresh deploy, task intent,
// dirty tree, in that order of priority.
func fieldEmoji(r *redraw) cell {
	c := r.context()
	z := r.zones.Of(c.tokens)
	switch {
	case c.ok && z == zones.Red:
		return cell{text: "🔥"}
	case c.ok && z == zones.Orange:
		return cell{text: "⚠️"}
	}
	if _, at, ok := r.deploy(); ok && r.now.Sub(at) < 15*time.Minute {
		return cell{text: "🚀"}
	}
	task := r.task()
	for _, t := range taskEmoji() {
		if t.re.MatchString(task) {
			return cell{text: t.emoji}
		}
	}
	switch {
	case r.git().Dirty > 0:
		return cell{text: "✏️"}
	case c.ok && z == zones.Yellow:
		return cell{text: "🟡"}
	case idleTask().MatchString(task):
		return cell{text: "✨"}
	}
	return cell{text: "🟢"}
}

// fieldEmoji2 is the opt-in activity emoji of line 2.
func fieldEmoji2(r *redraw) cell {
	if _, at, ok := r.deploy(); ok && r.now.Sub(at) < time.Hour {
		return cell{text: "🚀"}
	}
	if r.sessionCost().USD >= 10 {
		return cell{text: "💸"}
	}
	if s := r.transcriptStats(); s != nil && !s.First.IsZero() && r.now.Sub(s.First) > 4*time.Hour {
		return cell{text: "⏳"}
	}
	if r.sessionState().Calls >= 200 {
		return cell{text: "🛠️"}
	}
	return cell{text: "📊"}
}
