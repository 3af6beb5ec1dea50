package capture

import (
	"bytes"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// This file follows the session's own work from its transcript: the open
// tasks of Claude Code's task tools (TaskCreate and TaskUpdate, or the
// older TodoWrite list) and the error being chased (the latest failed
// tool call not followed by a successful run of the same call).

// Bounds of what is followed.
const (
	maxTasks   = 20 // open tasks kept
	maxRecent  = 15 // latest tool calls the error is looked for among
	maxErrText = 240
	maxUses    = 32 // tool uses remembered while their results come in
)

// Task is one open task.
type Task struct {
	ID      string `json:"id,omitempty"`
	Subject string `json:"subject"`
	Status  string `json:"status,omitempty"`
}

// Tasks is the work in flight the transcript shows.
type Tasks struct {
	Tasks  []Task `json:"tasks,omitempty"` // from TaskCreate / TaskUpdate
	Todos  []Task `json:"todos,omitempty"` // the last TodoWrite list's open items
	Recent []Call `json:"recent,omitempty"`
	Uses   []Use  `json:"uses,omitempty"` // the latest tool uses, to name their results
}

// Call is one finished tool call, for the error being chased.
type Call struct {
	What  string `json:"what"`            // the tool and its command or path
	Error string `json:"error,omitempty"` // the first lines of its error, "" on success
}

// Use is a tool use whose result may still come.
type Use struct {
	ID   string `json:"id"`
	What string `json:"what"`
}

// Open lists the open tasks, the task tools' first.
func (t *Tasks) Open() []Task {
	out := append([]Task(nil), t.Tasks...)
	return append(out, t.Todos...)
}

// Chasing is the error being chased: the latest failed call among the
// recent ones that no later call of the same kind ran cleanly, "" when
// there is none.
func (t *Tasks) Chasing() string {
	for i := len(t.Recent) - 1; i >= 0; i-- {
		c := t.Recent[i]
		if c.Error == "" {
			continue
		}
		for _, later := range t.Recent[i+1:] {
			if later.What == c.What && later.Error == "" {
				return ""
			}
		}
		return c.What + " → " + c.Error
	}
	return ""
}

// Byte markers of the lines the work tracker decodes.
var (
	markToolUse = []byte(`"type":"tool_use"`)
	markCreated = []byte(`"toolUseResult":{"task":{`)
)

// workRecord is the part of a record the tracker reads.
type workRecord struct {
	Type        string `json:"type"`
	IsSidechain bool   `json:"isSidechain"`
	Message     *struct {
		Content []struct {
			Type      string           `json:"type"`
			ID        string           `json:"id"`
			Name      string           `json:"name"`
			Input     jsonx.RawMessage `json:"input"`
			ToolUseID string           `json:"tool_use_id"`
			IsError   bool             `json:"is_error"`
			Content   jsonx.RawMessage `json:"content"` // decoded only for an error`
		} `json:"content"`
	} `json:"message"`
	ToolUseResult any `json:"toolUseResult"`
}

// Feed folds one transcript line into the tracker.
func (t *Tasks) Feed(line []byte) {
	if !bytes.Contains(line, markToolUse) && !bytes.Contains(line, markToolRes) {
		return
	}
	var rec workRecord
	if jsonx.Unmarshal(line, &rec) != nil || rec.IsSidechain || rec.Message == nil {
		return
	}
	for _, b := range rec.Message.Content {
		switch {
		case b.Type == "tool_use":
			t.use(b.ID, b.Name, b.Input)
		case b.Type == "tool_result":
			t.result(b.ToolUseID, b.IsError, b.Content)
		}
	}
	if bytes.Contains(line, markCreated) {
		t.created(rec.ToolUseResult)
	}
}

// use notes a tool call, and applies the task tools' inputs.
func (t *Tasks) use(id, name string, input jsonx.RawMessage) {
	var in struct {
		Command  string `json:"command"`
		FilePath string `json:"file_path"`
		Pattern  string `json:"pattern"`
		TaskID   string `json:"taskId"`
		Status   string `json:"status"`
		Todos    []struct {
			Content string `json:"content"`
			Status  string `json:"status"`
		} `json:"todos"`
	}
	_ = jsonx.Unmarshal(input, &in)
	switch name {
	case "TaskUpdate":
		t.update(in.TaskID, in.Status)
	case "TodoWrite":
		t.Todos = nil
		for _, td := range in.Todos {
			if td.Status != "completed" && len(t.Todos) < maxTasks {
				t.Todos = append(t.Todos, Task{Subject: oneLine(td.Content, maxErrText), Status: td.Status})
			}
		}
	}
	what := name
	if arg := firstNonEmpty(in.Command, in.FilePath, in.Pattern); arg != "" {
		what += ": " + oneLine(arg, 120)
	}
	t.Uses = append(t.Uses, Use{id, what})
	if len(t.Uses) > maxUses {
		t.Uses = t.Uses[len(t.Uses)-maxUses:]
	}
}

// result records a finished call; a rejected call is the user's, not an
// error being chased.
func (t *Tasks) result(id string, isError bool, content jsonx.RawMessage) {
	what := ""
	for i := len(t.Uses) - 1; i >= 0; i-- {
		if t.Uses[i].ID == id {
			what = t.Uses[i].What
			break
		}
	}
	if what == "" {
		return
	}
	c := Call{What: what}
	if isError {
		var v any
		_ = jsonx.Unmarshal(content, &v)
		text := textOf(v)
		if strings.Contains(text, "The user doesn't want to proceed") {
			return
		}
		c.Error = oneLine(text, maxErrText)
		if c.Error == "" {
			c.Error = "failed"
		}
	}
	t.Recent = append(t.Recent, c)
	if len(t.Recent) > maxRecent {
		t.Recent = t.Recent[len(t.Recent)-maxRecent:]
	}
}

// created adds the task a TaskCreate result names.
func (t *Tasks) created(result any) {
	m, _ := result.(map[string]any)
	task, _ := m["task"].(map[string]any)
	id, _ := task["id"].(string)
	subject, _ := task["subject"].(string)
	if subject == "" || len(t.Tasks) >= maxTasks {
		return
	}
	t.Tasks = append(t.Tasks, Task{ID: id, Subject: oneLine(subject, maxErrText), Status: "pending"})
}

// update applies a TaskUpdate: a finished task leaves the list.
func (t *Tasks) update(id, status string) {
	for i, task := range t.Tasks {
		if task.ID != id || id == "" {
			continue
		}
		switch status {
		case "completed", "deleted", "cancelled":
			t.Tasks = append(t.Tasks[:i], t.Tasks[i+1:]...)
		case "":
		default:
			t.Tasks[i].Status = status
		}
		return
	}
}

// oneLine is the first non-empty lines of s joined, at most n runes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

func firstNonEmpty(list ...string) string {
	for _, s := range list {
		if s != "" {
			return s
		}
	}
	return ""
}
