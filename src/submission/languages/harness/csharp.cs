// zuma-judge harness for C# submissions (languages/csharp.rs): compiled with the paste by
// `mcs`, run by `mono --debug` (line numbers in stack traces). Speaks the worker protocol of
// src/submission/protocol.rs: JSON-line requests {"id":7,"board":"..","hand":".."} on stdin; on
// file descriptor 3 (opened as /dev/fd/3: mono rejects a SafeFileHandle on a pipe) first
// {"ready":true}, then one reply per request, in order, echoing its id: {"id":7,"answer":N},
// {"id":7,"error":".."} or {"id":7,"memory":".."}.
// Each call gets a fresh Solution and runs on one thread with a big stack (recursive DFS). Time
// and memory are measured by the judge, outside this process.
using System;
using System.Diagnostics;
using System.IO;
using System.Text;
using System.Threading;

static class ZumaJudgeHarness {
    /// <summary>Stack of the thread that calls the solution, in bytes.</summary>
    const int StackBytes = 64 << 20;

    /// <summary>This file's name, to tell its stack frames from the paste's.</summary>
    const string HarnessFile = "zuma_judge_harness.cs";

    static string Field(string line, string key) {
        string open = "\"" + key + "\":\"";
        int i = line.IndexOf(open, StringComparison.Ordinal);
        if (i < 0) return "";
        i += open.Length;
        int j = line.IndexOf('"', i);
        return j < 0 ? line.Substring(i) : line.Substring(i, j - i);
    }

    /// <summary>`{"id":N,` for a request with an id (its digits copied), else `{`: the start
    /// of its reply.</summary>
    static string Opening(string line) {
        int i = line.IndexOf("\"id\":", StringComparison.Ordinal);
        if (i < 0) return "{";
        i += 5;
        int j = i;
        while (j < line.Length && j - i < 20 && line[j] >= '0' && line[j] <= '9') j++;
        return j == i ? "{" : "{\"id\":" + line.Substring(i, j - i) + ",";
    }

    static string Quoted(string s) {
        var out_ = new StringBuilder("\"");
        foreach (char c in s) {
            if (c == '"' || c == '\\') out_.Append('\\').Append(c);
            else if (c < ' ') out_.Append(' ');
            else out_.Append(c);
        }
        return out_.Append('"').ToString();
    }

    /// <summary>"System.IndexOutOfRangeException: Index was outside the bounds of the array.
    /// (line 12)", the line being the innermost frame in the paste (none when the JIT inlined
    /// it).</summary>
    static string Describe(Exception e) {
        string text = e.GetType().FullName + ": " + e.Message.Split('\n')[0];
        if (text.Length > 300) text = text.Substring(0, 300);
        var frames = new StackTrace(e, true).GetFrames();
        if (frames != null) {
            foreach (var f in frames) {
                string file = f.GetFileName();
                if (file != null && Path.GetFileName(file) != HarnessFile && f.GetFileLineNumber() > 0) {
                    return text + " (line " + f.GetFileLineNumber() + ")";
                }
            }
        }
        return text;
    }

    static string Call(string open, string board, string hand) {
        try {
            return open + "\"answer\":" + new Solution().FindMinStep(board, hand) + "}";
        } catch (OutOfMemoryException e) {
            return open + "\"memory\":" + Quoted(Describe(e)) + "}";
        } catch (Exception e) {
            return open + "\"error\":" + Quoted(Describe(e)) + "}";
        }
    }

    static void Serve() {
        using (var stream = new FileStream("/dev/fd/3", FileMode.Open, FileAccess.Write))
        using (var replies = new StreamWriter(stream, new UTF8Encoding(false))) {
            var input = new StreamReader(Console.OpenStandardInput(), new UTF8Encoding(false));
            replies.Write("{\"ready\":true}\n");
            replies.Flush();
            string line;
            while ((line = input.ReadLine()) != null) {
                if (line.Length == 0) continue;
                replies.Write(Call(Opening(line), Field(line, "board"), Field(line, "hand")) + "\n");
                replies.Flush();
            }
        }
    }

    static void Main() {
        var t = new Thread(Serve, StackBytes);
        t.Start();
        t.Join();
        // The solution may have left threads behind.
        Environment.Exit(0);
    }
}
