<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AnomalyRules</name>
    <message>
        <source>its owner</source>
        <translation>它的持有者</translation>
    </message>
    <message>
        <source>%1 has no TTL: if %2 dies, nobody can ever take it (a stuck lock).</source>
        <translation>%1 没有过期时间：一旦 %2 崩溃，谁也无法再拿到这把锁（死锁）。</translation>
    </message>
    <message>
        <source>%1 has a TTL of %2 (above %3): if %4 dies, everyone else waits that long.</source>
        <translation>%1 的过期时间为 %2（超过 %3）：一旦 %4 崩溃，其他客户端都要等这么久。</translation>
    </message>
    <message>
        <source>%1 has held %2 for %3 (above %4).</source>
        <translation>%1 已持有 %2 达 %3（超过 %4）。</translation>
    </message>
    <message>
        <source>%1 changed owner %2 times in the last minute (above %3): heavy contention, or leases shorter than the work.</source>
        <translation>%1 在最近一分钟内换了 %2 次持有者（超过 %3）：竞争激烈，或者租期比业务执行时间短。</translation>
    </message>
    <message>
        <source>the queue %1 has had %2 first for %3 (above %4): the waiter may be gone, and everyone behind it waits.</source>
        <translation>队列 %1 的队首已是 %2 达 %3（超过 %4）：该等待者可能已经不在了，排在后面的都在等。</translation>
    </message>
    <message>
        <source>%1 holds %2 locks at once (above %3), %4 among them.</source>
        <translation>%1 同时持有 %2 把锁（超过 %3），其中包括 %4。</translation>
    </message>
    <message>
        <source>the failover</source>
        <translation>故障转移</translation>
    </message>
    <message>
        <source>the restart</source>
        <translation>重启</translation>
    </message>
    <message>
        <source>%1 was lost with %2 while %3 held it, and %3 wrote it again: it went on as if it still held the lock.</source>
        <translation>%1 在 %3 持有期间随%2丢失，而 %3 又把它写了回去：它仍以为自己持有这把锁。</translation>
    </message>
    <message>
        <source>%1 was lost with %2 while %3 held it; %4 holds it now, while %3 may still believe it holds it (two holders).</source>
        <translation>%1 在 %3 持有期间随%2丢失；现在由 %4 持有，而 %3 可能仍以为自己持有它（两个持有者）。</translation>
    </message>
</context>
<context>
    <name>CellExplanation</name>
    <message>
        <source>Seed %1: %2</source>
        <translation>种子 %1：%2</translation>
    </message>
    <message>
        <source>%1&apos;s known weakness: %2</source>
        <translation>%1 的已知弱点：%2</translation>
    </message>
</context>
<context>
    <name>CompareExport</name>
    <message>
        <source>LockScope: the cost of each strategy</source>
        <translation>LockScope：各策略的代价</translation>
    </message>
    <message>
        <source>LockScope: which lock to choose</source>
        <translation>LockScope：该选哪种锁</translation>
    </message>
    <message>
        <source>%1 scenario(s) × %2 strategies × %3 seeds; %4 of %5 cells finished. Generated %6.</source>
        <translation>%1 个场景 × %2 个策略 × %3 个种子；%5 格中已完成 %4 格。生成于 %6。</translation>
    </message>
    <message>
        <source>Safety matrix</source>
        <translation>安全矩阵</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>代价</translation>
    </message>
    <message>
        <source>strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>charts of the cost table</source>
        <translation>代价表的图表</translation>
    </message>
    <message>
        <source>Why the unsafe cells are unsafe</source>
        <translation>不安全的格子为什么不安全</translation>
    </message>
    <message>
        <source>%1 with %2</source>
        <translation>%1 + %2</translation>
    </message>
    <message>
        <source>No cell is unsafe.</source>
        <translation>没有不安全的格子。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>safe: no violation, mistaken deletion, stuck lock or lost update in any run (a fencing strategy whose stale writes were all rejected is safe for the resource). UNSAFE n/m: n of m runs had a violation, a mistaken deletion, a stuck lock or a lost update. liveness loss: safe, but a client starved or an acquire gave up.</source>
        <translation>安全：所有运行中都没有互斥被破坏、误删、死锁或丢失更新（过期写入全部被资源拒绝的 fencing 策略对资源而言是安全的）。不安全 n/m：m 次运行中有 n 次出现了互斥被破坏、误删、死锁或丢失更新。活性受损：安全，但有客户端饥饿或放弃了加锁。</translation>
    </message>
</context>
<context>
    <name>Connection</name>
    <message>
        <source>%1 answered with an error: %2</source>
        <translation>%1 返回了错误：%2</translation>
    </message>
    <message>
        <source>a key on %1 holds the wrong kind of value for this command (%2)</source>
        <translation>%1 上的某个键的值类型不适用于该命令（%2）</translation>
    </message>
    <message>
        <source>the script is not in the script cache of %1 (NOSCRIPT)</source>
        <translation>脚本不在 %1 的脚本缓存中（NOSCRIPT）</translation>
    </message>
    <message>
        <source>%1 requires a password and none was given (NOAUTH)</source>
        <translation>%1 需要密码，但没有提供（NOAUTH）</translation>
    </message>
    <message>
        <source>%1 requires authentication and this connection is not authenticated (NOAUTH)</source>
        <translation>%1 需要认证，而此连接尚未认证（NOAUTH）</translation>
    </message>
    <message>
        <source>a password was given but %1 has no password set for user &apos;default&apos;</source>
        <translation>提供了密码，但 %1 没有为用户 &apos;default&apos; 设置密码</translation>
    </message>
    <message>
        <source>wrong password for user &apos;%1&apos; on %2 (or the user is disabled)</source>
        <translation>%2 上用户 &apos;%1&apos; 的密码错误（或该用户已被禁用）</translation>
    </message>
    <message>
        <source>user &apos;%1&apos; is not allowed to do this on %2: %3</source>
        <translation>用户 &apos;%1&apos; 无权在 %2 上执行此操作：%3</translation>
    </message>
    <message>
        <source>%1 is a read-only replica: writes must go to its master (READONLY)</source>
        <translation>%1 是只读副本：写操作必须发往它的主节点（READONLY）</translation>
    </message>
    <message>
        <source>%1 is still loading its dataset into memory; try again in a moment (LOADING)</source>
        <translation>%1 仍在把数据集加载到内存；请稍后再试（LOADING）</translation>
    </message>
    <message>
        <source>%1 is a Redis Cluster node and redirected the request (%2); LockScope does not follow cluster redirects, so connect to the node that owns the key</source>
        <translation>%1 是 Redis Cluster 节点，已将请求重定向（%2）；LockScope 不跟随集群重定向，请直接连接持有该键的节点</translation>
    </message>
    <message>
        <source>%1 is busy running a script or function (BUSY); it answers again when the script ends or after SCRIPT KILL</source>
        <translation>%1 正忙于执行脚本或函数（BUSY）；脚本结束或执行 SCRIPT KILL 后才会再次应答</translation>
    </message>
    <message>
        <source>no answer from %1 in time: %2</source>
        <translation>%1 未在时限内应答：%2</translation>
    </message>
    <message>
        <source>not sent to %1: %2</source>
        <translation>未发送到 %1：%2</translation>
    </message>
    <message>
        <source>%1 (giving up after %2 reconnect attempts)</source>
        <translation>%1（重连 %2 次后放弃）</translation>
    </message>
    <message>
        <source>timeout: cannot connect to %1 within %2 ms</source>
        <translation>超时：%2 ms 内无法连接到 %1</translation>
    </message>
    <message>
        <source>timeout: no answer from %1 (%2)</source>
        <translation>超时：%1 没有应答（%2）</translation>
    </message>
    <message>
        <source>timeout after %1 ms (never sent: %2)</source>
        <translation>%1 ms 后超时（从未发出：%2）</translation>
    </message>
    <message>
        <source>timeout after %1 ms</source>
        <translation>%1 ms 后超时</translation>
    </message>
    <message>
        <source>not connected to %1</source>
        <translation>未连接到 %1</translation>
    </message>
    <message>
        <source>connection refused: cannot connect to %1 (is redis-server running and listening there?)</source>
        <translation>连接被拒绝：无法连接到 %1（redis-server 是否在运行并监听该地址？）</translation>
    </message>
    <message>
        <source>connection refused: cannot connect to %1: %2 (is redis-server running with this unixsocket?)</source>
        <translation>连接被拒绝：无法连接到 %1：%2（redis-server 是否在运行并使用这个 unixsocket？）</translation>
    </message>
    <message>
        <source>host not found: cannot connect to %1: %2</source>
        <translation>找不到主机：无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>disconnected: %1 closed the connection</source>
        <translation>连接断开：%1 关闭了连接</translation>
    </message>
    <message>
        <source>disconnected: connection to %1 lost: %2</source>
        <translation>连接断开：与 %1 的连接丢失：%2</translation>
    </message>
    <message>
        <source>disconnected: cannot connect to %1: %2</source>
        <translation>连接断开：无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>protocol error: %1 sent data that is not RESP (%2)</source>
        <translation>协议错误：%1 发来的数据不是 RESP（%2）</translation>
    </message>
    <message>
        <source>protocol error: cannot parse the reply from %1 (%2)</source>
        <translation>协议错误：无法解析 %1 的回复（%2）</translation>
    </message>
    <message>
        <source>protocol error: %1 sent a reply nobody asked for (%2)</source>
        <translation>协议错误：%1 发来了一个没有对应请求的回复（%2）</translation>
    </message>
    <message>
        <source>protocol error: empty command, not sent</source>
        <translation>协议错误：空命令，未发送</translation>
    </message>
    <message>
        <source>%1 is a write command and this connection is read-only</source>
        <translation>%1 是写命令，而这个连接是只读的</translation>
    </message>
    <message>
        <source>TLS error: cannot connect to %1: this Qt has no working TLS backend (OpenSSL)</source>
        <translation>TLS 错误：无法连接到 %1：此 Qt 没有可用的 TLS 后端（OpenSSL）</translation>
    </message>
    <message>
        <source>TLS error: cannot connect to %1: %2</source>
        <translation>TLS 错误：无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>TLS error: the TLS session with %1 failed: %2</source>
        <translation>TLS 错误：与 %1 的 TLS 会话失败：%2</translation>
    </message>
    <message>
        <source>TLS error: the TLS handshake with %1 failed: %2</source>
        <translation>TLS 错误：与 %1 的 TLS 握手失败：%2</translation>
    </message>
    <message>
        <source>TLS error: %1 closed the connection during the TLS handshake (is it a TLS port? does it require a client certificate?)</source>
        <translation>TLS 错误：%1 在 TLS 握手期间关闭了连接（这是 TLS 端口吗？它是否要求客户端证书？）</translation>
    </message>
    <message>
        <source>cannot read a CA certificate (PEM) from &apos;%1&apos;</source>
        <translation>无法从 &apos;%1&apos; 读取 CA 证书（PEM）</translation>
    </message>
    <message>
        <source>cannot read a client certificate (PEM) from &apos;%1&apos;</source>
        <translation>无法从 &apos;%1&apos; 读取客户端证书（PEM）</translation>
    </message>
    <message>
        <source>cannot read the private key &apos;%1&apos; (an unencrypted PEM RSA, EC or DSA key is needed)</source>
        <translation>无法读取私钥 &apos;%1&apos;（需要未加密的 PEM 格式 RSA、EC 或 DSA 密钥）</translation>
    </message>
    <message>
        <source>cannot read the private key &apos;%1&apos;: %2</source>
        <translation>无法读取私钥 &apos;%1&apos;：%2</translation>
    </message>
    <message>
        <source>a private key (%1) without a client certificate</source>
        <translation>给出了私钥（%1）却没有客户端证书</translation>
    </message>
</context>
<context>
    <name>ConnectionProfile</name>
    <message>
        <source>name at least one sentinel (host:port, separated by commas)</source>
        <translation>至少填写一个 Sentinel（host:port，以逗号分隔）</translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 不存在</translation>
    </message>
    <message>
        <source>%1 cannot be read</source>
        <translation>%1 无法读取</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>数据库</translation>
    </message>
    <message>
        <source>Unix socket</source>
        <translation>Unix 套接字</translation>
    </message>
    <message>
        <source>CA file</source>
        <translation>CA 文件</translation>
    </message>
    <message>
        <source>Client certificate</source>
        <translation>客户端证书</translation>
    </message>
    <message>
        <source>Client key</source>
        <translation>客户端私钥</translation>
    </message>
    <message>
        <source>Sentinels</source>
        <translation>Sentinel 列表</translation>
    </message>
    <message>
        <source>Master name</source>
        <translation>主节点名称</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>匹配模式</translation>
    </message>
    <message>
        <source>Thresholds</source>
        <translation>阈值</translation>
    </message>
    <message>
        <source>master %1 via %2</source>
        <translation>经 %2 找到主节点 %1</translation>
    </message>
    <message>
        <source>cluster via %1</source>
        <translation>经 %1 连接集群</translation>
    </message>
    <message>
        <source>give the profile a name</source>
        <translation>请给配置起个名称</translation>
    </message>
    <message>
        <source>a profile uses Sentinel or Cluster, not both</source>
        <translation>一个配置只能用 Sentinel 或集群，不能同时用</translation>
    </message>
    <message>
        <source>a Unix socket cannot be combined with %1</source>
        <translation>Unix 套接字不能与 %1 一起使用</translation>
    </message>
    <message>
        <source>Sentinel</source>
        <translation>Sentinel</translation>
    </message>
    <message>
        <source>empty: give the server&apos;s name or address</source>
        <translation>为空：请填写服务器的名称或地址</translation>
    </message>
    <message>
        <source>%1 is not a port (1-65535)</source>
        <translation>%1 不是端口号（1-65535）</translation>
    </message>
    <message>
        <source>the path must be absolute, got &quot;%1&quot;</source>
        <translation>路径必须是绝对路径，实际是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1 is not a database number</source>
        <translation>%1 不是数据库编号</translation>
    </message>
    <message>
        <source>a cluster has only database 0</source>
        <translation>集群只有 0 号数据库</translation>
    </message>
    <message>
        <source>a client certificate needs its key, and a key its certificate</source>
        <translation>客户端证书需要配上私钥，私钥也需要配上证书</translation>
    </message>
    <message>
        <source>give the name the sentinels know the master by</source>
        <translation>请填写 Sentinel 所知的主节点名称</translation>
    </message>
    <message>
        <source>empty: give a SCAN pattern such as *lock*</source>
        <translation>为空：请填写 SCAN 匹配模式，例如 *lock*</translation>
    </message>
    <message>
        <source>every threshold must be above zero</source>
        <translation>每个阈值都必须大于零</translation>
    </message>
    <message>
        <source>%1 is not a readable folder</source>
        <translation>%1 不是可读取的文件夹</translation>
    </message>
    <message>
        <source>CA folder</source>
        <translation>CA 文件夹</translation>
    </message>
    <message>
        <source>Server name (SNI)</source>
        <translation>服务器名（SNI）</translation>
    </message>
    <message>
        <source>a host name has no spaces, got &quot;%1&quot;</source>
        <translation>主机名不含空格，得到的是“%1”</translation>
    </message>
    <message>
        <source>Redlock nodes</source>
        <translation>Redlock 节点</translation>
    </message>
    <message>
        <source>Redlock: %1, %2</source>
        <translation>Redlock：%1、%2</translation>
    </message>
    <message>
        <source>Redlock nodes are independent servers at host:port, not %1</source>
        <translation>Redlock 节点是位于 host:port 的独立服务器，不能是 %1</translation>
    </message>
    <message>
        <source>a Unix socket</source>
        <translation>Unix 套接字</translation>
    </message>
</context>
<context>
    <name>DurationText</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
</context>
<context>
    <name>Explain</name>
    <message>
        <source>no TTL</source>
        <translation>无过期时间</translation>
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
        <translation>%1 在已持有 %2 的情况下再次请求加锁</translation>
    </message>
    <message>
        <source>%1 tries to acquire %2</source>
        <translation>%1 尝试对 %2 加锁</translation>
    </message>
    <message>
        <source>%1 acquired %2 after %3 ms</source>
        <translation>%1 等待 %3 ms 后拿到了 %2</translation>
    </message>
    <message>
        <source>%1 gave up waiting for %2</source>
        <translation>%1 放弃等待 %2</translation>
    </message>
    <message>
        <source>%1 starts its work on the shared counter</source>
        <translation>%1 开始修改共享计数器</translation>
    </message>
    <message>
        <source>%1 finished its work</source>
        <translation>%1 完成了工作</translation>
    </message>
    <message>
        <source>%1 wrote counter = %2</source>
        <translation>%1 写入 counter = %2</translation>
    </message>
    <message>
        <source>the resource refused %1&apos;s stale fencing token %2</source>
        <translation>资源拒绝了 %1 过期的 fencing 令牌 %2</translation>
    </message>
    <message>
        <source>%1 releases %2</source>
        <translation>%1 开始解锁 %2</translation>
    </message>
    <message>
        <source>%1 released %2</source>
        <translation>%1 已解锁 %2</translation>
    </message>
    <message>
        <source>%1&apos;s release found the lock no longer its own</source>
        <translation>%1 解锁时发现锁已不属于自己</translation>
    </message>
    <message>
        <source>%1&apos;s release got no answer</source>
        <translation>%1 的解锁请求没有收到应答</translation>
    </message>
    <message>
        <source>%1&apos;s watchdog renewed %2 (TTL %3 ms)</source>
        <translation>%1 的看门狗为 %2 续期（TTL %3 ms）</translation>
    </message>
    <message>
        <source>%1&apos;s watchdog found %2 gone</source>
        <translation>%1 的看门狗发现 %2 已不存在</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 pauses for %2 ms (stop-the-world)</source>
        <translation>%1 暂停 %2 ms（stop-the-world）</translation>
    </message>
    <message>
        <source>%1 wakes up</source>
        <translation>%1 恢复运行</translation>
    </message>
    <message>
        <source>%1 crashed</source>
        <translation>%1 崩溃了</translation>
    </message>
    <message>
        <source>%1 got no reply from %2 (%3)</source>
        <translation>%1 没有收到 %2 的应答（%3）</translation>
    </message>
    <message>
        <source>%1: %2 = %3 (%4)</source>
        <translation>%1：%2 = %3（%4）</translation>
    </message>
    <message>
        <source>%1: %2 now has %3</source>
        <translation>%1：%2 现在为 %3</translation>
    </message>
    <message>
        <source>%1: %2 was lost with the node&apos;s data</source>
        <translation>%1：%2 随节点数据一起丢失</translation>
    </message>
    <message>
        <source>%1: %2 deleted %3 — but it was %4&apos;s lock!</source>
        <translation>%1：%2 删除了 %3 —— 但那是 %4 的锁！</translation>
    </message>
    <message>
        <source>%1: %2 deleted %3</source>
        <translation>%1：%2 删除了 %3</translation>
    </message>
    <message>
        <source>%1: %2 expired</source>
        <translation>%1：%2 已过期</translation>
    </message>
    <message>
        <source>%1 went down</source>
        <translation>%1 宕机</translation>
    </message>
    <message>
        <source>%1 restarted with its data</source>
        <translation>%1 带着数据重启</translation>
    </message>
    <message>
        <source>%1 restarted empty (no persistence)</source>
        <translation>%1 清空重启（无持久化）</translation>
    </message>
    <message>
        <source>%1: its replica was promoted</source>
        <translation>%1：它的副本被提升为主节点</translation>
    </message>
    <message>
        <source>%1&apos;s clock jumped %2 ms</source>
        <translation>%1 的时钟跳变 %2 ms</translation>
    </message>
    <message>
        <source>%1 is cut off from %2</source>
        <translation>%1 与 %2 的网络被隔断</translation>
    </message>
    <message>
        <source>%1 can reach %2 again</source>
        <translation>%1 重新连上了 %2</translation>
    </message>
    <message>
        <source>» %1</source>
        <translation>» %1</translation>
    </message>
    <message>
        <source>Violation: %1 entered the critical section of %2 at %3 while %4 was still inside.</source>
        <translation>互斥被破坏：%1 在 %3 进入了 %2 的临界区，而 %4 仍在其中。</translation>
    </message>
    <message>
        <source>Mistaken deletion: at %1 %2 deleted %3 on %4, which held %5&apos;s lock.</source>
        <translation>误删：%1 时 %2 删除了 %4 上的 %3，而那时它是 %5 的锁。</translation>
    </message>
    <message>
        <source>Stuck lock: %1 on %2 has no TTL and its owner %3 is gone; nobody can ever take it.</source>
        <translation>死锁：%2 上的 %1 没有过期时间，且持有者 %3 已不在；谁也无法再拿到它。</translation>
    </message>
    <message>
        <source>Lost updates: %1 increment(s) of the counter were overwritten by overlapping work.</source>
        <translation>丢失更新：计数器有 %1 次递增被重叠的工作覆盖。</translation>
    </message>
    <message>
        <source>Starvation: %1 never got the lock.</source>
        <translation>饥饿：%1 始终没有拿到锁。</translation>
    </message>
</context>
<context>
    <name>Explore</name>
    <message>
        <source>client pause shorter than the TTL</source>
        <translation>客户端暂停，短于 TTL</translation>
    </message>
    <message>
        <source>client pause longer than the TTL</source>
        <translation>客户端暂停，长于 TTL</translation>
    </message>
    <message>
        <source>client crash</source>
        <translation>客户端崩溃</translation>
    </message>
    <message>
        <source>lost reply</source>
        <translation>回复丢失</translation>
    </message>
    <message>
        <source>reply delayed past the TTL</source>
        <translation>回复延迟超过 TTL</translation>
    </message>
    <message>
        <source>node crash (comes back with its data)</source>
        <translation>节点崩溃（带着数据恢复）</translation>
    </message>
    <message>
        <source>node restart without persistence</source>
        <translation>节点无持久化重启</translation>
    </message>
    <message>
        <source>failover losing an unreplicated write</source>
        <translation>故障转移，丢失未复制的写入</translation>
    </message>
    <message>
        <source>node clock jumps ahead</source>
        <translation>节点时钟向前跳变</translation>
    </message>
    <message>
        <source>1st</source>
        <translation>1</translation>
    </message>
    <message>
        <source>2nd</source>
        <translation>2</translation>
    </message>
    <message>
        <source>3rd</source>
        <translation>3</translation>
    </message>
    <message>
        <source>%1th</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>before %1 sends %2 (%3 time)</source>
        <translation>在 %1 发送 %2 之前（第 %3 次）</translation>
    </message>
    <message>
        <source>while the reply to %1&apos;s %2 is in flight (%3 time)</source>
        <translation>在 %1 的 %2 的回复途中（第 %3 次）</translation>
    </message>
    <message>
        <source>after %1 reads the reply to %2 (%3 time)</source>
        <translation>在 %1 读到 %2 的回复之后（第 %3 次）</translation>
    </message>
    <message>
        <source>when %1 reaches %2 (%3 time)</source>
        <translation>在 %1 到达 %2 时（第 %3 次）</translation>
    </message>
    <message>
        <source>%1 pauses %2 ms %3</source>
        <translation>%1 暂停 %2 ms，%3</translation>
    </message>
    <message>
        <source>%1 crashes %2</source>
        <translation>%1 崩溃，%2</translation>
    </message>
    <message>
        <source>the reply to %1&apos;s %2 is lost (%3 time)</source>
        <translation>%1 的 %2 的回复丢失（第 %3 次）</translation>
    </message>
    <message>
        <source>the reply to %1&apos;s %2 comes %3 ms late (%4 time)</source>
        <translation>%1 的 %2 的回复晚到 %3 ms（第 %4 次）</translation>
    </message>
    <message>
        <source>%1 crashes for %2 ms %3</source>
        <translation>%1 崩溃 %2 ms，%3</translation>
    </message>
    <message>
        <source>%1 restarts empty %2</source>
        <translation>%1 清空重启，%2</translation>
    </message>
    <message>
        <source>%1 fails over to its replica %2</source>
        <translation>%1 故障转移到副本，%2</translation>
    </message>
    <message>
        <source>%1&apos;s clock jumps %2 ms ahead %3</source>
        <translation>%1 的时钟向前跳 %2 ms，%3</translation>
    </message>
    <message>
        <source>1 fault</source>
        <translation>1 个故障</translation>
    </message>
    <message>
        <source>%1 faults</source>
        <translation>%1 个故障</translation>
    </message>
    <message>
        <source>violation</source>
        <translation>互斥破坏</translation>
    </message>
    <message>
        <source>mistaken deletion</source>
        <translation>误删</translation>
    </message>
    <message>
        <source>stuck lock</source>
        <translation>死锁</translation>
    </message>
    <message>
        <source>lost update</source>
        <translation>丢失的更新</translation>
    </message>
    <message>
        <source>starvation</source>
        <translation>饥饿</translation>
    </message>
    <message>
        <source>unknown finding &quot;%1&quot; (known: %2)</source>
        <translation>未知的问题种类 &quot;%1&quot;（已知：%2）</translation>
    </message>
    <message>
        <source>no finding kind given (known: %1)</source>
        <translation>没有给出问题种类（已知：%1）</translation>
    </message>
    <message>
        <source>Explore: %1</source>
        <translation>探索：%1</translation>
    </message>
    <message>
        <source>unknown strategy &quot;%1&quot; (known: %2)</source>
        <translation>未知策略 &quot;%1&quot;（已知：%2）</translation>
    </message>
    <message>
        <source>clients must be 1..8, got %1</source>
        <translation>客户端数必须在 1..8 之间，实际为 %1</translation>
    </message>
    <message>
        <source>cycles must be 1..10, got %1</source>
        <translation>轮数必须在 1..10 之间，实际为 %1</translation>
    </message>
    <message>
        <source>the TTL must be 10..600000 ms, got %1</source>
        <translation>TTL 必须在 10..600000 ms 之间，实际为 %1</translation>
    </message>
    <message>
        <source>the hold time must be 0..600000 ms, got %1</source>
        <translation>持有时间必须在 0..600000 ms 之间，实际为 %1</translation>
    </message>
    <message>
        <source>nodes must be 1..%1, got %2</source>
        <translation>节点数必须在 1..%1 之间，实际为 %2</translation>
    </message>
    <message>
        <source>the fault bound must be 0..%1, got %2</source>
        <translation>故障上限必须在 0..%1 之间，实际为 %2</translation>
    </message>
    <message>
        <source>no fault kind given applies to %1 (a failover needs a replica, and Redlock&apos;s nodes have none)</source>
        <translation>给出的故障种类都不适用于 %1（故障转移需要副本，而 Redlock 的节点没有副本）</translation>
    </message>
    <message>
        <source>%1 with no fault at all</source>
        <translation>%1：不需要任何故障</translation>
    </message>
    <message>
        <source>%1 with %2: %3</source>
        <translation>%1：%2，%3</translation>
    </message>
    <message>
        <source>no %1 in %2 schedules within %3 (%4)</source>
        <translation>在 %3 以内的 %2 个调度中没有%1（%4）</translation>
    </message>
    <message>
        <source>no faults</source>
        <translation>无故障</translation>
    </message>
    <message>
        <source>the workload fails with no fault: %1</source>
        <translation>不加任何故障，负载本身就失败了：%1</translation>
    </message>
    <message>
        <source>%1: %2 with %3</source>
        <translation>%1：%2，%3</translation>
    </message>
    <message>
        <source>No fault at all.</source>
        <translation>没有任何故障。</translation>
    </message>
    <message>
        <source>concurrent requests arrive in the other order</source>
        <translation>同时在途的请求以相反顺序到达</translation>
    </message>
    <message>
        <source>the resource</source>
        <translation>受保护的资源</translation>
    </message>
    <message>
        <source>%1&apos;s %2 is held back %3 ms, so %4&apos;s request reaches %5 first (%6 time)</source>
        <translation>%1 的 %2 被压后 %3 毫秒，于是 %4 的请求先到达 %5（第 %6 次）</translation>
    </message>
    <message>
        <source>the start stagger must be 0..60000 ms, got %1</source>
        <translation>启动间隔必须在 0..60000 毫秒之间，实际为 %1</translation>
    </message>
