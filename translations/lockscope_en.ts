<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AnomalyRules</name>
    <message>
        <source>its owner</source>
        <translation>its owner</translation>
    </message>
    <message>
        <source>%1 has no TTL: if %2 dies, nobody can ever take it (a stuck lock).</source>
        <translation>%1 has no TTL: if %2 dies, nobody can ever take it (a stuck lock).</translation>
    </message>
    <message>
        <source>%1 has a TTL of %2 (above %3): if %4 dies, everyone else waits that long.</source>
        <translation>%1 has a TTL of %2 (above %3): if %4 dies, everyone else waits that long.</translation>
    </message>
    <message>
        <source>%1 has held %2 for %3 (above %4).</source>
        <translation>%1 has held %2 for %3 (above %4).</translation>
    </message>
    <message>
        <source>%1 changed owner %2 times in the last minute (above %3): heavy contention, or leases shorter than the work.</source>
        <translation>%1 changed owner %2 times in the last minute (above %3): heavy contention, or leases shorter than the work.</translation>
    </message>
    <message>
        <source>the queue %1 has had %2 first for %3 (above %4): the waiter may be gone, and everyone behind it waits.</source>
        <translation>the queue %1 has had %2 first for %3 (above %4): the waiter may be gone, and everyone behind it waits.</translation>
    </message>
    <message>
        <source>%1 holds %2 locks at once (above %3), %4 among them.</source>
        <translation>%1 holds %2 locks at once (above %3), %4 among them.</translation>
    </message>
    <message>
        <source>the failover</source>
        <translation>the failover</translation>
    </message>
    <message>
        <source>the restart</source>
        <translation>the restart</translation>
    </message>
    <message>
        <source>%1 was lost with %2 while %3 held it, and %3 wrote it again: it went on as if it still held the lock.</source>
        <translation>%1 was lost with %2 while %3 held it, and %3 wrote it again: it went on as if it still held the lock.</translation>
    </message>
    <message>
        <source>%1 was lost with %2 while %3 held it; %4 holds it now, while %3 may still believe it holds it (two holders).</source>
        <translation>%1 was lost with %2 while %3 held it; %4 holds it now, while %3 may still believe it holds it (two holders).</translation>
    </message>
</context>
<context>
    <name>CellExplanation</name>
    <message>
        <source>Seed %1: %2</source>
        <translation>Seed %1: %2</translation>
    </message>
    <message>
        <source>%1&apos;s known weakness: %2</source>
        <translation>%1&apos;s known weakness: %2</translation>
    </message>
</context>
<context>
    <name>CompareExport</name>
    <message>
        <source>LockScope: the cost of each strategy</source>
        <translation>LockScope: the cost of each strategy</translation>
    </message>
    <message>
        <source>LockScope: which lock to choose</source>
        <translation>LockScope: which lock to choose</translation>
    </message>
    <message>
        <source>%1 scenario(s) × %2 strategies × %3 seeds; %4 of %5 cells finished. Generated %6.</source>
        <translation>%1 scenario(s) × %2 strategies × %3 seeds; %4 of %5 cells finished. Generated %6.</translation>
    </message>
    <message>
        <source>Safety matrix</source>
        <translation>Safety matrix</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>not run</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Cost</translation>
    </message>
    <message>
        <source>strategy</source>
        <translation>strategy</translation>
    </message>
    <message>
        <source>charts of the cost table</source>
        <translation>charts of the cost table</translation>
    </message>
    <message>
        <source>Why the unsafe cells are unsafe</source>
        <translation>Why the unsafe cells are unsafe</translation>
    </message>
    <message>
        <source>%1 with %2</source>
        <translation>%1 with %2</translation>
    </message>
    <message>
        <source>No cell is unsafe.</source>
        <translation>No cell is unsafe.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Cannot write %1: %2</translation>
    </message>
    <message>
        <source>safe: no violation, mistaken deletion, stuck lock or lost update in any run (a fencing strategy whose stale writes were all rejected is safe for the resource). UNSAFE n/m: n of m runs had a violation, a mistaken deletion, a stuck lock or a lost update. liveness loss: safe, but a client starved or an acquire gave up.</source>
        <translation>safe: no violation, mistaken deletion, stuck lock or lost update in any run (a fencing strategy whose stale writes were all rejected is safe for the resource). UNSAFE n/m: n of m runs had a violation, a mistaken deletion, a stuck lock or a lost update. liveness loss: safe, but a client starved or an acquire gave up.</translation>
    </message>
</context>
<context>
    <name>Connection</name>
    <message>
        <source>%1 answered with an error: %2</source>
        <translation>%1 answered with an error: %2</translation>
    </message>
    <message>
        <source>a key on %1 holds the wrong kind of value for this command (%2)</source>
        <translation>a key on %1 holds the wrong kind of value for this command (%2)</translation>
    </message>
    <message>
        <source>the script is not in the script cache of %1 (NOSCRIPT)</source>
        <translation>the script is not in the script cache of %1 (NOSCRIPT)</translation>
    </message>
    <message>
        <source>%1 requires a password and none was given (NOAUTH)</source>
        <translation>%1 requires a password and none was given (NOAUTH)</translation>
    </message>
    <message>
        <source>%1 requires authentication and this connection is not authenticated (NOAUTH)</source>
        <translation>%1 requires authentication and this connection is not authenticated (NOAUTH)</translation>
    </message>
    <message>
        <source>a password was given but %1 has no password set for user &apos;default&apos;</source>
        <translation>a password was given but %1 has no password set for user &apos;default&apos;</translation>
    </message>
    <message>
        <source>wrong password for user &apos;%1&apos; on %2 (or the user is disabled)</source>
        <translation>wrong password for user &apos;%1&apos; on %2 (or the user is disabled)</translation>
    </message>
    <message>
        <source>user &apos;%1&apos; is not allowed to do this on %2: %3</source>
        <translation>user &apos;%1&apos; is not allowed to do this on %2: %3</translation>
    </message>
    <message>
        <source>%1 is a read-only replica: writes must go to its master (READONLY)</source>
        <translation>%1 is a read-only replica: writes must go to its master (READONLY)</translation>
    </message>
    <message>
        <source>%1 is still loading its dataset into memory; try again in a moment (LOADING)</source>
        <translation>%1 is still loading its dataset into memory; try again in a moment (LOADING)</translation>
    </message>
    <message>
        <source>%1 is a Redis Cluster node and redirected the request (%2); LockScope does not follow cluster redirects, so connect to the node that owns the key</source>
        <translation>%1 is a Redis Cluster node and redirected the request (%2); LockScope does not follow cluster redirects, so connect to the node that owns the key</translation>
    </message>
    <message>
        <source>%1 is busy running a script or function (BUSY); it answers again when the script ends or after SCRIPT KILL</source>
        <translation>%1 is busy running a script or function (BUSY); it answers again when the script ends or after SCRIPT KILL</translation>
    </message>
    <message>
        <source>no answer from %1 in time: %2</source>
        <translation>no answer from %1 in time: %2</translation>
    </message>
    <message>
        <source>not sent to %1: %2</source>
        <translation>not sent to %1: %2</translation>
    </message>
    <message>
        <source>%1 (giving up after %2 reconnect attempts)</source>
        <translation>%1 (giving up after %2 reconnect attempts)</translation>
    </message>
    <message>
        <source>timeout: cannot connect to %1 within %2 ms</source>
        <translation>timeout: cannot connect to %1 within %2 ms</translation>
    </message>
    <message>
        <source>timeout: no answer from %1 (%2)</source>
        <translation>timeout: no answer from %1 (%2)</translation>
    </message>
    <message>
        <source>timeout after %1 ms (never sent: %2)</source>
        <translation>timeout after %1 ms (never sent: %2)</translation>
    </message>
    <message>
        <source>timeout after %1 ms</source>
        <translation>timeout after %1 ms</translation>
    </message>
    <message>
        <source>not connected to %1</source>
        <translation>not connected to %1</translation>
    </message>
    <message>
        <source>connection refused: cannot connect to %1 (is redis-server running and listening there?)</source>
        <translation>connection refused: cannot connect to %1 (is redis-server running and listening there?)</translation>
    </message>
    <message>
        <source>connection refused: cannot connect to %1: %2 (is redis-server running with this unixsocket?)</source>
        <translation>connection refused: cannot connect to %1: %2 (is redis-server running with this unixsocket?)</translation>
    </message>
    <message>
        <source>host not found: cannot connect to %1: %2</source>
        <translation>host not found: cannot connect to %1: %2</translation>
    </message>
    <message>
        <source>disconnected: %1 closed the connection</source>
        <translation>disconnected: %1 closed the connection</translation>
    </message>
    <message>
        <source>disconnected: connection to %1 lost: %2</source>
        <translation>disconnected: connection to %1 lost: %2</translation>
    </message>
    <message>
        <source>disconnected: cannot connect to %1: %2</source>
        <translation>disconnected: cannot connect to %1: %2</translation>
    </message>
    <message>
        <source>protocol error: %1 sent data that is not RESP (%2)</source>
        <translation>protocol error: %1 sent data that is not RESP (%2)</translation>
    </message>
    <message>
        <source>protocol error: cannot parse the reply from %1 (%2)</source>
        <translation>protocol error: cannot parse the reply from %1 (%2)</translation>
    </message>
    <message>
        <source>protocol error: %1 sent a reply nobody asked for (%2)</source>
        <translation>protocol error: %1 sent a reply nobody asked for (%2)</translation>
    </message>
    <message>
        <source>protocol error: empty command, not sent</source>
        <translation>protocol error: empty command, not sent</translation>
    </message>
    <message>
        <source>%1 is a write command and this connection is read-only</source>
        <translation>%1 is a write command and this connection is read-only</translation>
    </message>
    <message>
        <source>TLS error: cannot connect to %1: this Qt has no working TLS backend (OpenSSL)</source>
        <translation>TLS error: cannot connect to %1: this Qt has no working TLS backend (OpenSSL)</translation>
    </message>
    <message>
        <source>TLS error: cannot connect to %1: %2</source>
        <translation>TLS error: cannot connect to %1: %2</translation>
    </message>
    <message>
        <source>TLS error: the TLS session with %1 failed: %2</source>
        <translation>TLS error: the TLS session with %1 failed: %2</translation>
    </message>
    <message>
        <source>TLS error: the TLS handshake with %1 failed: %2</source>
        <translation>TLS error: the TLS handshake with %1 failed: %2</translation>
    </message>
    <message>
        <source>TLS error: %1 closed the connection during the TLS handshake (is it a TLS port? does it require a client certificate?)</source>
        <translation>TLS error: %1 closed the connection during the TLS handshake (is it a TLS port? does it require a client certificate?)</translation>
    </message>
    <message>
        <source>cannot read a CA certificate (PEM) from &apos;%1&apos;</source>
        <translation>cannot read a CA certificate (PEM) from &apos;%1&apos;</translation>
    </message>
    <message>
        <source>cannot read a client certificate (PEM) from &apos;%1&apos;</source>
        <translation>cannot read a client certificate (PEM) from &apos;%1&apos;</translation>
    </message>
    <message>
        <source>cannot read the private key &apos;%1&apos; (an unencrypted PEM RSA, EC or DSA key is needed)</source>
        <translation>cannot read the private key &apos;%1&apos; (an unencrypted PEM RSA, EC or DSA key is needed)</translation>
    </message>
    <message>
        <source>cannot read the private key &apos;%1&apos;: %2</source>
        <translation>cannot read the private key &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>a private key (%1) without a client certificate</source>
        <translation>a private key (%1) without a client certificate</translation>
    </message>
</context>
<context>
    <name>ConnectionProfile</name>
    <message>
        <source>name at least one sentinel (host:port, separated by commas)</source>
        <translation>name at least one sentinel (host:port, separated by commas)</translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 does not exist</translation>
    </message>
    <message>
        <source>%1 cannot be read</source>
        <translation>%1 cannot be read</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>Database</translation>
    </message>
    <message>
        <source>Unix socket</source>
        <translation>Unix socket</translation>
    </message>
    <message>
        <source>CA file</source>
        <translation>CA file</translation>
    </message>
    <message>
        <source>Client certificate</source>
        <translation>Client certificate</translation>
    </message>
    <message>
        <source>Client key</source>
        <translation>Client key</translation>
    </message>
    <message>
        <source>Sentinels</source>
        <translation>Sentinels</translation>
    </message>
    <message>
        <source>Master name</source>
        <translation>Master name</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>Pattern</translation>
    </message>
    <message>
        <source>Thresholds</source>
        <translation>Thresholds</translation>
    </message>
    <message>
        <source>master %1 via %2</source>
        <translation>master %1 via %2</translation>
    </message>
    <message>
        <source>cluster via %1</source>
        <translation>cluster via %1</translation>
    </message>
    <message>
        <source>give the profile a name</source>
        <translation>give the profile a name</translation>
    </message>
    <message>
        <source>a profile uses Sentinel or Cluster, not both</source>
        <translation>a profile uses Sentinel or Cluster, not both</translation>
    </message>
    <message>
        <source>a Unix socket cannot be combined with %1</source>
        <translation>a Unix socket cannot be combined with %1</translation>
    </message>
    <message>
        <source>Sentinel</source>
        <translation>Sentinel</translation>
    </message>
    <message>
        <source>empty: give the server&apos;s name or address</source>
        <translation>empty: give the server&apos;s name or address</translation>
    </message>
    <message>
        <source>%1 is not a port (1-65535)</source>
        <translation>%1 is not a port (1-65535)</translation>
    </message>
    <message>
        <source>the path must be absolute, got &quot;%1&quot;</source>
        <translation>the path must be absolute, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1 is not a database number</source>
        <translation>%1 is not a database number</translation>
    </message>
    <message>
        <source>a cluster has only database 0</source>
        <translation>a cluster has only database 0</translation>
    </message>
    <message>
        <source>a client certificate needs its key, and a key its certificate</source>
        <translation>a client certificate needs its key, and a key its certificate</translation>
    </message>
    <message>
        <source>give the name the sentinels know the master by</source>
        <translation>give the name the sentinels know the master by</translation>
    </message>
    <message>
        <source>empty: give a SCAN pattern such as *lock*</source>
        <translation>empty: give a SCAN pattern such as *lock*</translation>
    </message>
    <message>
        <source>every threshold must be above zero</source>
        <translation>every threshold must be above zero</translation>
    </message>
    <message>
        <source>%1 is not a readable folder</source>
        <translation>%1 is not a readable folder</translation>
    </message>
    <message>
        <source>CA folder</source>
        <translation>CA folder</translation>
    </message>
    <message>
        <source>Server name (SNI)</source>
        <translation>Server name (SNI)</translation>
    </message>
    <message>
        <source>a host name has no spaces, got &quot;%1&quot;</source>
        <translation>a host name has no spaces, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Redlock nodes</source>
        <translation>Redlock nodes</translation>
    </message>
    <message>
        <source>Redlock: %1, %2</source>
        <translation>Redlock: %1, %2</translation>
    </message>
    <message>
        <source>Redlock nodes are independent servers at host:port, not %1</source>
        <translation>Redlock nodes are independent servers at host:port, not %1</translation>
    </message>
    <message>
        <source>a Unix socket</source>
        <translation>a Unix socket</translation>
    </message>
</context>
<context>
    <name>DurationText</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
</context>
<context>
    <name>Explain</name>
    <message>
        <source>no TTL</source>
        <translation>no TTL</translation>
    </message>
    <message>
        <source>TTL %1 ms</source>
        <translation>TTL %1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 asks for %2 again, while holding it</source>
        <translation>%1 asks for %2 again, while holding it</translation>
    </message>
    <message>
        <source>%1 tries to acquire %2</source>
        <translation>%1 tries to acquire %2</translation>
    </message>
    <message>
        <source>%1 acquired %2 after %3 ms</source>
        <translation>%1 acquired %2 after %3 ms</translation>
    </message>
    <message>
        <source>%1 gave up waiting for %2</source>
        <translation>%1 gave up waiting for %2</translation>
    </message>
    <message>
        <source>%1 starts its work on the shared counter</source>
        <translation>%1 starts its work on the shared counter</translation>
    </message>
    <message>
        <source>%1 finished its work</source>
        <translation>%1 finished its work</translation>
    </message>
    <message>
        <source>%1 wrote counter = %2</source>
        <translation>%1 wrote counter = %2</translation>
    </message>
    <message>
        <source>the resource refused %1&apos;s stale fencing token %2</source>
        <translation>the resource refused %1&apos;s stale fencing token %2</translation>
    </message>
    <message>
        <source>%1 releases %2</source>
        <translation>%1 releases %2</translation>
    </message>
    <message>
        <source>%1 released %2</source>
        <translation>%1 released %2</translation>
    </message>
    <message>
        <source>%1&apos;s release found the lock no longer its own</source>
        <translation>%1&apos;s release found the lock no longer its own</translation>
    </message>
    <message>
        <source>%1&apos;s release got no answer</source>
        <translation>%1&apos;s release got no answer</translation>
    </message>
    <message>
        <source>%1&apos;s watchdog renewed %2 (TTL %3 ms)</source>
        <translation>%1&apos;s watchdog renewed %2 (TTL %3 ms)</translation>
    </message>
    <message>
        <source>%1&apos;s watchdog found %2 gone</source>
        <translation>%1&apos;s watchdog found %2 gone</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 pauses for %2 ms (stop-the-world)</source>
        <translation>%1 pauses for %2 ms (stop-the-world)</translation>
    </message>
    <message>
        <source>%1 wakes up</source>
        <translation>%1 wakes up</translation>
    </message>
    <message>
        <source>%1 crashed</source>
        <translation>%1 crashed</translation>
    </message>
    <message>
        <source>%1 got no reply from %2 (%3)</source>
        <translation>%1 got no reply from %2 (%3)</translation>
    </message>
    <message>
        <source>%1: %2 = %3 (%4)</source>
        <translation>%1: %2 = %3 (%4)</translation>
    </message>
    <message>
        <source>%1: %2 now has %3</source>
        <translation>%1: %2 now has %3</translation>
    </message>
    <message>
        <source>%1: %2 was lost with the node&apos;s data</source>
        <translation>%1: %2 was lost with the node&apos;s data</translation>
    </message>
    <message>
        <source>%1: %2 deleted %3 — but it was %4&apos;s lock!</source>
        <translation>%1: %2 deleted %3 — but it was %4&apos;s lock!</translation>
    </message>
    <message>
        <source>%1: %2 deleted %3</source>
        <translation>%1: %2 deleted %3</translation>
    </message>
    <message>
        <source>%1: %2 expired</source>
        <translation>%1: %2 expired</translation>
    </message>
    <message>
        <source>%1 went down</source>
        <translation>%1 went down</translation>
    </message>
    <message>
        <source>%1 restarted with its data</source>
        <translation>%1 restarted with its data</translation>
    </message>
    <message>
        <source>%1 restarted empty (no persistence)</source>
        <translation>%1 restarted empty (no persistence)</translation>
    </message>
    <message>
        <source>%1: its replica was promoted</source>
        <translation>%1: its replica was promoted</translation>
    </message>
    <message>
        <source>%1&apos;s clock jumped %2 ms</source>
        <translation>%1&apos;s clock jumped %2 ms</translation>
    </message>
    <message>
        <source>%1 is cut off from %2</source>
        <translation>%1 is cut off from %2</translation>
    </message>
    <message>
        <source>%1 can reach %2 again</source>
        <translation>%1 can reach %2 again</translation>
    </message>
    <message>
        <source>» %1</source>
        <translation>» %1</translation>
    </message>
    <message>
        <source>Violation: %1 entered the critical section of %2 at %3 while %4 was still inside.</source>
        <translation>Violation: %1 entered the critical section of %2 at %3 while %4 was still inside.</translation>
    </message>
    <message>
        <source>Mistaken deletion: at %1 %2 deleted %3 on %4, which held %5&apos;s lock.</source>
        <translation>Mistaken deletion: at %1 %2 deleted %3 on %4, which held %5&apos;s lock.</translation>
    </message>
    <message>
        <source>Stuck lock: %1 on %2 has no TTL and its owner %3 is gone; nobody can ever take it.</source>
        <translation>Stuck lock: %1 on %2 has no TTL and its owner %3 is gone; nobody can ever take it.</translation>
    </message>
    <message>
        <source>Lost updates: %1 increment(s) of the counter were overwritten by overlapping work.</source>
        <translation>Lost updates: %1 increment(s) of the counter were overwritten by overlapping work.</translation>
    </message>
    <message>
        <source>Starvation: %1 never got the lock.</source>
        <translation>Starvation: %1 never got the lock.</translation>
    </message>
</context>
<context>
    <name>Explore</name>
    <message>
        <source>client pause shorter than the TTL</source>
        <translation>client pause shorter than the TTL</translation>
    </message>
    <message>
        <source>client pause longer than the TTL</source>
        <translation>client pause longer than the TTL</translation>
    </message>
    <message>
        <source>client crash</source>
        <translation>client crash</translation>
    </message>
    <message>
        <source>lost reply</source>
        <translation>lost reply</translation>
    </message>
    <message>
        <source>reply delayed past the TTL</source>
        <translation>reply delayed past the TTL</translation>
    </message>
    <message>
        <source>node crash (comes back with its data)</source>
        <translation>node crash (comes back with its data)</translation>
    </message>
    <message>
        <source>node restart without persistence</source>
        <translation>node restart without persistence</translation>
    </message>
    <message>
        <source>failover losing an unreplicated write</source>
        <translation>failover losing an unreplicated write</translation>
    </message>
    <message>
        <source>node clock jumps ahead</source>
        <translation>node clock jumps ahead</translation>
    </message>
    <message>
        <source>1st</source>
        <translation>1st</translation>
    </message>
    <message>
        <source>2nd</source>
        <translation>2nd</translation>
    </message>
    <message>
        <source>3rd</source>
        <translation>3rd</translation>
    </message>
    <message>
        <source>%1th</source>
        <translation>%1th</translation>
    </message>
    <message>
        <source>before %1 sends %2 (%3 time)</source>
        <translation>before %1 sends %2 (%3 time)</translation>
    </message>
    <message>
        <source>while the reply to %1&apos;s %2 is in flight (%3 time)</source>
        <translation>while the reply to %1&apos;s %2 is in flight (%3 time)</translation>
    </message>
    <message>
        <source>after %1 reads the reply to %2 (%3 time)</source>
        <translation>after %1 reads the reply to %2 (%3 time)</translation>
    </message>
    <message>
        <source>when %1 reaches %2 (%3 time)</source>
        <translation>when %1 reaches %2 (%3 time)</translation>
    </message>
    <message>
        <source>%1 pauses %2 ms %3</source>
        <translation>%1 pauses %2 ms %3</translation>
    </message>
    <message>
        <source>%1 crashes %2</source>
        <translation>%1 crashes %2</translation>
    </message>
    <message>
        <source>the reply to %1&apos;s %2 is lost (%3 time)</source>
        <translation>the reply to %1&apos;s %2 is lost (%3 time)</translation>
    </message>
    <message>
        <source>the reply to %1&apos;s %2 comes %3 ms late (%4 time)</source>
        <translation>the reply to %1&apos;s %2 comes %3 ms late (%4 time)</translation>
    </message>
    <message>
        <source>%1 crashes for %2 ms %3</source>
        <translation>%1 crashes for %2 ms %3</translation>
    </message>
    <message>
        <source>%1 restarts empty %2</source>
        <translation>%1 restarts empty %2</translation>
    </message>
    <message>
        <source>%1 fails over to its replica %2</source>
        <translation>%1 fails over to its replica %2</translation>
    </message>
    <message>
        <source>%1&apos;s clock jumps %2 ms ahead %3</source>
        <translation>%1&apos;s clock jumps %2 ms ahead %3</translation>
    </message>
    <message>
        <source>1 fault</source>
        <translation>1 fault</translation>
    </message>
    <message>
        <source>%1 faults</source>
        <translation>%1 faults</translation>
    </message>
    <message>
        <source>violation</source>
        <translation>violation</translation>
    </message>
    <message>
        <source>mistaken deletion</source>
        <translation>mistaken deletion</translation>
    </message>
    <message>
        <source>stuck lock</source>
        <translation>stuck lock</translation>
    </message>
    <message>
        <source>lost update</source>
        <translation>lost update</translation>
    </message>
    <message>
        <source>starvation</source>
        <translation>starvation</translation>
    </message>
    <message>
        <source>unknown finding &quot;%1&quot; (known: %2)</source>
        <translation>unknown finding &quot;%1&quot; (known: %2)</translation>
    </message>
    <message>
        <source>no finding kind given (known: %1)</source>
        <translation>no finding kind given (known: %1)</translation>
    </message>
    <message>
        <source>Explore: %1</source>
        <translation>Explore: %1</translation>
    </message>
    <message>
        <source>unknown strategy &quot;%1&quot; (known: %2)</source>
        <translation>unknown strategy &quot;%1&quot; (known: %2)</translation>
    </message>
    <message>
        <source>clients must be 1..8, got %1</source>
        <translation>clients must be 1..8, got %1</translation>
    </message>
    <message>
        <source>cycles must be 1..10, got %1</source>
        <translation>cycles must be 1..10, got %1</translation>
    </message>
    <message>
        <source>the TTL must be 10..600000 ms, got %1</source>
        <translation>the TTL must be 10..600000 ms, got %1</translation>
    </message>
    <message>
        <source>the hold time must be 0..600000 ms, got %1</source>
        <translation>the hold time must be 0..600000 ms, got %1</translation>
    </message>
    <message>
        <source>nodes must be 1..%1, got %2</source>
        <translation>nodes must be 1..%1, got %2</translation>
    </message>
    <message>
        <source>the fault bound must be 0..%1, got %2</source>
        <translation>the fault bound must be 0..%1, got %2</translation>
    </message>
    <message>
        <source>no fault kind given applies to %1 (a failover needs a replica, and Redlock&apos;s nodes have none)</source>
        <translation>no fault kind given applies to %1 (a failover needs a replica, and Redlock&apos;s nodes have none)</translation>
    </message>
    <message>
        <source>%1 with no fault at all</source>
        <translation>%1 with no fault at all</translation>
    </message>
    <message>
        <source>%1 with %2: %3</source>
        <translation>%1 with %2: %3</translation>
    </message>
    <message>
        <source>no %1 in %2 schedules within %3 (%4)</source>
        <translation>no %1 in %2 schedules within %3 (%4)</translation>
    </message>
    <message>
        <source>no faults</source>
        <translation>no faults</translation>
    </message>
    <message>
        <source>the workload fails with no fault: %1</source>
        <translation>the workload fails with no fault: %1</translation>
    </message>
    <message>
        <source>%1: %2 with %3</source>
        <translation>%1: %2 with %3</translation>
    </message>
    <message>
        <source>No fault at all.</source>
        <translation>No fault at all.</translation>
    </message>
    <message>
        <source>concurrent requests arrive in the other order</source>
        <translation>concurrent requests arrive in the other order</translation>
    </message>
    <message>
        <source>the resource</source>
        <translation>the resource</translation>
    </message>
    <message>
        <source>%1&apos;s %2 is held back %3 ms, so %4&apos;s request reaches %5 first (%6 time)</source>
        <translation>%1&apos;s %2 is held back %3 ms, so %4&apos;s request reaches %5 first (%6 time)</translation>
    </message>
    <message>
        <source>the start stagger must be 0..60000 ms, got %1</source>
        <translation>the start stagger must be 0..60000 ms, got %1</translation>
    </message>
</context>
<context>
    <name>FaultMenus</name>
    <message>
        <source>%1 at %2</source>
        <translation>%1 at %2</translation>
    </message>
    <message>
        <source>Pause %1 for 5 s (GC, VM migration)</source>
        <translation>Pause %1 for 5 s (GC, VM migration)</translation>
    </message>
    <message>
        <source>Crash %1</source>
        <translation>Crash %1</translation>
    </message>
    <message>
        <source>Delay %1&apos;s next reply by 2 s</source>
        <translation>Delay %1&apos;s next reply by 2 s</translation>
    </message>
    <message>
        <source>Lose %1&apos;s next reply</source>
        <translation>Lose %1&apos;s next reply</translation>
    </message>
    <message>
        <source>Crash %1 for 10 s (keeps its data)</source>
        <translation>Crash %1 for 10 s (keeps its data)</translation>
    </message>
    <message>
        <source>Restart %1 empty (no persistence)</source>
        <translation>Restart %1 empty (no persistence)</translation>
    </message>
    <message>
        <source>Fail %1 over to its replica</source>
        <translation>Fail %1 over to its replica</translation>
    </message>
    <message>
        <source>Fail over (this scenario has no replica)</source>
        <translation>Fail over (this scenario has no replica)</translation>
    </message>
    <message>
        <source>Jump %1&apos;s clock forward 10 s</source>
        <translation>Jump %1&apos;s clock forward 10 s</translation>
    </message>
