package hookio

import (
	"errors"
	"reflect"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/intellog"
)

func TestChain(t *testing.T) {
	say := func(name string, res Result, done bool) Step {
		return Step{Name: name, Run: func(*Runtime, *Input) (Result, bool, error) { return res, done, nil }}
	}
	fail := Step{Name: "broken", Run: func(*Runtime, *Input) (Result, bool, error) {
		return Result{Context: "lost"}, false, errors.New("boom")
	}}
	panics := Step{Name: "panicky", Run: func(*Runtime, *Input) (Result, bool, error) { panic("no") }}
	tests := []struct {
		name  string
		steps []Step
		want  Result
	}{
		{"merged in order", []Step{say("a", Result{Context: "one", Notice: "n1"}, false), say("b", Result{Context: "two", Text: "t"}, false)},
			Result{Context: "one\n\ntwo", Notice: "n1", Text: "t"}},
		{"done ends the chain", []Step{say("a", Result{Context: "one"}, true), say("b", Result{Context: "two"}, false)},
			Result{Context: "one"}},
		{"a block ends the chain", []Step{say("a", Result{Block: "stop"}, false), say("b", Result{Block: "other", Context: "two"}, false)},
			Result{Block: "stop"}},
		{"a failing step is skipped", []Step{fail, say("b", Result{Context: "two"}, false)}, Result{Context: "two"}},
		{"a panicking step is skipped", []Step{panics, say("b", Result{Context: "two"}, false)}, Result{Context: "two"}},
		{"Then never ends it", []Step{Then("h", func(*Runtime, *Input) (Result, error) { return Result{Context: "h"}, nil }), say("b", Result{Context: "b"}, false)},
			Result{Context: "h\n\nb"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := &Runtime{Log: &intellog.Logger{}}
			got, err := Chain(tt.steps...)(rt, &Input{})
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Chain = %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}
