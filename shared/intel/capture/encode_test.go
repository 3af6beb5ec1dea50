package capture

import (
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// The types without their MarshalJSON: what goccy/go-json writes for
// their fields.
type (
	plainStore Store
	plainItem  Item
	plainTasks Tasks
	plainTask  Task
	plainCall  Call
	plainUse   Use
)

func TestMarshalJSONWritesWhatTheTagsSay(t *testing.T) {
	item := Item{Kind: "rule", Text: "never <push> \"main\"\n", UUID: "u", Prompt: "p", Source: "live", About: "a", T: 3}
	tasks := Tasks{Tasks: []Task{{ID: "1", Subject: "s", Status: "open"}, {Subject: "t"}}, Todos: []Task{{Subject: "x"}},
		Recent: []Call{{What: "Bash go test", Error: "FAIL"}, {What: "Read a"}}, Uses: []Use{{ID: "toolu_1", What: "Read"}}}
	check := func(name string, got, want func() ([]byte, error)) {
		g, err := got()
		w, werr := want()
		if err != nil || werr != nil || string(g) != string(w) {
			t.Errorf("%s: MarshalJSON() = %s, %v; want %s, %v", name, g, err, w, werr)
		}
	}
	for _, s := range []Store{
		{},
		{Items: []Item{}, Tasks: Tasks{Tasks: []Task{}}, Pending: &Pending{}},
		{Items: []Item{item, {}}, Offset: 9, Path: "/t.jsonl", Tasks: tasks, Pending: &Pending{T: 1, InFlight: []string{"a"}, Preserve: []string{"b"}}},
	} {
		check("store", s.MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainStore(s)) })
	}
	check("item", item.MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainItem(item)) })
	check("tasks", tasks.MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainTasks(tasks)) })
	check("task", tasks.Tasks[0].MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainTask(tasks.Tasks[0])) })
	check("call", tasks.Recent[0].MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainCall(tasks.Recent[0])) })
	check("use", tasks.Uses[0].MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainUse(tasks.Uses[0])) })
}
