// zuma-judge harness for Java submissions (languages/java.rs): compiled as Main.java next to
// the paste (Solution.java). Speaks the worker protocol of src/submission/protocol.rs: JSON-line
// requests {"id":7,"board":"..","hand":".."} on stdin; on file descriptor 3 first {"ready":true},
// then one reply per request, in order, echoing its id: {"id":7,"answer":N}, {"id":7,"error":".."}
// or {"id":7,"memory":".."}. Each call gets a fresh
// Solution and runs on one thread with a big stack (recursive DFS). Time and memory are
// measured by the judge, outside this process.
import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

public class Main {
    /** Stack of the thread that calls the solution, in bytes. */
    static final long STACK_BYTES = 64L << 20;

    static String field(String line, String key) {
        String open = "\"" + key + "\":\"";
        int i = line.indexOf(open);
        if (i < 0) return "";
        i += open.length();
        int j = line.indexOf('"', i);
        return j < 0 ? line.substring(i) : line.substring(i, j);
    }

    /** `{"id":N,` for a request with an id (its digits copied), else `{`: the start of its reply. */
    static String opening(String line) {
        int i = line.indexOf("\"id\":");
        if (i < 0) return "{";
        i += 5;
        int j = i;
        while (j < line.length() && j - i < 20 && Character.isDigit(line.charAt(j)) && line.charAt(j) < 128) j++;
        return j == i ? "{" : "{\"id\":" + line.substring(i, j) + ",";
    }

    static String quoted(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') out.append('\\').append(c);
            else if (c < 0x20) out.append(' ');
            else out.append(c);
        }
        return out.append('"').toString();
    }

    /** "java.lang.ArrayIndexOutOfBoundsException: Index 5 out of bounds for length 5 (line 12)",
     * the line being the innermost frame in Solution.java. */
    static String describe(Throwable e) {
        String text = e.toString();
        int nl = text.indexOf('\n');
        if (nl >= 0) text = text.substring(0, nl);
        if (text.length() > 300) text = text.substring(0, 300);
        for (StackTraceElement f : e.getStackTrace()) {
            if ("Solution.java".equals(f.getFileName()) && f.getLineNumber() > 0) {
                return text + " (line " + f.getLineNumber() + ")";
            }
        }
        return text;
    }

    static String call(String open, String board, String hand) {
        try {
            return open + "\"answer\":" + new Solution().findMinStep(board, hand) + "}";
        } catch (OutOfMemoryError e) {
            return open + "\"memory\":" + quoted(describe(e)) + "}";
        } catch (Throwable e) {
            return open + "\"error\":" + quoted(describe(e)) + "}";
        }
    }

    static void serve() {
        try (OutputStream replies = new FileOutputStream("/dev/fd/3", true)) {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            replies.write("{\"ready\":true}\n".getBytes(StandardCharsets.UTF_8));
            replies.flush();
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isEmpty()) continue;
                String reply = call(opening(line), field(line, "board"), field(line, "hand")) + "\n";
                replies.write(reply.getBytes(StandardCharsets.UTF_8));
                replies.flush();
            }
        } catch (java.io.IOException e) {
            System.exit(1);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(null, Main::serve, "solution", STACK_BYTES);
        t.start();
        t.join();
        // The solution may have left threads behind.
        System.exit(0);
    }
}
