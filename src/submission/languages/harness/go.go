// zuma-judge harness for Go submissions (languages/go.rs): a second file of package main, built
// with the paste. Speaks the worker protocol of src/submission/protocol.rs: JSON-line requests
// {"id":7,"board":"..","hand":".."} on stdin; on file descriptor 3 first {"ready":true}, then one
// reply per request, in order, echoing its id: {"id":7,"answer":N}, or {"id":7,"error":".."} for a panic the call did not recover (with the
// line of the paste it came from). Time and memory are measured by the judge, outside this
// process. Every name here starts with zumaJudge, so none clashes with the paste's.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strings"
)

func zumaJudgeField(line, key string) string {
	open := `"` + key + `":"`
	i := strings.Index(line, open)
	if i < 0 {
		return ""
	}
	rest := line[i+len(open):]
	if j := strings.IndexByte(rest, '"'); j >= 0 {
		return rest[:j]
	}
	return rest
}

// zumaJudgeID is the request's "id" as the JSON integer it is, or nil when it has none.
func zumaJudgeID(line string) json.RawMessage {
	i := strings.Index(line, `"id":`)
	if i < 0 {
		return nil
	}
	rest := line[i+5:]
	j := 0
	for j < len(rest) && j < 20 && rest[j] >= '0' && rest[j] <= '9' {
		j++
	}
	if j == 0 {
		return nil
	}
	return json.RawMessage(rest[:j])
}

// zumaJudgeWhere is " (line N)" for the innermost frame of the paste on the panicking stack.
func zumaJudgeWhere() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(0, pcs)])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") && !strings.HasSuffix(f.File, "harness.go") && f.Line > 0 {
			return fmt.Sprintf(" (line %d)", f.Line)
		}
		if !more {
			return ""
		}
	}
}

func zumaJudgeCall(board, hand string) (reply map[string]interface{}) {
	defer func() {
		if r := recover(); r != nil {
			var text string
			switch e := r.(type) {
			case runtime.Error:
				text = e.Error()
			case error:
				text = "panic: " + e.Error()
			default:
				text = fmt.Sprintf("panic: %v", e)
			}
			if len(text) > 200 {
				text = text[:200]
			}
			reply = map[string]interface{}{"error": text + zumaJudgeWhere()}
		}
	}()
	return map[string]interface{}{"answer": findMinStep(board, hand)}
}

func main() {
	out := bufio.NewWriter(os.NewFile(3, "replies"))
	send := func(reply interface{}) {
		line, _ := json.Marshal(reply)
		out.Write(append(line, '\n'))
		if out.Flush() != nil {
			os.Exit(1)
		}
	}
	send(map[string]bool{"ready": true})
	in := bufio.NewReader(os.Stdin)
	for {
		line, err := in.ReadString('\n')
		if line != "" {
			reply := zumaJudgeCall(zumaJudgeField(line, "board"), zumaJudgeField(line, "hand"))
			if id := zumaJudgeID(line); id != nil {
				reply["id"] = id
			}
			send(reply)
		}
		if err != nil {
			return
		}
	}
}
