package ail_test

import (
	"fmt"

	"github.com/session-intelligence/session-intelligence/shared/ail"
)

// A hook (the PreCompact hand-off, the relay) builds lines from what it
// knows and encodes them. It links no tokenizer, so it passes no
// Counter and the snapshot has no pointers; secrets are redacted.
func ExampleEncode() {
	lines := ail.Ctx("task: ship webhook retries\nkey files: worker.py, store.go")
	log, _ := ail.LogLine(ail.Rejection{Tried: "redis list queue", Reason: "lost events on failover", Instead: "postgres outbox"})
	sig, _ := ail.SigLine(ail.Sig{File: "store.go", Name: "Store.ClaimOutbox", Args: []string{"limit:int"}, Ret: "([]OutboxRow,error)"})
	next, _ := ail.NextLine("rate limit per account", "replay endpoint")
	text, _, err := ail.Encode(append(lines, log, sig, next), ail.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(text)
	// Output:
	// !AILv1
	// @CTX task: ship webhook retries
	// @CTX key files: worker.py, store.go
	// @LOG !redis_list_queue(lost events on failover) -> ^postgres outbox
	// @SIG store.go|Store.ClaimOutbox(limit:int)->([]OutboxRow,error)
	// @NEXT ?rate_limit_per_account ?replay_endpoint
}

// A snapshot written by a model may miss the grammar by a little:
// strict decoding, the default, refuses it and names the line; lenient
// decoding repairs it and says what it changed.
func ExampleDecodeString() {
	near := "!AILv1\n@MEM $1=outbox\n@LOG !redis queue(lost events)->^$1\n"
	_, err := ail.ParseString(near, ail.Limits{})
	fmt.Println(err)
	doc, repairs, err := ail.DecodeString(near, ail.DecodeOptions{Lenient: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range repairs {
		fmt.Println(r)
	}
	fmt.Print(doc.Format())
	// Output:
	// line 3: @LOG: expected "(" after the identifier "redis", found " queue(lost events)->^$1"
	// line 3: @LOG: wrote the identifier "redis_queue" for "redis queue"
	// line 3: @LOG: wrote " -> " for "->"
	// !AILv1
	// @MEM $1=outbox
	// @LOG !redis_queue(lost events) -> ^$1
}
