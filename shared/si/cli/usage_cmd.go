package cli

import (
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/intel/usage"
)

// UsageCmd is `si usage [--json] FILE...`.
type UsageCmd struct {
	JSON  bool     `help:"Print JSON: {\"sessions\":[…],\"pace\":{…}} (pace only when rate limits are known)."`
	Files []string `arg:"" type:"existingfile" help:"Transcript files (~/.claude/projects/<project>/<session>.jsonl)."`
}

// Run prints the report.
func (c *UsageCmd) Run(d *deps) error {
	rep, err := usage.Build(c.Files, pricing.Default().WithOverrides(d.Config.Statusline.Prices))
	if err != nil {
		return err
	}
	if c.JSON {
		enc := jsonx.NewEncoder(d.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(usageJSON{Sessions: rep.Sessions, Pace: jsonPace(readPace(d))})
	}
	tw := tabwriter.NewWriter(d.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "session\tinput\toutput\tcache write\tcache read\tcost\tmodels\t")
	var unpriced []string
	for _, s := range rep.Sessions {
		cost := s.Figure().String()
		unpriced = append(unpriced, s.Unpriced...)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%d\t\n", s.SessionID, humanize.Tokens(s.InputTokens), humanize.Tokens(s.OutputTokens),
			humanize.Tokens(s.CacheCreation), humanize.Tokens(s.CacheRead), cost, len(s.Models))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(unpriced) > 0 {
		slices.Sort(unpriced)
		fmt.Fprintf(d.Stdout, "~ estimated: no list price for %s; priced at its family's rate (set statusline.prices to correct it)\n",
			strings.Join(slices.Compact(unpriced), ", "))
	}
	printPace(d.Stdout, d)
	return nil
}
