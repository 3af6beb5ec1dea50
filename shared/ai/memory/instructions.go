package memory

import "fmt"

// Instructions is the block `ai memory init` prints for an agent's
// instructions file; dir is the store as the user would type it.
func Instructions(dir string, entryChars int) string {
	return fmt.Sprintf(`## Memory

You have a permanent memory, kept by the `+"`ai`"+` command in %[1]s. It outlives every
session, compaction and model change; without it you do not know what was decided and tried.

- **First, every session:** run `+"`ai memory view`"+` before any other tool call and read all of it.
  When its output ends with `+"`ai page N:M`"+`, run that too, to the last part.
- **While working:** whenever you learn something worth keeping (a decision and its reason,
  a fact about the project or the user, what worked, what failed), record it at once:
  `+"`ai memory note \"<one line, about %[2]d characters>\"`"+`. Start with the fact itself; no dates
  (they are recorded for you); do not repeat what the memory already holds.
- **Beside Claude Code's own memory:** when your instructions also give you a memory directory
  with a MEMORY.md, keep the facts about the user there (who they are, how they want you to
  work) and the work itself here. Never write one fact to both.
- **To look back:** `+"`ai memory zoom ID`"+` opens a line of the view (a range like 0-15 opens into
  its halves); `+"`ai memory grep REGEX`"+` searches every note and summary word for word.
- Never edit the files in %[1]s yourself. A subagent must not run `+"`ai memory note`"+`;
  when you start one, tell it so.
`, dir, entryChars)
}
