package line

// fields maps each field name of the spec to its renderer. A renderer
// returns an empty cell when it has nothing worth showing.
var fields map[string]func(*redraw) cell

func init() {
	fields = map[string]func(*redraw) cell{
		"tokens": fieldTokens, "contextPct": fieldContextPct, "zone": fieldZone,
		"tools": fieldTools, "session": fieldSession, "sessionId": fieldSessionID,
		"thinking": fieldThinking, "cost": fieldCost, "costSaved": fieldCostSaved,
		"tokenFlow": fieldTokenFlow, "cacheHit": fieldCacheHit, "cacheTokens": fieldCacheTokens,
		"cacheSaved": fieldCacheSaved, "compactAge": fieldCompactAge, "compactCost": fieldCompactCost,
		"model": fieldModel, "project": fieldProject, "cwd": fieldCwd, "outputStyle": fieldOutputStyle,
		"deploy": fieldDeploy, "task": fieldTask, "issue": fieldIssue, "emoji": fieldEmoji, "emoji2": fieldEmoji2,
		"branch": fieldBranch, "dirty": fieldDirty, "diffstat": fieldDiffstat,
		"blockUsage": fieldBlockUsage, "weekUsage": fieldWeekUsage, "pace": fieldPace, "health": fieldHealth,
		"autoCompact": fieldAutoCompact, "cacheExpiry": fieldCacheExpiry, "spendLimit": fieldSpendLimit,
		"sessionName": fieldSessionName, "pr": fieldPR, "worktree": fieldWorktree,
	}
}

// FieldNames lists every field the status line knows, plus "newline".
func FieldNames() []string {
	names := make([]string, 0, len(fields)+1)
	for n := range fields {
		names = append(names, n)
	}
	return append(names, "newline")
}
