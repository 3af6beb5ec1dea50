package guidance

import (
	"fmt"
	"strings"
)

// memoryBlock is the MEMORY OFFLOAD CHECKPOINT: write rich detail into
// Claude Code's auto-memory before the summary collapses it. The stable
// form gives the naming rule instead of today's file name.
func memoryBlock(in Input) string {
	if in.MemoryDir == "" {
		return ""
	}
	file := "project_session_<YYYY-MM-DD>_<first 8 characters of the session id>.md"
	if !in.Stable && in.MemoryFile != "" {
		file = in.MemoryFile
	}
	return fmt.Sprintf(`MEMORY OFFLOAD CHECKPOINT (pre-compact):
%s
Compaction will compress this session. Before detail is lost, write auto-memory
under %s/ following the frontmatter + MEMORY.md index convention already
defined in your system prompt. Two files suggested; skip either if there is
nothing new to record:

  1. %s (type: project): decisions, files
     touched, follow-ups, any non-obvious context that took more than 3 attempts to
     discover. The name is deterministic (date + session id), so repeated
     compactions of one session extend one file and sessions never collide.
  2. reference_<pattern>.md: ONLY if a reusable recipe, layout or rule was
     discovered this session.
%s`, rule, strings.TrimSuffix(in.MemoryDir, "/"), file, rule)
}

// prioritiesBlock asks for shipped follow-ups to be struck through, so
// they drop out of the next resume banner. Only when such a file exists.
func prioritiesBlock(in Input) string {
	if len(in.Priorities) == 0 {
		return ""
	}
	return fmt.Sprintf(`PRIORITIES REVIEW (pre-compact):
%s
Review %s: strike through (~~...~~) every bullet under Follow-ups, Next steps,
Next priorities or TODO whose work visibly shipped in this session, so that it
drops out of the resume banner after this compaction. Judge from the transcript;
leave bullets whose work is still open untouched.
%s`, rule, strings.Join(in.Priorities, ", "), rule)
}

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
