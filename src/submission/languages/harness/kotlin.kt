// zuma-judge harness for Kotlin submissions (languages/kotlin.rs): compiled as Harness.kt next
// to the paste (Solution.kt). Speaks the worker protocol of src/submission/protocol.rs: JSON-line
// requests {"id":7,"board":"..","hand":".."} on stdin; on file descriptor 3 first {"ready":true},
// then one reply per request, in order, echoing its id: {"id":7,"answer":N}, {"id":7,"error":".."}
// or {"id":7,"memory":".."}. Each call gets a fresh
// Solution and runs on one thread with a big stack (recursive DFS). Time and memory are
// measured by the judge, outside this process.
// No package: the paste's `Solution` is in the root package. The helpers are members of an
// object, so they cannot clash with the paste's own top-level functions.
import java.io.FileOutputStream
import kotlin.system.exitProcess

private object ZumaJudgeHarness {
    /** Stack of the thread that calls the solution, in bytes. */
    const val STACK_BYTES = 64L shl 20

    fun field(line: String, key: String): String {
        val open = "\"" + key + "\":\""
        var i = line.indexOf(open)
        if (i < 0) return ""
        i += open.length
        val j = line.indexOf('"', i)
        return if (j < 0) line.substring(i) else line.substring(i, j)
    }

    /** `{"id":N,` for a request with an id (its digits copied), else `{`: the start of its reply. */
    fun opening(line: String): String {
        var i = line.indexOf("\"id\":")
        if (i < 0) return "{"
        i += 5
        var j = i
        while (j < line.length && j - i < 20 && line[j] in '0'..'9') j++
        return if (j == i) "{" else "{\"id\":" + line.substring(i, j) + ","
    }

    fun quoted(s: String): String {
        val out = StringBuilder("\"")
        for (c in s) {
            when {
                c == '"' || c == '\\' -> out.append('\\').append(c)
                c < ' ' -> out.append(' ')
                else -> out.append(c)
            }
        }
        return out.append('"').toString()
    }

    /** "java.lang.ArrayIndexOutOfBoundsException: Index 5 out of bounds for length 5 (line 12)",
     * the line being the innermost frame in Solution.kt. */
    fun describe(e: Throwable): String {
        var text = e.toString().lineSequence().first()
        if (text.length > 300) text = text.substring(0, 300)
        val at = e.stackTrace.firstOrNull { it.fileName == "Solution.kt" && it.lineNumber > 0 }
        return if (at == null) text else "$text (line ${at.lineNumber})"
    }

    fun call(open: String, board: String, hand: String): String =
        try {
            open + "\"answer\":" + Solution().findMinStep(board, hand) + "}"
        } catch (e: OutOfMemoryError) {
            open + "\"memory\":" + quoted(describe(e)) + "}"
        } catch (e: Throwable) {
            open + "\"error\":" + quoted(describe(e)) + "}"
        }

    fun serve() {
        FileOutputStream("/dev/fd/3", true).use { replies ->
            val input = System.`in`.bufferedReader(Charsets.UTF_8)
            replies.write("{\"ready\":true}\n".toByteArray(Charsets.UTF_8))
            replies.flush()
            while (true) {
                val line = input.readLine() ?: break
                if (line.isEmpty()) continue
                val reply = call(opening(line), field(line, "board"), field(line, "hand")) + "\n"
                replies.write(reply.toByteArray(Charsets.UTF_8))
                replies.flush()
            }
        }
    }

}

fun main() {
    val t = Thread(null, { ZumaJudgeHarness.serve() }, "solution", ZumaJudgeHarness.STACK_BYTES)
    t.start()
    t.join()
    // The solution may have left threads behind.
    exitProcess(0)
}
