// zuma-judge: TypeScript submissions' own line numbers in the stack traces of the JavaScript
// that `tsc` emitted for them (src/submission/languages/typescript.rs).
//
// Preloaded (`node -r <this file> -e <harness/javascript.js> DIR/solution.js`) before the
// JavaScript harness, which reads "(line N)" from `DIR/solution.js:N` in a stack trace. `tsc`
// drops type-only lines and adds "use strict", so those N are not the paste's; this maps each
// frame of solution.js back through solution.js.map (node's --enable-source-maps does not
// cover code compiled by `vm.compileFunction`, which the harness uses), and the line of a
// SyntaxError that compiling it throws (e.g. at the `export {};` a module ends with).
'use strict';
const fs = require('fs');
const { SourceMap } = require('module');

const js = process.argv[1];
let map = null;
try {
  map = new SourceMap(JSON.parse(fs.readFileSync(js + '.map', 'utf8')));
} catch (_) {
  map = null;
}

function frame(f) {
  const text = String(f);
  if (f.getFileName() !== js) {
    return text;
  }
  const line = f.getLineNumber();
  const column = f.getColumnNumber();
  const entry = map.findEntry(line - 1, column - 1);
  if (!entry || entry.originalLine === undefined) {
    return text;
  }
  return text.replace(js + ':' + line + ':' + column,
    js + ':' + (entry.originalLine + 1) + ':' + (entry.originalColumn + 1));
}

// The paste's line of the emitted JavaScript's line `line` (1-based) holding `text`, or
// `line`. A line that tsc wrote without a mapping of its own (`export {};`) is the first line
// of the paste after the last mapped one that reads the same, else counted on from it.
function original(line, text) {
  const entry = map.findEntry(line - 1, 0);
  if (!entry || entry.originalLine === undefined) {
    return line;
  }
  if (entry.generatedLine === line - 1) {
    return entry.originalLine + 1;
  }
  let source = [];
  try {
    source = fs.readFileSync(js.replace(/\.js$/, '.ts'), 'utf8').split('\n');
  } catch (_) {
    source = [];
  }
  for (let i = entry.originalLine + 1; i < source.length; i++) {
    if (text && source[i].trim() === text.trim()) {
      return i + 1;
    }
  }
  return entry.originalLine + 1 + (line - 1 - entry.generatedLine);
}

if (map) {
  const vm = require('vm');
  const compileFunction = vm.compileFunction;
  const at = new RegExp(js.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + ':(\\d+)');
  vm.compileFunction = function (...args) {
    try {
      return compileFunction.apply(this, args);
    } catch (err) {
      if (err instanceof SyntaxError && typeof err.stack === 'string') {
        // V8's stack of a SyntaxError: "FILE:LINE\nTHE LINE\n   ^^^\n\nSyntaxError: ..."
        const text = err.stack.split('\n')[1];
        err.stack = err.stack.replace(at, (_, n) => js + ':' + original(Number(n), text));
      }
      throw err;
    }
  };
  Error.prepareStackTrace = (err, frames) => {
    let head;
    try {
      head = Error.prototype.toString.call(err);
    } catch (_) {
      head = 'Error';
    }
    return head + frames.map((f) => '\n    at ' + frame(f)).join('');
  };
}
