package posttooluse

import (
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/cc/sessioncost"
	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

// measurement is the context size and cost at this call.
type measurement struct {
	tokens    int64 // as the transcript (or the estimate) has it
	next      int64 // what the next request will carry when known to be more (PostToolBatch)
	estimated bool
	cost      float64           // < 0 when unknown
	costText  string            // the cost as every surface writes it ("" when unknown)
	stats     *transcript.Stats // nil without a readable transcript
}

// ahead is the context the zones judge: what the next request will
// carry, as far as it is known.
func (m measurement) ahead() int64 { return max(m.tokens, m.next) }

// compactions is how many compactions the transcript showed, -1 when it
// could not be read.
func (m measurement) compactions() int {
	if m.stats == nil {
		return -1
	}
	return m.stats.CompactCount
}

// measure reads the transcript incrementally for the real context size
// and cost, falling back to the estimate when the transcript is missing,
// unreadable or has no usage yet (or when tokenSource says so).
func measure(rt *hookio.Runtime, in *hookio.Input, st *session.State) measurement {
	m := measurement{tokens: st.Estimate, estimated: true, cost: -1}
	if in.TranscriptPath != "" && rt.Config.Statusline.TokenSource != "estimate" {
		stats, err := scanCaughtUp(rt, in, st)
		switch {
		case err != nil:
			rt.Log.Debugf(nil, "transcript: %v", err)
		default:
			m.stats = stats
			if tok, ok := stats.ContextTokens(); ok {
				m.tokens, m.estimated = tok, false
			}
			fig := sessioncost.Session(stats, in.TranscriptPath, rt.Dirs.Cache(), pricing.Default().WithOverrides(rt.Config.Statusline.Prices))
			m.cost, m.costText = fig.USD, fig.String()
		}
	}
	st.Tokens = m.tokens
	st.TokenSource = "transcript"
	if m.estimated {
		st.TokenSource = "estimate"
	}
	return m
}

// Claude Code appends to the transcript asynchronously, so a fast hook can
// run before the record of the response that asked for this tool call is
// written. Wait briefly for it, so that the context size is the one the
// model just reported rather than the previous turn's.
const (
	lagWait = 150 * time.Millisecond
	lagPoll = 4 * time.Millisecond
)

// scanCaughtUp scans the transcript, waiting up to lagWait for the record
// holding in.ToolUseID. If it never comes, later calls of the session
// stop waiting.
func scanCaughtUp(rt *hookio.Runtime, in *hookio.Input, st *session.State) (*transcript.Stats, error) {
	stats, err := transcript.Scan(in.TranscriptPath, rt.Dirs.Cache())
	if err != nil || in.ToolUseID == "" || st.NoLagWait || stats.HasToolUse(in.ToolUseID) {
		return stats, err
	}
	deadline := time.Now().Add(lagWait)
	for time.Now().Before(deadline) && rt.Ctx.Err() == nil {
		time.Sleep(lagPoll)
		if stats, err = transcript.Scan(in.TranscriptPath, rt.Dirs.Cache()); err != nil || stats.HasToolUse(in.ToolUseID) {
			return stats, err
		}
	}
	st.NoLagWait = true
	rt.Log.Debugf(map[string]string{"tool_use_id": in.ToolUseID}, "transcript never showed the tool call; not waiting again this session")
	return stats, nil
}
