// Breadth-first search over (row, sorted hand) that inserts a ball only at the left end of a
// same-coloured run or between two equal balls of another colour: the JavaScript reference
// solution of seed 000 ("Zuma Game — Hard Problem & Solution", shared/seeds/000), as published.
var findMinStep = function(board, hand) {
    var clean = function(s) {
        for (;;) {
            var changed = false;
            var i = 0;
            while (i < s.length) {
                var j = i;
                while (j < s.length && s.charAt(j) === s.charAt(i)) j++;
                if (j - i >= 3) {
                    s = s.substring(0, i) + s.substring(j);
                    changed = true;
                    break;
                }
                i = j;
            }
            if (!changed) return s;
        }
    };
    var start = hand.split('').sort().join('');
    var level = [[board, start]];
    var seen = new Set([board + '#' + start]);
    var step = 0;
    while (level.length) {
        step++;
        var nxt = [];
        for (var q = 0; q < level.length; q++) {
            var b = level[q][0], h = level[q][1];
            for (var i = 0; i <= b.length; i++) {
                for (var j = 0; j < h.length; j++) {
                    var c = h.charAt(j);
                    if (j > 0 && c === h.charAt(j - 1)) continue;
                    if (i > 0 && b.charAt(i - 1) === c) continue;
                    var worth = (i < b.length && b.charAt(i) === c) ||
                        (i > 0 && i < b.length && b.charAt(i - 1) === b.charAt(i) && b.charAt(i) !== c);
                    if (!worth) continue;
                    var nb = clean(b.substring(0, i) + c + b.substring(i));
                    if (nb.length === 0) return step;
                    var nh = h.substring(0, j) + h.substring(j + 1);
                    var key = nb + '#' + nh;
                    if (!seen.has(key)) {
                        seen.add(key);
                        nxt.push([nb, nh]);
                    }
                }
            }
        }
        level = nxt;
    }
    return -1;
};
