# Cross-check a tier directory (gamebench analyze --tiers DIR) against tt: N random positions of every ply.
# Usage: python3 scripts/tier_sample_check.py build/gamebench "connect4(w=6,h=5)" DIR 5
import json, subprocess, sys
gb, spec, tiers, per = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
w = int(spec.split('w=')[1].split(',')[0]); h = int(spec.split('h=')[1].split(')')[0])
sign = lambda v: 'win' if v > 0 else 'loss' if v < 0 else 'draw'
checked = mismatches = 0
for ply in range(w * h + 1):
    out = subprocess.run([gb, 'positions', spec, '--count', str(per), '--seed', '7', '--plies', f'{ply}-{ply}'],
                         capture_output=True, text=True).stdout.split('\n')
    for line in filter(None, out):
        pos = line.split('\t')[1]
        q = json.loads(subprocess.run([gb, 'query', tiers, '--position', pos, '--json'], capture_output=True, text=True).stdout)
        s = json.loads(subprocess.run([gb, 'solve', spec, '--position', pos, '--json', '--no-best-moves'], capture_output=True, text=True).stdout)
        checked += 1
        if q['value'] != sign(s['value']):
            mismatches += 1; print('MISMATCH', ply, pos, q['value'], s['value'])
print(f'{spec}: {checked} positions ({per} per ply, plies 0-{w*h}), {mismatches} mismatches')
