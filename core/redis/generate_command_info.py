#!/usr/bin/env python3
"""Regenerates the command table (kTable) in command_info.cpp from a real redis-server.

The table says, for every command and subcommand Redis knows, whether the live connection's
read-only switch lets it through (R), refuses it (W), or asks its subcommand (C, a container).
It is read from the server itself: COMMAND on a redis-server, and COMMAND INFO SENTINEL on a
redis-server started in sentinel mode (Sentinel has a command table of its own). A command is W
when the server flags it "write", or when it is on one of the lists below: things a monitor
must not do to a production server although Redis does not count them as writes.

    core/redis/generate_command_info.py             # starts its own redis-server and sentinel
    core/redis/generate_command_info.py --check     # exit 1 if command_info.cpp would change

Needs only Python 3 and a redis-server binary (--redis-server PATH; default: from PATH). Speaks
RESP over a Unix socket itself, so no client library is required.
"""

import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

TABLE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "command_info.cpp")

# Not flagged "write" by Redis, refused all the same (see the comment above kTable).
SCRIPTS_THAT_MAY_WRITE = {"eval", "evalsha", "fcall"}
REACHES_SUBSCRIBERS = {"publish", "spublish"}
CHANGES_SERVER_OR_CLIENTS = {
    "config|set", "config|resetstat", "config|rewrite",
    "acl|setuser", "acl|deluser", "acl|load", "acl|save",
    "client|kill", "client|pause", "client|unpause", "client|unblock",
    "script|load", "script|flush", "script|kill", "script|debug",
    "function|kill",
    "module|load", "module|loadex", "module|unload",
    "slowlog|reset", "latency|reset", "memory|purge",
    "save", "bgsave", "bgrewriteaof", "shutdown", "debug", "failover",
    "replicaof", "slaveof", "sync", "psync", "replconf",
}
# CLUSTER subcommands that change the cluster's configuration; the others only ask.
CLUSTER_MUTATIONS = {
    "cluster|addslots", "cluster|addslotsrange", "cluster|bumpepoch",
    "cluster|delslots", "cluster|delslotsrange", "cluster|failover", "cluster|flushslots",
    "cluster|forget", "cluster|meet", "cluster|replicate", "cluster|reset",
    "cluster|saveconfig", "cluster|set-config-epoch", "cluster|setslot",
}
# OFF and SKIP would break the connection's matching of replies to commands.
BREAKS_REPLY_MATCHING = {"client|reply"}
# Sentinel: what changes the sentinel, or casts a vote; every other subcommand only asks.
SENTINEL_WRITES = {
    "sentinel|monitor", "sentinel|remove", "sentinel|set", "sentinel|reset",
    "sentinel|failover", "sentinel|flushconfig", "sentinel|config", "sentinel|debug",
    "sentinel|simulate-failure", "sentinel|is-master-down-by-addr",
}
EXTRA_WRITES = (SCRIPTS_THAT_MAY_WRITE | REACHES_SUBSCRIBERS | CHANGES_SERVER_OR_CLIENTS
                | CLUSTER_MUTATIONS | BREAKS_REPLY_MATCHING | SENTINEL_WRITES)


class RespError(Exception):
    pass


