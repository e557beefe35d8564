// zuma-judge harness for C++ submissions (languages/cpp.rs): compiled after the paste, in the
// same translation unit. Speaks the worker protocol of src/submission/protocol.rs: JSON-line
// requests {"id":7,"board":"..","hand":".."} on stdin; on file descriptor 3 first {"ready":true},
// then one reply per request, in order, echoing its id: {"id":7,"answer":N} or
// {"id":7,"error":".."}. Time and memory are measured by the
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

// `{"id":N,` for a request with an id (its digits copied), else `{`: the start of its reply.
static std::string opening(const std::string& request) {
    std::size_t i = request.find("\"id\":");
    if (i == std::string::npos) return "{";
    i += 5;
    std::size_t j = i;
    while (j < request.size() && j - i < 20 && request[j] >= '0' && request[j] <= '9') j++;
    return j == i ? "{" : "{\"id\":" + request.substr(i, j - i) + ",";
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
        const std::string open = zuma_judge::opening(line);
        try {
            Solution solution;
            int got = solution.findMinStep(board, hand);
            zuma_judge::reply(open + "\"answer\":" + std::to_string(got) + "}");
        } catch (const std::bad_alloc& e) {
            zuma_judge::reply(open + "\"memory\":\"std::bad_alloc\"}");
        } catch (const std::exception& e) {
            zuma_judge::reply(open + "\"error\":" + zuma_judge::quoted(std::string("exception: ") + e.what()) + "}");
        } catch (...) {
            zuma_judge::reply(open + "\"error\":\"an exception that is not a std::exception\"}");
        }
    }
    return 0;
}
