package line

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
	"github.com/session-intelligence/session-intelligence/shared/intel/sessionctx"
)

func fieldModel(r *redraw) cell {
	name := r.in.Model.DisplayName
	if name == "" {
		name = r.in.Model.ID
	}
	if name == "" {
		return cell{}
	}
	if style := r.in.OutputStyle.Name; style != "" && style != "default" {
		name += " · " + style
	}
	return cell{text: name}
}

func fieldProject(r *redraw) cell {
	if r.cwd == "" {
		return cell{}
	}
	return cell{text: filepath.Base(r.cwd)}
}

// fieldCwd shows the working directory with $HOME as ~, shortened in the
// middle (the leaf is kept) past maxCwdLength.
func fieldCwd(r *redraw) cell {
	p := termtext.Line(r.cwd)
	if p == "" {
		return cell{}
	}
	if rest, ok := underHome(p, r.env.Dirs.Home); ok {
		p = "~" + rest
	}
	max := r.cfg.MaxCwdLength
	if len([]rune(p)) > max {
		leaf := filepath.Base(p)
		room := max - len([]rune(leaf)) - 2
		if room < 1 {
			p = truncateMiddle(p, max)
		} else {
			p = string([]rune(p)[:room]) + "…" + string(filepath.Separator) + leaf
		}
	}
	return cell{text: p}
}

// underHome returns what follows home in p ("" for home itself) when p
// is home or inside it. On Windows the comparison ignores letter case
// and takes either separator, as the file system does: Claude Code may
// send c:\users\x\proj for a home of C:\Users\x.
func underHome(p, home string) (rest string, ok bool) {
	if home == "" || len(p) < len(home) {
		return "", false
	}
	head, rest := p[:len(home)], p[len(home):]
	if paths.Comparable(runtime.GOOS, head) != paths.Comparable(runtime.GOOS, home) || rest != "" && !os.IsPathSeparator(rest[0]) {
		return "", false
	}
	return rest, true
}

func fieldOutputStyle(r *redraw) cell {
	if s := r.in.OutputStyle.Name; s != "" && s != "default" {
		return cell{text: "style:" + s}
	}
	return cell{}
}

// fieldDeploy reads ~/.claude/logs/deploy-breadcrumb: "<target> <ISO time>".
func fieldDeploy(r *redraw) cell {
	target, at, ok := r.deploy()
	if !ok {
		return cell{}
	}
	return cell{text: "deploy:" + target + " " + humanize.Span(r.now.Sub(at)) + " ago"}
}

func (r *redraw) deploy() (string, time.Time, bool) {
	data, err := fsutil.ReadCapped(filepath.Join(r.env.Dirs.Logs, "deploy-breadcrumb"), 4096)
	if err != nil {
		return "", time.Time{}, false
	}
	f := strings.Fields(string(data))
	if len(f) < 2 {
		return "", time.Time{}, false
	}
	at, err := time.Parse(time.RFC3339, f[1])
	return f[0], at, err == nil
}

// task is what is being worked on: the Current Task of session-context.md
// (marked stale past taskStaleHours), else the last commit subject;
// cleaned before it is cut.
func (r *redraw) task() string {
	return once(r, "task", func() string { return termtext.Line(r.rawTask()) })
}

func (r *redraw) rawTask() string {
	if r.cwd == "" {
		return r.git().Subject
	}
	path := filepath.Join(r.env.Dirs.ProjectDir(r.cwd), "session-context.md")
	fi, err := os.Stat(path)
	if err != nil {
		return r.git().Subject
	}
	data, err := fsutil.ReadCapped(path, sessionctx.MaxFile)
	if err != nil {
		return r.git().Subject
	}
	t := sessionctx.Parse(data).Task()
	if t == "" {
		return r.git().Subject
	}
	if r.now.Sub(fi.ModTime()) > time.Duration(r.cfg.TaskStaleHours*float64(time.Hour)) {
		t += " (stale)"
	}
	return t
}

func fieldTask(r *redraw) cell {
	if t := r.task(); t != "" {
		return cell{text: truncateEnd(t, r.cfg.MaxTaskLength)}
	}
	return cell{}
}

var (
	branchIssue = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?:^|[/_#-])(?:gh-|issue-|issues-)?(\d{2,6})(?:[/_-]|$)`)
	})
	taskIssue = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`#(\d{1,6})\b`) })
)

func fieldIssue(r *redraw) cell {
	if b := r.branch(); b != "" {
		if m := branchIssue().FindStringSubmatch(strings.ToLower(b)); m != nil {
			return cell{text: "#" + m[1]}
		}
	}
	if m := taskIssue().FindStringSubmatch(r.task()); m != nil {
		return cell{text: "#" + m[1]}
	}
	return cell{}
}
