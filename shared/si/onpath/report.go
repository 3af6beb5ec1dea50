package onpath

import (
	"fmt"
	"io"
)

// Print writes what an [Install] did (or, with dry, would do), a line
// each, indented: the commands placed, the ones left alone, a command
// earlier on PATH that hides ours, and the line to add to the shell's
// profile when the directory is not on PATH.
func (r Report) Print(w io.Writer, home string, dry bool) {
	if r.CreatedDir {
		fmt.Fprintf(w, "  %s %s\n", verb(dry, "create", "created"), r.Dir)
	}
	for _, c := range r.Changes {
		switch c.Action {
		case Created, Updated:
			if dry {
				fmt.Fprintf(w, "  %s %s -> %s (plain `%s` in a shell)\n", c.Kind, c.Path, c.Target, c.Name)
			} else {
				fmt.Fprintf(w, "  on PATH: %s -> %s (%s)\n", c.Path, c.Target, c.Kind)
			}
		case Foreign:
			fmt.Fprintf(w, "  left %s alone: %s, not ours; `%s` stays yours\n", c.Path, c.Detail, c.Name)
		case Removed:
			fmt.Fprintf(w, "  removed %s (an earlier --bin-dir)\n", c.Path)
		}
		if c.Shadow != "" && c.Action != Foreign {
			fmt.Fprintf(w, "  note: %s comes earlier on PATH, so `%s` runs that one\n", c.Shadow, c.Name)
		}
	}
	if !r.OnPath {
		fmt.Fprintf(w, "  %s is not on your PATH, so this shell does not find si and ai yet. Run this line now, and add it to your shell's profile (~/.bashrc, ~/.zshrc, ~/.profile) for new shells:\n      %s\n",
			r.Dir, PathLine(r.Dir, home))
	}
}

func verb(dry bool, plan, done string) string {
	if dry {
		return plan
	}
	return done
}
