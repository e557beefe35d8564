<?php
// zuma-judge worker adapter for PHP submissions pasted from LeetCode's editor.
//
// zuma-judge runs it as `php -d memory_limit=<limit>M harness.php SOLUTION.php`
// (src/submission/languages/php.rs), SOLUTION.php being the paste with `<?php ` put in front of
// its line 1. It includes the file, which declares `class Solution` with
// `findMinStep($board, $hand)`, then speaks the worker protocol of src/submission/protocol.rs:
// JSON-line requests {"id": 7, "board": ..., "hand": ...} on stdin; on file descriptor 3 first
// {"ready": true}, {"compile_error": ...} or {"load_error": ...}, then one reply per request, in
// order, echoing its id: {"id": 7, "answer": N} or {"id": 7, "error" | "memory" | "bad_return": ...},
// a new Solution for each call.
// A fatal error (memory exhausted, a function declared twice) cannot be caught in PHP, and it
// ends the script: a shutdown function turns it into the call's reply and re-executes this
// harness in the same process (`pcntl_exec`, same pid, stdin and fd 3), which loads the file
// again and sends that reply instead of `ready`, so the next case finds a live worker. Time
// and the address space are limited by the judge, outside this process.

$__zuma_path = realpath($argv[1]);
$__zuma_pending = $argv[2] ?? null; // the reply to a call that ended in a fatal error
$__zuma_memory_limit = ini_get('memory_limit');
$__zuma_replies = fopen('php://fd/3', 'w');
$__zuma_phase = 'load';

// The reply with the id of the request it answers first, when that request has one.
function __zuma_with_id(array $reply): array
{
    global $__zuma_request;
    $id = $__zuma_request['id'] ?? null;
    return is_int($id) ? ['id' => $id] + $reply : $reply;
}

function __zuma_send(array $reply): void
{
    global $__zuma_replies;
    fwrite($__zuma_replies, json_encode($reply, JSON_INVALID_UTF8_SUBSTITUTE) . "\n");
    fflush($__zuma_replies);
}

// A message without the build directory: "... in DIR/solution.php on line 4" and
// "DIR/solution.php:4" become "... on line 4" and "line 4".
function __zuma_clean(string $message): string
{
    global $__zuma_path;
    $message = substr(strtok($message, "\n") ?: '', 0, 300);
    $message = str_replace(" in $__zuma_path on line ", ' on line ', $message);
    return str_replace(" in $__zuma_path:", ' on line ', $message);
}

// "TypeError: Unsupported operand types: string + int (line 12)".
function __zuma_describe(Throwable $e): string
{
    global $__zuma_path;
    $text = get_class($e);
    $message = __zuma_clean($e->getMessage());
    if ($message !== '') {
        $text .= ': ' . $message;
    }
    $line = null;
    if ($e->getFile() === $__zuma_path) {
        $line = $e->getLine();
    } else {
        foreach ($e->getTrace() as $frame) {
            if (($frame['file'] ?? null) === $__zuma_path) {
                $line = $frame['line'];
                break;
            }
        }
    }
    return $line === null ? $text : "$text (line $line)";
}

register_shutdown_function(function () {
    global $__zuma_phase, $__zuma_path, $__zuma_memory_limit;
    $e = error_get_last();
    $fatal = E_ERROR | E_PARSE | E_CORE_ERROR | E_COMPILE_ERROR | E_USER_ERROR | E_RECOVERABLE_ERROR;
    if ($__zuma_phase === 'idle' || $e === null || !($e['type'] & $fatal)) {
        return;
    }
    ini_set('memory_limit', '-1'); // room to say it
    $message = __zuma_clean($e['message']);
    $what = 'Fatal error: ' . $message
        . ($e['file'] === $__zuma_path ? " (line {$e['line']})" : '');
    if ($__zuma_phase === 'load') {
        $compile = $e['type'] & (E_PARSE | E_COMPILE_ERROR);
        __zuma_send([$compile ? 'compile_error' : 'load_error' => $what]);
        return;
    }
    $reply = __zuma_with_id(preg_match('/^Allowed memory size|^Out of memory/', $message)
        ? ['memory' => $what]
        : ['error' => $what]);
    if (function_exists('pcntl_exec')) {
        pcntl_exec(PHP_BINARY, [
            '-d', "memory_limit=$__zuma_memory_limit",
            '-d', 'display_errors=stderr',
            '-d', 'log_errors=0',
            __FILE__, $__zuma_path, json_encode($reply),
        ]);
    }
    __zuma_send($reply); // no pcntl: answer, and the worker ends
});

try {
    include $__zuma_path;
    if (!class_exists('Solution', false) || !method_exists('Solution', 'findMinStep')) {
        throw new Error('no class Solution with a method findMinStep($board, $hand)');
    }
} catch (ParseError $e) {
    __zuma_send(['compile_error' => __zuma_describe($e)]);
    $__zuma_phase = 'idle';
    exit(0);
} catch (Throwable $e) {
    __zuma_send(['load_error' => __zuma_describe($e)]);
    $__zuma_phase = 'idle';
    exit(0);
}
$__zuma_phase = 'idle';
__zuma_send($__zuma_pending === null ? ['ready' => true] : json_decode($__zuma_pending, true));

while (($__zuma_line = fgets(STDIN)) !== false) {
    $__zuma_request = json_decode($__zuma_line, true);
    $__zuma_phase = 'call';
    try {
        $__zuma_got = (new Solution())->findMinStep($__zuma_request['board'], $__zuma_request['hand']);
        $__zuma_reply = is_int($__zuma_got)
            ? ['answer' => $__zuma_got]
            : ['bad_return' => substr(var_export($__zuma_got, true), 0, 100)];
    } catch (Throwable $e) {
        $__zuma_reply = ['error' => __zuma_describe($e)];
    }
    $__zuma_phase = 'idle';
    unset($__zuma_got);
    __zuma_send(__zuma_with_id($__zuma_reply));
}
