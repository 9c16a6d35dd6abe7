#!/usr/bin/env python3
"""Follows only the game's hints on one level, as a player would, in tmux at 80x24: press `i`,
wait for the hint line, type its keys, again until the Solved box shows. Prints each hint
and how long it took to come, then the last screen.

    python3 benches/hint_follow.py target/release/sokoshot LEVEL.xsb
"""
import subprocess, sys, time, re, os, tempfile
binary, level = sys.argv[1], sys.argv[2]
home = tempfile.mkdtemp()
def tmux(*a): return subprocess.run(["tmux", *a], capture_output=True, text=True).stdout
tmux("kill-session", "-t", "hf")
tmux("new", "-d", "-s", "hf", "-x", "80", "-y", "24", f"HOME={home} {binary} play {level}")
time.sleep(1.5)
def screen(): return tmux("capture-pane", "-t", "hf", "-p")
print(screen())
hints = 0; total_wait = 0.0; longest = 0.0
for _ in range(300):
    s = screen()
    if "Solved" in s:
        break
    tmux("send-keys", "-t", "hf", "i")
    t0 = time.time(); line = None
    while time.time() - t0 < 30:
        s = screen()
        m = [l for l in s.splitlines() if "hint:" in l and "thinking" not in l]
        if m:
            line = m[0]; break
        time.sleep(0.05)
    dt = time.time() - t0; total_wait += dt; longest = max(longest, dt)
    if not line:
        print("no hint after 30 s:\n", screen()); sys.exit(1)
    keys = line.split("hint:", 1)[1].strip().split(" (")[0].strip()
    hints += 1
    print(f"hint {hints} after {dt:.2f} s: {keys}")
    if not re.match(r"^[hjkl0-9. HJKL]+$|^(space|[hjkl0-9.HJKL]+)( (space|[hjkl0-9.HJKL]+))*$", keys):
        print("not keys:", line); print(screen()); sys.exit(1)
    for w in keys.split(" "):
        tmux("send-keys", "-t", "hf", "Space" if w == "space" else w)
        time.sleep(0.05)
    time.sleep(0.3)
s = screen()
print(s)
print(f"hints: {hints}, longest wait {longest:.2f} s, total {total_wait:.1f} s, solved: {'Solved' in s}")
tmux("kill-session", "-t", "hf")
