package relay

import (
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/intellog"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/core/version"
)

// maxRequest caps the module's request; a prompt longer than what may be
// held is let through anyway.
const maxRequest = 1 << 20

// stdinWait bounds the wait for the module's request. The module writes
// it at once and closes stdin, and gives the whole process 5 s
// (DECIDE_TIMEOUT_MS in relay.js); a stdin that never closes must leave
// time for the lock (lockWait) and for the answer to go out before that.
const stdinWait = 1500 * time.Millisecond

// Env variables the drivers share.
const (
	EnvDriver = "SI_RELAY_DRIVER" // "headless" while si relay run drives the session
	EnvWindow = "SI_RELAY_WINDOW" // names the window in place of CLAUDE_PID
)

// Request is one JSON object the module (relay.js) sends to si-relay.
type Request struct {
	Event   string `json:"event"` // turn, prompt, cleared
	SID     string `json:"sessionId"`
	Root    string `json:"root"` // $.session.root()
	Cwd     string `json:"cwd"`
	Tokens  int64  `json:"tokens"`
	Text    string `json:"text"`
	Window  string `json:"window"` // CLAUDE_PID of the session
	AgentID string `json:"agentId"`
	// Handover: this turn started with the hand-over request.
	Handover bool `json:"handover"`
}

// Deps is the outside world of a decision.
type Deps struct {
	Store  Store
	Set    Settings
	Getenv func(string) string
	Now    func() time.Time
	Alive  func(window string) bool
}

// Window names the calling window: SI_RELAY_WINDOW, else the given one
// (CLAUDE_PID of the session).
func (d Deps) Window(given string) string {
	if w := d.Getenv(EnvWindow); w != "" {
		return w
	}
	return given
}

// DecideJSON reads one request from r and answers it. It never fails:
// whatever goes wrong, the answer is "none" (the session goes on as if
// there were no relay) and the error says why.
func DecideJSON(d Deps, r io.Reader) (Answer, error) {
	req, err := ReadRequest(r)
	if err != nil {
		return Answer{Action: None}, err
	}
	return d.Module(req)
}

// ReadRequest reads one request of the module, capped.
func ReadRequest(r io.Reader) (Request, error) {
	var req Request
	data, err := io.ReadAll(io.LimitReader(r, maxRequest+1))
	if err != nil {
		return req, fmt.Errorf("read request: %w", err)
	}
	if len(data) > maxRequest {
		return req, fmt.Errorf("request over %d bytes; ignored", maxRequest)
	}
	if err := jsonx.Unmarshal(data, &req); err != nil {
		return req, fmt.Errorf("decode request: %w", err)
	}
	return req, nil
}

// readWithin is ReadRequest, given up after wait: the read goes on in
// the background, and the process exits without it.
func readWithin(r io.Reader, wait time.Duration) (Request, error) {
	type read struct {
		req Request
		err error
	}
	done := make(chan read, 1)
	go func() {
		req, err := ReadRequest(r)
		done <- read{req, err}
	}()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case got := <-done:
		return got.req, got.err
	case <-timer.C:
		return Request{}, fmt.Errorf("no request within %v: stdin was not closed", wait)
	}
}

// Module answers a request of the module.
func (d Deps) Module(req Request) (Answer, error) {
	if req.AgentID != "" || d.Getenv(EnvDriver) == string(Headless) {
		return Answer{Action: None}, nil // subagents never relay; si relay run drives this one
	}
	ev := map[string]Event{"turn": TurnEnd, "prompt": Prompt, "cleared": Cleared}[req.Event]
	if ev == "" {
		return Answer{Action: None}, fmt.Errorf("unknown event %q", req.Event)
	}
	root := firstNonEmpty(req.Root, req.Cwd, d.Getenv("CLAUDE_PROJECT_DIR"))
	sid := paths.SessionID(req.SID)
	if !filepath.IsAbs(root) || sid == "" {
		return Answer{Action: None}, fmt.Errorf("request lacks an absolute root or a session id")
	}
	return d.Apply(root, Call{Event: ev, SID: sid, Window: d.Window(req.Window), Driver: Module, Tokens: req.Tokens, Text: req.Text, Handover: req.Handover})
}

