# Depth-first search with lru_cache on (board, hand counts) that inserts a ball only next to a
# ball of the same colour: the Python solution of seed 003 ("LeetCode 488 - Zuma Game",
# shared/seeds/003), as published. Wrong: RRWWRRBBRR + WB needs a W between two Rs.
from collections import Counter
from functools import lru_cache
from typing import Dict

class Solution:
    def findMinStep(self, board: str, hand: str) -> int:
        hand_count = Counter(hand)

        def shrink(s: str) -> str:
            changed = True

            while changed:
                changed = False
                i = 0
                new_board = []

                while i < len(s):
                    j = i

                    while j < len(s) and s[j] == s[i]:
                        j += 1

                    if j - i >= 3:
                        changed = True
                    else:
                        new_board.append(s[i:j])

                    i = j

                s = "".join(new_board)

            return s

        @lru_cache(None)
        def dfs(board_state: str, hand_state: tuple) -> int:
            if not board_state:
                return 0

            hand_map = dict(hand_state)

            INF = float("inf")
            best = INF

            for i in range(len(board_state) + 1):
                for color in hand_map:
                    if hand_map[color] == 0:
                        continue

                    # Pruning:
                    # Only insert if it can help form a group
                    should_insert = False

                    if i > 0 and board_state[i - 1] == color:
                        should_insert = True

                    if i < len(board_state) and board_state[i] == color:
                        should_insert = True

                    if not should_insert:
                        continue

                    new_board = board_state[:i] + color + board_state[i:]
                    reduced_board = shrink(new_board)

                    hand_map[color] -= 1

                    next_hand = tuple(sorted(hand_map.items()))
                    result = dfs(reduced_board, next_hand)

                    if result != INF:
                        best = min(best, 1 + result)

                    hand_map[color] += 1

            return best

        initial_hand = tuple(sorted(hand_count.items()))
        answer = dfs(board, initial_hand)

        return answer if answer != float("inf") else -1
