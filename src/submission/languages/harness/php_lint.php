<?php
// zuma-judge's build step for PHP submissions (src/submission/languages/php.rs):
// `php lint.php FILE SHOWN` runs `php -l FILE` and, when it fails, prints its message with FILE
// named SHOWN, the path reports show (`php -l` says "... in FILE on line N", a form the judge's
// own renaming of `FILE:` and `FILE(` does not cover).
[, $file, $shown] = $argv;
$lint = proc_open(
    [PHP_BINARY, '-d', 'display_errors=stderr', '-d', 'log_errors=0', '-l', $file],
    [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
    $pipes
);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
if (proc_close($lint) !== 0) {
    $text = trim($err) !== '' ? $err : $out;
    fwrite(STDERR, str_replace(" in $file on line ", " in $shown on line ", $text));
    exit(1);
}
