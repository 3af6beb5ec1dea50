package config

// FieldDoc explains one status-line field: what `si explain
// statusline.fields` prints, and what a user reading the bar needs to
// decode it (the prefixes above all). The status line's tests check that
// every field it renders is here and nothing else is.
type FieldDoc struct {
	Name, Example, Meaning string
}

// StatuslineFields documents the fields, in the order of the table in
// docs/statusline.md.
var StatuslineFields = []FieldDoc{
	{"tokens", "▰▰▰▱▱ 150k/200k · 17k to auto-compact", "context bar, used/window and the distance to Claude Code's auto-compaction, in the zone colour; ~ marks an estimate"},
	{"contextPct", "ctx:43%", "share of the context window used"},
	{"zone", "orange", "the context zone (green, yellow, orange, red), in its colour"},
	{"autoCompact", "17k to auto-compact", "the distance to auto-compaction alone (then tokens does not repeat it); \"auto-compact off\" when it is off"},
	{"tools", "612 tools", "tool calls this session"},
	{"session", "2d19h", "the session's wall-clock age"},
	{"sessionId", "sid:82cc15b9", "the first 8 characters of the session id"},
	{"thinking", "think:12k", "thinking tokens of the latest turns"},
	{"cost", "$12.35", "session cost (Claude Code's, else priced from the transcript); ~ = a model without a list price, priced at its family's rate"},
	{"costSaved", "c$12.35 / s$334.80", "c$ = the session's cost, s$ = what cache reads saved against full input price"},
	{"tokenFlow", "75.0M ↓80.0k ↑503.0k c74.4M", "all tokens, then ↓ input and cache writes, ↑ output, c cache reads"},
	{"cacheHit", "cache:91%", "prompt-cache hit ratio (Claude Code's prompt_cache when sent), with the cacheExpiry warning unless that field is shown"},
	{"cacheExpiry", "cache cold in 2m · re-cache $0.31", "when the prompt cache goes cold and what re-caching the prefix costs"},
	{"cacheTokens", "prefix:74.2k/1.2k", "the latest turn's prompt prefix: tokens read from the cache / written to it"},
	{"cacheSaved", "saved:$334.80", "what cache reads saved this session"},
	{"compactAge", "compact:1hr 22m ago", "time since the last compaction (red after two hours)"},
	{"compactCost", "c$0.40 / s$1.80", "since the last compaction: c$ = cost, s$ = cache savings"},
	{"blockUsage", "b:36% r:1hr 22m", "b = the five-hour usage block used, r = time to its reset"},
	{"weekUsage", "w:95% r:1d 5hr", "w = the weekly limit used, r = time to its reset"},
	{"pace", "pace 5h:cap ~14:20 wk:~62%", "estimate at the pace so far: the share each limit reaches by its reset (~62%), or when it is reached (cap ~14:20)"},
	{"spendLimit", "spend:62% $31.20/$50/mo r:12d 4hr", "a gateway's spend limit: share, dollars per period, time to reset"},
	{"model", "Opus 4.7", "the model's display name"},
	{"project", "myrepo", "the project's folder name"},
	{"cwd", "~/work/myrepo", "the working directory, shortened"},
	{"branch", "feat/164-statusline", "the git branch"},
	{"dirty", "±3", "files changed and not committed"},
	{"diffstat", "(+235,-16)", "lines added and deleted, not committed"},
	{"issue", "#164", "the issue number from the branch or the task"},
	{"task", "feat — statusline v2", "the current task (session-context.md, else the last commit's subject)"},
	{"outputStyle", "style:explanatory", "Claude Code's output style, when not the default"},
	{"deploy", "deploy:prod 5m ago", "the last deploy breadcrumb (~/.claude/logs/deploy-breadcrumb)"},
	{"health", "[●●○]", "one dot per statusline.serviceHealth service: green up, yellow redirect, red down, ○ not probed yet"},
	{"sessionName", "statusline work", "the session's name (/rename or Claude Code's title)"},
	{"pr", "PR #42 approved", "the branch's pull request and its review state"},
	{"worktree", "wt:feat-x (feat/x)", "the worktree the session runs in"},
	{"emoji", "🟠", "opt-in state emoji (zone, fresh deploy, task intent)"},
	{"emoji2", "🔧", "opt-in activity emoji"},
	{"newline", "", "starts a new line"},
}
