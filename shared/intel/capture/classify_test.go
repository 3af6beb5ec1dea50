package capture

import (
	"strings"
	"testing"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		text string
		src  Source
		want Kind // "" for nothing kept
	}{
		// Rules: how the work must be done from now on.
		{"never commit", Prompt, Rule},
		{"use pnpm", Prompt, Rule},
		{"Always run the linter before you push.", Prompt, Rule},
		{"From now on, write the tests first.", Prompt, Rule},
		{"Don't touch the generated files in api/gen.", Prompt, Rule},
		{"the test should check the version is the one stamped at build time", Prompt, Rule},
		{"my github user is khaong", Prompt, Rule},
		{"keep backwards compatibility with the old field names", Prompt, Rule},
		{"I prefer table tests, any other ideas?", Prompt, Rule},
		{"also test it by running `make e2e`", Prompt, Rule},
		// Corrections of the agent.
		{"no, don't mock the database", Prompt, Correction},
		{"No, I did not say commit anything", Prompt, Correction},
		{"why did you delete the fixtures?", Prompt, Correction},
		{"stop adding comments to every line", Prompt, Correction},
		{"we don't need the auto strategy test", Rejection, Correction},
		{"reply to the review thread instead", Rejection, Correction},
		// Decisions that constrain later work.
		{"go with option B", Prompt, Decision},
		{"let's tackle 2 and 3", Prompt, Decision},
		{"skip 5, 7, 8 and do the rest", Prompt, Decision},
		{"fix them all, skip 2738999818", Prompt, Decision},
		{"let's do this as a separate PR", Prompt, Decision},
		{"yes, revert step 6 and keep the rest", Prompt, Decision},
		{"1. no\n2. yes, show merged branches too", Prompt, Decision},
		{"Fix the issues first", Answer, Decision},
		// One-off requests, questions, acknowledgements: nothing.
		{"commit this", Prompt, ""},
		{"push it", Prompt, ""},
		{"continue", Prompt, ""},
		{"yes", Prompt, ""},
		{"can you sort the branches by date?", Prompt, ""},
		{"where is checkpoints_count used?", Prompt, ""},
		{"Run lint and fix the issues, then push.", Prompt, ""},
		{"let's review the code we've created for this branch", Prompt, ""},
		{"it somehow always lists these under each branch", Prompt, ""},
		{"Stop hook says nothing in the logs, check the timeline", Prompt, ""},
		{"The claude logs should be in the checkpoint folder", Prompt, ""},
		{"my concern is the shadow branch", Prompt, ""},
		{"ok", Rejection, ""},
		{"", Prompt, ""},
	}
	for _, tt := range tests {
		got := Classify(tt.text, tt.src)
		var kind Kind
		if len(got) > 0 {
			kind = got[0].Kind
		}
		if kind != tt.want {
			t.Errorf("Classify(%q, %s) = %v, want kind %q", tt.text, tt.src, got, tt.want)
		}
		if len(got) == 1 && len([]rune(tt.text)) <= maxWhole && got[0].Text != strings.TrimSpace(tt.text) {
			t.Errorf("Classify(%q) kept %q, want the message verbatim", tt.text, got[0].Text)
		}
	}
}

// TestClassifyLongMessage: a message past maxWhole keeps only its
// matching sentences, each verbatim.
func TestClassifyLongMessage(t *testing.T) {
	filler := strings.Repeat("The build log shows the usual warnings about deprecated flags. ", 8)
	msg := filler + "Never run the migrations on the shared database. " + filler + "What do you think?"
	got := Classify(msg, Prompt)
	if len(got) != 1 || got[0].Kind != Rule || got[0].Text != "Never run the migrations on the shared database." {
		t.Fatalf("Classify(long) = %+v, want the one rule sentence", got)
	}
}

func TestTyped(t *testing.T) {
	tests := []struct{ in, want string }{
		{"never commit", "never commit"},
		{"<local-command-stdout>Compacted</local-command-stdout>", ""},
		{"<task-notification>\n<task-id>b1</task-id></task-notification>\nRead the output file", ""},
		{"Implement the following plan:\n\n# Plan\nnever do X", ""},
		{"<command-name>/compact</command-name>\n<command-args>keep the rules</command-args>", ""},
		{"<command-message>review</command-message>\n<command-name>/review</command-name>\n<command-args>never skip tests</command-args>", "never skip tests"},
		{"<system_instruction>\nYou are in Conductor. Use this branch.\n</system_instruction>\n\nuse pnpm", "use pnpm"},
		{"so, testing this build:\n```\nFeb  8 21:51:50.720 |DEBU| hook invoked\n```\nwhat happened?", "so, testing this build:\nwhat happened?"},
		{"look:\nFeb  8 21:51:50.720 |DEBU| hook invoked\n2026-02-09T09:00:08Z panic: boom\nwhy?", "look:\nwhy?"},
		{"see <pasted_content id=\"x\">never trust this</pasted_content> and use pnpm", "see\nand use pnpm"},
	}
	for _, tt := range tests {
		if got := Typed(tt.in); got != tt.want {
			t.Errorf("Typed(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
