"""zuma-judge worker adapter for Python submissions pasted from LeetCode's editor.

zuma-judge runs it as `python3 -c <this file> SOLUTION.py` (src/submission/languages/python.rs).
It loads the file with the names LeetCode's Python 3 editor imports for you, then speaks the
worker protocol of src/submission/protocol.rs: JSON-line requests
{"id": 7, "board": ..., "hand": ...} on stdin; on file descriptor 3 first {"ready": true},
{"compile_error": ...} (a SyntaxError) or {"load_error": ...}, then one reply per request, in
order, echoing its id: {"id": 7, "answer": N} or {"id": 7, "error" | "memory" | "bad_return": ...}. Time and memory are measured and limits
enforced by the judge, outside this process.
"""
import json
import os
import sys
import traceback

# The names LeetCode's Python 3 environment has imported before a submission runs, `inf` among
# them (see the provenance in src/submission/languages/python.rs). Later imports win a clash.
PRELUDE = """
import array, bisect, collections, copy, datetime, functools, heapq, itertools, math, operator
import random, re, statistics, string, sys
from string import *
from re import *
from datetime import *
from collections import *
from heapq import *
from bisect import *
from copy import *
from math import *
from random import *
from statistics import *
from itertools import *
from functools import *
from operator import *
from typing import *
"""


def where(exc, path):
    """' (line N)' for the innermost frame in the solution file, or ''."""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename == path:
            return f" (line {frame.lineno})"
    if isinstance(exc, SyntaxError) and exc.lineno:
        return f" (line {exc.lineno})"
    return ""


def describe(exc, path):
    """'IndexError: string index out of range (line 12)'."""
    text = type(exc).__name__
    message = exc.msg if isinstance(exc, SyntaxError) else str(exc)
    if message:
        text += ": " + message.splitlines()[0][:200]
    return text + where(exc, path)


def main():
    path = sys.argv[1]
    replies = os.fdopen(3, "w", encoding="utf-8")

    def send(obj):
        replies.write(json.dumps(obj) + "\n")
        replies.flush()

    namespace = {"__name__": "__solution__", "__file__": path}
    try:
        exec(PRELUDE, namespace)
        with open(path, encoding="utf-8") as f:
            code = compile(f.read(), path, "exec")
        exec(code, namespace)
        solution = namespace.get("Solution")
        if solution is None or not callable(getattr(solution, "findMinStep", None)):
            raise LookupError("no class Solution with a method findMinStep(self, board, hand)")
    except SyntaxError as exc:  # IndentationError and TabError too: LeetCode calls them CE
        send({"compile_error": describe(exc, path)})
        return
    except BaseException as exc:  # a submission that cannot load is the submission's problem
        send({"load_error": describe(exc, path)})
        return
    send({"ready": True})

    for line in sys.stdin:
        request = json.loads(line)
        try:
            got = solution().findMinStep(request["board"], request["hand"])
            reply = {"answer": got}
        except MemoryError as exc:
            reply = {"memory": describe(exc, path)}
        except BaseException as exc:  # SystemExit and the like are run-time errors too
            reply = {"error": describe(exc, path)}
        if "answer" in reply and (type(reply["answer"]) is not int):
            reply["bad_return"] = repr(reply.pop("answer"))[:100]
        if type(request.get("id")) is int:
            reply = {"id": request["id"], **reply}
        send(reply)


main()
