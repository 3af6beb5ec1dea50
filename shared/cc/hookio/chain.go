package hookio

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// Step is one feature's part in an event. Run says what the feature
// wants Claude Code to see; done ends the event there, when the feature
// consumed it (a /si YES the user typed is no task to score).
type Step struct {
	Name string
	Run  func(rt *Runtime, in *Input) (res Result, done bool, err error)
}

// Then is the Step of a feature that never ends the event.
func Then(name string, h Handler) Step {
	return Step{Name: name, Run: func(rt *Runtime, in *Input) (Result, bool, error) {
		res, err := h(rt, in)
		return res, false, err
	}}
}

// Chain is an event's handler made of its features' steps, in order, none
// wrapping another. Their results are merged (context, notices and text
// joined by a blank line; the first block wins and ends the chain). A
// step that fails or panics is logged under its name and the next step
// still runs: each feature fails open on its own.
func Chain(steps ...Step) Handler {
	return func(rt *Runtime, in *Input) (Result, error) {
		var out Result
		for _, s := range steps {
			res, done, err := runStep(s, rt, in)
			if err != nil {
				rt.Log.Warnf(map[string]string{"step": s.Name}, "%s failed open: %v", s.Name, err)
				continue
			}
			out = merge(out, res)
			if done || out.Block != "" {
				break
			}
		}
		return out, nil
	}
}

// runStep runs one step, turning a panic into its error.
func runStep(s Step, rt *Runtime, in *Input) (res Result, done bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			stack := strings.ReplaceAll(string(debug.Stack()), "\n", " ⏎ ")
			err = fmt.Errorf("panic: %v [%.1500s]", r, stack)
		}
	}()
	return s.Run(rt, in)
}

// merge adds b's parts after a's, each trimmed of surrounding space.
func merge(a, b Result) Result {
	join := func(x, y string) string {
		x, y = strings.TrimSpace(x), strings.TrimSpace(y)
		switch {
		case x == "":
			return y
		case y == "":
			return x
		}
		return x + "\n\n" + y
	}
	a.Context, a.Notice, a.Text = join(a.Context, b.Context), join(a.Notice, b.Notice), join(a.Text, b.Text)
	if a.Block == "" {
		a.Block = b.Block
	}
	a.Terminal += b.Terminal // whole sequences, never trimmed
	return a
}
