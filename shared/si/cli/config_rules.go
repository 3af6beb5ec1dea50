package cli

import (
	"bytes"
	"fmt"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/intel/bootstrap"
)

// rulesMove says what a change of continue.rules does beyond the file,
// and once written does it: leaving claude-md takes the rules block back
// out of every CLAUDE.md it was written to (the preview lists them);
// coming back to it puts the block in at each project's next session.
func rulesMove(d *deps, old, next []byte, written bool) {
	from, to := rulesIn(old), rulesIn(next)
	if from == to {
		return
	}
	if from == config.RulesClaudeMd {
		blocks := bootstrap.Blocks(d.Dirs)
		switch {
		case len(blocks) == 0:
			fmt.Fprintln(d.Stdout, "No CLAUDE.md holds the rules block: none to take out.")
		case !written:
			fmt.Fprintf(d.Stdout, "Written, this also takes the rules block back out of %s (every other byte stays):\n", countOf(len(blocks), "CLAUDE.md file", "CLAUDE.md files"))
			for _, b := range blocks {
				fmt.Fprintf(d.Stdout, "  %s\n", b)
			}
		default:
			removals, err := bootstrap.RemoveBlocks(d.Dirs, nil)
			if err != nil {
				fmt.Fprintf(d.Stdout, "The rules block could not be taken out of the CLAUDE.md files (%v); si uninstall does it later.\n", err)
			}
			printRemovals(d, removals)
		}
	}
	switch to {
	case config.RulesClaudeMd:
		fmt.Fprintln(d.Stdout, "The next session in each project puts the rules block into its CLAUDE.md, and says so.")
	case config.RulesContext:
		fmt.Fprintln(d.Stdout, "From the next session start on, the rules come with each session's start context (again after every compaction and /clear); nothing in a repository holds them.")
	case config.RulesOff:
		fmt.Fprintln(d.Stdout, "From the next session start on, sessions get no session rules from session-intelligence.")
	}
}

// rulesIn is continue.rules as the configuration document doc sets it.
func rulesIn(doc []byte) string {
	cfg := config.Default()
	_ = config.Merge(&cfg, bytes.NewReader(doc), "", "")
	return cfg.Continue.Rules
}

// countOf is n with the noun's singular or plural.
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
