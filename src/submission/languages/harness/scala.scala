// zuma-judge harness for Scala submissions (languages/scala.rs): compiled by scalac as
// Harness.scala next to the paste (Solution.scala, LeetCode's `object Solution { def
// findMinStep(board: String, hand: String): Int }`) and run by `java` with the Scala library on
// the class path. Speaks the worker protocol of src/submission/protocol.rs: JSON-line requests
// {"id":7,"board":"..","hand":".."} on stdin; on file descriptor 3 first {"ready":true}, then one
// reply per request, in order, carrying the request's id when it has one: {"answer":N},
// {"error":".."} or {"memory":".."}. Calls run on one thread with a big stack (recursive DFS).
// Written in Scala 2.11 (no SAM conversion, no string interpolation needed). Time and memory are
// measured by the judge, outside this process.
object ZumaJudgeHarness {
  /** Stack of the thread that calls the solution, in bytes. */
  val StackBytes: Long = 64L << 20

  private val IdPattern = "\"id\"\\s*:\\s*([0-9]+)".r

  /** `"id":7,` when the request has an id (copied as read, digits only), else nothing. */
  def id(line: String): String =
    IdPattern.findFirstMatchIn(line).map(m => "\"id\":" + m.group(1) + ",").getOrElse("")

  /** The string value of `key` (board and hand hold only letters: no escapes to undo). */
  def field(line: String, key: String): String = {
    val open = "\"" + key + "\":\""
    val i = line.indexOf(open)
    if (i < 0) return ""
    val from = i + open.length
    val j = line.indexOf('"', from)
    if (j < 0) line.substring(from) else line.substring(from, j)
  }

  def quoted(s: String): String = {
    val out = new StringBuilder("\"")
    for (c <- s) {
      if (c == '"' || c == '\\') out.append('\\').append(c)
      else if (c < ' ') out.append(' ')
      else out.append(c)
    }
    out.append('"').toString
  }

  /** "java.lang.ArithmeticException: / by zero (line 12)", the line being the innermost frame
    * in Solution.scala. */
  def describe(e: Throwable): String = {
    var text = e.toString.split("\n")(0)
    if (text.length > 300) text = text.substring(0, 300)
    e.getStackTrace.find(f => f.getFileName == "Solution.scala" && f.getLineNumber > 0) match {
      case Some(f) => text + " (line " + f.getLineNumber + ")"
      case None => text
    }
  }

  def call(board: String, hand: String): String =
    try "\"answer\":" + Solution.findMinStep(board, hand)
    catch {
      case e: OutOfMemoryError => "\"memory\":" + quoted(describe(e))
      case e: Throwable => "\"error\":" + quoted(describe(e))
    }

  def serve(): Unit = {
    val replies = new java.io.FileOutputStream("/dev/fd/3", true)
    val input = new java.io.BufferedReader(new java.io.InputStreamReader(System.in, "UTF-8"))
    def send(line: String): Unit = {
      replies.write((line + "\n").getBytes("UTF-8"))
      replies.flush()
    }
    send("{\"ready\":true}")
    var line = input.readLine()
    while (line != null) {
      if (!line.trim.isEmpty) send("{" + id(line) + call(field(line, "board"), field(line, "hand")) + "}")
      line = input.readLine()
    }
    replies.close()
  }

  def main(args: Array[String]): Unit = {
    val t = new Thread(null, new Runnable { def run(): Unit = serve() }, "solution", StackBytes)
    t.start()
    t.join()
    // The solution may have left threads behind.
    sys.exit(0)
  }
}
