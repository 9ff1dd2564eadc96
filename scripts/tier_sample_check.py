#!/usr/bin/env python3
"""Cross-checks a tier directory (gamebench analyze --tiers DIR) against tt:
N random positions of every ply (gamebench positions, seed 7), each queried
in the tiers and solved by tt; prints every mismatch and a summary line.

    python3 scripts/tier_sample_check.py build/gamebench "connect4(w=6,h=5)" DIR 5
"""
import argparse
import json
import subprocess


def sign(v):
    return 'win' if v > 0 else 'loss' if v < 0 else 'draw'


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("gamebench", help="the tool binary")
    ap.add_argument("spec", help="a Connect Four spec, connect4(w=W,h=H)")
    ap.add_argument("tiers", help="the tier directory")
    ap.add_argument("per", type=int, help="positions per ply")
    args = ap.parse_args()
    gb, spec, tiers, per = args.gamebench, args.spec, args.tiers, args.per
    w = int(spec.split('w=')[1].split(',')[0])
    h = int(spec.split('h=')[1].split(')')[0])
    checked = mismatches = 0
    for ply in range(w * h + 1):
        out = subprocess.run([gb, 'positions', spec, '--count', str(per), '--seed', '7', '--plies', f'{ply}-{ply}'],
                             capture_output=True, text=True).stdout.split('\n')
        for line in filter(None, out):
            pos = line.split('\t')[1]
            q = json.loads(subprocess.run([gb, 'query', tiers, '--position', pos, '--json'],
                                          capture_output=True, text=True).stdout)
            s = json.loads(subprocess.run([gb, 'solve', spec, '--position', pos, '--json', '--no-best-moves'],
                                          capture_output=True, text=True).stdout)
            checked += 1
            if q['value'] != sign(s['value']):
                mismatches += 1
                print('MISMATCH', ply, pos, q['value'], s['value'])
    print(f'{spec}: {checked} positions ({per} per ply, plies 0-{w*h}), {mismatches} mismatches')


if __name__ == "__main__":
    main()