</context>
<context>
    <name>KeyDetails</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Redis type</source>
        <translation>Redis type</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Owner</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>Process</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>Thread</translation>
    </message>
    <message>
        <source>Hold count</source>
        <translation>Hold count</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Mode</translation>
    </message>
    <message>
        <source>Holders</source>
        <translation>Holders</translation>
    </message>
    <message>
        <source>Waiters</source>
        <translation>Waiters</translation>
    </message>
    <message>
        <source>First in queue</source>
        <translation>First in queue</translation>
    </message>
    <message>
        <source>Fencing counter</source>
        <translation>Fencing counter</translation>
    </message>
    <message>
        <source>Belongs to</source>
        <translation>Belongs to</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>none: if the owner dies, nobody can ever take this lock</source>
        <translation>none: if the owner dies, nobody can ever take this lock</translation>
    </message>
    <message>
        <source>Held for</source>
        <translation>Held for</translation>
    </message>
    <message>
        <source>%1 (since %2, as far as the monitor saw)</source>
        <translation>%1 (since %2, as far as the monitor saw)</translation>
    </message>
    <message>
        <source>First seen</source>
        <translation>First seen</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Value</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation>Anomalies</translation>
    </message>
</context>
<context>
    <name>LeaseRhythm</name>
    <message>
        <source>wrote %1</source>
        <translation>wrote %1</translation>
    </message>
    <message>
        <source>acquired %1</source>
        <translation>acquired %1</translation>
    </message>
    <message>
        <source>renewed %1</source>
        <translation>renewed %1</translation>
    </message>
    <message>
        <source>released %1</source>
        <translation>released %1</translation>
    </message>
    <message>
        <source>%1: %2 renewed its lease with %3 ms of %4 ms left: late, the next pause of that length lets the lock expire under it</source>
        <translation>%1: %2 renewed its lease with %3 ms of %4 ms left: late, the next pause of that length lets the lock expire under it</translation>
    </message>
    <message>
        <source>%1: the lease of %2 (%3 ms) ran out and no release was seen%4: locks are released, not expired, in a healthy system</source>
        <translation>%1: the lease of %2 (%3 ms) ran out and no release was seen%4: locks are released, not expired, in a healthy system</translation>
    </message>
    <message>
        <source> (its last renewal came with %1 ms left)</source>
        <translation> (its last renewal came with %1 ms left)</translation>
    </message>
    <message>
        <source>%1: the lease of %2 (%3 ms) ran out while %2 was alive: it %4 %5 s later. Its work went on without the lock; a release it sent found the lock gone</source>
        <translation>%1: the lease of %2 (%3 ms) ran out while %2 was alive: it %4 %5 s later. Its work went on without the lock; a release it sent found the lock gone</translation>
    </message>
    <message>
        <source>%1: %2 has renewed it %3 times over %4 s, far longer than any other hold of this key (the longest: %5 s): a renewal that does not stop</source>
        <translation>%1: %2 has renewed it %3 times over %4 s, far longer than any other hold of this key (the longest: %5 s): a renewal that does not stop</translation>
    </message>
    <message>
        <source>  … and %1 more
</source>
        <translation>  … and %1 more
</translation>
    </message>
    <message>
        <source>no late renewal, no lease that ran out
</source>
        <translation>no late renewal, no lease that ran out
</translation>
    </message>
    <message>
        <source>leases (medians: how long a hold lasted, how often it was renewed, how much of the lease was left when a renewal or the release came)
</source>
        <translation>leases (medians: how long a hold lasted, how often it was renewed, how much of the lease was left when a renewal or the release came)
</translation>
    </message>
    <message numerus="yes">
        <source>%n hold(s)</source>
        <translation>
            <numerusform>%n hold</numerusform>
            <numerusform>%n holds</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 released, %2 expired</source>
        <translation>%1 released, %2 expired</translation>
    </message>
    <message>
        <source>%1 lost with a restart or a failover</source>
        <translation>%1 lost with a restart or a failover</translation>
    </message>
    <message>
        <source>held %1 s</source>
        <translation>held %1 s</translation>
    </message>
    <message>
        <source>renewed every %1 s</source>
        <translation>renewed every %1 s</translation>
    </message>
    <message>
        <source>margin %1 ms (least %2 ms)</source>
        <translation>margin %1 ms (least %2 ms)</translation>
    </message>
    <message>
        <source>lease %1 ms</source>
        <translation>lease %1 ms</translation>
    </message>
    <message>
        <source>no TTL</source>
        <translation>no TTL</translation>
    </message>
</context>
<context>
    <name>LiveAgreement</name>
    <message>
        <source>verdict: simulated %1, live %2</source>
        <translation>verdict: simulated %1, live %2</translation>
    </message>
    <message>
        <source>violations</source>
        <translation>violations</translation>
    </message>
    <message>
        <source>mistaken deletions</source>
        <translation>mistaken deletions</translation>
    </message>
    <message>
        <source>stuck locks</source>
        <translation>stuck locks</translation>
    </message>
    <message>
        <source>lost updates</source>
        <translation>lost updates</translation>
    </message>
    <message>
        <source>stale writes rejected</source>
        <translation>stale writes rejected</translation>
    </message>
    <message>
        <source>%1: simulated %2, live %3</source>
        <translation>%1: simulated %2, live %3</translation>
    </message>
    <message>
        <source>safe</source>
        <translation>safe</translation>
    </message>
    <message>
        <source>unsafe</source>
        <translation>unsafe</translation>
    </message>
    <message>
        <source>liveness-loss</source>
        <translation>liveness-loss</translation>
    </message>
</context>
<context>
    <name>LiveBench</name>
    <message>
        <source>%1: the server is busy running our script (%2) past its lua-time-limit (BUSY); LockScope stopped it with SCRIPT KILL</source>
        <translation>%1: the server is busy running our script (%2) past its lua-time-limit (BUSY); LockScope stopped it with SCRIPT KILL</translation>
    </message>
    <message>
        <source>%1: the server is busy running our script (%2) past its lua-time-limit (BUSY), and SCRIPT KILL did not stop it: %3</source>
        <translation>%1: the server is busy running our script (%2) past its lua-time-limit (BUSY), and SCRIPT KILL did not stop it: %3</translation>
    </message>
</context>
<context>
    <name>LiveKeyObserver</name>
    <message>
        <source>%1 on %2 exists on the server but not in the key observer&apos;s replay of its commands.</source>
        <translation>%1 on %2 exists on the server but not in the key observer&apos;s replay of its commands.</translation>
    </message>
    <message>
        <source>%1 on %2 exists in the key observer&apos;s replay of its commands but not on the server.</source>
        <translation>%1 on %2 exists in the key observer&apos;s replay of its commands but not on the server.</translation>
    </message>
    <message>
        <source>%1 on %2 holds &quot;%3&quot; on the server but &quot;%4&quot; in the key observer&apos;s replay of its commands.</source>
        <translation>%1 on %2 holds &quot;%3&quot; on the server but &quot;%4&quot; in the key observer&apos;s replay of its commands.</translation>
    </message>
    <message>
        <source>%1 on %2 has a TTL of %3 ms on the server but %4 ms in the key observer&apos;s replay of its commands.</source>
        <translation>%1 on %2 has a TTL of %3 ms on the server but %4 ms in the key observer&apos;s replay of its commands.</translation>
    </message>
    <message numerus="yes">
        <source>The key observer could not read %n MONITOR line(s) of %1, the first: %2</source>
        <translation>
            <numerusform>The key observer could not read %n MONITOR line of %1, the first: %2</numerusform>
            <numerusform>The key observer could not read %n MONITOR lines of %1, the first: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>The key observer cannot watch %1: it connects over plain TCP only.</source>
        <translation>The key observer cannot watch %1: it connects over plain TCP only.</translation>
    </message>
    <message>
        <source>The key observer lost its MONITOR connection to %1: %2</source>
        <translation>The key observer lost its MONITOR connection to %1: %2</translation>
    </message>
    <message>
        <source>The key observer could not connect to %1 within %2 ms.</source>
        <translation>The key observer could not connect to %1 within %2 ms.</translation>
    </message>
    <message>
        <source>The key observer could not read what %1 sent: %2</source>
        <translation>The key observer could not read what %1 sent: %2</translation>
    </message>
    <message>
        <source>The key observer was refused by %1: %2</source>
        <translation>The key observer was refused by %1: %2</translation>
    </message>
    <message>
        <source>%1 refused MONITOR to the key observer: %2</source>
        <translation>%1 refused MONITOR to the key observer: %2</translation>
    </message>
</context>
<context>
    <name>LiveScenario</name>
    <message>
        <source>a live run uses one lock key; this scenario has %1</source>
        <translation>a live run uses one lock key; this scenario has %1</translation>
    </message>
    <message>
        <source>the fault &quot;%1&quot; happens to a server, and LockScope does not crash, restart, fail over or move the clock of servers it did not start; run without --redis to use local servers</source>
        <translation>the fault &quot;%1&quot; happens to a server, and LockScope does not crash, restart, fail over or move the clock of servers it did not start; run without --redis to use local servers</translation>
    </message>
    <message>
        <source>a failover needs a replica (&quot;replicas&quot;: 1 or more)</source>
        <translation>a failover needs a replica (&quot;replicas&quot;: 1 or more)</translation>
    </message>
    <message>
        <source>%1 needs %2 servers (--redis), got %3</source>
        <translation>%1 needs %2 servers (--redis), got %3</translation>
    </message>
    <message>
        <source>on your servers: only the clients&apos; faults are done; the lock key is %1 and is deleted at the end</source>
        <translation>on your servers: only the clients&apos; faults are done; the lock key is %1 and is deleted at the end</translation>
    </message>
    <message>
        <source>loading the scripts into %1 failed: %2</source>
        <translation>loading the scripts into %1 failed: %2</translation>
    </message>
    <message>
        <source>the replica on port %1 did not finish its first sync with its primary within %2 s</source>
        <translation>the replica on port %1 did not finish its first sync with its primary within %2 s</translation>
    </message>
    <message>
        <source>the replica is held back from the start (SIGSTOP, its link dropped), so no write reaches it before the failover: the simulator&apos;s replication lag, made certain</source>
        <translation>the replica is held back from the start (SIGSTOP, its link dropped), so no write reaches it before the failover: the simulator&apos;s replication lag, made certain</translation>
    </message>
    <message>
        <source>MONITOR did not answer within %1 s</source>
        <translation>MONITOR did not answer within %1 s</translation>
    </message>
    <message>
        <source>the lock key&apos;s history is not watched (%1): mistaken deletions and stuck locks cannot be seen</source>
        <translation>the lock key&apos;s history is not watched (%1): mistaken deletions and stuck locks cannot be seen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <source>could not connect to %1 within %2 s</source>
        <translation>could not connect to %1 within %2 s</translation>
    </message>
    <message>
        <source>promoting the replica on %1 failed: %2</source>
        <translation>promoting the replica on %1 failed: %2</translation>
    </message>
    <message>
        <source>unknown strategy &quot;%1&quot; (known: %2)</source>
        <translation>unknown strategy &quot;%1&quot; (known: %2)</translation>
    </message>
    <message>
        <source>the time scale must be above 0 and at most 100, got %1</source>
        <translation>the time scale must be above 0 and at most 100, got %1</translation>
    </message>
    <message>
        <source>unknown wait mode &quot;%1&quot; (spin, backoff, pubsub)</source>
        <translation>unknown wait mode &quot;%1&quot; (spin, backoff, pubsub)</translation>
    </message>
    <message>
        <source>client %1 replays a recorded schedule (a what-if replay), which only the simulator runs</source>
        <translation>client %1 replays a recorded schedule (a what-if replay), which only the simulator runs</translation>
    </message>
</context>
<context>
    <name>LockFormat</name>
    <message>
        <source>not read yet</source>
        <translation>not read yet</translation>
    </message>
    <message>
        <source>Redisson fair lock (RFairLock)</source>
        <translation>Redisson fair lock (RFairLock)</translation>
    </message>
    <message>
        <source>Redisson fenced lock (RFencedLock)</source>
        <translation>Redisson fenced lock (RFencedLock)</translation>
    </message>
    <message>
        <source>Redisson RFencedLock token</source>
        <translation>Redisson RFencedLock token</translation>
    </message>
    <message>
        <source>Redisson read lock lease</source>
        <translation>Redisson read lock lease</translation>
    </message>
    <message>
        <source>LockScope fencing counter</source>
        <translation>LockScope fencing counter</translation>
    </message>
    <message>
        <source>unknown (value longer than the read limit)</source>
        <translation>unknown (value longer than the read limit)</translation>
    </message>
    <message>
        <source>redis-py Lock</source>
        <translation>redis-py Lock</translation>
    </message>
    <message>
        <source>a version-1 UUID made %1 (uuid1().hex, as redis-py writes; node-redlock&apos;s 16 random bytes look like this by chance about once in 10^5)</source>
        <translation>a version-1 UUID made %1 (uuid1().hex, as redis-py writes; node-redlock&apos;s 16 random bytes look like this by chance about once in 10^5)</translation>
    </message>
    <message>
        <source>node-redlock lock</source>
        <translation>node-redlock lock</translation>
    </message>
    <message>
        <source>16 random bytes in hex (not a version-1 UUID, so not redis-py&apos;s uuid1().hex)</source>
        <translation>16 random bytes in hex (not a version-1 UUID, so not redis-py&apos;s uuid1().hex)</translation>
    </message>
    <message>
        <source>python-redis-lock Lock</source>
        <translation>python-redis-lock Lock</translation>
    </message>
    <message>
        <source>18 random bytes in base64; waiters listen on lock-signal:%1</source>
        <translation>18 random bytes in base64; waiters listen on lock-signal:%1</translation>
    </message>
    <message>
        <source>go-redsync Mutex</source>
        <translation>go-redsync Mutex</translation>
    </message>
    <message>
        <source>16 random bytes in base64</source>
        <translation>16 random bytes in base64</translation>
    </message>
    <message>
        <source>LockScope lock</source>
        <translation>LockScope lock</translation>
    </message>
    <message>
        <source>SETNX lock holding its expiry time</source>
        <translation>SETNX lock holding its expiry time</translation>
    </message>
    <message>
        <source>unknown string lock</source>
        <translation>unknown string lock</translation>
    </message>
    <message>
        <source>Redisson RReadWriteLock</source>
        <translation>Redisson RReadWriteLock</translation>
    </message>
    <message>
        <source>Redisson RLock</source>
        <translation>Redisson RLock</translation>
    </message>
    <message>
        <source>LockScope reentrant hash lock</source>
        <translation>LockScope reentrant hash lock</translation>
    </message>
    <message>
        <source>unknown hash</source>
        <translation>unknown hash</translation>
    </message>
    <message>
        <source>hash with %1 fields (more than the read limit)</source>
        <translation>hash with %1 fields (more than the read limit)</translation>
    </message>
    <message>
        <source>more than one holder field: not what a reentrant lock writes</source>
        <translation>more than one holder field: not what a reentrant lock writes</translation>
    </message>
    <message>
        <source>Redisson fair lock queue</source>
        <translation>Redisson fair lock queue</translation>
    </message>
    <message>
        <source>python-redis-lock release signal</source>
        <translation>python-redis-lock release signal</translation>
    </message>
    <message>
        <source>list</source>
        <translation>list</translation>
    </message>
    <message>
        <source>Redisson fair lock waiter deadlines</source>
        <translation>Redisson fair lock waiter deadlines</translation>
    </message>
    <message>
        <source>sorted set</source>
        <translation>sorted set</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>gone</translation>
    </message>
    <message>
        <source>the value is an expiry time by the writer&apos;s clock: %1 (SETNX/GETSET locks, as the setnx-getset strategy writes)</source>
        <translation>the value is an expiry time by the writer&apos;s clock: %1 (SETNX/GETSET locks, as the setnx-getset strategy writes)</translation>
    </message>
</context>
<context>
    <name>MonitorExplain</name>
    <message>
        <source>(unknown owner)</source>
        <translation>(unknown owner)</translation>
    </message>
    <message>
        <source>no TTL</source>
        <translation>no TTL</translation>
    </message>
    <message>
        <source>TTL %1 ms</source>
        <translation>TTL %1 ms</translation>
    </message>
    <message>
        <source> on %1</source>
        <translation> on %1</translation>
    </message>
    <message>
        <source>%1 holds %2%3 (%4): %5</source>
        <translation>%1 holds %2%3 (%4): %5</translation>
    </message>
    <message>
        <source>%1%2 = %3 (%4)</source>
        <translation>%1%2 = %3 (%4)</translation>
    </message>
    <message>
        <source>%1%2 now has %3</source>
        <translation>%1%2 now has %3</translation>
    </message>
    <message>
        <source>%1 renewed %2 (TTL %3 ms)</source>
        <translation>%1 renewed %2 (TTL %3 ms)</translation>
    </message>
    <message>
        <source>%1%2 deleted: %3 released it</source>
        <translation>%1%2 deleted: %3 released it</translation>
    </message>
    <message>
        <source>%1%2 deleted</source>
        <translation>%1%2 deleted</translation>
    </message>
    <message>
        <source>%1%2 expired while %3 held it</source>
        <translation>%1%2 expired while %3 held it</translation>
    </message>
    <message>
        <source>%1%2 expired</source>
        <translation>%1%2 expired</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>[%1] %2</source>
        <translation>[%1] %2</translation>
    </message>
    <message>
        <source>%1 is no longer the master (failover)</source>
        <translation>%1 is no longer the master (failover)</translation>
    </message>
    <message>
        <source>%1 went down</source>
        <translation>%1 went down</translation>
    </message>
    <message>
        <source>lost with the restart</source>
        <translation>lost with the restart</translation>
    </message>
    <message>
        <source>lost with the failover</source>
        <translation>lost with the failover</translation>
    </message>
    <message>
        <source>%1%2 %3: %4 held it and nobody released it</source>
        <translation>%1%2 %3: %4 held it and nobody released it</translation>
    </message>
    <message>
        <source>%1%2 %3</source>
        <translation>%1%2 %3</translation>
    </message>
    <message>
        <source>[%1] gap starts: %2</source>
        <translation>[%1] gap starts: %2</translation>
    </message>
    <message>
        <source>[%1] gap of %2 s ends: %3</source>
        <translation>[%1] gap of %2 s ends: %3</translation>
    </message>
</context>
<context>
    <name>MonitorRun</name>
    <message numerus="yes">
        <source>%n key(s); %1</source>
        <translation>
            <numerusform>%n key; %1</numerusform>
            <numerusform>%n keys; %1</numerusform>
        </translation>
    </message>
    <message>
        <source>quorum (a majority is %1 of the %2 nodes)</source>
        <translation>quorum (a majority is %1 of the %2 nodes)</translation>
    </message>
</context>
<context>
    <name>MonitorSummary</name>
    <message>
        <source>recording  %1 events over %2 s, %3 keys, %4 owners
</source>
        <translation>recording  %1 events over %2 s, %3 keys, %4 owners
</translation>
    </message>
    <message>
        <source>  acquisitions   %1  (taken over %2)
</source>
        <translation>  acquisitions   %1  (taken over %2)
</translation>
    </message>
    <message>
        <source>  releases       %1  (deletions %2)
</source>
        <translation>  releases       %1  (deletions %2)
</translation>
    </message>
    <message>
        <source>  expiries       %1
</source>
        <translation>  expiries       %1
</translation>
    </message>
    <message>
        <source>  renewals       %1
</source>
        <translation>  renewals       %1
</translation>
    </message>
    <message>
        <source>  hold count or value changes  %1
</source>
        <translation>  hold count or value changes  %1
</translation>
    </message>
    <message>
        <source>  values not seen (changed again before a read)  %1
</source>
        <translation>  values not seen (changed again before a read)  %1
</translation>
    </message>
    <message>
        <source>  anomalies      %1
</source>
        <translation>  anomalies      %1
</translation>
    </message>
    <message>
        <source>  connection faults, restarts, failovers  %1  (failovers %2)
</source>
        <translation>  connection faults, restarts, failovers  %1  (failovers %2)
</translation>
    </message>
    <message>
        <source>  lost with a restart or failover  %1  (nobody released them)
</source>
        <translation>  lost with a restart or failover  %1  (nobody released them)
</translation>
    </message>
    <message>
        <source>  gaps (the monitor could not see)  %1  (%2 s in all)
</source>
        <translation>  gaps (the monitor could not see)  %1  (%2 s in all)
</translation>
    </message>
</context>
<context>
    <name>MonitorTableFeed</name>
    <message>
        <source>(other owners)</source>
        <translation>(other owners)</translation>
    </message>
</context>
<context>
    <name>QCommandLineParser</name>
    <message>
        <source>Usage: %1</source>
        <translation>Usage: %1</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>Options:</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>Arguments:</translation>
    </message>
    <message>
        <source>[options]</source>
        <translation>[options]</translation>
    </message>
    <message>
        <source>Displays help on commandline options.</source>
        <translation>Displays help on commandline options.</translation>
    </message>
    <message>
        <source>Displays help including Qt specific options.</source>
        <translation>Displays help including Qt specific options.</translation>
    </message>
    <message>
        <source>Displays version information.</source>
        <translation>Displays version information.</translation>
    </message>
    <message>
        <source>Unknown option &apos;%1&apos;.</source>
        <translation>Unknown option &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Unknown options: %1.</source>
        <translation>Unknown options: %1.</translation>
    </message>
    <message>
        <source>Missing value after &apos;%1&apos;.</source>
        <translation>Missing value after &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Unexpected value after &apos;%1&apos;.</source>
        <translation>Unexpected value after &apos;%1&apos;.</translation>
    </message>
</context>
<context>
    <name>QuorumView</name>
    <message>
        <source>(no owner)</source>
        <translation>(no owner)</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 on %2</translation>
    </message>
    <message>
        <source>%1 holds the majority: %2 of %3 nodes</source>
        <translation>%1 holds the majority: %2 of %3 nodes</translation>
    </message>
    <message>
        <source>on no node</source>
        <translation>on no node</translation>
    </message>
    <message>
        <source>nobody holds the majority (%1 of %2 nodes)</source>
        <translation>nobody holds the majority (%1 of %2 nodes)</translation>
    </message>
    <message>
        <source>%1: no owner has held a majority of the %2 nodes for %3 s (%4): nobody holds this Redlock, and whoever believes it does is wrong</source>
        <translation>%1: no owner has held a majority of the %2 nodes for %3 s (%4): nobody holds this Redlock, and whoever believes it does is wrong</translation>
    </message>
    <message>
        <source>%1: %2 held the majority, but its keys expired or vanished on %3 node(s) and it now holds %4 of %5 nodes: another owner can take the majority while %2 may still believe it holds the lock</source>
        <translation>%1: %2 held the majority, but its keys expired or vanished on %3 node(s) and it now holds %4 of %5 nodes: another owner can take the majority while %2 may still believe it holds the lock</translation>
    </message>
    <message>
        <source>%1: the token of %2 runs out %3 ms apart across its nodes, though it was set within %4 ms: a node&apos;s clock runs fast or slow or jumped (or the nodes were given different TTLs)</source>
        <translation>%1: the token of %2 runs out %3 ms apart across its nodes, though it was set within %4 ms: a node&apos;s clock runs fast or slow or jumped (or the nodes were given different TTLs)</translation>
    </message>
</context>
<context>
    <name>RecordingWriter</name>
    <message>
        <source>cannot write the recording to %1: %2</source>
        <translation>cannot write the recording to %1: %2</translation>
    </message>
</context>
<context>
    <name>RunData</name>
    <message>
        <source>unknown scenario &quot;%1&quot; (known: %2)</source>
        <translation>unknown scenario &quot;%1&quot; (known: %2)</translation>
    </message>
    <message>
        <source>unknown strategy &quot;%1&quot; (known: %2)</source>
        <translation>unknown strategy &quot;%1&quot; (known: %2)</translation>
    </message>
    <message>
        <source>the simulation did not run</source>
        <translation>the simulation did not run</translation>
    </message>
    <message>
        <source>the live run did not run</source>
        <translation>the live run did not run</translation>
    </message>
</context>
<context>
    <name>RunExplanation</name>
    <message>
        <source>From the file %1</source>
        <translation>From the file %1</translation>
    </message>
    <message>
        <source>Flaw:</source>
        <translation>Flaw:</translation>
    </message>
    <message>
        <source>Limits:</source>
        <translation>Limits:</translation>
    </message>
    <message>
        <source>Faults added by hand:</source>
        <translation>Faults added by hand:</translation>
    </message>
    <message>
        <source>%1 on %2 at %3 ms</source>
        <translation>%1 on %2 at %3 ms</translation>
    </message>
    <message>
        <source>Not run yet.</source>
        <translation>Not run yet.</translation>
    </message>
    <message numerus="yes">
        <source>%n violation(s) (two holders for %1 s)</source>
        <translation>
            <numerusform>%n violation (two holders for %1 s)</numerusform>
            <numerusform>%n violations (two holders for %1 s)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mistaken deletion(s)</source>
        <translation>
            <numerusform>%n mistaken deletion</numerusform>
            <numerusform>%n mistaken deletions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stuck lock(s)</source>
        <translation>
            <numerusform>%n stuck lock</numerusform>
            <numerusform>%n stuck locks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lost update(s)</source>
        <translation>
            <numerusform>%n lost update</numerusform>
            <numerusform>%n lost updates</numerusform>
        </translation>
    </message>
    <message>
        <source>Safe in this run.</source>
        <translation>Safe in this run.</translation>
    </message>
    <message>
        <source>UNSAFE in this run:</source>
        <translation>UNSAFE in this run:</translation>
    </message>
    <message numerus="yes">
        <source>%n stale write(s) rejected by the fenced resource.</source>
        <translation>
            <numerusform>%n stale write rejected by the fenced resource.</numerusform>
            <numerusform>%n stale writes rejected by the fenced resource.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nobody acquired the lock.</source>
        <translation>Nobody acquired the lock.</translation>
    </message>
    <message numerus="yes">
        <source>%n acquisition(s), %1 commands each, median wait %2 ms</source>
        <translation>
            <numerusform>%n acquisition, %1 commands each, median wait %2 ms</numerusform>
            <numerusform>%n acquisitions, %1 commands each, median wait %2 ms</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunLimits</name>
    <message>
        <source>this run would need about %1 of memory; the machine has %2</source>
        <translation>this run would need about %1 of memory; the machine has %2</translation>
    </message>
</context>
<context>
    <name>Scenario</name>
    <message>
        <source>must be a string</source>
        <translation>must be a string</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>must be a whole number</translation>
    </message>
    <message>
        <source>must be a number &gt;= 0</source>
        <translation>must be a number &gt;= 0</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>must be true or false</translation>
    </message>
    <message>
        <source>must be a string or {&quot;en&quot;: ..., &quot;zh_CN&quot;: ...}</source>
        <translation>must be a string or {&quot;en&quot;: ..., &quot;zh_CN&quot;: ...}</translation>
    </message>
    <message>
        <source>must be before, sent or after</source>
        <translation>must be before, sent or after</translation>
    </message>
    <message>
        <source>needs at_ms or step</source>
        <translation>needs at_ms or step</translation>
    </message>
    <message>
        <source>a step trigger needs the client whose step it is</source>
        <translation>a step trigger needs the client whose step it is</translation>
    </message>
    <message>
        <source>a %1 fault needs a client</source>
        <translation>a %1 fault needs a client</translation>
    </message>
    <message>
        <source>%1: cannot read the scenario file (%2)</source>
        <translation>%1: cannot read the scenario file (%2)</translation>
    </message>
    <message>
        <source>unknown scenario &quot;%1&quot; (known: %2)</source>
        <translation>unknown scenario &quot;%1&quot; (known: %2)</translation>
    </message>
    <message>
        <source>must be at least %1, got %2</source>
        <translation>must be at least %1, got %2</translation>
    </message>
    <message>
        <source>must be at most %1, got %2</source>
        <translation>must be at most %1, got %2</translation>
    </message>
    <message>
        <source>must be a list</source>
        <translation>must be a list</translation>
    </message>
    <message>
        <source>unknown field &quot;%1&quot;</source>
        <translation>unknown field &quot;%1&quot;</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>must be an object</translation>
    </message>
    <message>
        <source>must be a step name or a list of alternatives</source>
        <translation>must be a step name or a list of alternatives</translation>
    </message>
    <message>
        <source>no strategy has a step &quot;%1&quot; (steps: %2)</source>
        <translation>no strategy has a step &quot;%1&quot; (steps: %2)</translation>
    </message>
    <message>
        <source>needs a trigger</source>
        <translation>needs a trigger</translation>
    </message>
    <message>
        <source>must be a list of node indexes</source>
        <translation>must be a list of node indexes</translation>
    </message>
    <message>
        <source>a client needs a name</source>
        <translation>a client needs a name</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is taken by another client</source>
        <translation>&quot;%1&quot; is taken by another client</translation>
    </message>
    <message>
        <source>a caption needs &quot;on&quot; and &quot;text&quot;</source>
        <translation>a caption needs &quot;on&quot; and &quot;text&quot;</translation>
    </message>
    <message>
        <source>unknown event kind &quot;%1&quot;</source>
        <translation>unknown event kind &quot;%1&quot;</translation>
    </message>
    <message>
        <source>missing &quot;id&quot;</source>
        <translation>missing &quot;id&quot;</translation>
    </message>
    <message>
        <source>must be spin, backoff or pubsub, got &quot;%1&quot;</source>
        <translation>must be spin, backoff or pubsub, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>must have at most %1 clients, got %2</source>
        <translation>must have at most %1 clients, got %2</translation>
    </message>
    <message>
        <source>is %1, but client_list names %2 clients</source>
        <translation>is %1, but client_list names %2 clients</translation>
    </message>
    <message>
        <source>no client named &quot;%1&quot;</source>
        <translation>no client named &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1 is out of range (0..%2)</source>
        <translation>%1 is out of range (0..%2)</translation>
    </message>
    <message>
        <source>a failover needs &quot;replicas&quot; &gt;= 1</source>
        <translation>a failover needs &quot;replicas&quot; &gt;= 1</translation>
    </message>
    <message>
        <source>a scenario must be a JSON object</source>
        <translation>a scenario must be a JSON object</translation>
    </message>
    <message>
        <source>the number of clients must be 1..%1, got %2</source>
        <translation>the number of clients must be 1..%1, got %2</translation>
    </message>
    <message>
        <source>scenario %1 has a cast of %2 clients (%3); %4 would leave out %5 and what the scenario gives them</source>
        <translation>scenario %1 has a cast of %2 clients (%3); %4 would leave out %5 and what the scenario gives them</translation>
    </message>
    <message>
        <source>with %1 clients scenario %2 has no client &quot;%3&quot;, which its %4 names</source>
        <translation>with %1 clients scenario %2 has no client &quot;%3&quot;, which its %4 names</translation>
    </message>
    <message>
        <source>unknown fault &quot;%1&quot; (pause, crash, lose_reply, delay_reply, delay_request, partition, node_crash, node_restart, failover, clock_jump)</source>
        <translation>unknown fault &quot;%1&quot; (pause, crash, lose_reply, delay_reply, delay_request, partition, node_crash, node_restart, failover, clock_jump)</translation>
    </message>
    <message>
        <source>must be a number of milliseconds, 0..%1</source>
        <translation>must be a number of milliseconds, 0..%1</translation>
    </message>
    <message>
        <source>must be at least 1 (or -1: the scenario&apos;s)</source>
        <translation>must be at least 1 (or -1: the scenario&apos;s)</translation>
    </message>
    <message>
        <source>is %1, but key_names names %2 keys</source>
        <translation>is %1, but key_names names %2 keys</translation>
    </message>
    <message>
        <source>must have at most %1 keys, got %2</source>
        <translation>must have at most %1 keys, got %2</translation>
    </message>
    <message>
        <source>must be a list of key names</source>
        <translation>must be a list of key names</translation>
    </message>
    <message>
        <source>names &quot;%1&quot; twice</source>
        <translation>names &quot;%1&quot; twice</translation>
    </message>
