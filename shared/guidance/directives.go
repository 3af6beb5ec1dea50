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