class Resp:
    """The few lines of RESP2 this script needs: send a command, read one reply."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.buf = b""

    def _line(self):
        while b"\r\n" not in self.buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the connection")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\r\n", 1)
        return line

    def _exactly(self, n):
        while len(self.buf) < n + 2:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the connection")
            self.buf += chunk
        data, self.buf = self.buf[:n], self.buf[n + 2:]
        return data

    def _reply(self):
        line = self._line()
        kind, rest = line[:1], line[1:]
        if kind == b"+":
            return rest.decode()
        if kind == b"-":
            raise RespError(rest.decode())
        if kind == b":":
            return int(rest)
        if kind == b"$":
            n = int(rest)
            return None if n < 0 else self._exactly(n).decode()
        if kind == b"*":
            n = int(rest)
            return None if n < 0 else [self._reply() for _ in range(n)]
        raise RespError("unexpected reply line %r" % line)

    def call(self, *args):
        out = b"*%d\r\n" % len(args)
        for a in args:
            a = a.encode() if isinstance(a, str) else a
            out += b"$%d\r\n%s\r\n" % (len(a), a)
        self.sock.sendall(out)
        return self._reply()


def start(binary, workdir, name, sentinel):
    """Starts a redis-server (or a sentinel) listening on a Unix socket only."""
    sock = os.path.join(workdir, name + ".sock")
    conf = os.path.join(workdir, name + ".conf")
    with open(conf, "w") as f:
        f.write("port 0\nunixsocket %s\nsave \"\"\nappendonly no\ndir %s\n" % (sock, workdir))
    args = [binary, conf] + (["--sentinel"] if sentinel else [])
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if os.path.exists(sock):
            try:
                client = Resp(sock)
                client.call("PING")
                return proc, client
            except (OSError, RespError):
                pass
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError("%s did not start (%s)" % (name, " ".join(args)))


def entries(infos, access):
    """(name, access) for each command info and, recursively, its subcommands."""
    out = []
    for info in infos:
        if info is None:
            continue
        name, flags, subcommands = info[0].lower(), info[2], info[9] if len(info) > 9 else []
        out.append((name, "C" if subcommands else access(name, flags)))
        out.extend(entries(subcommands, access))
    return out


def server_access(name, flags):
    return "W" if "write" in flags or name in EXTRA_WRITES else "R"


def sentinel_access(name, _flags):
    # Sentinel flags its own subcommands "admin" whether they change anything or not, so the
    # list above decides alone.
    return "W" if name in SENTINEL_WRITES else "R"


def read_tables(binary):
    workdir = tempfile.mkdtemp(prefix="lockscope-command-info-")
    procs = []
    try:
        server, client = start(binary, workdir, "server", sentinel=False)
        procs.append(server)
        version = client.call("INFO", "server")
        version = re.search(r"redis_version:(\S+)", version).group(1)
        table = entries(client.call("COMMAND"), server_access)
        sentinel, sclient = start(binary, workdir, "sentinel", sentinel=True)
        procs.append(sentinel)
        table += entries(sclient.call("COMMAND", "INFO", "sentinel"), sentinel_access)
        return version, sorted(set(table), key=lambda e: e[0].encode())
    finally:
        for p in procs:
            p.terminate()
            p.wait(5)
        shutil.rmtree(workdir, ignore_errors=True)


def render(source, version, table):
    rows = "".join('    {"%s", %s},\n' % (name, access) for name, access in table)
    begin = "constexpr Entry kTable[] = {\n"
    start_at = source.index(begin) + len(begin)
    end_at = source.index("};\n", start_at)
    source = source[:start_at] + rows + source[end_at:]
    return re.sub(r"Generated from `COMMAND` of redis-server [0-9A-Za-z.-]+",
                  "Generated from `COMMAND` of redis-server " + version, source, count=1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--redis-server", default=shutil.which("redis-server") or "redis-server")
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 when the file would change")
    parser.add_argument("--output", default=TABLE_FILE)
    args = parser.parse_args()

    version, table = read_tables(args.redis_server)
    with open(TABLE_FILE) as f:
        current = f.read()
    updated = render(current, version, table)
    if args.check:
        if updated != current:
            print("command_info.cpp differs from redis-server %s's command table" % version)
            return 1
        print("command_info.cpp matches redis-server %s (%d entries)" % (version, len(table)))
        return 0
    with open(args.output, "w") as f:
        f.write(updated)
    print("wrote %s: %d entries from redis-server %s" % (args.output, len(table), version))
    return 0


if __name__ == "__main__":
    sys.exit(main())