</context>
<context>
    <name>ScenarioFileList</name>
    <message>
        <source>%1 (file)
%2
%3</source>
        <translation>%1 (file)
%2
%3</translation>
    </message>
    <message>
        <source>Open Scenario File</source>
        <translation>Open Scenario File</translation>
    </message>
    <message>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation>Scenario files (*.json);;All files (*)</translation>
    </message>
    <message>
        <source>%1 (not saved to a file)
%2</source>
        <translation>%1 (not saved to a file)
%2</translation>
    </message>
</context>
<context>
    <name>ScenarioSummary</name>
    <message>
        <source>B&apos;s clock runs 500 ms ahead; a lock whose expiry is a client timestamp expires early for B.</source>
        <translation>B&apos;s clock runs 500 ms ahead; a lock whose expiry is a client timestamp expires early for B.</translation>
    </message>
    <message>
        <source>No faults: 100 clients make 1000 increments of a counter inside the lock.</source>
        <translation>No faults: 100 clients make 1000 increments of a counter inside the lock.</translation>
    </message>
    <message>
        <source>A sets the lock and dies before giving it a TTL.</source>
        <translation>A sets the lock and dies before giving it a TTL.</translation>
    </message>
    <message>
        <source>A locks on the primary, the primary dies before replicating, the replica is promoted, B locks.</source>
        <translation>A locks on the primary, the primary dies before replicating, the replica is promoted, B locks.</translation>
    </message>
    <message>
        <source>No pause at all: A&apos;s work simply takes longer than its lease.</source>
        <translation>No pause at all: A&apos;s work simply takes longer than its lease.</translation>
    </message>
    <message>
        <source>The SET succeeds but its reply is lost; A gives up; the key stays until its TTL.</source>
        <translation>The SET succeeds but its reply is lost; A gives up; the key stays until its TTL.</translation>
    </message>
    <message>
        <source>The holder asks for the same lock again.</source>
        <translation>The holder asks for the same lock again.</translation>
    </message>
    <message>
        <source>A holds 3 of 5 nodes; one node&apos;s clock jumps forward and expires A&apos;s key early; B gets 3 of 5.</source>
        <translation>A holds 3 of 5 nodes; one node&apos;s clock jumps forward and expires A&apos;s key early; B gets 3 of 5.</translation>
    </message>
    <message>
        <source>A holds 3 of 5 nodes; one restarts empty; B gets that one and the 2 others.</source>
        <translation>A holds 3 of 5 nodes; one restarts empty; B gets that one and the 2 others.</translation>
    </message>
    <message>
        <source>A pauses longer than its lease; B takes the lock; A wakes up and carries on.</source>
        <translation>A pauses longer than its lease; B takes the lock; A wakes up and carries on.</translation>
    </message>
    <message>
        <source>A&apos;s GET says the lock is still its own; A pauses; B acquires; A&apos;s DEL removes B&apos;s lock.</source>
        <translation>A&apos;s GET says the lock is still its own; A pauses; B acquires; A&apos;s DEL removes B&apos;s lock.</translation>
    </message>
    <message>
        <source>A sends its SET and pauses; the keys expire; B locks; A wakes and reads old OK replies.</source>
        <translation>A sends its SET and pauses; the keys expire; B locks; A wakes and reads old OK replies.</translation>
    </message>
    <message>
        <source>Many clients start Redlock together; each wins fewer than a quorum; all release and retry.</source>
        <translation>Many clients start Redlock together; each wins fewer than a quorum; all release and retry.</translation>
    </message>
</context>
<context>
    <name>ScriptLimits</name>
    <message>
        <source>--script-time-limit must be a duration such as 5s or 500ms, between 1 ms and a day, got &quot;%1&quot;</source>
        <translation>--script-time-limit must be a duration such as 5s or 500ms, between 1 ms and a day, got &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>Simulation</name>
    <message>
        <source>a background task failed: %1</source>
        <translation>a background task failed: %1</translation>
    </message>
    <message>
        <source>client %1: %2</source>
        <translation>client %1: %2</translation>
    </message>
    <message>
        <source>its schedule names key %1, the scenario has %2</source>
        <translation>its schedule names key %1, the scenario has %2</translation>
    </message>
</context>
<context>
    <name>Strategy</name>
    <message>
        <source>Custom scripts</source>
        <translation>Custom scripts</translation>
    </message>
    <message>
        <source>acquire: %1; release: %2</source>
        <translation>acquire: %1; release: %2</translation>
    </message>
    <message>
        <source>%1: cannot read the script: %2</source>
        <translation>%1: cannot read the script: %2</translation>
    </message>
    <message>
        <source>Fencing token</source>
        <translation>Fencing token</translation>
    </message>
    <message>
        <source>acquire: script, SET k token NX PX ttl and INCR the token key &lt;key&gt;:fence; release: compare-and-delete script</source>
        <translation>acquire: script, SET k token NX PX ttl and INCR the token key &lt;key&gt;:fence; release: compare-and-delete script</translation>
    </message>
    <message>
        <source>The lock can still have two holders after a pause, but the resource rejects the stale one&apos;s writes.</source>
        <translation>The lock can still have two holders after a pause, but the resource rejects the stale one&apos;s writes.</translation>
    </message>
    <message>
        <source>Lua SETNX + PEXPIRE</source>
        <translation>Lua SETNX + PEXPIRE</translation>
    </message>
    <message>
        <source>acquire: one script, SETNX then PEXPIRE (KEYS = key, token, ttl); release: compare-and-delete script</source>
        <translation>acquire: one script, SETNX then PEXPIRE (KEYS = key, token, ttl); release: compare-and-delete script</translation>
    </message>
    <message>
        <source>Redlock</source>
        <translation>Redlock</translation>
    </message>
    <message>
        <source>acquire: SET k token NX PX ttl on N nodes with a short timeout; held if &gt;= N/2+1 said OK and validity = ttl - elapsed - (ttl*0.01 + 2 ms) &gt; 0, else release everywhere and retry after a random delay; release: compare-and-delete on every node</source>
        <translation>acquire: SET k token NX PX ttl on N nodes with a short timeout; held if &gt;= N/2+1 said OK and validity = ttl - elapsed - (ttl*0.01 + 2 ms) &gt; 0, else release everywhere and retry after a random delay; release: compare-and-delete on every node</translation>
    </message>
    <message>
        <source>Safe against one node crashing; unsafe under node restarts without persistence, clock jumps on nodes, and pauses longer than the validity.</source>
        <translation>Safe against one node crashing; unsafe under node restarts without persistence, clock jumps on nodes, and pauses longer than the validity.</translation>
    </message>
    <message>
        <source>Reentrant hash (Redisson RLock)</source>
        <translation>Reentrant hash (Redisson RLock)</translation>
    </message>
    <message>
        <source>acquire: script, if the key is absent or field &lt;client&gt;:&lt;thread&gt; is present, HINCRBY field 1 and PEXPIRE, else return PTTL; release: script, HINCRBY -1, PEXPIRE while &gt; 0, DEL at 0</source>
        <translation>acquire: script, if the key is absent or field &lt;client&gt;:&lt;thread&gt; is present, HINCRBY field 1 and PEXPIRE, else return PTTL; release: script, HINCRBY -1, PEXPIRE while &gt; 0, DEL at 0</translation>
    </message>
    <message>
        <source>Reentrant, but still expires under pauses longer than the lease.</source>
        <translation>Reentrant, but still expires under pauses longer than the lease.</translation>
    </message>
    <message>
        <source>SET NX PX + DEL</source>
        <translation>SET NX PX + DEL</translation>
    </message>
    <message>
        <source>acquire: SET k token NX PX ttl; release: DEL k</source>
        <translation>acquire: SET k token NX PX ttl; release: DEL k</translation>
    </message>
    <message>
        <source>After its own lock expired, the client deletes the next holder&apos;s lock.</source>
        <translation>After its own lock expired, the client deletes the next holder&apos;s lock.</translation>
    </message>
    <message>
        <source>SET NX PX + GET/DEL</source>
        <translation>SET NX PX + GET/DEL</translation>
    </message>
    <message>
        <source>acquire: SET k token NX PX ttl; release: GET k, compare in the client, then DEL k (two round trips)</source>
        <translation>acquire: SET k token NX PX ttl; release: GET k, compare in the client, then DEL k (two round trips)</translation>
    </message>
    <message>
        <source>Check-then-act race: the lock can expire and be re-acquired between GET and DEL, and the DEL removes the new holder&apos;s lock.</source>
        <translation>Check-then-act race: the lock can expire and be re-acquired between GET and DEL, and the DEL removes the new holder&apos;s lock.</translation>
    </message>
    <message>
        <source>SET NX PX + compare-and-delete script</source>
        <translation>SET NX PX + compare-and-delete script</translation>
    </message>
    <message>
        <source>acquire: SET k token NX PX ttl; release: if GET k == token then DEL k, in one Lua script</source>
        <translation>acquire: SET k token NX PX ttl; release: if GET k == token then DEL k, in one Lua script</translation>
    </message>
    <message>
        <source>Correct on one instance, as long as the work finishes inside the TTL.</source>
        <translation>Correct on one instance, as long as the work finishes inside the TTL.</translation>
    </message>
    <message>
        <source>SETNX + EXPIRE</source>
        <translation>SETNX + EXPIRE</translation>
    </message>
    <message>
        <source>acquire: SETNX k token, then EXPIRE k ttl (two round trips); release: compare-and-delete script</source>
        <translation>acquire: SETNX k token, then EXPIRE k ttl (two round trips); release: compare-and-delete script</translation>
    </message>
    <message>
        <source>A crash or a lost reply between SETNX and EXPIRE leaves a key with no TTL: the lock is held forever.</source>
        <translation>A crash or a lost reply between SETNX and EXPIRE leaves a key with no TTL: the lock is held forever.</translation>
    </message>
    <message>
        <source>SETNX expiry time + GETSET</source>
        <translation>SETNX expiry time + GETSET</translation>
    </message>
    <message>
        <source>acquire: SETNX k &lt;expiry ms by client clock&gt;; if taken, GET, and if that time has passed, GETSET and compare; release: DEL k</source>
        <translation>acquire: SETNX k &lt;expiry ms by client clock&gt;; if taken, GET, and if that time has passed, GETSET and compare; release: DEL k</translation>
    </message>
    <message>
        <source>Depends on synchronised client clocks; any client can release; GETSET overwrites a rival&apos;s value.</source>
        <translation>Depends on synchronised client clocks; any client can release; GETSET overwrites a rival&apos;s value.</translation>
    </message>
    <message>
        <source>Watchdog renewal (Redisson)</source>
        <translation>Watchdog renewal (Redisson)</translation>
    </message>
    <message>
        <source>acquire and release as set-nx-px-lua; while held, renew with a compare-and-PEXPIRE script every TTL/3</source>
        <translation>acquire and release as set-nx-px-lua; while held, renew with a compare-and-PEXPIRE script every TTL/3</translation>
    </message>
    <message>
        <source>A process-wide pause (GC, stop-the-world) stops the renewals too, so the lease can still run out under the holder.</source>
        <translation>A process-wide pause (GC, stop-the-world) stops the renewals too, so the lease can still run out under the holder.</translation>
    </message>
    <message>
        <source>%1: the acquire script returned %2, outside the convention: 1 or OK (acquired), 0 or nil (busy), or the holder&apos;s remaining TTL in ms</source>
        <translation>%1: the acquire script returned %2, outside the convention: 1 or OK (acquired), 0 or nil (busy), or the holder&apos;s remaining TTL in ms</translation>
    </message>
    <message>
        <source>%1: the release script returned %2, outside the convention: 1 (it deleted the caller&apos;s lock) or 0</source>
        <translation>%1: the release script returned %2, outside the convention: 1 (it deleted the caller&apos;s lock) or 0</translation>
    </message>
    <message>
        <source>%1 (at run time)</source>
        <translation>%1 (at run time)</translation>
    </message>
    <message numerus="yes">
        <source>a table of %n element(s)</source>
        <translation>
            <numerusform>a table of %n element</numerusform>
            <numerusform>a table of %n elements</numerusform>
        </translation>
    </message>
    <message>
        <source>Correct on one instance, as long as the work finishes inside the TTL; it fails the same scenarios as set-nx-px-lua (its script takes the TTL in KEYS[3], not ARGV).</source>
        <translation>Correct on one instance, as long as the work finishes inside the TTL; it fails the same scenarios as set-nx-px-lua (its script takes the TTL in KEYS[3], not ARGV).</translation>
    </message>
    <message>
        <source>the acquire script</source>
        <translation>the acquire script</translation>
    </message>
    <message>
        <source>the release script</source>
        <translation>the release script</translation>
    </message>
    <message>
        <source>a script</source>
        <translation>a script</translation>
    </message>
    <message>
        <source>%1 ran longer than the %2 script time limit and was stopped (as Redis&apos;s lua-time-limit would)</source>
        <translation>%1 ran longer than the %2 script time limit and was stopped (as Redis&apos;s lua-time-limit would)</translation>
    </message>
    <message>
        <source>%1 needed more than the %2 script memory cap and was stopped</source>
        <translation>%1 needed more than the %2 script memory cap and was stopped</translation>
    </message>
    <message>
        <source>%1 was stopped</source>
        <translation>%1 was stopped</translation>
    </message>
    <message>
        <source>%1: the server is busy running a script past its lua-time-limit (BUSY), most likely one of yours</source>
        <translation>%1: the server is busy running a script past its lua-time-limit (BUSY), most likely one of yours</translation>
    </message>
</context>
<context>
    <name>StrategySource</name>
    <message>
        <source>OK: acquired. (nil): someone holds it, wait and retry.</source>
        <translation>OK: acquired. (nil): someone holds it, wait and retry.</translation>
    </message>
    <message>
        <source>SETNX &lt;key&gt; &lt;expiry time by the client&apos;s clock&gt;</source>
        <translation>SETNX &lt;key&gt; &lt;expiry time by the client&apos;s clock&gt;</translation>
    </message>
    <message>
        <source>1: acquired. 0: read the stored expiry time.</source>
        <translation>1: acquired. 0: read the stored expiry time.</translation>
    </message>
    <message>
        <source>1: acquired, but the key has no TTL until the next command.</source>
        <translation>1: acquired, but the key has no TTL until the next command.</translation>
    </message>
    <message>
        <source>EXPIRE &lt;key&gt; &lt;ttl in seconds&gt;</source>
        <translation>EXPIRE &lt;key&gt; &lt;ttl in seconds&gt;</translation>
    </message>
    <message>
        <source>A second round trip: a crash before it leaves the key without a TTL.</source>
        <translation>A second round trip: a crash before it leaves the key without a TTL.</translation>
    </message>
    <message>
        <source>Has the stored expiry time passed, by this client&apos;s clock?</source>
        <translation>Has the stored expiry time passed, by this client&apos;s clock?</translation>
    </message>
    <message>
        <source>GETSET &lt;key&gt; &lt;new expiry time&gt;</source>
        <translation>GETSET &lt;key&gt; &lt;new expiry time&gt;</translation>
    </message>
    <message>
        <source>Acquired if the old value is still the expired one.</source>
        <translation>Acquired if the old value is still the expired one.</translation>
    </message>
    <message>
        <source>No quorum, or no validity left: undo on every node, retry later.</source>
        <translation>No quorum, or no validity left: undo on every node, retry later.</translation>
    </message>
    <message>
        <source>Compare with our token in the client... (the lock can change hands now)</source>
        <translation>Compare with our token in the client... (the lock can change hands now)</translation>
    </message>
    <message>
        <source>Deletes the key whoever holds it.</source>
        <translation>Deletes the key whoever holds it.</translation>
    </message>
    <message>
        <source>...then delete: whoever holds the key now.</source>
        <translation>...then delete: whoever holds the key now.</translation>
    </message>
    <message>
        <source>Every TTL/3 while the lock is held.</source>
        <translation>Every TTL/3 while the lock is held.</translation>
    </message>
    <message>
        <source>On every node, also those that failed.</source>
        <translation>On every node, also those that failed.</translation>
    </message>
</context>
<context>
    <name>Task</name>
    <message>
        <source>an exception that is not a std::exception</source>
        <translation>an exception that is not a std::exception</translation>
    </message>
</context>
<context>
    <name>WhatIf</name>
    <message>
        <source>the recording has no event</source>
        <translation>the recording has no event</translation>
    </message>
    <message>
        <source>--from %1 s is past the recording&apos;s end (it lasts %2 s)</source>
        <translation>--from %1 s is past the recording&apos;s end (it lasts %2 s)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time (e.g. 12.5s, 800ms, 2m; a bare number is seconds)</source>
        <translation>&quot;%1&quot; is not a time (e.g. 12.5s, 800ms, 2m; a bare number is seconds)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is longer than a day</source>
        <translation>&quot;%1&quot; is longer than a day</translation>
    </message>
    <message>
        <source>KIND[:CLIENT]@TIME[+AMOUNT], KIND one of pause, lose-reply, failover, restart, clock-jump</source>
        <translation>KIND[:CLIENT]@TIME[+AMOUNT], KIND one of pause, lose-reply, failover, restart, clock-jump</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: expected %2</source>
        <translation>--fault &quot;%1&quot;: expected %2</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: unknown fault &quot;%2&quot; (pause, lose-reply, failover, restart, clock-jump)</source>
        <translation>--fault &quot;%1&quot;: unknown fault &quot;%2&quot; (pause, lose-reply, failover, restart, clock-jump)</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: the client after &quot;:&quot; is empty</source>
        <translation>--fault &quot;%1&quot;: the client after &quot;:&quot; is empty</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: a %2 strikes the server, it names no client</source>
        <translation>--fault &quot;%1&quot;: a %2 strikes the server, it names no client</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: only a clock-jump goes back (-AMOUNT)</source>
        <translation>--fault &quot;%1&quot;: only a clock-jump goes back (-AMOUNT)</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: nothing after &quot;%2&quot;</source>
        <translation>--fault &quot;%1&quot;: nothing after &quot;%2&quot;</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: a pause needs its length (pause@12.5s+40s)</source>
        <translation>--fault &quot;%1&quot;: a pause needs its length (pause@12.5s+40s)</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: a clock-jump needs its size (clock-jump@10s+2s)</source>
        <translation>--fault &quot;%1&quot;: a clock-jump needs its size (clock-jump@10s+2s)</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: a %2 has no length (%2@10s)</source>
        <translation>--fault &quot;%1&quot;: a %2 has no length (%2@10s)</translation>
    </message>
    <message>
        <source>a recording</source>
        <translation>a recording</translation>
    </message>
    <message>
        <source>What-if replay of %1</source>
        <translation>What-if replay of %1</translation>
    </message>
    <message>
        <source>Each client replays one owner of the recording: it asks for the lock when the recording saw the owner take it, and releases it when the recording saw it go (released, expired or lost). Run it under any strategy, with faults added, to see what the strategy would have done with the same traffic.</source>
        <translation>Each client replays one owner of the recording: it asks for the lock when the recording saw the owner take it, and releases it when the recording saw it go (released, expired or lost). Run it under any strategy, with faults added, to see what the strategy would have done with the same traffic.</translation>
    </message>
    <message>
        <source>the recording has no acquisition in the window (a lock taken before the monitor looked is not replayed)</source>
        <translation>the recording has no acquisition in the window (a lock taken before the monitor looked is not replayed)</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: %2 s is outside the replayed window (%3 s to %4 s)</source>
        <translation>--fault &quot;%1&quot;: %2 s is outside the replayed window (%3 s to %4 s)</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: no client named &quot;%2&quot; (clients: %3)</source>
        <translation>--fault &quot;%1&quot;: no client named &quot;%2&quot; (clients: %3)</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: nobody holds a lock at %2 s, so there is no holder to pause (name one: pause:CLIENT@...)</source>
        <translation>--fault &quot;%1&quot;: nobody holds a lock at %2 s, so there is no holder to pause (name one: pause:CLIENT@...)</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: no acquisition starts at or after %2 s</source>
        <translation>--fault &quot;%1&quot;: no acquisition starts at or after %2 s</translation>
    </message>
    <message>
        <source>the replay would last %1 s, longer than a simulated day: choose a shorter window (--from, --to)</source>
        <translation>the replay would last %1 s, longer than a simulated day: choose a shorter window (--from, --to)</translation>
    </message>
    <message>
        <source>the window has %1 owners, more than a simulation&apos;s %2 clients: choose a shorter window (--from, --to)</source>
        <translation>the window has %1 owners, more than a simulation&apos;s %2 clients: choose a shorter window (--from, --to)</translation>
    </message>
    <message>
        <source>%1, replayed as recorded</source>
        <translation>%1, replayed as recorded</translation>
    </message>
    <message>
        <source>%1 by %2 on %3</source>
        <translation>%1 by %2 on %3</translation>
    </message>
    <message numerus="yes">
        <source>%n acquisition(s)</source>
        <translation>
            <numerusform>%n acquisition</numerusform>
            <numerusform>%n acquisitions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n owner(s)</source>
        <translation>
            <numerusform>%n owner</numerusform>
            <numerusform>%n owners</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n key(s)</source>
        <translation>
            <numerusform>%n key</numerusform>
            <numerusform>%n keys</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorkspaceActions</name>
    <message>
        <source>&amp;Open Scenario File…</source>
        <translation>&amp;Open Scenario File…</translation>
    </message>
    <message>
        <source>Open a scenario from a JSON file (Ctrl+O)</source>
        <translation>Open a scenario from a JSON file (Ctrl+O)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Run</translation>
    </message>
    <message>
        <source>Run the simulation (Ctrl+R)</source>
        <translation>Run the simulation (Ctrl+R)</translation>
    </message>
    <message>
        <source>&amp;Next Event</source>
        <translation>&amp;Next Event</translation>
    </message>
    <message>
        <source>Pre&amp;vious Event</source>
        <translation>Pre&amp;vious Event</translation>
    </message>
    <message>
        <source>Next Event, Commands &amp;Included</source>
        <translation>Next Event, Commands &amp;Included</translation>
    </message>
    <message>
        <source>Previous Event, Commands Included</source>
        <translation>Previous Event, Commands Included</translation>
    </message>
    <message>
        <source>Go to &amp;Start</source>
        <translation>Go to &amp;Start</translation>
    </message>
    <message>
        <source>Go to &amp;End</source>
        <translation>Go to &amp;End</translation>
    </message>
    <message>
        <source>&amp;Faster</source>
        <translation>&amp;Faster</translation>
    </message>
    <message>
        <source>&amp;Slower</source>
        <translation>&amp;Slower</translation>
    </message>
    <message>
        <source>Show What Happens &amp;Next</source>
        <translation>Show What Happens &amp;Next</translation>
    </message>
    <message>
        <source>Show the rest of the run, dimmed, on the timeline; off hides it (let the class guess)</source>
        <translation>Show the rest of the run, dimmed, on the timeline; off hides it (let the class guess)</translation>
    </message>
    <message>
        <source>&amp;Clear Injected Faults</source>
        <translation>&amp;Clear Injected Faults</translation>
    </message>
    <message>
        <source>Export Timeline as &amp;PNG…</source>
        <translation>Export Timeline as &amp;PNG…</translation>
    </message>
    <message>
        <source>Export Timeline as &amp;SVG…</source>
        <translation>Export Timeline as &amp;SVG…</translation>
    </message>
    <message>
        <source>This build has no SVG support (Qt SVG was not found)</source>
        <translation>This build has no SVG support (Qt SVG was not found)</translation>
    </message>
    <message>
        <source>Export &amp;Event Log (JSON Lines)…</source>
        <translation>Export &amp;Event Log (JSON Lines)…</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Play</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>&amp;Cancel Run</translation>
    </message>
    <message>
        <source>Stop the simulation that is running (Esc)</source>
        <translation>Stop the simulation that is running (Esc)</translation>
    </message>
    <message>
        <source>Run &amp;Your Own Scripts…</source>
        <translation>Run &amp;Your Own Scripts…</translation>
    </message>
    <message>
        <source>Choose your acquire and release Lua scripts and run them as the strategy</source>
        <translation>Choose your acquire and release Lua scripts and run them as the strategy</translation>
    </message>
    <message>
        <source>Run on Real &amp;Redis</source>
        <translation>Run on Real &amp;Redis</translation>
    </message>
    <message>
        <source>Play this scenario on real redis-server processes started for it, with the same faults, beside its simulation (Ctrl+Shift+R)</source>
        <translation>Play this scenario on real redis-server processes started for it, with the same faults, beside its simulation (Ctrl+Shift+R)</translation>
    </message>
    <message>
        <source>Run on Your &amp;Own Redis…</source>
        <translation>Run on Your &amp;Own Redis…</translation>
    </message>
    <message>
        <source>Play this scenario&apos;s client-side faults on your own servers</source>
        <translation>Play this scenario&apos;s client-side faults on your own servers</translation>
    </message>
</context>
<context>
    <name>WorkspaceExport</name>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG images (*.png)</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG drawings (*.svg)</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Cannot write the %1 to %2: %3</source>
        <translation>Cannot write the %1 to %2: %3</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Export</translation>
    </message>
    <message>
        <source>This build of LockScope cannot write SVG (Qt SVG was not found).</source>
        <translation>This build of LockScope cannot write SVG (Qt SVG was not found).</translation>
    </message>
    <message>
        <source>Nothing to export: run a simulation first.</source>
        <translation>Nothing to export: run a simulation first.</translation>
    </message>
    <message>
        <source>Cannot write the timeline to %1: %2</source>
        <translation>Cannot write the timeline to %1: %2</translation>
    </message>
    <message>
        <source>Cannot encode the timeline as PNG.</source>
        <translation>Cannot encode the timeline as PNG.</translation>
    </message>
    <message>
        <source>timeline</source>
        <translation>timeline</translation>
    </message>
    <message>
        <source>LockScope timeline: %1 with %2</source>
        <translation>LockScope timeline: %1 with %2</translation>
    </message>
    <message>
        <source>Cannot write the event log to %1: %2</source>
        <translation>Cannot write the event log to %1: %2</translation>
    </message>
    <message>
        <source>event log</source>
        <translation>event log</translation>
    </message>
