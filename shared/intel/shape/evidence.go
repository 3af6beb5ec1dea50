package shape

import (
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// Caps of the evidence one transcript may hold: paths printed by one
// result, and in all (a [Known] set stops at maxKnown anyway).
const (
	maxPrintedPerResult = 2000
	maxPrinted          = maxKnown
)

// Evidence gathers what a transcript shows existed, for a [Known] set
// when there is no checkout to ask (a replay): the working directories,
// the files Read, Edit and Write named (unless the call failed), the
// paths Grep and Glob searched, and the paths the output of Bash, Grep
// and Glob printed. Feed it the main chain's records in order, then call
// Known. The zero value is ready to use.
type Evidence struct {
	cwds    []string
	calls   []evidenceCall
	byID    map[string]int // tool_use id → index in calls
	printed int
}

// evidenceCall is what one tool call and its result showed.
type evidenceCall struct {
	tool, cwd string
	in        toolInput
	failed    bool
	output    []string // paths its result printed
}

// Dir records a working directory the transcript ran in.
func (e *Evidence) Dir(cwd string) {
	if cwd != "" && (len(e.cwds) == 0 || e.cwds[len(e.cwds)-1] != cwd) {
		e.cwds = append(e.cwds, cwd)
	}
}

// Use records a tool call: its tool_use id, tool name, input and the
// working directory it ran in. A second use of the same id is ignored.
func (e *Evidence) Use(id, tool string, input jsonx.RawMessage, cwd string) {
	if e.byID == nil {
		e.byID = map[string]int{}
	}
	if _, seen := e.byID[id]; seen || len(e.calls) >= maxKnown {
		return
	}
	c := evidenceCall{tool: tool, cwd: cwd}
	_ = jsonx.Unmarshal(input, &c.in)
	c.in.Command, c.in.Pattern = "", "" // not evidence; do not keep them
	e.byID[id] = len(e.calls)
	e.calls = append(e.calls, c)
}

// Result records the result of the call with tool_use id (content is
// the tool_result block's content: a string or text blocks). A result
// whose call was not recorded first is ignored.
func (e *Evidence) Result(id string, content jsonx.RawMessage, isError bool) {
	i, ok := e.byID[id]
	if !ok {
		return
	}
	c := &e.calls[i]
	c.failed = isError
	c.output = nil
	if isError || (c.tool != "Bash" && c.tool != "Grep" && c.tool != "Glob") || e.printed >= maxPrinted {
		return
	}
	c.output = printedPaths(ContentText(content))
	e.printed += len(c.output)
}

// Known builds the set: the working directories and the inputs first,
// then the printed paths, since a relative one counts only when its
// first directory is known from the inputs (git and gh print words such
// as origin/main or owner/repo that are not paths).
func (e *Evidence) Known() *Known {
	k := &Known{}
	for _, cwd := range e.cwds {
		k.Add(cwd, true)
	}
	for _, c := range e.calls {
		if !c.failed {
			addInput(k, c.in, c.cwd)
		}
	}
	for _, c := range e.calls {
		for _, p := range c.output {
			addPrinted(k, p, c.cwd)
		}
	}
	return k
}

// addInput adds what a call's input shows existed: the file it named and
// the path it searched.
func addInput(k *Known, in toolInput, cwd string) {
	for _, f := range []string{in.FilePath, in.NotebookPath} {
		if f != "" {
			k.Add(abs(f, cwd), false)
		}
	}
	if in.Path != "" {
		k.Add(abs(in.Path, cwd), filepath.Ext(in.Path) == "")
	}
}

// addPrinted adds one printed path: an absolute one always, a relative
// one when its first directory is known.
func addPrinted(k *Known, p, cwd string) {
	if !paths.Rooted(p) {
		first, _, _ := strings.Cut(p, "/")
		if isDir, ok := k.Lookup(abs(first, cwd)); !ok || !isDir {
			return
		}
	}
	k.Add(abs(p, cwd), strings.HasSuffix(p, "/"))
}

// ContentText is the text of a tool result's or a message's content: a
// string, or a list of blocks whose text fields it joins.
func ContentText(raw jsonx.RawMessage) string {
	var s string
	if jsonx.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	_ = jsonx.Unmarshal(raw, &parts)
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// printedPaths returns the words of tool output that look like paths with
// a slash: grep's file:line: prefix, git status and diff --stat lines, ls
// of a path, find output. Words without a slash (ls of a directory's
// names) cannot be placed and are left out.
func printedPaths(text string) []string {
	var out []string
	for _, f := range strings.Fields(text) {
		f = strings.Trim(f, "\"'`,;()[]{}<>")
		f, _, _ = strings.Cut(f, ":")
		if len(f) < 3 || len(f) > 512 || f[0] == '-' || !strings.Contains(f, "/") || strings.Contains(f, "//") {
			continue
		}
		if strings.Trim(f, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/@+-") == "" {
			out = append(out, f)
		}
		if len(out) >= maxPrintedPerResult {
			break
		}
	}
	return out
}
