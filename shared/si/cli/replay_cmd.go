package cli

import (
	"fmt"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/intel/replay"
)

// ReplayCmd is `si replay [--json] TRANSCRIPT...`.
type ReplayCmd struct {
	JSON        bool     `help:"Print JSON: {\"transcripts\":[…]}."`
	Transcripts []string `arg:"" type:"existingfile" help:"Transcript files (~/.claude/projects/<project>/<session>.jsonl)."`
}

// Run replays each transcript and prints the timelines or the JSON.
func (c *ReplayCmd) Run(d *deps) error {
	reports := make([]replay.Report, 0, len(c.Transcripts))
	for _, path := range c.Transcripts {
		rep, err := replay.Run(path, d.Config)
		if err != nil {
			return err
		}
		reports = append(reports, rep)
	}
	if c.JSON {
		enc := jsonx.NewEncoder(d.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(map[string]any{"transcripts": reports})
	}
	for i, rep := range reports {
		if i > 0 {
			fmt.Fprintln(d.Stdout)
		}
		if err := rep.WriteText(d.Stdout); err != nil {
			return err
		}
	}
	return nil
}