</context>
<context>
    <name>FaultMenus</name>
    <message>
        <source>%1 at %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>Pause %1 for 5 s (GC, VM migration)</source>
        <translation>让 %1 暂停 5 s（GC、虚拟机迁移）</translation>
    </message>
    <message>
        <source>Crash %1</source>
        <translation>让 %1 崩溃</translation>
    </message>
    <message>
        <source>Delay %1&apos;s next reply by 2 s</source>
        <translation>把 %1 的下一个应答延迟 2 s</translation>
    </message>
    <message>
        <source>Lose %1&apos;s next reply</source>
        <translation>丢弃 %1 的下一个应答</translation>
    </message>
    <message>
        <source>Crash %1 for 10 s (keeps its data)</source>
        <translation>让 %1 宕机 10 s（保留数据）</translation>
    </message>
    <message>
        <source>Restart %1 empty (no persistence)</source>
        <translation>清空重启 %1（无持久化）</translation>
    </message>
    <message>
        <source>Fail %1 over to its replica</source>
        <translation>把 %1 故障转移到它的副本</translation>
    </message>
    <message>
        <source>Fail over (this scenario has no replica)</source>
        <translation>故障转移（此场景没有副本）</translation>
    </message>
    <message>
        <source>Jump %1&apos;s clock forward 10 s</source>
        <translation>把 %1 的时钟向前拨 10 s</translation>
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
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Redis type</source>
        <translation>Redis 类型</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Hold count</source>
        <translation>持有次数</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Holders</source>
        <translation>持有者们</translation>
    </message>
    <message>
        <source>Waiters</source>
        <translation>等待者</translation>
    </message>
    <message>
        <source>First in queue</source>
        <translation>队首</translation>
    </message>
    <message>
        <source>Fencing counter</source>
        <translation>fencing 计数器</translation>
    </message>
    <message>
        <source>Belongs to</source>
        <translation>所属</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>none: if the owner dies, nobody can ever take this lock</source>
        <translation>无：一旦持有者崩溃，谁也无法再拿到这把锁</translation>
    </message>
    <message>
        <source>Held for</source>
        <translation>已持有</translation>
    </message>
    <message>
        <source>%1 (since %2, as far as the monitor saw)</source>
        <translation>%1（自 %2 起，以监控所见为准）</translation>
    </message>
    <message>
        <source>First seen</source>
        <translation>首次发现</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation>异常</translation>
    </message>
</context>
<context>
    <name>LeaseRhythm</name>
    <message>
        <source>wrote %1</source>
        <translation>写入了 %1</translation>
    </message>
    <message>
        <source>acquired %1</source>
        <translation>获取了 %1</translation>
    </message>
    <message>
        <source>renewed %1</source>
        <translation>续期了 %1</translation>
    </message>
    <message>
        <source>released %1</source>
        <translation>释放了 %1</translation>
    </message>
    <message>
        <source>%1: %2 renewed its lease with %3 ms of %4 ms left: late, the next pause of that length lets the lock expire under it</source>
        <translation>%1：%2 续期时租约 %4 ms 只剩 %3 ms：续期太晚，下一次同样长的停顿就会让锁在它手里过期</translation>
    </message>
    <message>
        <source>%1: the lease of %2 (%3 ms) ran out and no release was seen%4: locks are released, not expired, in a healthy system</source>
        <translation>%1：%2 的租约（%3 ms）到期了，却没有看到释放%4：健康的系统里锁是被释放的，而不是过期的</translation>
    </message>
    <message>
        <source> (its last renewal came with %1 ms left)</source>
        <translation>（它最后一次续期时只剩 %1 ms）</translation>
    </message>
    <message>
        <source>%1: the lease of %2 (%3 ms) ran out while %2 was alive: it %4 %5 s later. Its work went on without the lock; a release it sent found the lock gone</source>
        <translation>%1：%2 的租约（%3 ms）在 %2 仍然存活时到期了：%5 秒后它%4。它的工作在没有锁的情况下继续进行；它发出的释放会发现锁已经不在了</translation>
    </message>
    <message>
        <source>%1: %2 has renewed it %3 times over %4 s, far longer than any other hold of this key (the longest: %5 s): a renewal that does not stop</source>
        <translation>%1：%2 在 %4 秒内续期了 %3 次，远远长于这个键的其他任何一次持有（最长 %5 秒）：续期停不下来</translation>
    </message>
    <message>
        <source>  … and %1 more
</source>
        <translation>  …… 另有 %1 项
</translation>
    </message>
    <message>
        <source>no late renewal, no lease that ran out
</source>
        <translation>没有过晚的续期，也没有到期的租约
</translation>
    </message>
    <message>
        <source>leases (medians: how long a hold lasted, how often it was renewed, how much of the lease was left when a renewal or the release came)
</source>
        <translation>租约（中位数：一次持有多长、多久续期一次、续期或释放到来时租约还剩多少）
</translation>
    </message>
    <message numerus="yes">
        <source>%n hold(s)</source>
        <translation>
            <numerusform>持有 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 released, %2 expired</source>
        <translation>释放 %1 次，过期 %2 次</translation>
    </message>
    <message>
        <source>%1 lost with a restart or a failover</source>
        <translation>%1 次随重启或故障转移丢失</translation>
    </message>
    <message>
        <source>held %1 s</source>
        <translation>持有 %1 秒</translation>
    </message>
    <message>
        <source>renewed every %1 s</source>
        <translation>每 %1 秒续期</translation>
    </message>
    <message>
        <source>margin %1 ms (least %2 ms)</source>
        <translation>余量 %1 ms（最少 %2 ms）</translation>
    </message>
    <message>
        <source>lease %1 ms</source>
        <translation>租约 %1 ms</translation>
    </message>
    <message>
        <source>no TTL</source>
        <translation>没有 TTL</translation>
    </message>
</context>
<context>
    <name>LiveAgreement</name>
    <message>
        <source>verdict: simulated %1, live %2</source>
        <translation>结论：模拟 %1，实时 %2</translation>
    </message>
    <message>
        <source>violations</source>
        <translation>互斥被破坏</translation>
    </message>
    <message>
        <source>mistaken deletions</source>
        <translation>误删</translation>
    </message>
    <message>
        <source>stuck locks</source>
        <translation>死锁</translation>
    </message>
    <message>
        <source>lost updates</source>
        <translation>丢失更新</translation>
    </message>
    <message>
        <source>stale writes rejected</source>
        <translation>被拒绝的过期写入</translation>
    </message>
    <message>
        <source>%1: simulated %2, live %3</source>
        <translation>%1：模拟 %2，实时 %3</translation>
    </message>
    <message>
        <source>safe</source>
        <translation>安全</translation>
    </message>
    <message>
        <source>unsafe</source>
        <translation>不安全</translation>
    </message>
    <message>
        <source>liveness-loss</source>
        <translation>活性受损</translation>
    </message>
</context>
<context>
    <name>LiveBench</name>
    <message>
        <source>%1: the server is busy running our script (%2) past its lua-time-limit (BUSY); LockScope stopped it with SCRIPT KILL</source>
        <translation>%1：服务器正在运行我们的脚本（%2），已超过其 lua-time-limit（BUSY）；LockScope 已用 SCRIPT KILL 停止它</translation>
    </message>
    <message>
        <source>%1: the server is busy running our script (%2) past its lua-time-limit (BUSY), and SCRIPT KILL did not stop it: %3</source>
        <translation>%1：服务器正在运行我们的脚本（%2），已超过其 lua-time-limit（BUSY），SCRIPT KILL 未能停止它：%3</translation>
    </message>
</context>
<context>
    <name>LiveKeyObserver</name>
    <message>
        <source>%1 on %2 exists on the server but not in the key observer&apos;s replay of its commands.</source>
        <translation>%2 上的 %1 在服务器上存在，但在键观察器对其命令的重放中不存在。</translation>
    </message>
    <message>
        <source>%1 on %2 exists in the key observer&apos;s replay of its commands but not on the server.</source>
        <translation>%2 上的 %1 在键观察器对其命令的重放中存在，但在服务器上不存在。</translation>
    </message>
    <message>
        <source>%1 on %2 holds &quot;%3&quot; on the server but &quot;%4&quot; in the key observer&apos;s replay of its commands.</source>
        <translation>%2 上的 %1 在服务器上的值为“%3”，而在键观察器对其命令的重放中为“%4”。</translation>
    </message>
    <message>
        <source>%1 on %2 has a TTL of %3 ms on the server but %4 ms in the key observer&apos;s replay of its commands.</source>
        <translation>%2 上的 %1 在服务器上的 TTL 为 %3 毫秒，而在键观察器对其命令的重放中为 %4 毫秒。</translation>
    </message>
    <message numerus="yes">
        <source>The key observer could not read %n MONITOR line(s) of %1, the first: %2</source>
        <translation>
            <numerusform>键观察器有 %n 行来自 %1 的 MONITOR 输出无法读取，第一行：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>The key observer cannot watch %1: it connects over plain TCP only.</source>
        <translation>键观察器无法监视 %1：它只能通过普通 TCP 连接。</translation>
    </message>
    <message>
        <source>The key observer lost its MONITOR connection to %1: %2</source>
        <translation>键观察器与 %1 的 MONITOR 连接断开：%2</translation>
    </message>
    <message>
        <source>The key observer could not connect to %1 within %2 ms.</source>
        <translation>键观察器未能在 %2 毫秒内连接到 %1。</translation>
    </message>
    <message>
        <source>The key observer could not read what %1 sent: %2</source>
        <translation>键观察器无法读取 %1 发来的内容：%2</translation>
    </message>
    <message>
        <source>The key observer was refused by %1: %2</source>
        <translation>%1 拒绝了键观察器：%2</translation>
    </message>
    <message>
        <source>%1 refused MONITOR to the key observer: %2</source>
        <translation>%1 拒绝了键观察器的 MONITOR：%2</translation>
    </message>
</context>
<context>
    <name>LiveScenario</name>
    <message>
        <source>a live run uses one lock key; this scenario has %1</source>
        <translation>实时运行只使用一个锁键；该场景有 %1 个</translation>
    </message>
    <message>
        <source>the fault &quot;%1&quot; happens to a server, and LockScope does not crash, restart, fail over or move the clock of servers it did not start; run without --redis to use local servers</source>
        <translation>故障“%1”发生在服务器上，而 LockScope 不会让并非由它启动的服务器崩溃、重启、故障转移或调整时钟；去掉 --redis 即可使用本地服务器</translation>
    </message>
    <message>
        <source>a failover needs a replica (&quot;replicas&quot;: 1 or more)</source>
        <translation>故障转移需要一个从节点（&quot;replicas&quot;: 1 或更多）</translation>
    </message>
    <message>
        <source>%1 needs %2 servers (--redis), got %3</source>
        <translation>%1 需要 %2 台服务器（--redis），实际给了 %3 台</translation>
    </message>
    <message>
        <source>on your servers: only the clients&apos; faults are done; the lock key is %1 and is deleted at the end</source>
        <translation>在你的服务器上：只执行客户端一侧的故障；锁键为 %1，运行结束时删除</translation>
    </message>
    <message>
        <source>loading the scripts into %1 failed: %2</source>
        <translation>向 %1 加载脚本失败：%2</translation>
    </message>
    <message>
        <source>the replica on port %1 did not finish its first sync with its primary within %2 s</source>
        <translation>端口 %1 上的从节点未能在 %2 秒内完成与主节点的首次同步</translation>
    </message>
    <message>
        <source>the replica is held back from the start (SIGSTOP, its link dropped), so no write reaches it before the failover: the simulator&apos;s replication lag, made certain</source>
        <translation>从节点从一开始就被扣住（SIGSTOP，并断开其复制链接），因此故障转移前没有任何写入能到达它：即模拟器中的复制延迟，只是变成了必然</translation>
    </message>
    <message>
        <source>MONITOR did not answer within %1 s</source>
        <translation>MONITOR 未在 %1 秒内应答</translation>
    </message>
    <message>
        <source>the lock key&apos;s history is not watched (%1): mistaken deletions and stuck locks cannot be seen</source>
        <translation>未能观察锁键的历史（%1）：无法发现误删和死锁</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>could not connect to %1 within %2 s</source>
        <translation>无法在 %2 秒内连接到 %1</translation>
    </message>
    <message>
        <source>promoting the replica on %1 failed: %2</source>
        <translation>提升 %1 上的从节点失败：%2</translation>
    </message>
    <message>
        <source>unknown strategy &quot;%1&quot; (known: %2)</source>
        <translation>未知策略“%1”（已知：%2）</translation>
    </message>
    <message>
        <source>the time scale must be above 0 and at most 100, got %1</source>
        <translation>时间缩放必须大于 0 且不超过 100，实际为 %1</translation>
    </message>
    <message>
        <source>unknown wait mode &quot;%1&quot; (spin, backoff, pubsub)</source>
        <translation>未知等待方式“%1”（spin、backoff、pubsub）</translation>
    </message>
    <message>
        <source>client %1 replays a recorded schedule (a what-if replay), which only the simulator runs</source>
        <translation>客户端 %1 重放录制的时间表（假设重放），只有模拟器能运行</translation>
    </message>
</context>
<context>
    <name>LockFormat</name>
    <message>
        <source>not read yet</source>
        <translation>尚未读取</translation>
    </message>
    <message>
        <source>Redisson fair lock (RFairLock)</source>
        <translation>Redisson 公平锁（RFairLock）</translation>
    </message>
    <message>
        <source>Redisson fenced lock (RFencedLock)</source>
        <translation>Redisson fencing 锁（RFencedLock）</translation>
    </message>
    <message>
        <source>Redisson RFencedLock token</source>
        <translation>Redisson RFencedLock 的令牌</translation>
    </message>
    <message>
        <source>Redisson read lock lease</source>
        <translation>Redisson 读锁租约</translation>
    </message>
    <message>
        <source>LockScope fencing counter</source>
        <translation>LockScope fencing 计数器</translation>
    </message>
    <message>
        <source>unknown (value longer than the read limit)</source>
        <translation>未知（值超过了读取上限）</translation>
    </message>
    <message>
        <source>redis-py Lock</source>
        <translation>redis-py 锁</translation>
    </message>
    <message>
        <source>a version-1 UUID made %1 (uuid1().hex, as redis-py writes; node-redlock&apos;s 16 random bytes look like this by chance about once in 10^5)</source>
        <translation>生成于 %1 的第 1 版 UUID（redis-py 写入的 uuid1().hex；node-redlock 的 16 个随机字节大约每 10^5 次才会碰巧是这个样子）</translation>
    </message>
    <message>
        <source>node-redlock lock</source>
        <translation>node-redlock 锁</translation>
    </message>
    <message>
        <source>16 random bytes in hex (not a version-1 UUID, so not redis-py&apos;s uuid1().hex)</source>
        <translation>16 个随机字节，十六进制（不是第 1 版 UUID，所以不是 redis-py 的 uuid1().hex）</translation>
    </message>
    <message>
        <source>python-redis-lock Lock</source>
        <translation>python-redis-lock 锁</translation>
    </message>
    <message>
        <source>18 random bytes in base64; waiters listen on lock-signal:%1</source>
        <translation>18 个随机字节，base64 编码；等待者监听 lock-signal:%1</translation>
    </message>
    <message>
        <source>go-redsync Mutex</source>
        <translation>go-redsync 锁</translation>
    </message>
    <message>
        <source>16 random bytes in base64</source>
        <translation>16 个随机字节，base64 编码</translation>
    </message>
    <message>
        <source>LockScope lock</source>
        <translation>LockScope 锁</translation>
    </message>
    <message>
        <source>SETNX lock holding its expiry time</source>
        <translation>存放过期时间的 SETNX 锁</translation>
    </message>
    <message>
        <source>unknown string lock</source>
        <translation>未知的字符串锁</translation>
    </message>
    <message>
        <source>Redisson RReadWriteLock</source>
        <translation>Redisson 读写锁（RReadWriteLock）</translation>
    </message>
    <message>
        <source>Redisson RLock</source>
        <translation>Redisson RLock</translation>
    </message>
    <message>
        <source>LockScope reentrant hash lock</source>
        <translation>LockScope 可重入哈希锁</translation>
    </message>
    <message>
        <source>unknown hash</source>
        <translation>未知的哈希</translation>
    </message>
    <message>
        <source>hash with %1 fields (more than the read limit)</source>
        <translation>有 %1 个字段的哈希（超过读取上限）</translation>
    </message>
    <message>
        <source>more than one holder field: not what a reentrant lock writes</source>
        <translation>持有者字段不止一个：可重入锁不会这样写</translation>
    </message>
    <message>
        <source>Redisson fair lock queue</source>
        <translation>Redisson 公平锁队列</translation>
    </message>
    <message>
        <source>python-redis-lock release signal</source>
        <translation>python-redis-lock 解锁信号</translation>
    </message>
    <message>
        <source>list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>Redisson fair lock waiter deadlines</source>
        <translation>Redisson 公平锁等待者的截止时间</translation>
    </message>
    <message>
        <source>sorted set</source>
        <translation>有序集合</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>已消失</translation>
    </message>
    <message>
        <source>the value is an expiry time by the writer&apos;s clock: %1 (SETNX/GETSET locks, as the setnx-getset strategy writes)</source>
        <translation>值是按写入者时钟计算的过期时间：%1（SETNX/GETSET 锁，与 setnx-getset 策略写入的格式相同）</translation>
    </message>
</context>
<context>
    <name>MonitorExplain</name>
    <message>
        <source>(unknown owner)</source>
        <translation>（持有者未知）</translation>
    </message>
    <message>
        <source>no TTL</source>
        <translation>无过期时间</translation>
    </message>
    <message>
        <source>TTL %1 ms</source>
        <translation>TTL %1 ms</translation>
    </message>
    <message>
        <source> on %1</source>
        <translation>（%1 上）</translation>
    </message>
    <message>
        <source>%1 holds %2%3 (%4): %5</source>
        <translation>%1 持有 %2%3（%4）：%5</translation>
    </message>
    <message>
        <source>%1%2 = %3 (%4)</source>
        <translation>%1%2 = %3（%4）</translation>
    </message>
    <message>
        <source>%1%2 now has %3</source>
        <translation>%1%2 现在为 %3</translation>
    </message>
    <message>
        <source>%1 renewed %2 (TTL %3 ms)</source>
        <translation>%1 为 %2 续期（TTL %3 ms）</translation>
    </message>
    <message>
        <source>%1%2 deleted: %3 released it</source>
        <translation>%1%2 被删除：%3 已解锁</translation>
    </message>
    <message>
        <source>%1%2 deleted</source>
        <translation>%1%2 被删除</translation>
    </message>
    <message>
        <source>%1%2 expired while %3 held it</source>
        <translation>%1%2 在 %3 持有期间过期</translation>
    </message>
    <message>
        <source>%1%2 expired</source>
        <translation>%1%2 已过期</translation>
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
        <translation>%1 不再是主节点（故障转移）</translation>
    </message>
    <message>
        <source>%1 went down</source>
        <translation>%1 宕机</translation>
    </message>
    <message>
        <source>lost with the restart</source>
        <translation>随重启丢失</translation>
    </message>
    <message>
        <source>lost with the failover</source>
        <translation>随故障转移丢失</translation>
    </message>
    <message>
        <source>%1%2 %3: %4 held it and nobody released it</source>
        <translation>%1%2 %3：%4 持有它，且没有人释放它</translation>
    </message>
    <message>
        <source>%1%2 %3</source>
        <translation>%1%2 %3</translation>
    </message>
    <message>
        <source>[%1] gap starts: %2</source>
        <translation>[%1] 空白开始：%2</translation>
    </message>
    <message>
        <source>[%1] gap of %2 s ends: %3</source>
        <translation>[%1] %2 秒的空白结束：%3</translation>
    </message>
</context>
<context>
    <name>MonitorRun</name>
    <message numerus="yes">
        <source>%n key(s); %1</source>
        <translation>
            <numerusform>%n 个键；%1</numerusform>
        </translation>
    </message>
    <message>
        <source>quorum (a majority is %1 of the %2 nodes)</source>
        <translation>多数派（%2 个节点中的 %1 个即为多数）</translation>
    </message>
</context>
<context>
    <name>MonitorSummary</name>
    <message>
        <source>recording  %1 events over %2 s, %3 keys, %4 owners
</source>
        <translation>记录  %1 个事件，历时 %2 s，%3 个键，%4 个持有者
</translation>
    </message>
    <message>
        <source>  acquisitions   %1  (taken over %2)
</source>
        <translation>  加锁           %1  （被接管 %2）
</translation>
    </message>
    <message>
        <source>  releases       %1  (deletions %2)
</source>
        <translation>  解锁           %1  （删除 %2）
</translation>
    </message>
    <message>
        <source>  expiries       %1
</source>
        <translation>  过期           %1
</translation>
    </message>
    <message>
        <source>  renewals       %1
</source>
        <translation>  续期           %1
</translation>
    </message>
    <message>
        <source>  hold count or value changes  %1
</source>
        <translation>  重入次数或值的变化  %1
</translation>
    </message>
    <message>
        <source>  values not seen (changed again before a read)  %1
</source>
        <translation>  未读到的值（读取前又变了）  %1
</translation>
    </message>
    <message>
        <source>  anomalies      %1
</source>
        <translation>  异常           %1
</translation>
    </message>
    <message>
        <source>  connection faults, restarts, failovers  %1  (failovers %2)
</source>
        <translation>  连接故障、重启、故障转移  %1  （故障转移 %2）
</translation>
    </message>
    <message>
        <source>  lost with a restart or failover  %1  (nobody released them)
</source>
        <translation>  随重启或故障转移丢失  %1  （没有人释放它们）
</translation>
    </message>
    <message>
        <source>  gaps (the monitor could not see)  %1  (%2 s in all)
</source>
        <translation>  空白（监视器看不到的时段）  %1  （共 %2 秒）
</translation>
    </message>
</context>
<context>
    <name>MonitorTableFeed</name>
    <message>
        <source>(other owners)</source>
        <translation>（其他持有者）</translation>
    </message>
</context>
<context>
    <name>QCommandLineParser</name>
    <message>
        <source>Usage: %1</source>
        <translation>用法：%1</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>选项：</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>参数：</translation>
    </message>
    <message>
        <source>[options]</source>
        <translation>[选项]</translation>
    </message>
    <message>
        <source>Displays help on commandline options.</source>
        <translation>显示命令行选项的帮助。</translation>
    </message>
    <message>
        <source>Displays help including Qt specific options.</source>
        <translation>显示包括 Qt 特有选项在内的帮助。</translation>
    </message>
    <message>
        <source>Displays version information.</source>
        <translation>显示版本信息。</translation>
    </message>
    <message>
        <source>Unknown option &apos;%1&apos;.</source>
        <translation>未知选项“%1”。</translation>
    </message>
    <message>
        <source>Unknown options: %1.</source>
        <translation>未知选项：%1。</translation>
    </message>
    <message>
        <source>Missing value after &apos;%1&apos;.</source>
        <translation>“%1”之后缺少值。</translation>
    </message>
    <message>
        <source>Unexpected value after &apos;%1&apos;.</source>
        <translation>“%1”之后出现了多余的值。</translation>
    </message>
</context>
<context>
    <name>QuorumView</name>
    <message>
        <source>(no owner)</source>
        <translation>（无持有者）</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 占 %2 个</translation>
    </message>
    <message>
        <source>%1 holds the majority: %2 of %3 nodes</source>
        <translation>%1 占多数：%3 个节点中的 %2 个</translation>
    </message>
    <message>
        <source>on no node</source>
        <translation>不在任何节点上</translation>
    </message>
    <message>
        <source>nobody holds the majority (%1 of %2 nodes)</source>
        <translation>没有谁占多数（共 %2 个节点：%1）</translation>
    </message>
    <message>
        <source>%1: no owner has held a majority of the %2 nodes for %3 s (%4): nobody holds this Redlock, and whoever believes it does is wrong</source>
        <translation>%1：已有 %3 秒没有任何持有者占 %2 个节点的多数（%4）：没有人持有这个 Redlock，认为自己持有它的人都错了</translation>
    </message>
    <message>
        <source>%1: %2 held the majority, but its keys expired or vanished on %3 node(s) and it now holds %4 of %5 nodes: another owner can take the majority while %2 may still believe it holds the lock</source>
        <translation>%1：%2 曾占多数，但它在 %3 个节点上的键过期或消失了，现在只占 %5 个节点中的 %4 个：另一个持有者可以拿到多数，而 %2 可能仍认为自己持有锁</translation>
    </message>
    <message>
        <source>%1: the token of %2 runs out %3 ms apart across its nodes, though it was set within %4 ms: a node&apos;s clock runs fast or slow or jumped (or the nodes were given different TTLs)</source>
        <translation>%1：%2 的令牌在各节点上的到期时间相差 %3 毫秒，而设置它们只相差 %4 毫秒：某个节点的时钟走快、走慢或跳变了（或者各节点被设置了不同的 TTL）</translation>
    </message>
</context>
<context>
    <name>RecordingWriter</name>
    <message>
        <source>cannot write the recording to %1: %2</source>
        <translation>无法把记录写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>RunData</name>
    <message>
        <source>unknown scenario &quot;%1&quot; (known: %2)</source>
        <translation>未知场景 &quot;%1&quot;（已知：%2）</translation>
    </message>
    <message>
        <source>unknown strategy &quot;%1&quot; (known: %2)</source>
        <translation>未知策略 &quot;%1&quot;（已知：%2）</translation>
    </message>
    <message>
        <source>the simulation did not run</source>
        <translation>模拟没有运行</translation>
    </message>
    <message>
        <source>the live run did not run</source>
        <translation>真实运行没有进行</translation>
    </message>
</context>
<context>
    <name>RunExplanation</name>
    <message>
        <source>From the file %1</source>
        <translation>来自文件 %1</translation>
    </message>
    <message>
        <source>Flaw:</source>
        <translation>缺陷：</translation>
    </message>
    <message>
        <source>Limits:</source>
        <translation>局限：</translation>
    </message>
    <message>
        <source>Faults added by hand:</source>
        <translation>手动添加的故障：</translation>
    </message>
    <message>
        <source>%1 on %2 at %3 ms</source>
        <translation>%1，目标 %2，时刻 %3 ms</translation>
    </message>
    <message>
        <source>Not run yet.</source>
        <translation>尚未运行。</translation>
    </message>
    <message numerus="yes">
        <source>%n violation(s) (two holders for %1 s)</source>
        <translation>
            <numerusform>%n 次互斥被破坏（两个持有者并存 %1 s）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mistaken deletion(s)</source>
        <translation>
            <numerusform>%n 次误删</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stuck lock(s)</source>
        <translation>
            <numerusform>%n 把死锁</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lost update(s)</source>
        <translation>
            <numerusform>%n 次丢失更新</numerusform>
        </translation>
    </message>
    <message>
        <source>Safe in this run.</source>
        <translation>本次运行安全。</translation>
    </message>
    <message>
        <source>UNSAFE in this run:</source>
        <translation>本次运行不安全：</translation>
    </message>
    <message numerus="yes">
        <source>%n stale write(s) rejected by the fenced resource.</source>
        <translation>
            <numerusform>fenced 资源拒绝了 %n 次过期写入。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nobody acquired the lock.</source>
        <translation>没有人拿到锁。</translation>
    </message>
    <message numerus="yes">
        <source>%n acquisition(s), %1 commands each, median wait %2 ms</source>
        <translation>
            <numerusform>%n 次加锁，每次 %1 条命令，等待中位数 %2 ms</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunLimits</name>
    <message>
        <source>this run would need about %1 of memory; the machine has %2</source>
        <translation>这次运行大约需要 %1 内存；本机只有 %2</translation>
    </message>
