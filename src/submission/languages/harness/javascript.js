// zuma-judge worker adapter for JavaScript submissions pasted from LeetCode's editor.
//
// zuma-judge runs it as `node -e <this file> SOLUTION.js` (languages/javascript.rs). It loads the file,
// which defines `var findMinStep = function(board, hand) {...}` or `function findMinStep`, then
// speaks the worker protocol of src/submission/protocol.rs: JSON-line requests {"id", "board", "hand"} on
// stdin; on file descriptor 3 first {"ready": true}, {"compile_error": ...} or {"load_error": ...}, then one reply
// per request, in order, echoing its id: {"id": 7, "answer": N} or {"id": 7, "error" | "memory" | "bad_return": ...}.
// TypeScript submissions run here too, compiled to JavaScript. Time and memory are measured and
// limits enforced by the judge, outside this process.
'use strict';
const fs = require('fs');
const vm = require('vm');
const readline = require('readline');

const path = process.argv[1];
const REPLY_FD = 3;

function send(obj) {
  fs.writeSync(REPLY_FD, JSON.stringify(obj) + '\n');
}

// "TypeError: Cannot read properties of undefined (line 12)".
function describe(err) {
  if (!(err instanceof Error)) {
    return 'threw ' + String(err).slice(0, 200);
  }
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const at = new RegExp(escaped + ':(\\d+)').exec(String(err.stack || ''));
  return err.name + ': ' + String(err.message).split('\n')[0].slice(0, 200) +
    (at ? ' (line ' + at[1] + ')' : '');
}

function outOfMemory(err) {
  return err instanceof RangeError && /allocation failed|out of memory/i.test(err.message);
}

let findMinStep;
try {
  const source = fs.readFileSync(path, 'utf8');
  // compileFunction keeps the file's line numbers; `return` hands back whichever form of
  // declaration the submission used (var, let, const or function).
  const load = vm.compileFunction(
    source + '\n;return typeof findMinStep === "function" ? findMinStep : undefined;',
    [], { filename: path });
  findMinStep = load();
  if (typeof findMinStep !== 'function') {
    throw new Error('no function findMinStep(board, hand)');
  }
} catch (err) {
  send(err instanceof SyntaxError ? { compile_error: describe(err) } : { load_error: describe(err) });
  process.exit(0);
}
send({ ready: true });

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line);
  let reply;
  try {
    const got = findMinStep(request.board, request.hand);
    reply = Number.isInteger(got) ? { answer: got } : { bad_return: String(got).slice(0, 100) };
  } catch (err) {
    reply = outOfMemory(err) ? { memory: describe(err) } : { error: describe(err) };
  }
  if (Number.isInteger(request.id)) {
    reply = Object.assign({ id: request.id }, reply);
  }
  send(reply);
});
