#!/usr/bin/python3
# Lock churn on a Redis server, as many real clients would make it (not a test): redis-py's
# way of taking and giving back a lock, at a steady rate, until killed or --duration ends.
#
#   lock_churn.py --port P [--rate 1000] [--keys 10000] [--names fixed|unique] [--duration S]
#
# A cycle takes a lock that is free, SET lock:<name> <token> NX PX 30000 with a fresh uuid4
# hex token (redis-py's Lock), holds it 0.1 to 5 s, and releases it with the compare-and-delete
# script (EVALSHA, as redis-py's Lock.release); one cycle in 20 is never released and expires
# after a 2 s TTL instead. Names: "fixed" reuses lock:0 .. lock:<keys-1>; "unique" gives every
# cycle a new lock:<uuid> (the worst case for anything that remembers keys), with at most
# --keys of them alive at a time. Commands go out in one pipeline every 10 ms, so a single
# Python process sustains thousands of cycles a second. Every 10 s (and at the end) prints
# "churn: N cycles, R/s" to stderr.
import argparse, heapq, random, sys, time, uuid

import redis

RELEASE = """if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('del', KEYS[1])
end
return 0"""

ap = argparse.ArgumentParser()
ap.add_argument('--port', type=int, required=True)
ap.add_argument('--rate', type=float, default=1000.0)
ap.add_argument('--keys', type=int, default=10000)
ap.add_argument('--names', choices=('fixed', 'unique'), default='fixed')
ap.add_argument('--duration', type=float, default=0.0)
args = ap.parse_args()

r = redis.Redis(host='127.0.0.1', port=args.port)
release_sha = r.script_load(RELEASE)
rng = random.Random(14)
free = list(range(args.keys))  # fixed names: lock indices not held now
held = []                      # heap of (release time, name, token or None when left to expire)
alive = 0
start = time.monotonic()
cycles = 0
last_report = start
tick = 0.01
next_tick = start

while True:
    now = time.monotonic()
    if args.duration and now - start >= args.duration:
        break
    p = r.pipeline(transaction=False)
    # Releases due.
    while held and held[0][0] <= now:
        _, name, token = heapq.heappop(held)
        if token is not None:
            p.evalsha(release_sha, 1, name, token)
        if args.names == 'fixed':
            free.append(int(name.rsplit(':', 1)[1]))
        else:
            alive -= 1
    # Acquisitions, to keep the rate.
    due = int((now - start) * args.rate) - cycles
    for _ in range(max(0, due)):
        if args.names == 'fixed':
            if not free:
                break
            i = free.pop(rng.randrange(len(free)))
            name = 'lock:%d' % i
        else:
            if alive >= args.keys:
                break
            name = 'lock:%s' % uuid.uuid4()
            alive += 1
        token = uuid.uuid4().hex
        expire = rng.randrange(20) == 0
        p.set(name, token, nx=True, px=2000 if expire else 30000)
        hold = 2.1 if expire else rng.uniform(0.1, 5.0)
        heapq.heappush(held, (now + hold, name, None if expire else token))
        cycles += 1
    p.execute()
    if now - last_report >= 10:
        last_report = now
        print('churn: %d cycles, %.0f/s' % (cycles, cycles / (now - start)), file=sys.stderr,
              flush=True)
    next_tick += tick
    delay = next_tick - time.monotonic()
    if delay > 0:
        time.sleep(delay)
    else:
        next_tick = time.monotonic()

elapsed = time.monotonic() - start
print('churn: %d cycles, %.0f/s' % (cycles, cycles / elapsed), file=sys.stderr, flush=True)