// Apply runs one call through the project's state under its lock.
func (d Deps) Apply(root string, c Call) (Answer, error) {
	var a Answer
	now := d.Now()
	note := d.Set.NotePath(root)
	if st, err := d.Store.Load(root); err == nil && d.quiet(st, c, now) {
		return Answer{Action: None, Quiet: d.hint(st, c)}, nil // nothing would change: no lock, no write
	}
	err := d.Store.Update(root, now, func(st *State) {
		m := &Machine{St: st, Set: d.Set, Note: note, Now: now, Alive: d.Alive, Held: d.Store.Held(root),
			Written:  func(since time.Time) bool { return NoteWritten(note, since) },
			Handover: func(tokens, base int64) string { return HandoverText(d.Set, note, tokens, base) }}
		if !d.Set.Enabled && c.Driver != Headless {
			a = m.Disabled(c)
			return
		}
		a = m.Apply(c)
	})
	if err != nil {
		return Answer{Action: None}, err
	}
	return a, nil
}

func firstNonEmpty(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}

// Main is the si-relay process the module runs at every turn end and
// prompt: one JSON request on stdin, one JSON answer on stdout (or, with
// --version, its version). It always exits 0; on any error it answers
// "none" and logs one line.
func Main(args []string, env proc.IO) int {
	if version.Asked(args) {
		return version.Print(env.Stdout, "si-relay")
	}
	a := Answer{Action: None}
	getenv, now := env.Getenv, env.Clock()
	dirs, err := paths.Resolve(getenv)
	if err == nil {
		cfg, _ := config.Load(config.Files{Legacy: dirs.LegacyConfig(), Unified: dirs.Config()}, getenv)
		d := Deps{Store: NewStore(dirs.State), Set: FromConfig(cfg.Relay), Getenv: getenv, Now: now, Alive: Alive}
		log := &intellog.Logger{Dir: dirs.Logs, Source: "relay", Now: now, Fallback: env.Stderr,
			Min: intellog.MinLevel(cfg.Debug.Enabled, cfg.Debug.Quiet)}
		req, err := readWithin(env.Stdin, stdinWait)
		if err == nil {
			a, err = d.Module(req)
		}
		if err != nil {
			log.Warnf(nil, "relay decide: %v", err)
		} else if cfg.Debug.Enabled {
			log.Debugf(map[string]any{"event": req.Event, "tokens": req.Tokens, "action": a.Action, "quiet": a.Quiet != nil}, "relay call")
		}
	}
	_ = jsonx.NewEncoder(env.Stdout).Encode(a)
	return 0
}

// quietFor is how long the module may trust a quiet hint: a setting
// changed mid-session (relay.enabled, relay.margin) takes effect within it.
const quietFor = time.Minute

// neverBelow is a size no conversation reaches, exact in a JS number.
const neverBelow = 1<<53 - 1

// hint is the quiet hint for a quiet call of the module: while the relay
// is off, every call; else the turn ends of a measured conversation below
// its threshold. A prompt is quiet whatever the size.
func (d Deps) hint(st *State, c Call) *Quiet {
	if c.Driver != Module {
		return nil
	}
	if !d.Set.Enabled {
		return &Quiet{Below: neverBelow, ForMs: quietFor.Milliseconds()}
	}
	cv := st.Convs[c.SID]
	if cv == nil || cv.Base == 0 || !cv.Module {
		return nil
	}
	return &Quiet{Below: cv.Threshold(d.Set.Margin), ForMs: quietFor.Milliseconds()}
}

// refreshSeen is how stale a conversation's last-seen time and size may
// get before a quiet turn end writes them anyway.
const refreshSeen = 5 * time.Minute

// quiet reports, from an unlocked read, that the call would change
// nothing: the relay is armed with nothing to hand back, and the call is
// a prompt, a start, or a turn end of a measured conversation below its
// threshold. Most calls are, so most cost one small read.
func (d Deps) quiet(st *State, c Call, now time.Time) bool {
	if st.Phase != Armed || st.holding() || st.Notice != "" {
		return false
	}
	if !d.Set.Enabled && c.Driver != Headless {
		return true // off: only a relay from before that still holds something needs the lock
	}
	switch c.Event {
	case Prompt, StartedUp:
		return true
	case TurnEnd:
		cv := st.Convs[c.SID]
		return cv != nil && cv.Base > 0 && c.Tokens < cv.Threshold(d.Set.Margin) &&
			(c.Driver != Module || cv.Module) && now.Sub(cv.Seen) < refreshSeen
	}
	return false
}
