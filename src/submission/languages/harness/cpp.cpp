// zuma-judge harness for C++ submissions (languages/cpp.rs): compiled after the paste, in the
// same translation unit. Speaks the worker protocol of src/submission/worker.rs: JSON-line
// requests {"board":"..","hand":".."} on stdin; on file descriptor 3 first {"ready":true}, then
// one reply per request, {"answer":N} or {"error":".."}. Time and memory are measured by the
// judge, outside this process.
#include <unistd.h>

namespace zuma_judge {
static std::string field(const std::string& line, const std::string& key) {
    const std::string open = "\"" + key + "\":\"";
    std::size_t i = line.find(open);
    if (i == std::string::npos) return "";
    i += open.size();
    return line.substr(i, line.find('"', i) - i);
}

static void reply(const std::string& text) {
    std::string line = text + "\n";
    std::size_t done = 0;
    while (done < line.size()) {
        ssize_t n = ::write(3, line.data() + done, line.size() - done);
        if (n <= 0) std::exit(1);
        done += static_cast<std::size_t>(n);
    }
}

static std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (static_cast<unsigned char>(c) >= 0x20) out += c;
    }
    return out + "\"";
}
}  // namespace zuma_judge

int main() {
    std::ios::sync_with_stdio(false);
    zuma_judge::reply("{\"ready\":true}");
    std::string line;
    while (std::getline(std::cin, line)) {
        std::string board = zuma_judge::field(line, "board");
        std::string hand = zuma_judge::field(line, "hand");
        try {
            Solution solution;
            int got = solution.findMinStep(board, hand);
            zuma_judge::reply("{\"answer\":" + std::to_string(got) + "}");
        } catch (const std::bad_alloc& e) {
            zuma_judge::reply("{\"memory\":\"std::bad_alloc\"}");
        } catch (const std::exception& e) {
            zuma_judge::reply("{\"error\":" + zuma_judge::quoted(std::string("exception: ") + e.what()) + "}");
        } catch (...) {
            zuma_judge::reply("{\"error\":\"an exception that is not a std::exception\"}");
        }
    }
    return 0;
}
