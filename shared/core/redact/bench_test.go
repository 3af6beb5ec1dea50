package redact

import (
	"fmt"
	"strings"
	"testing"
)

// corpusSize is the size of the benchmark inputs: the order of magnitude
// of the largest tool responses the archiving hook sees.
const corpusSize = 1 << 20

// Blocks of realistic tool output: code, logs, JSON, prose, lock files
// and diffs. Each takes a counter so the corpus does not repeat exactly.
var cleanBlocks = []func(i int) string{
	func(i int) string {
		return fmt.Sprintf(`func handle%d(ctx context.Context, req *Request) (*Response, error) {
	cfg := loadConfig(ctx)
	password := cfg.Password
	if req.Token == "" || len(req.Items) > %d {
		return nil, fmt.Errorf("handle: %%w", ErrInvalid)
	}
	for i, item := range req.Items {
		item.Index = i; m[item.Key] = item.Value // see docs: https://example.com/a?b=c&d=%d
	}
	return &Response{Status: http.StatusOK, Count: len(req.Items)}, nil
}
`, i, i%97, i)
	},
	func(i int) string {
		return fmt.Sprintf("2024-05-%02dT12:%02d:%02d.%03dZ INFO  server: request method=GET path=/api/v1/users/%d status=200 duration=%d.%dms bytes=%d trace_id=%x\n",
			i%28+1, i%60, (i*7)%60, i%1000, i, i%300, i%10, i*13, i*2654435761)
	},
	func(i int) string {
		return fmt.Sprintf(`{"type":"tool_result","tool_use_id":"toolu_%08d","content":[{"type":"text","text":"Found %d files\nsrc/app/main.go:%d: x := y\n"}],"is_error":false,"usage":{"input_tokens":%d,"output_tokens":%d,"cache_read_input_tokens":%d},"max_tokens":4096}`+"\n",
			i, i%50, i%400, i*3, i%2000, i*11)
	},
	func(i int) string {
		return fmt.Sprintf("## Step %d\n\nThe password is stored in the vault and the token is rotated daily; see section %d.%d for details. "+
			"Version 1.%d.%d fixes the bug at 12:30:45 (commit %07x). Call `cfg.Get(\"key\")` = value.\n\n", i, i%9, i%5, i%20, i%7, i*40503)
	},
	func(i int) string {
		return fmt.Sprintf(`    "node_modules/pkg-%d": {
      "version": "%d.%d.%d",
      "resolved": "https://registry.npmjs.org/pkg-%d/-/pkg-%d-%d.0.0.tgz",
      "integrity": "sha512-%s==",
      "dev": true
    },
`, i, i%10, i%30, i%5, i, i, i%10, strings.Repeat("q4ZxNmE0YzQ2", 7))
	},
	func(i int) string {
		return fmt.Sprintf("diff --git a/x%d.py b/x%d.py\n@@ -%d,6 +%d,7 @@ class Service:\n-        self.timeout = %d\n+        self.timeout = settings.get('timeout', %d)\n         token = self.client.fetch_token()\n",
			i, i, i, i, i%60, i%90)
	},
}

// secretLines are secrets of every kind, mixed into the dirty corpus.
var secretLines = []func(i int) string{
	func(int) string { return "export GITHUB_TOKEN=" + ghToken + "\n" },
	func(int) string { return `{"env":{"ANTHROPIC_API_KEY":"` + anthropicKey + `"}}` + "\n" },
	func(int) string {
		return "aws_access_key_id = " + awsKeyID + "\naws_secret_access_key = " + awsSecret + "\n"
	},
	func(i int) string {
		return fmt.Sprintf("DB_PASSWORD=hunter%d\ncurl -H 'Authorization: Bearer %s'\n", i, fake(40))
	},
	func(int) string { return "slack " + slackToken + " hook " + slackHook + " maps " + googleKey + "\n" },
	func(i int) string {
		return fmt.Sprintf("user%d@example.com from 10.%d.%d.7 via fe80::%x:1 jwt %s\n", i, i%256, i%200, i%65536, jwt)
	},
	func(int) string { return strings.ReplaceAll(pemKey, "\n", `\n`) + "\n" },
	func(i int) string { return fmt.Sprintf("postgres://app:pw%d@db:5432/app\n", i) },
}

// corpus builds about corpusSize bytes of blocks; every secretEvery-th
// block (when > 0) is followed by a secret line.
func corpus(secretEvery int) []byte {
	var sb strings.Builder
	for i := 0; sb.Len() < corpusSize; i++ {
		sb.WriteString(cleanBlocks[i%len(cleanBlocks)](i))
		if secretEvery > 0 && i%secretEvery == 0 {
			sb.WriteString(secretLines[(i/secretEvery)%len(secretLines)](i))
		}
	}
	return []byte(sb.String())
}

func TestCorpus(t *testing.T) {
	if _, rep := Bytes(corpus(0), Credentials()); rep != nil {
		t.Errorf("clean corpus reports %v", rep)
	}
	out, rep := Bytes(corpus(3), All())
	for _, p := range planted {
		if strings.Contains(string(out), secretCore(p)) {
			t.Errorf("secret %.20s... survived", p)
		}
	}
	t.Logf("secret corpus: %d replacements %v", rep.Total(), rep)
}

func BenchmarkRedact(b *testing.B) {
	for _, c := range []struct {
		name string
		in   []byte
		opt  Options
	}{
		{"clean/credentials", corpus(0), Credentials()},
		{"clean/all", corpus(0), All()},
		{"secrets/credentials", corpus(3), Credentials()},
		{"secrets/all", corpus(3), All()},
		{"small-4KB/credentials", corpus(0)[:4096], Credentials()},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.in)))
			b.ReportAllocs()
			for b.Loop() {
				Bytes(c.in, c.opt)
			}
		})
	}
}

// BenchmarkAdversarial redacts a megabyte of each adversarial pattern:
// a detector gone quadratic shows here as seconds per op, where linear
// ones take milliseconds.
func BenchmarkAdversarial(b *testing.B) {
	for i, p := range adversarialPatterns {
		in := adversarial(p)
		b.Run(fmt.Sprintf("%02d-%.12q", i, p), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				Bytes(in, All())
			}
		})
	}
}
