package hookio

import (
	"sync"
	"time"
)

// TestOnlyCrashEnv names the switch that makes a hook binary die on
// purpose, the way Go programs die for real, so that the end-to-end tests
// can prove a crash never blocks the session: "stack" (a fatal stack
// overflow), "mapwrite" (a fatal concurrent map write), "goroutine" (a
// panic in a goroutine, which no guard of ours can recover). Any other
// value does nothing. It is read once, before the payload.
const TestOnlyCrashEnv = "SI_TESTONLY_CRASH"

// testOnlyCrash dies as kind says; it returns only for an unknown kind.
func testOnlyCrash(kind string) {
	switch kind {
	case "stack":
		recurse(0)
	case "mapwrite":
		m := map[int]int{}
		var wg sync.WaitGroup
		for g := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; ; i++ {
					m[i%64+g] = i
				}
			}()
		}
		wg.Wait()
	case "goroutine":
		go func() { panic("test-only crash in a goroutine") }()
		time.Sleep(time.Second)
	}
}

// recurse never returns; the stack grows until the runtime's limit.
//
//go:noinline
func recurse(n int) int {
	var pad [64]byte
	pad[n%64] = byte(n)
	//lint:ignore SA5007 endless on purpose: a real stack overflow
	return recurse(n+1) + int(pad[0])
}
