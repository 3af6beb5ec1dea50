package cli

import "github.com/session-intelligence/session-intelligence/shared/core/refdoc"

// HelpCmd is `ai help [TOPIC]`: a page of the reference, from the binary.
type HelpCmd struct {
	Topic []string `arg:"" optional:"" help:"The page (ai help lists them): ai-memory, ai-notes, ai-agent …"`
}

// Run prints the page, or the list of pages, through the pager: whole on
// a terminal, in parts when piped and long, as every ai view.
func (c *HelpCmd) Run(d *deps) error {
	text, err := refdoc.Help(d.Docs, "ai", c.Topic)
	if err != nil {
		return err
	}
	return d.show(text)
}
