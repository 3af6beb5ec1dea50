package cli

import (
	"crypto/rand"
	"fmt"
	"path/filepath"

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
	if r.Minted {
		fmt.Fprintf(d.Stderr, "ai: %s is now project %s\n", d.pretty(r.Root), projectName(d))
	} else {
		fmt.Fprintf(d.Stderr, "ai: %s is already a project, named %s\n", d.pretty(r.Root), projectName(d))
	}
	fmt.Fprintln(d.Stdout, r.ID)
	return nil
}

// projectName is the name of the project around the working directory:
// [project] name, else its directory's.
func projectName(d *deps) string {
	p, err := project.Find(d.Home, d.Cwd)
	if err != nil {
		return filepath.Base(d.Cwd)
	}
	return p.Name
}