</context>
<context>
    <name>cli</name>
    <message>
        <source>--%1 must be a whole number &gt;= %2, got &quot;%3&quot;</source>
        <translation>--%1 must be a whole number &gt;= %2, got &quot;%3&quot;</translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot;</source>
        <translation>unexpected argument &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--lang must be en or zh_CN, got &quot;%1&quot;</source>
        <translation>--lang must be en or zh_CN, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Number of clients (default 10).</source>
        <translation>Number of clients (default 10).</translation>
    </message>
    <message>
        <source>Number of lock keys (default 1).</source>
        <translation>Number of lock keys (default 1).</translation>
    </message>
    <message>
        <source>Lock TTL in ms (default 10000).</source>
        <translation>Lock TTL in ms (default 10000).</translation>
    </message>
    <message>
        <source>Time inside the critical section, between GET and SET (default 0).</source>
        <translation>Time inside the critical section, between GET and SET (default 0).</translation>
    </message>
    <message>
        <source>Time after each release (default 0).</source>
        <translation>Time after each release (default 0).</translation>
    </message>
    <message>
        <source>How long the clients run (default 5000).</source>
        <translation>How long the clients run (default 5000).</translation>
    </message>
    <message>
        <source>How to wait for a busy lock: spin, backoff (default) or pubsub.</source>
        <translation>How to wait for a busy lock: spin, backoff (default) or pubsub.</translation>
    </message>
    <message>
        <source>Request timeout in ms (default 1000).</source>
        <translation>Request timeout in ms (default 1000).</translation>
    </message>
    <message>
        <source>Seed of the clients&apos; random numbers.</source>
        <translation>Seed of the clients&apos; random numbers.</translation>
    </message>
    <message>
        <source>Pause a client: NAME:AT_MS:FOR_MS (repeatable).</source>
        <translation>Pause a client: NAME:AT_MS:FOR_MS (repeatable).</translation>
    </message>
    <message>
        <source>Kill a client: NAME:AT_MS (repeatable).</source>
        <translation>Kill a client: NAME:AT_MS (repeatable).</translation>
    </message>
    <message>
        <source>Write the event log as JSON Lines.</source>
        <translation>Write the event log as JSON Lines.</translation>
    </message>
    <message>
        <source>Print the result as one JSON object.</source>
        <translation>Print the result as one JSON object.</translation>
    </message>
    <message>
        <source>bench needs --redis HOST:PORT (or a redis:// URL)</source>
        <translation>bench needs --redis HOST:PORT (or a redis:// URL)</translation>
    </message>
    <message>
        <source>bench needs --strategy ID (see &apos;lockscope-cli strategies&apos;)</source>
        <translation>bench needs --strategy ID (see &apos;lockscope-cli strategies&apos;)</translation>
    </message>
    <message>
        <source>--redis names no server</source>
        <translation>--redis names no server</translation>
    </message>
    <message>
        <source>unknown strategy &quot;%1&quot; (known: %2)</source>
        <translation>unknown strategy &quot;%1&quot; (known: %2)</translation>
    </message>
    <message>
        <source>--redis lists %1 servers, but %2 uses one (only redlock uses several)</source>
        <translation>--redis lists %1 servers, but %2 uses one (only redlock uses several)</translation>
    </message>
    <message>
        <source>--clients must be at most 10000, got %1</source>
        <translation>--clients must be at most 10000, got %1</translation>
    </message>
    <message>
        <source>--keys must be at most 1000000, got %1</source>
        <translation>--keys must be at most 1000000, got %1</translation>
    </message>
    <message>
        <source>--duration must be at most a day, got %1 ms</source>
        <translation>--duration must be at most a day, got %1 ms</translation>
    </message>
    <message>
        <source>--wait must be spin, backoff or pubsub, got &quot;%1&quot;</source>
        <translation>--wait must be spin, backoff or pubsub, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--%1 %2: AT_MS is after the end of the run (%3 ms)</source>
        <translation>--%1 %2: AT_MS is after the end of the run (%3 ms)</translation>
    </message>
    <message>
        <source>no client named &quot;%1&quot; (the %2 clients are %3..%4)</source>
        <translation>no client named &quot;%1&quot; (the %2 clients are %3..%4)</translation>
    </message>
    <message>
        <source>cannot write the event log to %1: %2</source>
        <translation>cannot write the event log to %1: %2</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>Print JSON.</translation>
    </message>
    <message>
        <source>Run one deterministic simulation and check it.</source>
        <translation>Run one deterministic simulation and check it.</translation>
    </message>
    <message>
        <source>Scenario id or scenario file.</source>
        <translation>Scenario id or scenario file.</translation>
    </message>
    <message>
        <source>Strategy id (or &apos;custom&apos; with the two scripts).</source>
        <translation>Strategy id (or &apos;custom&apos; with the two scripts).</translation>
    </message>
    <message>
        <source>Random seed (default 1).</source>
        <translation>Random seed (default 1).</translation>
    </message>
    <message>
        <source>Number of clients.</source>
        <translation>Number of clients.</translation>
    </message>
    <message>
        <source>Number of lock keys.</source>
        <translation>Number of lock keys.</translation>
    </message>
    <message>
        <source>Lock TTL in ms.</source>
        <translation>Lock TTL in ms.</translation>
    </message>
    <message>
        <source>Simulated duration in ms.</source>
        <translation>Simulated duration in ms.</translation>
    </message>
    <message>
        <source>How to wait for a busy lock: spin, backoff or pubsub.</source>
        <translation>How to wait for a busy lock: spin, backoff or pubsub.</translation>
    </message>
    <message>
        <source>Your acquire script (Lua).</source>
        <translation>Your acquire script (Lua).</translation>
    </message>
    <message>
        <source>Your release script (Lua).</source>
        <translation>Your release script (Lua).</translation>
    </message>
    <message>
        <source>simulate needs --scenario ID (see &apos;lockscope-cli scenarios&apos;)</source>
        <translation>simulate needs --scenario ID (see &apos;lockscope-cli scenarios&apos;)</translation>
    </message>
    <message>
        <source>a custom strategy needs both --acquire-script and --release-script</source>
        <translation>a custom strategy needs both --acquire-script and --release-script</translation>
    </message>
    <message>
        <source>simulate needs --strategy ID (see &apos;lockscope-cli strategies&apos;)</source>
        <translation>simulate needs --strategy ID (see &apos;lockscope-cli strategies&apos;)</translation>
    </message>
    <message>
        <source>Every strategy on the same scenario and seeds, or the safety matrix of every scenario (--all-scenarios).</source>
        <translation>Every strategy on the same scenario and seeds, or the safety matrix of every scenario (--all-scenarios).</translation>
    </message>
    <message>
        <source>The safety matrix: every built-in scenario x every strategy.</source>
        <translation>The safety matrix: every built-in scenario x every strategy.</translation>
    </message>
    <message>
        <source>Seeds per strategy (default 10; 100 with --all-scenarios).</source>
        <translation>Seeds per strategy (default 10; 100 with --all-scenarios).</translation>
    </message>
    <message>
        <source>Print CSV: a header line and one row per cell.</source>
        <translation>Print CSV: a header line and one row per cell.</translation>
    </message>
    <message>
        <source>compare needs exactly one of --scenario ID and --all-scenarios (see &apos;lockscope-cli scenarios&apos;)</source>
        <translation>compare needs exactly one of --scenario ID and --all-scenarios (see &apos;lockscope-cli scenarios&apos;)</translation>
    </message>
    <message>
        <source>--json and --csv cannot be combined</source>
        <translation>--json and --csv cannot be combined</translation>
    </message>
    <message>
        <source>unsafe runs</source>
        <translation>unsafe runs</translation>
    </message>
    <message>
        <source>mistaken del</source>
        <translation>mistaken del</translation>
    </message>
    <message>
        <source>lost upd</source>
        <translation>lost upd</translation>
    </message>
    <message>
        <source>stale rej</source>
        <translation>stale rej</translation>
    </message>
    <message>
        <source>p99 ms</source>
        <translation>p99 ms</translation>
    </message>
    <message>
        <source>A narrated simulation in the terminal.</source>
        <translation>A narrated simulation in the terminal.</translation>
    </message>
    <message>
        <source>Scenario id (default pause-before-delete).</source>
        <translation>Scenario id (default pause-before-delete).</translation>
    </message>
    <message>
        <source>Comma-separated strategy ids (default set-nx-px-get-del,set-nx-px-lua).</source>
        <translation>Comma-separated strategy ids (default set-nx-px-get-del,set-nx-px-lua).</translation>
    </message>
    <message>
        <source>Also show every Redis command and reply.</source>
        <translation>Also show every Redis command and reply.</translation>
    </message>
    <message>
        <source>LockScope — %1

%2
</source>
        <translation>LockScope — %1

%2
</translation>
    </message>
    <message>
        <source>
  The checker found:
</source>
        <translation>
  The checker found:
</translation>
    </message>
    <message>
        <source>    nothing wrong: no overlap, no mistaken deletion, no stuck lock, counter %1 of %2.
</source>
        <translation>    nothing wrong: no overlap, no mistaken deletion, no stuck lock, counter %1 of %2.
</translation>
    </message>
    <message>
        <source>  Why: %1
</source>
        <translation>  Why: %1
</translation>
    </message>
    <message>
        <source>
Try another: lockscope-cli demo --scenario &lt;id&gt; --strategies &lt;id,id&gt; (lockscope-cli scenarios, lockscope-cli strategies).
</source>
        <translation>
Try another: lockscope-cli demo --scenario &lt;id&gt; --strategies &lt;id,id&gt; (lockscope-cli scenarios, lockscope-cli strategies).
</translation>
    </message>
    <message>
        <source>scenario  %1 — %2
</source>
        <translation>scenario  %1 — %2
</translation>
    </message>
    <message>
        <source>strategy  %1   seed %2
</source>
        <translation>strategy  %1   seed %2
</translation>
    </message>
    <message>
        <source>simulated %1 s, %2 Redis commands

</source>
        <translation>simulated %1 s, %2 Redis commands

</translation>
    </message>
    <message>
        <source>safety
</source>
        <translation>safety
</translation>
    </message>
    <message>
        <source>  violations             %1  (overlap %2 ms)
</source>
        <translation>  violations             %1  (overlap %2 ms)
</translation>
    </message>
    <message>
        <source>  mistaken deletions     %1
</source>
        <translation>  mistaken deletions     %1
</translation>
    </message>
    <message>
        <source>  stuck locks            %1
</source>
        <translation>  stuck locks            %1
</translation>
    </message>
    <message>
        <source>  lost updates           %1  (counter %2 of %3)
</source>
        <translation>  lost updates           %1  (counter %2 of %3)
</translation>
    </message>
    <message>
        <source>  stale writes rejected  %1
</source>
        <translation>  stale writes rejected  %1
</translation>
    </message>
    <message>
        <source>liveness and cost
</source>
        <translation>liveness and cost
</translation>
    </message>
    <message>
        <source>  acquisitions           %1  (failed attempts %2, gave up %3)
</source>
        <translation>  acquisitions           %1  (failed attempts %2, gave up %3)
</translation>
    </message>
    <message>
        <source>  starved clients        %1
</source>
        <translation>  starved clients        %1
</translation>
    </message>
    <message>
        <source>  commands/acquisition   %1
</source>
        <translation>  commands/acquisition   %1
</translation>
    </message>
    <message>
        <source>  fairness (Jain)        %1
</source>
        <translation>  fairness (Jain)        %1
</translation>
    </message>
    <message>
        <source>
verdict: safe in this run
</source>
        <translation>
verdict: safe in this run
</translation>
    </message>
    <message>
        <source>
verdict: UNSAFE in this run
</source>
        <translation>
verdict: UNSAFE in this run
</translation>
    </message>
    <message>
        <source>safety matrix: %1 scenarios x %2 strategies, %3 seeds per cell

strategies:
</source>
        <translation>safety matrix: %1 scenarios x %2 strategies, %3 seeds per cell

strategies:
</translation>
    </message>
    <message>
        <source>scenario</source>
        <translation>scenario</translation>
    </message>
    <message>
        <source>
legend:
  ok      safe: no violation, mistaken deletion, stuck lock or lost update, and
          every acquire got through
  UNSAFE  some run had a violation, a mistaken deletion, a stuck lock or a lost
          update (a fencing strategy whose stale writes were all rejected is safe)
  live    liveness loss: safe, but a client starved or an acquire gave up

</source>
        <translation>
legend:
  ok      safe: no violation, mistaken deletion, stuck lock or lost update, and
          every acquire got through
  UNSAFE  some run had a violation, a mistaken deletion, a stuck lock or a lost
          update (a fencing strategy whose stale writes were all rejected is safe)
  live    liveness loss: safe, but a client starved or an acquire gave up

</translation>
    </message>
    <message>
        <source>%1 ok, %2 UNSAFE, %3 live; --json or --csv gives the counts behind each cell
</source>
        <translation>%1 ok, %2 UNSAFE, %3 live; --json or --csv gives the counts behind each cell
</translation>
    </message>
    <message>
        <source>scenario %1, %2 seeds per strategy

</source>
        <translation>scenario %1, %2 seeds per strategy

</translation>
    </message>
    <message>
        <source>strategy</source>
        <translation>strategy</translation>
    </message>
    <message>
        <source>violations</source>
        <translation>violations</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>stuck</translation>
    </message>
    <message>
        <source>starved</source>
        <translation>starved</translation>
    </message>
    <message>
        <source>--%1 names no server</source>
        <translation>--%1 names no server</translation>
    </message>
    <message>
        <source>Watch the lock keys of a real Redis: a snapshot (--once, the default) or a live history (--follow). Read-only unless --allow-writes: the connection refuses every write command before it is sent. Keys are found with SCAN MATCH --pattern COUNT --count and read with bounded, pipelined TYPE/PTTL/value reads; changes come from keyspace notifications when the server has them on, else from periodic re-reads. With --cluster, --redis is a seed node of a Redis Cluster: the masters are found with CLUSTER SLOTS and each is scanned and followed (and found again after a failover).

--once --json prints JSON Lines: one object per key (key, type, ttl_ms, format, owner, hold_count, waiters, anomalies [rule ids], ...). --follow --json prints every event as JSON Lines in the event log&apos;s format; --record FILE writes the whole recording (lockscope-cli replay FILE reads it). An unreachable server or a wrong password is one line on stderr, exit code 2.</source>
        <translation>Watch the lock keys of a real Redis: a snapshot (--once, the default) or a live history (--follow). Read-only unless --allow-writes: the connection refuses every write command before it is sent. Keys are found with SCAN MATCH --pattern COUNT --count and read with bounded, pipelined TYPE/PTTL/value reads; changes come from keyspace notifications when the server has them on, else from periodic re-reads. With --cluster, --redis is a seed node of a Redis Cluster: the masters are found with CLUSTER SLOTS and each is scanned and followed (and found again after a failover).

--once --json prints JSON Lines: one object per key (key, type, ttl_ms, format, owner, hold_count, waiters, anomalies [rule ids], ...). --follow --json prints every event as JSON Lines in the event log&apos;s format; --record FILE writes the whole recording (lockscope-cli replay FILE reads it). An unreachable server or a wrong password is one line on stderr, exit code 2.</translation>
    </message>
    <message>
        <source>Sentinels, comma-separated host:port (or redis:// URLs).</source>
        <translation>Sentinels, comma-separated host:port (or redis:// URLs).</translation>
    </message>
    <message>
        <source>The master name the sentinels know.</source>
        <translation>The master name the sentinels know.</translation>
    </message>
    <message>
        <source>--redis is a seed node of a Redis Cluster: watch every master.</source>
        <translation>--redis is a seed node of a Redis Cluster: watch every master.</translation>
    </message>
    <message>
        <source>Keys to watch (default *lock*).</source>
        <translation>Keys to watch (default *lock*).</translation>
    </message>
    <message>
        <source>One snapshot, then exit (the default).</source>
        <translation>One snapshot, then exit (the default).</translation>
    </message>
    <message>
        <source>Follow changes until --duration or Ctrl-C.</source>
        <translation>Follow changes until --duration or Ctrl-C.</translation>
    </message>
    <message>
        <source>How long to follow (default: until Ctrl-C).</source>
        <translation>How long to follow (default: until Ctrl-C).</translation>
    </message>
    <message>
        <source>Print JSON Lines.</source>
        <translation>Print JSON Lines.</translation>
    </message>
    <message>
        <source>Write the history to FILE (JSON Lines, the event log format).</source>
        <translation>Write the history to FILE (JSON Lines, the event log format).</translation>
    </message>
    <message>
        <source>Re-read known keys this often without notifications (default 1000).</source>
        <translation>Re-read known keys this often without notifications (default 1000).</translation>
    </message>
    <message>
        <source>Re-read periodically even if the server notifies keyspace events.</source>
        <translation>Re-read periodically even if the server notifies keyspace events.</translation>
    </message>
    <message>
        <source>Let the connection send write commands (off by default).</source>
        <translation>Let the connection send write commands (off by default).</translation>
    </message>
    <message>
        <source>Turn keyspace notifications on (CONFIG SET notify-keyspace-events); needs --allow-writes.</source>
        <translation>Turn keyspace notifications on (CONFIG SET notify-keyspace-events); needs --allow-writes.</translation>
    </message>
    <message>
        <source>Connect and request timeout in ms (default 3000).</source>
        <translation>Connect and request timeout in ms (default 3000).</translation>
    </message>
    <message>
        <source>Anomaly: a TTL above this (default 300000).</source>
        <translation>Anomaly: a TTL above this (default 300000).</translation>
    </message>
    <message>
        <source>Anomaly: held by one owner longer than this (default 60000).</source>
        <translation>Anomaly: held by one owner longer than this (default 60000).</translation>
    </message>
    <message>
        <source>Anomaly: more owner changes per minute than this (default 60).</source>
        <translation>Anomaly: more owner changes per minute than this (default 60).</translation>
    </message>
    <message>
        <source>Anomaly: a fair-lock queue head unchanged longer than this (default 30000).</source>
        <translation>Anomaly: a fair-lock queue head unchanged longer than this (default 30000).</translation>
    </message>
    <message>
        <source>Anomaly: one owner holding more locks than this (default 20).</source>
        <translation>Anomaly: one owner holding more locks than this (default 20).</translation>
    </message>
    <message>
        <source>--once and --follow exclude each other</source>
        <translation>--once and --follow exclude each other</translation>
    </message>
    <message>
        <source>--enable-notifications changes the server&apos;s configuration (CONFIG SET notify-keyspace-events): add --allow-writes to allow this write</source>
        <translation>--enable-notifications changes the server&apos;s configuration (CONFIG SET notify-keyspace-events): add --allow-writes to allow this write</translation>
    </message>
    <message>
        <source>--record records changes over time: use it with --follow</source>
        <translation>--record records changes over time: use it with --follow</translation>
    </message>
    <message>
        <source>--duration is for --follow</source>
        <translation>--duration is for --follow</translation>
    </message>
    <message>
        <source>--sentinel needs --master NAME</source>
        <translation>--sentinel needs --master NAME</translation>
    </message>
    <message>
        <source>--cluster and --sentinel exclude each other</source>
        <translation>--cluster and --sentinel exclude each other</translation>
    </message>
    <message>
        <source>--master is for --sentinel</source>
        <translation>--master is for --sentinel</translation>
    </message>
    <message>
        <source>--cluster needs --redis URL of a seed node (any node of the cluster)</source>
        <translation>--cluster needs --redis URL of a seed node (any node of the cluster)</translation>
    </message>
    <message>
        <source>monitor needs --redis URL (or --sentinel HOSTS --master NAME)</source>
        <translation>monitor needs --redis URL (or --sentinel HOSTS --master NAME)</translation>
    </message>
    <message>
        <source>--count must be at most 100000, got %1</source>
        <translation>--count must be at most 100000, got %1</translation>
    </message>
    <message>
        <source>--pattern must not be empty</source>
        <translation>--pattern must not be empty</translation>
    </message>
    <message>
        <source>Print a recorded history (lockscope-cli monitor --follow --record FILE, or the --events FILE of simulate and bench) and what the checker finds in it.</source>
        <translation>Print a recorded history (lockscope-cli monitor --follow --record FILE, or the --events FILE of simulate and bench) and what the checker finds in it.</translation>
    </message>
    <message>
        <source>Print the events as JSON Lines, then one summary object.</source>
        <translation>Print the events as JSON Lines, then one summary object.</translation>
    </message>
    <message>
        <source>Only the summary.</source>
        <translation>Only the summary.</translation>
    </message>
    <message>
        <source>Only events of this key.</source>
        <translation>Only events of this key.</translation>
    </message>
    <message>
        <source>The recording.</source>
        <translation>The recording.</translation>
    </message>
    <message>
        <source>replay needs the FILE of a recording</source>
        <translation>replay needs the FILE of a recording</translation>
    </message>
    <message>
        <source>replay reads one file, got %1</source>
        <translation>replay reads one file, got %1</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>cannot read %1: %2</translation>
    </message>
    <message>
        <source>%1 has no event of key &quot;%2&quot;</source>
        <translation>%1 has no event of key &quot;%2&quot;</translation>
    </message>
    <message>
        <source>monitor recording of %1
</source>
        <translation>monitor recording of %1
</translation>
    </message>
    <message>
        <source>%1 log: scenario %2, strategy %3, seed %4, %5 events
</source>
        <translation>%1 log: scenario %2, strategy %3, seed %4, %5 events
</translation>
    </message>
    <message>
        <source>--%1 must be at most %2, got %3</source>
        <translation>--%1 must be at most %2, got %3</translation>
    </message>
    <message>
        <source>Your acquire script (Lua), instead of --strategy.</source>
        <translation>Your acquire script (Lua), instead of --strategy.</translation>
    </message>
    <message>
        <source>Your release script (Lua), instead of --strategy.</source>
        <translation>Your release script (Lua), instead of --strategy.</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>  acquire latency        p50 %1, p99 %2
</source>
        <translation>  acquire latency        p50 %1, p99 %2
</translation>
    </message>
    <message>
        <source>
verdict: liveness loss in this run (safe, but a client starved or an acquire gave up)
</source>
        <translation>
verdict: liveness loss in this run (safe, but a client starved or an acquire gave up)
</translation>
    </message>
    <message>
        <source>Your acquire script (Lua), compared as &apos;custom&apos;.</source>
        <translation>Your acquire script (Lua), compared as &apos;custom&apos;.</translation>
    </message>
    <message>
        <source>Your release script (Lua), compared as &apos;custom&apos;.</source>
        <translation>Your release script (Lua), compared as &apos;custom&apos;.</translation>
    </message>
    <message>
        <source>%1 (scenario %2)</source>
        <translation>%1 (scenario %2)</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>verdict</translation>
    </message>
    <message>
        <source>
verdict: ok (safe), UNSAFE (some run had a violation, a mistaken deletion, a stuck lock or a lost update; a fencing strategy whose stale writes were all rejected is safe), live (safe, but a client starved or an acquire gave up)
</source>
        <translation>
verdict: ok (safe), UNSAFE (some run had a violation, a mistaken deletion, a stuck lock or a lost update; a fencing strategy whose stale writes were all rejected is safe), live (safe, but a client starved or an acquire gave up)
</translation>
    </message>
    <message>
        <source>The contention experiment against real Redis servers: every client loops acquire -&gt; GET and SET +1 of a counter on the first server inside the lock -&gt; release, for --duration ms. Reports cycles per second, acquire latency, errors by kind, and the counter against the acknowledged increments (lost updates). Client i works on lock key i mod --keys. The keys it makes live under lockscope:bench:&lt;random&gt;: and are deleted at the end. An unreachable server, a wrong password or a missing ACL permission is reported before any client starts (exit code 2).

Faults (repeatable; clients are named A..Z up to 26 clients, else c1, c2, ...):
  --pause-client NAME:AT_MS:FOR_MS  the client stops (a GC pause) FOR_MS ms at AT_MS ms after the start: its replies, timers and renewals wait
  --kill-client NAME:AT_MS          the client dies at AT_MS ms: its coroutines are destroyed and its connections closed, whatever it held

Ctrl-C stops the clients, cleans up and prints what was measured (exit code 130).</source>
        <translation>The contention experiment against real Redis servers: every client loops acquire -&gt; GET and SET +1 of a counter on the first server inside the lock -&gt; release, for --duration ms. Reports cycles per second, acquire latency, errors by kind, and the counter against the acknowledged increments (lost updates). Client i works on lock key i mod --keys. The keys it makes live under lockscope:bench:&lt;random&gt;: and are deleted at the end. An unreachable server, a wrong password or a missing ACL permission is reported before any client starts (exit code 2).

Faults (repeatable; clients are named A..Z up to 26 clients, else c1, c2, ...):
  --pause-client NAME:AT_MS:FOR_MS  the client stops (a GC pause) FOR_MS ms at AT_MS ms after the start: its replies, timers and renewals wait
  --kill-client NAME:AT_MS          the client dies at AT_MS ms: its coroutines are destroyed and its connections closed, whatever it held

Ctrl-C stops the clients, cleans up and prints what was measured (exit code 130).</translation>
    </message>
    <message>
        <source>how it locks; then its flaw, or a correct one&apos;s limits</source>
        <translation>how it locks; then its flaw, or a correct one&apos;s limits</translation>
    </message>
    <message>
        <source>limits: %1</source>
        <translation>limits: %1</translation>
    </message>
    <message>
        <source>no known limits</source>
        <translation>no known limits</translation>
    </message>
    <message>
        <source>flaw: %1</source>
        <translation>flaw: %1</translation>
    </message>
    <message>
        <source>live run (lockscope-cli bench): strategy %1, %2 clients on %3, seed %4, %5 events
</source>
        <translation>live run (lockscope-cli bench): strategy %1, %2 clients on %3, seed %4, %5 events
</translation>
    </message>
    <message>
        <source>Stop a script that runs longer than this, e.g. 5s or 500ms (default 5s, as Redis&apos;s lua-time-limit); the run then ends with an error (exit 2).</source>
        <translation>Stop a script that runs longer than this, e.g. 5s or 500ms (default 5s, as Redis&apos;s lua-time-limit); the run then ends with an error (exit 2).</translation>
    </message>
    <message>
        <source>Servers, comma-separated (several for redlock): host:port, redis://[user@]host[:port][/db], rediss://..., unix:///path. A password here is visible to other users: use LOCKSCOPE_AUTH or --askpass.</source>
        <translation>Servers, comma-separated (several for redlock): host:port, redis://[user@]host[:port][/db], rediss://..., unix:///path. A password here is visible to other users: use LOCKSCOPE_AUTH or --askpass.</translation>
    </message>
    <message>
        <source>no path given</source>
        <translation>no path given</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>no such file or folder</translation>
    </message>
    <message>
        <source>not a folder</source>
        <translation>not a folder</translation>
    </message>
    <message>
        <source>a folder, not a file</source>
        <translation>a folder, not a file</translation>
    </message>
    <message>
        <source>not readable (permissions)</source>
        <translation>not readable (permissions)</translation>
    </message>
    <message>
        <source>--%1 %2: %3</source>
        <translation>--%1 %2: %3</translation>
    </message>
    <message>
        <source>The ACL user to log in as (AUTH user password); replaces the user of --redis.</source>
        <translation>The ACL user to log in as (AUTH user password); replaces the user of --redis.</translation>
    </message>
    <message>
        <source>Read the password from the terminal without echo (or one line of stdin when it is not a terminal). Without it: the password of --redis, else the environment variable LOCKSCOPE_AUTH.</source>
        <translation>Read the password from the terminal without echo (or one line of stdin when it is not a terminal). Without it: the password of --redis, else the environment variable LOCKSCOPE_AUTH.</translation>
    </message>
    <message>
        <source>Connect with TLS (as a rediss:// address does).</source>
        <translation>Connect with TLS (as a rediss:// address does).</translation>
    </message>
    <message>
        <source>Trust the CA certificates in this PEM file instead of the system&apos;s.</source>
        <translation>Trust the CA certificates in this PEM file instead of the system&apos;s.</translation>
    </message>
    <message>
        <source>Trust the CA certificates (PEM) in this folder instead of the system&apos;s.</source>
        <translation>Trust the CA certificates (PEM) in this folder instead of the system&apos;s.</translation>
    </message>
    <message>
        <source>Client certificate (PEM), for a server that checks its clients (tls-auth-clients); needs --key.</source>
        <translation>Client certificate (PEM), for a server that checks its clients (tls-auth-clients); needs --key.</translation>
    </message>
    <message>
        <source>The client certificate&apos;s private key (PEM).</source>
        <translation>The client certificate&apos;s private key (PEM).</translation>
    </message>
    <message>
        <source>Server name sent with SNI and checked in the certificate (default: the host).</source>
        <translation>Server name sent with SNI and checked in the certificate (default: the host).</translation>
    </message>
    <message>
        <source>Do not verify the server&apos;s certificate (never the default; prints a warning).</source>
        <translation>Do not verify the server&apos;s certificate (never the default; prints a warning).</translation>
    </message>
    <message>
        <source>--tls: %1 is a Unix socket; TLS is for TCP addresses</source>
        <translation>--tls: %1 is a Unix socket; TLS is for TCP addresses</translation>
    </message>
    <message>
        <source>--%1 is for TLS: add --tls (or use a rediss:// address)</source>
        <translation>--%1 is for TLS: add --tls (or use a rediss:// address)</translation>
    </message>
    <message>
        <source>--cert needs --key (the client certificate&apos;s private key)</source>
        <translation>--cert needs --key (the client certificate&apos;s private key)</translation>
    </message>
    <message>
        <source>--key needs --cert (the client certificate it belongs to)</source>
        <translation>--key needs --cert (the client certificate it belongs to)</translation>
    </message>
    <message>
        <source>--sni must not be empty</source>
        <translation>--sni must not be empty</translation>
    </message>
    <message>
        <source>--user must not be empty</source>
        <translation>--user must not be empty</translation>
    </message>
    <message>
        <source>warning: a password in an address is visible to other users of this machine (ps, /proc); give it with LOCKSCOPE_AUTH or --askpass instead</source>
        <translation>warning: a password in an address is visible to other users of this machine (ps, /proc); give it with LOCKSCOPE_AUTH or --askpass instead</translation>
    </message>
    <message>
        <source>Password: </source>
        <translation>Password: </translation>
    </message>
    <message>
        <source>warning: --insecure: the server&apos;s certificate is not verified, so anyone on the network path can pose as the server</source>
        <translation>warning: --insecure: the server&apos;s certificate is not verified, so anyone on the network path can pose as the server</translation>
    </message>
    <message>
        <source>--askpass: no password was read (the input ended or the line was empty)</source>
        <translation>--askpass: no password was read (the input ended or the line was empty)</translation>
    </message>
    <message>
        <source>bench runs your scripts on your server, whose busy-reply-threshold (lua-time-limit) is their time limit: past it the bench stops the script with SCRIPT KILL; --script-time-limit is for simulate and compare</source>
        <translation>bench runs your scripts on your server, whose busy-reply-threshold (lua-time-limit) is their time limit: past it the bench stops the script with SCRIPT KILL; --script-time-limit is for simulate and compare</translation>
    </message>
    <message>
        <source>--strategy %1 and your own scripts: give one or the other</source>
        <translation>--strategy %1 and your own scripts: give one or the other</translation>
    </message>
    <message>
        <source>--%1 goes with --live</source>
        <translation>--%1 goes with --live</translation>
    </message>
    <message>
        <source>--live takes --repetitions, not --seeds (repetition k uses seed k)</source>
        <translation>--live takes --repetitions, not --seeds (repetition k uses seed k)</translation>
    </message>
    <message>
        <source>strategy  %1   seed %2   live time scale %3

</source>
        <translation>strategy  %1   seed %2   live time scale %3

</translation>
    </message>
    <message>
        <source>simulated</source>
        <translation>simulated</translation>
    </message>
    <message>
        <source>live</source>
        <translation>live</translation>
    </message>
    <message>
        <source>mistaken deletions</source>
        <translation>mistaken deletions</translation>
    </message>
    <message>
        <source>stuck locks</source>
        <translation>stuck locks</translation>
    </message>
    <message>
        <source>lost updates</source>
        <translation>lost updates</translation>
    </message>
    <message>
        <source>stale writes rejected</source>
        <translation>stale writes rejected</translation>
    </message>
    <message>
        <source>acquisitions</source>
        <translation>acquisitions</translation>
    </message>
    <message>
        <source>gave up</source>
        <translation>gave up</translation>
    </message>
    <message>
        <source>starved clients</source>
        <translation>starved clients</translation>
    </message>
    <message>
        <source>agreement: the live run agrees with the simulation
</source>
        <translation>agreement: the live run agrees with the simulation
</translation>
    </message>
    <message>
        <source>agreement: DISAGREE
</source>
        <translation>agreement: DISAGREE
</translation>
    </message>
    <message>
        <source>live: %1 s on %2
</source>
        <translation>live: %1 s on %2
</translation>
    </message>
    <message>
        <source>note: %1
</source>
        <translation>note: %1
</translation>
    </message>
    <message>
        <source>Also run the scenario live on real Redis servers and compare the verdicts.</source>
        <translation>Also run the scenario live on real Redis servers and compare the verdicts.</translation>
    </message>
    <message>
        <source>With --live: multiply every time of the scenario by X (0.1 turns a 10 s TTL into 1 s; default: the smallest of 0.1, 0.25, 0.5, 1 keeping the TTL &gt;= 1 s).</source>
        <translation>With --live: multiply every time of the scenario by X (0.1 turns a 10 s TTL into 1 s; default: the smallest of 0.1, 0.25, 0.5, 1 keeping the TTL &gt;= 1 s).</translation>
    </message>
    <message>
        <source>With --live: your servers (URL,...) instead of local ones; only the clients&apos; faults are done.</source>
        <translation>With --live: your servers (URL,...) instead of local ones; only the clients&apos; faults are done.</translation>
    </message>
    <message>
        <source>--time-scale must be a number above 0 and at most 100, got &quot;%1&quot;</source>
        <translation>--time-scale must be a number above 0 and at most 100, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>cannot run %1 live: %2</source>
        <translation>cannot run %1 live: %2</translation>
    </message>
    <message>
        <source>live run: %1 of %2 scenario seconds</source>
        <translation>live run: %1 of %2 scenario seconds</translation>
    </message>
    <message>
        <source>cancelled: every server the live run started is stopped</source>
        <translation>cancelled: every server the live run started is stopped</translation>
    </message>
    <message>
        <source>the live run failed: %1</source>
        <translation>the live run failed: %1</translation>
    </message>
    <message>
        <source>live agreement matrix: %1 scenarios x %2 strategies, %3 live repetitions per cell

strategies:
</source>
        <translation>live agreement matrix: %1 scenarios x %2 strategies, %3 live repetitions per cell

strategies:
</translation>
    </message>
    <message>
        <source>
legend: the simulated verdict (ok, UNSAFE, live = liveness loss), then how many
live repetitions agreed with their simulation (same verdict, same kinds of
finding); ! marks a cell that disagreed, n/a one that cannot run live.

</source>
        <translation>
legend: the simulated verdict (ok, UNSAFE, live = liveness loss), then how many
live repetitions agreed with their simulation (same verdict, same kinds of
finding); ! marks a cell that disagreed, n/a one that cannot run live.

</translation>
    </message>
    <message>
        <source>n/a       %1 x %2: %3
</source>
        <translation>n/a       %1 x %2: %3
</translation>
    </message>
    <message>
        <source>error     %1 x %2: %3
</source>
        <translation>error     %1 x %2: %3
</translation>
    </message>
    <message>
        <source>disagree  %1 x %2: %3
</source>
        <translation>disagree  %1 x %2: %3
</translation>
    </message>
    <message>
        <source>
%1 cells agree, %2 disagree, %3 cannot run live; %4 s
</source>
        <translation>
%1 cells agree, %2 disagree, %3 cannot run live; %4 s
</translation>
    </message>
    <message>
        <source>The live agreement matrix: each cell also played on real local Redis servers and compared with its simulation.</source>
        <translation>The live agreement matrix: each cell also played on real local Redis servers and compared with its simulation.</translation>
    </message>
    <message>
        <source>With --live: live runs per cell (default 3).</source>
        <translation>With --live: live runs per cell (default 3).</translation>
    </message>
    <message>
        <source>With --live: multiply every time of the scenarios by X (default: per scenario, keeping TTLs &gt;= 1 s).</source>
        <translation>With --live: multiply every time of the scenarios by X (default: per scenario, keeping TTLs &gt;= 1 s).</translation>
    </message>
    <message>
        <source>With --live: cells played at once, each on servers of its own (default 2).</source>
        <translation>With --live: cells played at once, each on servers of its own (default 2).</translation>
    </message>
    <message>
        <source>compare --live: %1 of %2 cells</source>
        <translation>compare --live: %1 of %2 cells</translation>
    </message>
    <message>
        <source>cancelled: the cells finished so far follow</source>
        <translation>cancelled: the cells finished so far follow</translation>
    </message>
    <message>
        <source>explore %1: %2 clients x %3 cycles, TTL %4 ms, hold %5 ms, up to %6 (%7)
</source>
        <translation>explore %1: %2 clients x %3 cycles, TTL %4 ms, hold %5 ms, up to %6 (%7)
</translation>
    </message>
    <message>
        <source>%1 schedules run, %2 places pruned as equivalent, in %3 s (%4 schedules/s)</source>
        <translation>%1 schedules run, %2 places pruned as equivalent, in %3 s (%4 schedules/s)</translation>
    </message>
    <message>
        <source>; first counterexample after %1 s</source>
        <translation>; first counterexample after %1 s</translation>
    </message>
    <message>
        <source>interrupted: every schedule with up to %1 faults was run
</source>
        <translation>interrupted: every schedule with up to %1 faults was run
</translation>
    </message>
    <message>
        <source>scenario: %1</source>
        <translation>scenario: %1</translation>
    </message>
    <message>
        <source>your scripts failed in %1 schedules; the first: %2
</source>
        <translation>your scripts failed in %1 schedules; the first: %2
</translation>
    </message>
    <message>
        <source>none &lt;= %1</source>
        <translation>none &lt;= %1</translation>
    </message>
    <message>
        <source>schedules</source>
        <translation>schedules</translation>
    </message>
    <message>
        <source>cannot create the directory %1</source>
        <translation>cannot create the directory %1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>cannot write %1: %2</translation>
    </message>
    <message>
        <source>Search every placement of up to K faults in a small workload for the smallest one that breaks a lock. Exit 0: none within the bound; 1: a counterexample; 2: bad input; 130: interrupted.</source>
        <translation>Search every placement of up to K faults in a small workload for the smallest one that breaks a lock. Exit 0: none within the bound; 1: a counterexample; 2: bad input; 130: interrupted.</translation>
    </message>
    <message>
        <source>Strategy id.</source>
        <translation>Strategy id.</translation>
    </message>
    <message>
        <source>Every built-in strategy: the break-it table.</source>
        <translation>Every built-in strategy: the break-it table.</translation>
    </message>
    <message>
        <source>Clients (default %1).</source>
        <translation>Clients (default %1).</translation>
    </message>
    <message>
        <source>Lock cycles per client (default %1).</source>
        <translation>Lock cycles per client (default %1).</translation>
    </message>
    <message>
        <source>Lock TTL in ms (default %1).</source>
        <translation>Lock TTL in ms (default %1).</translation>
    </message>
    <message>
        <source>Time inside the lock in ms (default %1).</source>
        <translation>Time inside the lock in ms (default %1).</translation>
    </message>
    <message>
        <source>Redlock&apos;s nodes (default %1).</source>
        <translation>Redlock&apos;s nodes (default %1).</translation>
    </message>
    <message>
        <source>Fault kinds, comma-separated (default: all that apply): %1.</source>
        <translation>Fault kinds, comma-separated (default: all that apply): %1.</translation>
    </message>
    <message>
        <source>Faults per schedule, at most (0..%1, default 2).</source>
        <translation>Faults per schedule, at most (0..%1, default 2).</translation>
    </message>
    <message>
        <source>Findings that count, comma-separated (default all: violation, mistaken_deletion, stuck_lock, lost_update, starvation).</source>
        <translation>Findings that count, comma-separated (default all: violation, mistaken_deletion, stuck_lock, lost_update, starvation).</translation>
    </message>
    <message>
        <source>Worker threads (default: one per core).</source>
        <translation>Worker threads (default: one per core).</translation>
    </message>
    <message>
        <source>Write each counterexample there as a scenario file.</source>
        <translation>Write each counterexample there as a scenario file.</translation>
    </message>
    <message>
        <source>explore needs exactly one of --strategy ID, --all-strategies and --acquire-script/--release-script</source>
        <translation>explore needs exactly one of --strategy ID, --all-strategies and --acquire-script/--release-script</translation>
    </message>
    <message>
        <source>unknown fault kind &quot;%1&quot; (known: %2)</source>
        <translation>unknown fault kind &quot;%1&quot; (known: %2)</translation>
    </message>
    <message>
        <source>--faults names no fault kind</source>
        <translation>--faults names no fault kind</translation>
    </message>
    <message>
        <source>The clients start together.
</source>
        <translation>The clients start together.
</translation>
    </message>
    <message>
        <source>The clients start %1 ms apart.
</source>
        <translation>The clients start %1 ms apart.
</translation>
    </message>
    <message>
        <source>Client i starts i times this many ms late (default %1; 0: all at once, so their first requests race).</source>
        <translation>Client i starts i times this many ms late (default %1; 0: all at once, so their first requests race).</translation>
    </message>
    <message>
        <source>Usage: lockscope-cli &lt;command&gt; [options]

Commands:
  strategies [--json]            the lock strategies, by id
  scenarios [--json]             the failure scenarios, by id
  simulate --scenario ID --strategy ID [options]
                                 run one deterministic simulation and check it
  compare --scenario ID [--seeds N] [--json|--csv]
                                 every strategy on the same scenario and seeds
  compare --all-scenarios [--seeds N] [--json|--csv]
                                 the safety matrix: scenarios x strategies
  demo [--scenario ID] [--strategies A,B]
                                 a narrated simulation in the terminal
  bench --redis HOST:PORT[,HOST:PORT...] --strategy ID [--clients N] [--keys N]
        [--ttl MS] [--hold MS] [--duration MS] [--wait spin|backoff|pubsub] [--json]
                                 clients contending for a lock around a shared
                                 counter, against real Redis servers
  monitor --redis URL [--pattern P] [--once|--follow] [--json] [--record FILE]
          [--sentinel HOST:PORT,... --master NAME] [--allow-writes]
                                 the lock keys of a real Redis: a snapshot or a live
                                 history (read-only unless --allow-writes)
  replay FILE [--json]           a recorded history and what the checker finds in it
  explore --strategy ID|--all-strategies|--acquire-script A --release-script R
          [--max-faults K] [--faults LIST] [--find LIST] [--scenario-dir DIR] [--json]
                                 every placement of up to K faults: the smallest
                                 counterexample, or none within the bound
  whatif --recording FILE [--from T --to T] [--strategy ID|--all-strategies]
         [--fault KIND@T ...] [--scenario-out FILE] [--anonymize] [--json]
                                 a monitor recording&apos;s traffic replayed under other
                                 strategies and added faults

Run &apos;lockscope-cli &lt;command&gt; --help&apos; for a command&apos;s options.
</source>
        <translation>Usage: lockscope-cli &lt;command&gt; [options]

Commands:
  strategies [--json]            the lock strategies, by id
  scenarios [--json]             the failure scenarios, by id
  simulate --scenario ID --strategy ID [options]
                                 run one deterministic simulation and check it
  compare --scenario ID [--seeds N] [--json|--csv]
                                 every strategy on the same scenario and seeds
  compare --all-scenarios [--seeds N] [--json|--csv]
                                 the safety matrix: scenarios x strategies
  demo [--scenario ID] [--strategies A,B]
                                 a narrated simulation in the terminal
  bench --redis HOST:PORT[,HOST:PORT...] --strategy ID [--clients N] [--keys N]
        [--ttl MS] [--hold MS] [--duration MS] [--wait spin|backoff|pubsub] [--json]
                                 clients contending for a lock around a shared
                                 counter, against real Redis servers
  monitor --redis URL [--pattern P] [--once|--follow] [--json] [--record FILE]
          [--sentinel HOST:PORT,... --master NAME] [--allow-writes]
                                 the lock keys of a real Redis: a snapshot or a live
                                 history (read-only unless --allow-writes)
  replay FILE [--json]           a recorded history and what the checker finds in it
  explore --strategy ID|--all-strategies|--acquire-script A --release-script R
          [--max-faults K] [--faults LIST] [--find LIST] [--scenario-dir DIR] [--json]
                                 every placement of up to K faults: the smallest
                                 counterexample, or none within the bound
  whatif --recording FILE [--from T --to T] [--strategy ID|--all-strategies]
         [--fault KIND@T ...] [--scenario-out FILE] [--anonymize] [--json]
                                 a monitor recording&apos;s traffic replayed under other
                                 strategies and added faults

Run &apos;lockscope-cli &lt;command&gt; --help&apos; for a command&apos;s options.
</translation>
    </message>
    <message>
        <source>no command given (strategies, scenarios, simulate, compare, demo, bench, monitor, replay, explore, whatif); see &apos;lockscope-cli --help&apos;</source>
        <translation>no command given (strategies, scenarios, simulate, compare, demo, bench, monitor, replay, explore, whatif); see &apos;lockscope-cli --help&apos;</translation>
    </message>
    <message>
        <source>unknown command &quot;%1&quot; (strategies, scenarios, simulate, compare, demo, bench, monitor, replay, explore, whatif)</source>
        <translation>unknown command &quot;%1&quot; (strategies, scenarios, simulate, compare, demo, bench, monitor, replay, explore, whatif)</translation>
    </message>
    <message>
        <source>The server: host:port, redis://[user@]host[:port][/db], rediss://..., unix:///path. With --sentinel: the user, TLS and db of the master. A password here is visible to other users: use LOCKSCOPE_AUTH or --askpass. Several servers (comma-separated, or --redis repeated): the independent nodes of a Redlock deployment, watched as one (who holds each key&apos;s majority).</source>
        <translation>The server: host:port, redis://[user@]host[:port][/db], rediss://..., unix:///path. With --sentinel: the user, TLS and db of the master. A password here is visible to other users: use LOCKSCOPE_AUTH or --askpass. Several servers (comma-separated, or --redis repeated): the independent nodes of a Redlock deployment, watched as one (who holds each key&apos;s majority).</translation>
    </message>
    <message>
        <source>several --redis servers are a Redlock deployment&apos;s nodes; --cluster and --sentinel take one address</source>
        <translation>several --redis servers are a Redlock deployment&apos;s nodes; --cluster and --sentinel take one address</translation>
    </message>
    <message>
        <source>--redis lists one server; a Redlock deployment has two or more</source>
        <translation>--redis lists one server; a Redlock deployment has two or more</translation>
    </message>
    <message>
        <source>--redis names %1 twice</source>
        <translation>--redis names %1 twice</translation>
    </message>
    <message>
        <source>Replay the lock traffic of a monitor recording (lockscope-cli monitor --follow --record FILE) in the simulator: each owner of the recording becomes a client that takes and releases its locks when the recording saw it do so. Run it under one strategy or all, with faults added at chosen instants, and compare with what the recording shows.

Times are seconds since the recording&apos;s first event, as &apos;lockscope-cli replay&apos; prints them: 12.5s, 800ms, 2m, or a bare number of seconds.

Faults (--fault, repeatable), KIND[:CLIENT]@TIME[+AMOUNT]:
  pause@12.5s+40s     the client holding a lock at 12.5 s stops for 40 s (the
                      one that took its lock last, if several hold one)
  lose-reply@10s      the reply to the next acquisition from 10 s on is lost
  failover@10s        the server fails over to a replica
  restart@10s+2s      the server restarts empty, down for 2 s (+AMOUNT optional)
  clock-jump@10s+2s   the server&apos;s clock jumps 2 s ahead (-2s: back)
  pause:NAME@...      names the client instead (a name from the scenario)

Default strategy, from the recording&apos;s lock format: a LockScope fencing counter -&gt; fenced; renewals seen -&gt; watchdog; Redisson RLock or LockScope reentrant hash -&gt; reentrant-hash; node-redlock, go-redsync -&gt; redlock; a SETNX lock holding its expiry time -&gt; setnx-getset; redis-py, python-redis-lock, LockScope and anything else -&gt; set-nx-px-lua.</source>
        <translation>Replay the lock traffic of a monitor recording (lockscope-cli monitor --follow --record FILE) in the simulator: each owner of the recording becomes a client that takes and releases its locks when the recording saw it do so. Run it under one strategy or all, with faults added at chosen instants, and compare with what the recording shows.

Times are seconds since the recording&apos;s first event, as &apos;lockscope-cli replay&apos; prints them: 12.5s, 800ms, 2m, or a bare number of seconds.

Faults (--fault, repeatable), KIND[:CLIENT]@TIME[+AMOUNT]:
  pause@12.5s+40s     the client holding a lock at 12.5 s stops for 40 s (the
                      one that took its lock last, if several hold one)
  lose-reply@10s      the reply to the next acquisition from 10 s on is lost
  failover@10s        the server fails over to a replica
  restart@10s+2s      the server restarts empty, down for 2 s (+AMOUNT optional)
  clock-jump@10s+2s   the server&apos;s clock jumps 2 s ahead (-2s: back)
  pause:NAME@...      names the client instead (a name from the scenario)

Default strategy, from the recording&apos;s lock format: a LockScope fencing counter -&gt; fenced; renewals seen -&gt; watchdog; Redisson RLock or LockScope reentrant hash -&gt; reentrant-hash; node-redlock, go-redsync -&gt; redlock; a SETNX lock holding its expiry time -&gt; setnx-getset; redis-py, python-redis-lock, LockScope and anything else -&gt; set-nx-px-lua.</translation>
    </message>
    <message>
        <source>The monitor recording to replay.</source>
        <translation>The monitor recording to replay.</translation>
    </message>
    <message>
        <source>Replay the acquisitions from this time on (default: the recording&apos;s start).</source>
        <translation>Replay the acquisitions from this time on (default: the recording&apos;s start).</translation>
    </message>
    <message>
        <source>Replay the acquisitions up to this time (default: the recording&apos;s end).</source>
        <translation>Replay the acquisitions up to this time (default: the recording&apos;s end).</translation>
    </message>
    <message>
        <source>A strategy to replay under (repeatable; default: the one the recording&apos;s lock format implies).</source>
        <translation>A strategy to replay under (repeatable; default: the one the recording&apos;s lock format implies).</translation>
    </message>
    <message>
        <source>Replay under every strategy.</source>
        <translation>Replay under every strategy.</translation>
    </message>
    <message>
        <source>A fault to add (repeatable): KIND[:CLIENT]@TIME[+AMOUNT].</source>
        <translation>A fault to add (repeatable): KIND[:CLIENT]@TIME[+AMOUNT].</translation>
    </message>
    <message>
        <source>Write the derived scenario file here.</source>
        <translation>Write the derived scenario file here.</translation>
    </message>
    <message>
        <source>Key names, owners and tokens become key-1, owner-1, ... in the scenario and the output.</source>
        <translation>Key names, owners and tokens become key-1, owner-1, ... in the scenario and the output.</translation>
    </message>
    <message>
        <source>whatif takes no argument &quot;%1&quot; (the recording is --recording FILE)</source>
        <translation>whatif takes no argument &quot;%1&quot; (the recording is --recording FILE)</translation>
    </message>
    <message>
        <source>whatif needs --recording FILE</source>
        <translation>whatif needs --recording FILE</translation>
    </message>
    <message>
        <source>--to %1 must be after --from %2</source>
        <translation>--to %1 must be after --from %2</translation>
    </message>
    <message>
        <source>--strategy and --all-strategies exclude each other</source>
        <translation>--strategy and --all-strategies exclude each other</translation>
    </message>
    <message>
        <source>%1 is a %2 log, not a monitor recording (lockscope-cli monitor --follow --record FILE)</source>
        <translation>%1 is a %2 log, not a monitor recording (lockscope-cli monitor --follow --record FILE)</translation>
    </message>
    <message>
        <source>lock format %1: replayed by default as %2
</source>
        <translation>lock format %1: replayed by default as %2
</translation>
    </message>
    <message>
        <source>fault %1: strikes the server
</source>
        <translation>fault %1: strikes the server
</translation>
    </message>
    <message>
        <source>fault %1: strikes %2
</source>
        <translation>fault %1: strikes %2
</translation>
    </message>
    <message>
        <source>fault %1: strikes %2 (lock %3)
</source>
        <translation>fault %1: strikes %2 (lock %3)
</translation>
    </message>
    <message>
        <source>scenario written to %1
</source>
        <translation>scenario written to %1
</translation>
    </message>
    <message>
        <source>as recorded: %1 anomalies, %2 lease findings (lockscope-cli replay %3 shows them)
</source>
        <translation>as recorded: %1 anomalies, %2 lease findings (lockscope-cli replay %3 shows them)
</translation>
    </message>
    <message>
        <source>acquired</source>
        <translation>acquired</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>expired</translation>
    </message>
    <message>
        <source>as recorded</source>
        <translation>as recorded</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>error: %1</translation>
    </message>
    <message>
        <source>what-if replay of %1, %2 s to %3 s: %4
</source>
        <translation>what-if replay of %1, %2 s to %3 s: %4
</translation>
    </message>
    <message>
        <source>SCAN COUNT: work per round, fixed (default: from 500, paced so that one SCAN costs the server about 0.5 ms).</source>
        <translation>SCAN COUNT: work per round, fixed (default: from 500, paced so that one SCAN costs the server about 0.5 ms).</translation>
    </message>
    <message>
        <source>At most this many bytes of reads unanswered at once: shorter passes of the server&apos;s loop, a slower scan (default: no limit; 8192 is gentle).</source>
        <translation>At most this many bytes of reads unanswered at once: shorter passes of the server&apos;s loop, a slower scan (default: no limit; 8192 is gentle).</translation>
    </message>
</context>
<context>
    <name>lockscope</name>
    <message>
        <source>LockScope: see, simulate and explain distributed locks on Redis.
Without options it opens the window. With --screenshot it renders the window at an instant of a run to a PNG file and exits, without showing anything.</source>
        <translation>LockScope: see, simulate and explain distributed locks on Redis.
Without options it opens the window. With --screenshot it renders the window at an instant of a run to a PNG file and exits, without showing anything.</translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation>Show this help and exit.</translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation>Show the version and exit.</translation>
    </message>
    <message>
        <source>Scenario id (see lockscope-cli scenarios) or scenario file (a path: it contains a / or ends with .json).</source>
        <translation>Scenario id (see lockscope-cli scenarios) or scenario file (a path: it contains a / or ends with .json).</translation>
    </message>
    <message>
        <source>Strategy id (see lockscope-cli strategies).</source>
        <translation>Strategy id (see lockscope-cli strategies).</translation>
    </message>
    <message>
        <source>Random seed (default 1).</source>
        <translation>Random seed (default 1).</translation>
    </message>
    <message>
        <source>Number of clients.</source>
        <translation>Number of clients.</translation>
    </message>
    <message>
        <source>Lock TTL in ms.</source>
        <translation>Lock TTL in ms.</translation>
    </message>
    <message>
        <source>How to wait for a busy lock: spin, backoff or pubsub.</source>
        <translation>How to wait for a busy lock: spin, backoff or pubsub.</translation>
    </message>
    <message>
        <source>Playback instant in ms of simulated time.</source>
        <translation>Playback instant in ms of simulated time.</translation>
    </message>
    <message>
        <source>Render the window to FILE.png and exit (works with QT_QPA_PLATFORM=offscreen).</source>
        <translation>Render the window to FILE.png and exit (works with QT_QPA_PLATFORM=offscreen).</translation>
    </message>
    <message>
        <source>Window size for --screenshot (default 1600x1000).</source>
        <translation>Window size for --screenshot (default 1600x1000).</translation>
    </message>
    <message>
        <source>Use the dark palette.</source>
        <translation>Use the dark palette.</translation>
    </message>
    <message>
        <source>Use the light palette.</source>
        <translation>Use the light palette.</translation>
    </message>
    <message>
        <source>Details tab to show: commands or source.</source>
        <translation>Details tab to show: commands or source.</translation>
    </message>
    <message>
        <source>The timeline&apos;s visible range in ms (default: the whole run).</source>
        <translation>The timeline&apos;s visible range in ms (default: the whole run).</translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot; (see --help)</source>
        <translation>unexpected argument &quot;%1&quot; (see --help)</translation>
    </message>
    <message>
        <source>unknown scenario &quot;%1&quot; (known: %2)</source>
        <translation>unknown scenario &quot;%1&quot; (known: %2)</translation>
    </message>
    <message>
        <source>unknown strategy &quot;%1&quot; (known: %2)</source>
        <translation>unknown strategy &quot;%1&quot; (known: %2)</translation>
    </message>
    <message>
        <source>--seed must be a whole number &gt;= 0, got &quot;%1&quot;</source>
        <translation>--seed must be a whole number &gt;= 0, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--ttl must be a whole number of ms from 1 to 3600000, got &quot;%1&quot;</source>
        <translation>--ttl must be a whole number of ms from 1 to 3600000, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--wait must be spin, backoff or pubsub, got &quot;%1&quot;</source>
        <translation>--wait must be spin, backoff or pubsub, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--at must be a whole number of ms &gt;= 0, got &quot;%1&quot;</source>
        <translation>--at must be a whole number of ms &gt;= 0, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--lang must be en or zh_CN, got &quot;%1&quot;</source>
        <translation>--lang must be en or zh_CN, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--size must be WIDTHxHEIGHT, at least 640x480, got &quot;%1&quot;</source>
        <translation>--size must be WIDTHxHEIGHT, at least 640x480, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--dark and --light cannot both be given</source>
        <translation>--dark and --light cannot both be given</translation>
    </message>
    <message>
        <source>--tab must be commands or source, got &quot;%1&quot;</source>
        <translation>--tab must be commands or source, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--view must be FROM:TO in ms with FROM &lt; TO, got &quot;%1&quot;</source>
        <translation>--view must be FROM:TO in ms with FROM &lt; TO, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--screenshot needs a file name</source>
        <translation>--screenshot needs a file name</translation>
    </message>
    <message>
        <source>cannot write the screenshot to %1: %2</source>
        <translation>cannot write the screenshot to %1: %2</translation>
    </message>
    <message>
        <source>Open the monitor page connected, read-only, to this Redis (redis://host:port); with --screenshot, after its first scan.</source>
        <translation>Open the monitor page connected, read-only, to this Redis (redis://host:port); with --screenshot, after its first scan.</translation>
    </message>
    <message>
        <source>With --page compare: run the safety matrix with N seeds per cell and wait for it.</source>
        <translation>With --page compare: run the safety matrix with N seeds per cell and wait for it.</translation>
    </message>
    <message>
        <source>Language: en or zh_CN (default: the one chosen in View &gt; Language, else the system&apos;s).</source>
        <translation>Language: en or zh_CN (default: the one chosen in View &gt; Language, else the system&apos;s).</translation>
    </message>
    <message>
        <source>With --page monitor: open the New profile dialog over the window.</source>
        <translation>With --page monitor: open the New profile dialog over the window.</translation>
    </message>
    <message>
        <source>With --screenshot and a language other than English: list every text of the window and its dialog still in English, exit with code 3 if there is one.</source>
        <translation>With --screenshot and a language other than English: list every text of the window and its dialog still in English, exit with code 3 if there is one.</translation>
    </message>
    <message>
        <source>--profile-dialog needs --page monitor</source>
        <translation>--profile-dialog needs --page monitor</translation>
    </message>
    <message>
        <source>--check-translation needs --screenshot and --lang zh_CN</source>
        <translation>--check-translation needs --screenshot and --lang zh_CN</translation>
    </message>
    <message>
        <source>With --monitor-url and --screenshot: watch N seconds after the first scan before the picture, so the History fills.</source>
        <translation>With --monitor-url and --screenshot: watch N seconds after the first scan before the picture, so the History fills.</translation>
    </message>
    <message>
        <source>--monitor-seconds needs --monitor-url and --screenshot and a whole number from 1 to 600, got &quot;%1&quot;</source>
        <translation>--monitor-seconds needs --monitor-url and --screenshot and a whole number from 1 to 600, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>render the window to a file with --screenshot FILE.png, or see a demonstration in this terminal with lockscope-cli demo</source>
        <translation>render the window to a file with --screenshot FILE.png, or see a demonstration in this terminal with lockscope-cli demo</translation>
    </message>
    <message>
        <source>no display found (neither DISPLAY nor WAYLAND_DISPLAY is set): %1</source>
        <translation>no display found (neither DISPLAY nor WAYLAND_DISPLAY is set): %1</translation>
    </message>
    <message>
        <source>cannot open the display: %1</source>
        <translation>cannot open the display: %1</translation>
    </message>
    <message>
        <source>--clients must be a whole number from 1 to %1, got &quot;%2&quot;</source>
        <translation>--clients must be a whole number from 1 to %1, got &quot;%2&quot;</translation>
    </message>
    <message>
        <source>--compare-seeds must be a whole number from 1 to %1, got &quot;%2&quot;</source>
        <translation>--compare-seeds must be a whole number from 1 to %1, got &quot;%2&quot;</translation>
    </message>
    <message>
        <source>warning: a password in --monitor-url is visible to other users of this machine (ps, /proc); keep it in a saved profile instead (the Monitor page&apos;s New... button)</source>
        <translation>warning: a password in --monitor-url is visible to other users of this machine (ps, /proc); keep it in a saved profile instead (the Monitor page&apos;s New... button)</translation>
    </message>
    <message>
        <source>Your acquire script (Lua), instead of --strategy.</source>
        <translation>Your acquire script (Lua), instead of --strategy.</translation>
    </message>
    <message>
        <source>Your release script (Lua).</source>
        <translation>Your release script (Lua).</translation>
    </message>
    <message>
        <source>Stop a script running longer than this (default 5s, as Redis&apos;s lua-time-limit): 500ms, 2s or a number of ms.</source>
        <translation>Stop a script running longer than this (default 5s, as Redis&apos;s lua-time-limit): 500ms, 2s or a number of ms.</translation>
    </message>
    <message>
        <source>your own scripts need both --acquire-script and --release-script, and no --strategy</source>
        <translation>your own scripts need both --acquire-script and --release-script, and no --strategy</translation>
    </message>
    <message>
        <source>Also play the scenario on real redis-server processes (Run &gt; Run on Real Redis), drawn beside or overlaid on its simulation; with --screenshot, after it has ended.</source>
        <translation>Also play the scenario on real redis-server processes (Run &gt; Run on Real Redis), drawn beside or overlaid on its simulation; with --screenshot, after it has ended.</translation>
    </message>
    <message>
        <source>--live must be beside or overlaid, got &quot;%1&quot;</source>
        <translation>--live must be beside or overlaid, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>With --page compare: show matrix, cost or agreement (with --screenshot, agreement runs the matrix on real Redis first and waits for it).</source>
        <translation>With --page compare: show matrix, cost or agreement (with --screenshot, agreement runs the matrix on real Redis first and waits for it).</translation>
    </message>
    <message>
        <source>--compare-view must be matrix, cost or agreement, got &quot;%1&quot;</source>
        <translation>--compare-view must be matrix, cost or agreement, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Page to show: workspace, compare, monitor or explore.</source>
        <translation>Page to show: workspace, compare, monitor or explore.</translation>
    </message>
    <message>
        <source>With --page explore: search this strategy for the smallest fault sets that break it (with --screenshot, wait for the search).</source>
        <translation>With --page explore: search this strategy for the smallest fault sets that break it (with --screenshot, wait for the search).</translation>
    </message>
    <message>
        <source>With --page explore: Break Them All, every built-in strategy one after another (with --screenshot, wait for them: a minute or two).</source>
        <translation>With --page explore: Break Them All, every built-in strategy one after another (with --screenshot, wait for them: a minute or two).</translation>
    </message>
    <message>
        <source>With --page explore: at most K faults per schedule (0 to %1, default 2).</source>
        <translation>With --page explore: at most K faults per schedule (0 to %1, default 2).</translation>
    </message>
    <message>
        <source>--page must be workspace, compare, monitor or explore, got &quot;%1&quot;</source>
        <translation>--page must be workspace, compare, monitor or explore, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--explore-strategy, --explore-all and --max-faults need --page explore</source>
        <translation>--explore-strategy, --explore-all and --max-faults need --page explore</translation>
    </message>
    <message>
        <source>--max-faults must be a whole number from 0 to %1, got &quot;%2&quot;</source>
        <translation>--max-faults must be a whole number from 0 to %1, got &quot;%2&quot;</translation>
    </message>
    <message>
        <source>Open the monitor page on this recording (a file written by lockscope-cli monitor --record, or the page&apos;s Record).</source>
        <translation>Open the monitor page on this recording (a file written by lockscope-cli monitor --record, or the page&apos;s Record).</translation>
    </message>
    <message>
        <source>With --monitor-url or --monitor-recording: select this key (its details and its lease chart).</source>
        <translation>With --monitor-url or --monitor-recording: select this key (its details and its lease chart).</translation>
    </message>
    <message>
        <source>The compare page compares this scenario file (your own, or one lockscope-cli whatif --scenario-out wrote).</source>
        <translation>The compare page compares this scenario file (your own, or one lockscope-cli whatif --scenario-out wrote).</translation>
    </message>
    <message>
        <source>--monitor-recording and --monitor-url: choose one</source>
        <translation>--monitor-recording and --monitor-url: choose one</translation>
    </message>
    <message>
        <source>--monitor-key needs --monitor-url or --monitor-recording</source>
        <translation>--monitor-key needs --monitor-url or --monitor-recording</translation>
    </message>
    <message>
        <source>--monitor-key: the monitor&apos;s table has no key &quot;%1&quot;</source>
        <translation>--monitor-key: the monitor&apos;s table has no key &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>lockscope::ClusterResolver</name>
    <message>
        <source>CLUSTER SLOTS did not answer with a list</source>
        <translation>CLUSTER SLOTS did not answer with a list</translation>
    </message>
    <message>
        <source>CLUSTER SLOTS answered with a slot range of an unknown shape</source>
        <translation>CLUSTER SLOTS answered with a slot range of an unknown shape</translation>
    </message>
    <message>
        <source>CLUSTER SLOTS answered with a node of an unknown shape</source>
        <translation>CLUSTER SLOTS answered with a node of an unknown shape</translation>
    </message>
    <message>
        <source>no node of the cluster answered CLUSTER SLOTS: %1</source>
        <translation>no node of the cluster answered CLUSTER SLOTS: %1</translation>
    </message>
    <message>
        <source>%1 is not a cluster node (cluster support disabled)</source>
        <translation>%1 is not a cluster node (cluster support disabled)</translation>
    </message>
    <message>
        <source>%1: the cluster has no master serving slots yet</source>
        <translation>%1: the cluster has no master serving slots yet</translation>
    </message>
</context>
<context>
    <name>lockscope::KeyMonitor</name>
    <message>
        <source>cannot read notify-keyspace-events: %1</source>
        <translation>cannot read notify-keyspace-events: %1</translation>
    </message>
    <message>
        <source>cannot subscribe to keyspace notifications: %1</source>
        <translation>cannot subscribe to keyspace notifications: %1</translation>
    </message>
    <message>
        <source>scan failed: %1</source>
        <translation>scan failed: %1</translation>
    </message>
    <message>
        <source>cluster mode needs a seed node at host:port, not a Unix socket</source>
        <translation>cluster mode needs a seed node at host:port, not a Unix socket</translation>
    </message>
    <message>
        <source>a Redis Cluster has only database 0, but the address asks for database %1</source>
        <translation>a Redis Cluster has only database 0, but the address asks for database %1</translation>
    </message>
    <message>
        <source>%1 cluster masters (%2)</source>
        <translation>%1 cluster masters (%2)</translation>
    </message>
    <message>
        <source>not monitoring</source>
        <translation>not monitoring</translation>
    </message>
    <message>
        <source>asking %1 for the masters of the cluster</source>
        <translation>asking %1 for the masters of the cluster</translation>
    </message>
    <message>
        <source>connecting to %1</source>
        <translation>connecting to %1</translation>
    </message>
    <message>
        <source>scanning %1 for %2: %3 keys matched in %4 SCAN rounds</source>
        <translation>scanning %1 for %2: %3 keys matched in %4 SCAN rounds</translation>
    </message>
    <message>
        <source>watching %1 lock keys matching %2 on %3</source>
        <translation>watching %1 lock keys matching %2 on %3</translation>
    </message>
    <message>
        <source>stopped: %1</source>
        <translation>stopped: %1</translation>
    </message>
    <message>
        <source>keyspace notifications on (%1)</source>
        <translation>keyspace notifications on (%1)</translation>
    </message>
    <message>
        <source>keyspace notifications partly on (&quot;%1&quot;, missing %2): notifications plus re-reads every %3 ms; to cover everything: %4</source>
        <translation>keyspace notifications partly on (&quot;%1&quot;, missing %2): notifications plus re-reads every %3 ms; to cover everything: %4</translation>
    </message>
    <message>
        <source>keyspace notifications are off on the server: re-reading known keys every %1 ms and rescanning for new ones (changes between two reads are not seen); to turn them on: %2</source>
        <translation>keyspace notifications are off on the server: re-reading known keys every %1 ms and rescanning for new ones (changes between two reads are not seen); to turn them on: %2</translation>
    </message>
    <message>
        <source>cannot tell whether the server notifies keyspace events: re-reading every %1 ms</source>
        <translation>cannot tell whether the server notifies keyspace events: re-reading every %1 ms</translation>
    </message>
    <message>
        <source>keyspace notifications not used: re-reading known keys every %1 ms and rescanning for new ones</source>
        <translation>keyspace notifications not used: re-reading known keys every %1 ms and rescanning for new ones</translation>
    </message>
    <message>
        <source>asking the sentinels for the master of &quot;%1&quot;</source>
        <translation>asking the sentinels for the master of &quot;%1&quot;</translation>
    </message>
    <message>
        <source>connection to %1 lost at %2 (%3 s ago, %4 attempts): %5; reconnecting</source>
        <translation>connection to %1 lost at %2 (%3 s ago, %4 attempts): %5; reconnecting</translation>
    </message>
    <message>
        <source>%1 reads failed (last: %2)</source>
        <translation>%1 reads failed (last: %2)</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>not connected</translation>
    </message>
    <message>
        <source>the monitor moved to another server</source>
        <translation>the monitor moved to another server</translation>
    </message>
    <message>
        <source>notify-keyspace-events is now &quot;%1&quot;</source>
        <translation>notify-keyspace-events is now &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1 is a node of a Redis Cluster: only the keys of its own slots are watched; to watch every master, use --cluster (in a profile: Redis Cluster)</source>
        <translation>%1 is a node of a Redis Cluster: only the keys of its own slots are watched; to watch every master, use --cluster (in a profile: Redis Cluster)</translation>
    </message>
    <message>
        <source>%1 has reached maxclients; retrying</source>
        <translation>%1 has reached maxclients; retrying</translation>
    </message>
    <message>
        <source>%1 refuses new connections: max number of clients reached (maxclients)</source>
        <translation>%1 refuses new connections: max number of clients reached (maxclients)</translation>
    </message>
    <message>
        <source>%1 Redlock nodes (%2)</source>
        <translation>%1 Redlock nodes (%2)</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::AgreementModel</name>
    <message>
        <source>agrees</source>
        <translation>agrees</translation>
    </message>
    <message>
        <source>DISAGREES</source>
        <translation>DISAGREES</translation>
    </message>
    <message>
        <source>not live</source>
        <translation>not live</translation>
    </message>
    <message>
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>not run</translation>
    </message>
    <message>
        <source>agrees %1/%2</source>
        <translation>agrees %1/%2</translation>
    </message>
    <message>
        <source>DISAGREES %1/%2</source>
        <translation>DISAGREES %1/%2</translation>
    </message>
    <message numerus="yes">
        <source>%n live repetition(s) told the simulator&apos;s story: the same verdict and the same kinds of finding.</source>
        <translation>
            <numerusform>%n live repetition told the simulator&apos;s story: the same verdict and the same kinds of finding.</numerusform>
            <numerusform>%n live repetitions told the simulator&apos;s story: the same verdict and the same kinds of finding.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 live repetitions told another story than their simulation:</source>
        <translation>%1 of %2 live repetitions told another story than their simulation:</translation>
    </message>
    <message>
        <source>Not reproducible live: %1</source>
        <translation>Not reproducible live: %1</translation>
    </message>
    <message>
        <source>The live run failed: %1</source>
        <translation>The live run failed: %1</translation>
    </message>
    <message>
        <source>Cancelled before its first live run ended.</source>
        <translation>Cancelled before its first live run ended.</translation>
    </message>
    <message>
        <source>repetition (seed)</source>
        <translation>repetition (seed)</translation>
    </message>
    <message>
        <source>simulated</source>
        <translation>simulated</translation>
    </message>
    <message>
        <source>live</source>
        <translation>live</translation>
    </message>
    <message>
        <source>%1 (seed %2)</source>
        <translation>%1 (seed %2)</translation>
    </message>
    <message>
        <source>Differences (the first repetition that disagreed):</source>
        <translation>Differences (the first repetition that disagreed):</translation>
    </message>
    <message numerus="yes">
        <source>Time scale %1 (every time of the scenario multiplied by it on real Redis); %2 s of wall time for %n live repetition(s).</source>
        <translation>
            <numerusform>Time scale %1 (every time of the scenario multiplied by it on real Redis); %2 s of wall time for %n live repetition.</numerusform>
            <numerusform>Time scale %1 (every time of the scenario multiplied by it on real Redis); %2 s of wall time for %n live repetitions.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 × %2: waiting for its live runs</source>
        <translation>%1 × %2: waiting for its live runs</translation>
    </message>
    <message>
        <source>%1 × %2: not run on real Redis yet</source>
        <translation>%1 × %2: not run on real Redis yet</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::AgreementRun</name>
    <message>
        <source>The matrix is running on real Redis already.</source>
        <translation>The matrix is running on real Redis already.</translation>
    </message>
    <message>
        <source>Choose at least one scenario and one strategy.</source>
        <translation>Choose at least one scenario and one strategy.</translation>
    </message>
    <message>
        <source>redis-server was not found (%1). Install Redis (on Debian and Ubuntu: apt install redis-server) or set REDIS_SERVER to its path.</source>
        <translation>redis-server was not found (%1). Install Redis (on Debian and Ubuntu: apt install redis-server) or set REDIS_SERVER to its path.</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::BreakItModel</name>
    <message>
        <source>no fault needed</source>
        <translation>no fault needed</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>none ≤ %1</source>
        <translation>none ≤ %1</translation>
    </message>
    <message>
        <source>cannot search</source>
        <translation>cannot search</translation>
    </message>
    <message>
        <source>%1 (cancelled)</source>
        <translation>%1 (cancelled)</translation>
    </message>
    <message>
        <source>Being explored</source>
        <translation>Being explored</translation>
    </message>
    <message>
        <source>%1 schedules run, %2 pruned (the same state as one already run), in %3 s</source>
        <translation>%1 schedules run, %2 pruned (the same state as one already run), in %3 s</translation>
    </message>
    <message>
        <source>schedules</source>
        <translation>schedules</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::CaptionBar</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>» %1   (%2)</source>
        <translation>» %1   (%2)</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::CommandLogModel</name>
    <message>
        <source>… in flight</source>
        <translation>… in flight</translation>
    </message>
    <message>
        <source>… no reply yet</source>
        <translation>… no reply yet</translation>
    </message>
    <message>
        <source>No reply: %1</source>
        <translation>No reply: %1</translation>
    </message>
    <message>
        <source>(no reply)</source>
        <translation>(no reply)</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Node</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Command</translation>
    </message>
    <message>
        <source>Reply</source>
        <translation>Reply</translation>
    </message>
    <message>
        <source>Round trip</source>
        <translation>Round trip</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ComparePage</name>
    <message>
        <source>Measured %1 of %2 strategies on %3</source>
        <translation>Measured %1 of %2 strategies on %3</translation>
    </message>
    <message>
        <source>Cannot measure on the server</source>
        <translation>Cannot measure on the server</translation>
    </message>
    <message>
        <source>A live measurement is running; cancel it first.</source>
        <translation>A live measurement is running; cancel it first.</translation>
    </message>
    <message>
        <source>Cannot start the comparison</source>
        <translation>Cannot start the comparison</translation>
    </message>
    <message>
        <source>A comparison is running already.</source>
        <translation>A comparison is running already.</translation>
    </message>
    <message>
        <source>A comparison is running; cancel it first.</source>
        <translation>A comparison is running; cancel it first.</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Connecting to %1…</translation>
    </message>
    <message>
        <source>Running: %1 of %2 cells done</source>
        <translation>Running: %1 of %2 cells done</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>about %1 left</translation>
    </message>
    <message>
        <source>Cancelled: %1 of %2 cells finished; they stay usable.</source>
        <translation>Cancelled: %1 of %2 cells finished; they stay usable.</translation>
    </message>
    <message>
        <source>Done: %1 cells, %2 runs.</source>
        <translation>Done: %1 cells, %2 runs.</translation>
    </message>
    <message>
        <source>Live measurement stopped.</source>
        <translation>Live measurement stopped.</translation>
    </message>
    <message>
        <source>Measured %1 of %2 strategies on %3%4</source>
        <translation>Measured %1 of %2 strategies on %3%4</translation>
    </message>
    <message>
        <source> (stopped)</source>
        <translation> (stopped)</translation>
    </message>
    <message>
        <source>This build has no SVG support (Qt SVG was not found).</source>
        <translation>This build has no SVG support (Qt SVG was not found).</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 files (*.%2)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export failed</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Stops the runs; the finished cells stay (Esc).</source>
        <translation>Stops the runs; the finished cells stay (Esc).</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Export</translation>
    </message>
    <message>
        <source>Matrix as CSV…</source>
        <translation>Matrix as CSV…</translation>
    </message>
    <message>
        <source>Matrix as JSON…</source>
        <translation>Matrix as JSON…</translation>
    </message>
    <message>
        <source>Cost table as CSV…</source>
        <translation>Cost table as CSV…</translation>
    </message>
    <message>
        <source>Cost table as JSON…</source>
        <translation>Cost table as JSON…</translation>
    </message>
    <message>
        <source>Charts as PNG…</source>
        <translation>Charts as PNG…</translation>
    </message>
    <message>
        <source>Charts as SVG…</source>
        <translation>Charts as SVG…</translation>
    </message>
    <message>
        <source>HTML report…</source>
        <translation>HTML report…</translation>
    </message>
    <message>
        <source>Safety matrix</source>
        <translation>Safety matrix</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Cost</translation>
    </message>
    <message>
        <source>Each cell: one strategy under one scenario, over every seed. Hover or select a cell for its counts and story; click it (or press Enter) to open its run in the workspace at its first violation.</source>
        <translation>Each cell: one strategy under one scenario, over every seed. Hover or select a cell for its counts and story; click it (or press Enter) to open its run in the workspace at its first violation.</translation>
    </message>
    <message>
        <source>Choose what to compare, then Run comparison (Ctrl+Enter).</source>
        <translation>Choose what to compare, then Run comparison (Ctrl+Enter).</translation>
    </message>
    <message>
        <source>A run could not be judged</source>
        <translation>A run could not be judged</translation>
    </message>
    <message>
        <source>%1 no violation, mistaken deletion, stuck lock or lost update in any run (a fencing strategy whose stale writes were all rejected is safe for the resource) &amp;nbsp; %2 n/m: n of m runs had a violation, a mistaken deletion, a stuck lock or a lost update &amp;nbsp; %3 safe, but a client starved or an acquire gave up</source>
        <translation>%1 no violation, mistaken deletion, stuck lock or lost update in any run (a fencing strategy whose stale writes were all rejected is safe for the resource) &amp;nbsp; %2 n/m: n of m runs had a violation, a mistaken deletion, a stuck lock or a lost update &amp;nbsp; %3 safe, but a client starved or an acquire gave up</translation>
    </message>
    <message>
        <source>The matrix is running on real Redis; cancel it first.</source>
        <translation>The matrix is running on real Redis; cancel it first.</translation>
    </message>
    <message>
        <source>The matrix is running on real Redis already.</source>
        <translation>The matrix is running on real Redis already.</translation>
    </message>
    <message>
        <source>Cannot run on real Redis</source>
        <translation>Cannot run on real Redis</translation>
    </message>
    <message>
        <source>On real Redis: %1 of %2 cells done</source>
        <translation>On real Redis: %1 of %2 cells done</translation>
    </message>
    <message>
        <source>%1 agree, %2 disagree, %3 not reproducible live, %4 failed</source>
        <translation>%1 agree, %2 disagree, %3 not reproducible live, %4 failed</translation>
    </message>
    <message>
        <source>Cancelled on real Redis after %1: %2 of %3 cells finished.</source>
        <translation>Cancelled on real Redis after %1: %2 of %3 cells finished.</translation>
    </message>
    <message>
        <source>Done on real Redis: %1 cells in %2.</source>
        <translation>Done on real Redis: %1 cells in %2.</translation>
    </message>
    <message>
        <source>The matrix could not run on real Redis.</source>
        <translation>The matrix could not run on real Redis.</translation>
    </message>
    <message numerus="yes">
        <source>Plays each cell of the matrix on real redis-server processes started on this machine, with every fault done for real and the times scaled down, and compares each repetition with the simulation of the same seed. The scenarios and strategies are the ones chosen on the left. %1 cells × %n repetition(s) take about %2.</source>
        <translation>
            <numerusform>Plays each cell of the matrix on real redis-server processes started on this machine, with every fault done for real and the times scaled down, and compares each repetition with the simulation of the same seed. The scenarios and strategies are the ones chosen on the left. %1 cells × %n repetition take about %2.</numerusform>
            <numerusform>Plays each cell of the matrix on real redis-server processes started on this machine, with every fault done for real and the times scaled down, and compares each repetition with the simulation of the same seed. The scenarios and strategies are the ones chosen on the left. %1 cells × %n repetitions take about %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>On real Redis</source>
        <translation>On real Redis</translation>
    </message>
    <message>
        <source>Run on real Redis</source>
        <translation>Run on real Redis</translation>
    </message>
    <message>
        <source>Starts local redis-server processes on free loopback ports and stops them afterwards; Cancel (Esc) stops everything.</source>
        <translation>Starts local redis-server processes on free loopback ports and stops them afterwards; Cancel (Esc) stops everything.</translation>
    </message>
    <message>
        <source>&amp;Repetitions:</source>
        <translation>&amp;Repetitions:</translation>
    </message>
    <message>
        <source>Live runs per cell; repetition k is compared with the simulation of seed k.</source>
        <translation>Live runs per cell; repetition k is compared with the simulation of seed k.</translation>
    </message>
    <message>
        <source>%1 n/m: n of m live repetitions gave the simulated verdict and the same kinds of finding &amp;nbsp; %2 n/m: n of m told another story &amp;nbsp; %3 the scenario cannot be played on real Redis with this strategy &amp;nbsp; %4 a live run could not be done</source>
        <translation>%1 n/m: n of m live repetitions gave the simulated verdict and the same kinds of finding &amp;nbsp; %2 n/m: n of m told another story &amp;nbsp; %3 the scenario cannot be played on real Redis with this strategy &amp;nbsp; %4 a live run could not be done</translation>
    </message>
    <message>
        <source>Scenario file</source>
        <translation>Scenario file</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::CompareSettingsWidget</name>
    <message>
        <source>%1 scenario(s) × %2 strategies × %3 seeds = %4 runs</source>
        <translation>%1 scenario(s) × %2 strategies × %3 seeds = %4 runs</translation>
    </message>
    <message>
        <source>What to compare</source>
        <translation>What to compare</translation>
    </message>
    <message>
        <source>&amp;Scenario:</source>
        <translation>&amp;Scenario:</translation>
    </message>
    <message>
        <source>All scenarios (the safety matrix)</source>
        <translation>All scenarios (the safety matrix)</translation>
    </message>
    <message>
        <source>S&amp;trategies:</source>
        <translation>S&amp;trategies:</translation>
    </message>
    <message>
        <source>All</source>
        <translation>All</translation>
    </message>
    <message>
        <source>None</source>
        <translation>None</translation>
    </message>
    <message>
        <source>S&amp;eeds per cell:</source>
        <translation>S&amp;eeds per cell:</translation>
    </message>
    <message>
        <source>Each cell runs seeds 1..N; the matrix is the same on every machine.</source>
        <translation>Each cell runs seeds 1..N; the matrix is the same on every machine.</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Workload</translation>
    </message>
    <message>
        <source>&amp;Clients:</source>
        <translation>&amp;Clients:</translation>
    </message>
    <message>
        <source>scenario&apos;s own</source>
        <translation>scenario&apos;s own</translation>
    </message>
    <message>
        <source>&amp;TTL:</source>
        <translation>&amp;TTL:</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>&amp;Wait:</source>
        <translation>&amp;Wait:</translation>
    </message>
    <message>
        <source>spin</source>
        <translation>spin</translation>
    </message>
    <message>
        <source>backoff</source>
        <translation>backoff</translation>
    </message>
    <message>
        <source>pubsub</source>
        <translation>pubsub</translation>
    </message>
    <message>
        <source>&amp;Run comparison</source>
        <translation>&amp;Run comparison</translation>
    </message>
    <message>
        <source>Runs every chosen strategy on every chosen scenario (Ctrl+Enter).</source>
        <translation>Runs every chosen strategy on every chosen scenario (Ctrl+Enter).</translation>
    </message>
    <message>
        <source>Cost on a live server</source>
        <translation>Cost on a live server</translation>
    </message>
    <message>
        <source>Redis &amp;URL:</source>
        <translation>Redis &amp;URL:</translation>
    </message>
    <message>
        <source>host:port or redis://[user:pass@]host:port/db</source>
        <translation>host:port or redis://[user:pass@]host:port/db</translation>
    </message>
    <message>
        <source>C&amp;lients:</source>
        <translation>C&amp;lients:</translation>
    </message>
    <message>
        <source>&amp;Duration:</source>
        <translation>&amp;Duration:</translation>
    </message>
    <message>
        <source>Runs lockscope-cli bench&apos;s workload once per chosen strategy on this server, for the cost figures. Its keys live under lockscope:bench: and are deleted afterwards.</source>
        <translation>Runs lockscope-cli bench&apos;s workload once per chosen strategy on this server, for the cost figures. Its keys live under lockscope:bench: and are deleted afterwards.</translation>
    </message>
    <message>
        <source>Measure on ser&amp;ver</source>
        <translation>Measure on ser&amp;ver</translation>
    </message>
    <message>
        <source>Lua scripts (*.lua);;All files (*)</source>
        <translation>Lua scripts (*.lua);;All files (*)</translation>
    </message>
    <message>
        <source>Your acquire script</source>
        <translation>Your acquire script</translation>
    </message>
    <message>
        <source>Your release script</source>
        <translation>Your release script</translation>
    </message>
    <message>
        <source>Your scripts:</source>
        <translation>Your scripts:</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>acquire: %1; release: %2 (compared as &quot;custom&quot;)</source>
        <translation>acquire: %1; release: %2 (compared as &quot;custom&quot;)</translation>
    </message>
    <message>
        <source>Ch&amp;oose…</source>
        <translation>Ch&amp;oose…</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Clear</translation>
    </message>
    <message>
        <source>Script time li&amp;mit:</source>
        <translation>Script time li&amp;mit:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>A script that runs longer is stopped and the comparison ends with a message, as Redis&apos;s lua-time-limit (5 s).</source>
        <translation>A script that runs longer is stopped and the comparison ends with a message, as Redis&apos;s lua-time-limit (5 s).</translation>
    </message>
    <message>
        <source>A scenario file</source>
        <translation>A scenario file</translation>
    </message>
    <message>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation>Scenario files (*.json);;All files (*)</translation>
    </message>
    <message>
        <source>F&amp;ile…</source>
        <translation>F&amp;ile…</translation>
    </message>
    <message>
        <source>Compare a scenario file: your own, or one a what-if replay derived from a recording.</source>
        <translation>Compare a scenario file: your own, or one a what-if replay derived from a recording.</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1: %2 (%3)</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ComparisonController</name>
    <message>
        <source>A comparison is running already.</source>
        <translation>A comparison is running already.</translation>
    </message>
    <message>
        <source>Choose at least one scenario, one strategy and one seed.</source>
        <translation>Choose at least one scenario, one strategy and one seed.</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ComparisonModel</name>
    <message>
        <source>safe</source>
        <translation>safe</translation>
    </message>
    <message>
        <source>UNSAFE</source>
        <translation>UNSAFE</translation>
    </message>
    <message>
        <source>liveness loss</source>
        <translation>liveness loss</translation>
    </message>
    <message>
        <source>UNSAFE %1/%2</source>
        <translation>UNSAFE %1/%2</translation>
    </message>
    <message>
        <source>%1 with %2: %3 over %4 seeds</source>
        <translation>%1 with %2: %3 over %4 seeds</translation>
    </message>
    <message>
        <source>runs with a violation or mistaken deletion: %1 of %2</source>
        <translation>runs with a violation or mistaken deletion: %1 of %2</translation>
    </message>
    <message>
        <source>violations: %1</source>
        <translation>violations: %1</translation>
    </message>
    <message>
        <source>mistaken deletions: %1</source>
        <translation>mistaken deletions: %1</translation>
    </message>
    <message>
        <source>stuck locks: %1</source>
        <translation>stuck locks: %1</translation>
    </message>
    <message>
        <source>lost updates: %1</source>
        <translation>lost updates: %1</translation>
    </message>
    <message>
        <source>stale writes rejected: %1</source>
        <translation>stale writes rejected: %1</translation>
    </message>
    <message>
        <source>starved clients: %1</source>
        <translation>starved clients: %1</translation>
    </message>
    <message>
        <source>acquires given up: %1</source>
        <translation>acquires given up: %1</translation>
    </message>
    <message>
        <source>example run: seed %1, first finding at %2</source>
        <translation>example run: seed %1, first finding at %2</translation>
    </message>
    <message>
        <source>example run: seed %1</source>
        <translation>example run: seed %1</translation>
    </message>
    <message>
        <source>%1 with %2: running</source>
        <translation>%1 with %2: running</translation>
    </message>
    <message>
        <source>unsafe runs: %1 of %2</source>
        <translation>unsafe runs: %1 of %2</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::CostCharts</name>
    <message>
        <source>share of acquisitions</source>
        <translation>share of acquisitions</translation>
    </message>
    <message>
        <source>acquire latency from (ms)</source>
        <translation>acquire latency from (ms)</translation>
    </message>
    <message>
        <source>Throughput (acquisitions/s)</source>
        <translation>Throughput (acquisitions/s)</translation>
    </message>
    <message>
        <source>Acquire latency (ms)</source>
        <translation>Acquire latency (ms)</translation>
    </message>
    <message>
        <source>Redis commands per acquisition</source>
        <translation>Redis commands per acquisition</translation>
    </message>
    <message>
        <source>Fairness (Jain&apos;s index, 1 = fair)</source>
        <translation>Fairness (Jain&apos;s index, 1 = fair)</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Acquire latency distribution</source>
        <translation>Acquire latency distribution</translation>
    </message>
    <message>
        <source>Acquire latency distribution, %1</source>
        <translation>Acquire latency distribution, %1</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::CostModel</name>
    <message>
        <source>live server %1</source>
        <translation>live server %1</translation>
    </message>
    <message>
        <source>No figures yet: run a comparison.</source>
        <translation>No figures yet: run a comparison.</translation>
    </message>
    <message>
        <source>Figures from the %1; throughput in acquisitions per simulated second.</source>
        <translation>Figures from the %1; throughput in acquisitions per simulated second.</translation>
    </message>
    <message>
        <source>Figures from the %1; throughput in acquisitions per second of wall time.</source>
        <translation>Figures from the %1; throughput in acquisitions per second of wall time.</translation>
    </message>
    <message>
        <source>Acquisitions per second: simulated seconds for the simulator, wall seconds for a live server.</source>
        <translation>Acquisitions per second: simulated seconds for the simulator, wall seconds for a live server.</translation>
    </message>
    <message>
        <source>Redis commands sent to the lock&apos;s nodes per acquisition (retries included).</source>
        <translation>Redis commands sent to the lock&apos;s nodes per acquisition (retries included).</translation>
    </message>
    <message>
        <source>Jain&apos;s index over the clients&apos; acquisitions: 1 when every client got the lock equally often.</source>
        <translation>Jain&apos;s index over the clients&apos; acquisitions: 1 when every client got the lock equally often.</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Runs</translation>
    </message>
    <message>
        <source>Acquisitions</source>
        <translation>Acquisitions</translation>
    </message>
    <message>
        <source>Acquisitions/s</source>
        <translation>Acquisitions/s</translation>
    </message>
    <message>
        <source>Latency p50 (ms)</source>
        <translation>Latency p50 (ms)</translation>
    </message>
    <message>
        <source>Latency p99 (ms)</source>
        <translation>Latency p99 (ms)</translation>
    </message>
    <message>
        <source>Commands/acq.</source>
        <translation>Commands/acq.</translation>
    </message>
    <message>
        <source>Fairness (Jain)</source>
        <translation>Fairness (Jain)</translation>
    </message>
    <message>
        <source>No cost figures: with several scenarios the cost is measured on the fault-free workload (scenario contention), which this comparison does not include.</source>
        <translation>No cost figures: with several scenarios the cost is measured on the fault-free workload (scenario contention), which this comparison does not include.</translation>
    </message>
    <message>
        <source>scenario %1</source>
        <translation>scenario %1</translation>
    </message>
    <message>
        <source>the fault-free workload (scenario %1)</source>
        <translation>the fault-free workload (scenario %1)</translation>
    </message>
    <message>
        <source>No cost figures yet: the cost is measured on %1, whose cells have not finished.</source>
        <translation>No cost figures yet: the cost is measured on %1, whose cells have not finished.</translation>
    </message>
    <message>
        <source>simulator, %1</source>
        <translation>simulator, %1</translation>
    </message>
    <message numerus="yes">
        <source>%n seed(s)</source>
        <translation>
            <numerusform>%n seed</numerusform>
            <numerusform>%n seeds</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lockscope::ui::CounterexampleModel</name>
    <message>
        <source>no fault: the workload breaks the lock by itself</source>
        <translation>no fault: the workload breaks the lock by itself</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>Finding</translation>
    </message>
    <message>
        <source>Faults</source>
        <translation>Faults</translation>
    </message>
    <message>
        <source>Where the faults strike</source>
        <translation>Where the faults strike</translation>
    </message>
    <message>
        <source>Found at</source>
        <translation>Found at</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>What happened</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::DetailsPane</name>
    <message>
        <source>Follow playback</source>
        <translation>Follow playback</translation>
    </message>
    <message>
        <source>Whole run</source>
        <translation>Whole run</translation>
    </message>
    <message>
        <source>Show every command of the run, not only those sent so far</source>
        <translation>Show every command of the run, not only those sent so far</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>all</source>
        <translation>all</translation>
    </message>
    <message>
        <source>Commands</source>
        <translation>Commands</translation>
    </message>
    <message>
        <source>Strategy Source</source>
        <translation>Strategy Source</translation>
    </message>
    <message>
        <source>Round trip</source>
        <translation>Round trip</translation>
    </message>
    <message>
        <source>Run to see which step each client executes.</source>
        <translation>Run to see which step each client executes.</translation>
    </message>
    <message>
        <source>No command sent yet.</source>
        <translation>No command sent yet.</translation>
    </message>
    <message>
        <source>(other)</source>
        <translation>(other)</translation>
    </message>
    <message>
        <source>%1&apos;s last command, at %2: step %3</source>
        <translation>%1&apos;s last command, at %2: step %3</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ExplorePage</name>
    <message>
        <source>Cannot Use These Scripts</source>
        <translation>Cannot Use These Scripts</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Stop the search; what it found so far stays (Esc)</source>
        <translation>Stop the search; what it found so far stays (Esc)</translation>
    </message>
    <message>
        <source>Break it: per lock and kind of finding, the smallest fault set that caused it</source>
        <translation>Break it: per lock and kind of finding, the smallest fault set that caused it</translation>
    </message>
    <message>
        <source>&amp;Open in Workspace</source>
        <translation>&amp;Open in Workspace</translation>
    </message>
    <message>
        <source>Play the chosen counterexample in the workspace, at its finding (double-click, Enter)</source>
        <translation>Play the chosen counterexample in the workspace, at its finding (double-click, Enter)</translation>
    </message>
    <message>
        <source>&amp;Save as Scenario File…</source>
        <translation>&amp;Save as Scenario File…</translation>
    </message>
    <message>
        <source>Write the chosen counterexample as a scenario file: it replays the same in the workspace and with lockscope-cli simulate</source>
        <translation>Write the chosen counterexample as a scenario file: it replays the same in the workspace and with lockscope-cli simulate</translation>
    </message>
    <message>
        <source>Choose a lock and press Explore, or Break Them All</source>
        <translation>Choose a lock and press Explore, or Break Them All</translation>
    </message>
    <message>
        <source>A search is under way: cancel it first (Esc).</source>
        <translation>A search is under way: cancel it first (Esc).</translation>
    </message>
    <message>
        <source>None of the checked faults applies to %1.</source>
        <translation>None of the checked faults applies to %1.</translation>
    </message>
    <message>
        <source>This search cannot run.</source>
        <translation>This search cannot run.</translation>
    </message>
    <message>
        <source>Cannot Explore</source>
        <translation>Cannot Explore</translation>
    </message>
    <message>
        <source>none of the checked faults applies to this lock</source>
        <translation>none of the checked faults applies to this lock</translation>
    </message>
    <message>
        <source>this search cannot run</source>
        <translation>this search cannot run</translation>
    </message>
    <message>
        <source>%1 / %2 schedules</source>
        <translation>%1 / %2 schedules</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelling…</translation>
    </message>
    <message>
        <source>Cancelled: what was found so far is kept</source>
        <translation>Cancelled: what was found so far is kept</translation>
    </message>
    <message numerus="yes">
        <source>Done: %n lock(s) explored</source>
        <translation>
            <numerusform>Done: %n lock explored</numerusform>
            <numerusform>Done: %n locks explored</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2 of %3)</source>
        <translation>%1 (%2 of %3)</translation>
    </message>
    <message numerus="yes">
        <source>%n fault(s) per schedule</source>
        <translation>
            <numerusform>%n fault per schedule</numerusform>
            <numerusform>%n faults per schedule</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 a second</source>
        <translation>%1 a second</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>about %1 left</translation>
    </message>
    <message numerus="yes">
        <source>%n kind(s) found</source>
        <translation>
            <numerusform>%n kind found</numerusform>
            <numerusform>%n kinds found</numerusform>
        </translation>
    </message>
    <message>
        <source>Counterexamples: choose a row of the table</source>
        <translation>Counterexamples: choose a row of the table</translation>
    </message>
    <message>
        <source>Counterexamples of %1, the smallest first</source>
        <translation>Counterexamples of %1, the smallest first</translation>
    </message>
    <message>
        <source>Being explored…</source>
        <translation>Being explored…</translation>
    </message>
    <message>
        <source>%1 schedules explored, %2 pruned (the same state as one explored).</source>
        <translation>%1 schedules explored, %2 pruned (the same state as one explored).</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: every schedule with up to %n fault(s) was run, of %1 asked for.</source>
        <translation>
            <numerusform>Cancelled: every schedule with up to %n fault was run, of %1 asked for.</numerusform>
            <numerusform>Cancelled: every schedule with up to %n faults was run, of %1 asked for.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled before the first level was done.</source>
        <translation>Cancelled before the first level was done.</translation>
    </message>
    <message>
        <source>Wall time %1 s</source>
        <translation>Wall time %1 s</translation>
    </message>
    <message>
        <source>; the first counterexample after %1 s</source>
        <translation>; the first counterexample after %1 s</translation>
    </message>
    <message numerus="yes">
        <source>Your scripts failed in %n schedule(s); the first: %1</source>
        <translation>
            <numerusform>Your scripts failed in %n schedule; the first: %1</numerusform>
            <numerusform>Your scripts failed in %n schedules; the first: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Cannot write %1: %2</translation>
    </message>
    <message>
        <source>Save as Scenario File</source>
        <translation>Save as Scenario File</translation>
    </message>
    <message>
        <source>Scenario files (*.json)</source>
        <translation>Scenario files (*.json)</translation>
    </message>
    <message>
        <source>Cannot Save the Scenario</source>
        <translation>Cannot Save the Scenario</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ExploreSettingsWidget</name>
    <message>
        <source>Lock to break</source>
        <translation>Lock to break</translation>
    </message>
    <message>
        <source>&amp;Strategy:</source>
        <translation>&amp;Strategy:</translation>
    </message>
    <message>
        <source>Your scripts…</source>
        <translation>Your scripts…</translation>
    </message>
    <message>
        <source>Choose your acquire and release Lua scripts and explore them</source>
        <translation>Choose your acquire and release Lua scripts and explore them</translation>
    </message>
    <message>
        <source>Your scripts: %1 (acquire) and %2 (release)</source>
        <translation>Your scripts: %1 (acquire) and %2 (release)</translation>
    </message>
    <message>
        <source>Workload of every schedule</source>
        <translation>Workload of every schedule</translation>
    </message>
    <message>
        <source>&amp;Clients:</source>
        <translation>&amp;Clients:</translation>
    </message>
    <message>
        <source>C&amp;ycles per client:</source>
        <translation>C&amp;ycles per client:</translation>
    </message>
    <message>
        <source>&amp;TTL:</source>
        <translation>&amp;TTL:</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>&amp;Hold:</source>
        <translation>&amp;Hold:</translation>
    </message>
    <message>
        <source>Time inside the critical section, each cycle</source>
        <translation>Time inside the critical section, each cycle</translation>
    </message>
    <message>
        <source>Faults to place</source>
        <translation>Faults to place</translation>
    </message>
    <message>
        <source>%1: this lock has no replica to fail over to</source>
        <translation>%1: this lock has no replica to fail over to</translation>
    </message>
    <message>
        <source>At &amp;most K faults:</source>
        <translation>At &amp;most K faults:</translation>
    </message>
    <message>
        <source>Every placement of up to this many faults is tried (0: the workload alone)</source>
        <translation>Every placement of up to this many faults is tried (0: the workload alone)</translation>
    </message>
    <message>
        <source>&amp;Explore</source>
        <translation>&amp;Explore</translation>
    </message>
    <message>
        <source>Find the smallest fault sets that break the chosen lock, within K faults</source>
        <translation>Find the smallest fault sets that break the chosen lock, within K faults</translation>
    </message>
    <message>
        <source>&amp;Break Them All</source>
        <translation>&amp;Break Them All</translation>
    </message>
    <message>
        <source>Explore every built-in strategy, one after another, into the break-it table</source>
        <translation>Explore every built-in strategy, one after another, into the break-it table</translation>
    </message>
    <message>
        <source>Every schedule runs the workload from the start with up to K faults placed at the steps the clients reach. A cell says the smallest fault set that broke the lock, or &quot;none ≤ K&quot;: nothing in any schedule with up to K faults of the checked kinds. Nothing is claimed beyond that bound.</source>
        <translation>Every schedule runs the workload from the start with up to K faults placed at the steps the clients reach. A cell says the smallest fault set that broke the lock, or &quot;none ≤ K&quot;: nothing in any schedule with up to K faults of the checked kinds. Nothing is claimed beyond that bound.</translation>
    </message>
    <message>
        <source>Lua scripts (*.lua);;All files (*)</source>
        <translation>Lua scripts (*.lua);;All files (*)</translation>
    </message>
    <message>
        <source>Your Acquire Script</source>
        <translation>Your Acquire Script</translation>
    </message>
    <message>
        <source>Your Release Script</source>
        <translation>Your Release Script</translation>
    </message>
    <message>
        <source>Clients start a&amp;part:</source>
        <translation>Clients start a&amp;part:</translation>
    </message>
    <message>
        <source>0 starts every client at once: their first requests race, and the search tries both arrival orders (reorder)</source>
        <translation>0 starts every client at once: their first requests race, and the search tries both arrival orders (reorder)</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::FindingsPane</name>
    <message>
        <source>Click a finding to jump there</source>
        <translation>Click a finding to jump there</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::KeyTableModel</name>
    <message>
        <source>(unknown)</source>
        <translation>(unknown)</translation>
    </message>
    <message>
        <source>This key has no TTL: if its owner dies, nobody can ever take the lock.</source>
        <translation>This key has no TTL: if its owner dies, nobody can ever take the lock.</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>hash</source>
        <translation>hash</translation>
    </message>
    <message>
        <source>string</source>
        <translation>string</translation>
    </message>
    <message>
        <source>not held</source>
        <translation>not held</translation>
    </message>
    <message>
        <source>no TTL</source>
        <translation>no TTL</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Reentrant hash: how many times the owner holds it</source>
        <translation>Reentrant hash: how many times the owner holds it</translation>
    </message>
    <message>
        <source>The owner&apos;s fencing token (fenced strategy)</source>
        <translation>The owner&apos;s fencing token (fenced strategy)</translation>
    </message>
    <message>
        <source>Time left before Redis expires the key</source>
        <translation>Time left before Redis expires the key</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Node</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Owner</translation>
    </message>
    <message>
        <source>Value (token)</source>
        <translation>Value (token)</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Holds</source>
        <translation>Holds</translation>
    </message>
    <message>
        <source>Fencing</source>
        <translation>Fencing</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>%1 s left of a %2 s lease (the TTL it was set or last renewed with)</source>
        <translation>%1 s left of a %2 s lease (the TTL it was set or last renewed with)</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::KeysPane</name>
    <message>
        <source>Owner</source>
        <translation>Owner</translation>
    </message>
    <message>
        <source>string</source>
        <translation>string</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::LeaseChart</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>nobody known</source>
        <translation>nobody known</translation>
    </message>
    <message>
        <source>%1: no change seen in this history</source>
        <translation>%1: no change seen in this history</translation>
    </message>
    <message>
        <source>%1: no TTL: nothing will ever free it but a release</source>
        <translation>%1: no TTL: nothing will ever free it but a release</translation>
    </message>
    <message>
        <source>%1 · lease %2 · renewals %3</source>
        <translation>%1 · lease %2 · renewals %3</translation>
    </message>
    <message>
        <source> · least margin %1</source>
        <translation> · least margin %1</translation>
    </message>
    <message>
        <source> · late %1</source>
        <translation> · late %1</translation>
    </message>
    <message>
        <source>Select a lock key to see its lease: the TTL over time and how much was left at each renewal.</source>
        <translation>Select a lock key to see its lease: the TTL over time and how much was left at each renewal.</translation>
    </message>
    <message>
        <source>now</source>
        <translation>now</translation>
    </message>
    <message>
        <source>end</source>
        <translation>end</translation>
    </message>
    <message>
        <source>−%1 s</source>
        <translation>−%1 s</translation>
    </message>
    <message>
        <source>%1 renewed (the monitor was blind before, so the margin is unknown)</source>
        <translation>%1 renewed (the monitor was blind before, so the margin is unknown)</translation>
    </message>
    <message>
        <source>%1 renewed late: %2 left, under the late threshold of %3</source>
        <translation>%1 renewed late: %2 left, under the late threshold of %3</translation>
    </message>
    <message>
        <source>%1 renewed with %2 left</source>
        <translation>%1 renewed with %2 left</translation>
    </message>
    <message>
        <source>%1 released it with %2 left</source>
        <translation>%1 released it with %2 left</translation>
    </message>
    <message>
        <source>%1&apos;s lease ran out: expired, not released</source>
        <translation>%1&apos;s lease ran out: expired, not released</translation>
    </message>
    <message>
        <source>%1&apos;s lock was lost with a restart or a failover</source>
        <translation>%1&apos;s lock was lost with a restart or a failover</translation>
    </message>
    <message>
        <source>another owner&apos;s value replaced %1&apos;s</source>
        <translation>another owner&apos;s value replaced %1&apos;s</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>%1 ago</translation>
    </message>
    <message>
        <source>%1 before the end</source>
        <translation>%1 before the end</translation>
    </message>
    <message>
        <source>%1: the key did not exist</source>
        <translation>%1: the key did not exist</translation>
    </message>
    <message>
        <source>%1: held by %2, with no TTL</source>
        <translation>%1: held by %2, with no TTL</translation>
    </message>
    <message>
        <source>%1: %2 left of the %3 lease, held by %4</source>
        <translation>%1: %2 left of the %3 lease, held by %4</translation>
    </message>
    <message>
        <source>The shaded band is the late zone: a renewal with less than %1 left (a sixth of the lease) is late.</source>
        <translation>The shaded band is the late zone: a renewal with less than %1 left (a sixth of the lease) is late.</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::LiveComparison</name>
    <message>
        <source>A live measurement is running already.</source>
        <translation>A live measurement is running already.</translation>
    </message>
    <message>
        <source>Give the Redis server&apos;s URL (host:port or redis://host:port).</source>
        <translation>Give the Redis server&apos;s URL (host:port or redis://host:port).</translation>
    </message>
    <message>
        <source>Choose at least one strategy.</source>
        <translation>Choose at least one strategy.</translation>
    </message>
    <message>
        <source>The URL &quot;%1&quot; cannot be used: %2</source>
        <translation>The URL &quot;%1&quot; cannot be used: %2</translation>
    </message>
    <message>
        <source>The live run of %1 failed.</source>
        <translation>The live run of %1 failed.</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::LiveTwinPanel</name>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Stop the live run and its servers (Esc)</source>
        <translation>Stop the live run and its servers (Esc)</translation>
    </message>
    <message>
        <source>Beside the simulation</source>
        <translation>Beside the simulation</translation>
    </message>
    <message>
        <source>Overlaid on the simulation</source>
        <translation>Overlaid on the simulation</translation>
    </message>
    <message>
        <source>Draw the live run in a timeline of its own under the simulation&apos;s, or inside the simulation&apos;s lanes (the lower half of each lane)</source>
        <translation>Draw the live run in a timeline of its own under the simulation&apos;s, or inside the simulation&apos;s lanes (the lower half of each lane)</translation>
    </message>
    <message>
        <source>Hide the live run</source>
        <translation>Hide the live run</translation>
    </message>
    <message>
        <source>Run &gt; Run on Real Redis plays this scenario on real redis-server processes.</source>
        <translation>Run &gt; Run on Real Redis plays this scenario on real redis-server processes.</translation>
    </message>
    <message>
        <source>starting servers</source>
        <translation>starting servers</translation>
    </message>
    <message>
        <source>%1 of %2 s</source>
        <translation>%1 of %2 s</translation>
    </message>
    <message>
        <source>The same story as the simulation: %1.</source>
        <translation>The same story as the simulation: %1.</translation>
    </message>
    <message>
        <source>Not the simulation&apos;s story:</source>
        <translation>Not the simulation&apos;s story:</translation>
    </message>
    <message>
        <source>Live run cancelled; its servers were stopped.</source>
        <translation>Live run cancelled; its servers were stopped.</translation>
    </message>
    <message>
        <source>On real Redis</source>
        <translation>On real Redis</translation>
    </message>
    <message>
        <source>running on %1…</source>
        <translation>running on %1…</translation>
    </message>
    <message>
        <source>redis-server at %1 · time ×%2 · %3 s of wall time</source>
        <translation>redis-server at %1 · time ×%2 · %3 s of wall time</translation>
    </message>
    <message>
        <source>Run &gt; Run on Real Redis (Ctrl+Shift+R) plays this scenario on real redis-server processes with the same faults.</source>
        <translation>Run &gt; Run on Real Redis (Ctrl+Shift+R) plays this scenario on real redis-server processes with the same faults.</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::MainWindow</name>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Run</translation>
    </message>
    <message>
        <source>&amp;Dark Palette</source>
        <translation>&amp;Dark Palette</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>Pages</translation>
    </message>
    <message>
        <source>&amp;Workspace</source>
        <translation>&amp;Workspace</translation>
    </message>
    <message>
        <source>Simulate one scenario and play it back (Ctrl+1)</source>
        <translation>Simulate one scenario and play it back (Ctrl+1)</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>&amp;Compare</translation>
    </message>
    <message>
        <source>Every strategy under the same workload and faults (Ctrl+2)</source>
        <translation>Every strategy under the same workload and faults (Ctrl+2)</translation>
    </message>
    <message>
        <source>&amp;Monitor</source>
        <translation>&amp;Monitor</translation>
    </message>
    <message>
        <source>Watch the lock keys of a real Redis, read-only (Ctrl+3)</source>
        <translation>Watch the lock keys of a real Redis, read-only (Ctrl+3)</translation>
    </message>
    <message>
        <source>Scenario and Strategy</source>
        <translation>Scenario and Strategy</translation>
    </message>
    <message>
        <source>What the Checker Found</source>
        <translation>What the Checker Found</translation>
    </message>
    <message>
        <source>Lock Keys in Redis</source>
        <translation>Lock Keys in Redis</translation>
    </message>
    <message>
        <source>Commands and Source</source>
        <translation>Commands and Source</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>&amp;Playback</source>
        <translation>&amp;Playback</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>&amp;Larger Text</source>
        <translation>&amp;Larger Text</translation>
    </message>
    <message>
        <source>S&amp;maller Text</source>
        <translation>S&amp;maller Text</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>&amp;Keys and Mouse</source>
        <translation>&amp;Keys and Mouse</translation>
    </message>
    <message>
        <source>&amp;About LockScope</source>
        <translation>&amp;About LockScope</translation>
    </message>
    <message>
        <source>Cannot open the run</source>
        <translation>Cannot open the run</translation>
    </message>
    <message>
        <source>Keys and mouse</source>
        <translation>Keys and mouse</translation>
    </message>
    <message>
        <source>Space: play or pause
, and . : previous / next event (&lt; and &gt; include every command)
[ and ] : slower / faster
Home / End: start / end of the run
Ctrl+R: run again

On the timeline:
W / S: zoom in / out;  A / D: pan
F: fit the whole run;  Backspace: zoom back;  0: reset
Wheel: zoom;  Shift+wheel: pan;  Alt+wheel: scroll lanes
Drag: pan;  Shift+drag: zoom to a range
Click: select an event;  double-click or click the time axis: go there
Right-click a client or key lane: inject a fault at the playback instant</source>
        <translation>Space: play or pause
, and . : previous / next event (&lt; and &gt; include every command)
[ and ] : slower / faster
Home / End: start / end of the run
Ctrl+R: run again

On the timeline:
W / S: zoom in / out;  A / D: pan
F: fit the whole run;  Backspace: zoom back;  0: reset
Wheel: zoom;  Shift+wheel: pan;  Alt+wheel: scroll lanes
Drag: pan;  Shift+drag: zoom to a range
Click: select an event;  double-click or click the time axis: go there
Right-click a client or key lane: inject a fault at the playback instant</translation>
    </message>
    <message>
        <source>About LockScope</source>
        <translation>About LockScope</translation>
    </message>
    <message>
        <source>LockScope %1
See, simulate and explain distributed locks on Redis.</source>
        <translation>LockScope %1
See, simulate and explain distributed locks on Redis.</translation>
    </message>
    <message>
        <source>LockScope</source>
        <translation>LockScope</translation>
    </message>
    <message>
        <source>LockScope — %1 · %2</source>
        <translation>LockScope — %1 · %2</translation>
    </message>
    <message>
        <source>&amp;Explore</source>
        <translation>&amp;Explore</translation>
    </message>
    <message>
        <source>The smallest fault sets that break each lock (Ctrl+4)</source>
        <translation>The smallest fault sets that break each lock (Ctrl+4)</translation>
    </message>
    <message>
        <source>What if…</source>
        <translation>What if…</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::MonitorPage</name>
    <message>
        <source>Keyspace notifications</source>
        <translation>Keyspace notifications</translation>
    </message>
    <message>
        <source>Force release</source>
        <translation>Force release</translation>
    </message>
    <message>
        <source>Profile:</source>
        <translation>Profile:</translation>
    </message>
    <message>
        <source>New…</source>
        <translation>New…</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Edit…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Connect</translation>
    </message>
    <message>
        <source>Connect with the selected profile and scan (F5)</source>
        <translation>Connect with the selected profile and scan (F5)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <source>Stop watching (cancels a scan); the table keeps what was seen</source>
        <translation>Stop watching (cancels a scan); the table keeps what was seen</translation>
    </message>
    <message>
        <source>Record…</source>
        <translation>Record…</translation>
    </message>
    <message>
        <source>Stop recording</source>
        <translation>Stop recording</translation>
    </message>
    <message>
        <source>Write the session&apos;s history to a file as it happens</source>
        <translation>Write the session&apos;s history to a file as it happens</translation>
    </message>
    <message>
        <source>Open recording…</source>
        <translation>Open recording…</translation>
    </message>
    <message>
        <source>Find a key (Ctrl+F)</source>
        <translation>Find a key (Ctrl+F)</translation>
    </message>
    <message>
        <source>Force release…</source>
        <translation>Force release…</translation>
    </message>
    <message>
        <source>Enable notifications…</source>
        <translation>Enable notifications…</translation>
    </message>
    <message>
        <source>History</source>
        <translation>History</translation>
    </message>
    <message>
        <source>Select a key to see what LockScope decoded from it.</source>
        <translation>Select a key to see what LockScope decoded from it.</translation>
    </message>
    <message>
        <source>(no profile: New… makes one)</source>
        <translation>(no profile: New… makes one)</translation>
    </message>
    <message>
        <source>local</source>
        <translation>local</translation>
    </message>
    <message>
        <source>Connection profile</source>
        <translation>Connection profile</translation>
    </message>
    <message>
        <source>Delete profile</source>
        <translation>Delete profile</translation>
    </message>
    <message>
        <source>Delete the profile &quot;%1&quot;?</source>
        <translation>Delete the profile &quot;%1&quot;?</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Password</translation>
    </message>
    <message>
        <source>Password for %1 (kept in memory for this session only):</source>
        <translation>Password for %1 (kept in memory for this session only):</translation>
    </message>
    <message>
        <source>Looking up the password of &quot;%1&quot; in the system keychain…</source>
        <translation>Looking up the password of &quot;%1&quot; in the system keychain…</translation>
    </message>
    <message>
        <source>no complete scan of %1 within 15 s: %2</source>
        <translation>no complete scan of %1 within 15 s: %2</translation>
    </message>
    <message>
        <source>Writes allowed</source>
        <translation>Writes allowed</translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation>Read-only</translation>
    </message>
    <message>
        <source>This profile allows writes: force-release and enabling notifications can change the server, each after a confirmation.</source>
        <translation>This profile allows writes: force-release and enabling notifications can change the server, each after a confirmation.</translation>
    </message>
    <message>
        <source>Read-only: the connection refuses every write command before it is sent. Allow writes in the profile to force-release locks.</source>
        <translation>Read-only: the connection refuses every write command before it is sent. Allow writes in the profile to force-release locks.</translation>
    </message>
    <message>
        <source>Recording: %1 events. Click the timeline to see the keys at that instant.</source>
        <translation>Recording: %1 events. Click the timeline to see the keys at that instant.</translation>
    </message>
    <message>
        <source>Not connected. Make a profile (New…), then Connect (F5).</source>
        <translation>Not connected. Make a profile (New…), then Connect (F5).</translation>
    </message>
    <message>
        <source>Not connected. Choose a profile and Connect (F5).</source>
        <translation>Not connected. Choose a profile and Connect (F5).</translation>
    </message>
    <message numerus="yes">
        <source>Stopped. The table shows the %n key(s) as last seen.</source>
        <translation>
            <numerusform>Stopped. The table shows the %n key as last seen.</numerusform>
            <numerusform>Stopped. The table shows the %n keys as last seen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Connecting to %1…</translation>
    </message>
    <message>
        <source>Scanning %1 for %2: %3 keys matched so far in %4 SCAN rounds (Stop cancels; the table is usable already).</source>
        <translation>Scanning %1 for %2: %3 keys matched so far in %4 SCAN rounds (Stop cancels; the table is usable already).</translation>
    </message>
    <message numerus="yes">
        <source>Watching %1: %n key(s) matching %2.</source>
        <translation>
            <numerusform>Watching %1: %n key matching %2.</numerusform>
            <numerusform>Watching %1: %n keys matching %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Lost the connection to %1 (%2). Reconnecting… The table shows the keys as last seen.</source>
        <translation>Lost the connection to %1 (%2). Reconnecting… The table shows the keys as last seen.</translation>
    </message>
    <message>
        <source>Could not watch %1: %2</source>
        <translation>Could not watch %1: %2</translation>
    </message>
    <message>
        <source>Recording to %1.</source>
        <translation>Recording to %1.</translation>
    </message>
    <message>
        <source>Keyspace notifications are off on this server: changes are found by re-reading the keys every %1 ms and rescanning. &lt;code&gt;%2&lt;/code&gt; would turn them on.</source>
        <translation>Keyspace notifications are off on this server: changes are found by re-reading the keys every %1 ms and rescanning. &lt;code&gt;%2&lt;/code&gt; would turn them on.</translation>
    </message>
    <message>
        <source>Keyspace notifications are only partly on (%1): some changes are found by re-reading. &lt;code&gt;%2&lt;/code&gt; would turn on what is missing.</source>
        <translation>Keyspace notifications are only partly on (%1): some changes are found by re-reading. &lt;code&gt;%2&lt;/code&gt; would turn on what is missing.</translation>
    </message>
    <message>
        <source>LockScope may not read this server&apos;s notification settings (CONFIG GET was refused): changes are found by re-reading the keys.</source>
        <translation>LockScope may not read this server&apos;s notification settings (CONFIG GET was refused): changes are found by re-reading the keys.</translation>
    </message>
    <message>
        <source>Sends %1 after a confirmation</source>
        <translation>Sends %1 after a confirmation</translation>
    </message>
    <message>
        <source>This profile is read-only: allow writes in the profile to send it from here, or have an administrator run it.</source>
        <translation>This profile is read-only: allow writes in the profile to send it from here, or have an administrator run it.</translation>
    </message>
    <message>
        <source>Delete the selected lock key (Delete), after a confirmation naming the key and the server</source>
        <translation>Delete the selected lock key (Delete), after a confirmation naming the key and the server</translation>
    </message>
    <message>
        <source>Read-only: allow writes in the profile to force-release a lock</source>
        <translation>Read-only: allow writes in the profile to force-release a lock</translation>
    </message>
    <message>
        <source>Anomalies (%1)</source>
        <translation>Anomalies (%1)</translation>
    </message>
    <message>
        <source>… and %1 more (select a key to see its own).</source>
        <translation>… and %1 more (select a key to see its own).</translation>
    </message>
    <message>
        <source>Force release needs a connection to the server (this is not live).</source>
        <translation>Force release needs a connection to the server (this is not live).</translation>
    </message>
    <message>
        <source>Not sent: the profile &quot;%1&quot; is read-only, and DEL %2 on %3 is a write. Allow writes in the profile to force-release locks.</source>
        <translation>Not sent: the profile &quot;%1&quot; is read-only, and DEL %2 on %3 is a write. Allow writes in the profile to force-release locks.</translation>
    </message>
    <message>
        <source>an unknown owner</source>
        <translation>an unknown owner</translation>
    </message>
    <message>
        <source>Delete the lock key &quot;%1&quot; on %2?

Its owner (%3) will go on as if it held the lock, and the next client can take it at once: do this only for a lock whose owner is gone.</source>
        <translation>Delete the lock key &quot;%1&quot; on %2?

Its owner (%3) will go on as if it held the lock, and the next client can take it at once: do this only for a lock whose owner is gone.</translation>
    </message>
    <message>
        <source>Cancelled: nothing was sent.</source>
        <translation>Cancelled: nothing was sent.</translation>
    </message>
    <message numerus="yes">
        <source>DEL %1 on %2: %n key(s) deleted.</source>
        <translation>
            <numerusform>DEL %1 on %2: %n key deleted.</numerusform>
            <numerusform>DEL %1 on %2: %n keys deleted.</numerusform>
        </translation>
    </message>
    <message>
        <source>DEL %1 on %2 failed: %3</source>
        <translation>DEL %1 on %2 failed: %3</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Not connected.</translation>
    </message>
    <message>
        <source>Not sent: the profile &quot;%1&quot; is read-only, and %2 on %3 is a write.</source>
        <translation>Not sent: the profile &quot;%1&quot; is read-only, and %2 on %3 is a write.</translation>
    </message>
    <message>
        <source>Send

%1

to %2? It changes the server&apos;s configuration for every client (until the server restarts, unless the configuration is saved).</source>
        <translation>Send

%1

to %2? It changes the server&apos;s configuration for every client (until the server restarts, unless the configuration is saved).</translation>
    </message>
    <message>
        <source>Connect first: a recording holds a live session&apos;s history.</source>
        <translation>Connect first: a recording holds a live session&apos;s history.</translation>
    </message>
    <message>
        <source>Cannot write the recording to %1: %2</source>
        <translation>Cannot write the recording to %1: %2</translation>
    </message>
    <message>
        <source>Record the session</source>
        <translation>Record the session</translation>
    </message>
    <message>
        <source>Event logs (*.jsonl);;All files (*)</source>
        <translation>Event logs (*.jsonl);;All files (*)</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Record</translation>
    </message>
    <message>
        <source>Open a recording</source>
        <translation>Open a recording</translation>
    </message>
    <message>
        <source>Open recording</source>
        <translation>Open recording</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>Cannot open %1: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Cannot watch %1: %2. Trying again until you press Stop.</source>
        <translation>Cannot watch %1: %2. Trying again until you press Stop.</translation>
    </message>
    <message>
        <source>The history of the watched keys appears here once the first scan is done.</source>
        <translation>The history of the watched keys appears here once the first scan is done.</translation>
    </message>
    <message>
        <source>Older history (before %1) was dropped from memory; Record keeps all of it in a file.</source>
        <translation>Older history (before %1) was dropped from memory; Record keeps all of it in a file.</translation>
    </message>
    <message>
        <source>Older history (before %1) is in the recording %2.</source>
        <translation>Older history (before %1) is in the recording %2.</translation>
    </message>
    <message>
        <source>… and %1 earlier lease findings (in the recording).</source>
        <translation>… and %1 earlier lease findings (in the recording).</translation>
    </message>
    <message>
        <source>What if…</source>
        <translation>What if…</translation>
    </message>
    <message>
        <source>Replay the part of the history the History shows in the simulator: the workspace opens its acquisitions as a scenario, to run under any strategy and add faults, and the Compare page gets it to compare every strategy (Ctrl+Shift+W)</source>
        <translation>Replay the part of the history the History shows in the simulator: the workspace opens its acquisitions as a scenario, to run under any strategy and add faults, and the Compare page gets it to compare every strategy (Ctrl+Shift+W)</translation>
    </message>
    <message>
        <source>Nothing to replay yet: connect, or open a recording, first.</source>
        <translation>Nothing to replay yet: connect, or open a recording, first.</translation>
    </message>
    <message>
        <source>Nothing to replay: no lock was acquired in this part of the history (zoom the History out, or record longer).</source>
        <translation>Nothing to replay: no lock was acquired in this part of the history (zoom the History out, or record longer).</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>Cannot create the folder %1.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Cannot write %1: %2</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::PasswordStore</name>
    <message>
        <source>no system keychain</source>
        <translation>no system keychain</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::PlaybackBar</name>
    <message>
        <source>1/%1×</source>
        <translation>1/%1×</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Go to the start (Home)</source>
        <translation>Go to the start (Home)</translation>
    </message>
    <message>
        <source>Previous event (,)</source>
        <translation>Previous event (,)</translation>
    </message>
    <message>
        <source>Next event (.)</source>
        <translation>Next event (.)</translation>
    </message>
    <message>
        <source>Pause (Space)</source>
        <translation>Pause (Space)</translation>
    </message>
    <message>
        <source>Play (Space)</source>
        <translation>Play (Space)</translation>
    </message>
    <message>
        <source>Playback speed, in simulated time ([ and ] change it)</source>
        <translation>Playback speed, in simulated time ([ and ] change it)</translation>
    </message>
    <message>
        <source>Drag to any instant of the run</source>
        <translation>Drag to any instant of the run</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ProfileDialog</name>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>Host:</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>Port:</translation>
    </message>
    <message>
        <source>Database:</source>
        <translation>Database:</translation>
    </message>
    <message>
        <source>Unix socket:</source>
        <translation>Unix socket:</translation>
    </message>
    <message>
        <source>User (ACL):</source>
        <translation>User (ACL):</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Password:</translation>
    </message>
    <message>
        <source>CA file:</source>
        <translation>CA file:</translation>
    </message>
    <message>
        <source>Client certificate:</source>
        <translation>Client certificate:</translation>
    </message>
    <message>
        <source>Client key:</source>
        <translation>Client key:</translation>
    </message>
    <message>
        <source>Sentinels:</source>
        <translation>Sentinels:</translation>
    </message>
    <message>
        <source>Master name:</source>
        <translation>Master name:</translation>
    </message>
    <message>
        <source>Key pattern:</source>
        <translation>Key pattern:</translation>
    </message>
    <message>
        <source>TTL above (s):</source>
        <translation>TTL above (s):</translation>
    </message>
    <message>
        <source>Held longer than (s):</source>
        <translation>Held longer than (s):</translation>
    </message>
    <message>
        <source>Owner changes per minute above:</source>
        <translation>Owner changes per minute above:</translation>
    </message>
    <message>
        <source>Queue not moving for (s):</source>
        <translation>Queue not moving for (s):</translation>
    </message>
    <message>
        <source>Locks per owner above:</source>
        <translation>Locks per owner above:</translation>
    </message>
    <message>
        <source>Choose a PEM file</source>
        <translation>Choose a PEM file</translation>
    </message>
    <message>
        <source>Connection profile</source>
        <translation>Connection profile</translation>
    </message>
    <message>
        <source>Keep in the system keychain</source>
        <translation>Keep in the system keychain</translation>
    </message>
    <message>
        <source>The password is kept by the system keychain, never in LockScope&apos;s settings.</source>
        <translation>The password is kept by the system keychain, never in LockScope&apos;s settings.</translation>
    </message>
    <message>
        <source>No system keychain answers here: LockScope asks for the password each time and never writes it anywhere.</source>
        <translation>No system keychain answers here: LockScope asks for the password each time and never writes it anywhere.</translation>
    </message>
    <message>
        <source>Redis Cluster (the address is any node: every master is scanned)</source>
        <translation>Redis Cluster (the address is any node: every master is scanned)</translation>
    </message>
    <message>
        <source>/run/redis/redis.sock (instead of host and port)</source>
        <translation>/run/redis/redis.sock (instead of host and port)</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>the system&apos;s CA store</source>
        <translation>the system&apos;s CA store</translation>
    </message>
    <message>
        <source>Sentinel (follows failovers)</source>
        <translation>Sentinel (follows failovers)</translation>
    </message>
    <message>
        <source>10.0.0.7:26379, 10.0.0.8:26379</source>
        <translation>10.0.0.7:26379, 10.0.0.8:26379</translation>
    </message>
    <message>
        <source>What to watch</source>
        <translation>What to watch</translation>
    </message>
    <message>
        <source>Allow writes (force-release a lock, enable notifications)</source>
        <translation>Allow writes (force-release a lock, enable notifications)</translation>
    </message>
    <message>
        <source>Off by default: the connection then refuses every write command before it is sent. Each write still asks for confirmation.</source>
        <translation>Off by default: the connection then refuses every write command before it is sent. Each write still asks for confirmation.</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Browse…</translation>
    </message>
    <message>
        <source>(unchanged)</source>
        <translation>(unchanged)</translation>
    </message>
    <message>
        <source>CA folder:</source>
        <translation>CA folder:</translation>
    </message>
    <message>
        <source>Server name (SNI):</source>
        <translation>Server name (SNI):</translation>
    </message>
    <message>
        <source>Choose a folder of CA certificates (PEM)</source>
        <translation>Choose a folder of CA certificates (PEM)</translation>
    </message>
    <message>
        <source>a folder of PEM files</source>
        <translation>a folder of PEM files</translation>
    </message>
    <message>
        <source>the host</source>
        <translation>the host</translation>
    </message>
    <message>
        <source>Do not verify the server&apos;s certificate (insecure)</source>
        <translation>Do not verify the server&apos;s certificate (insecure)</translation>
    </message>
    <message>
        <source>Anyone on the network path can pose as the server and read the password. Use it only to try a test server.</source>
        <translation>Anyone on the network path can pose as the server and read the password. Use it only to try a test server.</translation>
    </message>
    <message>
        <source>Redlock nodes:</source>
        <translation>Redlock nodes:</translation>
    </message>
    <message>
        <source>10.0.0.8:6379, 10.0.0.9:6379 (the other nodes)</source>
        <translation>10.0.0.8:6379, 10.0.0.9:6379 (the other nodes)</translation>
    </message>
    <message>
        <source>A Redlock deployment: the other independent servers its locks are taken on, each reached with this profile&apos;s user, password, TLS and database. The monitor watches them together and says who holds each key&apos;s majority.</source>
        <translation>A Redlock deployment: the other independent servers its locks are taken on, each reached with this profile&apos;s user, password, TLS and database. The monitor watches them together and says who holds each key&apos;s majority.</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::RunToolBar</name>
    <message>
        <source>Run</source>
        <translation>Run</translation>
    </message>
    <message>
        <source>&amp;Scenario</source>
        <translation>&amp;Scenario</translation>
    </message>
    <message>
        <source>S&amp;trategy</source>
        <translation>S&amp;trategy</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>Clients</source>
        <translation>Clients</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>Wait</translation>
    </message>
    <message>
        <source>The same scenario, strategy and seed always give the same run</source>
        <translation>The same scenario, strategy and seed always give the same run</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>scenario&apos;s</source>
        <translation>scenario&apos;s</translation>
    </message>
    <message>
        <source>spin</source>
        <translation>spin</translation>
    </message>
    <message>
        <source>backoff</source>
        <translation>backoff</translation>
    </message>
    <message>
        <source>pub/sub</source>
        <translation>pub/sub</translation>
    </message>
    <message>
        <source>How a client waits for a busy lock</source>
        <translation>How a client waits for a busy lock</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Clear</translation>
    </message>
    <message numerus="yes">
        <source>%n fault(s) added by hand</source>
        <translation>
            <numerusform>%n fault added by hand</numerusform>
            <numerusform>%n faults added by hand</numerusform>
        </translation>
    </message>
    <message>
        <source>Right-click a lane to add a fault</source>
        <translation>Right-click a lane to add a fault</translation>
    </message>
    <message>
        <source>your scripts</source>
        <translation>your scripts</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::TimelineWidget</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>not started</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>idle</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>waiting</translation>
    </message>
    <message>
        <source>holds the lock</source>
        <translation>holds the lock</translation>
    </message>
    <message>
        <source>releasing</source>
        <translation>releasing</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>crashed</translation>
    </message>
    <message>
        <source>Zoom &amp;Back</source>
        <translation>Zoom &amp;Back</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>&amp;Reset Zoom</translation>
    </message>
    <message>
        <source>&amp;Fit Whole Run</source>
        <translation>&amp;Fit Whole Run</translation>
    </message>
    <message>
        <source>LOCK KEYS IN REDIS</source>
        <translation>LOCK KEYS IN REDIS</translation>
    </message>
    <message>
        <source>CLIENTS</source>
        <translation>CLIENTS</translation>
    </message>
    <message>
        <source>critical section · paused</source>
        <translation>critical section · paused</translation>
    </message>
    <message>
        <source>critical section</source>
        <translation>critical section</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>paused</translation>
    </message>
    <message>
        <source>TTL left</source>
        <translation>TTL left</translation>
    </message>
    <message>
        <source>no TTL</source>
        <translation>no TTL</translation>
    </message>
    <message>
        <source>two holders at once</source>
        <translation>two holders at once</translation>
    </message>
    <message>
        <source>acquired</source>
        <translation>acquired</translation>
    </message>
    <message>
        <source>released</source>
        <translation>released</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>expired</translation>
    </message>
    <message>
        <source>renewed</source>
        <translation>renewed</translation>
    </message>
    <message>
        <source>deleted another client&apos;s lock</source>
        <translation>deleted another client&apos;s lock</translation>
    </message>
    <message>
        <source>Choose a scenario and a strategy, then press Run (Ctrl+R).</source>
        <translation>Choose a scenario and a strategy, then press Run (Ctrl+R).</translation>
    </message>
    <message>
        <source>t = %1</source>
        <translation>t = %1</translation>
    </message>
    <message>
        <source>waiting for %1</source>
        <translation>waiting for %1</translation>
    </message>
    <message>
        <source>holds %1</source>
        <translation>holds %1</translation>
    </message>
    <message>
        <source>%1 down</source>
        <translation>%1 down</translation>
    </message>
    <message>
        <source>%1 deleted %2&apos;s lock</source>
        <translation>%1 deleted %2&apos;s lock</translation>
    </message>
    <message>
        <source>failover</source>
        <translation>failover</translation>
    </message>
    <message>
        <source>clock %1%2 s</source>
        <translation>clock %1%2 s</translation>
    </message>
    <message numerus="yes">
        <source>%n inside at once</source>
        <translation>
            <numerusform>%n inside at once</numerusform>
            <numerusform>%n inside at once</numerusform>
        </translation>
    </message>
    <message>
        <source>no TTL!</source>
        <translation>no TTL!</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>on %1</translation>
    </message>
    <message>
        <source>node down</source>
        <translation>node down</translation>
    </message>
    <message>
        <source>free</source>
        <translation>free</translation>
    </message>
    <message>
        <source>%1 · %2 s left</source>
        <translation>%1 · %2 s left</translation>
    </message>
    <message>
        <source>%1 at %2: %3</source>
        <translation>%1 at %2: %3</translation>
    </message>
    <message>
        <source>in the critical section from %1 to %2</source>
        <translation>in the critical section from %1 to %2</translation>
    </message>
    <message>
        <source>paused from %1 to %2</source>
        <translation>paused from %1 to %2</translation>
    </message>
    <message>
        <source>%1 on %2 at %3: not held</source>
        <translation>%1 on %2 at %3: not held</translation>
    </message>
    <message>
        <source>%1 on %2 at %3: %4&apos;s lock, value %5</source>
        <translation>%1 on %2 at %3: %4&apos;s lock, value %5</translation>
    </message>
    <message>
        <source>no TTL: it never expires</source>
        <translation>no TTL: it never expires</translation>
    </message>
    <message>
        <source>TTL left %1 ms; expires at %2 unless renewed</source>
        <translation>TTL left %1 ms; expires at %2 unless renewed</translation>
    </message>
    <message>
        <source>%1 → %2: %3</source>
        <translation>%1 → %2: %3</translation>
    </message>
    <message>
        <source>holds nothing</source>
        <translation>holds nothing</translation>
    </message>
    <message numerus="yes">
        <source>holds %n lock(s)</source>
        <translation>
            <numerusform>holds %n lock</numerusform>
            <numerusform>holds %n locks</numerusform>
        </translation>
    </message>
    <message>
        <source>release found the lock gone</source>
        <translation>release found the lock gone</translation>
    </message>
    <message>
        <source>gave up waiting</source>
        <translation>gave up waiting</translation>
    </message>
    <message>
        <source>wrote to the resource</source>
        <translation>wrote to the resource</translation>
    </message>
    <message>
        <source>stale write rejected</source>
        <translation>stale write rejected</translation>
    </message>
    <message>
        <source>reply lost</source>
        <translation>reply lost</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>deleted</translation>
    </message>
    <message>
        <source>lost with the node&apos;s data</source>
        <translation>lost with the node&apos;s data</translation>
    </message>
    <message>
        <source>node crashed</source>
        <translation>node crashed</translation>
    </message>
    <message>
        <source>node restarted</source>
        <translation>node restarted</translation>
    </message>
    <message>
        <source>node clock jump</source>
        <translation>node clock jump</translation>
    </message>
    <message>
        <source>command sent</source>
        <translation>command sent</translation>
    </message>
    <message>
        <source>caption (hover to read)</source>
        <translation>caption (hover to read)</translation>
    </message>
    <message>
        <source>%1 restarted</source>
        <translation>%1 restarted</translation>
    </message>
    <message>
        <source>not seen</source>
        <translation>not seen</translation>
    </message>
    <message>
        <source>gap: the monitor could not see</source>
        <translation>gap: the monitor could not see</translation>
    </message>
    <message>
        <source>not seen (the monitor&apos;s gap)</source>
        <translation>not seen (the monitor&apos;s gap)</translation>
    </message>
    <message>
        <source>model</source>
        <translation>model</translation>
    </message>
    <message>
        <source>real</source>
        <translation>real</translation>
    </message>
    <message>
        <source>renewed late</source>
        <translation>renewed late</translation>
    </message>
    <message>
        <source>majority (%1 of %2 nodes)</source>
        <translation>majority (%1 of %2 nodes)</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::WorkspacePage</name>
    <message>
        <source>Space: play/pause · , and . : previous/next event · W/S: zoom · A/D: pan · F: fit · right-click a lane to inject a fault</source>
        <translation>Space: play/pause · , and . : previous/next event · W/S: zoom · A/D: pan · F: fit · right-click a lane to inject a fault</translation>
    </message>
    <message>
        <source>Cannot run</source>
        <translation>Cannot run</translation>
    </message>
    <message numerus="yes">
        <source>%n recent scenario file(s) could not be read: %1</source>
        <translation>
            <numerusform>%n recent scenario file could not be read: %1</numerusform>
            <numerusform>%n recent scenario files could not be read: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>The scenario or strategy of this run is not known here.</source>
        <translation>The scenario or strategy of this run is not known here.</translation>
    </message>
    <message>
        <source>Cannot run: %1</source>
        <translation>Cannot run: %1</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>Cannot open %1</translation>
    </message>
    <message>
        <source>Cannot Open the Scenario File</source>
        <translation>Cannot Open the Scenario File</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>Opened %1</translation>
    </message>
    <message>
        <source>%1 — %2 → %3: %4</source>
        <translation>%1 — %2 → %3: %4</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export failed</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>Exported to %1</translation>
    </message>
    <message>
        <source>Running %1 with %2… (Esc cancels)</source>
        <translation>Running %1 with %2… (Esc cancels)</translation>
    </message>
    <message>
        <source>your scripts</source>
        <translation>your scripts</translation>
    </message>
    <message>
        <source>Run cancelled.</source>
        <translation>Run cancelled.</translation>
    </message>
    <message>
        <source>Lua scripts (*.lua);;All files (*)</source>
        <translation>Lua scripts (*.lua);;All files (*)</translation>
    </message>
    <message>
        <source>Your Acquire Script</source>
        <translation>Your Acquire Script</translation>
    </message>
    <message>
        <source>Your Release Script</source>
        <translation>Your Release Script</translation>
    </message>
    <message>
        <source>Cannot Use These Scripts</source>
        <translation>Cannot Use These Scripts</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Cannot run on real Redis</source>
        <translation>Cannot run on real Redis</translation>
    </message>
    <message>
        <source>local redis-server processes</source>
        <translation>local redis-server processes</translation>
    </message>
    <message>
        <source>Playing %1 with %2 on real Redis… (Esc cancels)</source>
        <translation>Playing %1 with %2 on real Redis… (Esc cancels)</translation>
    </message>
    <message>
        <source>Run on Your Own Redis</source>
        <translation>Run on Your Own Redis</translation>
    </message>
    <message>
        <source>The run shown changed; the live run was dropped.</source>
        <translation>The run shown changed; the live run was dropped.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; names a Sentinel or a Cluster; a live run needs the server of each lock node: choose a profile of one server, or give its URL</source>
        <translation>&quot;%1&quot; names a Sentinel or a Cluster; a live run needs the server of each lock node: choose a profile of one server, or give its URL</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is read-only (Allow writes is off in the profile), and a live run writes its lock keys: allow writes there, or give a URL</source>
        <translation>&quot;%1&quot; is read-only (Allow writes is off in the profile), and a live run writes its lock keys: allow writes there, or give a URL</translation>
    </message>
    <message>
        <source>Profile %1</source>
        <translation>Profile %1</translation>
    </message>
    <message>
        <source>A saved connection profile, or your servers as redis:// URLs, one per lock node, separated by commas. Only the client-side faults are done there; the keys go under a random prefix and are deleted afterwards.</source>
        <translation>A saved connection profile, or your servers as redis:// URLs, one per lock node, separated by commas. Only the client-side faults are done there; the keys go under a random prefix and are deleted afterwards.</translation>
    </message>
</context>
</TS>
