package cli

import (
	"crypto/rand"
	"fmt"

	"github.com/session-intelligence/session-intelligence/shared/ai/project"
)

// InitCmd is `ai init`.
type InitCmd struct{}

// Run makes the working directory a project and prints its id.
func (c *InitCmd) Run(d *deps) error {
	r, err := project.Init(d.Cwd, d.Home, d.Now, rand.Reader)
	if err != nil {
		return err
	}
	for _, done := range r.Done {
		fmt.Fprintf(d.Stderr, "ai: %s\n", done)
	}
	if !r.Minted {
		fmt.Fprintf(d.Stderr, "ai: %s is already a project\n", d.pretty(r.Root))
	}
	fmt.Fprintln(d.Stdout, r.ID)
	return nil
}
