//go:build windows

package winlane

import (
	"bytes"
	"context"
	"os"
	"path/filepath"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// shebang runs a command that names a shell script (a file starting
// with "#!", such as bin/si-hook, which hooks.json gives PreCompact and
// PostCompact) as Git Bash does on Windows: its text through the same
// shell, $0 its path, the arguments its parameters. Anything else (the
// .exe binaries, found without their .exe) goes on to next.
func shebang(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return func(ctx context.Context, args []string) error {
		hc := interp.HandlerCtx(ctx)
		path := args[0]
		if !filepath.IsAbs(path) {
			path = filepath.Join(hc.Dir, path)
		}
		data, err := os.ReadFile(path)
		if err != nil || !bytes.HasPrefix(data, []byte("#!")) {
			return next(ctx, args)
		}
		file, err := syntax.NewParser().Parse(bytes.NewReader(data), path)
		if err != nil {
			return err
		}
		r, err := interp.New(interp.Env(hc.Env), interp.Dir(hc.Dir),
			interp.StdIO(hc.Stdin, hc.Stdout, hc.Stderr),
			interp.Params(append([]string{"--"}, args[1:]...)...),
			interp.ExecHandlers(shebang))
		if err != nil {
			return err
		}
		return r.Run(ctx, file)
	}
}
