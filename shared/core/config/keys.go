package config

// Kind is the JSON type a key accepts.
type Kind int

// The kinds of keys.
const (
	Bool    Kind = iota
	Int          // integral JSON number within [Min, Max]
	Float        // JSON number within [Min, Max]
	String       // any string
	Enum         // one of Values
	Strings      // array of strings
	Object       // free-form object, validated by its consumer
	Objects      // array of objects
)

var kindNames = map[Kind]string{
	Bool: "boolean", Int: "integer", Float: "number", String: "string", Enum: "string",
	Strings: "array of strings", Object: "object", Objects: "array of objects",
}

// String names the kind as a user would (used in error messages).
func (k Kind) String() string { return kindNames[k] }

// Key describes one configuration key. Its default comes from [Default].
type Key struct {
	Path    string   // dotted path, e.g. "compact.threshold"
	Kind    Kind     // accepted JSON type
	Doc     string   // what it does (one or two sentences)
	Label   string   // friendly label in `si config`; empty keeps it out of the form
	Env     string   // environment variable that overrides it, if any
	Min     float64  // bounds for Int and Float
	Max     float64  //
	Values  []string // allowed values for Enum
	Section string   // group heading in `si config`
	// MaxLen is the longest String, or item of Strings, accepted (in
	// bytes); 0 means [MaxString].
	MaxLen int
	// Members checks the members of an Object, or each item of Objects,
	// beyond their type; "" when they are acceptable, else what is wrong,
	// naming the member.
	Members func(map[string]any) string
}

