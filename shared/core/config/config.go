// Package config loads the unified configuration
// ~/.claude/session-intelligence.json: built-in defaults, then the legacy
// statusline-intel.json folded into "statusline", then the unified file,
// then environment overrides. One table ([Keys]) describes every key; the
// loader validates against it, `si explain` prints from it and the
// table in docs/configuration.md is generated from it.
//
// Readers never write: a bad file is reported as [Problem]s naming the
// file and the key, and the defaults stand in for what was bad.
package config

// Config is the effective configuration.
type Config struct {
	Statusline Statusline  `json:"statusline"`
	Compact    Compact     `json:"compact"`
	Continue   Continue    `json:"continue"`
	TaskChange TaskChange  `json:"taskChange"`
	Switch     Switch      `json:"modelSwitch"`
	Shape      Shape       `json:"shape"`
	Archive    ToolArchive `json:"toolArchive"`
	Learning   Learning    `json:"learning"`
	Relay      Relay       `json:"relay"`
	Debug      Debug       `json:"debug"`
}

// Zones are the token borders of the yellow, orange and red zones.
type Zones struct {
	Yellow int64 `json:"yellow"`
	Orange int64 `json:"orange"`
	Red    int64 `json:"red"`
	// UserSet is true when a configuration file set any of them to other
	// than its default: each such border ([Zones.Custom]) wins over the
	// learned and window-derived ones; the others follow the session.
	UserSet bool `json:"-"`
}

// Health is one service probed for the status line's health field.
type Health struct {
	Name      string `json:"name"`
	URL       string `json:"url"`
	TTLSec    int    `json:"ttlSec,omitempty"`
	TimeoutMs int    `json:"timeoutMs,omitempty"`
}

// Statusline configures the status line.
type Statusline struct {
	Preset             string                    `json:"preset"`
	Fields             []string                  `json:"fields"`
	TokenSource        string                    `json:"tokenSource"`
	Zones              Zones                     `json:"zones"`
	ContextCap         int64                     `json:"contextCap"`
	MaxTaskLength      int                       `json:"maxTaskLength"`
	MaxBranchLength    int                       `json:"maxBranchLength"`
	MaxCwdLength       int                       `json:"maxCwdLength"`
	MaxBarSegments     int                       `json:"maxBarSegments"`
	Separator          string                    `json:"separator"`
	Colors             bool                      `json:"colors"`
	ServiceHealth      []Health                  `json:"serviceHealth"`
	Prices             map[string]any            `json:"prices"`
	ThinkingMinDisplay int64                     `json:"thinkingMinDisplay"`
	TaskStaleHours     float64                   `json:"taskStaleHours"`
	AutoWire           bool                      `json:"autoWire"`
	ChainTimeoutMs     int                       `json:"chainTimeoutMs"`
	UsageEndpoint      string                    `json:"usageEndpoint"`
	PerProject         map[string]map[string]any `json:"perProject"`
}

// Compact configures zone advisories and compaction guidance.
type Compact struct {
	Threshold         int    `json:"threshold"`
	Autoblock         bool   `json:"autoblock"`
	MemoryOffload     bool   `json:"memoryOffload"`
	StablePrefix      bool   `json:"stablePrefix"`
	RefireEveryTokens int64  `json:"refireEveryTokens"`
	Format            string `json:"format"` // markdown or ailv1
	KeepRules         bool   `json:"keepRules"`
	Notify            string `json:"notify"` // off, osc9 or osc777: a desktop notification with the orange and red advisories
}

// Continue configures the post-compact resume.
type Continue struct {
	AfterCompact bool   `json:"afterCompact"`
	Rules        string `json:"rules"` // one of RulesPlaces
}

// Where the session rules go (continue.rules).
const (
	RulesClaudeMd = "claude-md" // a block in the project's CLAUDE.md
	RulesContext  = "context"   // each session's start context
	RulesOff      = "off"
)

// RulesPlaces are the values of continue.rules.
var RulesPlaces = []string{RulesClaudeMd, RulesContext, RulesOff}

// TaskChange configures the UserPromptSubmit task-change detector.
type TaskChange struct {
	Enabled              bool    `json:"enabled"`
	MinTokens            int64   `json:"minTokens"`
	SameDomainScore      float64 `json:"sameDomainScore"`
	DifferentDomainScore float64 `json:"differentDomainScore"`
	ConversationalMaxLen int     `json:"conversationalMaxLen"`
	RecentHours          float64 `json:"recentHours"`
	TranscriptTurns      int     `json:"transcriptTurns"`
	SemanticFallback     bool    `json:"semanticFallback"`
	SemanticTimeoutMs    int     `json:"semanticTimeoutMs"`
	HaikuModel           string  `json:"haikuModel"`
}

