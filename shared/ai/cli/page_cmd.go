package cli

import "github.com/session-intelligence/session-intelligence/shared/ai/pager"

// PageCmd is `ai page VIEW:PART`.
type PageCmd struct {
	Ref string `arg:"" help:"The part, as the previous part names it: 17:2."`
}

// Run prints the part and keeps the view another 10 minutes.
func (c *PageCmd) Run(d *deps) error {
	dir, err := pager.Dir(d.Getenv)
	if err != nil {
		return err
	}
	return pager.Pager{Dir: dir, Now: d.Now, Command: "ai"}.Page(d.Stdout, c.Ref)
}
