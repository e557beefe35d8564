// Input validator for Zuma Game, written by zuma-judge export from judge.toml's constraints.
// Reads one input file on standard input: the board on the first line, the hand on the second,
// each a non-empty string of the allowed colours, and nothing else. Exits 42 when the input is
// valid and 43, with the reason on standard error, when it is not (the Kattis convention).
#include <cstdio>
#include <cstdlib>
#include <string>

static const std::string COLOURS = "@COLOURS@";
static const std::size_t BOARD_MAX = @BOARD_MAX@;
static const std::size_t HAND_MAX = @HAND_MAX@;

static void reject(const std::string& why) {
    std::fprintf(stderr, "%s\n", why.c_str());
    std::exit(43);
}

// One line of colour letters ending in '\n'; `what` names it in messages.
static std::string read_line(const char* what, std::size_t max) {
    std::string line;
    for (;;) {
        int c = std::getchar();
        if (c == EOF) reject(std::string(what) + ": the line does not end with a newline");
        if (c == '\n') break;
        if (COLOURS.find(static_cast<char>(c)) == std::string::npos || c == 0)
            reject(std::string(what) + ": not a colour at position " + std::to_string(line.size()) +
                   " (allowed: " + COLOURS + ")");
        line.push_back(static_cast<char>(c));
        if (line.size() > max)
            reject(std::string(what) + ": more than " + std::to_string(max) + " balls");
    }
    if (line.empty()) reject(std::string(what) + ": empty");
    return line;
}

int main() {
    std::string board = read_line("board", BOARD_MAX);
    for (std::size_t i = 0; i + 2 < board.size(); i++)
        if (board[i] == board[i + 1] && board[i] == board[i + 2])
            reject("board: three in a row at position " + std::to_string(i));
    read_line("hand", HAND_MAX);
    if (std::getchar() != EOF) reject("something after the hand's line");
    return 42;
}