// Switch configures the PreModelSwitch warning: what re-caching the
// context costs on the new model, shown before its first request.
type Switch struct {
	Warn      bool  `json:"warn"`
	MinTokens int64 `json:"minTokens"`
}

// Shape configures the context-shape tracker and its analysis.
type Shape struct {
	RootDirDepth          int                       `json:"rootDirDepth"`
	MaxEntries            int                       `json:"maxEntries"`
	PreserveGlobs         []string                  `json:"preserveGlobs"`
	DropGlobs             []string                  `json:"dropGlobs"`
	Scoring               string                    `json:"scoring"`
	WarmScoreCutoff       float64                   `json:"warmScoreCutoff"`
	SafeDrop              bool                      `json:"safeDrop"`
	PersistAcrossCompacts bool                      `json:"persistAcrossCompacts"`
	PerProject            map[string]map[string]any `json:"perProject"`
}

// ToolArchive configures the tool-response archive.
type ToolArchive struct {
	Enabled        bool `json:"enabled"`
	ThresholdChars int  `json:"thresholdChars"`
	MaxPerSession  int  `json:"maxPerSession"`
	TTLDays        int  `json:"ttlDays"`
}

// Learning configures the learning loop.
type Learning struct {
	Announce bool `json:"announce"`
}

// Relay configures the relay: hand-over note, /clear and resume past a
// threshold above the conversation's starting size.
type Relay struct {
	Enabled         bool   `json:"enabled"`
	Margin          int64  `json:"margin"`
	StateFile       string `json:"stateFile"`
	Format          string `json:"format"`
	PhaseTimeoutSec int    `json:"phaseTimeoutSec"`
}

// Debug configures the debug log.
type Debug struct {
	Enabled bool `json:"enabled"`
	Quiet   bool `json:"quiet"`
}

// DefaultDropGlobs never belong in a summary: secrets and key material.
var DefaultDropGlobs = []string{
	"**/.env", "**/.env.*", "**/secrets*", "**/*secret*", "**/setup-secrets*",
	"**/credentials*", "**/*.pem", "**/*.key",
}

// Default returns the built-in configuration.
func Default() Config {
	return Config{
		Statusline: Statusline{
			Preset: "verbose", TokenSource: "auto",
			Zones:         Zones{Yellow: 200_000, Orange: 300_000, Red: 400_000},
			MaxTaskLength: 40, MaxBranchLength: 28, MaxCwdLength: 60, MaxBarSegments: 20,
			Separator: " · ", Colors: true, ServiceHealth: []Health{},
			Prices: map[string]any{}, ThinkingMinDisplay: 5000, TaskStaleHours: 12,
			AutoWire: true, ChainTimeoutMs: 2000, UsageEndpoint: "https://api.anthropic.com/api/oauth/usage",
			PerProject: map[string]map[string]any{}, Fields: []string{},
		},
		Compact:  Compact{Threshold: 50, Autoblock: true, MemoryOffload: true, StablePrefix: true, Format: "markdown", KeepRules: true, Notify: "off"},
		Continue: Continue{AfterCompact: true, Rules: RulesClaudeMd},
		TaskChange: TaskChange{
			Enabled: true, MinTokens: 100_000, SameDomainScore: 0.5, DifferentDomainScore: 0.2,
			ConversationalMaxLen: 120, RecentHours: 24, TranscriptTurns: 20,
			SemanticTimeoutMs: 3000, HaikuModel: "claude-haiku-4-5",
		},
		Switch: Switch{Warn: true, MinTokens: 50_000},
		Shape: Shape{
			RootDirDepth: 2, MaxEntries: 200, PreserveGlobs: []string{},
			DropGlobs: append([]string(nil), DefaultDropGlobs...), Scoring: "hybrid",
			WarmScoreCutoff: 0.40, SafeDrop: true, PersistAcrossCompacts: true, PerProject: map[string]map[string]any{},
		},
		Archive: ToolArchive{Enabled: true, ThresholdChars: 4096, MaxPerSession: 200, TTLDays: 7},
		Relay:   Relay{Margin: 40_000, StateFile: "state.md", Format: "markdown", PhaseTimeoutSec: 900},
	}
}
