package guidance

import (
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// memoryBlock points the summary at the auto-memory file this session
// wrote before compacting (the zone advisory asked for it while tools
// still worked), so that the next context knows where the detail went.
// The summariser itself can write nothing.
func memoryBlock(in Input) string {
	if in.SavedMemory == "" {
		return ""
	}
	file := "this session's project_session_<date>_<id>.md"
	if !in.Stable {
		file = termtext.ModelLine(in.SavedMemory)
	}
	return fmt.Sprintf(`SESSION MEMORY:
%s
Before this compaction the session saved its detail to auto-memory in
%s. Name that file in the summary, so the continued session reads it
instead of rediscovering what it holds.
%s`, rule, file, rule)
}

// prioritiesBlock hands the summariser the open follow-ups recorded in
// the memory and session-context.md: it keeps the ones the transcript
// does not show done, so they survive the compaction.
func prioritiesBlock(in Input) string {
	if len(in.FollowUps) == 0 {
		return ""
	}
	items := termtext.ModelLines(in.FollowUps[:min(len(in.FollowUps), maxFollowUps)]) // from files anyone could edit
	return fmt.Sprintf(`OPEN FOLLOW-UPS (recorded before this session compacted):
%s
%s
Keep each one the transcript does not show finished in the summary, as a
follow-up; leave out the ones it shows done.
%s`, rule, "- "+strings.Join(items, "\n- "), rule)
}

// maxFollowUps bounds the follow-ups passed on.
const maxFollowUps = 20

// ailBlock asks the summariser to close with an AILv1 snapshot (the
// seed's Mode A: a model writing the snapshot is where AILv1 saves most).
// It holds no counts or names, so it keeps the stable prefix stable.
func ailBlock(in Input) string {
	if !in.AIL {
		return ""
	}
	return "HAND-OFF SNAPSHOT (AILv1):\n" +
		"End the summary with a hand-off snapshot in AILv1 (the session-intelligence:ail skill has the format), after everything else:\n" +
		"  - the first line `!AILv1`;\n" +
		"  - `@CTX` lines for the current task, the branch and its commit state, standing instructions and confirmed facts;\n" +
		"  - `@ARCH` lines for structure and data flow the work depends on;\n" +
		"  - `@LOG !tried(what_happened) -> ^instead` for each dead end;\n" +
		"  - `@SIG` lines for the signatures changed, with what they mutate;\n" +
		"  - `@NEXT ?task_with_next_step` for every open task;\n" +
		"  - `@MEM` pointers only for long names used three times or more.\n" +
		"One line per entry, as few words as possible; nothing the code or git already holds."
}
