// zuma-judge: TypeScript submissions' own line numbers in the stack traces of the JavaScript
// that `tsc` emitted for them (src/submission/languages/typescript.rs).
//
// Preloaded (`node -r <this file> -e <harness/javascript.js> DIR/solution.js`) before the
// JavaScript harness, which reads "(line N)" from `DIR/solution.js:N` in a stack trace. `tsc`
// drops type-only lines and adds "use strict", so those N are not the paste's; this maps each
// frame of solution.js back through solution.js.map (node's --enable-source-maps does not
// cover code compiled by `vm.compileFunction`, which the harness uses).
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

if (map) {
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