// Keys is the one table of every configuration key, in display order.
var Keys = []Key{
	// Status line.
	{Path: "statusline.preset", Kind: Enum, Values: []string{"minimal", "standard", "verbose", "verbose-cache"}, Label: "Status line preset", Env: "CLAUDE_STATUSLINE_PRESET", Section: "Statusline",
		Doc: "Layout used when statusline.fields is empty: minimal, standard, verbose (4 lines) or verbose-cache."},
	{Path: "statusline.fields", Kind: Strings, Env: "CLAUDE_STATUSLINE_FIELDS", Section: "Statusline",
		Doc: "Explicit field list (\"newline\" breaks the line); wins over the preset when non-empty."},
	{Path: "statusline.tokenSource", Kind: Enum, Values: []string{"auto", "transcript", "estimate"}, Label: "Token source", Env: "CLAUDE_STATUSLINE_TOKEN_SOURCE", Section: "Statusline",
		Doc: "Where context tokens come from: auto (Claude Code's stdin, then the transcript, then the tool-I/O estimate), transcript, or estimate."},
	{Path: "statusline.zones.yellow", Kind: Int, Min: 1000, Max: 10_000_000, Label: "Yellow zone at", Section: "Statusline",
		Doc: "Context tokens where the caution zone starts. At its default it follows the session (placed before auto-compaction, or learned); any other value is exact, for this zone only."},
	{Path: "statusline.zones.orange", Kind: Int, Min: 1000, Max: 10_000_000, Label: "Orange zone at", Section: "Statusline",
		Doc: "Context tokens where the context-rot zone starts; the first zone that sends an advisory to the model. At its default it follows the session; any other value is exact, for this zone only."},
	{Path: "statusline.zones.red", Kind: Int, Min: 1000, Max: 10_000_000, Label: "Red zone at", Section: "Statusline",
		Doc: "Context tokens where the urgent zone starts. At its default it follows the session; any other value is exact, for this zone only."},
	{Path: "statusline.contextCap", Kind: Int, Min: 0, Max: 100_000_000, Label: "Context window size", Section: "Statusline",
		Doc: "Context window size for the token bar; 0 means Claude Code's value, else a guess from the model id."},
	{Path: "statusline.maxTaskLength", Kind: Int, Min: 10, Max: 500, Label: "Task text length", Section: "Statusline",
		Doc: "Characters of the task field before it is cut."},
	{Path: "statusline.maxBranchLength", Kind: Int, Min: 6, Max: 200, Section: "Statusline",
		Doc: "Characters of the branch field before middle truncation."},
	{Path: "statusline.maxCwdLength", Kind: Int, Min: 9, Max: 500, Section: "Statusline",
		Doc: "Characters of the cwd field before middle truncation (the leaf is kept)."},
	{Path: "statusline.maxBarSegments", Kind: Int, Min: 8, Max: 40, Section: "Statusline",
		Doc: "Width of the token bar in segments."},
	{Path: "statusline.separator", Kind: String, Env: "CLAUDE_STATUSLINE_SEP_INLINE", Section: "Statusline", MaxLen: 64,
		Doc: "Separator between fields on one line."},
	{Path: "statusline.colors", Kind: Bool, Label: "Colours", Env: "CLAUDE_STATUSLINE_NO_COLOR", Section: "Statusline",
		Doc: "ANSI colours in the status line; NO_COLOR=1 or CLAUDE_STATUSLINE_NO_COLOR=1 turns them off."},
	{Path: "statusline.serviceHealth", Kind: Objects, Section: "Statusline", Members: checkHealth,
		Doc: "Services probed for the health field: [{\"name\",\"url\",\"ttlSec\"}]."},
	{Path: "statusline.prices", Kind: Object, Section: "Statusline", Members: checkPrices,
		Doc: "Price overrides in USD per million tokens: either {input, output, cache_creation, cache_read} for every model, or keyed by model-id prefix."},
	{Path: "statusline.thinkingMinDisplay", Kind: Int, Min: 0, Max: 10_000_000, Section: "Statusline",
		Doc: "Smallest thinking-token estimate the thinking field shows."},
	{Path: "statusline.taskStaleHours", Kind: Float, Min: 0, Max: 10_000, Section: "Statusline",
		Doc: "Age after which the task from session-context.md is marked (stale)."},
	{Path: "statusline.autoWire", Kind: Bool, Label: "Wire the status line", Section: "Statusline",
		Doc: "At session start, point settings.json's statusLine at the session-intelligence chain (your previous status line keeps running below it; uninstall restores it)."},
	{Path: "statusline.chainTimeoutMs", Kind: Int, Min: 100, Max: 10_000, Section: "Statusline",
		Doc: "How long the previous status line command may run before its output is dropped for that redraw."},
	{Path: "statusline.usageEndpoint", Kind: String, Env: "SI_USAGE_ENDPOINT", Section: "Statusline",
		Doc: "OAuth usage endpoint polled in the background for blockUsage and weekUsage."},
	{Path: "statusline.perProject", Kind: Object, Section: "Statusline",
		Doc: "Per-project overrides of statusline keys, keyed by the project's absolute path."},
	// Compaction.
	{Path: "compact.threshold", Kind: Int, Min: 1, Max: 10_000, Label: "First advisory after calls", Env: "COMPACT_THRESHOLD", Section: "Compact",
		Doc: "Tool calls in a session before the first zone advisory may reach the model; once auto-compaction is within reach (the orange band before it) an advisory is never held."},
	{Path: "compact.autoblock", Kind: Bool, Label: "Zone advisories", Env: "CLAUDE_COMPACT_AUTOBLOCK", Section: "Compact",
		Doc: "Send the grounded orange/red zone advisory to the model (legacy name: it never blocks)."},
	{Path: "compact.memoryOffload", Kind: Bool, Label: "Memory offload hint", Env: "CLAUDE_COMPACT_MEMORY_OFFLOAD", Section: "Compact",
		Doc: "Suggest writing auto-memory before compacting, in advisories and in the PreCompact guidance."},
	{Path: "compact.stablePrefix", Kind: Bool, Label: "Cache-stable guidance", Env: "CLAUDE_COMPACT_STABLE_PREFIX", Section: "Compact",
		Doc: "Keep PreCompact output byte-identical for the same working set so the post-compact prefix stays a prompt-cache hit."},
	{Path: "compact.keepRules", Kind: Bool, Label: "Keep your rules across compactions", Section: "Compact",
		Doc: "Capture your rules, corrections and decisions verbatim from what you type, lead every compaction's guidance with them, check Claude Code's summary for them and give the model back, after the compaction, the ones it lost."},
	{Path: "compact.refireEveryTokens", Kind: Int, Min: 0, Max: 200_000, Section: "Compact",
		Doc: "Repeat an advisory within the same zone after this many more tokens; 0 never repeats (values under 5000 count as 5000). A repeat counts towards the two advisories sent between compactions, and one in orange is not sent if the red advisory would then find no room."},
	{Path: "compact.format", Kind: Enum, Values: []string{"markdown", "ailv1"}, Label: "Compaction hand-off format", Env: "CLAUDE_COMPACT_FORMAT", Section: "Compact",
		Doc: "Format of the compaction hand-off: markdown, or ailv1 (the summariser is asked to end its summary with an AILv1 snapshot, and the resume block after the compaction is one)."},
	{Path: "compact.notify", Kind: Enum, Values: []string{"off", "osc9", "osc777"}, Label: "Desktop notification", Env: "CLAUDE_COMPACT_NOTIFY", Section: "Compact",
		Doc: "With the orange and red advisories, ask the terminal for a desktop notification (Claude Code's terminalSequence; interactive sessions only): osc9 (iTerm2, Windows Terminal, kitty, WezTerm, Ghostty), osc777 (foot, rxvt-unicode, WezTerm, Ghostty) or off. The line shown in the session comes either way."},
	// Post-compact resume.
	{Path: "continue.afterCompact", Kind: Bool, Label: "Resume after compact", Section: "Continue",
		Doc: "Write a hand-off at PreCompact and inject a resume block after the compaction."},
	{Path: "continue.rules", Kind: Enum, Values: RulesPlaces, Label: "Where the session rules go", Section: "Continue",
		Doc: "Where the session-discipline rules go: claude-md keeps them as a block between the session-intelligence markers of the project's CLAUDE.md (nothing outside the markers is touched; the file shows as modified in git); context adds them to each session's start context instead, again after every compaction and /clear, and touches nothing in the repository; off sends them nowhere. Leaving claude-md takes the block back out of every CLAUDE.md it was written to."},
	// Task change detector.
	{Path: "taskChange.enabled", Kind: Bool, Label: "Task-change hints", Env: "CLAUDE_TASK_CHANGE", Section: "Task change detection",
		Doc: "Score each new prompt against the current work and hint /compact or /clear on a domain change."},
	{Path: "taskChange.minTokens", Kind: Int, Min: 0, Max: 10_000_000, Label: "Task-change minimum tokens", Section: "Task change detection",
		Doc: "Context tokens below which the detector stays silent."},
	{Path: "taskChange.sameDomainScore", Kind: Float, Min: 0, Max: 1, Label: "Same-domain score", Section: "Task change detection",
		Doc: "Score at or above which a prompt counts as the same task."},
	{Path: "taskChange.differentDomainScore", Kind: Float, Min: 0, Max: 1, Label: "Different-domain score", Section: "Task change detection",
		Doc: "Score below which a prompt counts as a new task (hint /clear)."},
	{Path: "taskChange.conversationalMaxLen", Kind: Int, Min: 0, Max: 10_000, Section: "Task change detection",
		Doc: "Prompts shorter than this with no file references are conversation, never scored."},
	{Path: "taskChange.recentHours", Kind: Float, Min: 0, Max: 10_000, Section: "Task change detection",
		Doc: "Commits from the last N hours join the baseline of current work."},
	{Path: "taskChange.transcriptTurns", Kind: Int, Min: 0, Max: 1000, Section: "Task change detection",
		Doc: "Path mentions from the last N transcript turns join the baseline."},
	{Path: "taskChange.semanticFallback", Kind: Bool, Label: "Model tie-breaker", Section: "Task change detection",
		Doc: "Ask a small model SAME/DIFFERENT when the heuristic score is ambiguous."},
	{Path: "taskChange.semanticTimeoutMs", Kind: Int, Min: 100, Max: 60_000, Section: "Task change detection",
		Doc: "Time limit of the tie-breaker call."},
	{Path: "taskChange.haikuModel", Kind: String, Section: "Task change detection", MaxLen: 200,
		Doc: "Model used by the tie-breaker."},
	// Model switch.
	{Path: "modelSwitch.warn", Kind: Bool, Label: "Re-cache cost on a model switch", Section: "Model switch",
		Doc: "When you switch model with a large context and a warm prompt cache, say what re-caching that context on the new model costs (Claude Code's PreModelSwitch hook; the line comes with Claude Code's own line on the switch, before the new model's first request). Never blocks or asks."},
	{Path: "modelSwitch.minTokens", Kind: Int, Min: 0, Max: 10_000_000, Label: "Re-cache warning from (tokens)", Section: "Model switch",
		Doc: "Context tokens below which a model switch passes without a word."},
	// Shape tracker.
	{Path: "shape.rootDirDepth", Kind: Int, Min: 1, Max: 5, Label: "Shape root depth", Env: "CLAUDE_SHAPE_ROOT_DIR_DEPTH", Section: "Shape tracker",
		Doc: "Path segments that name a root directory in the shape log (src/auth/login.ts → src/auth at 2)."},
	{Path: "shape.maxEntries", Kind: Int, Min: 50, Max: 2000, Section: "Shape tracker",
		Doc: "Entries the shape log keeps (it is also capped at 128 KB)."},
	{Path: "shape.preserveGlobs", Kind: Strings, Section: "Shape tracker",
		Doc: "Globs of paths always banded HOT (preserve)."},
	{Path: "shape.dropGlobs", Kind: Strings, Section: "Shape tracker",
		Doc: "Globs of paths always banded COLD (drop); they win over preserveGlobs."},
	{Path: "shape.scoring", Kind: Enum, Values: []string{"hybrid", "recency", "frequency"}, Env: "CLAUDE_SHAPE_SCORING", Section: "Shape tracker",
		Doc: "Band scoring: hybrid (0.6 recency + 0.4 frequency; recency is cubed, frequency is full at 20 uses), recency or frequency."},
	{Path: "shape.warmScoreCutoff", Kind: Float, Min: 0.01, Max: 0.799, Label: "Warm band cutoff", Section: "Shape tracker",
		Doc: "Score at or above which a root is WARM rather than COLD (HOT starts at 0.80)."},
	{Path: "shape.safeDrop", Kind: Bool, Env: "CLAUDE_SHAPE_SAFE_DROP", Section: "Shape tracker",
		Doc: "DROP only finished work: never the top level, a folder outside the project, one holding a file in flight or a key file, one touched in the last 30 calls or since the latest commit, or one beside its own parent or subfolder; the folders touched in the last 30 calls and those of the files in flight and key files are PRESERVE. false: the seed's DROP, every root scored under warmScoreCutoff."},
	{Path: "shape.persistAcrossCompacts", Kind: Bool, Env: "CLAUDE_SHAPE_PERSIST", Section: "Shape tracker",
		Doc: "Keep a roll-up of roots touched before earlier compactions."},
	{Path: "shape.perProject", Kind: Object, Section: "Shape tracker",
		Doc: "Per-project overrides keyed by absolute project path: scoring, rootDirDepth, warmScoreCutoff, safeDrop, and globs that add to the global ones."},
	// Tool archive.
	{Path: "toolArchive.enabled", Kind: Bool, Label: "Tool-response archive", Env: "CLAUDE_TOOL_ARCHIVE", Section: "Tool archive",
		Doc: "Save large tool responses so `si expand <tool_use_id>` can replay them after a compaction."},
	{Path: "toolArchive.thresholdChars", Kind: Int, Min: 1, Max: 10 << 20, Label: "Archive threshold (chars)", Env: "CLAUDE_TOOL_ARCHIVE_THRESHOLD", Section: "Tool archive",
		Doc: "Responses at least this long are archived."},
	{Path: "toolArchive.maxPerSession", Kind: Int, Min: 1, Max: 100_000, Section: "Tool archive",
		Doc: "Archives kept per session; the oldest go first."},
	{Path: "toolArchive.ttlDays", Kind: Int, Min: 1, Max: 3650, Section: "Tool archive",
		Doc: "Days an archive (and a session's private state) is kept."},
	// Learning loop.
	{Path: "learning.announce", Kind: Bool, Label: "Announce learned zones", Env: "CLAUDE_LEARN_ANNOUNCE", Section: "Learning",
		Doc: "Mention it in an advisory when the adaptive zones move."},
	// Relay.
	{Path: "relay.enabled", Kind: Bool, Label: "Relay (hand over, /clear, resume)", Env: "CLAUDE_RELAY", Section: "Relay",
		Doc: "Past the threshold, have the agent write a hand-over note, clear the conversation and resume from the note; off until you opt in (see Relay)."},
	{Path: "relay.margin", Kind: Int, Min: 5000, Max: 5_000_000, Label: "Relay margin (tokens)", Env: "CLAUDE_RELAY_MARGIN", Section: "Relay",
		Doc: "Tokens a conversation may grow past its starting size (measured at its first turn) before the relay starts."},
	{Path: "relay.stateFile", Kind: String, Label: "Relay note file", Section: "Relay",
		Doc: "The hand-over note, relative to the project root, or absolute (on Windows `\\notes\\relay.md` is on the current drive); the fresh conversation gets it at start."},
	{Path: "relay.format", Kind: Enum, Values: []string{"markdown", "ailv1"}, Label: "Relay note format", Section: "Relay",
		Doc: "Format the agent is asked to write the note in: markdown, or ailv1 (checked with the AILv1 decoder when it is injected)."},
	{Path: "relay.phaseTimeoutSec", Kind: Int, Min: 30, Max: 86_400, Section: "Relay",
		Doc: "Seconds a relay may stay in one phase (writing, clearing, resuming) before it is called off, back to armed, with a message."},
	// Debug log.
	{Path: "debug.enabled", Kind: Bool, Label: "Debug log", Env: "CLAUDE_INTEL_DEBUG", Section: "Debug",
		Doc: "Write debug-level lines to ~/.claude/logs/session-intel-YYYY-MM-DD.log."},
	{Path: "debug.quiet", Kind: Bool, Label: "Quiet log", Env: "CLAUDE_INTEL_QUIET", Section: "Debug",
		Doc: "Write only errors to the debug log."},
}

// Lookup returns the key with the given dotted path.
func Lookup(path string) (Key, bool) {
	for _, k := range Keys {
		if k.Path == path {
			return k, true
		}
	}
	return Key{}, false
}