</context>
<context>
    <name>Scenario</name>
    <message>
        <source>must be a string</source>
        <translation>必须是字符串</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>必须是整数</translation>
    </message>
    <message>
        <source>must be a number &gt;= 0</source>
        <translation>必须是 &gt;= 0 的数</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>必须是 true 或 false</translation>
    </message>
    <message>
        <source>must be a string or {&quot;en&quot;: ..., &quot;zh_CN&quot;: ...}</source>
        <translation>必须是字符串或 {&quot;en&quot;: ..., &quot;zh_CN&quot;: ...}</translation>
    </message>
    <message>
        <source>must be before, sent or after</source>
        <translation>必须是 before、sent 或 after</translation>
    </message>
    <message>
        <source>needs at_ms or step</source>
        <translation>需要 at_ms 或 step</translation>
    </message>
    <message>
        <source>a step trigger needs the client whose step it is</source>
        <translation>按步骤触发时需要指明是哪个客户端的步骤</translation>
    </message>
    <message>
        <source>a %1 fault needs a client</source>
        <translation>%1 故障需要指定客户端</translation>
    </message>
    <message>
        <source>%1: cannot read the scenario file (%2)</source>
        <translation>%1：无法读取场景文件（%2）</translation>
    </message>
    <message>
        <source>unknown scenario &quot;%1&quot; (known: %2)</source>
        <translation>未知场景 &quot;%1&quot;（已有：%2）</translation>
    </message>
    <message>
        <source>must be at least %1, got %2</source>
        <translation>必须至少为 %1，实际为 %2</translation>
    </message>
    <message>
        <source>must be at most %1, got %2</source>
        <translation>最多为 %1，实际为 %2</translation>
    </message>
    <message>
        <source>must be a list</source>
        <translation>必须是列表</translation>
    </message>
    <message>
        <source>unknown field &quot;%1&quot;</source>
        <translation>未知字段“%1”</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>必须是对象</translation>
    </message>
    <message>
        <source>must be a step name or a list of alternatives</source>
        <translation>必须是步骤名或备选步骤的列表</translation>
    </message>
    <message>
        <source>no strategy has a step &quot;%1&quot; (steps: %2)</source>
        <translation>没有任何策略有步骤“%1”（可用步骤：%2）</translation>
    </message>
    <message>
        <source>needs a trigger</source>
        <translation>需要触发条件（trigger）</translation>
    </message>
    <message>
        <source>must be a list of node indexes</source>
        <translation>必须是节点序号的列表</translation>
    </message>
    <message>
        <source>a client needs a name</source>
        <translation>客户端需要名称</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is taken by another client</source>
        <translation>“%1”已被另一个客户端使用</translation>
    </message>
    <message>
        <source>a caption needs &quot;on&quot; and &quot;text&quot;</source>
        <translation>字幕需要“on”和“text”</translation>
    </message>
    <message>
        <source>unknown event kind &quot;%1&quot;</source>
        <translation>未知事件类型“%1”</translation>
    </message>
    <message>
        <source>missing &quot;id&quot;</source>
        <translation>缺少“id”</translation>
    </message>
    <message>
        <source>must be spin, backoff or pubsub, got &quot;%1&quot;</source>
        <translation>必须是 spin、backoff 或 pubsub，实际为“%1”</translation>
    </message>
    <message>
        <source>must have at most %1 clients, got %2</source>
        <translation>最多只能有 %1 个客户端，实际为 %2 个</translation>
    </message>
    <message>
        <source>is %1, but client_list names %2 clients</source>
        <translation>为 %1，但 client_list 列出了 %2 个客户端</translation>
    </message>
    <message>
        <source>no client named &quot;%1&quot;</source>
        <translation>没有名为“%1”的客户端</translation>
    </message>
    <message>
        <source>%1 is out of range (0..%2)</source>
        <translation>%1 超出范围（0..%2）</translation>
    </message>
    <message>
        <source>a failover needs &quot;replicas&quot; &gt;= 1</source>
        <translation>故障转移需要“replicas” &gt;= 1</translation>
    </message>
    <message>
        <source>a scenario must be a JSON object</source>
        <translation>场景必须是 JSON 对象</translation>
    </message>
    <message>
        <source>the number of clients must be 1..%1, got %2</source>
        <translation>客户端数量必须在 1..%1 之间，实际为 %2</translation>
    </message>
    <message>
        <source>scenario %1 has a cast of %2 clients (%3); %4 would leave out %5 and what the scenario gives them</source>
        <translation>场景 %1 的角色有 %2 个客户端（%3）；改为 %4 个会去掉 %5 以及场景赋予它们的设定</translation>
    </message>
    <message>
        <source>with %1 clients scenario %2 has no client &quot;%3&quot;, which its %4 names</source>
        <translation>客户端数为 %1 时，场景 %2 中没有其 %4 所指的客户端“%3”</translation>
    </message>
    <message>
        <source>unknown fault &quot;%1&quot; (pause, crash, lose_reply, delay_reply, delay_request, partition, node_crash, node_restart, failover, clock_jump)</source>
        <translation>未知故障“%1”（可选：pause、crash、lose_reply、delay_reply、delay_request、partition、node_crash、node_restart、failover、clock_jump）</translation>
    </message>
    <message>
        <source>must be a number of milliseconds, 0..%1</source>
        <translation>必须是毫秒数，0..%1</translation>
    </message>
    <message>
        <source>must be at least 1 (or -1: the scenario&apos;s)</source>
        <translation>必须至少为 1（或 -1：使用场景的值）</translation>
    </message>
    <message>
        <source>is %1, but key_names names %2 keys</source>
        <translation>是 %1，但 key_names 列出了 %2 个键</translation>
    </message>
    <message>
        <source>must have at most %1 keys, got %2</source>
        <translation>最多只能有 %1 个键，实际为 %2</translation>
    </message>
    <message>
        <source>must be a list of key names</source>
        <translation>必须是键名的列表</translation>
    </message>
    <message>
        <source>names &quot;%1&quot; twice</source>
        <translation>两次列出了 &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>ScenarioFileList</name>
    <message>
        <source>%1 (file)
%2
%3</source>
        <translation>%1（文件）
%2
%3</translation>
    </message>
    <message>
        <source>Open Scenario File</source>
        <translation>打开场景文件</translation>
    </message>
    <message>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation>场景文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 (not saved to a file)
%2</source>
        <translation>%1（尚未保存为文件）
%2</translation>
    </message>
</context>
<context>
    <name>ScenarioSummary</name>
    <message>
        <source>B&apos;s clock runs 500 ms ahead; a lock whose expiry is a client timestamp expires early for B.</source>
        <translation>B 的时钟快了 500 ms；以客户端时间戳作为过期时间的锁，对 B 来说会提前过期。</translation>
    </message>
    <message>
        <source>No faults: 100 clients make 1000 increments of a counter inside the lock.</source>
        <translation>没有故障：100 个客户端在锁内对计数器做 1000 次递增。</translation>
    </message>
    <message>
        <source>A sets the lock and dies before giving it a TTL.</source>
        <translation>A 加锁后，还没来得及设置过期时间就崩溃了。</translation>
    </message>
    <message>
        <source>A locks on the primary, the primary dies before replicating, the replica is promoted, B locks.</source>
        <translation>A 在主节点上加锁，主节点在复制之前宕机，副本被提升为主节点，B 加锁成功。</translation>
    </message>
    <message>
        <source>No pause at all: A&apos;s work simply takes longer than its lease.</source>
        <translation>完全没有暂停：A 的工作单纯比租期更长。</translation>
    </message>
    <message>
        <source>The SET succeeds but its reply is lost; A gives up; the key stays until its TTL.</source>
        <translation>SET 成功了，但应答丢失；A 放弃；该键一直保留到过期。</translation>
    </message>
    <message>
        <source>The holder asks for the same lock again.</source>
        <translation>持有者再次请求同一把锁。</translation>
    </message>
    <message>
        <source>A holds 3 of 5 nodes; one node&apos;s clock jumps forward and expires A&apos;s key early; B gets 3 of 5.</source>
        <translation>A 拿下 5 个节点中的 3 个；其中一个节点的时钟向前跳变，让 A 的键提前过期；B 拿下 5 个中的 3 个。</translation>
    </message>
    <message>
        <source>A holds 3 of 5 nodes; one restarts empty; B gets that one and the 2 others.</source>
        <translation>A 拿下 5 个节点中的 3 个；其中一个清空重启；B 拿下它和另外 2 个。</translation>
    </message>
    <message>
        <source>A pauses longer than its lease; B takes the lock; A wakes up and carries on.</source>
        <translation>A 的暂停超过了租期；B 拿到锁；A 醒来后继续执行。</translation>
    </message>
    <message>
        <source>A&apos;s GET says the lock is still its own; A pauses; B acquires; A&apos;s DEL removes B&apos;s lock.</source>
        <translation>A 的 GET 显示锁仍是自己的；A 暂停；B 加锁；A 的 DEL 删掉了 B 的锁。</translation>
    </message>
    <message>
        <source>A sends its SET and pauses; the keys expire; B locks; A wakes and reads old OK replies.</source>
        <translation>A 发出 SET 后暂停；键过期；B 加锁；A 醒来后读到旧的 OK 应答。</translation>
    </message>
    <message>
        <source>Many clients start Redlock together; each wins fewer than a quorum; all release and retry.</source>
        <translation>许多客户端同时开始 Redlock；每个都没拿到多数；全部解锁后重试。</translation>
    </message>
</context>
<context>
    <name>ScriptLimits</name>
    <message>
        <source>--script-time-limit must be a duration such as 5s or 500ms, between 1 ms and a day, got &quot;%1&quot;</source>
        <translation>--script-time-limit 须为 5s 或 500ms 这样的时长，介于 1 毫秒与一天之间，实际为“%1”</translation>
    </message>
</context>
<context>
    <name>Simulation</name>
    <message>
        <source>a background task failed: %1</source>
        <translation>后台任务失败：%1</translation>
    </message>
    <message>
        <source>client %1: %2</source>
        <translation>客户端 %1：%2</translation>
    </message>
    <message>
        <source>its schedule names key %1, the scenario has %2</source>
        <translation>它的 schedule 指定了键 %1，而场景只有 %2 个键</translation>
    </message>
</context>
<context>
    <name>Strategy</name>
    <message>
        <source>Custom scripts</source>
        <translation>自定义脚本</translation>
    </message>
    <message>
        <source>acquire: %1; release: %2</source>
        <translation>加锁：%1；解锁：%2</translation>
    </message>
    <message>
        <source>%1: cannot read the script: %2</source>
        <translation>%1：无法读取脚本：%2</translation>
    </message>
    <message>
        <source>Fencing token</source>
        <translation>fencing 令牌</translation>
    </message>
    <message>
        <source>acquire: script, SET k token NX PX ttl and INCR the token key &lt;key&gt;:fence; release: compare-and-delete script</source>
        <translation>加锁：脚本执行 SET k token NX PX ttl 并对令牌键 &lt;key&gt;:fence 执行 INCR；解锁：比较并删除脚本</translation>
    </message>
    <message>
        <source>The lock can still have two holders after a pause, but the resource rejects the stale one&apos;s writes.</source>
        <translation>暂停之后锁仍可能同时有两个持有者，但资源会拒绝过期持有者的写入。</translation>
    </message>
    <message>
        <source>Lua SETNX + PEXPIRE</source>
        <translation>Lua SETNX + PEXPIRE</translation>
    </message>
    <message>
        <source>acquire: one script, SETNX then PEXPIRE (KEYS = key, token, ttl); release: compare-and-delete script</source>
        <translation>加锁：一个脚本，先 SETNX 再 PEXPIRE（KEYS = key, token, ttl）；解锁：比较并删除脚本</translation>
    </message>
    <message>
        <source>Redlock</source>
        <translation>Redlock</translation>
    </message>
    <message>
        <source>acquire: SET k token NX PX ttl on N nodes with a short timeout; held if &gt;= N/2+1 said OK and validity = ttl - elapsed - (ttl*0.01 + 2 ms) &gt; 0, else release everywhere and retry after a random delay; release: compare-and-delete on every node</source>
        <translation>加锁：在 N 个节点上以较短超时执行 SET k token NX PX ttl；若 &gt;= N/2+1 个节点返回 OK 且有效期 = ttl - 耗时 - (ttl*0.01 + 2 ms) &gt; 0 则持有，否则在所有节点上解锁并随机延时后重试；解锁：在每个节点上比较并删除</translation>
    </message>
    <message>
        <source>Safe against one node crashing; unsafe under node restarts without persistence, clock jumps on nodes, and pauses longer than the validity.</source>
        <translation>能承受一个节点崩溃；但在节点无持久化重启、节点时钟跳变、暂停超过有效期时不安全。</translation>
    </message>
    <message>
        <source>Reentrant hash (Redisson RLock)</source>
        <translation>可重入哈希（Redisson RLock）</translation>
    </message>
    <message>
        <source>acquire: script, if the key is absent or field &lt;client&gt;:&lt;thread&gt; is present, HINCRBY field 1 and PEXPIRE, else return PTTL; release: script, HINCRBY -1, PEXPIRE while &gt; 0, DEL at 0</source>
        <translation>加锁：脚本，若键不存在或字段 &lt;client&gt;:&lt;thread&gt; 存在，则 HINCRBY 字段 1 并 PEXPIRE，否则返回 PTTL；解锁：脚本，HINCRBY -1，大于 0 时 PEXPIRE，为 0 时 DEL</translation>
    </message>
    <message>
        <source>Reentrant, but still expires under pauses longer than the lease.</source>
        <translation>可重入，但暂停超过租期时仍会过期。</translation>
    </message>
    <message>
        <source>SET NX PX + DEL</source>
        <translation>SET NX PX + DEL</translation>
    </message>
    <message>
        <source>acquire: SET k token NX PX ttl; release: DEL k</source>
        <translation>加锁：SET k token NX PX ttl；解锁：DEL k</translation>
    </message>
    <message>
        <source>After its own lock expired, the client deletes the next holder&apos;s lock.</source>
        <translation>自己的锁过期之后，客户端会误删下一个持有者的锁。</translation>
    </message>
    <message>
        <source>SET NX PX + GET/DEL</source>
        <translation>SET NX PX + GET/DEL</translation>
    </message>
    <message>
        <source>acquire: SET k token NX PX ttl; release: GET k, compare in the client, then DEL k (two round trips)</source>
        <translation>加锁：SET k token NX PX ttl；解锁：GET k，在客户端比较，再 DEL k（两次往返）</translation>
    </message>
    <message>
        <source>Check-then-act race: the lock can expire and be re-acquired between GET and DEL, and the DEL removes the new holder&apos;s lock.</source>
        <translation>先检查后执行的竞态：在 GET 和 DEL 之间锁可能过期并被别人拿到，DEL 会误删新持有者的锁。</translation>
    </message>
    <message>
        <source>SET NX PX + compare-and-delete script</source>
        <translation>SET NX PX + 比较并删除脚本</translation>
    </message>
    <message>
        <source>acquire: SET k token NX PX ttl; release: if GET k == token then DEL k, in one Lua script</source>
        <translation>加锁：SET k token NX PX ttl；解锁：在一个 Lua 脚本中，若 GET k == token 则 DEL k</translation>
    </message>
    <message>
        <source>Correct on one instance, as long as the work finishes inside the TTL.</source>
        <translation>单实例上正确，只要工作在过期时间内完成。</translation>
    </message>
    <message>
        <source>SETNX + EXPIRE</source>
        <translation>SETNX + EXPIRE</translation>
    </message>
    <message>
        <source>acquire: SETNX k token, then EXPIRE k ttl (two round trips); release: compare-and-delete script</source>
        <translation>加锁：SETNX k token，然后 EXPIRE k ttl（两次往返）；解锁：比较并删除脚本</translation>
    </message>
    <message>
        <source>A crash or a lost reply between SETNX and EXPIRE leaves a key with no TTL: the lock is held forever.</source>
        <translation>SETNX 与 EXPIRE 之间的崩溃或应答丢失会留下一个没有过期时间的键：锁被永久持有（死锁）。</translation>
    </message>
    <message>
        <source>SETNX expiry time + GETSET</source>
        <translation>SETNX 过期时间 + GETSET</translation>
    </message>
    <message>
        <source>acquire: SETNX k &lt;expiry ms by client clock&gt;; if taken, GET, and if that time has passed, GETSET and compare; release: DEL k</source>
        <translation>加锁：SETNX k &lt;按客户端时钟的过期时间 ms&gt;；若已被占用，GET，若该时间已过，则 GETSET 并比较；解锁：DEL k</translation>
    </message>
    <message>
        <source>Depends on synchronised client clocks; any client can release; GETSET overwrites a rival&apos;s value.</source>
        <translation>依赖各客户端时钟同步；任何客户端都能解锁；GETSET 会覆盖竞争者的值。</translation>
    </message>
    <message>
        <source>Watchdog renewal (Redisson)</source>
        <translation>看门狗续期（Redisson）</translation>
    </message>
    <message>
        <source>acquire and release as set-nx-px-lua; while held, renew with a compare-and-PEXPIRE script every TTL/3</source>
        <translation>加锁和解锁同 set-nx-px-lua；持有期间每隔 TTL/3 用比较并 PEXPIRE 的脚本续期</translation>
    </message>
    <message>
        <source>A process-wide pause (GC, stop-the-world) stops the renewals too, so the lease can still run out under the holder.</source>
        <translation>进程级的暂停（GC、stop-the-world）也会停止续期，所以租期仍可能在持有者不知情时耗尽。</translation>
    </message>
    <message>
        <source>%1: the acquire script returned %2, outside the convention: 1 or OK (acquired), 0 or nil (busy), or the holder&apos;s remaining TTL in ms</source>
        <translation>%1：加锁脚本返回了 %2，不符合约定：应返回 1 或 OK（已加锁），0 或 nil（锁被占用），或持有者剩余的 TTL（毫秒）</translation>
    </message>
    <message>
        <source>%1: the release script returned %2, outside the convention: 1 (it deleted the caller&apos;s lock) or 0</source>
        <translation>%1：解锁脚本返回了 %2，不符合约定：应返回 1（删除了调用者自己的锁）或 0</translation>
    </message>
    <message>
        <source>%1 (at run time)</source>
        <translation>%1（运行时错误）</translation>
    </message>
    <message numerus="yes">
        <source>a table of %n element(s)</source>
        <translation>
            <numerusform>一个含 %n 个元素的表</numerusform>
        </translation>
    </message>
    <message>
        <source>Correct on one instance, as long as the work finishes inside the TTL; it fails the same scenarios as set-nx-px-lua (its script takes the TTL in KEYS[3], not ARGV).</source>
        <translation>单实例上正确，只要工作在过期时间内完成；它与 set-nx-px-lua 在相同的场景中失败（它的脚本从 KEYS[3] 而不是 ARGV 取 TTL）。</translation>
    </message>
    <message>
        <source>the acquire script</source>
        <translation>加锁脚本</translation>
    </message>
    <message>
        <source>the release script</source>
        <translation>解锁脚本</translation>
    </message>
    <message>
        <source>a script</source>
        <translation>某个脚本</translation>
    </message>
    <message>
        <source>%1 ran longer than the %2 script time limit and was stopped (as Redis&apos;s lua-time-limit would)</source>
        <translation>%1 运行超过了 %2 的脚本时间上限，已被停止（与 Redis 的 lua-time-limit 一样）</translation>
    </message>
    <message>
        <source>%1 needed more than the %2 script memory cap and was stopped</source>
        <translation>%1 所需内存超过了 %2 的脚本内存上限，已被停止</translation>
    </message>
    <message>
        <source>%1 was stopped</source>
        <translation>%1 已被停止</translation>
    </message>
    <message>
        <source>%1: the server is busy running a script past its lua-time-limit (BUSY), most likely one of yours</source>
        <translation>%1：服务器正在运行一个超过其 lua-time-limit 的脚本（BUSY），很可能是你的脚本</translation>
    </message>
</context>
<context>
    <name>StrategySource</name>
    <message>
        <source>OK: acquired. (nil): someone holds it, wait and retry.</source>
        <translation>OK：加锁成功。(nil)：锁被别人持有，等待后重试。</translation>
    </message>
    <message>
        <source>SETNX &lt;key&gt; &lt;expiry time by the client&apos;s clock&gt;</source>
        <translation>SETNX &lt;key&gt; &lt;按客户端时钟的过期时间&gt;</translation>
    </message>
    <message>
        <source>1: acquired. 0: read the stored expiry time.</source>
        <translation>1：加锁成功。0：读取已存的过期时间。</translation>
    </message>
    <message>
        <source>1: acquired, but the key has no TTL until the next command.</source>
        <translation>1：加锁成功，但在下一条命令之前该键没有过期时间。</translation>
    </message>
    <message>
        <source>EXPIRE &lt;key&gt; &lt;ttl in seconds&gt;</source>
        <translation>EXPIRE &lt;key&gt; &lt;以秒计的 ttl&gt;</translation>
    </message>
    <message>
        <source>A second round trip: a crash before it leaves the key without a TTL.</source>
        <translation>第二次往返：在它之前崩溃，键就没有过期时间。</translation>
    </message>
    <message>
        <source>Has the stored expiry time passed, by this client&apos;s clock?</source>
        <translation>按本客户端的时钟，已存的过期时间是否已过？</translation>
    </message>
    <message>
        <source>GETSET &lt;key&gt; &lt;new expiry time&gt;</source>
        <translation>GETSET &lt;key&gt; &lt;新的过期时间&gt;</translation>
    </message>
    <message>
        <source>Acquired if the old value is still the expired one.</source>
        <translation>若旧值仍是那个已过期的值，则加锁成功。</translation>
    </message>
    <message>
        <source>No quorum, or no validity left: undo on every node, retry later.</source>
        <translation>没有多数，或有效期已耗尽：在每个节点上撤销，稍后重试。</translation>
    </message>
    <message>
        <source>Compare with our token in the client... (the lock can change hands now)</source>
        <translation>在客户端与自己的令牌比较……（此时锁可能易手）</translation>
    </message>
    <message>
        <source>Deletes the key whoever holds it.</source>
        <translation>不管谁持有，都删除该键。</translation>
    </message>
    <message>
        <source>...then delete: whoever holds the key now.</source>
        <translation>……然后删除：不管此刻是谁持有该键。</translation>
    </message>
    <message>
        <source>Every TTL/3 while the lock is held.</source>
        <translation>持有锁期间每隔 TTL/3 执行一次。</translation>
    </message>
    <message>
        <source>On every node, also those that failed.</source>
        <translation>在每个节点上执行，包括失败的节点。</translation>
    </message>
</context>
<context>
    <name>Task</name>
    <message>
        <source>an exception that is not a std::exception</source>
        <translation>一个不是 std::exception 的异常</translation>
    </message>
