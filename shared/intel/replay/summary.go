package replay

import (
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
