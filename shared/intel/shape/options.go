package shape

import "github.com/session-intelligence/session-intelligence/shared/core/config"

// Configured is the analysis options the configuration gives a project
// (shape.perProject applied); the caller adds what it knows of the
// files in flight, the key files and the latest commit.
func Configured(cfg config.Shape, cwd string) Options {
	sc := cfg.For(cwd)
	return Options{Cwd: cwd, Depth: sc.RootDirDepth, Scoring: sc.Scoring, WarmCutoff: sc.WarmScoreCutoff,
		Preserve: CompileGlobs(sc.PreserveGlobs), Drop: CompileGlobs(sc.DropGlobs), ScoreDrop: !sc.SafeDrop}
}