</context>
<context>
    <name>WhatIf</name>
    <message>
        <source>the recording has no event</source>
        <translation>录制中没有事件</translation>
    </message>
    <message>
        <source>--from %1 s is past the recording&apos;s end (it lasts %2 s)</source>
        <translation>--from %1 秒已超过录制的结尾（录制共 %2 秒）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time (e.g. 12.5s, 800ms, 2m; a bare number is seconds)</source>
        <translation>&quot;%1&quot; 不是时间（例如 12.5s、800ms、2m；不带单位的数字表示秒）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is longer than a day</source>
        <translation>&quot;%1&quot; 超过一天</translation>
    </message>
    <message>
        <source>KIND[:CLIENT]@TIME[+AMOUNT], KIND one of pause, lose-reply, failover, restart, clock-jump</source>
        <translation>KIND[:CLIENT]@TIME[+AMOUNT]，KIND 为 pause、lose-reply、failover、restart、clock-jump 之一</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: expected %2</source>
        <translation>--fault &quot;%1&quot;：应为 %2</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: unknown fault &quot;%2&quot; (pause, lose-reply, failover, restart, clock-jump)</source>
        <translation>--fault &quot;%1&quot;：未知故障 &quot;%2&quot;（pause、lose-reply、failover、restart、clock-jump）</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: the client after &quot;:&quot; is empty</source>
        <translation>--fault &quot;%1&quot;：&quot;:&quot; 后面的客户端为空</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: a %2 strikes the server, it names no client</source>
        <translation>--fault &quot;%1&quot;：%2 作用于服务器，不指定客户端</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: only a clock-jump goes back (-AMOUNT)</source>
        <translation>--fault &quot;%1&quot;：只有 clock-jump 可以向后（-AMOUNT）</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: nothing after &quot;%2&quot;</source>
        <translation>--fault &quot;%1&quot;：&quot;%2&quot; 后面没有内容</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: a pause needs its length (pause@12.5s+40s)</source>
        <translation>--fault &quot;%1&quot;：pause 需要给出时长（pause@12.5s+40s）</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: a clock-jump needs its size (clock-jump@10s+2s)</source>
        <translation>--fault &quot;%1&quot;：clock-jump 需要给出跳变量（clock-jump@10s+2s）</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: a %2 has no length (%2@10s)</source>
        <translation>--fault &quot;%1&quot;：%2 没有时长（%2@10s）</translation>
    </message>
    <message>
        <source>a recording</source>
        <translation>一段录制</translation>
    </message>
    <message>
        <source>What-if replay of %1</source>
        <translation>%1 的假设重放</translation>
    </message>
    <message>
        <source>Each client replays one owner of the recording: it asks for the lock when the recording saw the owner take it, and releases it when the recording saw it go (released, expired or lost). Run it under any strategy, with faults added, to see what the strategy would have done with the same traffic.</source>
        <translation>每个客户端重放录制中的一个持有者：在录制看到该持有者拿到锁时请求锁，在录制看到锁消失（释放、过期或丢失）时释放。用任意策略运行，并加入故障，就能看到该策略面对同样的流量会怎样。</translation>
    </message>
    <message>
        <source>the recording has no acquisition in the window (a lock taken before the monitor looked is not replayed)</source>
        <translation>录制在该窗口内没有获取（监控开始观察之前就已持有的锁不会被重放）</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: %2 s is outside the replayed window (%3 s to %4 s)</source>
        <translation>--fault &quot;%1&quot;：%2 秒不在重放的窗口内（%3 秒到 %4 秒）</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: no client named &quot;%2&quot; (clients: %3)</source>
        <translation>--fault &quot;%1&quot;：没有名为 &quot;%2&quot; 的客户端（客户端：%3）</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: nobody holds a lock at %2 s, so there is no holder to pause (name one: pause:CLIENT@...)</source>
        <translation>--fault &quot;%1&quot;：%2 秒时没有人持有锁，所以没有可暂停的持有者（可指定一个：pause:CLIENT@...）</translation>
    </message>
    <message>
        <source>--fault &quot;%1&quot;: no acquisition starts at or after %2 s</source>
        <translation>--fault &quot;%1&quot;：%2 秒及之后没有开始的获取</translation>
    </message>
    <message>
        <source>the replay would last %1 s, longer than a simulated day: choose a shorter window (--from, --to)</source>
        <translation>重放将持续 %1 秒，超过模拟的一天：请选择更短的窗口（--from、--to）</translation>
    </message>
    <message>
        <source>the window has %1 owners, more than a simulation&apos;s %2 clients: choose a shorter window (--from, --to)</source>
        <translation>窗口中有 %1 个持有者，超过一次模拟的 %2 个客户端：请选择更短的窗口（--from、--to）</translation>
    </message>
    <message>
        <source>%1, replayed as recorded</source>
        <translation>%1，按录制重放</translation>
    </message>
    <message>
        <source>%1 by %2 on %3</source>
        <translation>%2在 %3上的 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n acquisition(s)</source>
        <translation>
            <numerusform>%n 次加锁</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n owner(s)</source>
        <translation>
            <numerusform>%n 个持有者</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n key(s)</source>
        <translation>
            <numerusform>%n 个键</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorkspaceActions</name>
    <message>
        <source>&amp;Open Scenario File…</source>
        <translation>打开场景文件(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a scenario from a JSON file (Ctrl+O)</source>
        <translation>从 JSON 文件打开场景（Ctrl+O）</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Run the simulation (Ctrl+R)</source>
        <translation>运行模拟（Ctrl+R）</translation>
    </message>
    <message>
        <source>&amp;Next Event</source>
        <translation>下一个事件(&amp;N)</translation>
    </message>
    <message>
        <source>Pre&amp;vious Event</source>
        <translation>上一个事件(&amp;V)</translation>
    </message>
    <message>
        <source>Next Event, Commands &amp;Included</source>
        <translation>下一个事件，含命令(&amp;I)</translation>
    </message>
    <message>
        <source>Previous Event, Commands Included</source>
        <translation>上一个事件，含命令</translation>
    </message>
    <message>
        <source>Go to &amp;Start</source>
        <translation>转到开头(&amp;S)</translation>
    </message>
    <message>
        <source>Go to &amp;End</source>
        <translation>转到结尾(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Faster</source>
        <translation>加速(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Slower</source>
        <translation>减速(&amp;S)</translation>
    </message>
    <message>
        <source>Show What Happens &amp;Next</source>
        <translation>显示接下来会发生什么(&amp;N)</translation>
    </message>
    <message>
        <source>Show the rest of the run, dimmed, on the timeline; off hides it (let the class guess)</source>
        <translation>在时间线上以淡色显示运行的剩余部分；关闭则隐藏（让大家先猜一猜）</translation>
    </message>
    <message>
        <source>&amp;Clear Injected Faults</source>
        <translation>清除注入的故障(&amp;C)</translation>
    </message>
    <message>
        <source>Export Timeline as &amp;PNG…</source>
        <translation>将时间线导出为 &amp;PNG…</translation>
    </message>
    <message>
        <source>Export Timeline as &amp;SVG…</source>
        <translation>将时间线导出为 &amp;SVG…</translation>
    </message>
    <message>
        <source>This build has no SVG support (Qt SVG was not found)</source>
        <translation>此版本不支持 SVG（未找到 Qt SVG）</translation>
    </message>
    <message>
        <source>Export &amp;Event Log (JSON Lines)…</source>
        <translation>导出事件日志（JSON Lines）(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>取消运行(&amp;C)</translation>
    </message>
    <message>
        <source>Stop the simulation that is running (Esc)</source>
        <translation>停止正在运行的模拟（Esc）</translation>
    </message>
    <message>
        <source>Run &amp;Your Own Scripts…</source>
        <translation>运行你自己的脚本(&amp;Y)…</translation>
    </message>
    <message>
        <source>Choose your acquire and release Lua scripts and run them as the strategy</source>
        <translation>选择你自己的加锁与解锁 Lua 脚本，把它们作为策略运行</translation>
    </message>
    <message>
        <source>Run on Real &amp;Redis</source>
        <translation>在真实 Redis 上运行(&amp;R)</translation>
    </message>
    <message>
        <source>Play this scenario on real redis-server processes started for it, with the same faults, beside its simulation (Ctrl+Shift+R)</source>
        <translation>在为它启动的真实 redis-server 进程上用同样的故障重演这个场景，并与模拟并排显示（Ctrl+Shift+R）</translation>
    </message>
    <message>
        <source>Run on Your &amp;Own Redis…</source>
        <translation>在你自己的 Redis 上运行(&amp;O)…</translation>
    </message>
    <message>
        <source>Play this scenario&apos;s client-side faults on your own servers</source>
        <translation>在你自己的服务器上重演这个场景中客户端一侧的故障</translation>
    </message>
</context>
<context>
    <name>WorkspaceExport</name>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 图形 (*.svg)</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Cannot write the %1 to %2: %3</source>
        <translation>无法把%1写入 %2：%3</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>This build of LockScope cannot write SVG (Qt SVG was not found).</source>
        <translation>此版本的 LockScope 无法写出 SVG（未找到 Qt SVG）。</translation>
    </message>
    <message>
        <source>Nothing to export: run a simulation first.</source>
        <translation>没有可导出的内容：请先运行模拟。</translation>
    </message>
    <message>
        <source>Cannot write the timeline to %1: %2</source>
        <translation>无法把时间线写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot encode the timeline as PNG.</source>
        <translation>无法把时间线编码为 PNG。</translation>
    </message>
    <message>
        <source>timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>LockScope timeline: %1 with %2</source>
        <translation>LockScope 时间线：%1，策略 %2</translation>
    </message>
    <message>
        <source>Cannot write the event log to %1: %2</source>
        <translation>无法把事件日志写入 %1：%2</translation>
    </message>
    <message>
        <source>event log</source>
        <translation>事件日志</translation>
    </message>
</context>
<context>
    <name>cli</name>
    <message>
        <source>--%1 must be a whole number &gt;= %2, got &quot;%3&quot;</source>
        <translation>--%1 必须是 &gt;= %2 的整数，实际为 &quot;%3&quot;</translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot;</source>
        <translation>多余的参数 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--lang must be en or zh_CN, got &quot;%1&quot;</source>
        <translation>--lang 必须是 en 或 zh_CN，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Number of clients (default 10).</source>
        <translation>客户端数量（默认 10）。</translation>
    </message>
    <message>
        <source>Number of lock keys (default 1).</source>
        <translation>锁键数量（默认 1）。</translation>
    </message>
    <message>
        <source>Lock TTL in ms (default 10000).</source>
        <translation>锁的 TTL，单位 ms（默认 10000）。</translation>
    </message>
    <message>
        <source>Time inside the critical section, between GET and SET (default 0).</source>
        <translation>在临界区内、GET 与 SET 之间停留的时间（默认 0）。</translation>
    </message>
    <message>
        <source>Time after each release (default 0).</source>
        <translation>每次解锁后的间隔时间（默认 0）。</translation>
    </message>
    <message>
        <source>How long the clients run (default 5000).</source>
        <translation>客户端运行多久（默认 5000）。</translation>
    </message>
    <message>
        <source>How to wait for a busy lock: spin, backoff (default) or pubsub.</source>
        <translation>锁被占用时如何等待：spin、backoff（默认）或 pubsub。</translation>
    </message>
    <message>
        <source>Request timeout in ms (default 1000).</source>
        <translation>请求超时，单位 ms（默认 1000）。</translation>
    </message>
    <message>
        <source>Seed of the clients&apos; random numbers.</source>
        <translation>客户端随机数的种子。</translation>
    </message>
    <message>
        <source>Pause a client: NAME:AT_MS:FOR_MS (repeatable).</source>
        <translation>暂停一个客户端：NAME:AT_MS:FOR_MS（可重复）。</translation>
    </message>
    <message>
        <source>Kill a client: NAME:AT_MS (repeatable).</source>
        <translation>杀死一个客户端：NAME:AT_MS（可重复）。</translation>
    </message>
    <message>
        <source>Write the event log as JSON Lines.</source>
        <translation>把事件日志写成 JSON Lines。</translation>
    </message>
    <message>
        <source>Print the result as one JSON object.</source>
        <translation>把结果打印为一个 JSON 对象。</translation>
    </message>
    <message>
        <source>bench needs --redis HOST:PORT (or a redis:// URL)</source>
        <translation>bench 需要 --redis HOST:PORT（或 redis:// URL）</translation>
    </message>
    <message>
        <source>bench needs --strategy ID (see &apos;lockscope-cli strategies&apos;)</source>
        <translation>bench 需要 --strategy ID（参见 &apos;lockscope-cli strategies&apos;）</translation>
    </message>
    <message>
        <source>--redis names no server</source>
        <translation>--redis 没有指定任何服务器</translation>
    </message>
    <message>
        <source>unknown strategy &quot;%1&quot; (known: %2)</source>
        <translation>未知策略 &quot;%1&quot;（已知：%2）</translation>
    </message>
    <message>
        <source>--redis lists %1 servers, but %2 uses one (only redlock uses several)</source>
        <translation>--redis 列出了 %1 台服务器，但 %2 只用一台（只有 redlock 使用多台）</translation>
    </message>
    <message>
        <source>--clients must be at most 10000, got %1</source>
        <translation>--clients 最多为 10000，实际为 %1</translation>
    </message>
    <message>
        <source>--keys must be at most 1000000, got %1</source>
        <translation>--keys 最多为 1000000，实际为 %1</translation>
    </message>
    <message>
        <source>--duration must be at most a day, got %1 ms</source>
        <translation>--duration 最多为一天，实际为 %1 ms</translation>
    </message>
    <message>
        <source>--wait must be spin, backoff or pubsub, got &quot;%1&quot;</source>
        <translation>--wait 必须是 spin、backoff 或 pubsub，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--%1 %2: AT_MS is after the end of the run (%3 ms)</source>
        <translation>--%1 %2：AT_MS 超出了运行结束时间（%3 ms）</translation>
    </message>
    <message>
        <source>no client named &quot;%1&quot; (the %2 clients are %3..%4)</source>
        <translation>没有名为 &quot;%1&quot; 的客户端（%2 个客户端为 %3..%4）</translation>
    </message>
    <message>
        <source>cannot write the event log to %1: %2</source>
        <translation>无法把事件日志写入 %1：%2</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>打印 JSON。</translation>
    </message>
    <message>
        <source>Run one deterministic simulation and check it.</source>
        <translation>运行一次确定性模拟并检查结果。</translation>
    </message>
    <message>
        <source>Scenario id or scenario file.</source>
        <translation>场景 id 或场景文件。</translation>
    </message>
    <message>
        <source>Strategy id (or &apos;custom&apos; with the two scripts).</source>
        <translation>策略 id（或配合两个脚本使用 &apos;custom&apos;）。</translation>
    </message>
    <message>
        <source>Random seed (default 1).</source>
        <translation>随机种子（默认 1）。</translation>
    </message>
    <message>
        <source>Number of clients.</source>
        <translation>客户端数量。</translation>
    </message>
    <message>
        <source>Number of lock keys.</source>
        <translation>锁键数量。</translation>
    </message>
    <message>
        <source>Lock TTL in ms.</source>
        <translation>锁的 TTL，单位 ms。</translation>
    </message>
    <message>
        <source>Simulated duration in ms.</source>
        <translation>模拟时长，单位 ms。</translation>
    </message>
    <message>
        <source>How to wait for a busy lock: spin, backoff or pubsub.</source>
        <translation>锁被占用时如何等待：spin、backoff 或 pubsub。</translation>
    </message>
    <message>
        <source>Your acquire script (Lua).</source>
        <translation>你的加锁脚本（Lua）。</translation>
    </message>
    <message>
        <source>Your release script (Lua).</source>
        <translation>你的解锁脚本（Lua）。</translation>
    </message>
    <message>
        <source>simulate needs --scenario ID (see &apos;lockscope-cli scenarios&apos;)</source>
        <translation>simulate 需要 --scenario ID（参见 &apos;lockscope-cli scenarios&apos;）</translation>
    </message>
    <message>
        <source>a custom strategy needs both --acquire-script and --release-script</source>
        <translation>自定义策略需要同时给出 --acquire-script 和 --release-script</translation>
    </message>
    <message>
        <source>simulate needs --strategy ID (see &apos;lockscope-cli strategies&apos;)</source>
        <translation>simulate 需要 --strategy ID（参见 &apos;lockscope-cli strategies&apos;）</translation>
    </message>
    <message>
        <source>Every strategy on the same scenario and seeds, or the safety matrix of every scenario (--all-scenarios).</source>
        <translation>所有策略在相同场景和种子下对比，或所有场景的安全矩阵（--all-scenarios）。</translation>
    </message>
    <message>
        <source>The safety matrix: every built-in scenario x every strategy.</source>
        <translation>安全矩阵：每个内置场景 x 每个策略。</translation>
    </message>
    <message>
        <source>Seeds per strategy (default 10; 100 with --all-scenarios).</source>
        <translation>每个策略的种子数（默认 10；--all-scenarios 时为 100）。</translation>
    </message>
    <message>
        <source>Print CSV: a header line and one row per cell.</source>
        <translation>打印 CSV：一行表头，每个单元格一行。</translation>
    </message>
    <message>
        <source>compare needs exactly one of --scenario ID and --all-scenarios (see &apos;lockscope-cli scenarios&apos;)</source>
        <translation>compare 需要 --scenario ID 和 --all-scenarios 二者之一（参见 &apos;lockscope-cli scenarios&apos;）</translation>
    </message>
    <message>
        <source>--json and --csv cannot be combined</source>
        <translation>--json 和 --csv 不能同时使用</translation>
    </message>
    <message>
        <source>unsafe runs</source>
        <translation>不安全次数</translation>
    </message>
    <message>
        <source>mistaken del</source>
        <translation>误删</translation>
    </message>
    <message>
        <source>lost upd</source>
        <translation>丢失更新</translation>
    </message>
    <message>
        <source>stale rej</source>
        <translation>拒绝过期</translation>
    </message>
    <message>
        <source>p99 ms</source>
        <translation>p99 ms</translation>
    </message>
    <message>
        <source>A narrated simulation in the terminal.</source>
        <translation>在终端中带解说的模拟。</translation>
    </message>
    <message>
        <source>Scenario id (default pause-before-delete).</source>
        <translation>场景 id（默认 pause-before-delete）。</translation>
    </message>
    <message>
        <source>Comma-separated strategy ids (default set-nx-px-get-del,set-nx-px-lua).</source>
        <translation>以逗号分隔的策略 id（默认 set-nx-px-get-del,set-nx-px-lua）。</translation>
    </message>
    <message>
        <source>Also show every Redis command and reply.</source>
        <translation>同时显示每条 Redis 命令及其应答。</translation>
    </message>
    <message>
        <source>LockScope — %1

%2
</source>
        <translation>LockScope —— %1

%2
</translation>
    </message>
    <message>
        <source>
  The checker found:
</source>
        <translation>
  检查器发现：
</translation>
    </message>
    <message>
        <source>    nothing wrong: no overlap, no mistaken deletion, no stuck lock, counter %1 of %2.
</source>
        <translation>    没有问题：没有重叠，没有误删，没有死锁，计数器 %1 / %2。
</translation>
    </message>
    <message>
        <source>  Why: %1
</source>
        <translation>  原因：%1
</translation>
    </message>
    <message>
        <source>
Try another: lockscope-cli demo --scenario &lt;id&gt; --strategies &lt;id,id&gt; (lockscope-cli scenarios, lockscope-cli strategies).
</source>
        <translation>
再试一个：lockscope-cli demo --scenario &lt;id&gt; --strategies &lt;id,id&gt;（lockscope-cli scenarios, lockscope-cli strategies）。
</translation>
    </message>
    <message>
        <source>scenario  %1 — %2
</source>
        <translation>场景      %1 —— %2
</translation>
    </message>
    <message>
        <source>strategy  %1   seed %2
</source>
        <translation>策略      %1   种子 %2
</translation>
    </message>
    <message>
        <source>simulated %1 s, %2 Redis commands

</source>
        <translation>模拟了 %1 s，%2 条 Redis 命令

</translation>
    </message>
    <message>
        <source>safety
</source>
        <translation>安全性
</translation>
    </message>
    <message>
        <source>  violations             %1  (overlap %2 ms)
</source>
        <translation>  互斥被破坏             %1  （重叠 %2 ms）
</translation>
    </message>
    <message>
        <source>  mistaken deletions     %1
</source>
        <translation>  误删                   %1
</translation>
    </message>
    <message>
        <source>  stuck locks            %1
</source>
        <translation>  死锁                   %1
</translation>
    </message>
    <message>
        <source>  lost updates           %1  (counter %2 of %3)
</source>
        <translation>  丢失更新               %1  （计数器 %2 / %3）
</translation>
    </message>
    <message>
        <source>  stale writes rejected  %1
</source>
        <translation>  被拒绝的过期写入       %1
</translation>
    </message>
    <message>
        <source>liveness and cost
</source>
        <translation>活性与开销
</translation>
    </message>
    <message>
        <source>  acquisitions           %1  (failed attempts %2, gave up %3)
</source>
        <translation>  加锁次数               %1  （失败尝试 %2，放弃 %3）
</translation>
    </message>
    <message>
        <source>  starved clients        %1
</source>
        <translation>  饥饿的客户端           %1
</translation>
    </message>
    <message>
        <source>  commands/acquisition   %1
</source>
        <translation>  每次加锁的命令数       %1
</translation>
    </message>
    <message>
        <source>  fairness (Jain)        %1
</source>
        <translation>  公平性（Jain）         %1
</translation>
    </message>
    <message>
        <source>
verdict: safe in this run
</source>
        <translation>
结论：本次运行安全
</translation>
    </message>
    <message>
        <source>
verdict: UNSAFE in this run
</source>
        <translation>
结论：本次运行不安全（UNSAFE）
</translation>
    </message>
    <message>
        <source>safety matrix: %1 scenarios x %2 strategies, %3 seeds per cell

strategies:
</source>
        <translation>安全矩阵：%1 个场景 x %2 个策略，每格 %3 个种子

策略：
</translation>
    </message>
    <message>
        <source>scenario</source>
        <translation>场景</translation>
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
图例：
  ok      安全：没有互斥被破坏、误删、死锁或丢失更新，
          且每次加锁都成功
  UNSAFE  某次运行出现了互斥被破坏、误删、死锁或丢失更新
          （过期写入全部被拒绝的 fencing 策略算作安全）
  live    活性受损：安全，但有客户端饥饿或放弃了加锁

</translation>
    </message>
    <message>
        <source>%1 ok, %2 UNSAFE, %3 live; --json or --csv gives the counts behind each cell
</source>
        <translation>%1 个 ok，%2 个 UNSAFE，%3 个 live；--json 或 --csv 给出每格背后的计数
</translation>
    </message>
    <message>
        <source>scenario %1, %2 seeds per strategy

</source>
        <translation>场景 %1，每个策略 %2 个种子

</translation>
    </message>
    <message>
        <source>strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>violations</source>
        <translation>互斥被破坏</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>死锁</translation>
    </message>
    <message>
        <source>starved</source>
        <translation>饥饿</translation>
    </message>
    <message>
        <source>--%1 names no server</source>
        <translation>--%1 没有指定任何服务器</translation>
    </message>
    <message>
        <source>Watch the lock keys of a real Redis: a snapshot (--once, the default) or a live history (--follow). Read-only unless --allow-writes: the connection refuses every write command before it is sent. Keys are found with SCAN MATCH --pattern COUNT --count and read with bounded, pipelined TYPE/PTTL/value reads; changes come from keyspace notifications when the server has them on, else from periodic re-reads. With --cluster, --redis is a seed node of a Redis Cluster: the masters are found with CLUSTER SLOTS and each is scanned and followed (and found again after a failover).

--once --json prints JSON Lines: one object per key (key, type, ttl_ms, format, owner, hold_count, waiters, anomalies [rule ids], ...). --follow --json prints every event as JSON Lines in the event log&apos;s format; --record FILE writes the whole recording (lockscope-cli replay FILE reads it). An unreachable server or a wrong password is one line on stderr, exit code 2.</source>
        <translation>观察真实 Redis 中的锁键：一次快照（--once，默认）或持续的历史（--follow）。除非给出 --allow-writes，否则只读：连接在发送之前就拒绝一切写命令。键通过 SCAN MATCH --pattern COUNT --count 查找，再以有上限的流水线 TYPE/PTTL/取值读取；服务器开启了键空间通知时，变化来自通知，否则来自定期重读。带 --cluster 时，--redis 是 Redis Cluster 的一个种子节点：通过 CLUSTER SLOTS 找到各主节点，逐一扫描并跟踪（故障转移后会重新找到）。

--once --json 打印 JSON Lines：每个键一个对象（key、type、ttl_ms、format、owner、hold_count、waiters、anomalies [规则 id] ……）。--follow --json 以事件日志格式把每个事件打印为 JSON Lines；--record FILE 写出完整记录（lockscope-cli replay FILE 可读取）。服务器不可达或密码错误时，在 stderr 打印一行，退出码 2。</translation>
    </message>
    <message>
        <source>Sentinels, comma-separated host:port (or redis:// URLs).</source>
        <translation>Sentinel 列表，以逗号分隔的 host:port（或 redis:// URL）。</translation>
    </message>
    <message>
        <source>The master name the sentinels know.</source>
        <translation>Sentinel 所知的主节点名称。</translation>
    </message>
    <message>
        <source>--redis is a seed node of a Redis Cluster: watch every master.</source>
        <translation>--redis 是 Redis Cluster 的一个种子节点：观察每个主节点。</translation>
    </message>
    <message>
        <source>Keys to watch (default *lock*).</source>
        <translation>要观察的键（默认 *lock*）。</translation>
    </message>
    <message>
        <source>One snapshot, then exit (the default).</source>
        <translation>一次快照，然后退出（默认）。</translation>
    </message>
    <message>
        <source>Follow changes until --duration or Ctrl-C.</source>
        <translation>持续跟踪变化，直到 --duration 到期或按下 Ctrl-C。</translation>
    </message>
    <message>
        <source>How long to follow (default: until Ctrl-C).</source>
        <translation>跟踪多久（默认：直到 Ctrl-C）。</translation>
    </message>
    <message>
        <source>Print JSON Lines.</source>
        <translation>打印 JSON Lines。</translation>
    </message>
    <message>
        <source>Write the history to FILE (JSON Lines, the event log format).</source>
        <translation>把历史写入 FILE（JSON Lines，事件日志格式）。</translation>
    </message>
    <message>
        <source>Re-read known keys this often without notifications (default 1000).</source>
        <translation>没有通知时，按此间隔重读已知的键（默认 1000）。</translation>
    </message>
    <message>
        <source>Re-read periodically even if the server notifies keyspace events.</source>
        <translation>即使服务器发送键空间通知，也定期重读。</translation>
    </message>
    <message>
        <source>Let the connection send write commands (off by default).</source>
        <translation>允许连接发送写命令（默认关闭）。</translation>
    </message>
    <message>
        <source>Turn keyspace notifications on (CONFIG SET notify-keyspace-events); needs --allow-writes.</source>
        <translation>开启键空间通知（CONFIG SET notify-keyspace-events）；需要 --allow-writes。</translation>
    </message>
    <message>
        <source>Connect and request timeout in ms (default 3000).</source>
        <translation>连接与请求超时，单位 ms（默认 3000）。</translation>
    </message>
    <message>
        <source>Anomaly: a TTL above this (default 300000).</source>
        <translation>异常：TTL 超过此值（默认 300000）。</translation>
    </message>
    <message>
        <source>Anomaly: held by one owner longer than this (default 60000).</source>
        <translation>异常：同一持有者持有超过此时长（默认 60000）。</translation>
    </message>
    <message>
        <source>Anomaly: more owner changes per minute than this (default 60).</source>
        <translation>异常：每分钟更换持有者的次数超过此值（默认 60）。</translation>
    </message>
    <message>
        <source>Anomaly: a fair-lock queue head unchanged longer than this (default 30000).</source>
        <translation>异常：公平锁队列的队首保持不变超过此时长（默认 30000）。</translation>
    </message>
    <message>
        <source>Anomaly: one owner holding more locks than this (default 20).</source>
        <translation>异常：同一持有者持有的锁超过此数量（默认 20）。</translation>
    </message>
    <message>
        <source>--once and --follow exclude each other</source>
        <translation>--once 和 --follow 不能同时使用</translation>
    </message>
    <message>
        <source>--enable-notifications changes the server&apos;s configuration (CONFIG SET notify-keyspace-events): add --allow-writes to allow this write</source>
        <translation>--enable-notifications 会修改服务器配置（CONFIG SET notify-keyspace-events）：请加上 --allow-writes 以允许这次写入</translation>
    </message>
    <message>
        <source>--record records changes over time: use it with --follow</source>
        <translation>--record 记录随时间发生的变化：请与 --follow 一起使用</translation>
    </message>
    <message>
        <source>--duration is for --follow</source>
        <translation>--duration 只用于 --follow</translation>
    </message>
    <message>
        <source>--sentinel needs --master NAME</source>
        <translation>--sentinel 需要 --master NAME</translation>
    </message>
    <message>
        <source>--cluster and --sentinel exclude each other</source>
        <translation>--cluster 和 --sentinel 不能同时使用</translation>
    </message>
    <message>
        <source>--master is for --sentinel</source>
        <translation>--master 只用于 --sentinel</translation>
    </message>
    <message>
        <source>--cluster needs --redis URL of a seed node (any node of the cluster)</source>
        <translation>--cluster 需要一个种子节点的 --redis URL（集群中任一节点）</translation>
    </message>
    <message>
        <source>monitor needs --redis URL (or --sentinel HOSTS --master NAME)</source>
        <translation>monitor 需要 --redis URL（或 --sentinel HOSTS --master NAME）</translation>
    </message>
    <message>
        <source>--count must be at most 100000, got %1</source>
        <translation>--count 最多为 100000，实际为 %1</translation>
    </message>
    <message>
        <source>--pattern must not be empty</source>
        <translation>--pattern 不能为空</translation>
    </message>
    <message>
        <source>Print a recorded history (lockscope-cli monitor --follow --record FILE, or the --events FILE of simulate and bench) and what the checker finds in it.</source>
        <translation>打印一段记录的历史（lockscope-cli monitor --follow --record FILE，或 simulate 和 bench 的 --events FILE），以及检查器从中发现的问题。</translation>
    </message>
    <message>
        <source>Print the events as JSON Lines, then one summary object.</source>
        <translation>把事件打印为 JSON Lines，最后是一个汇总对象。</translation>
    </message>
    <message>
        <source>Only the summary.</source>
        <translation>只打印汇总。</translation>
    </message>
    <message>
        <source>Only events of this key.</source>
        <translation>只看这个键的事件。</translation>
    </message>
    <message>
        <source>The recording.</source>
        <translation>记录文件。</translation>
    </message>
    <message>
        <source>replay needs the FILE of a recording</source>
        <translation>replay 需要一个记录文件 FILE</translation>
    </message>
    <message>
        <source>replay reads one file, got %1</source>
        <translation>replay 只读取一个文件，实际给了 %1 个</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 has no event of key &quot;%2&quot;</source>
        <translation>%1 中没有键 &quot;%2&quot; 的事件</translation>
    </message>
    <message>
        <source>monitor recording of %1
</source>
        <translation>%1 的监控记录
</translation>
    </message>
    <message>
        <source>%1 log: scenario %2, strategy %3, seed %4, %5 events
</source>
        <translation>%1 日志：场景 %2，策略 %3，种子 %4，%5 个事件
</translation>
    </message>
    <message>
        <source>--%1 must be at most %2, got %3</source>
        <translation>--%1 最多为 %2，实际为 %3</translation>
    </message>
    <message>
        <source>Your acquire script (Lua), instead of --strategy.</source>
        <translation>你的加锁脚本（Lua），代替 --strategy。</translation>
    </message>
    <message>
        <source>Your release script (Lua), instead of --strategy.</source>
        <translation>你的解锁脚本（Lua），代替 --strategy。</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>  acquire latency        p50 %1, p99 %2
</source>
        <translation>  加锁延迟               p50 %1，p99 %2
</translation>
    </message>
    <message>
        <source>
verdict: liveness loss in this run (safe, but a client starved or an acquire gave up)
</source>
        <translation>
结论：本次运行活性受损（安全，但有客户端饥饿或放弃了加锁）
</translation>
    </message>
    <message>
        <source>Your acquire script (Lua), compared as &apos;custom&apos;.</source>
        <translation>你的加锁脚本（Lua），以 &apos;custom&apos; 参与对比。</translation>
    </message>
    <message>
        <source>Your release script (Lua), compared as &apos;custom&apos;.</source>
        <translation>你的解锁脚本（Lua），以 &apos;custom&apos; 参与对比。</translation>
    </message>
    <message>
        <source>%1 (scenario %2)</source>
        <translation>%1（场景 %2）</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>
verdict: ok (safe), UNSAFE (some run had a violation, a mistaken deletion, a stuck lock or a lost update; a fencing strategy whose stale writes were all rejected is safe), live (safe, but a client starved or an acquire gave up)
</source>
        <translation>
结论：ok（安全），UNSAFE（某次运行出现了互斥被破坏、误删、死锁或丢失更新；过期写入全部被拒绝的 fencing 策略算作安全），live（安全，但有客户端饥饿或放弃了加锁）
</translation>
    </message>
    <message>
        <source>The contention experiment against real Redis servers: every client loops acquire -&gt; GET and SET +1 of a counter on the first server inside the lock -&gt; release, for --duration ms. Reports cycles per second, acquire latency, errors by kind, and the counter against the acknowledged increments (lost updates). Client i works on lock key i mod --keys. The keys it makes live under lockscope:bench:&lt;random&gt;: and are deleted at the end. An unreachable server, a wrong password or a missing ACL permission is reported before any client starts (exit code 2).

Faults (repeatable; clients are named A..Z up to 26 clients, else c1, c2, ...):
  --pause-client NAME:AT_MS:FOR_MS  the client stops (a GC pause) FOR_MS ms at AT_MS ms after the start: its replies, timers and renewals wait
  --kill-client NAME:AT_MS          the client dies at AT_MS ms: its coroutines are destroyed and its connections closed, whatever it held

Ctrl-C stops the clients, cleans up and prints what was measured (exit code 130).</source>
        <translation>在真实 Redis 服务器上运行竞争实验：每个客户端循环执行 加锁 -&gt; 在锁内对第一台服务器上的计数器 GET 再 SET +1 -&gt; 解锁，持续 --duration 毫秒。报告每秒循环次数、加锁延迟、按类别统计的错误，以及计数器与已确认递增次数的对比（丢失更新）。客户端 i 使用第 i mod --keys 个锁键。它创建的键都在 lockscope:bench:&lt;random&gt;: 之下，结束时全部删除。服务器不可达、密码错误或缺少 ACL 权限会在任何客户端启动之前报告（退出码 2）。

故障（可重复；不超过 26 个客户端时命名为 A..Z，否则为 c1、c2……）：
  --pause-client NAME:AT_MS:FOR_MS  客户端在开始后 AT_MS 毫秒时停顿（GC 暂停）FOR_MS 毫秒：它的应答、定时器和续期都要等待
  --kill-client NAME:AT_MS          客户端在 AT_MS 毫秒时死亡：它的协程被销毁、连接被关闭，无论它持有什么

Ctrl-C 停止客户端、清理并打印已测得的结果（退出码 130）。</translation>
    </message>
    <message>
        <source>how it locks; then its flaw, or a correct one&apos;s limits</source>
        <translation>如何加锁；然后是它的缺陷，或者正确策略的适用限制</translation>
    </message>
    <message>
        <source>limits: %1</source>
        <translation>限制：%1</translation>
    </message>
    <message>
        <source>no known limits</source>
        <translation>没有已知的限制</translation>
    </message>
    <message>
        <source>flaw: %1</source>
        <translation>缺陷：%1</translation>
    </message>
    <message>
        <source>live run (lockscope-cli bench): strategy %1, %2 clients on %3, seed %4, %5 events
</source>
        <translation>真实运行（lockscope-cli bench）：策略 %1，%2 个客户端，服务器 %3，种子 %4，%5 个事件
</translation>
    </message>
    <message>
        <source>Stop a script that runs longer than this, e.g. 5s or 500ms (default 5s, as Redis&apos;s lua-time-limit); the run then ends with an error (exit 2).</source>
        <translation>停止运行时间超过此值的脚本，例如 5s 或 500ms（默认 5s，与 Redis 的 lua-time-limit 相同）；运行随即以错误结束（退出码 2）。</translation>
    </message>
    <message>
        <source>Servers, comma-separated (several for redlock): host:port, redis://[user@]host[:port][/db], rediss://..., unix:///path. A password here is visible to other users: use LOCKSCOPE_AUTH or --askpass.</source>
        <translation>服务器，以逗号分隔（redlock 用多个）：host:port、redis://[user@]host[:port][/db]、rediss://...、unix:///path。写在这里的密码对其他用户可见：请使用 LOCKSCOPE_AUTH 或 --askpass。</translation>
    </message>
    <message>
        <source>no path given</source>
        <translation>未给出路径</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>没有这个文件或文件夹</translation>
    </message>
    <message>
        <source>not a folder</source>
        <translation>不是文件夹</translation>
    </message>
    <message>
        <source>a folder, not a file</source>
        <translation>是文件夹，不是文件</translation>
    </message>
    <message>
        <source>not readable (permissions)</source>
        <translation>无法读取（权限不足）</translation>
    </message>
    <message>
        <source>--%1 %2: %3</source>
        <translation>--%1 %2：%3</translation>
    </message>
    <message>
        <source>The ACL user to log in as (AUTH user password); replaces the user of --redis.</source>
        <translation>登录所用的 ACL 用户（AUTH user password）；取代 --redis 中的用户。</translation>
    </message>
    <message>
        <source>Read the password from the terminal without echo (or one line of stdin when it is not a terminal). Without it: the password of --redis, else the environment variable LOCKSCOPE_AUTH.</source>
        <translation>从终端读取密码且不回显（标准输入不是终端时读取其中一行）。不加此选项时：使用 --redis 中的密码，否则使用环境变量 LOCKSCOPE_AUTH。</translation>
    </message>
    <message>
        <source>Connect with TLS (as a rediss:// address does).</source>
        <translation>使用 TLS 连接（与 rediss:// 地址相同）。</translation>
    </message>
    <message>
        <source>Trust the CA certificates in this PEM file instead of the system&apos;s.</source>
        <translation>信任此 PEM 文件中的 CA 证书，而不是系统的。</translation>
    </message>
    <message>
        <source>Trust the CA certificates (PEM) in this folder instead of the system&apos;s.</source>
        <translation>信任此文件夹中的 CA 证书（PEM），而不是系统的。</translation>
    </message>
    <message>
        <source>Client certificate (PEM), for a server that checks its clients (tls-auth-clients); needs --key.</source>
        <translation>客户端证书（PEM），用于检查客户端的服务器（tls-auth-clients）；需要 --key。</translation>
    </message>
    <message>
        <source>The client certificate&apos;s private key (PEM).</source>
        <translation>客户端证书的私钥（PEM）。</translation>
    </message>
    <message>
        <source>Server name sent with SNI and checked in the certificate (default: the host).</source>
        <translation>通过 SNI 发送并在证书中核对的服务器名（默认：主机名）。</translation>
    </message>
    <message>
        <source>Do not verify the server&apos;s certificate (never the default; prints a warning).</source>
        <translation>不验证服务器证书（绝不是默认行为；会打印一条警告）。</translation>
    </message>
    <message>
        <source>--tls: %1 is a Unix socket; TLS is for TCP addresses</source>
        <translation>--tls：%1 是 Unix 套接字；TLS 只用于 TCP 地址</translation>
    </message>
    <message>
        <source>--%1 is for TLS: add --tls (or use a rediss:// address)</source>
        <translation>--%1 用于 TLS：请加上 --tls（或使用 rediss:// 地址）</translation>
    </message>
    <message>
        <source>--cert needs --key (the client certificate&apos;s private key)</source>
        <translation>--cert 需要 --key（客户端证书的私钥）</translation>
    </message>
    <message>
        <source>--key needs --cert (the client certificate it belongs to)</source>
        <translation>--key 需要 --cert（它所属的客户端证书）</translation>
    </message>
    <message>
        <source>--sni must not be empty</source>
        <translation>--sni 不能为空</translation>
    </message>
    <message>
        <source>--user must not be empty</source>
        <translation>--user 不能为空</translation>
    </message>
    <message>
        <source>warning: a password in an address is visible to other users of this machine (ps, /proc); give it with LOCKSCOPE_AUTH or --askpass instead</source>
        <translation>警告：地址中的密码对本机其他用户可见（ps、/proc）；请改用 LOCKSCOPE_AUTH 或 --askpass 提供</translation>
    </message>
    <message>
        <source>Password: </source>
        <translation>密码：</translation>
    </message>
    <message>
        <source>warning: --insecure: the server&apos;s certificate is not verified, so anyone on the network path can pose as the server</source>
        <translation>警告：--insecure：不验证服务器证书，网络路径上的任何人都可以冒充服务器</translation>
    </message>
    <message>
        <source>--askpass: no password was read (the input ended or the line was empty)</source>
        <translation>--askpass：没有读到密码（输入已结束或该行为空）</translation>
    </message>
    <message>
        <source>bench runs your scripts on your server, whose busy-reply-threshold (lua-time-limit) is their time limit: past it the bench stops the script with SCRIPT KILL; --script-time-limit is for simulate and compare</source>
        <translation>bench 在你的服务器上运行你的脚本，脚本的时间上限就是服务器的 busy-reply-threshold（lua-time-limit）：超过它后 bench 会用 SCRIPT KILL 停止脚本；--script-time-limit 用于 simulate 和 compare</translation>
    </message>
    <message>
        <source>--strategy %1 and your own scripts: give one or the other</source>
        <translation>--strategy %1 与你自己的脚本只能二选一</translation>
    </message>
    <message>
        <source>--%1 goes with --live</source>
        <translation>--%1 需与 --live 一起使用</translation>
    </message>
    <message>
        <source>--live takes --repetitions, not --seeds (repetition k uses seed k)</source>
        <translation>--live 使用 --repetitions 而不是 --seeds（第 k 次重复使用种子 k）</translation>
    </message>
    <message>
        <source>strategy  %1   seed %2   live time scale %3

</source>
        <translation>策略  %1   种子 %2   实时时间缩放 %3

</translation>
    </message>
    <message>
        <source>simulated</source>
        <translation>模拟</translation>
    </message>
    <message>
        <source>live</source>
        <translation>实时</translation>
    </message>
    <message>
        <source>mistaken deletions</source>
        <translation>误删</translation>
    </message>
    <message>
        <source>stuck locks</source>
        <translation>死锁</translation>
    </message>
    <message>
        <source>lost updates</source>
        <translation>丢失更新</translation>
    </message>
    <message>
        <source>stale writes rejected</source>
        <translation>被拒绝的过期写入</translation>
    </message>
    <message>
        <source>acquisitions</source>
        <translation>加锁次数</translation>
    </message>
    <message>
        <source>gave up</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>starved clients</source>
        <translation>饥饿的客户端</translation>
    </message>
    <message>
        <source>agreement: the live run agrees with the simulation
</source>
        <translation>一致性：实时运行与模拟一致
</translation>
    </message>
    <message>
        <source>agreement: DISAGREE
</source>
        <translation>一致性：不一致（DISAGREE）
</translation>
    </message>
    <message>
        <source>live: %1 s on %2
</source>
        <translation>实时：%1 秒，在 %2 上
</translation>
    </message>
    <message>
        <source>note: %1
</source>
        <translation>注：%1
</translation>
    </message>
    <message>
        <source>Also run the scenario live on real Redis servers and compare the verdicts.</source>
        <translation>同时在真实的 Redis 服务器上实时运行该场景，并比较两者的结论。</translation>
    </message>
    <message>
        <source>With --live: multiply every time of the scenario by X (0.1 turns a 10 s TTL into 1 s; default: the smallest of 0.1, 0.25, 0.5, 1 keeping the TTL &gt;= 1 s).</source>
        <translation>与 --live 一起使用：把场景中的所有时间乘以 X（0.1 把 10 秒的 TTL 变成 1 秒；默认取 0.1、0.25、0.5、1 中使 TTL 不小于 1 秒的最小者）。</translation>
    </message>
    <message>
        <source>With --live: your servers (URL,...) instead of local ones; only the clients&apos; faults are done.</source>
        <translation>与 --live 一起使用：用你的服务器（URL,...）代替本地服务器；只执行客户端一侧的故障。</translation>
    </message>
    <message>
        <source>--time-scale must be a number above 0 and at most 100, got &quot;%1&quot;</source>
        <translation>--time-scale 必须是大于 0 且不超过 100 的数，实际为“%1”</translation>
    </message>
    <message>
        <source>cannot run %1 live: %2</source>
        <translation>无法实时运行 %1：%2</translation>
    </message>
    <message>
        <source>live run: %1 of %2 scenario seconds</source>
        <translation>实时运行：场景时间 %1 / %2 秒</translation>
    </message>
    <message>
        <source>cancelled: every server the live run started is stopped</source>
        <translation>已取消：实时运行启动的服务器都已停止</translation>
    </message>
    <message>
        <source>the live run failed: %1</source>
        <translation>实时运行失败：%1</translation>
    </message>
    <message>
        <source>live agreement matrix: %1 scenarios x %2 strategies, %3 live repetitions per cell

strategies:
</source>
        <translation>实时一致性矩阵：%1 个场景 × %2 种策略，每格实时重复 %3 次

策略：
</translation>
    </message>
    <message>
        <source>
legend: the simulated verdict (ok, UNSAFE, live = liveness loss), then how many
live repetitions agreed with their simulation (same verdict, same kinds of
finding); ! marks a cell that disagreed, n/a one that cannot run live.

</source>
        <translation>
图例：先是模拟的结论（ok 安全，UNSAFE 不安全，live 活性受损），再是有几次实时
重复与其模拟一致（结论相同，发现的问题种类相同）；! 标出不一致的格子，
n/a 表示无法实时运行。

</translation>
    </message>
    <message>
        <source>n/a       %1 x %2: %3
</source>
        <translation>n/a       %1 × %2：%3
</translation>
    </message>
    <message>
        <source>error     %1 x %2: %3
</source>
        <translation>出错      %1 × %2：%3
</translation>
    </message>
    <message>
        <source>disagree  %1 x %2: %3
</source>
        <translation>不一致    %1 × %2：%3
</translation>
    </message>
    <message>
        <source>
%1 cells agree, %2 disagree, %3 cannot run live; %4 s
</source>
        <translation>
%1 格一致，%2 格不一致，%3 格无法实时运行；%4 秒
</translation>
    </message>
    <message>
        <source>The live agreement matrix: each cell also played on real local Redis servers and compared with its simulation.</source>
        <translation>实时一致性矩阵：每一格也在本地真实的 Redis 服务器上运行，并与其模拟比较。</translation>
    </message>
    <message>
        <source>With --live: live runs per cell (default 3).</source>
        <translation>与 --live 一起使用：每格的实时运行次数（默认 3）。</translation>
    </message>
    <message>
        <source>With --live: multiply every time of the scenarios by X (default: per scenario, keeping TTLs &gt;= 1 s).</source>
        <translation>与 --live 一起使用：把各场景中的所有时间乘以 X（默认按场景选取，使 TTL 不小于 1 秒）。</translation>
    </message>
    <message>
        <source>With --live: cells played at once, each on servers of its own (default 2).</source>
        <translation>与 --live 一起使用：同时运行的格子数，每格使用自己的服务器（默认 2）。</translation>
    </message>
    <message>
        <source>compare --live: %1 of %2 cells</source>
        <translation>compare --live：%1 / %2 格</translation>
    </message>
    <message>
        <source>cancelled: the cells finished so far follow</source>
        <translation>已取消：以下是已完成的格子</translation>
    </message>
    <message>
        <source>explore %1: %2 clients x %3 cycles, TTL %4 ms, hold %5 ms, up to %6 (%7)
</source>
        <translation>explore %1：%2 个客户端 x %3 轮，TTL %4 ms，持有 %5 ms，最多 %6（%7）
</translation>
    </message>
    <message>
        <source>%1 schedules run, %2 places pruned as equivalent, in %3 s (%4 schedules/s)</source>
        <translation>运行了 %1 个调度，%2 个位置因等价而剪除，用时 %3 s（每秒 %4 个调度）</translation>
    </message>
    <message>
        <source>; first counterexample after %1 s</source>
        <translation>；%1 s 后找到第一个反例</translation>
    </message>
    <message>
        <source>interrupted: every schedule with up to %1 faults was run
</source>
        <translation>已中断：最多 %1 个故障的调度都已运行
</translation>
    </message>
    <message>
        <source>scenario: %1</source>
        <translation>场景：%1</translation>
    </message>
    <message>
        <source>your scripts failed in %1 schedules; the first: %2
</source>
        <translation>你的脚本在 %1 个调度中出错；第一个：%2
</translation>
    </message>
    <message>
        <source>none &lt;= %1</source>
        <translation>无 &lt;= %1</translation>
    </message>
    <message>
        <source>schedules</source>
        <translation>调度数</translation>
    </message>
    <message>
        <source>cannot create the directory %1</source>
        <translation>无法创建目录 %1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Search every placement of up to K faults in a small workload for the smallest one that breaks a lock. Exit 0: none within the bound; 1: a counterexample; 2: bad input; 130: interrupted.</source>
        <translation>在一个小负载中搜索最多 K 个故障的每一种放法，找出打破一把锁的最小故障组合。退出码 0：界限内没有；1：找到反例；2：输入有误；130：被中断。</translation>
    </message>
    <message>
        <source>Strategy id.</source>
        <translation>策略 id。</translation>
    </message>
    <message>
        <source>Every built-in strategy: the break-it table.</source>
        <translation>所有内置策略：打破表。</translation>
    </message>
    <message>
        <source>Clients (default %1).</source>
        <translation>客户端数（默认 %1）。</translation>
    </message>
    <message>
        <source>Lock cycles per client (default %1).</source>
        <translation>每个客户端的加锁轮数（默认 %1）。</translation>
    </message>
    <message>
        <source>Lock TTL in ms (default %1).</source>
        <translation>锁的 TTL，毫秒（默认 %1）。</translation>
    </message>
    <message>
        <source>Time inside the lock in ms (default %1).</source>
        <translation>持有锁的时间，毫秒（默认 %1）。</translation>
    </message>
    <message>
        <source>Redlock&apos;s nodes (default %1).</source>
        <translation>Redlock 的节点数（默认 %1）。</translation>
    </message>
    <message>
        <source>Fault kinds, comma-separated (default: all that apply): %1.</source>
        <translation>故障种类，逗号分隔（默认：所有适用的）：%1。</translation>
    </message>
    <message>
        <source>Faults per schedule, at most (0..%1, default 2).</source>
        <translation>每个调度最多的故障数（0..%1，默认 2）。</translation>
    </message>
    <message>
        <source>Findings that count, comma-separated (default all: violation, mistaken_deletion, stuck_lock, lost_update, starvation).</source>
        <translation>算数的问题种类，逗号分隔（默认全部：violation, mistaken_deletion, stuck_lock, lost_update, starvation）。</translation>
    </message>
    <message>
        <source>Worker threads (default: one per core).</source>
        <translation>工作线程数（默认：每个核一个）。</translation>
    </message>
    <message>
        <source>Write each counterexample there as a scenario file.</source>
        <translation>把每个反例作为场景文件写到这里。</translation>
    </message>
    <message>
        <source>explore needs exactly one of --strategy ID, --all-strategies and --acquire-script/--release-script</source>
        <translation>explore 需要 --strategy ID、--all-strategies 和 --acquire-script/--release-script 中恰好一个</translation>
    </message>
    <message>
        <source>unknown fault kind &quot;%1&quot; (known: %2)</source>
        <translation>未知的故障种类 &quot;%1&quot;（已知：%2）</translation>
    </message>
    <message>
        <source>--faults names no fault kind</source>
        <translation>--faults 没有给出任何故障种类</translation>
    </message>
    <message>
        <source>The clients start together.
</source>
        <translation>客户端同时启动。
</translation>
    </message>
    <message>
        <source>The clients start %1 ms apart.
</source>
        <translation>客户端依次间隔 %1 毫秒启动。
</translation>
    </message>
    <message>
        <source>Client i starts i times this many ms late (default %1; 0: all at once, so their first requests race).</source>
        <translation>第 i 个客户端晚 i 倍于此毫秒数启动（默认 %1；0：同时启动，它们的第一个请求相互竞争）。</translation>
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
        <translation>用法：lockscope-cli &lt;命令&gt; [选项]

命令：
  strategies [--json]            锁策略，按 id 列出
  scenarios [--json]             故障场景，按 id 列出
  simulate --scenario ID --strategy ID [选项]
                                 运行一次确定性模拟并检查结果
  compare --scenario ID [--seeds N] [--json|--csv]
                                 所有策略在相同场景和种子下对比
  compare --all-scenarios [--seeds N] [--json|--csv]
                                 安全矩阵：场景 x 策略
  demo [--scenario ID] [--strategies A,B]
                                 在终端中带解说的模拟
  bench --redis HOST:PORT[,HOST:PORT...] --strategy ID [--clients N] [--keys N]
        [--ttl MS] [--hold MS] [--duration MS] [--wait spin|backoff|pubsub] [--json]
                                 多个客户端争用一把锁来递增共享计数器，
                                 在真实 Redis 服务器上运行
  monitor --redis URL [--pattern P] [--once|--follow] [--json] [--record FILE]
          [--sentinel HOST:PORT,... --master NAME] [--allow-writes]
                                 真实 Redis 中的锁键：一次快照或持续的
                                 历史（除非 --allow-writes，否则只读）
  replay FILE [--json]           回放记录的历史，以及检查器从中发现的问题
  explore --strategy ID|--all-strategies|--acquire-script A --release-script R
          [--max-faults K] [--faults LIST] [--find LIST] [--scenario-dir DIR] [--json]
                                 最多 K 个故障的每一种放法：最小的反例，
                                 或在界限内没有反例
  whatif --recording FILE [--from T --to T] [--strategy ID|--all-strategies]
         [--fault KIND@T ...] [--scenario-out FILE] [--anonymize] [--json]
                                 把监控录制的流量放到其他策略和
                                 额外的故障下重放

运行 &apos;lockscope-cli &lt;命令&gt; --help&apos; 查看某个命令的选项。
</translation>
    </message>
    <message>
        <source>no command given (strategies, scenarios, simulate, compare, demo, bench, monitor, replay, explore, whatif); see &apos;lockscope-cli --help&apos;</source>
        <translation>没有给出命令（strategies, scenarios, simulate, compare, demo, bench, monitor, replay, explore, whatif）；参见 &apos;lockscope-cli --help&apos;</translation>
    </message>
    <message>
        <source>unknown command &quot;%1&quot; (strategies, scenarios, simulate, compare, demo, bench, monitor, replay, explore, whatif)</source>
        <translation>未知命令 &quot;%1&quot;（strategies, scenarios, simulate, compare, demo, bench, monitor, replay, explore, whatif）</translation>
    </message>
    <message>
        <source>The server: host:port, redis://[user@]host[:port][/db], rediss://..., unix:///path. With --sentinel: the user, TLS and db of the master. A password here is visible to other users: use LOCKSCOPE_AUTH or --askpass. Several servers (comma-separated, or --redis repeated): the independent nodes of a Redlock deployment, watched as one (who holds each key&apos;s majority).</source>
        <translation>服务器：host:port、redis://[user@]host[:port][/db]、rediss://...、unix:///path。与 --sentinel 一起使用时：主节点的用户、TLS 和数据库。写在这里的密码对其他用户可见：请使用 LOCKSCOPE_AUTH 或 --askpass。多个服务器（用逗号分隔，或重复 --redis）：Redlock 部署中相互独立的各个节点，作为一个整体监控（谁占有每个键的多数）。</translation>
    </message>
    <message>
        <source>several --redis servers are a Redlock deployment&apos;s nodes; --cluster and --sentinel take one address</source>
        <translation>多个 --redis 服务器是 Redlock 部署的各个节点；--cluster 和 --sentinel 只接受一个地址</translation>
    </message>
    <message>
        <source>--redis lists one server; a Redlock deployment has two or more</source>
        <translation>--redis 只列出了一个服务器；Redlock 部署有两个或更多节点</translation>
    </message>
    <message>
        <source>--redis names %1 twice</source>
        <translation>--redis 把 %1 列了两次</translation>
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
        <translation>在模拟器中重放监控录制（lockscope-cli monitor --follow --record FILE）中的锁流量：录制中的每个持有者都成为一个客户端，在录制看到它拿锁和放锁的时刻拿锁和放锁。可以用一种策略或全部策略运行，在选定的时刻加入故障，并与录制所见对比。

时间是从录制的第一个事件起算的秒数，与 &apos;lockscope-cli replay&apos; 打印的一致：12.5s、800ms、2m，或不带单位的秒数。

故障（--fault，可重复），KIND[:CLIENT]@TIME[+AMOUNT]：
  pause@12.5s+40s     12.5 秒时持有锁的客户端停顿 40 秒（若有多个
                      客户端持有锁，取最后拿到锁的那个）
  lose-reply@10s      从 10 秒起的下一次获取的回复丢失
  failover@10s        服务器故障转移到副本
  restart@10s+2s      服务器清空重启，停机 2 秒（+AMOUNT 可省略）
  clock-jump@10s+2s   服务器时钟向前跳 2 秒（-2s：向后）
  pause:NAME@...      改为指定客户端（场景中的名字）

默认策略取决于录制中的锁格式：看到 LockScope 的 fencing 计数器 -&gt; fenced；看到续期 -&gt; watchdog；Redisson RLock 或 LockScope 可重入哈希 -&gt; reentrant-hash；node-redlock、go-redsync -&gt; redlock；保存过期时间的 SETNX 锁 -&gt; setnx-getset；redis-py、python-redis-lock、LockScope 以及其他一切 -&gt; set-nx-px-lua。</translation>
    </message>
    <message>
        <source>The monitor recording to replay.</source>
        <translation>要重放的监控录制。</translation>
    </message>
    <message>
        <source>Replay the acquisitions from this time on (default: the recording&apos;s start).</source>
        <translation>从这个时刻起重放获取（默认：录制的开头）。</translation>
    </message>
    <message>
        <source>Replay the acquisitions up to this time (default: the recording&apos;s end).</source>
        <translation>重放到这个时刻为止的获取（默认：录制的结尾）。</translation>
    </message>
    <message>
        <source>A strategy to replay under (repeatable; default: the one the recording&apos;s lock format implies).</source>
        <translation>用来重放的策略（可重复；默认：录制中的锁格式所对应的策略）。</translation>
    </message>
    <message>
        <source>Replay under every strategy.</source>
        <translation>用每一种策略重放。</translation>
    </message>
    <message>
        <source>A fault to add (repeatable): KIND[:CLIENT]@TIME[+AMOUNT].</source>
        <translation>要加入的故障（可重复）：KIND[:CLIENT]@TIME[+AMOUNT]。</translation>
    </message>
    <message>
        <source>Write the derived scenario file here.</source>
        <translation>把推导出的场景文件写到这里。</translation>
    </message>
    <message>
        <source>Key names, owners and tokens become key-1, owner-1, ... in the scenario and the output.</source>
        <translation>在场景和输出中，键名、持有者和令牌都换成 key-1、owner-1……</translation>
    </message>
    <message>
        <source>whatif takes no argument &quot;%1&quot; (the recording is --recording FILE)</source>
        <translation>whatif 不接受参数 &quot;%1&quot;（录制文件用 --recording FILE 给出）</translation>
    </message>
    <message>
        <source>whatif needs --recording FILE</source>
        <translation>whatif 需要 --recording FILE</translation>
    </message>
    <message>
        <source>--to %1 must be after --from %2</source>
        <translation>--to %1 必须晚于 --from %2</translation>
    </message>
    <message>
        <source>--strategy and --all-strategies exclude each other</source>
        <translation>--strategy 和 --all-strategies 不能同时使用</translation>
    </message>
    <message>
        <source>%1 is a %2 log, not a monitor recording (lockscope-cli monitor --follow --record FILE)</source>
        <translation>%1 是 %2 日志，不是监控录制（lockscope-cli monitor --follow --record FILE）</translation>
    </message>
    <message>
        <source>lock format %1: replayed by default as %2
</source>
        <translation>锁格式 %1：默认按 %2 重放
</translation>
    </message>
    <message>
        <source>fault %1: strikes the server
</source>
        <translation>故障 %1：作用于服务器
</translation>
    </message>
    <message>
        <source>fault %1: strikes %2
</source>
        <translation>故障 %1：作用于 %2
</translation>
    </message>
    <message>
        <source>fault %1: strikes %2 (lock %3)
</source>
        <translation>故障 %1：作用于 %2（锁 %3）
</translation>
    </message>
    <message>
        <source>scenario written to %1
</source>
        <translation>场景已写入 %1
</translation>
    </message>
    <message>
        <source>as recorded: %1 anomalies, %2 lease findings (lockscope-cli replay %3 shows them)
</source>
        <translation>录制所见：%1 个异常，%2 条租约发现（lockscope-cli replay %3 可查看）
</translation>
    </message>
    <message>
        <source>acquired</source>
        <translation>获取</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>过期</translation>
    </message>
    <message>
        <source>as recorded</source>
        <translation>录制所见</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>what-if replay of %1, %2 s to %3 s: %4
</source>
        <translation>%1 的假设回放，%2 秒到 %3 秒：%4
</translation>
    </message>
    <message>
        <source>SCAN COUNT: work per round, fixed (default: from 500, paced so that one SCAN costs the server about 0.5 ms).</source>
        <translation>SCAN COUNT：每轮的工作量，固定（默认：从 500 起，调整到每次 SCAN 约占服务器 0.5 毫秒）。</translation>
    </message>
    <message>
        <source>At most this many bytes of reads unanswered at once: shorter passes of the server&apos;s loop, a slower scan (default: no limit; 8192 is gentle).</source>
        <translation>同时未得到答复的读取最多这么多字节：服务器每轮事件循环更短，扫描更慢（默认：不限；8192 较温和）。</translation>
    </message>
</context>
<context>
    <name>lockscope</name>
    <message>
        <source>LockScope: see, simulate and explain distributed locks on Redis.
Without options it opens the window. With --screenshot it renders the window at an instant of a run to a PNG file and exits, without showing anything.</source>
        <translation>LockScope：查看、模拟并解释 Redis 上的分布式锁。
不带选项时打开窗口。带 --screenshot 时，把窗口在某次运行某一时刻的样子渲染到 PNG 文件后退出，不显示任何窗口。</translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation>显示本帮助并退出。</translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation>显示版本并退出。</translation>
    </message>
    <message>
        <source>Scenario id (see lockscope-cli scenarios) or scenario file (a path: it contains a / or ends with .json).</source>
        <translation>场景 id（参见 lockscope-cli scenarios）或场景文件（路径：包含 / 或以 .json 结尾）。</translation>
    </message>
    <message>
        <source>Strategy id (see lockscope-cli strategies).</source>
        <translation>策略 id（参见 lockscope-cli strategies）。</translation>
    </message>
    <message>
        <source>Random seed (default 1).</source>
        <translation>随机种子（默认 1）。</translation>
    </message>
    <message>
        <source>Number of clients.</source>
        <translation>客户端数量。</translation>
    </message>
    <message>
        <source>Lock TTL in ms.</source>
        <translation>锁的 TTL，单位 ms。</translation>
    </message>
    <message>
        <source>How to wait for a busy lock: spin, backoff or pubsub.</source>
        <translation>锁被占用时如何等待：spin、backoff 或 pubsub。</translation>
    </message>
    <message>
        <source>Playback instant in ms of simulated time.</source>
        <translation>回放时刻，单位为模拟时间的 ms。</translation>
    </message>
    <message>
        <source>Render the window to FILE.png and exit (works with QT_QPA_PLATFORM=offscreen).</source>
        <translation>把窗口渲染到 FILE.png 后退出（可配合 QT_QPA_PLATFORM=offscreen）。</translation>
    </message>
    <message>
        <source>Window size for --screenshot (default 1600x1000).</source>
        <translation>--screenshot 的窗口尺寸（默认 1600x1000）。</translation>
    </message>
    <message>
        <source>Use the dark palette.</source>
        <translation>使用深色配色。</translation>
    </message>
    <message>
        <source>Use the light palette.</source>
        <translation>使用浅色配色。</translation>
    </message>
    <message>
        <source>Details tab to show: commands or source.</source>
        <translation>要显示的详情标签页：commands 或 source。</translation>
    </message>
    <message>
        <source>The timeline&apos;s visible range in ms (default: the whole run).</source>
        <translation>时间线的可见范围，单位 ms（默认：整个运行）。</translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot; (see --help)</source>
        <translation>多余的参数 &quot;%1&quot;（参见 --help）</translation>
    </message>
    <message>
        <source>unknown scenario &quot;%1&quot; (known: %2)</source>
        <translation>未知场景 &quot;%1&quot;（已知：%2）</translation>
    </message>
    <message>
        <source>unknown strategy &quot;%1&quot; (known: %2)</source>
        <translation>未知策略 &quot;%1&quot;（已知：%2）</translation>
    </message>
    <message>
        <source>--seed must be a whole number &gt;= 0, got &quot;%1&quot;</source>
        <translation>--seed 必须是 &gt;= 0 的整数，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--ttl must be a whole number of ms from 1 to 3600000, got &quot;%1&quot;</source>
        <translation>--ttl 必须是 1 到 3600000 之间的整数（ms），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--wait must be spin, backoff or pubsub, got &quot;%1&quot;</source>
        <translation>--wait 必须是 spin、backoff 或 pubsub，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--at must be a whole number of ms &gt;= 0, got &quot;%1&quot;</source>
        <translation>--at 必须是 &gt;= 0 的整数（ms），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--lang must be en or zh_CN, got &quot;%1&quot;</source>
        <translation>--lang 必须是 en 或 zh_CN，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--size must be WIDTHxHEIGHT, at least 640x480, got &quot;%1&quot;</source>
        <translation>--size 必须是 宽x高，至少 640x480，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--dark and --light cannot both be given</source>
        <translation>--dark 和 --light 不能同时使用</translation>
    </message>
    <message>
        <source>--tab must be commands or source, got &quot;%1&quot;</source>
        <translation>--tab 必须是 commands 或 source，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--view must be FROM:TO in ms with FROM &lt; TO, got &quot;%1&quot;</source>
        <translation>--view 必须是 FROM:TO（ms），且 FROM &lt; TO，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--screenshot needs a file name</source>
        <translation>--screenshot 需要一个文件名</translation>
    </message>
    <message>
        <source>cannot write the screenshot to %1: %2</source>
        <translation>无法把截图写入 %1：%2</translation>
    </message>
    <message>
        <source>Open the monitor page connected, read-only, to this Redis (redis://host:port); with --screenshot, after its first scan.</source>
        <translation>打开监控页面，以只读方式连接到这个 Redis（redis://host:port）；带 --screenshot 时，在第一次扫描之后截图。</translation>
    </message>
    <message>
        <source>With --page compare: run the safety matrix with N seeds per cell and wait for it.</source>
        <translation>配合 --page compare：以每格 N 个种子运行安全矩阵并等待完成。</translation>
    </message>
    <message>
        <source>Language: en or zh_CN (default: the one chosen in View &gt; Language, else the system&apos;s).</source>
        <translation>语言：en 或 zh_CN（默认：上次在“视图 &gt; 语言”中选择的语言，否则为系统语言）。</translation>
    </message>
    <message>
        <source>With --page monitor: open the New profile dialog over the window.</source>
        <translation>与 --page monitor 一起使用：在窗口上打开“新建…”连接配置对话框。</translation>
    </message>
    <message>
        <source>With --screenshot and a language other than English: list every text of the window and its dialog still in English, exit with code 3 if there is one.</source>
        <translation>与 --screenshot 及非英语的语言一起使用：列出窗口及其对话框中仍为英文的每一段文字，若有则以退出码 3 结束。</translation>
    </message>
    <message>
        <source>--profile-dialog needs --page monitor</source>
        <translation>--profile-dialog 需要 --page monitor</translation>
    </message>
    <message>
        <source>--check-translation needs --screenshot and --lang zh_CN</source>
        <translation>--check-translation 需要 --screenshot 和 --lang zh_CN</translation>
    </message>
    <message>
        <source>With --monitor-url and --screenshot: watch N seconds after the first scan before the picture, so the History fills.</source>
        <translation>与 --monitor-url 和 --screenshot 一起使用：首次扫描后先观察 N 秒再截图，让“历史”填满数据。</translation>
    </message>
    <message>
        <source>--monitor-seconds needs --monitor-url and --screenshot and a whole number from 1 to 600, got &quot;%1&quot;</source>
        <translation>--monitor-seconds 需要同时给出 --monitor-url 和 --screenshot，且取值为 1 到 600 的整数，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>render the window to a file with --screenshot FILE.png, or see a demonstration in this terminal with lockscope-cli demo</source>
        <translation>可以用 --screenshot FILE.png 把窗口渲染到文件，或用 lockscope-cli demo 在此终端中观看演示</translation>
    </message>
    <message>
        <source>no display found (neither DISPLAY nor WAYLAND_DISPLAY is set): %1</source>
        <translation>找不到显示器（DISPLAY 和 WAYLAND_DISPLAY 都未设置）：%1</translation>
    </message>
    <message>
        <source>cannot open the display: %1</source>
        <translation>无法打开显示器：%1</translation>
    </message>
    <message>
        <source>--clients must be a whole number from 1 to %1, got &quot;%2&quot;</source>
        <translation>--clients 必须是 1 到 %1 之间的整数，实际为“%2”</translation>
    </message>
    <message>
        <source>--compare-seeds must be a whole number from 1 to %1, got &quot;%2&quot;</source>
        <translation>--compare-seeds 必须是 1 到 %1 之间的整数，实际为“%2”</translation>
    </message>
    <message>
        <source>warning: a password in --monitor-url is visible to other users of this machine (ps, /proc); keep it in a saved profile instead (the Monitor page&apos;s New... button)</source>
        <translation>警告：--monitor-url 中的密码对本机其他用户可见（ps、/proc）；请改为保存在连接配置中（监控页的“新建...”按钮）</translation>
    </message>
    <message>
        <source>Your acquire script (Lua), instead of --strategy.</source>
        <translation>你的加锁脚本（Lua），代替 --strategy。</translation>
    </message>
    <message>
        <source>Your release script (Lua).</source>
        <translation>你的解锁脚本（Lua）。</translation>
    </message>
    <message>
        <source>Stop a script running longer than this (default 5s, as Redis&apos;s lua-time-limit): 500ms, 2s or a number of ms.</source>
        <translation>停止运行超过此时长的脚本（默认 5s，与 Redis 的 lua-time-limit 相同）：500ms、2s 或毫秒数。</translation>
    </message>
    <message>
        <source>your own scripts need both --acquire-script and --release-script, and no --strategy</source>
        <translation>你自己的脚本需要同时给出 --acquire-script 和 --release-script，且不能再给 --strategy</translation>
    </message>
    <message>
        <source>Also play the scenario on real redis-server processes (Run &gt; Run on Real Redis), drawn beside or overlaid on its simulation; with --screenshot, after it has ended.</source>
        <translation>同时在真实的 redis-server 进程上重演这个场景（运行 &gt; 在真实 Redis 上运行），画在模拟旁边或叠加在模拟上；配合 --screenshot 时，等它结束后再截图。</translation>
    </message>
    <message>
        <source>--live must be beside or overlaid, got &quot;%1&quot;</source>
        <translation>--live 必须是 beside 或 overlaid，实际是“%1”</translation>
    </message>
    <message>
        <source>With --page compare: show matrix, cost or agreement (with --screenshot, agreement runs the matrix on real Redis first and waits for it).</source>
        <translation>配合 --page compare：显示 matrix（安全矩阵）、cost（代价）或 agreement（真实 Redis 一致性矩阵；与 --screenshot 同用时，agreement 会先在真实 Redis 上运行矩阵并等待其完成）。</translation>
    </message>
    <message>
        <source>--compare-view must be matrix, cost or agreement, got &quot;%1&quot;</source>
        <translation>--compare-view 必须是 matrix、cost 或 agreement，而不是“%1”</translation>
    </message>
    <message>
        <source>Page to show: workspace, compare, monitor or explore.</source>
        <translation>要显示的页面：workspace、compare、monitor 或 explore。</translation>
    </message>
    <message>
        <source>With --page explore: search this strategy for the smallest fault sets that break it (with --screenshot, wait for the search).</source>
        <translation>配合 --page explore：搜索能攻破这个策略的最小故障组合（配合 --screenshot 时等待搜索完成）。</translation>
    </message>
    <message>
        <source>With --page explore: Break Them All, every built-in strategy one after another (with --screenshot, wait for them: a minute or two).</source>
        <translation>配合 --page explore：全部攻破，依次探索每个内置策略（配合 --screenshot 时等待它们完成：一两分钟）。</translation>
    </message>
    <message>
        <source>With --page explore: at most K faults per schedule (0 to %1, default 2).</source>
        <translation>配合 --page explore：每个调度最多 K 个故障（0 到 %1，默认 2）。</translation>
    </message>
    <message>
        <source>--page must be workspace, compare, monitor or explore, got &quot;%1&quot;</source>
        <translation>--page 必须是 workspace、compare、monitor 或 explore，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--explore-strategy, --explore-all and --max-faults need --page explore</source>
        <translation>--explore-strategy、--explore-all 和 --max-faults 需要 --page explore</translation>
    </message>
    <message>
        <source>--max-faults must be a whole number from 0 to %1, got &quot;%2&quot;</source>
        <translation>--max-faults 必须是 0 到 %1 之间的整数，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>Open the monitor page on this recording (a file written by lockscope-cli monitor --record, or the page&apos;s Record).</source>
        <translation>在监视页打开这份录制（lockscope-cli monitor --record 或本页“录制”写下的文件）。</translation>
    </message>
    <message>
        <source>With --monitor-url or --monitor-recording: select this key (its details and its lease chart).</source>
        <translation>配合 --monitor-url 或 --monitor-recording：选中这个键（显示它的详情和租约图）。</translation>
    </message>
    <message>
        <source>The compare page compares this scenario file (your own, or one lockscope-cli whatif --scenario-out wrote).</source>
        <translation>比较页比较这个场景文件（你自己的，或 lockscope-cli whatif --scenario-out 写出的）。</translation>
    </message>
    <message>
        <source>--monitor-recording and --monitor-url: choose one</source>
        <translation>--monitor-recording 和 --monitor-url 只能选一个</translation>
    </message>
    <message>
        <source>--monitor-key needs --monitor-url or --monitor-recording</source>
        <translation>--monitor-key 需要 --monitor-url 或 --monitor-recording</translation>
    </message>
    <message>
        <source>--monitor-key: the monitor&apos;s table has no key &quot;%1&quot;</source>
        <translation>--monitor-key：监视器的表格里没有键“%1”</translation>
    </message>
</context>
<context>
    <name>lockscope::ClusterResolver</name>
    <message>
        <source>CLUSTER SLOTS did not answer with a list</source>
        <translation>CLUSTER SLOTS 的回复不是列表</translation>
    </message>
    <message>
        <source>CLUSTER SLOTS answered with a slot range of an unknown shape</source>
        <translation>CLUSTER SLOTS 回复的槽范围格式无法识别</translation>
    </message>
    <message>
        <source>CLUSTER SLOTS answered with a node of an unknown shape</source>
        <translation>CLUSTER SLOTS 回复的节点格式无法识别</translation>
    </message>
    <message>
        <source>no node of the cluster answered CLUSTER SLOTS: %1</source>
        <translation>集群中没有任何节点应答 CLUSTER SLOTS：%1</translation>
    </message>
    <message>
        <source>%1 is not a cluster node (cluster support disabled)</source>
        <translation>%1 不是集群节点（未启用集群支持）</translation>
    </message>
    <message>
        <source>%1: the cluster has no master serving slots yet</source>
        <translation>%1：集群中还没有负责槽的主节点</translation>
    </message>
</context>
<context>
    <name>lockscope::KeyMonitor</name>
    <message>
        <source>cannot read notify-keyspace-events: %1</source>
        <translation>无法读取 notify-keyspace-events：%1</translation>
    </message>
    <message>
        <source>cannot subscribe to keyspace notifications: %1</source>
        <translation>无法订阅键空间通知：%1</translation>
    </message>
    <message>
        <source>scan failed: %1</source>
        <translation>扫描失败：%1</translation>
    </message>
    <message>
        <source>cluster mode needs a seed node at host:port, not a Unix socket</source>
        <translation>集群模式需要 host:port 形式的种子节点，不能用 Unix 套接字</translation>
    </message>
    <message>
        <source>a Redis Cluster has only database 0, but the address asks for database %1</source>
        <translation>Redis Cluster 只有 0 号数据库，但地址指定了 %1 号数据库</translation>
    </message>
    <message>
        <source>%1 cluster masters (%2)</source>
        <translation>%1 个集群主节点（%2）</translation>
    </message>
    <message>
        <source>not monitoring</source>
        <translation>未在监控</translation>
    </message>
    <message>
        <source>asking %1 for the masters of the cluster</source>
        <translation>正在向 %1 询问集群的主节点</translation>
    </message>
    <message>
        <source>connecting to %1</source>
        <translation>正在连接 %1</translation>
    </message>
    <message>
        <source>scanning %1 for %2: %3 keys matched in %4 SCAN rounds</source>
        <translation>正在扫描 %1 中匹配 %2 的键：%4 轮 SCAN 已匹配 %3 个键</translation>
    </message>
    <message>
        <source>watching %1 lock keys matching %2 on %3</source>
        <translation>正在观察 %3 上匹配 %2 的 %1 个锁键</translation>
    </message>
    <message>
        <source>stopped: %1</source>
        <translation>已停止：%1</translation>
    </message>
    <message>
        <source>keyspace notifications on (%1)</source>
        <translation>键空间通知已开启（%1）</translation>
    </message>
    <message>
        <source>keyspace notifications partly on (&quot;%1&quot;, missing %2): notifications plus re-reads every %3 ms; to cover everything: %4</source>
        <translation>键空间通知部分开启（&quot;%1&quot;，缺少 %2）：依靠通知并每 %3 ms 重读一次；要覆盖全部事件：%4</translation>
    </message>
    <message>
        <source>keyspace notifications are off on the server: re-reading known keys every %1 ms and rescanning for new ones (changes between two reads are not seen); to turn them on: %2</source>
        <translation>服务器关闭了键空间通知：每 %1 ms 重读已知的键并重新扫描新键（两次读取之间的变化看不到）；开启方法：%2</translation>
    </message>
    <message>
        <source>cannot tell whether the server notifies keyspace events: re-reading every %1 ms</source>
        <translation>无法判断服务器是否发送键空间通知：每 %1 ms 重读一次</translation>
    </message>
    <message>
        <source>keyspace notifications not used: re-reading known keys every %1 ms and rescanning for new ones</source>
        <translation>未使用键空间通知：每 %1 ms 重读已知的键并重新扫描新键</translation>
    </message>
    <message>
        <source>asking the sentinels for the master of &quot;%1&quot;</source>
        <translation>正在向 Sentinel 询问 &quot;%1&quot; 的主节点</translation>
    </message>
    <message>
        <source>connection to %1 lost at %2 (%3 s ago, %4 attempts): %5; reconnecting</source>
        <translation>与 %1 的连接在 %2 丢失（%3 s 前，已尝试 %4 次）：%5；正在重连</translation>
    </message>
    <message>
        <source>%1 reads failed (last: %2)</source>
        <translation>%1 次读取失败（最近一次：%2）</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>the monitor moved to another server</source>
        <translation>监控已切换到另一台服务器</translation>
    </message>
    <message>
        <source>notify-keyspace-events is now &quot;%1&quot;</source>
        <translation>notify-keyspace-events 现在是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1 is a node of a Redis Cluster: only the keys of its own slots are watched; to watch every master, use --cluster (in a profile: Redis Cluster)</source>
        <translation>%1 是 Redis Cluster 的一个节点：只能观察到它自己槽位上的键；要观察所有主节点，请使用 --cluster（在连接配置中勾选 Redis Cluster）</translation>
    </message>
    <message>
        <source>%1 has reached maxclients; retrying</source>
        <translation>%1 已达到 maxclients；正在重试</translation>
    </message>
    <message>
        <source>%1 refuses new connections: max number of clients reached (maxclients)</source>
        <translation>%1 拒绝新连接：已达到客户端数量上限（maxclients）</translation>
    </message>
    <message>
        <source>%1 Redlock nodes (%2)</source>
        <translation>%1 个 Redlock 节点（%2）</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::AgreementModel</name>
    <message>
        <source>agrees</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>DISAGREES</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>not live</source>
        <translation>无法实时</translation>
    </message>
    <message>
        <source>error</source>
        <translation>出错</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>agrees %1/%2</source>
        <translation>一致 %1/%2</translation>
    </message>
    <message>
        <source>DISAGREES %1/%2</source>
        <translation>不一致 %1/%2</translation>
    </message>
    <message numerus="yes">
        <source>%n live repetition(s) told the simulator&apos;s story: the same verdict and the same kinds of finding.</source>
        <translation>
            <numerusform>%n 次实时重复与模拟器讲述的过程相同：结论相同，发现的问题种类也相同。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 live repetitions told another story than their simulation:</source>
        <translation>%2 次实时重复中有 %1 次与其模拟讲述的过程不同：</translation>
    </message>
    <message>
        <source>Not reproducible live: %1</source>
        <translation>无法在真实 Redis 上复现：%1</translation>
    </message>
    <message>
        <source>The live run failed: %1</source>
        <translation>实时运行失败：%1</translation>
    </message>
    <message>
        <source>Cancelled before its first live run ended.</source>
        <translation>在第一次实时运行结束前已取消。</translation>
    </message>
    <message>
        <source>repetition (seed)</source>
        <translation>重复（种子）</translation>
    </message>
    <message>
        <source>simulated</source>
        <translation>模拟</translation>
    </message>
    <message>
        <source>live</source>
        <translation>实时</translation>
    </message>
    <message>
        <source>%1 (seed %2)</source>
        <translation>%1（种子 %2）</translation>
    </message>
    <message>
        <source>Differences (the first repetition that disagreed):</source>
        <translation>差异（第一次不一致的重复）：</translation>
    </message>
    <message numerus="yes">
        <source>Time scale %1 (every time of the scenario multiplied by it on real Redis); %2 s of wall time for %n live repetition(s).</source>
        <translation>
            <numerusform>时间缩放 %1（在真实 Redis 上，场景中的每个时间都乘以它）；%n 次实时重复共用时 %2 秒。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 × %2: waiting for its live runs</source>
        <translation>%1 × %2：等待其实时运行</translation>
    </message>
    <message>
        <source>%1 × %2: not run on real Redis yet</source>
        <translation>%1 × %2：尚未在真实 Redis 上运行</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::AgreementRun</name>
    <message>
        <source>The matrix is running on real Redis already.</source>
        <translation>矩阵已在真实 Redis 上运行。</translation>
    </message>
    <message>
        <source>Choose at least one scenario and one strategy.</source>
        <translation>请至少选择一个场景和一种策略。</translation>
    </message>
    <message>
        <source>redis-server was not found (%1). Install Redis (on Debian and Ubuntu: apt install redis-server) or set REDIS_SERVER to its path.</source>
        <translation>找不到 redis-server（%1）。请安装 Redis（Debian 和 Ubuntu：apt install redis-server），或把 REDIS_SERVER 设为它的路径。</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::BreakItModel</name>
    <message>
        <source>no fault needed</source>
        <translation>无需故障</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>none ≤ %1</source>
        <translation>≤ %1 个故障内未发现</translation>
    </message>
    <message>
        <source>cannot search</source>
        <translation>无法搜索</translation>
    </message>
    <message>
        <source>%1 (cancelled)</source>
        <translation>%1（已取消）</translation>
    </message>
    <message>
        <source>Being explored</source>
        <translation>正在探索</translation>
    </message>
    <message>
        <source>%1 schedules run, %2 pruned (the same state as one already run), in %3 s</source>
        <translation>运行了 %1 个调度，剪除 %2 个（与已运行的某个状态相同），用时 %3 秒</translation>
    </message>
    <message>
        <source>schedules</source>
        <translation>调度数</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::CaptionBar</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>» %1   (%2)</source>
        <translation>» %1   （%2）</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::CommandLogModel</name>
    <message>
        <source>… in flight</source>
        <translation>… 传输中</translation>
    </message>
    <message>
        <source>… no reply yet</source>
        <translation>… 尚无应答</translation>
    </message>
    <message>
        <source>No reply: %1</source>
        <translation>无应答：%1</translation>
    </message>
    <message>
        <source>(no reply)</source>
        <translation>（无应答）</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Reply</source>
        <translation>应答</translation>
    </message>
    <message>
        <source>Round trip</source>
        <translation>往返时间</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ComparePage</name>
    <message>
        <source>Measured %1 of %2 strategies on %3</source>
        <translation>已在 %3 上测量 %2 个策略中的 %1 个</translation>
    </message>
    <message>
        <source>Cannot measure on the server</source>
        <translation>无法在服务器上测量</translation>
    </message>
    <message>
        <source>A live measurement is running; cancel it first.</source>
        <translation>实时测量正在进行；请先取消。</translation>
    </message>
    <message>
        <source>Cannot start the comparison</source>
        <translation>无法开始对比</translation>
    </message>
    <message>
        <source>A comparison is running already.</source>
        <translation>已有一个对比正在运行。</translation>
    </message>
    <message>
        <source>A comparison is running; cancel it first.</source>
        <translation>对比正在运行；请先取消。</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>Running: %1 of %2 cells done</source>
        <translation>运行中：%2 格中已完成 %1 格</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>约剩 %1</translation>
    </message>
    <message>
        <source>Cancelled: %1 of %2 cells finished; they stay usable.</source>
        <translation>已取消：%2 格中完成了 %1 格，结果仍可使用。</translation>
    </message>
    <message>
        <source>Done: %1 cells, %2 runs.</source>
        <translation>完成：%1 格，%2 次运行。</translation>
    </message>
    <message>
        <source>Live measurement stopped.</source>
        <translation>实时测量已停止。</translation>
    </message>
    <message>
        <source>Measured %1 of %2 strategies on %3%4</source>
        <translation>已在 %3 上测量 %2 个策略中的 %1 个%4</translation>
    </message>
    <message>
        <source> (stopped)</source>
        <translation>（已停止）</translation>
    </message>
    <message>
        <source>This build has no SVG support (Qt SVG was not found).</source>
        <translation>此版本不支持 SVG（未找到 Qt SVG）。</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 文件 (*.%2)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stops the runs; the finished cells stay (Esc).</source>
        <translation>停止运行；已完成的格子保留（Esc）。</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Matrix as CSV…</source>
        <translation>矩阵导出为 CSV…</translation>
    </message>
    <message>
        <source>Matrix as JSON…</source>
        <translation>矩阵导出为 JSON…</translation>
    </message>
    <message>
        <source>Cost table as CSV…</source>
        <translation>代价表导出为 CSV…</translation>
    </message>
    <message>
        <source>Cost table as JSON…</source>
        <translation>代价表导出为 JSON…</translation>
    </message>
    <message>
        <source>Charts as PNG…</source>
        <translation>图表导出为 PNG…</translation>
    </message>
    <message>
        <source>Charts as SVG…</source>
        <translation>图表导出为 SVG…</translation>
    </message>
    <message>
        <source>HTML report…</source>
        <translation>HTML 报告…</translation>
    </message>
    <message>
        <source>Safety matrix</source>
        <translation>安全矩阵</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>代价</translation>
    </message>
    <message>
        <source>Each cell: one strategy under one scenario, over every seed. Hover or select a cell for its counts and story; click it (or press Enter) to open its run in the workspace at its first violation.</source>
        <translation>每一格：一个策略在一个场景下跑遍所有种子。悬停或选中一格可看到计数和经过；单击它（或按 Enter）会在工作区打开它的运行，并定位到第一次违规。</translation>
    </message>
    <message>
        <source>Choose what to compare, then Run comparison (Ctrl+Enter).</source>
        <translation>选择要对比的内容，然后点“运行对比”（Ctrl+Enter）。</translation>
    </message>
    <message>
        <source>A run could not be judged</source>
        <translation>有一次运行无法判定</translation>
    </message>
    <message>
        <source>%1 no violation, mistaken deletion, stuck lock or lost update in any run (a fencing strategy whose stale writes were all rejected is safe for the resource) &amp;nbsp; %2 n/m: n of m runs had a violation, a mistaken deletion, a stuck lock or a lost update &amp;nbsp; %3 safe, but a client starved or an acquire gave up</source>
        <translation>%1 所有运行中都没有互斥被破坏、误删、死锁或丢失更新（过期写入全部被资源拒绝的 fencing 策略对资源而言是安全的） &amp;nbsp; %2 n/m：m 次运行中有 n 次出现了互斥被破坏、误删、死锁或丢失更新 &amp;nbsp; %3 安全，但有客户端饥饿或放弃了加锁</translation>
    </message>
    <message>
        <source>The matrix is running on real Redis; cancel it first.</source>
        <translation>矩阵正在真实 Redis 上运行；请先取消。</translation>
    </message>
    <message>
        <source>The matrix is running on real Redis already.</source>
        <translation>矩阵已在真实 Redis 上运行。</translation>
    </message>
    <message>
        <source>Cannot run on real Redis</source>
        <translation>无法在真实 Redis 上运行</translation>
    </message>
    <message>
        <source>On real Redis: %1 of %2 cells done</source>
        <translation>真实 Redis：已完成 %1 / %2 格</translation>
    </message>
    <message>
        <source>%1 agree, %2 disagree, %3 not reproducible live, %4 failed</source>
        <translation>%1 格一致，%2 格不一致，%3 格无法实时复现，%4 格失败</translation>
    </message>
    <message>
        <source>Cancelled on real Redis after %1: %2 of %3 cells finished.</source>
        <translation>真实 Redis 上的运行在 %1 后取消：完成 %2 / %3 格。</translation>
    </message>
    <message>
        <source>Done on real Redis: %1 cells in %2.</source>
        <translation>真实 Redis 上完成：%1 格，用时 %2。</translation>
    </message>
    <message>
        <source>The matrix could not run on real Redis.</source>
        <translation>矩阵无法在真实 Redis 上运行。</translation>
    </message>
    <message numerus="yes">
        <source>Plays each cell of the matrix on real redis-server processes started on this machine, with every fault done for real and the times scaled down, and compares each repetition with the simulation of the same seed. The scenarios and strategies are the ones chosen on the left. %1 cells × %n repetition(s) take about %2.</source>
        <translation>
            <numerusform>在本机启动的真实 redis-server 进程上运行矩阵的每一格，所有故障都真实执行、时间按比例缩短，并把每次重复与相同种子的模拟比较。场景和策略即左侧所选。%1 格 × %n 次重复约需 %2。</numerusform>
        </translation>
    </message>
    <message>
        <source>On real Redis</source>
        <translation>真实 Redis</translation>
    </message>
    <message>
        <source>Run on real Redis</source>
        <translation>在真实 Redis 上运行</translation>
    </message>
    <message>
        <source>Starts local redis-server processes on free loopback ports and stops them afterwards; Cancel (Esc) stops everything.</source>
        <translation>在空闲的回环端口上启动本地 redis-server 进程，结束后停止它们；取消（Esc）会停止一切。</translation>
    </message>
    <message>
        <source>&amp;Repetitions:</source>
        <translation>重复次数(&amp;R)：</translation>
    </message>
    <message>
        <source>Live runs per cell; repetition k is compared with the simulation of seed k.</source>
        <translation>每格的实时运行次数；第 k 次重复与种子 k 的模拟比较。</translation>
    </message>
    <message>
        <source>%1 n/m: n of m live repetitions gave the simulated verdict and the same kinds of finding &amp;nbsp; %2 n/m: n of m told another story &amp;nbsp; %3 the scenario cannot be played on real Redis with this strategy &amp;nbsp; %4 a live run could not be done</source>
        <translation>%1 n/m：m 次实时重复中有 n 次得出与模拟相同的结论和相同种类的发现 &amp;nbsp; %2 n/m：m 次中有 n 次讲述了不同的过程 &amp;nbsp; %3 该场景无法用此策略在真实 Redis 上运行 &amp;nbsp; %4 实时运行无法完成</translation>
    </message>
    <message>
        <source>Scenario file</source>
        <translation>场景文件</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::CompareSettingsWidget</name>
    <message>
        <source>%1 scenario(s) × %2 strategies × %3 seeds = %4 runs</source>
        <translation>%1 个场景 × %2 个策略 × %3 个种子 = %4 次运行</translation>
    </message>
    <message>
        <source>What to compare</source>
        <translation>对比什么</translation>
    </message>
    <message>
        <source>&amp;Scenario:</source>
        <translation>场景(&amp;S)：</translation>
    </message>
    <message>
        <source>All scenarios (the safety matrix)</source>
        <translation>全部场景（安全矩阵）</translation>
    </message>
    <message>
        <source>S&amp;trategies:</source>
        <translation>策略(&amp;T)：</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全选</translation>
    </message>
    <message>
        <source>None</source>
        <translation>全不选</translation>
    </message>
    <message>
        <source>S&amp;eeds per cell:</source>
        <translation>每格种子数(&amp;E)：</translation>
    </message>
    <message>
        <source>Each cell runs seeds 1..N; the matrix is the same on every machine.</source>
        <translation>每格运行种子 1..N；在任何机器上矩阵都一样。</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>&amp;Clients:</source>
        <translation>客户端(&amp;C)：</translation>
    </message>
    <message>
        <source>scenario&apos;s own</source>
        <translation>按场景设定</translation>
    </message>
    <message>
        <source>&amp;TTL:</source>
        <translation>&amp;TTL：</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>&amp;Wait:</source>
        <translation>等待方式(&amp;W)：</translation>
    </message>
    <message>
        <source>spin</source>
        <translation>自旋</translation>
    </message>
    <message>
        <source>backoff</source>
        <translation>退避</translation>
    </message>
    <message>
        <source>pubsub</source>
        <translation>发布订阅</translation>
    </message>
    <message>
        <source>&amp;Run comparison</source>
        <translation>运行对比(&amp;R)</translation>
    </message>
    <message>
        <source>Runs every chosen strategy on every chosen scenario (Ctrl+Enter).</source>
        <translation>在每个选中的场景上运行每个选中的策略（Ctrl+Enter）。</translation>
    </message>
    <message>
        <source>Cost on a live server</source>
        <translation>真实服务器上的代价</translation>
    </message>
    <message>
        <source>Redis &amp;URL:</source>
        <translation>Redis &amp;URL：</translation>
    </message>
    <message>
        <source>host:port or redis://[user:pass@]host:port/db</source>
        <translation>host:port 或 redis://[user:pass@]host:port/db</translation>
    </message>
    <message>
        <source>C&amp;lients:</source>
        <translation>客户端(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Duration:</source>
        <translation>时长(&amp;D)：</translation>
    </message>
    <message>
        <source>Runs lockscope-cli bench&apos;s workload once per chosen strategy on this server, for the cost figures. Its keys live under lockscope:bench: and are deleted afterwards.</source>
        <translation>在这台服务器上为每个选中的策略运行一次 lockscope-cli bench 的负载，得到代价数据。用到的键都在 lockscope:bench: 下，结束后删除。</translation>
    </message>
    <message>
        <source>Measure on ser&amp;ver</source>
        <translation>在服务器上测量(&amp;V)</translation>
    </message>
    <message>
        <source>Lua scripts (*.lua);;All files (*)</source>
        <translation>Lua 脚本 (*.lua);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Your acquire script</source>
        <translation>你的加锁脚本</translation>
    </message>
    <message>
        <source>Your release script</source>
        <translation>你的解锁脚本</translation>
    </message>
    <message>
        <source>Your scripts:</source>
        <translation>你的脚本：</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>acquire: %1; release: %2 (compared as &quot;custom&quot;)</source>
        <translation>获取：%1；释放：%2（作为 “custom” 参与比较）</translation>
    </message>
    <message>
        <source>Ch&amp;oose…</source>
        <translation>选择(&amp;O)…</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Script time li&amp;mit:</source>
        <translation>脚本时间上限(&amp;M)：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>A script that runs longer is stopped and the comparison ends with a message, as Redis&apos;s lua-time-limit (5 s).</source>
        <translation>运行更久的脚本会被停止，比较随即以一条消息结束，与 Redis 的 lua-time-limit（5 秒）相同。</translation>
    </message>
    <message>
        <source>A scenario file</source>
        <translation>选择场景文件</translation>
    </message>
    <message>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation>场景文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>F&amp;ile…</source>
        <translation>文件(&amp;I)…</translation>
    </message>
    <message>
        <source>Compare a scenario file: your own, or one a what-if replay derived from a recording.</source>
        <translation>比较一个场景文件：你自己的，或者假设回放从录制中推导出的。</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1：%2（%3）</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ComparisonController</name>
    <message>
        <source>A comparison is running already.</source>
        <translation>已有一个对比正在运行。</translation>
    </message>
    <message>
        <source>Choose at least one scenario, one strategy and one seed.</source>
        <translation>请至少选择一个场景、一个策略和一个种子。</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ComparisonModel</name>
    <message>
        <source>safe</source>
        <translation>安全</translation>
    </message>
    <message>
        <source>UNSAFE</source>
        <translation>不安全</translation>
    </message>
    <message>
        <source>liveness loss</source>
        <translation>活性受损</translation>
    </message>
    <message>
        <source>UNSAFE %1/%2</source>
        <translation>不安全 %1/%2</translation>
    </message>
    <message>
        <source>%1 with %2: %3 over %4 seeds</source>
        <translation>%1 + %2：%4 个种子，%3</translation>
    </message>
    <message>
        <source>runs with a violation or mistaken deletion: %1 of %2</source>
        <translation>互斥被破坏或误删的运行：%2 次中 %1 次</translation>
    </message>
    <message>
        <source>violations: %1</source>
        <translation>互斥被破坏：%1</translation>
    </message>
    <message>
        <source>mistaken deletions: %1</source>
        <translation>误删：%1</translation>
    </message>
    <message>
        <source>stuck locks: %1</source>
        <translation>死锁：%1</translation>
    </message>
    <message>
        <source>lost updates: %1</source>
        <translation>丢失更新：%1</translation>
    </message>
    <message>
        <source>stale writes rejected: %1</source>
        <translation>被拒绝的过期写入：%1</translation>
    </message>
    <message>
        <source>starved clients: %1</source>
        <translation>饥饿的客户端：%1</translation>
    </message>
    <message>
        <source>acquires given up: %1</source>
        <translation>放弃的加锁：%1</translation>
    </message>
    <message>
        <source>example run: seed %1, first finding at %2</source>
        <translation>示例运行：种子 %1，首个问题出现在 %2</translation>
    </message>
    <message>
        <source>example run: seed %1</source>
        <translation>示例运行：种子 %1</translation>
    </message>
    <message>
        <source>%1 with %2: running</source>
        <translation>%1 + %2：运行中</translation>
    </message>
    <message>
        <source>unsafe runs: %1 of %2</source>
        <translation>不安全的运行：%2 次中 %1 次</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::CostCharts</name>
    <message>
        <source>share of acquisitions</source>
        <translation>加锁次数占比</translation>
    </message>
    <message>
        <source>acquire latency from (ms)</source>
        <translation>加锁延迟下限（ms）</translation>
    </message>
    <message>
        <source>Throughput (acquisitions/s)</source>
        <translation>吞吐量（次加锁/s）</translation>
    </message>
    <message>
        <source>Acquire latency (ms)</source>
        <translation>加锁延迟（ms）</translation>
    </message>
    <message>
        <source>Redis commands per acquisition</source>
        <translation>每次加锁的 Redis 命令数</translation>
    </message>
    <message>
        <source>Fairness (Jain&apos;s index, 1 = fair)</source>
        <translation>公平性（Jain 指数，1 = 公平）</translation>
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
        <translation>加锁延迟分布</translation>
    </message>
    <message>
        <source>Acquire latency distribution, %1</source>
        <translation>加锁延迟分布，%1</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::CostModel</name>
    <message>
        <source>live server %1</source>
        <translation>真实服务器 %1</translation>
    </message>
    <message>
        <source>No figures yet: run a comparison.</source>
        <translation>还没有数据：请先运行对比。</translation>
    </message>
    <message>
        <source>Figures from the %1; throughput in acquisitions per simulated second.</source>
        <translation>数据来自%1；吞吐量按每模拟秒的加锁次数计。</translation>
    </message>
    <message>
        <source>Figures from the %1; throughput in acquisitions per second of wall time.</source>
        <translation>数据来自%1；吞吐量按每实际秒的加锁次数计。</translation>
    </message>
    <message>
        <source>Acquisitions per second: simulated seconds for the simulator, wall seconds for a live server.</source>
        <translation>每秒加锁次数：模拟器按模拟秒计，真实服务器按实际秒计。</translation>
    </message>
    <message>
        <source>Redis commands sent to the lock&apos;s nodes per acquisition (retries included).</source>
        <translation>每次加锁向锁的节点发送的 Redis 命令数（含重试）。</translation>
    </message>
    <message>
        <source>Jain&apos;s index over the clients&apos; acquisitions: 1 when every client got the lock equally often.</source>
        <translation>按各客户端加锁次数计算的 Jain 指数：每个客户端拿到锁的次数相同时为 1。</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行次数</translation>
    </message>
    <message>
        <source>Acquisitions</source>
        <translation>加锁次数</translation>
    </message>
    <message>
        <source>Acquisitions/s</source>
        <translation>加锁/s</translation>
    </message>
    <message>
        <source>Latency p50 (ms)</source>
        <translation>延迟 p50（ms）</translation>
    </message>
    <message>
        <source>Latency p99 (ms)</source>
        <translation>延迟 p99（ms）</translation>
    </message>
    <message>
        <source>Commands/acq.</source>
        <translation>命令/次加锁</translation>
    </message>
    <message>
        <source>Fairness (Jain)</source>
        <translation>公平性（Jain）</translation>
    </message>
    <message>
        <source>No cost figures: with several scenarios the cost is measured on the fault-free workload (scenario contention), which this comparison does not include.</source>
        <translation>没有代价数据：选择多个场景时，代价在无故障负载（场景 contention）上测量，而本次对比不包含它。</translation>
    </message>
    <message>
        <source>scenario %1</source>
        <translation>场景 %1</translation>
    </message>
    <message>
        <source>the fault-free workload (scenario %1)</source>
        <translation>无故障负载（场景 %1）</translation>
    </message>
    <message>
        <source>No cost figures yet: the cost is measured on %1, whose cells have not finished.</source>
        <translation>还没有代价数据：代价在%1上测量，它的格子尚未完成。</translation>
    </message>
    <message>
        <source>simulator, %1</source>
        <translation>模拟器，%1</translation>
    </message>
    <message numerus="yes">
        <source>%n seed(s)</source>
        <translation>
            <numerusform>%n 个种子</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lockscope::ui::CounterexampleModel</name>
    <message>
        <source>no fault: the workload breaks the lock by itself</source>
        <translation>无故障：工作负载本身就会攻破这把锁</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Faults</source>
        <translation>故障数</translation>
    </message>
    <message>
        <source>Where the faults strike</source>
        <translation>故障发生的位置</translation>
    </message>
    <message>
        <source>Found at</source>
        <translation>发现于</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>发生了什么</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::DetailsPane</name>
    <message>
        <source>Follow playback</source>
        <translation>跟随回放</translation>
    </message>
    <message>
        <source>Whole run</source>
        <translation>整个运行</translation>
    </message>
    <message>
        <source>Show every command of the run, not only those sent so far</source>
        <translation>显示运行中的所有命令，而不仅是到目前为止已发送的</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Commands</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Strategy Source</source>
        <translation>策略源码</translation>
    </message>
    <message>
        <source>Round trip</source>
        <translation>往返时间</translation>
    </message>
    <message>
        <source>Run to see which step each client executes.</source>
        <translation>运行后可查看每个客户端正在执行哪一步。</translation>
    </message>
    <message>
        <source>No command sent yet.</source>
        <translation>尚未发送任何命令。</translation>
    </message>
    <message>
        <source>(other)</source>
        <translation>（其他）</translation>
    </message>
    <message>
        <source>%1&apos;s last command, at %2: step %3</source>
        <translation>%1 的最后一条命令，%2：步骤 %3</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ExplorePage</name>
    <message>
        <source>Cannot Use These Scripts</source>
        <translation>无法使用这些脚本</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the search; what it found so far stays (Esc)</source>
        <translation>停止搜索；保留目前为止的发现（Esc）</translation>
    </message>
    <message>
        <source>Break it: per lock and kind of finding, the smallest fault set that caused it</source>
        <translation>攻破它：每种锁、每类问题，导致该问题的最小故障组合</translation>
    </message>
    <message>
        <source>&amp;Open in Workspace</source>
        <translation>在工作区中打开(&amp;O)</translation>
    </message>
    <message>
        <source>Play the chosen counterexample in the workspace, at its finding (double-click, Enter)</source>
        <translation>在工作区中播放所选反例，定位到发现问题的时刻（双击或回车）</translation>
    </message>
    <message>
        <source>&amp;Save as Scenario File…</source>
        <translation>另存为场景文件(&amp;S)…</translation>
    </message>
    <message>
        <source>Write the chosen counterexample as a scenario file: it replays the same in the workspace and with lockscope-cli simulate</source>
        <translation>把所选反例写成场景文件：在工作区和 lockscope-cli simulate 中都能原样重现</translation>
    </message>
    <message>
        <source>Choose a lock and press Explore, or Break Them All</source>
        <translation>选择一种锁并点击“探索”，或点击“全部攻破”</translation>
    </message>
    <message>
        <source>A search is under way: cancel it first (Esc).</source>
        <translation>有一个搜索正在进行：请先取消它（Esc）。</translation>
    </message>
    <message>
        <source>None of the checked faults applies to %1.</source>
        <translation>勾选的故障都不适用于 %1。</translation>
    </message>
    <message>
        <source>This search cannot run.</source>
        <translation>无法运行这次搜索。</translation>
    </message>
    <message>
        <source>Cannot Explore</source>
        <translation>无法探索</translation>
    </message>
    <message>
        <source>none of the checked faults applies to this lock</source>
        <translation>勾选的故障都不适用于这种锁</translation>
    </message>
    <message>
        <source>this search cannot run</source>
        <translation>无法运行这次搜索</translation>
    </message>
    <message>
        <source>%1 / %2 schedules</source>
        <translation>%1 / %2 个调度</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Cancelled: what was found so far is kept</source>
        <translation>已取消：保留目前为止的发现</translation>
    </message>
    <message numerus="yes">
        <source>Done: %n lock(s) explored</source>
        <translation>
            <numerusform>完成：已探索 %n 种锁</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2 of %3)</source>
        <translation>%1（第 %2 个，共 %3 个）</translation>
    </message>
    <message numerus="yes">
        <source>%n fault(s) per schedule</source>
        <translation>
            <numerusform>每个调度 %n 个故障</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 a second</source>
        <translation>每秒 %1 个</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>约剩 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n kind(s) found</source>
        <translation>
            <numerusform>已发现 %n 类问题</numerusform>
        </translation>
    </message>
    <message>
        <source>Counterexamples: choose a row of the table</source>
        <translation>反例：请在表格中选择一行</translation>
    </message>
    <message>
        <source>Counterexamples of %1, the smallest first</source>
        <translation>%1 的反例，最小的在前</translation>
    </message>
    <message>
        <source>Being explored…</source>
        <translation>正在探索…</translation>
    </message>
    <message>
        <source>%1 schedules explored, %2 pruned (the same state as one explored).</source>
        <translation>探索了 %1 个调度，剪除 %2 个（与已探索的某个状态相同）。</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: every schedule with up to %n fault(s) was run, of %1 asked for.</source>
        <translation>
            <numerusform>已取消：所有最多含 %n 个故障的调度都已运行（要求的是 %1 个）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled before the first level was done.</source>
        <translation>在第一层完成之前已取消。</translation>
    </message>
    <message>
        <source>Wall time %1 s</source>
        <translation>实际用时 %1 秒</translation>
    </message>
    <message>
        <source>; the first counterexample after %1 s</source>
        <translation>；第一个反例出现在 %1 秒后</translation>
    </message>
    <message numerus="yes">
        <source>Your scripts failed in %n schedule(s); the first: %1</source>
        <translation>
            <numerusform>你的脚本在 %n 个调度中出错；第一个错误：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Save as Scenario File</source>
        <translation>另存为场景文件</translation>
    </message>
    <message>
        <source>Scenario files (*.json)</source>
        <translation>场景文件 (*.json)</translation>
    </message>
    <message>
        <source>Cannot Save the Scenario</source>
        <translation>无法保存场景</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::ExploreSettingsWidget</name>
    <message>
        <source>Lock to break</source>
        <translation>要攻破的锁</translation>
    </message>
    <message>
        <source>&amp;Strategy:</source>
        <translation>策略(&amp;S)：</translation>
    </message>
    <message>
        <source>Your scripts…</source>
        <translation>你的脚本…</translation>
    </message>
    <message>
        <source>Choose your acquire and release Lua scripts and explore them</source>
        <translation>选择你自己的加锁与解锁 Lua 脚本并探索它们</translation>
    </message>
    <message>
        <source>Your scripts: %1 (acquire) and %2 (release)</source>
        <translation>你的脚本：%1（加锁）和 %2（解锁）</translation>
    </message>
    <message>
        <source>Workload of every schedule</source>
        <translation>每个调度的工作负载</translation>
    </message>
    <message>
        <source>&amp;Clients:</source>
        <translation>客户端数(&amp;C)：</translation>
    </message>
    <message>
        <source>C&amp;ycles per client:</source>
        <translation>每个客户端的加锁轮数(&amp;Y)：</translation>
    </message>
    <message>
        <source>&amp;TTL:</source>
        <translation>TTL(&amp;T)：</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>&amp;Hold:</source>
        <translation>持有时间(&amp;H)：</translation>
    </message>
    <message>
        <source>Time inside the critical section, each cycle</source>
        <translation>每一轮在临界区内停留的时间</translation>
    </message>
    <message>
        <source>Faults to place</source>
        <translation>要放置的故障</translation>
    </message>
    <message>
        <source>%1: this lock has no replica to fail over to</source>
        <translation>%1：这种锁没有可供故障转移的从节点</translation>
    </message>
    <message>
        <source>At &amp;most K faults:</source>
        <translation>最多 K 个故障(&amp;M)：</translation>
    </message>
    <message>
        <source>Every placement of up to this many faults is tried (0: the workload alone)</source>
        <translation>尝试最多这么多个故障的每一种放置方式（0：只运行工作负载）</translation>
    </message>
    <message>
        <source>&amp;Explore</source>
        <translation>探索(&amp;E)</translation>
    </message>
    <message>
        <source>Find the smallest fault sets that break the chosen lock, within K faults</source>
        <translation>在 K 个故障以内，找出能攻破所选锁的最小故障组合</translation>
    </message>
    <message>
        <source>&amp;Break Them All</source>
        <translation>全部攻破(&amp;B)</translation>
    </message>
    <message>
        <source>Explore every built-in strategy, one after another, into the break-it table</source>
        <translation>依次探索每个内置策略，结果填入“攻破它”表格</translation>
    </message>
    <message>
        <source>Every schedule runs the workload from the start with up to K faults placed at the steps the clients reach. A cell says the smallest fault set that broke the lock, or &quot;none ≤ K&quot;: nothing in any schedule with up to K faults of the checked kinds. Nothing is claimed beyond that bound.</source>
        <translation>每个调度都从头运行工作负载，并在客户端到达的步骤上放置最多 K 个故障。表格的一格给出攻破这把锁的最小故障组合，或者“≤ K 个故障内未发现”：在所有最多含 K 个所勾选类型故障的调度中都没有出现。超出这个界限的情况不作任何断言。</translation>
    </message>
    <message>
        <source>Lua scripts (*.lua);;All files (*)</source>
        <translation>Lua 脚本 (*.lua);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Your Acquire Script</source>
        <translation>你的加锁脚本</translation>
    </message>
    <message>
        <source>Your Release Script</source>
        <translation>你的解锁脚本</translation>
    </message>
    <message>
        <source>Clients start a&amp;part:</source>
        <translation>客户端启动间隔(&amp;P)：</translation>
    </message>
    <message>
        <source>0 starts every client at once: their first requests race, and the search tries both arrival orders (reorder)</source>
        <translation>0 表示所有客户端同时启动：它们的第一个请求相互竞争，搜索会尝试两种到达顺序（reorder）</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::FindingsPane</name>
    <message>
        <source>Click a finding to jump there</source>
        <translation>点击一条发现跳转到该处</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::KeyTableModel</name>
    <message>
        <source>(unknown)</source>
        <translation>（未知）</translation>
    </message>
    <message>
        <source>This key has no TTL: if its owner dies, nobody can ever take the lock.</source>
        <translation>此键没有过期时间：一旦持有者崩溃，谁也无法再拿到这把锁。</translation>
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
        <translation>未持有</translation>
    </message>
    <message>
        <source>no TTL</source>
        <translation>无过期时间</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Reentrant hash: how many times the owner holds it</source>
        <translation>可重入哈希：持有者重入的次数</translation>
    </message>
    <message>
        <source>The owner&apos;s fencing token (fenced strategy)</source>
        <translation>持有者的 fencing 令牌（fenced 策略）</translation>
    </message>
    <message>
        <source>Time left before Redis expires the key</source>
        <translation>距 Redis 让该键过期还剩的时间</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Value (token)</source>
        <translation>值（令牌）</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Holds</source>
        <translation>重入</translation>
    </message>
    <message>
        <source>Fencing</source>
        <translation>fencing 令牌</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>%1 s left of a %2 s lease (the TTL it was set or last renewed with)</source>
        <translation>%2 s 的租期还剩 %1 s（租期即加锁或最近一次续期时设置的 TTL）</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::KeysPane</name>
    <message>
        <source>Owner</source>
        <translation>持有者</translation>
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
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>nobody known</source>
        <translation>不明持有者</translation>
    </message>
    <message>
        <source>%1: no change seen in this history</source>
        <translation>%1：这段历史里没有看到它的变化</translation>
    </message>
    <message>
        <source>%1: no TTL: nothing will ever free it but a release</source>
        <translation>%1：没有 TTL：除了释放，没有什么能让它空出来</translation>
    </message>
    <message>
        <source>%1 · lease %2 · renewals %3</source>
        <translation>%1 · 租约 %2 · 续期 %3 次</translation>
    </message>
    <message>
        <source> · least margin %1</source>
        <translation> · 最小余量 %1</translation>
    </message>
    <message>
        <source> · late %1</source>
        <translation> · 过晚 %1 次</translation>
    </message>
    <message>
        <source>Select a lock key to see its lease: the TTL over time and how much was left at each renewal.</source>
        <translation>选中一个锁键即可查看它的租约：TTL 随时间的变化，以及每次续期时还剩多少。</translation>
    </message>
    <message>
        <source>now</source>
        <translation>现在</translation>
    </message>
    <message>
        <source>end</source>
        <translation>结尾</translation>
    </message>
    <message>
        <source>−%1 s</source>
        <translation>−%1 秒</translation>
    </message>
    <message>
        <source>%1 renewed (the monitor was blind before, so the margin is unknown)</source>
        <translation>%1 续期了（此前监视器看不到服务器，余量未知）</translation>
    </message>
    <message>
        <source>%1 renewed late: %2 left, under the late threshold of %3</source>
        <translation>%1 续期过晚：只剩 %2，低于过晚阈值 %3</translation>
    </message>
    <message>
        <source>%1 renewed with %2 left</source>
        <translation>%1 在还剩 %2 时续期</translation>
    </message>
    <message>
        <source>%1 released it with %2 left</source>
        <translation>%1 在还剩 %2 时释放了它</translation>
    </message>
    <message>
        <source>%1&apos;s lease ran out: expired, not released</source>
        <translation>%1 的租约用完了：是过期，不是释放</translation>
    </message>
    <message>
        <source>%1&apos;s lock was lost with a restart or a failover</source>
        <translation>%1 的锁随一次重启或故障转移丢失了</translation>
    </message>
    <message>
        <source>another owner&apos;s value replaced %1&apos;s</source>
        <translation>另一个持有者的值替换了 %1 的值</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>%1 之前</translation>
    </message>
    <message>
        <source>%1 before the end</source>
        <translation>结尾前 %1</translation>
    </message>
    <message>
        <source>%1: the key did not exist</source>
        <translation>%1：当时这个键不存在</translation>
    </message>
    <message>
        <source>%1: held by %2, with no TTL</source>
        <translation>%1：由 %2 持有，没有 TTL</translation>
    </message>
    <message>
        <source>%1: %2 left of the %3 lease, held by %4</source>
        <translation>%1：%3 的租约还剩 %2，由 %4 持有</translation>
    </message>
    <message>
        <source>The shaded band is the late zone: a renewal with less than %1 left (a sixth of the lease) is late.</source>
        <translation>阴影带是过晚区：续期时剩余不足 %1（租约的六分之一）就算过晚。</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::LiveComparison</name>
    <message>
        <source>A live measurement is running already.</source>
        <translation>已有一个实时测量正在进行。</translation>
    </message>
    <message>
        <source>Give the Redis server&apos;s URL (host:port or redis://host:port).</source>
        <translation>请填写 Redis 服务器的 URL（host:port 或 redis://host:port）。</translation>
    </message>
    <message>
        <source>Choose at least one strategy.</source>
        <translation>请至少选择一个策略。</translation>
    </message>
    <message>
        <source>The URL &quot;%1&quot; cannot be used: %2</source>
        <translation>URL &quot;%1&quot; 无法使用：%2</translation>
    </message>
    <message>
        <source>The live run of %1 failed.</source>
        <translation>%1 的实时运行失败。</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::LiveTwinPanel</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the live run and its servers (Esc)</source>
        <translation>停止真实运行及其服务器（Esc）</translation>
    </message>
    <message>
        <source>Beside the simulation</source>
        <translation>放在模拟旁边</translation>
    </message>
    <message>
        <source>Overlaid on the simulation</source>
        <translation>叠加在模拟上</translation>
    </message>
    <message>
        <source>Draw the live run in a timeline of its own under the simulation&apos;s, or inside the simulation&apos;s lanes (the lower half of each lane)</source>
        <translation>把真实运行画在模拟时间线下方单独的时间线里，或画进模拟的泳道（每条泳道的下半部分）</translation>
    </message>
    <message>
        <source>Hide the live run</source>
        <translation>隐藏真实运行</translation>
    </message>
    <message>
        <source>Run &gt; Run on Real Redis plays this scenario on real redis-server processes.</source>
        <translation>“运行 &gt; 在真实 Redis 上运行”会在真实的 redis-server 进程上重演这个场景。</translation>
    </message>
    <message>
        <source>starting servers</source>
        <translation>正在启动服务器</translation>
    </message>
    <message>
        <source>%1 of %2 s</source>
        <translation>%1 / %2 秒</translation>
    </message>
    <message>
        <source>The same story as the simulation: %1.</source>
        <translation>与模拟讲的是同一个故事：%1。</translation>
    </message>
    <message>
        <source>Not the simulation&apos;s story:</source>
        <translation>与模拟讲的故事不同：</translation>
    </message>
    <message>
        <source>Live run cancelled; its servers were stopped.</source>
        <translation>真实运行已取消，它的服务器已停止。</translation>
    </message>
    <message>
        <source>On real Redis</source>
        <translation>在真实 Redis 上</translation>
    </message>
    <message>
        <source>running on %1…</source>
        <translation>正在%1上运行…</translation>
    </message>
    <message>
        <source>redis-server at %1 · time ×%2 · %3 s of wall time</source>
        <translation>redis-server 地址 %1 · 时间 ×%2 · 实际用时 %3 秒</translation>
    </message>
    <message>
        <source>Run &gt; Run on Real Redis (Ctrl+Shift+R) plays this scenario on real redis-server processes with the same faults.</source>
        <translation>“运行 &gt; 在真实 Redis 上运行”（Ctrl+Shift+R）会用同样的故障在真实的 redis-server 进程上重演这个场景。</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::MainWindow</name>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Dark Palette</source>
        <translation>深色配色(&amp;D)</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>页面</translation>
    </message>
    <message>
        <source>&amp;Workspace</source>
        <translation>工作区(&amp;W)</translation>
    </message>
    <message>
        <source>Simulate one scenario and play it back (Ctrl+1)</source>
        <translation>模拟一个场景并回放（Ctrl+1）</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>对比(&amp;C)</translation>
    </message>
    <message>
        <source>Every strategy under the same workload and faults (Ctrl+2)</source>
        <translation>所有策略在相同负载和故障下对比（Ctrl+2）</translation>
    </message>
    <message>
        <source>&amp;Monitor</source>
        <translation>监控(&amp;M)</translation>
    </message>
    <message>
        <source>Watch the lock keys of a real Redis, read-only (Ctrl+3)</source>
        <translation>只读地观察真实 Redis 中的锁键（Ctrl+3）</translation>
    </message>
    <message>
        <source>Scenario and Strategy</source>
        <translation>场景与策略</translation>
    </message>
    <message>
        <source>What the Checker Found</source>
        <translation>检查器的发现</translation>
    </message>
    <message>
        <source>Lock Keys in Redis</source>
        <translation>Redis 中的锁键</translation>
    </message>
    <message>
        <source>Commands and Source</source>
        <translation>命令与源码</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Playback</source>
        <translation>回放(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Larger Text</source>
        <translation>放大文字(&amp;L)</translation>
    </message>
    <message>
        <source>S&amp;maller Text</source>
        <translation>缩小文字(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keys and Mouse</source>
        <translation>键盘与鼠标(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About LockScope</source>
        <translation>关于 LockScope(&amp;A)</translation>
    </message>
    <message>
        <source>Cannot open the run</source>
        <translation>无法打开该运行</translation>
    </message>
    <message>
        <source>Keys and mouse</source>
        <translation>键盘与鼠标</translation>
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
        <translation>空格：播放或暂停
, 和 . ：上一个 / 下一个事件（&lt; 和 &gt; 包括每条命令）
[ 和 ] ：减速 / 加速
Home / End：运行的开头 / 结尾
Ctrl+R：重新运行

在时间线上：
W / S：放大 / 缩小；  A / D：平移
F：显示整个运行；  Backspace：返回上次缩放；  0：重置
滚轮：缩放；  Shift+滚轮：平移；  Alt+滚轮：滚动泳道
拖动：平移；  Shift+拖动：缩放到选定范围
单击：选中事件；  双击或点击时间轴：跳转到该处
右击客户端或键的泳道：在回放时刻注入故障</translation>
    </message>
    <message>
        <source>About LockScope</source>
        <translation>关于 LockScope</translation>
    </message>
    <message>
        <source>LockScope %1
See, simulate and explain distributed locks on Redis.</source>
        <translation>LockScope %1
查看、模拟并解释 Redis 上的分布式锁。</translation>
    </message>
    <message>
        <source>LockScope</source>
        <translation>LockScope</translation>
    </message>
    <message>
        <source>LockScope — %1 · %2</source>
        <translation>LockScope —— %1 · %2</translation>
    </message>
    <message>
        <source>&amp;Explore</source>
        <translation>探索(&amp;E)</translation>
    </message>
    <message>
        <source>The smallest fault sets that break each lock (Ctrl+4)</source>
        <translation>能攻破每种锁的最小故障组合（Ctrl+4）</translation>
    </message>
    <message>
        <source>What if…</source>
        <translation>假设回放…</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::MonitorPage</name>
    <message>
        <source>Keyspace notifications</source>
        <translation>键空间通知</translation>
    </message>
    <message>
        <source>Force release</source>
        <translation>强制解锁</translation>
    </message>
    <message>
        <source>Profile:</source>
        <translation>配置：</translation>
    </message>
    <message>
        <source>New…</source>
        <translation>新建…</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Connect with the selected profile and scan (F5)</source>
        <translation>用选中的配置连接并扫描（F5）</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop watching (cancels a scan); the table keeps what was seen</source>
        <translation>停止观察（会取消扫描）；表格保留已看到的内容</translation>
    </message>
    <message>
        <source>Record…</source>
        <translation>记录…</translation>
    </message>
    <message>
        <source>Stop recording</source>
        <translation>停止记录</translation>
    </message>
    <message>
        <source>Write the session&apos;s history to a file as it happens</source>
        <translation>把本次会话的历史实时写入文件</translation>
    </message>
    <message>
        <source>Open recording…</source>
        <translation>打开记录…</translation>
    </message>
    <message>
        <source>Find a key (Ctrl+F)</source>
        <translation>查找键（Ctrl+F）</translation>
    </message>
    <message>
        <source>Force release…</source>
        <translation>强制解锁…</translation>
    </message>
    <message>
        <source>Enable notifications…</source>
        <translation>开启通知…</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>Select a key to see what LockScope decoded from it.</source>
        <translation>选中一个键，查看 LockScope 从中解读出的内容。</translation>
    </message>
    <message>
        <source>(no profile: New… makes one)</source>
        <translation>（没有配置：点“新建…”创建一个）</translation>
    </message>
    <message>
        <source>local</source>
        <translation>本地</translation>
    </message>
    <message>
        <source>Connection profile</source>
        <translation>连接配置</translation>
    </message>
    <message>
        <source>Delete profile</source>
        <translation>删除配置</translation>
    </message>
    <message>
        <source>Delete the profile &quot;%1&quot;?</source>
        <translation>删除配置 &quot;%1&quot;？</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>Password for %1 (kept in memory for this session only):</source>
        <translation>%1 的密码（仅在本次会话中保存在内存里）：</translation>
    </message>
    <message>
        <source>Looking up the password of &quot;%1&quot; in the system keychain…</source>
        <translation>正在系统钥匙串中查找 &quot;%1&quot; 的密码…</translation>
    </message>
    <message>
        <source>no complete scan of %1 within 15 s: %2</source>
        <translation>15 秒内没有完成对 %1 的扫描：%2</translation>
    </message>
    <message>
        <source>Writes allowed</source>
        <translation>允许写入</translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>This profile allows writes: force-release and enabling notifications can change the server, each after a confirmation.</source>
        <translation>此配置允许写入：强制解锁和开启通知会修改服务器，每次都会先确认。</translation>
    </message>
    <message>
        <source>Read-only: the connection refuses every write command before it is sent. Allow writes in the profile to force-release locks.</source>
        <translation>只读：连接会在发送前拒绝一切写命令。要强制解锁，请在配置中允许写入。</translation>
    </message>
    <message>
        <source>Recording: %1 events. Click the timeline to see the keys at that instant.</source>
        <translation>记录：%1 个事件。单击时间线可查看那一刻的键。</translation>
    </message>
    <message>
        <source>Not connected. Make a profile (New…), then Connect (F5).</source>
        <translation>未连接。先创建配置（新建…），再连接（F5）。</translation>
    </message>
    <message>
        <source>Not connected. Choose a profile and Connect (F5).</source>
        <translation>未连接。选择一个配置，然后连接（F5）。</translation>
    </message>
    <message numerus="yes">
        <source>Stopped. The table shows the %n key(s) as last seen.</source>
        <translation>
            <numerusform>已停止。表格显示最后一次看到的 %n 个键。</numerusform>
        </translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>Scanning %1 for %2: %3 keys matched so far in %4 SCAN rounds (Stop cancels; the table is usable already).</source>
        <translation>正在扫描 %1 中匹配 %2 的键：%4 轮 SCAN 已匹配 %3 个键（“停止”可取消；表格已经可以使用）。</translation>
    </message>
    <message numerus="yes">
        <source>Watching %1: %n key(s) matching %2.</source>
        <translation>
            <numerusform>正在观察 %1：%n 个匹配 %2 的键。</numerusform>
        </translation>
    </message>
    <message>
        <source>Lost the connection to %1 (%2). Reconnecting… The table shows the keys as last seen.</source>
        <translation>与 %1 的连接丢失（%2）。正在重连… 表格显示最后一次看到的键。</translation>
    </message>
    <message>
        <source>Could not watch %1: %2</source>
        <translation>无法观察 %1：%2</translation>
    </message>
    <message>
        <source>Recording to %1.</source>
        <translation>正在记录到 %1。</translation>
    </message>
    <message>
        <source>Keyspace notifications are off on this server: changes are found by re-reading the keys every %1 ms and rescanning. &lt;code&gt;%2&lt;/code&gt; would turn them on.</source>
        <translation>这台服务器关闭了键空间通知：变化靠每 %1 ms 重读键并重新扫描来发现。&lt;code&gt;%2&lt;/code&gt; 可以开启通知。</translation>
    </message>
    <message>
        <source>Keyspace notifications are only partly on (%1): some changes are found by re-reading. &lt;code&gt;%2&lt;/code&gt; would turn on what is missing.</source>
        <translation>键空间通知只开启了一部分（%1）：部分变化靠重读发现。&lt;code&gt;%2&lt;/code&gt; 可以开启缺少的部分。</translation>
    </message>
    <message>
        <source>LockScope may not read this server&apos;s notification settings (CONFIG GET was refused): changes are found by re-reading the keys.</source>
        <translation>LockScope 无权读取这台服务器的通知设置（CONFIG GET 被拒绝）：变化靠重读键来发现。</translation>
    </message>
    <message>
        <source>Sends %1 after a confirmation</source>
        <translation>确认后发送 %1</translation>
    </message>
    <message>
        <source>This profile is read-only: allow writes in the profile to send it from here, or have an administrator run it.</source>
        <translation>此配置是只读的：在配置中允许写入后才能从这里发送，或请管理员执行。</translation>
    </message>
    <message>
        <source>Delete the selected lock key (Delete), after a confirmation naming the key and the server</source>
        <translation>删除选中的锁键（Delete），会先确认键名和服务器</translation>
    </message>
    <message>
        <source>Read-only: allow writes in the profile to force-release a lock</source>
        <translation>只读：在配置中允许写入后才能强制解锁</translation>
    </message>
    <message>
        <source>Anomalies (%1)</source>
        <translation>异常（%1）</translation>
    </message>
    <message>
        <source>… and %1 more (select a key to see its own).</source>
        <translation>…… 还有 %1 个（选中一个键可查看它自己的异常）。</translation>
    </message>
    <message>
        <source>Force release needs a connection to the server (this is not live).</source>
        <translation>强制解锁需要连接到服务器（当前不是实时数据）。</translation>
    </message>
    <message>
        <source>Not sent: the profile &quot;%1&quot; is read-only, and DEL %2 on %3 is a write. Allow writes in the profile to force-release locks.</source>
        <translation>未发送：配置 &quot;%1&quot; 是只读的，而在 %3 上执行 DEL %2 是写操作。要强制解锁，请在配置中允许写入。</translation>
    </message>
    <message>
        <source>an unknown owner</source>
        <translation>未知持有者</translation>
    </message>
    <message>
        <source>Delete the lock key &quot;%1&quot; on %2?

Its owner (%3) will go on as if it held the lock, and the next client can take it at once: do this only for a lock whose owner is gone.</source>
        <translation>删除 %2 上的锁键 &quot;%1&quot;？

它的持有者（%3）会继续以为自己持有锁，而下一个客户端可以立即加锁：只对持有者已经不在的锁这样做。</translation>
    </message>
    <message>
        <source>Cancelled: nothing was sent.</source>
        <translation>已取消：什么也没有发送。</translation>
    </message>
    <message numerus="yes">
        <source>DEL %1 on %2: %n key(s) deleted.</source>
        <translation>
            <numerusform>在 %2 上执行 DEL %1：删除了 %n 个键。</numerusform>
        </translation>
    </message>
    <message>
        <source>DEL %1 on %2 failed: %3</source>
        <translation>在 %2 上执行 DEL %1 失败：%3</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>未连接。</translation>
    </message>
    <message>
        <source>Not sent: the profile &quot;%1&quot; is read-only, and %2 on %3 is a write.</source>
        <translation>未发送：配置 &quot;%1&quot; 是只读的，而在 %3 上执行 %2 是写操作。</translation>
    </message>
    <message>
        <source>Send

%1

to %2? It changes the server&apos;s configuration for every client (until the server restarts, unless the configuration is saved).</source>
        <translation>向 %2 发送

%1

？这会为所有客户端修改服务器的配置（直到服务器重启，除非配置被保存）。</translation>
    </message>
    <message>
        <source>Connect first: a recording holds a live session&apos;s history.</source>
        <translation>请先连接：记录保存的是实时会话的历史。</translation>
    </message>
    <message>
        <source>Cannot write the recording to %1: %2</source>
        <translation>无法把记录写入 %1：%2</translation>
    </message>
    <message>
        <source>Record the session</source>
        <translation>记录会话</translation>
    </message>
    <message>
        <source>Event logs (*.jsonl);;All files (*)</source>
        <translation>事件日志 (*.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>Open a recording</source>
        <translation>打开记录</translation>
    </message>
    <message>
        <source>Open recording</source>
        <translation>打开记录</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Cannot watch %1: %2. Trying again until you press Stop.</source>
        <translation>无法观察 %1：%2。会一直重试，直到你点击“停止”。</translation>
    </message>
    <message>
        <source>The history of the watched keys appears here once the first scan is done.</source>
        <translation>首次扫描完成后，这里会显示所观察键的历史。</translation>
    </message>
    <message>
        <source>Older history (before %1) was dropped from memory; Record keeps all of it in a file.</source>
        <translation>更早的历史（%1 之前）已从内存中丢弃；“录制”可将全部历史保存到文件。</translation>
    </message>
    <message>
        <source>Older history (before %1) is in the recording %2.</source>
        <translation>更早的历史（%1 之前）在录制文件 %2 中。</translation>
    </message>
    <message>
        <source>… and %1 earlier lease findings (in the recording).</source>
        <translation>……以及更早的 %1 条租约发现（在录制里）。</translation>
    </message>
    <message>
        <source>What if…</source>
        <translation>假设回放…</translation>
    </message>
    <message>
        <source>Replay the part of the history the History shows in the simulator: the workspace opens its acquisitions as a scenario, to run under any strategy and add faults, and the Compare page gets it to compare every strategy (Ctrl+Shift+W)</source>
        <translation>在模拟器里回放“历史”中显示的那段历史：工作区把其中的加锁打开为一个场景，可以用任何策略运行并加入故障；比较页也会拿到它，用来比较所有策略（Ctrl+Shift+W）</translation>
    </message>
    <message>
        <source>Nothing to replay yet: connect, or open a recording, first.</source>
        <translation>还没有可以回放的内容：请先连接，或者打开一份录制。</translation>
    </message>
    <message>
        <source>Nothing to replay: no lock was acquired in this part of the history (zoom the History out, or record longer).</source>
        <translation>没有可以回放的内容：这段历史里没有任何加锁（把“历史”缩小一些，或者录制更久）。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::PasswordStore</name>
    <message>
        <source>no system keychain</source>
        <translation>没有系统钥匙串</translation>
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
        <translation>转到开头（Home）</translation>
    </message>
    <message>
        <source>Previous event (,)</source>
        <translation>上一个事件（,）</translation>
    </message>
    <message>
        <source>Next event (.)</source>
        <translation>下一个事件（.）</translation>
    </message>
    <message>
        <source>Pause (Space)</source>
        <translation>暂停（空格）</translation>
    </message>
    <message>
        <source>Play (Space)</source>
        <translation>播放（空格）</translation>
    </message>
    <message>
        <source>Playback speed, in simulated time ([ and ] change it)</source>
        <translation>回放速度，按模拟时间计（[ 和 ] 调整）</translation>
    </message>
    <message>
        <source>Drag to any instant of the run</source>
        <translation>拖动到运行中的任意时刻</translation>
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
        <translation>名称：</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>主机：</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>端口：</translation>
    </message>
    <message>
        <source>Database:</source>
        <translation>数据库：</translation>
    </message>
    <message>
        <source>Unix socket:</source>
        <translation>Unix 套接字：</translation>
    </message>
    <message>
        <source>User (ACL):</source>
        <translation>用户（ACL）：</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>密码：</translation>
    </message>
    <message>
        <source>CA file:</source>
        <translation>CA 文件：</translation>
    </message>
    <message>
        <source>Client certificate:</source>
        <translation>客户端证书：</translation>
    </message>
    <message>
        <source>Client key:</source>
        <translation>客户端私钥：</translation>
    </message>
    <message>
        <source>Sentinels:</source>
        <translation>Sentinel 列表：</translation>
    </message>
    <message>
        <source>Master name:</source>
        <translation>主节点名称：</translation>
    </message>
    <message>
        <source>Key pattern:</source>
        <translation>键匹配模式：</translation>
    </message>
    <message>
        <source>TTL above (s):</source>
        <translation>TTL 超过（秒）：</translation>
    </message>
    <message>
        <source>Held longer than (s):</source>
        <translation>持有超过（秒）：</translation>
    </message>
    <message>
        <source>Owner changes per minute above:</source>
        <translation>每分钟持有者变化超过：</translation>
    </message>
    <message>
        <source>Queue not moving for (s):</source>
        <translation>队列停滞超过（秒）：</translation>
    </message>
    <message>
        <source>Locks per owner above:</source>
        <translation>每个持有者的锁超过：</translation>
    </message>
    <message>
        <source>Choose a PEM file</source>
        <translation>选择 PEM 文件</translation>
    </message>
    <message>
        <source>Connection profile</source>
        <translation>连接配置</translation>
    </message>
    <message>
        <source>Keep in the system keychain</source>
        <translation>保存在系统钥匙串中</translation>
    </message>
    <message>
        <source>The password is kept by the system keychain, never in LockScope&apos;s settings.</source>
        <translation>密码由系统钥匙串保存，绝不写入 LockScope 的设置。</translation>
    </message>
    <message>
        <source>No system keychain answers here: LockScope asks for the password each time and never writes it anywhere.</source>
        <translation>这里没有可用的系统钥匙串：LockScope 每次都会询问密码，且从不把它写到任何地方。</translation>
    </message>
    <message>
        <source>Redis Cluster (the address is any node: every master is scanned)</source>
        <translation>Redis Cluster（地址填任一节点：会扫描每个主节点）</translation>
    </message>
    <message>
        <source>/run/redis/redis.sock (instead of host and port)</source>
        <translation>/run/redis/redis.sock（代替主机和端口）</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>the system&apos;s CA store</source>
        <translation>系统的 CA 证书库</translation>
    </message>
    <message>
        <source>Sentinel (follows failovers)</source>
        <translation>Sentinel（跟随故障转移）</translation>
    </message>
    <message>
        <source>10.0.0.7:26379, 10.0.0.8:26379</source>
        <translation>10.0.0.7:26379, 10.0.0.8:26379</translation>
    </message>
    <message>
        <source>What to watch</source>
        <translation>观察什么</translation>
    </message>
    <message>
        <source>Allow writes (force-release a lock, enable notifications)</source>
        <translation>允许写入（强制解锁、开启通知）</translation>
    </message>
    <message>
        <source>Off by default: the connection then refuses every write command before it is sent. Each write still asks for confirmation.</source>
        <translation>默认关闭：此时连接会在发送前拒绝一切写命令。即使允许，每次写入仍会先确认。</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>(unchanged)</source>
        <translation>（未改动）</translation>
    </message>
    <message>
        <source>CA folder:</source>
        <translation>CA 文件夹：</translation>
    </message>
    <message>
        <source>Server name (SNI):</source>
        <translation>服务器名（SNI）：</translation>
    </message>
    <message>
        <source>Choose a folder of CA certificates (PEM)</source>
        <translation>选择存放 CA 证书（PEM）的文件夹</translation>
    </message>
    <message>
        <source>a folder of PEM files</source>
        <translation>PEM 文件所在的文件夹</translation>
    </message>
    <message>
        <source>the host</source>
        <translation>主机名</translation>
    </message>
    <message>
        <source>Do not verify the server&apos;s certificate (insecure)</source>
        <translation>不验证服务器证书（不安全）</translation>
    </message>
    <message>
        <source>Anyone on the network path can pose as the server and read the password. Use it only to try a test server.</source>
        <translation>网络路径上的任何人都可以冒充服务器并读取密码。仅在试用测试服务器时使用。</translation>
    </message>
    <message>
        <source>Redlock nodes:</source>
        <translation>Redlock 节点：</translation>
    </message>
    <message>
        <source>10.0.0.8:6379, 10.0.0.9:6379 (the other nodes)</source>
        <translation>10.0.0.8:6379, 10.0.0.9:6379（其余节点）</translation>
    </message>
    <message>
        <source>A Redlock deployment: the other independent servers its locks are taken on, each reached with this profile&apos;s user, password, TLS and database. The monitor watches them together and says who holds each key&apos;s majority.</source>
        <translation>Redlock 部署：加锁时使用的其他独立服务器，每台都用这个配置的用户、密码、TLS 和数据库连接。监视器把它们放在一起观察，并指出每个键的多数由谁持有。</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::RunToolBar</name>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>&amp;Scenario</source>
        <translation>场景(&amp;S)</translation>
    </message>
    <message>
        <source>S&amp;trategy</source>
        <translation>策略(&amp;T)</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Clients</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>The same scenario, strategy and seed always give the same run</source>
        <translation>相同的场景、策略和种子总是得到相同的运行</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>scenario&apos;s</source>
        <translation>场景默认</translation>
    </message>
    <message>
        <source>spin</source>
        <translation>自旋</translation>
    </message>
    <message>
        <source>backoff</source>
        <translation>退避</translation>
    </message>
    <message>
        <source>pub/sub</source>
        <translation>发布/订阅</translation>
    </message>
    <message>
        <source>How a client waits for a busy lock</source>
        <translation>客户端如何等待被占用的锁</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message numerus="yes">
        <source>%n fault(s) added by hand</source>
        <translation>
            <numerusform>手动添加了 %n 个故障</numerusform>
        </translation>
    </message>
    <message>
        <source>Right-click a lane to add a fault</source>
        <translation>右击泳道添加故障</translation>
    </message>
    <message>
        <source>your scripts</source>
        <translation>你的脚本</translation>
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
        <translation>未开始</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>holds the lock</source>
        <translation>持有锁</translation>
    </message>
    <message>
        <source>releasing</source>
        <translation>解锁中</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>已崩溃</translation>
    </message>
    <message>
        <source>Zoom &amp;Back</source>
        <translation>返回上次缩放(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>重置缩放(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Fit Whole Run</source>
        <translation>显示整个运行(&amp;F)</translation>
    </message>
    <message>
        <source>LOCK KEYS IN REDIS</source>
        <translation>REDIS 中的锁键</translation>
    </message>
    <message>
        <source>CLIENTS</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>critical section · paused</source>
        <translation>临界区 · 暂停</translation>
    </message>
    <message>
        <source>critical section</source>
        <translation>临界区</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>TTL left</source>
        <translation>剩余 TTL</translation>
    </message>
    <message>
        <source>no TTL</source>
        <translation>无过期时间</translation>
    </message>
    <message>
        <source>two holders at once</source>
        <translation>两个持有者并存</translation>
    </message>
    <message>
        <source>acquired</source>
        <translation>加锁</translation>
    </message>
    <message>
        <source>released</source>
        <translation>解锁</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>过期</translation>
    </message>
    <message>
        <source>renewed</source>
        <translation>续期</translation>
    </message>
    <message>
        <source>deleted another client&apos;s lock</source>
        <translation>误删他人的锁</translation>
    </message>
    <message>
        <source>Choose a scenario and a strategy, then press Run (Ctrl+R).</source>
        <translation>选择场景和策略，然后点击运行（Ctrl+R）。</translation>
    </message>
    <message>
        <source>t = %1</source>
        <translation>t = %1</translation>
    </message>
    <message>
        <source>waiting for %1</source>
        <translation>等待 %1</translation>
    </message>
    <message>
        <source>holds %1</source>
        <translation>持有 %1</translation>
    </message>
    <message>
        <source>%1 down</source>
        <translation>%1 宕机</translation>
    </message>
    <message>
        <source>%1 deleted %2&apos;s lock</source>
        <translation>%1 删除了 %2 的锁</translation>
    </message>
    <message>
        <source>failover</source>
        <translation>故障转移</translation>
    </message>
    <message>
        <source>clock %1%2 s</source>
        <translation>时钟 %1%2 s</translation>
    </message>
    <message numerus="yes">
        <source>%n inside at once</source>
        <translation>
            <numerusform>%n 个同时在内</numerusform>
        </translation>
    </message>
    <message>
        <source>no TTL!</source>
        <translation>无过期时间！</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>位于 %1</translation>
    </message>
    <message>
        <source>node down</source>
        <translation>节点宕机</translation>
    </message>
    <message>
        <source>free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>%1 · %2 s left</source>
        <translation>%1 · 剩余 %2 s</translation>
    </message>
    <message>
        <source>%1 at %2: %3</source>
        <translation>%1，%2：%3</translation>
    </message>
    <message>
        <source>in the critical section from %1 to %2</source>
        <translation>从 %1 到 %2 处于临界区</translation>
    </message>
    <message>
        <source>paused from %1 to %2</source>
        <translation>从 %1 到 %2 暂停</translation>
    </message>
    <message>
        <source>%1 on %2 at %3: not held</source>
        <translation>%2 上的 %1，%3：未被持有</translation>
    </message>
    <message>
        <source>%1 on %2 at %3: %4&apos;s lock, value %5</source>
        <translation>%2 上的 %1，%3：%4 的锁，值 %5</translation>
    </message>
    <message>
        <source>no TTL: it never expires</source>
        <translation>无过期时间：永远不会过期</translation>
    </message>
    <message>
        <source>TTL left %1 ms; expires at %2 unless renewed</source>
        <translation>剩余 TTL %1 ms；除非续期，否则在 %2 过期</translation>
    </message>
    <message>
        <source>%1 → %2: %3</source>
        <translation>%1 → %2：%3</translation>
    </message>
    <message>
        <source>holds nothing</source>
        <translation>未持有锁</translation>
    </message>
    <message numerus="yes">
        <source>holds %n lock(s)</source>
        <translation>
            <numerusform>持有 %n 把锁</numerusform>
        </translation>
    </message>
    <message>
        <source>release found the lock gone</source>
        <translation>解锁时锁已不在</translation>
    </message>
    <message>
        <source>gave up waiting</source>
        <translation>放弃等待</translation>
    </message>
    <message>
        <source>wrote to the resource</source>
        <translation>写入资源</translation>
    </message>
    <message>
        <source>stale write rejected</source>
        <translation>过期写入被拒绝</translation>
    </message>
    <message>
        <source>reply lost</source>
        <translation>回复丢失</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>lost with the node&apos;s data</source>
        <translation>随节点数据一起丢失</translation>
    </message>
    <message>
        <source>node crashed</source>
        <translation>节点崩溃</translation>
    </message>
    <message>
        <source>node restarted</source>
        <translation>节点重启</translation>
    </message>
    <message>
        <source>node clock jump</source>
        <translation>节点时钟跳变</translation>
    </message>
    <message>
        <source>command sent</source>
        <translation>发出的命令</translation>
    </message>
    <message>
        <source>caption (hover to read)</source>
        <translation>说明（悬停查看）</translation>
    </message>
    <message>
        <source>%1 restarted</source>
        <translation>%1 已重启</translation>
    </message>
    <message>
        <source>not seen</source>
        <translation>未观察到</translation>
    </message>
    <message>
        <source>gap: the monitor could not see</source>
        <translation>空白：监视器看不到</translation>
    </message>
    <message>
        <source>not seen (the monitor&apos;s gap)</source>
        <translation>未观察到（监视器的空白）</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>real</source>
        <translation>真实</translation>
    </message>
    <message>
        <source>renewed late</source>
        <translation>续期过晚</translation>
    </message>
    <message>
        <source>majority (%1 of %2 nodes)</source>
        <translation>多数（%2 个节点中的 %1 个）</translation>
    </message>
</context>
<context>
    <name>lockscope::ui::WorkspacePage</name>
    <message>
        <source>Space: play/pause · , and . : previous/next event · W/S: zoom · A/D: pan · F: fit · right-click a lane to inject a fault</source>
        <translation>空格：播放/暂停 · , 和 . ：上一个/下一个事件 · W/S：缩放 · A/D：平移 · F：适应 · 右击泳道注入故障</translation>
    </message>
    <message>
        <source>Cannot run</source>
        <translation>无法运行</translation>
    </message>
    <message numerus="yes">
        <source>%n recent scenario file(s) could not be read: %1</source>
        <translation>
            <numerusform>有 %n 个最近的场景文件无法读取：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>The scenario or strategy of this run is not known here.</source>
        <translation>此处不认识这次运行的场景或策略。</translation>
    </message>
    <message>
        <source>Cannot run: %1</source>
        <translation>无法运行：%1</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Cannot Open the Scenario File</source>
        <translation>无法打开场景文件</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>%1 — %2 → %3: %4</source>
        <translation>%1 —— %2 → %3：%4</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
    <message>
        <source>Running %1 with %2… (Esc cancels)</source>
        <translation>正在用 %2 运行 %1…（按 Esc 取消）</translation>
    </message>
    <message>
        <source>your scripts</source>
        <translation>你的脚本</translation>
    </message>
    <message>
        <source>Run cancelled.</source>
        <translation>运行已取消。</translation>
    </message>
    <message>
        <source>Lua scripts (*.lua);;All files (*)</source>
        <translation>Lua 脚本 (*.lua);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Your Acquire Script</source>
        <translation>你的加锁脚本</translation>
    </message>
    <message>
        <source>Your Release Script</source>
        <translation>你的解锁脚本</translation>
    </message>
    <message>
        <source>Cannot Use These Scripts</source>
        <translation>无法使用这些脚本</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Cannot run on real Redis</source>
        <translation>无法在真实 Redis 上运行</translation>
    </message>
    <message>
        <source>local redis-server processes</source>
        <translation>本地 redis-server 进程</translation>
    </message>
    <message>
        <source>Playing %1 with %2 on real Redis… (Esc cancels)</source>
        <translation>正在真实 Redis 上以 %2 运行 %1…（Esc 取消）</translation>
    </message>
    <message>
        <source>Run on Your Own Redis</source>
        <translation>在你自己的 Redis 上运行</translation>
    </message>
    <message>
        <source>The run shown changed; the live run was dropped.</source>
        <translation>显示的运行已经变了，这次真实运行被丢弃。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; names a Sentinel or a Cluster; a live run needs the server of each lock node: choose a profile of one server, or give its URL</source>
        <translation>“%1”指向的是 Sentinel 或 Cluster；真实运行需要每个锁节点的服务器：请选择只有一台服务器的配置，或者给出它的地址</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is read-only (Allow writes is off in the profile), and a live run writes its lock keys: allow writes there, or give a URL</source>
        <translation>“%1”是只读的（配置里没有允许写入），而真实运行要写入它的锁键：请在配置里允许写入，或者给出一个地址</translation>
    </message>
    <message>
        <source>Profile %1</source>
        <translation>配置 %1</translation>
    </message>
    <message>
        <source>A saved connection profile, or your servers as redis:// URLs, one per lock node, separated by commas. Only the client-side faults are done there; the keys go under a random prefix and are deleted afterwards.</source>
        <translation>选择一个已保存的连接配置，或者输入你的服务器的 redis:// 地址：每个锁节点一个，用逗号分隔。在那里只会注入客户端一侧的故障；键放在随机前缀下，结束后删除。</translation>
    </message>
</context>
</TS>
