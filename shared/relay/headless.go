package relay

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// TurnResult is what one `claude -p --output-format json` run reported.
type TurnResult struct {
	SessionID string `json:"session_id"`
	Result    string `json:"result"`
	IsError   bool   `json:"is_error"`
}

// Pipeline drives a series of `claude -p` turns on one project and
// relays between them: past the threshold it runs the hand-over turn,
// `/clear`, and "let's resume" in the fresh conversation (whose
// SessionStart injects the note), then goes on with the next prompt.
type Pipeline struct {
	Deps    Deps
	Root    string
	Window  string
	Args    []string // claude's arguments, with -p PROMPT
	Then    []string // one more turn for each, with --resume
	Until   string   // stop once a result contains it
	Run     func(args []string) (TurnResult, error)
	Tokens  func(sid string) int64 // the conversation's context size
	Out     io.Writer              // each turn's result
	Notices io.Writer              // the relay's messages
}

// ErrNoPrompt is returned when the arguments hold no -p PROMPT.
var ErrNoPrompt = errors.New("relay run: put the prompt right after -p (or --print)")

// SplitArgs separates claude's arguments into the first prompt, the
// session selection of the first turn (--session-id, --resume, -r,
// --continue, -c) and the rest; the output format is dropped, the driver
// sets it.
func SplitArgs(args []string) (prompt string, first, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-p" || a == "--print":
			if i+1 >= len(args) || strings.HasPrefix(args[i+1], "-") {
				return "", nil, nil, ErrNoPrompt
			}
			prompt = args[i+1]
			i++
		case a == "--session-id" || a == "--resume" || a == "-r":
			if i+1 < len(args) {
				first = []string{a, args[i+1]}
			}
			i++
		case a == "--output-format":
			i++
		case a == "--continue" || a == "-c":
			first = []string{a}
		case strings.HasPrefix(a, "--output-format="):
		default:
			rest = append(rest, a)
		}
	}
	if prompt == "" {
		return "", nil, nil, ErrNoPrompt
	}
	return prompt, first, rest, nil
}

// Drive runs the pipeline. It stops at the first failed run.
func (p *Pipeline) Drive() error {
	prompt, sel, rest, err := SplitArgs(p.Args)
	if err != nil {
		return err
	}
	prompts := append([]string{prompt}, p.Then...)
	var sid string
	for i, prompt := range prompts {
		session := sel
		if i > 0 {
			session = []string{"--resume", sid}
		}
		res, err := p.turn(slices.Concat(rest, []string{"-p", prompt, "--output-format", "json"}, session))
		if err != nil {
			return err
		}
		sid = res.SessionID
		fmt.Fprintln(p.Out, res.Result)
		if p.Until != "" && strings.Contains(res.Result, p.Until) || i == len(prompts)-1 {
			return nil // no relay after the last turn: nothing would use the fresh conversation
		}
		if sid, err = p.relay(rest, sid); err != nil {
			return err
		}
	}
	return nil
}

// turn runs claude once and checks its report.
func (p *Pipeline) turn(args []string) (TurnResult, error) {
	res, err := p.Run(args)
	if err != nil {
		return res, fmt.Errorf("relay run: claude: %w", err)
	}
	if res.SessionID == "" {
		return res, fmt.Errorf("relay run: claude reported no session id")
	}
	if res.IsError {
		return res, fmt.Errorf("relay run: claude reported an error: %s", res.Result)
	}
	return res, nil
}

// relay reports the turn to the machine and carries out a relay when
// one is due; it returns the session to continue.
func (p *Pipeline) relay(rest []string, sid string) (string, error) {
	call := Call{Event: TurnEnd, SID: sid, Window: p.Window, Driver: Headless}
	call.Tokens = p.Tokens(sid)
	a, err := p.apply(call)
	if err != nil || a.Action != Handover {
		return sid, err
	}
	if _, err = p.turn(slices.Concat(rest, []string{"-p", a.Text, "--output-format", "json", "--resume", sid})); err != nil {
		return sid, err
	}
	call.Tokens, call.Handover = p.Tokens(sid), true
	if a, err = p.apply(call); err != nil || a.Action != Clear {
		return sid, err
	}
	cleared, err := p.turn(slices.Concat(rest, []string{"-p", "/clear", "--output-format", "json", "--resume", sid}))
	if err != nil {
		return sid, err
	}
	a, err = p.apply(Call{Event: Cleared, SID: cleared.SessionID, Window: p.Window, Driver: Headless})
	if err != nil || a.Action != Resume {
		return sid, err
	}
	res, err := p.turn(slices.Concat(rest, []string{"-p", a.Text, "--output-format", "json", "--resume", cleared.SessionID}))
	if err != nil {
		return sid, err
	}
	fmt.Fprintln(p.Out, res.Result)
	_, err = p.apply(Call{Event: TurnEnd, SID: res.SessionID, Window: p.Window, Driver: Headless, Tokens: p.Tokens(res.SessionID)})
	return res.SessionID, err
}

// apply runs a call and shows its notice.
func (p *Pipeline) apply(c Call) (Answer, error) {
	a, err := p.Deps.Apply(p.Root, c)
	if a.Notice != "" {
		fmt.Fprintln(p.Notices, "si relay:", a.Notice)
	}
	return a, err
}
