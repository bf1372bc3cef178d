<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AcquireDialog</name>
    <message>
        <source>Acquire a lock</source>
        <translation>获取锁</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>Written as</source>
        <translation>写入格式</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>令牌</translation>
    </message>
    <message>
        <source>Continue…</source>
        <translation>继续…</translation>
    </message>
    <message>
        <source>Extend a lock</source>
        <translation>续期锁</translation>
    </message>
    <message>
        <source>Enter a key</source>
        <translation>请输入键</translation>
    </message>
    <message>
        <source>Enter a token (\xNN for binary bytes)</source>
        <translation>请输入令牌（二进制字节写作 \xNN）</translation>
    </message>
</context>
<context>
    <name>AdminCommand</name>
    <message>
        <source>%1, guarded on: %2</source>
        <translation>%1，守卫条件：%2</translation>
    </message>
    <message>
        <source>not confirmed; nothing was run</source>
        <translation>未确认；什么也没有执行</translation>
    </message>
    <message>
        <source>%1, master %2</source>
        <translation>%1，主节点 %2</translation>
    </message>
    <message>
        <source>caution: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <source>what happened: %1</source>
        <translation>实际发生的是：%1</translation>
    </message>
    <message>
        <source>could not read %1 to see whether it is free: %2</source>
        <translation>无法读取 %1 来确认它是否空闲：%2</translation>
    </message>
    <message>
        <source>%1 is there now (%2): the acquire would be refused</source>
        <translation>%1 现在存在（%2）：获取会被拒绝</translation>
    </message>
    <message>
        <source>KEY is read with its escapes, as scan prints keys: %1 names %2, but a key whose name is those characters exactly, %3, exists too. Give that one as %3 to act on it, or add --escaped-key to act on %2; nothing was run</source>
        <translation>KEY 按转义读取，与 scan 的输出一致：%1 指的是 %2，但名字恰好就是这些字符的键 %3 也存在。要操作它，请写成 %3；要操作 %2，请加上 --escaped-key。什么都没有执行</translation>
    </message>
    <message>
        <source>%1
  would run on %3: %2
</source>
        <translation>%1
  将会在 %3 上执行：%2
</translation>
    </message>
    <message>
        <source>could not read the fair queue %1 to see who is first: %2</source>
        <translation>无法读取公平队列 %1 以确定谁排在队首：%2</translation>
    </message>
    <message>
        <source>%1 is free, but %2 queues for it first, and a fair lock lets only the first of its queue take it: the acquire would be refused</source>
        <translation>%1 空闲，但 %2 排在队首，而公平锁只允许队列中的第一个获取它：获取将被拒绝</translation>
    </message>
    <message numerus="yes">
        <source>%n waiter(s) whose timeout has passed would be dropped from the head of its fair queue first</source>
        <translation>
            <numerusform>将先从其公平队列的队首移除 %n 个已超时的等待者</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AdminConfirmDialog</name>
    <message>
        <source>Confirm %1</source>
        <translation>确认%1</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>令牌</translation>
    </message>
    <message>
        <source>Guarded on</source>
        <translation>守护条件</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>Will run</source>
        <translation>将执行</translation>
    </message>
    <message>
        <source>Script %1.lua:</source>
        <translation>脚本 %1.lua：</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>执行%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 is a production connection.&lt;/b&gt; Type the key name to confirm:</source>
        <translation>&lt;b&gt;%1 是生产环境连接。&lt;/b&gt;请输入键名以确认：</translation>
    </message>
</context>
<context>
    <name>AdminService</name>
    <message>
        <source>Unknown whether %1 was %2: LockScope stopped waiting for the answer (the session was closed). Check with: %3</source>
        <translation>无法确定 %1 是否已%2：会话已关闭，LockScope 不再等待应答。请用以下命令确认：%3</translation>
    </message>
    <message>
        <source>Read-only mode is on</source>
        <translation>已开启只读模式</translation>
    </message>
    <message>
        <source>The lock is held</source>
        <translation>锁已被持有</translation>
    </message>
    <message>
        <source>The lock is gone from Redis</source>
        <translation>锁已从 Redis 中消失</translation>
    </message>
    <message>
        <source>Nobody holds it: there is no holder to release</source>
        <translation>没有人持有它：没有可释放的持有者</translation>
    </message>
    <message>
        <source>There is no holder token to act for</source>
        <translation>没有可代为操作的持有者令牌</translation>
    </message>
    <message>
        <source>%1 does not hold %2; it is held by %3</source>
        <translation>%1 并未持有 %2；它的持有者是 %3</translation>
    </message>
    <message>
        <source>%1 does not hold %2: LockScope sees no holder in it, only %3; act on it as observed instead</source>
        <translation>%1 并未持有 %2：LockScope 在其中看不到持有者，只有 %3；请改为按所见状态操作</translation>
    </message>
    <message>
        <source>No dialect &quot;%1&quot; (lockscope dialects lists them)</source>
        <translation>没有名为“%1”的方言（lockscope dialects 会列出全部方言）</translation>
    </message>
    <message>
        <source>Acquire needs a key, a token and a TTL above 0 ms</source>
        <translation>获取锁需要键、令牌和大于 0 毫秒的 TTL</translation>
    </message>
    <message>
        <source>Extend needs a TTL above 0 ms</source>
        <translation>续期需要大于 0 毫秒的 TTL</translation>
    </message>
    <message>
        <source>%1 has %2 holders (%3), and a %4 lock has one holder at a time: releasing only %5 is not something it does. Force-release it as observed to remove them all.</source>
        <translation>%1 有 %2 个持有者（%3），而 %4 锁同一时间只有一个持有者：它不支持只释放 %5。请按所见状态强制释放，移除全部持有者。</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message>
        <source>Refused: read-only mode is on</source>
        <translation>已拒绝：只读模式已开启</translation>
    </message>
    <message>
        <source>Unknown whether %1 was %2: no answer came (%3), so the %4 may or may not have run. Look before acting again: %5 (or its row in the lock table).</source>
        <translation>无法确定 %1 是否已%2：没有收到应答（%3），%4 可能执行了，也可能没有。再次操作前请先查看：%5（或锁列表中它所在的行）。</translation>
    </message>
    <message>
        <source>Not done: %1; the %2 was not sent</source>
        <translation>未执行：%1；%2 未发送</translation>
    </message>
    <message>
        <source>Acquired %1 with token %2 for %3 ms</source>
        <translation>已获取 %1，令牌 %2，有效期 %3 毫秒</translation>
    </message>
    <message>
        <source>Not acquired: %1 is already held (%2); nothing changed</source>
        <translation>未获取：%1 已被持有（%2）；没有任何改动</translation>
    </message>
    <message>
        <source>Not acquired: %1 is already held; nothing changed</source>
        <translation>未获取：%1 已被持有；没有任何改动</translation>
    </message>
    <message>
        <source>Unexpected answer to the %1 of %2: %3</source>
        <translation>对 %2 的%1收到意外应答：%3</translation>
    </message>
    <message>
        <source>Extended %1 to %2 ms (%3)</source>
        <translation>已将 %1 续期至 %2 毫秒（%3）</translation>
    </message>
    <message>
        <source>Released %1 from %2; its other holders keep it</source>
        <translation>已从 %2 释放 %1；其他持有者仍持有该锁</translation>
    </message>
    <message>
        <source>Released %1 from %2; it was the last holder, so the lock is free</source>
        <translation>已从 %2 释放 %1；它是最后一个持有者，锁已空闲</translation>
    </message>
    <message>
        <source>Released %1 from %2</source>
        <translation>已从 %2 释放 %1</translation>
    </message>
    <message>
        <source>Released %1 (%2)</source>
        <translation>已释放 %1（%2）</translation>
    </message>
    <message>
        <source>Not extended: </source>
        <translation>未续期：</translation>
    </message>
    <message>
        <source>Nothing released: </source>
        <translation>未释放任何内容：</translation>
    </message>
    <message>
        <source>Nothing deleted: </source>
        <translation>未删除任何内容：</translation>
    </message>
    <message>
        <source>%1 changed since you looked: %2</source>
        <translation>%1 在你查看之后发生了变化：%2</translation>
    </message>
    <message>
        <source> (warning: %1)</source>
        <translation>（警告：%1）</translation>
    </message>
    <message>
        <source>%1 is not held: no such key</source>
        <translation>%1 未被持有：没有这个键</translation>
    </message>
    <message>
        <source>A token of %1 bytes is longer than the %2 bytes LockScope reads of a value: it could not tell the lock it makes from another. Use a shorter token.</source>
        <translation>%1 字节的令牌超过了 LockScope 读取一个值的 %2 字节：它无法把自己建的锁与别的锁区分开。请用更短的令牌。</translation>
    </message>
    <message>
        <source>%1 is also held by %2 and has no expiry: an extend sets the expiry of the whole key, so one of %3 ms would end their holds too. Release %4 alone instead, or force-release the lock as observed.</source>
        <translation>%1 同时由 %2 持有，且没有过期时间：续期设置的是整个键的过期时间，%3 ms 的续期也会结束他们的持有。请改为只释放 %4，或按所见强制释放该锁。</translation>
    </message>
    <message>
        <source>%1 is also held by %2 and has %3 left: an extend sets the expiry of the whole key, so one of %4 ms would end their holds %5 early. Give a TTL of at least %6 ms.</source>
        <translation>%1 同时由 %2 持有，还剩 %3：续期设置的是整个键的过期时间，%4 ms 的续期会让他们的持有提前 %5 结束。请给出至少 %6 ms 的 TTL。</translation>
    </message>
    <message>
        <source>LockScope does not know the layout of %1: deleting it may not be how its library releases it (waiters are not woken, keys beside it stay). Only the key exactly as you saw it is deleted.</source>
        <translation>LockScope 不认识 %1 的布局：删除它未必是它的库释放它的方式（等待者不会被唤醒，旁边的键会留下）。只会删除与你所见完全相同的该键。</translation>
    </message>
    <message>
        <source>Kept %1&apos;s %2 ms left, longer than the %3 ms asked for: its other holders renewed it since you looked, and an extend never cuts them short (%4)</source>
        <translation>保留了 %1 剩余的 %2 ms，比所请求的 %3 ms 更长：在你查看之后，它的其他持有者续期了它，而续期绝不会缩短他们的持有（%4）</translation>
    </message>
    <message>
        <source>could not read %1 to see what to guard on: %2; nothing was run</source>
        <translation>无法读取 %1，不知道以什么为保护条件：%2；什么都没有执行</translation>
    </message>
    <message>
        <source>%1 has %2 left: a TTL of %3 ms shortens it, and its holder may lose it before it is done</source>
        <translation>%1 还剩 %2：%3 毫秒的 TTL 会缩短它，持有者可能在完成之前就失去这把锁</translation>
    </message>
    <message>
        <source>%1 has no expiry: with a TTL of %2 ms it expires then, unless its holder renews it</source>
        <translation>%1 没有过期时间：设置 %2 毫秒的 TTL 后，除非持有者续期，它会在那时过期</translation>
    </message>
    <message>
        <source>%1 is not held by the token given: its value differs from it in the bytes past the %2 LockScope read, or changed since you looked</source>
        <translation>%1 并不由所给的令牌持有：它的值在 LockScope 读取的 %2 字节之后与令牌不同，或者在你查看之后已经改变</translation>
    </message>
    <message>
        <source>; but its waiters were not woken: Redis refused to publish on %1 (%2), so they try again only when their wait runs out</source>
        <translation>；但没有唤醒它的等待者：Redis 拒绝在 %1 上发布消息（%2），它们要等到各自的等待超时才会重试</translation>
    </message>
    <message>
        <source>LockScope read only %1 of the %2 entries of %3, and %4 is not among them: it cannot tell whether %4 holds it, so it does not act for it. Act through its library.</source>
        <translation>LockScope 只读取了 %3 的 %2 个条目中的 %1 个，其中没有 %4：它无法判断 %4 是否持有该锁，因此不代其操作。请通过它的库来操作。</translation>
    </message>
    <message>
        <source>%1 does not hold %2: LockScope read the first %3 of its %4 bytes, and a token that stands for all of it is %4 bytes long and starts as they do</source>
        <translation>%1 并不持有 %2：LockScope 读取了它 %4 字节中的前 %3 字节，能代表整个值的令牌长 %4 字节，并且开头与这些字节相同</translation>
    </message>
    <message>
        <source>%1 does not hold %2: LockScope sees no holder in what it could read of it (%3); act on it through its library</source>
        <translation>%1 并不持有 %2：在 LockScope 能读到的部分里看不到持有者（%3）；请通过它的库来操作</translation>
    </message>
    <message numerus="yes">
        <source>dropped %n waiter(s) whose timeout had passed from the head of its fair queue, as Redisson&apos;s own scripts do</source>
        <translation>
            <numerusform>已从其公平队列的队首移除 %n 个超时已过的等待者，与 Redisson 自己的脚本一样</numerusform>
        </translation>
    </message>
    <message>
        <source>Not acquired: %1 is free, but %2 queues for it first, and a fair lock lets only the first of its queue take it</source>
        <translation>未获取：%1 空闲，但 %2 排在队首，而公平锁只允许队列中的第一个获取它</translation>
    </message>
    <message>
        <source>nothing changed</source>
        <translation>没有任何改动</translation>
    </message>
    <message>
        <source> (the %1 names the keys %2, and the user must be allowed each)</source>
        <translation>（该%1声明了键 %2，用户必须对其中每一个都有权限）</translation>
    </message>
    <message>
        <source>Redis refused the %1 of %2: %3%4; nothing was changed</source>
        <translation>Redis 拒绝了对 %2 的%1：%3%4；没有任何改动</translation>
    </message>
    <message numerus="yes">
        <source>; it left the fair queue, and the %n waiter(s) behind it moved up by %1 ms, as tryLock moves them</source>
        <translation>
            <numerusform>；它离开了公平队列，排在它后面的 %n 个等待者的超时提前了 %1 毫秒，与 tryLock 的做法一样</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AlertsPanel</name>
    <message>
        <source>Desktop notifications</source>
        <translation>桌面通知</translation>
    </message>
    <message>
        <source>Also show new alerts as desktop notifications</source>
        <translation>同时以桌面通知显示新告警</translation>
    </message>
    <message>
        <source>This desktop has no system tray, so no desktop notifications</source>
        <translation>当前桌面没有系统托盘，无法显示桌面通知</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Forget the alerts shown (they come back if it happens again)</source>
        <translation>清除已显示的告警（再次发生时会重新出现）</translation>
    </message>
    <message>
        <source>LockScope: %1</source>
        <translation>LockScope：%1</translation>
    </message>
    <message>
        <source>LockScope: %1 new alerts</source>
        <translation>LockScope：%1 条新告警</translation>
    </message>
    <message>
        <source>%1 on %2, and more</source>
        <translation>%2 上的%1，以及更多</translation>
    </message>
    <message>
        <source>No alerts: no stuck locks, near-misses or hot locks seen</source>
        <translation>无告警：未发现卡死的锁、险些过期或热点锁</translation>
    </message>
    <message>
        <source>%1 open, %2 in all. Double-click one to select its lock.</source>
        <translation>未解决 %1 条，共 %2 条。双击可选中对应的锁。</translation>
    </message>
</context>
<context>
    <name>CliCommand</name>
    <message>
        <source>%1; reconnecting</source>
        <translation>%1；正在重连</translation>
    </message>
    <message>
        <source>the SSH server %1 is not known: its %2 host key fingerprint is %3, and ~/.ssh/known_hosts has no entry for it. If that is the bastion&apos;s key, run again with --ssh-accept-new to accept it and record it there.</source>
        <translation>SSH 服务器 %1 未知：它的 %2 主机密钥指纹是 %3，而 ~/.ssh/known_hosts 中没有它的记录。如果这确实是跳板机的密钥，请加上 --ssh-accept-new 重新运行，以接受该密钥并记入其中。</translation>
    </message>
    <message>
        <source>sandbox: %1</source>
        <translation>沙箱：%1</translation>
    </message>
    <message>
        <source>stopped by signal %1 (%2)</source>
        <translation>被信号 %1（%2）终止</translation>
    </message>
    <message>
        <source>, or set REDISCLI_AUTH</source>
        <translation>，或设置 REDISCLI_AUTH</translation>
    </message>
    <message>
        <source>the saved connection &quot;%1&quot; needs its %2, and it is not at hand: %3 Run lockscope on a terminal to be asked for it%4.</source>
        <translation>已保存的连接“%1”需要它的%2，但眼下拿不到：%3 请在终端中运行 lockscope，届时会提示输入%4。</translation>
    </message>
    <message>
        <source>%1 for %2: </source>
        <translation>%2 的%1：</translation>
    </message>
    <message>
        <source>no %1 given for &quot;%2&quot;; nothing was connected</source>
        <translation>没有为“%2”提供%1；未建立任何连接</translation>
    </message>
    <message>
        <source>could not write the output: %1</source>
        <translation>无法写出输出：%1</translation>
    </message>
    <message>
        <source>%1
  will run: %2
  on: %3
Proceed? [y/N] </source>
        <translation>%1
  将执行：%2
  目标：%3
是否继续？[y/N] </translation>
    </message>
    <message>
        <source>not every master answers (%1); going on with those that do</source>
        <translation>并非每个主节点都有应答（%1）；继续使用有应答的主节点</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>%1; going on with the other masters</source>
        <translation>%1；继续使用其他主节点</translation>
    </message>
    <message>
        <source>stopped by signal %1 before the server answered</source>
        <translation>在服务器应答之前被信号 %1 停止</translation>
    </message>
</context>
<context>
    <name>CliOptions</name>
    <message>
        <source>a saved connection (the window&apos;s Connect dialog saves them), its secrets
from the keychain or asked for; the options below override its fields</source>
        <translation>已保存的连接（由窗口的“连接”对话框保存），其密码等机密取自
密钥环或当场询问；下列选项会覆盖它的对应字段</translation>
    </message>
    <message>
        <source>server host</source>
        <translation>服务器主机</translation>
    </message>
    <message>
        <source>server port</source>
        <translation>服务器端口</translation>
    </message>
    <message>
        <source>server Unix socket (in place of -h and -p)</source>
        <translation>服务器的 Unix 套接字（代替 -h 和 -p）</translation>
    </message>
    <message>
        <source>password; others on this machine may see it: prefer REDISCLI_AUTH
or a saved --connection (its password is in the keychain)</source>
        <translation>密码；本机其他用户可能看得到：建议改用 REDISCLI_AUTH
或已保存的 --connection（其密码存放在密钥环中）</translation>
    </message>
    <message>
        <source>no warning about a password given with -a or -u</source>
        <translation>用 -a 或 -u 给出密码时不再警告</translation>
    </message>
    <message>
        <source>ACL user name</source>
        <translation>ACL 用户名</translation>
    </message>
    <message>
        <source>database number</source>
        <translation>数据库编号</translation>
    </message>
    <message>
        <source>redis://[[user]:password@]host[:port][/db], rediss:// for TLS</source>
        <translation>redis://[[user]:password@]host[:port][/db]，TLS 用 rediss://</translation>
    </message>
    <message>
        <source>a Redis Cluster (as redis-cli -c); found out from any node either way</source>
        <translation>Redis 集群（同 redis-cli -c）；不加也会从任一节点自动识别</translation>
    </message>
    <message>
        <source>ask this Sentinel for the master (with --master); repeatable</source>
        <translation>向这个哨兵询问主节点（配合 --master）；可重复</translation>
    </message>
    <message>
        <source>Sentinel: the name of the monitored master</source>
        <translation>哨兵：所监控主节点的名称</translation>
    </message>
    <message>
        <source>Sentinel: the sentinels&apos; own ACL user</source>
        <translation>哨兵：哨兵自身的 ACL 用户</translation>
    </message>
    <message>
        <source>Sentinel: the sentinels&apos; own password (or set LOCKSCOPE_SENTINEL_AUTH)</source>
        <translation>哨兵：哨兵自身的密码（或设置 LOCKSCOPE_SENTINEL_AUTH）</translation>
    </message>
    <message>
        <source>use TLS</source>
        <translation>使用 TLS</translation>
    </message>
    <message>
        <source>TLS: trust the CA certificates (PEM) in FILE, not the system&apos;s</source>
        <translation>TLS：信任 FILE 中的 CA 证书（PEM），而非系统自带的</translation>
    </message>
    <message>
        <source>TLS: trust the CA certificates (PEM) in the files of DIR, not the system&apos;s</source>
        <translation>TLS：信任 DIR 目录下各文件中的 CA 证书（PEM），而非系统自带的</translation>
    </message>
    <message>
        <source>TLS: client certificate (PEM), with --key</source>
        <translation>TLS：客户端证书（PEM），需配合 --key</translation>
    </message>
    <message>
        <source>TLS: the client certificate&apos;s private key (PEM, not encrypted)</source>
        <translation>TLS：客户端证书的私钥（PEM，未加密）</translation>
    </message>
    <message>
        <source>TLS: the server name to send (SNI) and to check its certificate
against, when it is not the host connected to</source>
        <translation>TLS：要发送的服务器名（SNI），也用它校验服务器证书；
用于该名称与所连主机不同的情形</translation>
    </message>
    <message>
        <source>TLS: do not check the server&apos;s certificate</source>
        <translation>TLS：不校验服务器证书</translation>
    </message>
    <message>
        <source>reach the server through an SSH tunnel from this bastion host;
-h and -p are then as the bastion sees them</source>
        <translation>经由这台跳板机的 SSH 隧道访问服务器；
此时 -h 和 -p 按跳板机看到的地址填写</translation>
    </message>
    <message>
        <source>SSH: accept a bastion host key not yet in ~/.ssh/known_hosts, and record
it there (without it, an unknown key is refused); a changed key is
always refused</source>
        <translation>SSH：接受尚未记录在 ~/.ssh/known_hosts 中的跳板机主机密钥，并记入
其中（不加此项时拒绝未知密钥）；密钥发生变化时
始终拒绝</translation>
    </message>
    <message>
        <source>give up connecting after this long (default 5000)</source>
        <translation>连接超过这么久即放弃（默认 5000）</translation>
    </message>
    <message>
        <source>start a private redis-server with sample locks and use it</source>
        <translation>启动一个带示例锁的私有 redis-server 并使用它</translation>
    </message>
    <message>
        <source>also treat keys matching GLOB as locks (&quot;i:GLOB&quot; ignores case);
repeatable. Defaults: i:*lock*, mutex:*, i:*semaphore*, qo_*, uniquejobs:*,
and Laravel&apos;s *laravel_unique_job:*, *laravel-queue-overlap:*, *framework/schedule-*</source>
        <translation>把匹配 GLOB 的键也当作锁（&quot;i:GLOB&quot; 忽略大小写）；可重复。
默认：i:*lock*、mutex:*、i:*semaphore*、qo_*、uniquejobs:*，
以及 Laravel 的 *laravel_unique_job:*、*laravel-queue-overlap:*、*framework/schedule-*</translation>
    </message>
    <message>
        <source>use only the --pattern globs (and those of --profile)</source>
        <translation>只使用 --pattern 给出的模式（以及 --profile 中的）</translation>
    </message>
    <message>
        <source>custom dialect profiles (JSON, as the window exports them) for in-house
locks: their keys are scanned and decoded, and --dialect takes their ids;
repeatable</source>
        <translation>自研锁的自定义方言配置（JSON，与窗口导出的格式相同）：
会扫描并解码这些锁的键，--dialect 也接受其 ID；
可重复</translation>
    </message>
    <message>
        <source>with --redlock: the clock drift factor the application uses; validity
is the smallest TTL of the majority minus round(TTL x F) + 2 ms
(default 0.01, as node-redlock, redsync and redlock-py)</source>
        <translation>配合 --redlock：应用所用的时钟漂移系数；有效期 =
多数派中最小的 TTL 减去 round(TTL x F) + 2 ms
（默认 0.01，与 node-redlock、redsync、redlock-py 相同）</translation>
    </message>
    <message>
        <source>JSON Lines: one object per lock (scan), per event (watch --events),
per action, per demo run or per dialect</source>
        <translation>JSON Lines 格式：每把锁（scan）、每个事件（watch --events）、
每次操作、每轮演示或每种方言各输出一个对象</translation>
    </message>
    <message>
        <source>refuse every admin action</source>
        <translation>拒绝一切管理操作</translation>
    </message>
    <message>
        <source>milliseconds, or with a unit: 1500ms, 30s, 5m, 1h, 1d (at most 365d)</source>
        <translation>毫秒数，或带单位：1500ms、30s、5m、1h、1d（最多 365d）</translation>
    </message>
    <message>
        <source>release the lock as it is now, every holder, guarded by all of it
(printed first; --token T releases only T&apos;s hold of a shared lock)</source>
        <translation>按锁当前的状态释放它，包括所有持有者，并以整把锁的状态为守卫条件
（先打印出来；--token T 则只释放 T 在共享锁上的那份持有）</translation>
    </message>
    <message>
        <source>acquire: write the lock as that library does, with a token in its
format (default plain; lockscope dialects lists the ids)</source>
        <translation>acquire：按该库的方式写入锁，令牌也采用它的
格式（默认 plain；lockscope dialects 列出所有 ID）</translation>
    </message>
    <message>
        <source>do not ask before an admin action (never asked when stdin is not a terminal)</source>
        <translation>执行管理操作前不再询问（标准输入不是终端时从不询问）</translation>
    </message>
    <message>
        <source>show what an admin action would run, run nothing</source>
        <translation>只显示管理操作将执行什么，不实际执行</translation>
    </message>
    <message>
        <source>watch: re-read the known locks this often (default 1000, 50 to 1h)</source>
        <translation>watch：重新读取已知锁的间隔（默认 1000，范围 50 至 1h）</translation>
    </message>
    <message>
        <source>watch: look for new locks this often (500 to 24h; default: as often as
the budget allows, at most every --interval; a Redlock group&apos;s: 5 s)</source>
        <translation>watch：查找新锁的间隔（500 至 24h；默认：预算允许的最高频率，
但不超过每个 --interval 一次；红锁组为 5 秒）</translation>
    </message>
    <message>
        <source>watch: share of one server core the watch may spend re-reading and
rescanning (default 3, 0.1 to 50); with keyspace notifications it needs far less</source>
        <translation>watch：监视在重读和重新扫描上最多占用服务器单核的百分比
（默认 3，范围 0.1 至 50）；开启键空间通知后所需远少于此</translation>
    </message>
    <message>
        <source>watch: stop after S seconds (default: until Ctrl+C); demo: seconds per run;
with --screenshot: let the window run S seconds before the picture;
a unit may follow (500ms, 5m, 2h); at most 7d</source>
        <translation>watch：S 秒后停止（默认：直到按下 Ctrl+C）；demo：每轮的秒数；
配合 --screenshot：窗口先运行 S 秒再截图；
可带单位（500ms、5m、2h）；最多 7d</translation>
    </message>
    <message>
        <source>watch: print lock events (acquired, released, renewed, expired,
handed-over, contended, stuck, near-miss) instead of the table; of a
Redlock group also quorum-lost, quorum-regained, node-down, node-up</source>
        <translation>watch：打印锁事件（获取、释放、续期、过期、
易主、争用、卡死、险些过期）而不是表格；红锁组另有
失去多数派、恢复多数派、节点宕机、节点恢复</translation>
    </message>
    <message>
        <source>watch: let LockScope turn on keyspace notifications
(CONFIG SET notify-keyspace-events) for events within ~100 ms;
costs the server CPU on every write; put back when the watch ends</source>
        <translation>watch：允许 LockScope 开启键空间通知
（CONFIG SET notify-keyspace-events），约 100 ms 内即可得到事件；
每次写入都会消耗服务器 CPU；监视结束时恢复原设置</translation>
    </message>
    <message>
        <source>the window: save a picture of it to FILE and quit (no display needed)</source>
        <translation>窗口：把窗口截图保存到 FILE 后退出（无需显示器）</translation>
    </message>
    <message>
        <source>with --screenshot: window (the default) or connections (the
connection manager, over the window)</source>
        <translation>配合 --screenshot：window（默认）或 connections（窗口上方的
连接管理器）</translation>
    </message>
    <message>
        <source>demo: run this scenario (default: all of them, in turn)</source>
        <translation>demo：运行这个场景（默认：依次运行全部场景）</translation>
    </message>
    <message>
        <source>demo: broken or fixed (oversell also: unlocked); default: each in turn</source>
        <translation>demo：broken 或 fixed（oversell 另有 unlocked）；默认：依次运行</translation>
    </message>
    <message>
        <source>demo: simulated workers (1 to 1000)</source>
        <translation>demo：模拟的工作者数量（1 至 1000）</translation>
    </message>
    <message>
        <source>demo: seed of the random choices, to repeat a run</source>
        <translation>demo：随机选择的种子，用于重现某一轮</translation>
    </message>
    <message>
        <source>demo: the training scenarios, one line each</source>
        <translation>demo：列出培训场景，每个一行</translation>
    </message>
    <message>
        <source>speak LANG (zh_CN, en, …) in the window and in messages; default: the
language in Settings, else the system&apos;s (LANG, LC_MESSAGES)</source>
        <translation>窗口和消息使用 LANG 语言（zh_CN、en……）；默认：设置中的
语言，未设置则跟随系统（LANG、LC_MESSAGES）</translation>
    </message>
    <message>
        <source>this help; after a command, only what that command takes</source>
        <translation>显示本帮助；放在命令之后则只显示该命令的选项</translation>
    </message>
    <message>
        <source>the version</source>
        <translation>显示版本</translation>
    </message>
    <message>
        <source>the window (lockscope without a command)</source>
        <translation>窗口（不带命令的 lockscope）</translation>
    </message>
    <message>
        <source>the window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>lockscope [conn] [--screenshot FILE [--duration S]]   open the window (no conn: its own sandbox server)</source>
        <translation>lockscope [conn] [--screenshot FILE [--duration S]]   打开窗口（不带 conn 时使用自带的沙箱服务器）</translation>
    </message>
    <message>
        <source>lockscope --scenario NAME [--variant V] [--screenshot FILE [--duration S]]
                                      open the window on a running training scenario</source>
        <translation>lockscope --scenario NAME [--variant V] [--screenshot FILE [--duration S]]
                                      打开窗口并运行一个培训场景</translation>
    </message>
    <message>
        <source>lockscope scan    [conn] [--pattern P]... [--json]</source>
        <translation>lockscope scan    [conn] [--pattern P]... [--json]</translation>
    </message>
    <message>
        <source>lockscope scan    --redlock URL,URL,... [--drift-factor F] [--pattern P]... [--json]</source>
        <translation>lockscope scan    --redlock URL,URL,... [--drift-factor F] [--pattern P]... [--json]</translation>
    </message>
    <message>
        <source>lockscope watch   [conn] [--pattern P]... [--interval MS] [--rescan MS] [--budget PCT] [--duration S]
                  [--events] [--json] [--enable-notifications]</source>
        <translation>lockscope watch   [conn] [--pattern P]... [--interval MS] [--rescan MS] [--budget PCT] [--duration S]
                  [--events] [--json] [--enable-notifications]</translation>
    </message>
    <message>
        <source>lockscope acquire [conn] KEY --ttl MS [--token T] [--dialect ID]</source>
        <translation>lockscope acquire [conn] KEY --ttl MS [--token T] [--dialect ID]</translation>
    </message>
    <message>
        <source>lockscope extend  [conn] KEY --token T --ttl MS</source>
        <translation>lockscope extend  [conn] KEY --token T --ttl MS</translation>
    </message>
    <message>
        <source>lockscope release [conn] KEY (--token T | --observed)</source>
        <translation>lockscope release [conn] KEY (--token T | --observed)</translation>
    </message>
    <message>
        <source>lockscope demo    [--scenario NAME] [--variant broken|fixed] [--workers N] [--duration S] [--seed N] [--json]</source>
        <translation>lockscope demo    [--scenario NAME] [--variant broken|fixed] [--workers N] [--duration S] [--seed N] [--json]</translation>
    </message>
    <message>
        <source>lockscope demo    --list                 the training scenarios, one line each</source>
        <translation>lockscope demo    --list                 列出培训场景，每个一行</translation>
    </message>
    <message>
        <source>lockscope dialects [--profile F] [--json]  the lock layouts LockScope reads, and what it can do to each</source>
        <translation>lockscope dialects [--profile F] [--json]  LockScope 能识别的锁布局，以及能对每种执行哪些操作</translation>
    </message>
    <message>
        <source>%1 day</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 hour</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 hours</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 minute</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 minutes</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 wants %2, not &apos;%3&apos;</source>
        <translation>%1 需要%2，而不是“%3”</translation>
    </message>
    <message>
        <source>%1 wants seconds, or a duration with a unit (90, 1.5, 500ms, 5m, 2h), not &apos;%2&apos;</source>
        <translation>%1 需要秒数，或带单位的时长（90、1.5、500ms、5m、2h），而不是“%2”</translation>
    </message>
    <message>
        <source>%1 wants whole milliseconds, or a duration with a unit (1500ms, 1.5s, 30s, 5m, 2h, 1d), not &apos;%2&apos;</source>
        <translation>%1 需要整数毫秒，或带单位的时长（1500ms、1.5s、30s、5m、2h、1d），而不是“%2”</translation>
    </message>
    <message>
        <source>%1 wants at least %2, not &apos;%3&apos;</source>
        <translation>%1 至少为 %2，而不是“%3”</translation>
    </message>
    <message>
        <source>%1 wants at most %2, not &apos;%3&apos;</source>
        <translation>%1 最多为 %2，而不是“%3”</translation>
    </message>
    <message>
        <source>a master behind Sentinel is not a Redis Cluster: give --sentinel or -c/--node, not both</source>
        <translation>哨兵背后的主节点不是 Redis 集群：--sentinel 与 -c/--node 只能二选一</translation>
    </message>
    <message>
        <source>%1 is for Sentinel: add --sentinel HOST:PORT, or use a redis+sentinel:// URL</source>
        <translation>%1 用于哨兵：请加上 --sentinel HOST:PORT，或使用 redis+sentinel:// URL</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: %3</source>
        <translation>%1 “%2”：%3</translation>
    </message>
    <message>
        <source>--sentinel needs --master NAME, the master the sentinels monitor</source>
        <translation>--sentinel 需要 --master NAME，即哨兵所监控的主节点</translation>
    </message>
    <message>
        <source>-s names a Unix socket in place of -h and -p: give one or the other</source>
        <translation>-s 指定 Unix 套接字，用来代替 -h 和 -p：两者只能给一种</translation>
    </message>
    <message>
        <source>a port number from 1 to 65535</source>
        <translation>1 至 65535 之间的端口号</translation>
    </message>
    <message>
        <source>-s wants the path of a Unix socket</source>
        <translation>-s 需要 Unix 套接字的路径</translation>
    </message>
    <message>
        <source>a database number of 0 or more</source>
        <translation>不小于 0 的数据库编号</translation>
    </message>
    <message>
        <source>a database number of at most %1</source>
        <translation>不大于 %1 的数据库编号</translation>
    </message>
    <message>
        <source>%1 is for TLS: add --tls, or use a rediss:// URL</source>
        <translation>%1 用于 TLS：请加上 --tls，或使用 rediss:// URL</translation>
    </message>
    <message>
        <source>give --cacert or --cacertdir, not both</source>
        <translation>--cacert 与 --cacertdir 只能二选一</translation>
    </message>
    <message>
        <source>--cert needs --key, the private key of that certificate</source>
        <translation>--cert 需要 --key，即该证书的私钥</translation>
    </message>
    <message>
        <source>--key needs --cert, the certificate it belongs to</source>
        <translation>--key 需要 --cert，即它所属的证书</translation>
    </message>
    <message>
        <source>--ssh: %1</source>
        <translation>--ssh：%1</translation>
    </message>
    <message>
        <source>%1 is for an SSH tunnel: add --ssh USER@HOST[:PORT]</source>
        <translation>%1 用于 SSH 隧道：请加上 --ssh USER@HOST[:PORT]</translation>
    </message>
    <message>
        <source>a Unix socket is on this machine: -s does not go through --ssh</source>
        <translation>Unix 套接字在本机上：-s 不能经由 --ssh</translation>
    </message>
    <message>
        <source>Redis serves no TLS on a Unix socket: -s does not go with --tls or rediss://</source>
        <translation>Redis 不在 Unix 套接字上提供 TLS：-s 不能与 --tls 或 rediss:// 同用</translation>
    </message>
    <message>
        <source>--drift-factor wants a fraction of the TTL from 0 to 0.999999 (0.01 is 1 %), not &apos;%1&apos;</source>
        <translation>--drift-factor 需要 0 至 0.999999 之间的 TTL 比例（0.01 即 1%），而不是“%1”</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>未知命令“%1”</translation>
    </message>
    <message>
        <source>%1 is not an option of %2%3; it is for %4</source>
        <translation>%1 不是 %2 的选项%3；它用于 %4</translation>
    </message>
    <message>
        <source>, which takes no connection options</source>
        <translation>（该命令不接受连接选项）</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>多余的参数“%1”</translation>
    </message>
    <message>
        <source>%1 needs a KEY</source>
        <translation>%1 需要一个 KEY</translation>
    </message>
    <message>
        <source>the KEY &apos;%1&apos;: %2</source>
        <translation>KEY “%1”：%2</translation>
    </message>
    <message>
        <source>the KEY is empty</source>
        <translation>KEY 为空</translation>
    </message>
    <message>
        <source>--sandbox starts its own server; it does not combine with connection options</source>
        <translation>--sandbox 会启动自己的服务器，不能与连接选项同用</translation>
    </message>
    <message>
        <source>--no-default-patterns needs at least one --pattern or --profile</source>
        <translation>--no-default-patterns 至少需要一个 --pattern 或 --profile</translation>
    </message>
    <message>
        <source>--lang wants a language such as zh_CN or en, not &apos;%1&apos;</source>
        <translation>--lang 需要 zh_CN、en 这样的语言，而不是“%1”</translation>
    </message>
    <message>
        <source>--screenshot-of takes window or connections, not &quot;%1&quot;</source>
        <translation>--screenshot-of 只接受 window 或 connections，而不是“%1”</translation>
    </message>
    <message>
        <source>--screenshot-of needs --screenshot FILE</source>
        <translation>--screenshot-of 需要 --screenshot FILE</translation>
    </message>
    <message>
        <source>--token: %1</source>
        <translation>--token：%1</translation>
    </message>
    <message>
        <source>--token is empty</source>
        <translation>--token 为空</translation>
    </message>
    <message>
        <source>--budget wants a share of one server core from 0.1 to 50 (percent), not &apos;%1&apos;</source>
        <translation>--budget 需要 0.1 至 50 之间的服务器单核占用百分比，而不是“%1”</translation>
    </message>
    <message>
        <source>a number from 1 to 1000</source>
        <translation>1 至 1000 之间的数</translation>
    </message>
    <message>
        <source>a number from 0 to 4294967295</source>
        <translation>0 至 4294967295 之间的数</translation>
    </message>
    <message>
        <source>--variant needs --scenario, the scenario to run</source>
        <translation>--variant 需要 --scenario，即要运行的场景</translation>
    </message>
    <message>
        <source>--duration with the window needs --screenshot: it is how long to run before the picture</source>
        <translation>窗口模式下的 --duration 需要 --screenshot：它表示截图前运行多久</translation>
    </message>
    <message>
        <source>acquire needs --ttl MS (a lock without expiry is the classic stuck lock)</source>
        <translation>acquire 需要 --ttl MS（不设过期时间的锁就是典型的死锁隐患）</translation>
    </message>
    <message>
        <source>extend needs --token T and --ttl MS</source>
        <translation>extend 需要 --token T 和 --ttl MS</translation>
    </message>
    <message>
        <source>release needs exactly one of --token T or --observed</source>
        <translation>release 需要且只需要 --token T 或 --observed 之一</translation>
    </message>
    <message>
        <source>with the saved connection &quot;%1&quot;: %2</source>
        <translation>对于已保存的连接“%1”：%2</translation>
    </message>
    <message>
        <source>Warning: Using a password with &apos;-a&apos; or &apos;-u&apos; option on the command line interface may not be safe.</source>
        <translation>警告：在命令行中用 &apos;-a&apos; 或 &apos;-u&apos; 选项给出密码可能不安全。</translation>
    </message>
    <message>
        <source>LockScope — monitor and admin console for Redis distributed locks

Usage:
</source>
        <translation>LockScope —— Redis 分布式锁的监控与管理控制台

用法：
</translation>
    </message>
    <message>
        <source>
Connection [conn], as redis-cli takes it (default 127.0.0.1:6379):
</source>
        <translation>
连接选项 [conn]，与 redis-cli 的写法相同（默认 127.0.0.1:6379）：
</translation>
    </message>
    <message>
        <source>
Options:
</source>
        <translation>
选项：
</translation>
    </message>
    <message>
        <source>
An option not listed here is a usage error for %1; lockscope --help lists them all.
</source>
        <translation>
未在此列出的选项用于 %1 时属于用法错误；lockscope --help 列出全部选项。
</translation>
    </message>
    <message>
        <source>
Exit codes: 0 done, 1 refused (not owner, not held, read-only), 2 usage error,
            3 connection or authentication error, or an admin action whose answer never
            came (it may have run: the message says how to look).
</source>
        <translation>
退出码：0 完成；1 被拒绝（不是持有者、锁未被持有、只读）；2 用法错误；
        3 连接或认证错误，或管理操作一直没有收到应答
        （它可能已经执行：消息中会说明如何查看）。
</translation>
    </message>
    <message>
        <source>Every admin action is appended to the audit log in the user&apos;s data directory.
</source>
        <translation>每次管理操作都会追加记录到用户数据目录下的审计日志中。
</translation>
    </message>
    <message>
        <source>cluster: another node to try when the first cannot be reached (HOST:PORT);
a Redlock group: one of its servers (a redis:// or rediss:// URL), as
--redlock takes them; repeatable</source>
        <translation>集群：第一个节点连不上时改试的其他节点（HOST:PORT）；
红锁组：组内的一台服务器（redis:// 或 rediss:// URL，
写法同 --redlock）；可重复</translation>
    </message>
    <message>
        <source>a Redlock group: independent servers that each hold the same lock,
each a redis:// or rediss:// URL (at least 2, comma-separated or
repeated); each lock is read as one quorum across them (scan, watch,
the window&apos;s group view), or acquired, extended and released on all
of them at once</source>
        <translation>一组红锁（Redlock）节点：各自独立、各持一份同一把锁的服务器，
每个写成 redis:// 或 rediss:// URL（至少 2 个，用逗号分隔
或重复给出）；每把锁按这组节点的多数派整体读取（scan、watch、
窗口的红锁组视图），或在所有节点上同时获取、续期和释放</translation>
    </message>
    <message>
        <source>with --redlock: attempts after the first when no majority was had
(0 to 1000; default 10, as node-redlock)</source>
        <translation>配合 --redlock：未获得多数派时，首次之后再尝试的次数
（0 至 1000；默认 10，与 node-redlock 相同）</translation>
    </message>
    <message>
        <source>with --redlock: the wait between attempts, plus a random jitter of up
to 200 ms (default 200; at most 1 minute)</source>
        <translation>配合 --redlock：两次尝试之间的等待时间，另加最多
200 ms 的随机抖动（默认 200；最长 1 分钟）</translation>
    </message>
    <message>
        <source>lockscope acquire --redlock URL,URL,... KEY --ttl MS [--token T] [--retry-count N] [--retry-delay MS]</source>
        <translation>lockscope acquire --redlock URL,URL,... KEY --ttl MS [--token T] [--retry-count N] [--retry-delay MS]</translation>
    </message>
    <message>
        <source>lockscope extend  --redlock URL,URL,... KEY --token T --ttl MS</source>
        <translation>lockscope extend  --redlock URL,URL,... KEY --token T --ttl MS</translation>
    </message>
    <message>
        <source>lockscope release --redlock URL,URL,... KEY (--token T | --observed)</source>
        <translation>lockscope release --redlock URL,URL,... KEY (--token T | --observed)</translation>
    </message>
    <message>
        <source>--node takes HOST:PORT for a cluster or redis:// URLs for a Redlock group, not both: &apos;%1&apos; is not a URL</source>
        <translation>--node 对集群写 HOST:PORT，对红锁组写 redis:// URL，二者不能混用：“%1”不是 URL</translation>
    </message>
    <message>
        <source>give the Redlock group&apos;s servers with --redlock or with --node URL, not both</source>
        <translation>红锁组的服务器请用 --redlock 或 --node URL 给出，二者只能选其一</translation>
    </message>
    <message>
        <source>--node URL names a server of a Redlock group, which is for %1; a cluster&apos;s nodes are HOST:PORT</source>
        <translation>--node URL 指定的是红锁组的服务器，仅用于 %1；集群节点的写法是 HOST:PORT</translation>
    </message>
    <message>
        <source>%1 names each node by its own URL: %2 does not go with it</source>
        <translation>%1 用各自的 URL 指定每个节点：%2 不能与它同用</translation>
    </message>
    <message>
        <source>%1 wants redis:// or rediss:// URLs, one per node, not &apos;%2&apos;</source>
        <translation>%1 需要 redis:// 或 rediss:// URL，每个节点一个，而不是“%2”</translation>
    </message>
    <message>
        <source>%1 names %2 twice: each node of a group is a server of its own</source>
        <translation>%1 两次给出了 %2：组内每个节点都必须是独立的服务器</translation>
    </message>
    <message>
        <source>%1 wants the URLs of at least 2 servers (a Redlock group usually has 5)</source>
        <translation>%1 至少需要 2 台服务器的 URL（红锁组通常有 5 个节点）</translation>
    </message>
    <message>
        <source>%1 is for the watch of one deployment: a Redlock group reads its known locks every --interval and looks for new ones every --rescan</source>
        <translation>%1 用于监视单个部署：红锁组每隔 --interval 读取已知的锁，每隔 --rescan 查找新锁</translation>
    </message>
    <message>
        <source>a number of retries from 0 to 1000</source>
        <translation>0 至 1000 之间的重试次数</translation>
    </message>
    <message>
        <source>lockscope watch   --redlock URL,URL,... [--drift-factor F] [--pattern P]... [--interval MS] [--rescan MS] [--duration S]
                  [--events] [--json]</source>
        <translation>lockscope watch   --redlock URL,URL,... [--drift-factor F] [--pattern P]... [--interval MS] [--rescan MS] [--duration S]
                  [--events] [--json]</translation>
    </message>
    <message>
        <source>a saved Redlock group (the window&apos;s Redlock groups… dialog saves them):
its nodes are saved connections, each reached its own way (Unix
socket, SSH tunnel), its secrets from the keychain</source>
        <translation>已保存的红锁组（由窗口的“红锁组…”对话框保存）：其节点都是
已保存的连接，各按自己的方式连接（Unix 套接字、SSH 隧道），
机密取自密钥环</translation>
    </message>
    <message>
        <source>give a Redlock group by --group NAME or by its URLs (--redlock, --node), not both</source>
        <translation>红锁组请用 --group NAME 或其 URL（--redlock、--node）给出，二者只能选其一</translation>
    </message>
    <message>
        <source>%1 is for a Redlock group: add --redlock URL,URL,... or --group NAME</source>
        <translation>%1 用于红锁组：请加上 --redlock URL,URL,... 或 --group NAME</translation>
    </message>
    <message>
        <source>--group takes its nodes from their saved connections: %1 does not go with it</source>
        <translation>--group 的节点取自各自已保存的连接：%1 不能与它同用</translation>
    </message>
    <message numerus="yes">
        <source>the saved Redlock group &quot;%1&quot; has %n node(s); a group needs at least 2</source>
        <translation>
            <numerusform>已保存的红锁组“%1”只有 %n 个节点；一个组至少需要 2 个</numerusform>
        </translation>
    </message>
    <message>
        <source>--group wants the NAME of one saved Redlock group</source>
        <translation>--group 需要一个已保存红锁组的名称（NAME）</translation>
    </message>
    <message>
        <source>the saved Redlock group &quot;%1&quot; names %2, a Sentinel connection: each node of a group is a server of its own</source>
        <translation>已保存的红锁组“%1”包含 %2，这是一个 Sentinel 连接：组内每个节点都必须是一台独立的服务器</translation>
    </message>
    <message>
        <source>behind Sentinel the sentinels say where the master is: %1 does not go with --sentinel (or a redis+sentinel:// URL)</source>
        <translation>在哨兵后面由哨兵告诉主节点在哪里：%1 不能与 --sentinel（或 redis+sentinel:// URL）一起使用</translation>
    </message>
    <message>
        <source>%1 has an empty entry (&apos;%2&apos;): one URL per node, comma-separated</source>
        <translation>%1 有一个空条目（&apos;%2&apos;）：每个节点一个 URL，用逗号分隔</translation>
    </message>
    <message>
        <source>behind Sentinel the sentinels say where the master is: %1 with a redis:// URL does not go with --sentinel (give the master&apos;s password with -a)</source>
        <translation>在哨兵后面由哨兵告诉主节点在哪里：带 redis:// URL 的 %1 不能与 --sentinel 一起使用（主节点的密码请用 -a 提供）</translation>
    </message>
    <message>
        <source>a lock token; binary bytes as \xNN and a backslash as \\, as redis-cli
and scan print them (KEY is read so too)</source>
        <translation>锁令牌；二进制字节写作 \xNN，反斜杠写作 \\，与 redis-cli
和 scan 的打印方式相同（KEY 也这样读取）</translation>
    </message>
    <message>
        <source>-h takes a host only (&apos;%1&apos;): give the port with -p, or the whole address as -u redis://%1</source>
        <translation>-h 只接受主机名（“%1”）：端口请用 -p 给出，或者用 -u redis://%1 给出完整地址</translation>
    </message>
    <message>
        <source>KEY is read with its escapes even where a key named by its literal
text exists too (refused without it, as one cannot tell which was meant)</source>
        <translation>即使名字为字面文本的键也存在，KEY 仍按转义读取
（不加此项时会拒绝，因为无法判断指的是哪一个）</translation>
    </message>
    <message>
        <source>SSH: log in with this private key (default: the agent, ~/.ssh/id_*);
its passphrase, if any, from LOCKSCOPE_SSH_PASSPHRASE</source>
        <translation>SSH：用此私钥登录（默认：agent、~/.ssh/id_*）；
若有口令，取自 LOCKSCOPE_SSH_PASSPHRASE</translation>
    </message>
    <message>
        <source>-h takes a host only (&apos;%1&apos; is no IPv6 address): give the port with -p</source>
        <translation>-h 只接受主机（&apos;%1&apos; 不是 IPv6 地址）：端口请用 -p 给出</translation>
    </message>
    <message>
        <source>-h wants a host name or address</source>
        <translation>-h 需要主机名或地址</translation>
    </message>
</context>
<context>
    <name>ClusterSlotMap</name>
    <message>
        <source>its endpoint is not a string</source>
        <translation>它的端点不是字符串</translation>
    </message>
    <message>
        <source>it has no usable endpoint (&quot;?&quot; and no IP)</source>
        <translation>它没有可用的端点（“?”且没有 IP）</translation>
    </message>
    <message>
        <source>it is not a map</source>
        <translation>它不是映射</translation>
    </message>
    <message>
        <source>it has no id</source>
        <translation>它没有 id</translation>
    </message>
    <message>
        <source>it has neither port nor tls-port</source>
        <translation>它既没有 port 也没有 tls-port</translation>
    </message>
    <message>
        <source>its port is not a port number</source>
        <translation>它的 port 不是端口号</translation>
    </message>
    <message>
        <source>its tls-port is not a port number</source>
        <translation>它的 tls-port 不是端口号</translation>
    </message>
    <message>
        <source>it has no role</source>
        <translation>它没有角色</translation>
    </message>
    <message>
        <source>its role &quot;%1&quot; is neither master nor replica</source>
        <translation>它的角色“%1”既不是 master 也不是 replica</translation>
    </message>
    <message>
        <source>it is not an [endpoint, port, ...] array</source>
        <translation>它不是 [endpoint, port, ...] 数组</translation>
    </message>
    <message>
        <source>its id is not a string</source>
        <translation>它的 id 不是字符串</translation>
    </message>
    <message>
        <source>its metadata is not a map</source>
        <translation>它的元数据不是映射</translation>
    </message>
    <message>
        <source>slot range %1-%2 is not within 0-%3</source>
        <translation>槽位范围 %1-%2 不在 0-%3 之内</translation>
    </message>
    <message>
        <source>slot %1 is claimed by both %2 and %3</source>
        <translation>槽位 %1 同时被 %2 和 %3 认领</translation>
    </message>
    <message>
        <source>the reply is not an array</source>
        <translation>应答不是数组</translation>
    </message>
    <message>
        <source>shard %1: </source>
        <translation>分片 %1：</translation>
    </message>
    <message>
        <source>not a map</source>
        <translation>不是映射</translation>
    </message>
    <message>
        <source>no slots list of start, end pairs</source>
        <translation>没有由起止对组成的 slots 列表</translation>
    </message>
    <message>
        <source>no nodes list</source>
        <translation>没有 nodes 列表</translation>
    </message>
    <message>
        <source>a slot is not a number</source>
        <translation>某个槽位不是数字</translation>
    </message>
    <message>
        <source>node %1: </source>
        <translation>节点 %1：</translation>
    </message>
    <message>
        <source>node %1 is listed twice</source>
        <translation>节点 %1 出现了两次</translation>
    </message>
    <message>
        <source>%1 masters</source>
        <translation>%1 个主节点</translation>
    </message>
    <message>
        <source>slots but no master</source>
        <translation>有槽位却没有主节点</translation>
    </message>
    <message>
        <source>range %1: </source>
        <translation>范围 %1：</translation>
    </message>
    <message>
        <source>not [start, end, master, replicas...]</source>
        <translation>不是 [start, end, master, replicas...]</translation>
    </message>
    <message>
        <source>master: </source>
        <translation>主节点：</translation>
    </message>
    <message>
        <source>replica %1: </source>
        <translation>副本 %1：</translation>
    </message>
    <message>
        <source>cluster: no shards</source>
        <translation>集群：没有分片</translation>
    </message>
    <message>
        <source>%1 master</source>
        <translation>%1 个主节点</translation>
    </message>
    <message>
        <source>%1 replica</source>
        <translation>%1 个副本</translation>
    </message>
    <message>
        <source>%1 replicas</source>
        <translation>%1 个副本</translation>
    </message>
    <message>
        <source>%1 slot unassigned</source>
        <translation>%1 个槽位未分配</translation>
    </message>
    <message>
        <source>%1 slots unassigned</source>
        <translation>%1 个槽位未分配</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 个故障</translation>
    </message>
    <message>
        <source>cluster: %1</source>
        <translation>集群：%1</translation>
    </message>
</context>
<context>
    <name>ConnectionBand</name>
    <message>
        <source>&lt;b&gt;PRODUCTION&lt;/b&gt; &amp;nbsp;·&amp;nbsp; &lt;b&gt;%1&lt;/b&gt; &amp;nbsp;·&amp;nbsp; %2 &amp;nbsp;·&amp;nbsp; %3</source>
        <translation>&lt;b&gt;生产环境&lt;/b&gt; &amp;nbsp;·&amp;nbsp; &lt;b&gt;%1&lt;/b&gt; &amp;nbsp;·&amp;nbsp; %2 &amp;nbsp;·&amp;nbsp; %3</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>admin actions on: a force-release asks for the key name</source>
        <translation>管理操作已开启：强制释放需要输入键名</translation>
    </message>
</context>
<context>
    <name>ConnectionDialog</name>
    <message>
        <source>Do not verify the server certificate</source>
        <translation>不校验服务器证书</translation>
    </message>
    <message>
        <source>Read-only: refuse every admin action</source>
        <translation>只读：拒绝一切管理操作</translation>
    </message>
    <message>
        <source>Connect to Redis</source>
        <translation>连接 Redis</translation>
    </message>
    <message>
        <source>default</source>
        <translation>default</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
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
        <source>ACL user</source>
        <translation>ACL 用户</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>数据库</translation>
    </message>
    <message>
        <source>Connect timeout</source>
        <translation>连接超时</translation>
    </message>
    <message>
        <source>Use a sandbox server</source>
        <translation>使用沙箱服务器</translation>
    </message>
    <message>
        <source>Start a private redis-server with sample locks</source>
        <translation>启动一个带示例锁的私有 redis-server</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Red</source>
        <translation>红色</translation>
    </message>
    <message>
        <source>Orange</source>
        <translation>橙色</translation>
    </message>
    <message>
        <source>Yellow</source>
        <translation>黄色</translation>
    </message>
    <message>
        <source>Green</source>
        <translation>绿色</translation>
    </message>
    <message>
        <source>Teal</source>
        <translation>青色</translation>
    </message>
    <message>
        <source>Blue</source>
        <translation>蓝色</translation>
    </message>
    <message>
        <source>Purple</source>
        <translation>紫色</translation>
    </message>
    <message>
        <source>Grey</source>
        <translation>灰色</translation>
    </message>
    <message>
        <source>Connections</source>
        <translation>连接列表</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Save this connection; its passwords go to the system keychain</source>
        <translation>保存此连接；其密码存入系统密钥环</translation>
    </message>
    <message>
        <source>Passwords typed here are used for this connection only and never saved.</source>
        <translation>在此输入的密码只用于本次连接，不会保存。</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Add connections from a JSON file exported by LockScope</source>
        <translation>从 LockScope 导出的 JSON 文件中添加连接</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Write the saved connections to a JSON file, without any password</source>
        <translation>将已保存的连接写入 JSON 文件，不含任何密码</translation>
    </message>
    <message>
        <source>Import connections</source>
        <translation>导入连接</translation>
    </message>
    <message>
        <source>LockScope connections (*.json)</source>
        <translation>LockScope 连接（*.json）</translation>
    </message>
    <message>
        <source>Export connections</source>
        <translation>导出连接</translation>
    </message>
    <message>
        <source>Paste a redis://, rediss:// or redis+sentinel:// URL to fill in the fields</source>
        <translation>粘贴 redis://、rediss:// 或 redis+sentinel:// URL 以填写各字段</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>prod-eu (what lockscope --connection takes)</source>
        <translation>prod-eu（即 lockscope --connection 所用的名称）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Other…</source>
        <translation>其他…</translation>
    </message>
    <message>
        <source>Production: a band across the window, and a force-release asks for the key name</source>
        <translation>生产环境：窗口上显示醒目横条，强制释放时需要输入键名</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>颜色</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>SSH tunnel</source>
        <translation>SSH 隧道</translation>
    </message>
    <message>
        <source>Standalone (or find out: a cluster node is watched as its cluster)</source>
        <translation>单机（也会自动识别：集群节点按其所在集群监视）</translation>
    </message>
    <message>
        <source>Redis Cluster, from seed nodes</source>
        <translation>Redis 集群，从种子节点发现</translation>
    </message>
    <message>
        <source>Sentinel: a master found through its sentinels</source>
        <translation>哨兵：通过哨兵找到主节点</translation>
    </message>
    <message>
        <source>host:port, one per line</source>
        <translation>host:port，每行一个</translation>
    </message>
    <message>
        <source>mymaster</source>
        <translation>mymaster</translation>
    </message>
    <message>
        <source>/run/redis/redis-server.sock (in place of host and port)</source>
        <translation>/run/redis/redis-server.sock（代替主机和端口）</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>More nodes</source>
        <translation>更多节点</translation>
    </message>
    <message>
        <source>Master name</source>
        <translation>主节点名称</translation>
    </message>
    <message>
        <source>Sentinel user</source>
        <translation>哨兵用户</translation>
    </message>
    <message>
        <source>Sentinel password</source>
        <translation>哨兵密码</translation>
    </message>
    <message>
        <source>Unix socket</source>
        <translation>Unix 套接字</translation>
    </message>
    <message>
        <source>Use TLS (as rediss:// does)</source>
        <translation>使用 TLS（同 rediss://）</translation>
    </message>
    <message>
        <source>the system&apos;s CA certificates</source>
        <translation>系统的 CA 证书</translation>
    </message>
    <message>
        <source>none (PEM)</source>
        <translation>无（PEM）</translation>
    </message>
    <message>
        <source>the certificate&apos;s private key (PEM)</source>
        <translation>证书的私钥（PEM）</translation>
    </message>
    <message>
        <source>the host (set it when the certificate names the server otherwise)</source>
        <translation>主机名（证书上的服务器名与主机不同时填写）</translation>
    </message>
    <message>
        <source>File…</source>
        <translation>文件…</translation>
    </message>
    <message>
        <source>Directory…</source>
        <translation>目录…</translation>
    </message>
    <message>
        <source>CA file or directory</source>
        <translation>CA 文件或目录</translation>
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
        <source>Key passphrase</source>
        <translation>私钥口令</translation>
    </message>
    <message>
        <source>Server name (SNI)</source>
        <translation>服务器名称（SNI）</translation>
    </message>
    <message>
        <source>Reach the server through an SSH tunnel</source>
        <translation>通过 SSH 隧道连接服务器</translation>
    </message>
    <message>
        <source>user@bastion.example.com:22</source>
        <translation>user@bastion.example.com:22</translation>
    </message>
    <message>
        <source>~/.ssh/id_ed25519 (empty: the agent and the default keys)</source>
        <translation>~/.ssh/id_ed25519（留空：使用 SSH 代理和默认密钥）</translation>
    </message>
    <message>
        <source>Use the SSH agent</source>
        <translation>使用 SSH 代理</translation>
    </message>
    <message>
        <source>Bastion</source>
        <translation>跳板机</translation>
    </message>
    <message>
        <source>Private key</source>
        <translation>私钥</translation>
    </message>
    <message>
        <source>SSH password</source>
        <translation>SSH 密码</translation>
    </message>
    <message>
        <source>Host and port on the Server page are as the bastion sees them. The bastion&apos;s host key is checked against ~/.ssh/known_hosts.</source>
        <translation>“服务器”页上的主机和端口是跳板机看到的地址。跳板机的主机密钥会与 ~/.ssh/known_hosts 核对。</translation>
    </message>
    <message>
        <source>Forget the saved %1</source>
        <translation>清除已保存的%1</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Give the host, or a Unix socket.</source>
        <translation>请填写主机，或 Unix 套接字。</translation>
    </message>
    <message>
        <source>A Sentinel connection needs the name of its master.</source>
        <translation>哨兵连接需要填写其主节点的名称。</translation>
    </message>
    <message>
        <source>More nodes: %1</source>
        <translation>更多节点：%1</translation>
    </message>
    <message>
        <source>SSH tunnel: %1</source>
        <translation>SSH 隧道：%1</translation>
    </message>
    <message>
        <source>TLS: a client certificate needs its key, and a key its certificate.</source>
        <translation>TLS：客户端证书需要配套私钥，私钥也需要配套证书。</translation>
    </message>
    <message>
        <source>A Unix socket is on this machine: it does not go through an SSH tunnel.</source>
        <translation>Unix 套接字在本机上，不经过 SSH 隧道。</translation>
    </message>
    <message>
        <source>More sentinels</source>
        <translation>更多哨兵</translation>
    </message>
    <message>
        <source>More seed nodes</source>
        <translation>更多种子节点</translation>
    </message>
    <message>
        <source>Sentinel</source>
        <translation>哨兵</translation>
    </message>
    <message>
        <source>Seed node</source>
        <translation>种子节点</translation>
    </message>
    <message>
        <source>saved in the keychain: type to replace</source>
        <translation>已存入密钥环：输入即可替换</translation>
    </message>
    <message>
        <source>Filled in from the URL.</source>
        <translation>已根据 URL 填写。</translation>
    </message>
    <message>
        <source>A new connection: name it, then Save. Saved connections start read-only.</source>
        <translation>新连接：先命名，再保存。已保存的连接默认只读。</translation>
    </message>
    <message>
        <source>Saved &quot;%1&quot;.</source>
        <translation>已保存“%1”。</translation>
    </message>
    <message>
        <source>%1 copy</source>
        <translation>%1 副本</translation>
    </message>
    <message>
        <source>Duplicated as &quot;%1&quot;; rename it and Save.</source>
        <translation>已复制为“%1”，请重命名后保存。</translation>
    </message>
    <message>
        <source>Delete connection</source>
        <translation>删除连接</translation>
    </message>
    <message>
        <source>Delete the saved connection &quot;%1&quot;? Its passwords leave the keychain too.</source>
        <translation>删除已保存的连接“%1”？其密码也会从密钥环中移除。</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Deleted &quot;%1&quot;, but its secrets could not all be removed from the keychain: %2</source>
        <translation>已删除“%1”，但其密钥未能全部从密钥环中移除：%2</translation>
    </message>
    <message>
        <source>Deleted &quot;%1&quot; and its secrets.</source>
        <translation>已删除“%1”及其密钥。</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n connection(s): %1. Files carry no passwords: type them here and Save, or LockScope asks when it connects.</source>
        <translation>
            <numerusform>已导入 %n 个连接：%1。文件中不含密码：请在此输入后保存，或在连接时由 LockScope 询问。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n connection(s) to %1, without passwords.</source>
        <translation>
            <numerusform>已将 %n 个连接导出到 %1，不含密码。</numerusform>
        </translation>
    </message>
    <message>
        <source>asked for when connecting (no keychain)</source>
        <translation>连接时询问（没有密钥环）</translation>
    </message>
    <message>
        <source>kept for this session only: type to replace</source>
        <translation>仅在本次会话中保留：输入即可替换</translation>
    </message>
    <message>
        <source>Redlock groups…</source>
        <translation>红锁组…</translation>
    </message>
    <message>
        <source>Lock groups: saved connections that are the independent nodes of one Redlock</source>
        <translation>红锁组：由已保存的连接组成，每个连接是同一红锁的一个独立节点</translation>
    </message>
</context>
<context>
    <name>ConnectionListModel</name>
    <message>
        <source>1 connection</source>
        <translation>1 个连接</translation>
    </message>
    <message>
        <source>%1 connections</source>
        <translation>%1 个连接</translation>
    </message>
    <message>
        <source>PRODUCTION · %1</source>
        <translation>生产环境 · %1</translation>
    </message>
    <message>
        <source>%1 — production: a force-release asks for the key name to be typed</source>
        <translation>%1 — 生产环境：强制释放时需要输入键名</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
</context>
<context>
    <name>ConnectionOpener</name>
    <message>
        <source>Not connected to %1: no password given</source>
        <translation>未连接到 %1：没有提供密码</translation>
    </message>
</context>
<context>
    <name>ConnectionStore</name>
    <message>
        <source>The settings file %1 is unreadable</source>
        <translation>设置文件 %1 无法读取</translation>
    </message>
    <message>
        <source>The saved connections in %1 are unreadable: %2</source>
        <translation>%1 中保存的连接无法读取：%2</translation>
    </message>
    <message>
        <source>there is no saved connection named &quot;%1&quot;: none is saved yet (the window&apos;s Connect dialog saves them, in %2)</source>
        <translation>没有名为“%1”的已保存连接：目前还没有保存任何连接（在窗口的“连接”对话框中保存，存放于 %2）</translation>
    </message>
    <message>
        <source>there is no saved connection named &quot;%1&quot;; saved: %2</source>
        <translation>没有名为“%1”的已保存连接；已保存的有：%2</translation>
    </message>
    <message>
        <source>Could not save the connections to %1</source>
        <translation>无法将连接保存到 %1</translation>
    </message>
    <message>
        <source>A saved connection needs a name</source>
        <translation>已保存的连接需要一个名称</translation>
    </message>
    <message>
        <source>Another saved connection is named &quot;%1&quot;</source>
        <translation>已有另一个已保存的连接名为“%1”</translation>
    </message>
    <message>
        <source>No keychain: %1. The %2 of &quot;%3&quot; is kept in memory only, until LockScope quits, and asked for when it connects after that.</source>
        <translation>没有密钥环：%1。“%3”的%2只保存在内存中，直到 LockScope 退出，之后连接时会再次询问。</translation>
    </message>
    <message>
        <source>Not saved: %1.</source>
        <translation>未保存：%1。</translation>
    </message>
    <message>
        <source>That connection is no longer saved</source>
        <translation>该连接已不再保存</translation>
    </message>
    <message>
        <source>No keychain: %1. Secrets are asked for and kept in memory only.</source>
        <translation>没有密钥环：%1。密钥会在需要时询问，只保存在内存中。</translation>
    </message>
    <message>
        <source>The keychain did not answer: %1.</source>
        <translation>密钥环没有响应：%1。</translation>
    </message>
    <message>
        <source>The %1 of &quot;%2&quot; is not in the keychain.</source>
        <translation>“%2”的%1不在密钥环中。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; would take the name of another saved connection</source>
        <translation>%1：“%2”会与另一个已保存连接重名</translation>
    </message>
    <message>
        <source>The saved Redlock groups in %1 are unreadable: %2</source>
        <translation>%1 中保存的红锁组无法读取：%2</translation>
    </message>
    <message>
        <source>A Redlock group needs a name</source>
        <translation>红锁组需要一个名称</translation>
    </message>
    <message>
        <source>A Redlock group needs at least 2 nodes (usually 5)</source>
        <translation>红锁组至少需要 2 个节点（通常为 5 个）</translation>
    </message>
    <message>
        <source>Each node of a Redlock group is a saved connection: save %1 first</source>
        <translation>红锁组的每个节点都是一个已保存的连接：请先保存 %1</translation>
    </message>
    <message>
        <source>%1 is twice in the group: its vote would count twice</source>
        <translation>%1 在组内出现了两次：它的票会被计两次</translation>
    </message>
    <message>
        <source>A Redlock group named %1 exists already</source>
        <translation>已有名为 %1 的红锁组</translation>
    </message>
    <message>
        <source>Could not save the Redlock groups to %1</source>
        <translation>无法将红锁组保存到 %1</translation>
    </message>
    <message>
        <source>%1 and %2 are the same server (%3): its vote would count twice</source>
        <translation>%1 和 %2 是同一台服务器（%3）：它的票会被计两次</translation>
    </message>
    <message>
        <source>%1 is a Sentinel connection: each node of a Redlock group is a server of its own</source>
        <translation>%1 是一个 Sentinel 连接：红锁组的每个节点都必须是一台独立的服务器</translation>
    </message>
    <message>
        <source>%1 is a node of the Redlock group %2: take it out of the group, or delete the group, first</source>
        <translation>%1 是红锁组 %2 的节点：请先把它从组中移除，或者删除该组</translation>
    </message>
</context>
<context>
    <name>DemoCommand</name>
    <message>
        <source>unknown variant &apos;%1&apos; (broken, fixed, or unlocked for oversell)</source>
        <translation>未知变体“%1”（可选 broken、fixed，oversell 另有 unlocked）</translation>
    </message>
    <message>
        <source>unknown scenario &apos;%1&apos; (lockscope demo --list shows them)</source>
        <translation>未知场景“%1”（lockscope demo --list 可列出全部场景）</translation>
    </message>
    <message>
        <source>scenario &apos;%1&apos; has no variant &apos;%2&apos; (it has: %3)</source>
        <translation>场景“%1”没有变体“%2”（它有：%3）</translation>
    </message>
    <message>
        <source>demo starts its own servers; it takes no connection options</source>
        <translation>demo 会启动自己的服务器，不接受连接选项</translation>
    </message>
    <message>
        <source>%1 (see lockscope --help)</source>
        <translation>%1（参见 lockscope --help）</translation>
    </message>
    <message>
        <source>demo: redis-server is not installed (on Debian: apt-get install redis-server)</source>
        <translation>demo：未安装 redis-server（Debian 上：apt-get install redis-server）</translation>
    </message>
    <message>
        <source>demo sandbox: %1</source>
        <translation>演示沙箱：%1</translation>
    </message>
    <message>
        <source>   …        further violations are counted, not listed
</source>
        <translation>   …        之后的违规只计数，不再逐条列出
</translation>
    </message>
</context>
<context>
    <name>DemoController</name>
    <message>
        <source>Showing the demo&apos;s server %1</source>
        <translation>正在显示演示服务器 %1</translation>
    </message>
</context>
<context>
    <name>DemoNodeTableModel</name>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>● up</source>
        <translation>● 运行中</translation>
    </message>
    <message>
        <source>● down</source>
        <translation>● 已停止</translation>
    </message>
    <message>
        <source>no expiry</source>
        <translation>永不过期</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>node %1 :%2</source>
        <translation>节点 %1 :%2</translation>
    </message>
    <message>
        <source>master</source>
        <translation>主节点</translation>
    </message>
    <message>
        <source>replica</source>
        <translation>副本</translation>
    </message>
</context>
<context>
    <name>DemoPanel</name>
    <message>
        <source>Simulated workers, each with its own connection</source>
        <translation>模拟的工作者，每个都有自己的连接</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source>The lock&apos;s TTL for the next acquisitions and renewals</source>
        <translation>之后加锁与续期使用的 TTL</translation>
    </message>
    <message>
        <source>How long an injected stall lasts (a GC pause, slow I/O)</source>
        <translation>注入的停顿持续多久（GC 停顿、慢 I/O）</translation>
    </message>
    <message>
        <source>Inject the fault on schedule</source>
        <translation>按计划注入故障</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>工作者</translation>
    </message>
    <message>
        <source>Lock TTL</source>
        <translation>锁 TTL</translation>
    </message>
    <message>
        <source>Pause length</source>
        <translation>停顿时长</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Inject fault</source>
        <translation>注入故障</translation>
    </message>
    <message>
        <source>Arm the scenario&apos;s fault now: the next worker to reach it gets it</source>
        <translation>立即布置本场景的故障：下一个走到那一步的工作者会遇到它</translation>
    </message>
    <message>
        <source>Crash a worker</source>
        <translation>让工作者崩溃</translation>
    </message>
    <message>
        <source>Kill a worker like kill -9 (a holder if there is one): it releases nothing</source>
        <translation>像 kill -9 一样杀掉一个工作者（优先选持有者）：它不会释放任何锁</translation>
    </message>
    <message>
        <source>Workers inside the critical section</source>
        <translation>临界区内的工作者</translation>
    </message>
    <message>
        <source>workers</source>
        <translation>工作者</translation>
    </message>
    <message>
        <source>Violations per second</source>
        <translation>每秒违规次数</translation>
    </message>
    <message>
        <source>Lock traffic per second</source>
        <translation>每秒锁操作</translation>
    </message>
    <message>
        <source>Wait for the lock (ms)</source>
        <translation>等锁时间（毫秒）</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>Stop server</source>
        <translation>停止服务器</translation>
    </message>
    <message>
        <source>Shut the selected server down (SIGTERM)</source>
        <translation>关闭选中的服务器（SIGTERM）</translation>
    </message>
    <message>
        <source>Start server</source>
        <translation>启动服务器</translation>
    </message>
    <message>
        <source>Start the selected server again, on its port and empty</source>
        <translation>在原端口重新启动选中的服务器（数据为空）</translation>
    </message>
    <message>
        <source>Servers: who holds the lock on each</source>
        <translation>服务器：各节点上的锁由谁持有</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>发生了什么</translation>
    </message>
    <message>
        <source>Could not start the sandbox: %1</source>
        <translation>无法启动沙箱：%1</translation>
    </message>
    <message>
        <source>inside</source>
        <translation>临界区内</translation>
    </message>
    <message>
        <source>stock left</source>
        <translation>剩余库存</translation>
    </message>
    <message>
        <source>violations</source>
        <translation>违规</translation>
    </message>
    <message>
        <source>acquired</source>
        <translation>已加锁</translation>
    </message>
    <message>
        <source>gave up</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>attempts</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>wait</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:gray&apos;&gt;Pick a scenario and press Start. Each run starts its own redis-server(s); they stop when the run is replaced or LockScope closes.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:gray&apos;&gt;选择一个场景并点击“开始”。每次运行都会启动自己的 redis-server；运行被替换或 LockScope 关闭时它们会停止。&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;font-size:large; %1&apos;&gt;&lt;b&gt;%2&lt;/b&gt; violation(s)&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;font-size:large; %1&apos;&gt;&lt;b&gt;%2&lt;/b&gt; 次违规&lt;/span&gt;</translation>
    </message>
    <message>
        <source> &amp;nbsp; oversold &lt;b&gt;%1&lt;/b&gt;</source>
        <translation> &amp;nbsp; 超卖 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;acquired %1 &amp;nbsp; gave up %2 &amp;nbsp; attempts %3 &amp;nbsp; crashes %4</source>
        <translation>&lt;br&gt;加锁成功 %1 &amp;nbsp; 放弃 %2 &amp;nbsp; 尝试 %3 &amp;nbsp; 崩溃 %4</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>&lt;br&gt;wait p50 %1 &amp;nbsp; p99 %2 &amp;nbsp; %3 s</source>
        <translation>&lt;br&gt;等待 p50 %1 &amp;nbsp; p99 %2 &amp;nbsp; 已运行 %3 秒</translation>
    </message>
    <message>
        <source>The servers as a Redlock group, as an operator sees one</source>
        <translation>这些服务器组成的红锁组（运维视角）</translation>
    </message>
    <message>
        <source>Demo servers</source>
        <translation>演示服务器</translation>
    </message>
    <message>
        <source>workers · stock</source>
        <translation>工作者 · 库存</translation>
    </message>
    <message>
        <source>acquired · gave up</source>
        <translation>获得 · 放弃</translation>
    </message>
</context>
<context>
    <name>DemoRecipe</name>
    <message>
        <source>no lock</source>
        <translation>不加锁</translation>
    </message>
    <message>
        <source> (no expiry)</source>
        <translation>（不设过期时间）</translation>
    </message>
    <message>
        <source>%1, then %2</source>
        <translation>%1，随后 %2</translation>
    </message>
    <message>
        <source> on %1 servers, quorum %2</source>
        <translation>，在 %1 台服务器上，多数派为 %2</translation>
    </message>
    <message>
        <source>acquire: %1</source>
        <translation>加锁：%1</translation>
    </message>
    <message>
        <source>re-enter: GET key == my token → go ahead</source>
        <translation>重入：GET key == 自己的令牌 → 直接进入</translation>
    </message>
    <message>
        <source>then: %1 before entering</source>
        <translation>随后：进入前先执行 %1</translation>
    </message>
    <message>
        <source>release: %1</source>
        <translation>释放：%1</translation>
    </message>
    <message>
        <source>release: Lua compare-and-delete</source>
        <translation>释放：Lua 脚本比较令牌后删除</translation>
    </message>
    <message>
        <source>release: Lua HINCRBY -1, DEL at 0</source>
        <translation>释放：Lua HINCRBY -1，计数归零时 DEL</translation>
    </message>
    <message>
        <source>watchdog: extend every %1 ms</source>
        <translation>看门狗：每 %1 ms 续期一次</translation>
    </message>
    <message>
        <source>no watchdog</source>
        <translation>没有看门狗</translation>
    </message>
    <message>
        <source>resource: rejects lower fencing tokens</source>
        <translation>资源：拒绝更小的栅栏令牌</translation>
    </message>
    <message>
        <source>resource: accepts every write</source>
        <translation>资源：接受所有写入</translation>
    </message>
    <message>
        <source>retry: %1</source>
        <translation>重试：%1</translation>
    </message>
</context>
<context>
    <name>DemoRedlockReading</name>
    <message>
        <source>server stopped</source>
        <translation>服务器已停止</translation>
    </message>
    <message>
        <source>worker %1</source>
        <translation>工作者 %1</translation>
    </message>
</context>
<context>
    <name>DemoRun</name>
    <message>
        <source>node %1 is up (empty: no persistence)</source>
        <translation>节点 %1 已启动（数据为空：未开启持久化）</translation>
    </message>
    <message>
        <source>node %1 is down</source>
        <translation>节点 %1 已停止</translation>
    </message>
    <message>
        <source>could not prepare the demo keys: %1</source>
        <translation>无法准备演示用的键：%1</translation>
    </message>
    <message>
        <source>%1 / %2: %3 workers on %4</source>
        <translation>%1 / %2：%3 个工作者，服务器 %4</translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox server(s)</source>
        <translation>
            <numerusform>%n 个沙箱服务器</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 entered the critical section while %2 was inside</source>
        <translation>%2 还在临界区内时，%1 也进入了临界区</translation>
    </message>
    <message>
        <source>%1 entered the critical section while %2 were inside</source>
        <translation>%2 还在临界区内时，%1 也进入了临界区</translation>
    </message>
    <message>
        <source>%1 bought item %2 of %3: the stock is at %4</source>
        <translation>%1 买下了 %3 件中的第 %2 件：库存现为 %4</translation>
    </message>
    <message>
        <source>%1&apos;s stale write (fencing token %2) landed over a newer holder&apos;s work</source>
        <translation>%1 的过期写入（栅栏令牌 %2）覆盖了新持有者的工作</translation>
    </message>
    <message>
        <source>the replication link is held: what the master writes from now on does not reach the replica</source>
        <translation>复制链路已被卡住：从现在起主节点写入的内容不会到达副本</translation>
    </message>
    <message>
        <source>node 1 crashes and restarts empty while %1 holds the lock (no persistence: the lock is gone there)</source>
        <translation>%1 持有锁期间，节点 1 崩溃并以空数据重启（未开启持久化：该节点上的锁没了）</translation>
    </message>
    <message>
        <source>%1&apos;s lock is on the master only</source>
        <translation>%1 的锁只在主节点上</translation>
    </message>
    <message>
        <source>the master is failed over: the replica is promoted (REPLICAOF NO ONE)</source>
        <translation>主节点发生故障转移：副本被提升为主节点（REPLICAOF NO ONE）</translation>
    </message>
    <message>
        <source>node 2 stops: 4 of 5 up, a majority of 3 is still possible</source>
        <translation>节点 2 停止：5 个中 4 个在线，仍可达到 3 个的多数派</translation>
    </message>
    <message>
        <source>node 3 stops: 3 of 5 up, still a majority</source>
        <translation>节点 3 停止：5 个中 3 个在线，仍是多数派</translation>
    </message>
    <message>
        <source>node 4 stops: 2 of 5 up, no majority: every acquisition fails</source>
        <translation>节点 4 停止：5 个中仅 2 个在线，达不到多数派：所有加锁都会失败</translation>
    </message>
    <message>
        <source>nodes 2, 3 and 4 return one TTL later (delayed restart): work resumes</source>
        <translation>节点 2、3、4 在一个 TTL 之后回来（延迟重启）：工作恢复</translation>
    </message>
    <message>
        <source>failover done: node %1 is the master and the clients reconnect to it; what the old master had not replicated is lost</source>
        <translation>故障转移完成：节点 %1 成为主节点，客户端重新连接到它；旧主节点尚未复制的数据丢失了</translation>
    </message>
    <message numerus="yes">
        <source>the lock is stuck: nobody could enter for %1 ms while %n worker(s) waited</source>
        <translation>
            <numerusform>锁被卡死：%n 个工作者等待期间，%1 毫秒内没有人能进入</numerusform>
        </translation>
    </message>
    <message>
        <source>VIOLATION: %1</source>
        <translation>违规：%1</translation>
    </message>
    <message>
        <source>the sale is over: %1 sold of %2</source>
        <translation>抢购结束：%2 件中卖出 %1 件</translation>
    </message>
    <message>
        <source>stopped after %1 s: %2 violation(s)</source>
        <translation>%1 秒后停止：%2 次违规</translation>
    </message>
    <message>
        <source>%1 is killed (kill -9)</source>
        <translation>%1 被杀掉（kill -9）</translation>
    </message>
</context>
<context>
    <name>DemoSandbox</name>
    <message>
        <source>server %1: %2</source>
        <translation>服务器 %1：%2</translation>
    </message>
    <message>
        <source>could not listen for the replication link</source>
        <translation>无法为复制链路监听端口</translation>
    </message>
    <message>
        <source>REPLICAOF failed: %1</source>
        <translation>REPLICAOF 失败：%1</translation>
    </message>
    <message>
        <source>the replica did not finish its first sync within %1 s</source>
        <translation>副本未在 %1 秒内完成首次同步</translation>
    </message>
    <message>
        <source>waiting for the replica&apos;s first sync failed: %1</source>
        <translation>等待副本首次同步失败：%1</translation>
    </message>
    <message>
        <source>promoting the replica failed: %1</source>
        <translation>提升副本失败：%1</translation>
    </message>
</context>
<context>
    <name>DemoScenario</name>
    <message>
        <source>The safe pattern</source>
        <translation>安全的模式</translation>
    </message>
    <message>
        <source>SET NX PX with a unique token, Lua compare-and-delete release, watchdog every ttl/3: zero violations</source>
        <translation>SET NX PX 加唯一令牌，Lua 比较后删除的释放，看门狗每 ttl/3 续期一次：零违规</translation>
    </message>
    <message>
        <source>The reference pattern that every other scenario breaks one piece of. Acquire with one atomic SET key token NX PX ttl, where the token is unique to this holder; release with a Lua script that deletes the key only while it still holds that token; and while the job runs, a watchdog extends the TTL every ttl/3, so a slow job keeps its lock and a crashed one loses it within one TTL.</source>
        <translation>这是参照模式，其余每个场景都会破坏它的某一环。用一条原子命令 SET key token NX PX ttl 加锁，令牌对每个持有者唯一；释放时用 Lua 脚本，只有键仍然是自己的令牌才删除；任务运行期间，看门狗每 ttl/3 续期一次 TTL，这样慢任务能一直持有锁，崩溃的任务在一个 TTL 之内就会失去锁。</translation>
    </message>
    <message>
        <source>No lock at all: every worker walks straight into the critical section, and the occupancy chart climbs above 1 at once. This is the race a lock exists to stop.</source>
        <translation>完全不加锁：每个工作者都直接进入临界区，占用曲线立刻超过 1。这正是锁要阻止的竞态。</translation>
    </message>
    <message>
        <source>The full pattern. Every few seconds one holder stalls for %pause% ms, longer than its %ttl% ms TTL; its watchdog keeps extending the lock, so nobody else gets in and occupancy never exceeds 1.</source>
        <translation>完整的模式。每隔几秒就有一个持有者停顿 %pause% 毫秒，比它 %ttl% 毫秒的 TTL 还长；它的看门狗不断为锁续期，所以别人进不来，占用始终不超过 1。</translation>
    </message>
    <message>
        <source>Crash with no expiry</source>
        <translation>没有过期时间时崩溃</translation>
    </message>
    <message>
        <source>a holder crashes while holding a lock with no TTL: stuck forever; fixed by a TTL</source>
        <translation>持有无 TTL 锁的进程崩溃：锁永远卡死；加上 TTL 即可修复</translation>
    </message>
    <message>
        <source>A lock taken with SET key token NX and no expiry lives until somebody deletes it. When its holder crashes (kill -9, out of memory, a container rescheduled) nobody ever will, and every other worker waits forever. Several libraries default to no TTL. A TTL bounds the damage: a crashed holder&apos;s lock is gone within one TTL, and its watchdog, which died with it, no longer extends it.</source>
        <translation>用 SET key token NX 加锁且不设过期时间，锁会一直存在，直到有人删除它。持有者一旦崩溃（kill -9、内存耗尽、容器被重新调度），就再也没人会删，其他工作者将永远等下去。好几个库默认不设 TTL。TTL 能限制损失：崩溃持有者的锁在一个 TTL 之内消失，而随它一起死掉的看门狗也不会再续期。</translation>
    </message>
    <message>
        <source>SET NX without PX. A holder crashes inside the critical section; its lock stays for good, the others wait and give up, and after %stuck% ms of a section that nobody can enter the sandbox counts the lock as stuck.</source>
        <translation>只用 SET NX，没有 PX。一个持有者在临界区内崩溃；它的锁永远留着，其他工作者等待后放弃，临界区 %stuck% 毫秒无人能进入之后，沙箱将这把锁记为卡死。</translation>
    </message>
    <message>
        <source>SET NX PX %ttl%: the same crash, but the lock expires after its TTL and the next worker carries on. A supervisor restarts the crashed worker.</source>
        <translation>SET NX PX %ttl%：同样的崩溃，但锁在 TTL 到期后过期，下一个工作者接着干活。监管进程会重启崩溃的工作者。</translation>
    </message>
    <message>
        <source>SETNX, then EXPIRE</source>
        <translation>先 SETNX，再 EXPIRE</translation>
    </message>
    <message>
        <source>SETNX then EXPIRE as two commands, a crash between them: stuck; fixed by SET NX PX</source>
        <translation>SETNX 和 EXPIRE 分成两条命令，中间崩溃：锁卡死；用 SET NX PX 修复</translation>
    </message>
    <message>
        <source>Older code takes the lock with SETNX and sets its TTL with a second command, EXPIRE. The two are not atomic: a crash, a timeout or a lost connection between them leaves a lock with no expiry, stuck forever exactly as if there had never been a TTL. SET key token NX PX ttl does both in one command, so there is no gap to fall into.</source>
        <translation>老代码先用 SETNX 加锁，再用第二条命令 EXPIRE 设置 TTL。两者不是原子的：中间一旦崩溃、超时或断开连接，就会留下一把永不过期的锁，和从来没设过 TTL 一样永远卡死。SET key token NX PX ttl 用一条命令同时完成两件事，中间没有可以掉进去的缝隙。</translation>
    </message>
    <message>
        <source>SETNX, then PEXPIRE. A worker crashes right after its SETNX succeeded, before the PEXPIRE went out: the lock has no TTL and nobody can ever take it.</source>
        <translation>先 SETNX，再 PEXPIRE。一个工作者在 SETNX 成功之后、PEXPIRE 发出之前崩溃：锁没有 TTL，再也没人能获取。</translation>
    </message>
    <message>
        <source>SET NX PX %ttl%, one command. The same crash at the same point leaves a lock that expires after its TTL.</source>
        <translation>SET NX PX %ttl%，一条命令。同一位置的同样崩溃，留下的锁会在 TTL 到期后过期。</translation>
    </message>
    <message>
        <source>Releasing someone else&apos;s lock</source>
        <translation>释放了别人的锁</translation>
    </message>
    <message>
        <source>a slow job&apos;s plain DEL after its TTL ran out deletes the next holder&apos;s lock; fixed by the token check</source>
        <translation>慢任务在 TTL 耗尽后直接 DEL，删掉了下一个持有者的锁；用令牌校验修复</translation>
    </message>
    <message>
        <source>A lock&apos;s TTL can run out before its holder releases it: a slow network call, a GC pause, a busy machine. If the release is a plain DEL, the late holder deletes whatever is under the key by then — the next holder&apos;s lock — and a third worker walks in while the second is still inside. Release with a script that deletes the key only while it still holds your token (GET, compare, DEL, atomically in Lua).</source>
        <translation>锁的 TTL 可能在持有者释放之前就耗尽了：一次慢速网络调用、一次 GC 停顿、一台繁忙的机器。如果释放用的是直接 DEL，迟到的持有者会删掉此时键下的任何东西——也就是下一个持有者的锁——于是第二个还在里面时，第三个工作者也进来了。释放时应使用脚本，只有键仍然持有你的令牌才删除（GET、比较、DEL，在 Lua 中原子执行）。</translation>
    </message>
    <message>
        <source>Release with plain DEL. Every few seconds a worker finishes its work but stalls before releasing, for %pause% ms and until the next holder is inside (the worst moment, chosen on purpose so it shows every time). Its DEL removes that holder&apos;s lock and another worker walks in; every later DEL can repeat it.</source>
        <translation>用直接 DEL 释放。每隔几秒，就有一个工作者完成工作后在释放前停顿 %pause% 毫秒，直到下一个持有者已经进入（特意挑选的最坏时机，保证每次都能看到）。它的 DEL 删掉了那个持有者的锁，又一个工作者进来了；之后的每次 DEL 都可能重演这一幕。</translation>
    </message>
    <message>
        <source>Release with the compare-and-delete script. The same late release finds another holder&apos;s token and deletes nothing; the sandbox counts it as a refused release.</source>
        <translation>用比较后删除的脚本释放。同样迟到的释放发现键里是别人的令牌，什么也不删；沙箱将其记为一次被拒绝的释放。</translation>
    </message>
    <message>
        <source>The lock expires while held</source>
        <translation>锁在持有期间过期</translation>
    </message>
    <message>
        <source>a pause longer than the TTL with no watchdog: the lock expires and another worker enters; fixed by a watchdog</source>
        <translation>停顿比 TTL 长且没有看门狗：锁过期，另一个工作者进入；用看门狗修复</translation>
    </message>
    <message>
        <source>A TTL is a guess at how long the work takes. When the holder takes longer (slow I/O, a long query, a retry loop) the lock expires under it and the next worker enters while the first is still working. A watchdog that extends the TTL every ttl/3 while the work runs, as Redisson&apos;s does, keeps the lock for as long as the holder is alive, and still lets it expire within one TTL if the holder dies. It cannot help if the whole process freezes: see fencing.</source>
        <translation>TTL 只是对工作耗时的猜测。持有者用时更长（慢 I/O、长查询、重试循环）时，锁会在它手里过期，第一个还在工作，下一个工作者就进来了。像 Redisson 那样，在工作期间由看门狗每 ttl/3 续期一次 TTL，只要持有者活着就一直保有锁，持有者死掉后锁仍会在一个 TTL 内过期。但如果整个进程都冻结了，看门狗也无能为力：请看栅栏令牌场景。</translation>
    </message>
    <message>
        <source>No watchdog. Every few seconds a holder&apos;s work takes %pause% ms against a %ttl% ms TTL: the lock expires, another worker enters, and two are inside.</source>
        <translation>没有看门狗。每隔几秒，就有一个持有者的工作耗时 %pause% 毫秒，而 TTL 只有 %ttl% 毫秒：锁过期，另一个工作者进入，临界区里同时有两个。</translation>
    </message>
    <message>
        <source>A watchdog extends the lock every ttl/3 with the token-checked extend script during the same slow work; nobody else gets in.</source>
        <translation>在同样缓慢的工作期间，看门狗用校验令牌的续期脚本每 ttl/3 续期一次；别人进不来。</translation>
    </message>
    <message>
        <source>Fencing tokens</source>
        <translation>栅栏令牌</translation>
    </message>
    <message>
        <source>a frozen holder&apos;s lock expires; the resource checks a fencing token (INCR) and rejects the stale writer</source>
        <translation>被冻结的持有者的锁过期；受保护的资源校验栅栏令牌（INCR），拒绝过期的写入者</translation>
    </message>
    <message>
        <source>A watchdog cannot help when the whole process stops (a stop-the-world GC, a suspended VM): the watchdog freezes too, the lock expires, and the holder wakes up believing it still holds it. The defence has to be at the protected resource. With the lock, each holder takes a fencing number (INCR on a counter, in the same Lua script as the SET), and the resource rejects any access with a lower number than one it has already seen. The lock still expired — two workers were inside — but the stale one can no longer do damage.</source>
        <translation>整个进程都停下来时（全停顿的 GC、被挂起的虚拟机），看门狗也无能为力：看门狗同样被冻结，锁过期，持有者醒来后还以为自己持有着锁。防线必须设在受保护的资源上。每个持有者在加锁时领取一个栅栏编号（在与 SET 相同的 Lua 脚本中对计数器 INCR），资源拒绝任何编号低于它已见过编号的访问。锁照样过期了——临界区里曾有两个工作者——但过期的那个再也造成不了破坏。</translation>
    </message>
    <message>
        <source>The resource accepts every write. Every few seconds a holder freezes for %pause% ms (%ttl% ms TTL); the next worker takes the lock and starts its work; the frozen one wakes and writes over it. The sandbox counts each write by a holder that had been overtaken.</source>
        <translation>资源接受所有写入。每隔几秒，就有一个持有者冻结 %pause% 毫秒（TTL 为 %ttl% 毫秒）；下一个工作者拿到锁开始工作；冻结的那个醒来后覆盖了它的写入。沙箱会统计每一次由已被超越的持有者所做的写入。</translation>
    </message>
    <message>
        <source>The resource checks fencing tokens. The same freeze, the same second holder — but the stale writer&apos;s number is lower than one the resource has seen, so its write is rejected.</source>
        <translation>资源校验栅栏令牌。同样的冻结，同样出现第二个持有者——但过期写入者的编号低于资源已见过的编号，它的写入被拒绝。</translation>
    </message>
    <message>
        <source>Flash sale</source>
        <translation>秒杀</translation>
    </message>
    <message>
        <source>N items, many buyers: no lock / a lock that expires mid-purchase / a correct lock; counts items sold beyond stock</source>
        <translation>N 件商品，大量买家：不加锁 / 购买中途过期的锁 / 正确的锁；统计超出库存卖出的商品（超卖）</translation>
    </message>
    <message>
        <source>Buying is check-then-act: read the stock, charge the card, decrement. Two buyers between the check and the decrement both see the last item and both buy it, and the stock goes below zero. A lock around the whole purchase makes check-and-act one step, but only if it really excludes: a TTL shorter than the slowest purchase lets the next buyer in halfway through. (For a bare counter, one Lua script that checks and decrements is simpler still; the lock is the tool when the purchase is more than one Redis command.)</source>
        <translation>购买是“先检查后执行”：读取库存、扣款、减库存。两个买家在检查和减库存之间都看到了最后一件商品，都买下了它，库存变成负数，即超卖。用一把锁包住整个购买过程，可以把检查和执行变成一步，但前提是它真的互斥：TTL 比最慢的一次购买还短，下一个买家就会在中途闯进来。（如果只是一个计数器，用一个检查并扣减的 Lua 脚本更简单；当购买不止一条 Redis 命令时，锁才是合适的工具。）</translation>
    </message>
    <message>
        <source>No lock: all %workers% buyers check the stock and buy at once.</source>
        <translation>不加锁：全部 %workers% 个买家同时检查库存并购买。</translation>
    </message>
    <message>
        <source>A lock with a %ttl% ms TTL and no watchdog around a %work% ms purchase: it expires mid-purchase, so near the end of the sale several buyers see the last items.</source>
        <translation>在 %work% 毫秒的购买外面加一把 TTL 为 %ttl% 毫秒、没有看门狗的锁：锁在购买中途过期，所以秒杀快结束时好几个买家都看到了最后几件商品。</translation>
    </message>
    <message>
        <source>The safe pattern around the purchase: exactly %stock% items sold, then the buyers see the sale is over.</source>
        <translation>用安全的模式包住购买：正好卖出 %stock% 件，之后买家看到秒杀已结束。</translation>
    </message>
    <message>
        <source>Retry: fixed interval or backoff</source>
        <translation>重试：固定间隔还是退避</translation>
    </message>
    <message>
        <source>fixed-interval retry against exponential backoff with jitter: throughput, Redis load and wait percentiles</source>
        <translation>固定间隔重试对比带抖动的指数退避：吞吐量、Redis 负载和等待时间百分位</translation>
    </message>
    <message>
        <source>A client that finds the lock taken must try again. Retrying on a short fixed interval hammers Redis with commands that cannot succeed: every waiter, in step, every few milliseconds. Exponential backoff with jitter (wait base·2ⁿ, half of it random, up to a cap) sends a fraction of the commands for about the same throughput; the price is a longer tail of wait times. Both variants use the safe lock, so neither has violations: compare attempts per acquisition, lock commands per second and the wait percentiles.</source>
        <translation>发现锁已被占用的客户端必须重试。以很短的固定间隔重试，会用注定失败的命令狂轰 Redis：所有等待者步调一致，每隔几毫秒一次。带抖动的指数退避（等待 base·2ⁿ，其中一半随机，设有上限）只发出一小部分命令，吞吐量却差不多；代价是等待时间的长尾更长。两个变体都使用安全的锁，都不会违规：请比较每次成功加锁的尝试次数、每秒的锁命令数以及等待时间百分位。</translation>
    </message>
    <message>
        <source>Every waiter retries every 5 ms, in step.</source>
        <translation>每个等待者每 5 毫秒重试一次，步调一致。</translation>
    </message>
    <message>
        <source>Exponential backoff from 10 ms to 400 ms with jitter.</source>
        <translation>指数退避，从 10 毫秒到 400 毫秒，带抖动。</translation>
    </message>
    <message>
        <source>Re-entrant locking</source>
        <translation>可重入锁</translation>
    </message>
    <message>
        <source>a Redisson-style reentrant lock taken recursively and released level by level</source>
        <translation>Redisson 风格的可重入锁，递归获取，逐层释放</translation>
    </message>
    <message>
        <source>Code that holds a lock often calls code that takes the same lock again. A plain token lock does not count: the inner call sees its own token and goes ahead, and the inner release deletes the lock while the outer method is still working. A re-entrant lock (Redisson&apos;s RLock) keeps a hash {holder → count}: each acquire by the same holder increments it, each release decrements it, and only the last release deletes the key. The lock table shows the count.</source>
        <translation>持有锁的代码经常调用会再次获取同一把锁的代码。普通的令牌锁不计数：内层调用看到是自己的令牌就继续执行，内层释放时就把锁删掉了，而外层方法还在工作。可重入锁（Redisson 的 RLock）维护一个哈希 {持有者 → 次数}：同一持有者每次加锁加一，每次释放减一，只有最后一次释放才删除键。锁表格会显示这个次数。</translation>
    </message>
    <message>
        <source>A token lock with an &quot;it is mine already&quot; shortcut: the inner release deletes the key, and another worker enters during the outer method&apos;s remaining %pause% ms.</source>
        <translation>带“已经是我的了”捷径的令牌锁：内层释放删除了键，在外层方法剩余的 %pause% 毫秒里，另一个工作者进来了。</translation>
    </message>
    <message>
        <source>A Redisson-style hash lock: the hold count goes to 2 for the inner call and back to 1; only the outer release deletes the key.</source>
        <translation>Redisson 风格的哈希锁：内层调用时重入次数变为 2，然后回到 1；只有外层释放才删除键。</translation>
    </message>
    <message>
        <source>Redlock on five servers</source>
        <translation>五台服务器上的红锁</translation>
    </message>
    <message>
        <source>five redis-servers, majority quorum, validity = TTL - elapsed - drift; survives two node failures, not three</source>
        <translation>五个 redis-server，多数派仲裁，有效期 = TTL − 已耗时 − 时钟漂移；能承受两个节点故障，三个不行</translation>
    </message>
    <message>
        <source>A lock on one Redis is only as durable as that server: without persistence a restart forgets every lock, and the next client takes one that is still held. Redlock takes the same key with the same token on N independent masters (here 5) and holds the lock only if a majority (3) said yes in less time than the TTL; the holder may then use it for validity = TTL − time spent acquiring − clock drift. One or two servers can fail and the lock still works; with three down nobody can acquire it — the price of safety. A crashed server should stay down for one TTL before it rejoins (&quot;delayed restart&quot;), or it can hand out a lock that the others still hold.</source>
        <translation>单个 Redis 上的锁只和这台服务器一样可靠：没有持久化时，一次重启就会忘掉所有锁，下一个客户端就能拿到一把仍被持有的锁。红锁（Redlock）在 N 个独立的主节点（这里是 5 个）上用同一个令牌获取同一个键，只有多数（3 个）在短于 TTL 的时间内同意，才算持有锁；持有者随后可使用的有效期 = TTL − 加锁耗时 − 时钟漂移。一两台服务器故障时锁仍然可用；三台宕机则谁也拿不到锁——这是安全的代价。崩溃的服务器应当停机一个 TTL 后再重新加入（“延迟重启”），否则它可能把其他节点仍持有的锁再发出去。</translation>
    </message>
    <message>
        <source>One server (node 1) holds the lock. A holder is inside when node 1 crashes and restarts empty; the next worker takes the now &quot;free&quot; lock while the first is still working.</source>
        <translation>锁只在一台服务器（节点 1）上。一个持有者在临界区内时，节点 1 崩溃并以空数据重启；第一个还在工作，下一个工作者就拿到了这把“空闲”的锁。</translation>
    </message>
    <message>
        <source>Redlock on all five. The same crash costs the holder one copy of five and nobody gets a majority. Then nodes 2, 3 and 4 stop one after another: with two down the lock still works, with three down every acquisition fails; one TTL later they return (delayed restart) and work resumes.</source>
        <translation>在全部五台上使用红锁。同样的崩溃让持有者失去五份中的一份，其他人拿不到多数。接着节点 2、3、4 依次停止：两台宕机时锁仍可用，三台宕机时所有加锁都失败；一个 TTL 之后它们回来（延迟重启），工作恢复。</translation>
    </message>
    <message>
        <source>Failover loses the lock</source>
        <translation>故障转移弄丢了锁</translation>
    </message>
    <message>
        <source>a lock written to the master is lost when the replica is promoted before replication: two holders</source>
        <translation>写入主节点的锁在复制之前副本就被提升，锁丢失：出现两个持有者</translation>
    </message>
    <message>
        <source>Redis replicates asynchronously: the master says OK before its replica has the write. If the master fails in that window and the replica is promoted (by Sentinel or an operator), the new master has never seen the lock and the next client takes it while the first still holds it. Here the replication link runs through LockScope, which holds it back when a lock is written and promotes the replica (REPLICAOF NO ONE) before letting anything through, so the loss is certain, not luck. WAIT narrows the window but does not make Redis consistent: where it matters, use fencing tokens or Redlock.</source>
        <translation>Redis 是异步复制的：主节点在副本拿到写入之前就回复 OK。如果主节点恰好在这个窗口内故障，副本被提升（由哨兵或运维人员），新的主节点从未见过这把锁，下一个客户端就会在第一个仍持有锁时拿到它。这里的复制链路经过 LockScope，它在锁写入时扣住复制流，并在放行之前提升副本（REPLICAOF NO ONE），所以丢锁是必然的，而不是运气。WAIT 能缩小窗口，但不能让 Redis 变成强一致：在要紧的地方，请使用栅栏令牌或红锁。</translation>
    </message>
    <message>
        <source>The holder enters as soon as the master says OK and works for %pause% ms. The master is failed over before the lock replicated, and a second worker takes the same lock on the promoted replica while the first is still inside.</source>
        <translation>持有者在主节点回复 OK 后立即进入，工作 %pause% 毫秒。主节点在锁复制之前发生故障转移，第一个还在里面时，第二个工作者在被提升的副本上拿到了同一把锁。</translation>
    </message>
    <message>
        <source>After SET the holder runs WAIT 1 100 and enters only when the replica acknowledged the lock. Here it did not, so the holder releases and retries, and takes the lock again on the new master.</source>
        <translation>SET 之后持有者执行 WAIT 1 100，只有副本确认收到锁才进入。这里副本没有确认，于是持有者释放并重试，在新的主节点上重新拿到锁。</translation>
    </message>
    <message>
        <source>No lock</source>
        <translation>不加锁</translation>
    </message>
    <message>
        <source>Broken</source>
        <translation>有缺陷</translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation>已修复</translation>
    </message>
</context>
<context>
    <name>DemoSummary</name>
    <message>
        <source>two workers inside at once</source>
        <translation>两个工作者同时进入临界区</translation>
    </message>
    <message>
        <source>a lock nobody could take any more</source>
        <translation>锁被卡死，再也没人能获取</translation>
    </message>
    <message>
        <source>items sold beyond stock</source>
        <translation>超出库存卖出的商品（超卖）</translation>
    </message>
    <message>
        <source>writes by a holder whose lock had expired</source>
        <translation>锁已过期的持有者所做的写入</translation>
    </message>
    <message>
        <source>none possible: both variants use the safe lock</source>
        <translation>不可能发生：两个变体都使用安全的锁</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source> (interrupted)</source>
        <translation>（已中断）</translation>
    </message>
    <message>
        <source>violations</source>
        <translation>违规</translation>
    </message>
    <message>
        <source>oversold</source>
        <translation>超卖</translation>
    </message>
    <message>
        <source>acquisitions</source>
        <translation>加锁成功</translation>
    </message>
    <message>
        <source>%1   failures %2   attempts %3   overlaps %4</source>
        <translation>%1   失败 %2   尝试 %3   重叠 %4</translation>
    </message>
    <message>
        <source>faults</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>%1 injected   crashes %2</source>
        <translation>注入 %1 次   崩溃 %2 次</translation>
    </message>
    <message>
        <source>wait</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>also</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>%1 workers, %2 s, seed %3</source>
        <translation>%1 个工作者，%2 秒，随机种子 %3</translation>
    </message>
    <message>
        <source>sold</source>
        <translation>已售</translation>
    </message>
    <message>
        <source>stock</source>
        <translation>库存</translation>
    </message>
    <message>
        <source>stale writes accepted</source>
        <translation>过期写入被接受</translation>
    </message>
    <message>
        <source>stale writes rejected</source>
        <translation>过期写入被拒绝</translation>
    </message>
    <message>
        <source>reentries</source>
        <translation>重入次数</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>卡死</translation>
    </message>
    <message>
        <source>releases refused</source>
        <translation>释放被拒</translation>
    </message>
    <message>
        <source>foreign deletes</source>
        <translation>误删他人的锁</translation>
    </message>
    <message>
        <source>expired while held</source>
        <translation>持有期间过期</translation>
    </message>
    <message>
        <source>quorum failures</source>
        <translation>未达多数派</translation>
    </message>
    <message>
        <source>not replicated</source>
        <translation>未同步到副本</translation>
    </message>
    <message>
        <source>locks lost</source>
        <translation>锁丢失</translation>
    </message>
    <message>
        <source>attempts per acquisition</source>
        <translation>每次获取的尝试次数</translation>
    </message>
    <message>
        <source>attempts per s</source>
        <translation>每秒尝试次数</translation>
    </message>
    <message>
        <source>acquisitions per s</source>
        <translation>每秒获取次数</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>DemoWorker</name>
    <message>
        <source>%1 crashes between SETNX and PEXPIRE: its lock has no TTL</source>
        <translation>%1 在 SETNX 和 PEXPIRE 之间崩溃：它的锁没有 TTL</translation>
    </message>
    <message>
        <source>%1 crashes right after SET NX PX: its lock expires in %2 ms</source>
        <translation>%1 刚执行完 SET NX PX 就崩溃：它的锁将在 %2 毫秒后过期</translation>
    </message>
    <message>
        <source>the sale is over</source>
        <translation>抢购结束</translation>
    </message>
    <message>
        <source>%1 is restarted by its supervisor</source>
        <translation>%1 被守护进程重新拉起</translation>
    </message>
    <message>
        <source>%1 gives up after waiting %2 ms</source>
        <translation>%1 等待 %2 毫秒后放弃</translation>
    </message>
    <message>
        <source>%1&apos;s watchdog finds its lock gone or taken; the job does not know and carries on</source>
        <translation>%1 的看门狗发现锁已消失或被他人占有；任务并不知情，继续执行</translation>
    </message>
    <message>
        <source>the resource refuses %1&apos;s read: fencing token %2 is stale</source>
        <translation>资源拒绝了 %1 的读取：栅栏令牌 %2 已过期</translation>
    </message>
    <message>
        <source>attempt %1</source>
        <translation>第 %1 次尝试</translation>
    </message>
    <message>
        <source>%1: WAIT saw no replica acknowledge its lock; released it and will retry</source>
        <translation>%1：WAIT 没有等到任何副本确认它的锁；已释放并将重试</translation>
    </message>
    <message>
        <source>holds the lock</source>
        <translation>持有锁</translation>
    </message>
    <message>
        <source>inside, no lock</source>
        <translation>在临界区内，未持锁</translation>
    </message>
    <message>
        <source>holds the lock, fencing token %1</source>
        <translation>持有锁，栅栏令牌 %1</translation>
    </message>
    <message>
        <source>holds the lock on %1 of %2 servers</source>
        <translation>在 %2 台服务器中的 %1 台上持有锁</translation>
    </message>
    <message>
        <source>%1 crashes while holding the lock</source>
        <translation>%1 在持有锁时崩溃</translation>
    </message>
    <message>
        <source>done, but stalled before releasing</source>
        <translation>已完成，但在释放前卡住</translation>
    </message>
    <message>
        <source>%1 finished its work but stalls before releasing (%2 ms TTL)</source>
        <translation>%1 完成了工作，但在释放前卡住（TTL %2 毫秒）</translation>
    </message>
    <message>
        <source>frozen for %1 ms (stop-the-world pause)</source>
        <translation>冻结 %1 毫秒（全局停顿）</translation>
    </message>
    <message>
        <source>stalled for %1 ms inside (slow I/O)</source>
        <translation>在临界区内卡住 %1 毫秒（慢 I/O）</translation>
    </message>
    <message>
        <source>%1 freezes for %2 ms with a %3 ms TTL; its watchdog freezes too</source>
        <translation>%1 冻结 %2 毫秒，而 TTL 只有 %3 毫秒；它的看门狗也一起冻结</translation>
    </message>
    <message>
        <source>%1 stalls inside for %2 ms with a %3 ms TTL</source>
        <translation>%1 在临界区内卡住 %2 毫秒，而 TTL 只有 %3 毫秒</translation>
    </message>
    <message>
        <source>the resource rejects %1&apos;s write: fencing token %2 &lt; %3</source>
        <translation>资源拒绝了 %1 的写入：栅栏令牌 %2 &lt; %3</translation>
    </message>
    <message>
        <source>buying; the stock shows %1</source>
        <translation>正在购买；库存显示 %1</translation>
    </message>
    <message>
        <source>could not re-enter its own lock</source>
        <translation>无法重入自己的锁</translation>
    </message>
    <message>
        <source>inner call, hold count %1</source>
        <translation>内层调用，重入次数 %1</translation>
    </message>
    <message>
        <source>%1&apos;s inner release deleted the lock; its outer method runs on unprotected</source>
        <translation>%1 的内层释放删除了锁；外层方法在无保护的情况下继续运行</translation>
    </message>
    <message>
        <source>outer method; the lock is gone</source>
        <translation>外层方法；锁已不在</translation>
    </message>
    <message>
        <source>outer method, hold count 1</source>
        <translation>外层方法，重入次数 1</translation>
    </message>
    <message>
        <source>%1 still believed it held the lock %2 ms after it expired</source>
        <translation>锁过期 %2 毫秒后，%1 仍以为自己持有它</translation>
    </message>
    <message>
        <source>%1&apos;s late DEL deleted %2&apos;s lock</source>
        <translation>%1 迟到的 DEL 删除了 %2 的锁</translation>
    </message>
    <message>
        <source>%1&apos;s late release is refused: the lock holds %2&apos;s token now</source>
        <translation>%1 迟到的释放被拒绝：锁里现在是 %2 的令牌</translation>
    </message>
    <message>
        <source>another worker&apos;s</source>
        <translation>另一个工作者的</translation>
    </message>
    <message>
        <source>crashed holding the lock</source>
        <translation>持锁时崩溃</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>已崩溃</translation>
    </message>
    <message>
        <source> (lock lost)</source>
        <translation>（锁已丢失）</translation>
    </message>
</context>
<context>
    <name>DemoWorkerInfo</name>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>holding</source>
        <translation>持有锁</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>已崩溃</translation>
    </message>
    <message>
        <source>done</source>
        <translation>已完成</translation>
    </message>
</context>
<context>
    <name>DemoWorkerTableModel</name>
    <message>
        <source>Worker</source>
        <translation>工作者</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Held</source>
        <translation>持有次数</translation>
    </message>
    <message>
        <source>Gave up</source>
        <translation>放弃次数</translation>
    </message>
    <message>
        <source>Last wait</source>
        <translation>上次等待</translation>
    </message>
    <message>
        <source>Doing</source>
        <translation>正在做</translation>
    </message>
</context>
<context>
    <name>Dialect</name>
    <message>
        <source>Plain token (SET NX PX)</source>
        <translation>普通令牌（SET NX PX）</translation>
    </message>
    <message>
        <source>Redisson FairLock</source>
        <translation>Redisson 公平锁</translation>
    </message>
    <message>
        <source>Redisson ReadWriteLock</source>
        <translation>Redisson 读写锁</translation>
    </message>
    <message>
        <source>Redisson Semaphore</source>
        <translation>Redisson 信号量</translation>
    </message>
    <message>
        <source>Redisson PermitExpirableSemaphore</source>
        <translation>Redisson 可过期许可信号量</translation>
    </message>
    <message>
        <source>redis-semaphore Semaphore</source>
        <translation>redis-semaphore 信号量</translation>
    </message>
    <message>
        <source>redis-semaphore Mutex</source>
        <translation>redis-semaphore 互斥锁</translation>
    </message>
    <message>
        <source>Laravel cache lock</source>
        <translation>Laravel 缓存锁</translation>
    </message>
    <message>
        <source>Expiry timestamp</source>
        <translation>过期时间戳</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>The Redis docs&apos; recipe and hand-rolled locks: any short token, compare-and-delete</source>
        <translation>Redis 文档中的方案以及各种手写的锁：任意短令牌，比较后删除</translation>
    </message>
    <message>
        <source>redis-py&apos;s Lock (Python): uuid1 hex token</source>
        <translation>redis-py 的 Lock（Python）：uuid1 十六进制令牌</translation>
    </message>
    <message>
        <source>celery-once (redis-py Lock under qo_ keys)</source>
        <translation>celery-once（qo_ 键下的 redis-py Lock）</translation>
    </message>
    <message>
        <source>python-redis-lock (ionelmc) with its lock-signal list</source>
        <translation>python-redis-lock（ionelmc），附带 lock-signal 列表</translation>
    </message>
    <message>
        <source>go-redsync/redsync (Go Redlock)</source>
        <translation>go-redsync/redsync（Go 红锁）</translation>
    </message>
    <message>
        <source>redlock for Node.js (v3 to v5)</source>
        <translation>Node.js 的 redlock（v3 至 v5）</translation>
    </message>
    <message>
        <source>RedLock.net (.NET) or pottery (Python): redlock:&lt;resource&gt;</source>
        <translation>RedLock.net（.NET）或 pottery（Python）：redlock:&lt;resource&gt;</translation>
    </message>
    <message>
        <source>redlock-py (SPSCommerce): 22 alphanumerics</source>
        <translation>redlock-py（SPSCommerce）：22 位字母数字</translation>
    </message>
    <message>
        <source>bsm/redislock (Go): base64url token + metadata</source>
        <translation>bsm/redislock（Go）：base64url 令牌 + 元数据</translation>
    </message>
    <message>
        <source>Spring Integration RedisLockRegistry: &lt;registryKey&gt;:&lt;lock&gt;, one UUID per registry</source>
        <translation>Spring Integration RedisLockRegistry：&lt;registryKey&gt;:&lt;lock&gt;，每个注册表一个 UUID</translation>
    </message>
    <message>
        <source>ShedLock RedisLockProvider: ADDED:&lt;time&gt;@&lt;host&gt;</source>
        <translation>ShedLock RedisLockProvider：ADDED:&lt;time&gt;@&lt;host&gt;</translation>
    </message>
    <message>
        <source>Laravel&apos;s Cache::lock(): 16-character owner under the cache prefix</source>
        <translation>Laravel 的 Cache::lock()：缓存前缀下的 16 位字符持有者标识</translation>
    </message>
    <message>
        <source>redis-semaphore (Node) Mutex: mutex:&lt;key&gt;</source>
        <translation>redis-semaphore（Node）Mutex：mutex:&lt;key&gt;</translation>
    </message>
    <message>
        <source>madelson&apos;s DistributedLock.Redis (.NET): &lt;host&gt;_&lt;pid&gt;_&lt;guid&gt;</source>
        <translation>madelson 的 DistributedLock.Redis（.NET）：&lt;host&gt;_&lt;pid&gt;_&lt;guid&gt;</translation>
    </message>
    <message>
        <source>redis-lock (Node) and others that store only the deadline</source>
        <translation>redis-lock（Node）等只存截止时间的锁</translation>
    </message>
</context>
<context>
    <name>DialectsCommand</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>ACQUIRE</source>
        <translation>获取</translation>
    </message>
    <message>
        <source>EXTEND</source>
        <translation>续期</translation>
    </message>
    <message>
        <source>RELEASE</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>WRITTEN BY</source>
        <translation>写入方</translation>
    </message>
</context>
<context>
    <name>DiscoveryProgress</name>
    <message numerus="yes">
        <source>%n master(s) could not be scanned, so their locks are missing: %1</source>
        <translation>
            <numerusform>%n 个主节点无法扫描，因此缺少它们的锁：%1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DiscoveryService</name>
    <message>
        <source>no master to scan: %1</source>
        <translation>没有可扫描的主节点：%1</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>SCAN returned an unexpected reply</source>
        <translation>SCAN 返回了意外的应答</translation>
    </message>
    <message>
        <source>SCAN failed: %1</source>
        <translation>SCAN 失败：%1</translation>
    </message>
    <message>
        <source>SCAN failed on every master: %1</source>
        <translation>SCAN 在每个主节点上都失败了：%1</translation>
    </message>
</context>
<context>
    <name>EventLogPanel</name>
    <message>
        <source>Follow</source>
        <translation>跟随</translation>
    </message>
    <message>
        <source>Events: all</source>
        <translation>事件：全部</translation>
    </message>
    <message>
        <source>Events: %1 of %2</source>
        <translation>事件：%2 类中的 %1 类</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>全部显示</translation>
    </message>
    <message>
        <source>Which kinds of event to show</source>
        <translation>显示哪些类型的事件</translation>
    </message>
    <message>
        <source>Key (text, or a glob like lock:*)</source>
        <translation>键（文本，或 lock:* 这样的通配符）</translation>
    </message>
    <message>
        <source>Holder or token</source>
        <translation>持有者或令牌</translation>
    </message>
    <message>
        <source>Keep the newest event in view</source>
        <translation>始终显示最新事件</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Save the events shown (as filtered) to a CSV file</source>
        <translation>将当前显示（已过滤）的事件保存为 CSV 文件</translation>
    </message>
    <message>
        <source>%L1 events</source>
        <translation>%L1 个事件</translation>
    </message>
    <message>
        <source>%L1 of %L2 events</source>
        <translation>%L1 / %L2 个事件</translation>
    </message>
    <message>
        <source>Export lock events</source>
        <translation>导出锁事件</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>FailedAcquireSampler</name>
    <message>
        <source>time limit reached</source>
        <translation>已达到时间上限</translation>
    </message>
    <message>
        <source>connection lost: %1</source>
        <translation>连接断开：%1</translation>
    </message>
    <message>
        <source>MONITOR refused: %1</source>
        <translation>MONITOR 被拒绝：%1</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>fell behind the server by %1 s; stopped to spare the server and LockScope</source>
        <translation>落后服务器 %1 秒；为保护服务器和 LockScope 已停止</translation>
    </message>
    <message>
        <source>the server runs more than %L1 commands a second: too busy to MONITOR</source>
        <translation>服务器每秒执行超过 %L1 条命令：太忙，不适合 MONITOR</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
</context>
<context>
    <name>FairQueueHead</name>
    <message>
        <source>unexpected answer: %1</source>
        <translation>意外的应答：%1</translation>
    </message>
    <message>
        <source>its first %1 waiters&apos; timeouts have passed, and the queue goes on</source>
        <translation>队列前 %1 个等待者均已超时，且队列还有更多</translation>
    </message>
</context>
<context>
    <name>HolderTreeModel</name>
    <message>
        <source>client %1</source>
        <translation>客户端 %1</translation>
    </message>
    <message>
        <source>host %1</source>
        <translation>主机 %1</translation>
    </message>
    <message>
        <source>host %1, pid %2</source>
        <translation>主机 %1，进程 %2</translation>
    </message>
    <message>
        <source>MAC %1</source>
        <translation>MAC %1</translation>
    </message>
    <message>
        <source>token %1</source>
        <translation>令牌 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n lock(s)</source>
        <translation>
            <numerusform>%1 — %n 把锁</numerusform>
        </translation>
    </message>
    <message>
        <source>Holder / lock</source>
        <translation>持有者 / 锁</translation>
    </message>
    <message>
        <source>Dialect</source>
        <translation>方言</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>令牌</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
</context>
<context>
    <name>HoldersPanel</name>
    <message>
        <source>Filter by client, host, key or token</source>
        <translation>按客户端、主机、键或令牌过滤</translation>
    </message>
</context>
<context>
    <name>HostKeyQuestion</name>
    <message>
        <source>Unknown SSH host key</source>
        <translation>未知的 SSH 主机密钥</translation>
    </message>
    <message>
        <source>The authenticity of the SSH server %1 cannot be established.

Its %2 key fingerprint is
%3

It is not in ~/.ssh/known_hosts. Connect only if this is the fingerprint of your bastion host.</source>
        <translation>无法确认 SSH 服务器 %1 的真实性。

其 %2 密钥指纹为
%3

该密钥不在 ~/.ssh/known_hosts 中。只有确认这是你的跳板机的指纹时才连接。</translation>
    </message>
    <message>
        <source>Trust and remember</source>
        <translation>信任并记住</translation>
    </message>
    <message>
        <source>Trust this time</source>
        <translation>仅本次信任</translation>
    </message>
    <message>
        <source>Refuse</source>
        <translation>拒绝</translation>
    </message>
</context>
<context>
    <name>HotLockModel</name>
    <message>
        <source>Lock</source>
        <translation>锁</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>热度</translation>
    </message>
    <message>
        <source>Waiters</source>
        <translation>等待者</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>Failed/min</source>
        <translation>失败/分</translation>
    </message>
    <message>
        <source>Acquired/min</source>
        <translation>加锁/分</translation>
    </message>
    <message>
        <source>Handovers/min</source>
        <translation>易主/分</translation>
    </message>
    <message>
        <source>Expired/min</source>
        <translation>过期/分</translation>
    </message>
    <message>
        <source>Acquisitions + handovers + failed attempts in the last minute, plus %1 per waiter now</source>
        <translation>最近一分钟的加锁 + 易主 + 失败尝试次数，再加上当前每个等待者 %1 分</translation>
    </message>
    <message>
        <source>Clients waiting now, where Redis shows them (— where it cannot)</source>
        <translation>当前等待的客户端（Redis 能显示时；不能显示为 —）</translation>
    </message>
    <message>
        <source>Most waiters seen in the last minute</source>
        <translation>最近一分钟内的最多等待者数</translation>
    </message>
    <message>
        <source>Failed acquisition attempts in the last minute (only while the sampler runs)</source>
        <translation>最近一分钟内失败的加锁尝试（仅在采样运行时）</translation>
    </message>
</context>
<context>
    <name>KeyInspector</name>
    <message>
        <source>could not be read in %1 round trips</source>
        <translation>%1 次往返内未能读取</translation>
    </message>
    <message>
        <source>PTTL gave no number</source>
        <translation>PTTL 没有返回数字</translation>
    </message>
    <message>
        <source>GETRANGE gave no value</source>
        <translation>GETRANGE 没有返回值</translation>
    </message>
    <message>
        <source>STRLEN gave no number</source>
        <translation>STRLEN 没有返回数字</translation>
    </message>
    <message>
        <source>the inspection script gave an unexpected reply</source>
        <translation>检查脚本返回了意外的应答</translation>
    </message>
    <message>
        <source>its type changed while it was being read</source>
        <translation>读取期间它的类型发生了变化</translation>
    </message>
    <message>
        <source>no master serves its hash slot now</source>
        <translation>目前没有主节点负责它的哈希槽</translation>
    </message>
</context>
<context>
    <name>KeychainProbe</name>
    <message>
        <source>the keychain did not answer within %1 s</source>
        <translation>钥匙串在 %1 秒内没有应答</translation>
    </message>
    <message>
        <source>there is no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), as on a server without a desktop session</source>
        <translation>没有 D-Bus 会话总线（未设置 DBUS_SESSION_BUS_ADDRESS），没有桌面会话的服务器上就是这样</translation>
    </message>
    <message>
        <source>the D-Bus session bus cannot be reached: %1</source>
        <translation>无法连接 D-Bus 会话总线：%1</translation>
    </message>
    <message>
        <source>the D-Bus session bus did not answer: %1</source>
        <translation>D-Bus 会话总线没有应答：%1</translation>
    </message>
    <message>
        <source>no keychain service runs on the D-Bus session bus (nothing provides org.freedesktop.secrets: install and unlock gnome-keyring, or enable KeePassXC&apos;s or KWallet&apos;s Secret Service)</source>
        <translation>D-Bus 会话总线上没有运行钥匙串服务（没有程序提供 org.freedesktop.secrets：请安装并解锁 gnome-keyring，或启用 KeePassXC 或 KWallet 的 Secret Service）</translation>
    </message>
    <message>
        <source>the keychain has no such entry</source>
        <translation>钥匙串中没有这一项</translation>
    </message>
    <message>
        <source>the keychain could not delete the entry</source>
        <translation>钥匙串无法删除这一项</translation>
    </message>
    <message>
        <source>access to the keychain was declined</source>
        <translation>访问钥匙串的请求被拒绝了</translation>
    </message>
    <message>
        <source>access to the keychain was denied (is it locked?)</source>
        <translation>无权访问钥匙串（它是否已锁定？）</translation>
    </message>
    <message>
        <source>no keychain service is available</source>
        <translation>没有可用的钥匙串服务</translation>
    </message>
    <message>
        <source>the keychain is not supported on this system</source>
        <translation>此系统不支持钥匙串</translation>
    </message>
    <message>
        <source>the keychain failed</source>
        <translation>钥匙串出错</translation>
    </message>
</context>
<context>
    <name>KeyspaceNotifications</name>
    <message>
        <source>keyspace notifications: waiting for the masters</source>
        <translation>键空间通知：正在等待各主节点</translation>
    </message>
    <message>
        <source>live: keyspace notifications on all %1 masters%2</source>
        <translation>实时：全部 %1 个主节点的键空间通知%2</translation>
    </message>
    <message>
        <source> (turned on by LockScope; put back when it stops)</source>
        <translation>（由 LockScope 开启；停止时恢复原设置）</translation>
    </message>
    <message>
        <source>keyspace notifications: waiting for the server</source>
        <translation>键空间通知：正在等待服务器</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>keyspace notifications live on %1 of %2 masters; %3</source>
        <translation>%2 个主节点中有 %1 个的键空间通知为实时；%3</translation>
    </message>
</context>
<context>
    <name>KeyspaceNotifier</name>
    <message>
        <source>no answer to CONFIG GET</source>
        <translation>CONFIG GET 没有应答</translation>
    </message>
    <message>
        <source>seen on the wire</source>
        <translation>在网络上看到</translation>
    </message>
    <message>
        <source>keyspace notifications not used</source>
        <translation>未使用键空间通知</translation>
    </message>
    <message>
        <source>checking whether the server publishes keyspace notifications…</source>
        <translation>正在检查服务器是否发布键空间通知…</translation>
    </message>
    <message>
        <source>keyspace notifications: reconnecting to them</source>
        <translation>键空间通知：正在重新连接</translation>
    </message>
    <message>
        <source>keyspace notifications: subscribing…</source>
        <translation>键空间通知：正在订阅…</translation>
    </message>
    <message>
        <source>live: keyspace notifications (turned on by LockScope: %1; put back when it stops)</source>
        <translation>实时：键空间通知（由 LockScope 开启：%1；停止时恢复原设置）</translation>
    </message>
    <message>
        <source>live: keyspace notifications (%1)</source>
        <translation>实时：键空间通知（%1）</translation>
    </message>
    <message>
        <source>keyspace notifications are off on the server (notify-keyspace-events &quot;%1&quot; lacks %2)</source>
        <translation>服务器未开启键空间通知（notify-keyspace-events &quot;%1&quot; 缺少 %2）</translation>
    </message>
    <message>
        <source>turning keyspace notifications on…</source>
        <translation>正在开启键空间通知…</translation>
    </message>
    <message>
        <source>the server refused to turn keyspace notifications on: %1</source>
        <translation>服务器拒绝开启键空间通知：%1</translation>
    </message>
    <message>
        <source>cannot tell whether keyspace notifications are on (CONFIG refused: %1); listening in case they are</source>
        <translation>无法判断键空间通知是否开启（CONFIG 被拒绝：%1）；仍在监听，以防已开启</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>无应答</translation>
    </message>
    <message>
        <source>cannot tell whether keyspace notifications are on, nor turn them on (CONFIG refused: %1); listening in case they are</source>
        <translation>无法判断键空间通知是否已开启，也无法开启它们（CONFIG 被拒绝：%1）；仍在监听，以防它们已开启</translation>
    </message>
    <message>
        <source>the server refused to let this user subscribe to keyspace notifications: %1</source>
        <translation>服务器不允许此用户订阅键空间通知：%1</translation>
    </message>
</context>
<context>
    <name>LiveChart</name>
    <message>
        <source>1 min</source>
        <translation>1 分钟</translation>
    </message>
    <message>
        <source>10 min</source>
        <translation>10 分钟</translation>
    </message>
    <message>
        <source>1 h</source>
        <translation>1 小时</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Picture (PNG)…</source>
        <translation>图片（PNG）…</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Data (CSV)…</source>
        <translation>数据（CSV）…</translation>
    </message>
    <message>
        <source>Export chart data</source>
        <translation>导出图表数据</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
</context>
<context>
    <name>LiveWatchDocks</name>
    <message>
        <source>Live charts</source>
        <translation>实时图表</translation>
    </message>
    <message>
        <source>Event log</source>
        <translation>事件日志</translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation>告警</translation>
    </message>
    <message>
        <source>Use &amp;keyspace notifications…</source>
        <translation>使用键空间通知(&amp;K)…</translation>
    </message>
    <message>
        <source>&amp;Sample failed acquisitions…</source>
        <translation>采样失败的加锁(&amp;S)…</translation>
    </message>
    <message>
        <source>Alerts (%1)</source>
        <translation>告警（%1）</translation>
    </message>
    <message>
        <source>Count failed lock acquisitions with MONITOR for a limited time (costly on busy servers)</source>
        <translation>在有限时间内用 MONITOR 统计失败的加锁（繁忙的服务器上代价很高）</translation>
    </message>
    <message>
        <source>&lt;p&gt;With keyspace notifications, Redis tells LockScope the moment a lock is taken, renewed, released or expires, so events show within about 100 ms instead of at the next refresh.&lt;/p&gt;&lt;p&gt;LockScope will run &lt;code&gt;CONFIG SET notify-keyspace-events&lt;/code&gt;, adding &lt;code&gt;Kg$hzxe&lt;/code&gt; to what the server already publishes (keyspace channel; generic, string, hash and sorted-set commands; expiries and evictions). &lt;b&gt;The cost:&lt;/b&gt; for every write to any key of those types, not just locks, Redis then builds and publishes a notification, a few percent of CPU on a write-heavy server. LockScope only subscribes to its lock patterns, so the network cost is its own. Lists, sets and streams (often busy queues) are left out.&lt;/p&gt;&lt;p&gt;LockScope puts the previous setting back when it disconnects, quits or you turn this off. Managed services often forbid CONFIG; set &lt;code&gt;notify-keyspace-events&lt;/code&gt; in their parameter group instead, and LockScope will use it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;开启键空间通知后，锁一被获取、续期、释放或过期，Redis 就会立即告诉 LockScope，事件在约 100 毫秒内显示，而不必等到下一次刷新。&lt;/p&gt;&lt;p&gt;LockScope 将执行 &lt;code&gt;CONFIG SET notify-keyspace-events&lt;/code&gt;，在服务器已发布的类型之外加上 &lt;code&gt;Kg$hzxe&lt;/code&gt;（键空间频道；通用、字符串、哈希和有序集合命令；过期与淘汰）。&lt;b&gt;代价：&lt;/b&gt;此后对这些类型的任何键（不只是锁）的每次写入，Redis 都要生成并发布一条通知，在写入密集的服务器上约占几个百分点的 CPU。LockScope 只订阅自己的锁模式，因此网络开销只在它自己这一端。列表、集合和流（常是繁忙的队列）不包括在内。&lt;/p&gt;&lt;p&gt;LockScope 断开连接、退出或你关闭此功能时，会恢复原来的设置。云托管服务通常禁止 CONFIG；请在其参数组中设置 &lt;code&gt;notify-keyspace-events&lt;/code&gt;，LockScope 会直接使用。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Watch</source>
        <translation>监视(&amp;W)</translation>
    </message>
    <message>
        <source>Report a lock as &amp;stuck when held for</source>
        <translation>持有超过多久即报告为卡死(&amp;S)</translation>
    </message>
    <message>
        <source>1 minute</source>
        <translation>1 分钟</translation>
    </message>
    <message>
        <source>5 minutes</source>
        <translation>5 分钟</translation>
    </message>
    <message>
        <source>10 minutes</source>
        <translation>10 分钟</translation>
    </message>
    <message>
        <source>30 minutes</source>
        <translation>30 分钟</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 小时</translation>
    </message>
    <message>
        <source>(a lock without expiry: after 30 seconds)</source>
        <translation>（没有过期时间的锁：30 秒后）</translation>
    </message>
    <message>
        <source>Failed-acquisition sampling stopped: %1</source>
        <translation>失败加锁采样已停止：%1</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>Events: live</source>
        <translation>事件：实时</translation>
    </message>
    <message>
        <source>Keyspace notifications: on (turn off)</source>
        <translation>键空间通知：已开启（点击关闭）</translation>
    </message>
    <message>
        <source>The server already publishes keyspace notifications: events are live</source>
        <translation>服务器已在发布键空间通知：事件为实时</translation>
    </message>
    <message>
        <source>Use keyspace notifications?</source>
        <translation>使用键空间通知？</translation>
    </message>
    <message>
        <source>Turn them on</source>
        <translation>开启</translation>
    </message>
    <message>
        <source>Stop sampling (%1 s left)</source>
        <translation>停止采样（剩余 %1 秒）</translation>
    </message>
    <message>
        <source>&lt;b&gt;MONITOR sampling&lt;/b&gt;: %L1 commands, %L2 failed acquisitions</source>
        <translation>&lt;b&gt;MONITOR 采样&lt;/b&gt;：%L1 条命令，%L2 次加锁失败</translation>
    </message>
    <message>
        <source>stopped by you</source>
        <translation>已由你停止</translation>
    </message>
    <message>
        <source>No events while the server does not answer</source>
        <translation>服务器没有应答，期间没有事件</translation>
    </message>
    <message>
        <source>Events: none, not connected</source>
        <translation>事件：无，未连接</translation>
    </message>
    <message>
        <source>Events: polling every %1</source>
        <translation>事件：每 %1 轮询</translation>
    </message>
</context>
<context>
    <name>LockAlert</name>
    <message>
        <source>Stuck lock</source>
        <translation>卡死的锁</translation>
    </message>
    <message>
        <source>Near miss</source>
        <translation>险些过期</translation>
    </message>
    <message>
        <source>Hot lock</source>
        <translation>热点锁</translation>
    </message>
</context>
<context>
    <name>LockAlertModel</name>
    <message>
        <source>Last seen</source>
        <translation>最近出现</translation>
    </message>
    <message>
        <source>Alert</source>
        <translation>告警</translation>
    </message>
    <message>
        <source>Lock</source>
        <translation>锁</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>发生了什么</translation>
    </message>
    <message>
        <source>Times</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>%1 (over)</source>
        <translation>%1（已结束）</translation>
    </message>
    <message>
        <source>First %1, last %2</source>
        <translation>首次 %1，最近 %2</translation>
    </message>
    <message>
        <source>No expiry, held for %1: if its holder died, it stays locked forever</source>
        <translation>没有过期时间，已持有 %1：如果持有者已挂掉，它将永远锁住</translation>
    </message>
    <message>
        <source>Held for %1, longer than the stuck threshold</source>
        <translation>已持有 %1，超过了卡死阈值</translation>
    </message>
    <message>
        <source>Renewed with only %1 of %2 left: the watchdog is falling behind</source>
        <translation>续期时只剩 %2 中的 %1：看门狗跟不上了</translation>
    </message>
</context>
<context>
    <name>LockDetailPanel</name>
    <message>
        <source>Extend…</source>
        <translation>续期…</translation>
    </message>
    <message>
        <source>Force release…</source>
        <translation>强制释放…</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>令牌</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Holds</source>
        <translation>重入次数</translation>
    </message>
    <message>
        <source>Dialect</source>
        <translation>方言</translation>
    </message>
    <message>
        <source>Redis type</source>
        <translation>Redis 类型</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>Waiters</source>
        <translation>等待者</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Holders</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Raw value</source>
        <translation>原始值</translation>
    </message>
    <message>
        <source>No lock selected</source>
        <translation>未选中锁</translation>
    </message>
    <message>
        <source>Select a lock</source>
        <translation>请选择一把锁</translation>
    </message>
    <message>
        <source>not observable for this dialect</source>
        <translation>此方言无法观察</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>ttl</source>
        <translation>ttl</translation>
    </message>
    <message>
        <source>
… (truncated: LockScope reads at most a few KB of a value)</source>
        <translation>
…（已截断：LockScope 最多读取值的前几 KB）</translation>
    </message>
    <message>
        <source>no expiry</source>
        <translation>永不过期</translation>
    </message>
    <message>
        <source>Set a new TTL, guarded by the token you see</source>
        <translation>设置新的 TTL，以你看到的令牌为守护条件</translation>
    </message>
    <message>
        <source>Delete the lock, guarded by the token you see</source>
        <translation>删除该锁，以你看到的令牌为守护条件</translation>
    </message>
    <message>
        <source>the key never expires: if its holder crashed, nobody will ever get this lock</source>
        <translation>该键永不过期：如果持有者已崩溃，再也没有人能拿到这把锁</translation>
    </message>
    <message>
        <source>the value names no owner, so any client can delete it</source>
        <translation>值中没有标明持有者，任何客户端都能删除它</translation>
    </message>
    <message>
        <source>under a lock pattern, but no known library writes locks like this</source>
        <translation>匹配锁模式，但没有已知的库会这样写锁</translation>
    </message>
    <message>
        <source>the value is larger than LockScope reads; only its start is shown</source>
        <translation>值超过了 LockScope 的读取上限；只显示开头部分</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>not replicated: its master&apos;s replica does not hold it as the master does, so a failover now would lose it</source>
        <translation>未复制：主节点的副本上没有与主节点一致的这把锁，此刻发生故障转移就会丢失它</translation>
    </message>
    <message>
        <source>Counting down from the PTTL Redis gave when the lock was last read</source>
        <translation>从上次读取该锁时 Redis 给出的 PTTL 开始倒计时</translation>
    </message>
    <message>
        <source>1 byte</source>
        <translation>1 字节</translation>
    </message>
    <message>
        <source>1 entry</source>
        <translation>1 个条目</translation>
    </message>
    <message>
        <source>%L1 bytes</source>
        <translation>%L1 字节</translation>
    </message>
    <message>
        <source>%L1 entries</source>
        <translation>%L1 个条目</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>a key its library keeps beside it could not be read (see unread): who waits for it is not known</source>
        <translation>其库在它旁边维护的一个键无法读取（见 unread）：不知道有谁在等待它</translation>
    </message>
    <message>
        <source>PTTL %1 ms</source>
        <translation>PTTL %1 毫秒</translation>
    </message>
    <message>
        <source>PTTL %1 ms, %2 ago</source>
        <translation>PTTL %1 毫秒，%2前读取</translation>
    </message>
    <message>
        <source>%1  (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>LockEvent</name>
    <message>
        <source>Acquired</source>
        <translation>加锁</translation>
    </message>
    <message>
        <source>Released</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>Renewed</source>
        <translation>续期</translation>
    </message>
    <message>
        <source>Expired</source>
        <translation>过期</translation>
    </message>
    <message>
        <source>Handed over</source>
        <translation>易主</translation>
    </message>
    <message>
        <source>Contended</source>
        <translation>争用</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>卡死</translation>
    </message>
    <message>
        <source>Near miss</source>
        <translation>险些过期</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>丢失</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>seen only in keyspace notifications (held too briefly to read)</source>
        <translation>只在键空间通知中看到（持有时间太短，来不及读取）</translation>
    </message>
    <message>
        <source>no expiry</source>
        <translation>永不过期</translation>
    </message>
    <message>
        <source>TTL %1</source>
        <translation>TTL %1</translation>
    </message>
    <message>
        <source>after %1, with %2 left</source>
        <translation>持有 %1 后释放，TTL 还剩 %2</translation>
    </message>
    <message>
        <source>after %1</source>
        <translation>持有 %1 后释放</translation>
    </message>
    <message>
        <source>while held for %1</source>
        <translation>持有 %1 时过期</translation>
    </message>
    <message>
        <source>TTL now %1</source>
        <translation>TTL 现为 %1</translation>
    </message>
    <message>
        <source>with %1 of %2 left%3</source>
        <translation>续期时 %2 中还剩 %1%3</translation>
    </message>
    <message>
        <source>, %1 after the last</source>
        <translation>，距上次 %1</translation>
    </message>
    <message>
        <source>from %1 after %2</source>
        <translation>从 %1 手中接过，对方持有了 %2</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>从 %1 手中接过</translation>
    </message>
    <message>
        <source>%1 waiting</source>
        <translation>%1 个在等待</translation>
    </message>
    <message>
        <source>%1 failed attempts</source>
        <translation>%1 次加锁失败</translation>
    </message>
    <message>
        <source>no expiry, held for %1</source>
        <translation>永不过期，已持有 %1</translation>
    </message>
    <message>
        <source>held for %1</source>
        <translation>已持有 %1</translation>
    </message>
    <message>
        <source>the server restarted without it</source>
        <translation>服务器重启后锁不见了</translation>
    </message>
    <message>
        <source>lost in a failover: %1 took over from %2 without it</source>
        <translation>在故障转移中丢失：%1 接替了 %2，但没有这把锁</translation>
    </message>
    <message>
        <source>%1, after %2 held</source>
        <translation>%1，此前已持有 %2</translation>
    </message>
    <message>
        <source>at least %1</source>
        <translation>至少 %1</translation>
    </message>
    <message>
        <source>first seen after the server could not be read: taken meanwhile, or just before</source>
        <translation>在服务器无法读取之后才首次看到：是在此期间或就在此前获取的</translation>
    </message>
    <message>
        <source>%1, taken over while the server could not be read</source>
        <translation>%1，在服务器无法读取期间被接管</translation>
    </message>
</context>
<context>
    <name>LockEventLog</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>令牌</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>%1 (was %2)</source>
        <translation>%1（原为 %2）</translation>
    </message>
</context>
<context>
    <name>LockEventService</name>
    <message>
        <source>Events %1</source>
        <translation>事件%1</translation>
    </message>
    <message>
        <source>Events by polling every %1: %2</source>
        <translation>每 %1 轮询获取事件：%2</translation>
    </message>
</context>
<context>
    <name>LockHistoryCharts</name>
    <message>
        <source>Remaining TTL — select a lock</source>
        <translation>剩余 TTL — 请选择一把锁</translation>
    </message>
    <message>
        <source>Holders — select a lock</source>
        <translation>持有者 — 请选择一把锁</translation>
    </message>
    <message>
        <source>TTL left (s)</source>
        <translation>剩余 TTL（秒）</translation>
    </message>
    <message>
        <source>TTL left</source>
        <translation>剩余 TTL</translation>
    </message>
    <message>
        <source>near-miss (renewed with &lt; 10% left)</source>
        <translation>险些过期（续期时剩余不足 10%）</translation>
    </message>
    <message>
        <source>select a lock</source>
        <translation>请选择一把锁</translation>
    </message>
    <message>
        <source>Remaining TTL — %1</source>
        <translation>剩余 TTL — %1</translation>
    </message>
    <message>
        <source>Holders — %1</source>
        <translation>持有者 — %1</translation>
    </message>
    <message>
        <source>near-miss</source>
        <translation>险些过期</translation>
    </message>
</context>
<context>
    <name>LockHolder</name>
    <message>
        <source>client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>thread</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>pid</source>
        <translation>进程号</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>expires</source>
        <translation>到期</translation>
    </message>
    <message>
        <source>node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>MAC</source>
        <translation>MAC</translation>
    </message>
    <message>
        <source>metadata</source>
        <translation>元数据</translation>
    </message>
    <message>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>holder</source>
        <translation>持有者</translation>
    </message>
</context>
<context>
    <name>LockInfo</name>
    <message>
        <source>held</source>
        <translation>持有中</translation>
    </message>
    <message>
        <source>stuck (no TTL)</source>
        <translation>卡死（无 TTL）</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>released</source>
        <translation>已释放</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>已丢失</translation>
    </message>
    <message>
        <source>no expiry</source>
        <translation>永不过期</translation>
    </message>
    <message>
        <source>%1 holders</source>
        <translation>%1 个持有者</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>, …</source>
        <translation>……</translation>
    </message>
    <message>
        <source>%1 holders (%2 read)</source>
        <translation>%1 个持有者（已读 %2 个）</translation>
    </message>
    <message>
        <source>expiring</source>
        <translation>即将过期</translation>
    </message>
    <message>
        <source>%1 (stale)</source>
        <translation>%1（已过时）</translation>
    </message>
    <message>
        <source>%1 s</source>
        <comment>seconds, one decimal</comment>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1m %2s</source>
        <translation>%1分%2秒</translation>
    </message>
    <message>
        <source>%1h %2m</source>
        <translation>%1小时%2分</translation>
    </message>
    <message>
        <source>%1d %2h</source>
        <translation>%1天%2小时</translation>
    </message>
</context>
<context>
    <name>LockTableModel</name>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Dialect</source>
        <translation>方言</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>令牌</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>Holds</source>
        <translation>重入次数</translation>
    </message>
    <message>
        <source>Waiters</source>
        <translation>等待者</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Remaining time to live, counting down from the last PTTL read</source>
        <translation>剩余存活时间，从最近一次读取的 PTTL 开始倒数</translation>
    </message>
    <message>
        <source>Hold count: reentrant acquisitions, or permits held</source>
        <translation>持有计数：可重入的加锁次数，或持有的许可数</translation>
    </message>
    <message>
        <source>Clients waiting, where Redis can show them (— when it cannot)</source>
        <translation>等待中的客户端（Redis 能显示时；不能显示为 —）</translation>
    </message>
    <message>
        <source>(%1 tokens)</source>
        <translation>（%1 个令牌）</translation>
    </message>
    <message>
        <source>Stale for %1: %2. These are the last values read; the TTL counts down from them.</source>
        <translation>已过时 %1：%2。这是最后一次读到的值；TTL 从它开始倒数。</translation>
    </message>
    <message>
        <source>Lost: the server no longer has it, and nobody released it (%1)</source>
        <translation>已丢失：服务器上已经没有它，而且没有人释放过它（%1）</translation>
    </message>
    <message>
        <source>The key has no expiry: if its holder died, it stays locked forever</source>
        <translation>该键没有过期时间：如果持有者已挂掉，它将永远锁住</translation>
    </message>
    <message>
        <source>PTTL %1 ms, read %2 s ago</source>
        <translation>PTTL %1 毫秒，%2 秒前读取</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>The master that holds the lock (host:port), and its shard on a cluster</source>
        <translation>持有该锁的主节点（host:port），集群中还显示其所在分片</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Holders</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#a06000&apos;&gt;●&lt;/span&gt; %1: reconnecting in %2 s (attempt %3)</source>
        <translation>&lt;span style=&apos;color:#a06000&apos;&gt;●&lt;/span&gt; %1：%2 秒后重连（第 %3 次尝试）</translation>
    </message>
    <message>
        <source>Starting a sandbox redis-server…</source>
        <translation>正在启动沙箱 redis-server…</translation>
    </message>
    <message>
        <source>No sandbox</source>
        <translation>没有沙箱</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>连接(&amp;C)…</translation>
    </message>
    <message>
        <source>Open &amp;sandbox server</source>
        <translation>打开沙箱服务器(&amp;S)</translation>
    </message>
    <message>
        <source>Start a private redis-server with sample locks and connect to it</source>
        <translation>启动一个带示例锁的私有 redis-server 并连接</translation>
    </message>
    <message>
        <source>&amp;Demo sandbox</source>
        <translation>演示沙箱(&amp;D)</translation>
    </message>
    <message>
        <source>Training scenarios: every classic lock failure and its fix, live, on private servers</source>
        <translation>培训场景：在私有服务器上实时重现每种经典的锁故障及其修复</translation>
    </message>
    <message>
        <source>&amp;Rescan</source>
        <translation>重新扫描(&amp;R)</translation>
    </message>
    <message>
        <source>Walk the keyspace again for locks (SCAN)</source>
        <translation>重新遍历键空间查找锁（SCAN）</translation>
    </message>
    <message>
        <source>Cancel scan</source>
        <translation>取消扫描</translation>
    </message>
    <message>
        <source>&amp;Acquire…</source>
        <translation>获取锁(&amp;A)…</translation>
    </message>
    <message>
        <source>Take a lock: SET key token NX PX ttl</source>
        <translation>加锁：SET key token NX PX ttl</translation>
    </message>
    <message>
        <source>&amp;Extend…</source>
        <translation>续期(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Force release…</source>
        <translation>强制释放(&amp;F)…</translation>
    </message>
    <message>
        <source>Server time &amp;budget…</source>
        <translation>服务器时间预算(&amp;B)…</translation>
    </message>
    <message>
        <source>How much of the server&apos;s time watching may take</source>
        <translation>监视最多可占用多少服务器时间</translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>Refuse every admin action</source>
        <translation>拒绝一切管理操作</translation>
    </message>
    <message>
        <source>Hide released and expired locks</source>
        <translation>隐藏已释放和已过期的锁</translation>
    </message>
    <message>
        <source>Copy key</source>
        <translation>复制键</translation>
    </message>
    <message>
        <source>Copy token</source>
        <translation>复制令牌</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>设置(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Locks</source>
        <translation>锁(&amp;L)</translation>
    </message>
    <message>
        <source>Dialect &amp;profiles…</source>
        <translation>方言配置(&amp;P)…</translation>
    </message>
    <message>
        <source>Describe your in-house lock layouts so LockScope reads and operates them</source>
        <translation>描述你们自研的锁格式，让 LockScope 能读取和操作它们</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Filter locks</source>
        <translation>过滤锁(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About LockScope</source>
        <translation>关于 LockScope(&amp;A)</translation>
    </message>
    <message>
        <source>About LockScope</source>
        <translation>关于 LockScope</translation>
    </message>
    <message>
        <source>&lt;b&gt;LockScope %1&lt;/b&gt;&lt;p&gt;Monitor and admin console for Redis distributed locks.&lt;/p&gt;</source>
        <translation>&lt;b&gt;LockScope %1&lt;/b&gt;&lt;p&gt;Redis 分布式锁的监控与管理控制台。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Filter by key, holder or token</source>
        <translation>按键、持有者或令牌过滤</translation>
    </message>
    <message numerus="yes">
        <source>%n dialect profile(s) in use; rescanning</source>
        <translation>
            <numerusform>正在使用 %n 个方言配置；重新扫描中</numerusform>
        </translation>
    </message>
    <message>
        <source>Demo sandbox</source>
        <translation>演示沙箱</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>LockScope — %1</source>
        <translation>LockScope — %1</translation>
    </message>
    <message>
        <source>Scan cancelled after %L1 keys</source>
        <translation>扫描 %L1 个键后已取消</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#a06000&apos;&gt;●&lt;/span&gt; Connecting to %1…</source>
        <translation>&lt;span style=&apos;color:#a06000&apos;&gt;●&lt;/span&gt; 正在连接 %1…</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#1b7f3b&apos;&gt;●&lt;/span&gt; %1</source>
        <translation>&lt;span style=&apos;color:#1b7f3b&apos;&gt;●&lt;/span&gt; %1</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#a06000&apos;&gt;●&lt;/span&gt; %1: not answering</source>
        <translation>&lt;span style=&apos;color:#a06000&apos;&gt;●&lt;/span&gt; %1：无响应</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#a06000&apos;&gt;●&lt;/span&gt; %1: reconnecting…</source>
        <translation>&lt;span style=&apos;color:#a06000&apos;&gt;●&lt;/span&gt; %1：正在重连…</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b3261e&apos;&gt;●&lt;/span&gt; %1: disconnected</source>
        <translation>&lt;span style=&apos;color:#b3261e&apos;&gt;●&lt;/span&gt; %1：已断开</translation>
    </message>
    <message>
        <source>&lt;a href=&apos;budget&apos;&gt;server load ~%1%&lt;/a&gt;</source>
        <translation>&lt;a href=&apos;budget&apos;&gt;服务器负载约 %1%&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Server time budget</source>
        <translation>服务器时间预算</translation>
    </message>
    <message>
        <source>Share of one server core that watching may take (re-reading locks and rescanning for new ones). Without keyspace notifications, a larger share shows changes sooner.</source>
        <translation>监视（重新读取锁、扫描新锁）最多可占用服务器一个核心的比例。没有键空间通知时，比例越大，变化显示得越快。</translation>
    </message>
    <message>
        <source>Closing: putting back what LockScope changed on the server…</source>
        <translation>正在关闭：恢复 LockScope 在服务器上改动的设置…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln lock(s)</source>
        <translation>
            <numerusform>%Ln 把锁</numerusform>
        </translation>
    </message>
    <message>
        <source>Scanning: %L1 keys, %L2 locks</source>
        <translation>扫描中：%L1 个键，%L2 把锁</translation>
    </message>
    <message>
        <source>Select a lock</source>
        <translation>请选择一把锁</translation>
    </message>
    <message>
        <source>Set a new TTL, guarded by the token you see</source>
        <translation>设置新的 TTL，以你看到的令牌为守护条件</translation>
    </message>
    <message>
        <source>Delete the lock, guarded by the token you see</source>
        <translation>删除该锁，以你看到的令牌为守护条件</translation>
    </message>
    <message>
        <source>Cannot %1: %2</source>
        <translation>无法%1：%2</translation>
    </message>
    <message>
        <source>Not run: the connection changed while the confirmation was open</source>
        <translation>未执行：确认对话框打开期间连接已改变</translation>
    </message>
    <message>
        <source>LockScope — %1 — PRODUCTION</source>
        <translation>LockScope — %1 — 生产环境</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>The secrets of %1 are not at hand (%2): connect to it once to give them</source>
        <translation>%1 的密钥暂时取不到（%2）：请先连接它一次并输入密钥</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#a06000&apos;&gt;●&lt;/span&gt; %1</source>
        <translation>&lt;span style=&apos;color:#a06000&apos;&gt;●&lt;/span&gt; %1</translation>
    </message>
    <message>
        <source>A replica: what it shows may lag its master, and admin actions fail on it</source>
        <translation>这是副本：它显示的内容可能落后于主节点，在它上面的管理操作会失败</translation>
    </message>
    <message numerus="yes">
        <source>&lt;span style=&apos;color:#a06000&apos;&gt;●&lt;/span&gt; %1: %n master(s) not answering</source>
        <translation>
            <numerusform>&lt;span style=&apos;color:#a06000&apos;&gt;●&lt;/span&gt; %1：%n 个主节点无响应</numerusform>
        </translation>
    </message>
    <message>
        <source>Their locks are shown stale until they answer:
%1</source>
        <translation>在它们应答之前，它们的锁显示为过时：
%1</translation>
    </message>
    <message numerus="yes">
        <source>Scanned %Ln key(s) in %1 s</source>
        <translation>
            <numerusform>已扫描 %Ln 个键，用时 %1 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2 gone)</source>
        <translation>%1（%2 个已消失）</translation>
    </message>
    <message numerus="yes">
        <source>%Ln key(s) under the lock patterns could not be read (%1): %2</source>
        <translation>
            <numerusform>锁模式下有 %Ln 个键无法读取（%1）：%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NotificationRestorer</name>
    <message>
        <source>no answer within %1 s</source>
        <translation>%1 秒内没有应答</translation>
    </message>
    <message>
        <source>notify-keyspace-events on %1 was not put back (%2): it may still be as LockScope set it; CONFIG SET notify-keyspace-events &quot;%3&quot; puts back what it was</source>
        <translation>%1 上的 notify-keyspace-events 没有恢复（%2）：它可能仍是 LockScope 设置的值；CONFIG SET notify-keyspace-events &quot;%3&quot; 可恢复原值</translation>
    </message>
</context>
<context>
    <name>PasswordDialog</name>
    <message>
        <source>Connect to %1</source>
        <translation>连接到 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; needs its secrets to connect.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 需要提供密钥才能连接。</translation>
    </message>
    <message>
        <source>Save in the system keychain</source>
        <translation>保存到系统密钥环</translation>
    </message>
    <message>
        <source>Kept in memory only, until LockScope quits: there is no keychain to save them in.</source>
        <translation>只保存在内存中，直到 LockScope 退出：没有可用的密钥环。</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
</context>
<context>
    <name>ProfileEditorDialog</name>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Dialect profiles</source>
        <translation>方言配置</translation>
    </message>
    <message>
        <source>billing:lock:*   (i:… ignores case)</source>
        <translation>billing:lock:*   （i:… 忽略大小写）</translation>
    </message>
    <message>
        <source>(?&lt;host&gt;[^:]+):(?&lt;pid&gt;\d+):(?&lt;time&gt;\d+)</source>
        <translation>(?&lt;host&gt;[^:]+):(?&lt;pid&gt;\d+):(?&lt;time&gt;\d+)</translation>
    </message>
    <message>
        <source>Must match the whole token. Named groups: %1</source>
        <translation>必须匹配整个令牌。命名分组：%1</translation>
    </message>
    <message>
        <source>a token as your code writes it</source>
        <translation>你们的代码写入的令牌</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Id:</source>
        <translation>标识(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Key glob:</source>
        <translation>键通配符(&amp;K)：</translation>
    </message>
    <message>
        <source>Redis &amp;type:</source>
        <translation>Redis 类型(&amp;T)：</translation>
    </message>
    <message>
        <source>Token &amp;regex:</source>
        <translation>令牌正则(&amp;R)：</translation>
    </message>
    <message>
        <source>Try a &amp;token:</source>
        <translation>试一个令牌(&amp;T)：</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>（未命名）</translation>
    </message>
    <message>
        <source>Type a token to see what the regex makes of it.</source>
        <translation>输入一个令牌，看看正则表达式如何解析它。</translation>
    </message>
    <message>
        <source>No match: keys with this token would not be read as this dialect.</source>
        <translation>不匹配：带有此令牌的键不会被识别为此方言。</translation>
    </message>
    <message>
        <source>holder: %1</source>
        <translation>持有者：%1</translation>
    </message>
    <message>
        <source>Match. %1</source>
        <translation>匹配。%1</translation>
    </message>
    <message>
        <source>(no named groups)</source>
        <translation>（没有命名分组）</translation>
    </message>
    <message>
        <source>New profile %1</source>
        <translation>新配置 %1</translation>
    </message>
    <message>
        <source>Import dialect profiles</source>
        <translation>导入方言配置</translation>
    </message>
    <message>
        <source>Export dialect profiles</source>
        <translation>导出方言配置</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>acquired</source>
        <translation>已加锁</translation>
    </message>
    <message>
        <source>extended</source>
        <translation>已续期</translation>
    </message>
    <message>
        <source>released</source>
        <translation>已释放</translation>
    </message>
    <message>
        <source>The saved dialect profiles in %1 are unreadable: %2</source>
        <translation>%1 中保存的方言配置无法读取：%2</translation>
    </message>
    <message>
        <source>Could not save the dialect profiles to %1.</source>
        <translation>无法将方言配置保存到 %1。</translation>
    </message>
    <message>
        <source>Cannot read profile file %1: %2</source>
        <translation>无法读取配置文件 %1：%2</translation>
    </message>
    <message>
        <source>Profile file %1: %2</source>
        <translation>配置文件 %1：%2</translation>
    </message>
    <message>
        <source>Cannot write profile file %1: %2</source>
        <translation>无法写入配置文件 %1：%2</translation>
    </message>
    <message>
        <source>Could not save the settings to %1.</source>
        <translation>无法将设置保存到 %1。</translation>
    </message>
    <message>
        <source>Could not save the window layout to %1.</source>
        <translation>无法将窗口布局保存到 %1。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; opens a [ for an IPv6 address and never closes it</source>
        <translation>“%1”为 IPv6 地址打开了 [，但没有闭合</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not host:port</source>
        <translation>“%1”不是 主机:端口 格式</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not host:port with a port from 1 to 65535</source>
        <translation>“%1”不是端口在 1 到 65535 之间的 主机:端口</translation>
    </message>
    <message>
        <source>a redis+sentinel:// URL names the master after the hosts: redis+sentinel://host:26379/mymaster</source>
        <translation>redis+sentinel:// URL 在主机之后写主节点名：redis+sentinel://host:26379/mymaster</translation>
    </message>
    <message>
        <source>a redis+sentinel:// URL has /MASTER[/db] after the hosts, not %1</source>
        <translation>redis+sentinel:// URL 在主机之后应为 /MASTER[/db]，而不是 %1</translation>
    </message>
    <message>
        <source>the URL names no sentinel: %1</source>
        <translation>URL 中没有哨兵：%1</translation>
    </message>
    <message>
        <source>not a redis://, rediss:// or redis+sentinel:// URL: %1</source>
        <translation>不是 redis://、rediss:// 或 redis+sentinel:// URL：%1</translation>
    </message>
    <message>
        <source>the URL names no host: %1</source>
        <translation>URL 中没有主机：%1</translation>
    </message>
    <message>
        <source>the URL&apos;s port is not a number from 1 to 65535: %1</source>
        <translation>URL 中的端口不是 1 到 65535 之间的数字：%1</translation>
    </message>
    <message>
        <source>LockScope does not understand the URL parameter &quot;%1&quot;</source>
        <translation>LockScope 不认识 URL 参数“%1”</translation>
    </message>
    <message>
        <source>A %1 lock has one holder at a time: releasing one holder is releasing the lock</source>
        <translation>%1 锁同一时间只有一个持有者：释放这个持有者就是释放整把锁</translation>
    </message>
    <message>
        <source>Take %1 with token %2 for %3 ms, only if nobody holds it (SET NX PX).</source>
        <translation>仅在无人持有时获取 %1，令牌 %2，有效期 %3 毫秒（SET NX PX）。</translation>
    </message>
    <message>
        <source>Set the TTL of %1 to %2 ms, only while it is exactly as you saw it (%3).</source>
        <translation>仅当 %1 与你看到的完全一致（%3）时，将其 TTL 设为 %2 毫秒。</translation>
    </message>
    <message>
        <source>Delete %1 only while it is exactly as you saw it (%2), as a compare-and-delete does. If anything changed since you looked, nothing is deleted.</source>
        <translation>像“比较后删除”一样，仅当 %1 与你看到的完全一致（%2）时才删除。如果你查看之后有任何变化，则什么都不删除。</translation>
    </message>
    <message>
        <source>A profile needs a name.</source>
        <translation>配置需要一个名称。</translation>
    </message>
    <message>
        <source>Profile id &quot;%1&quot; may hold only lower-case letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>配置标识“%1”只能包含小写字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;。</translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot; needs a key glob.</source>
        <translation>配置“%1”需要键通配符。</translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot;: type must be string, hash, set or zset.</source>
        <translation>配置“%1”：类型必须是 string、hash、set 或 zset。</translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot; needs a token regex.</source>
        <translation>配置“%1”需要令牌正则表达式。</translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot;: the token regex is invalid at offset %2: %3.</source>
        <translation>配置“%1”：令牌正则表达式在偏移 %2 处无效：%3。</translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot;: unknown group (?&lt;%2&gt;); use %3.</source>
        <translation>配置“%1”：未知分组 (?&lt;%2&gt;)；请使用 %3。</translation>
    </message>
    <message>
        <source>A profile needs &quot;%1&quot; as a string.</source>
        <translation>配置需要字符串类型的“%1”。</translation>
    </message>
    <message>
        <source>A profile&apos;s &quot;id&quot; must be a string.</source>
        <translation>配置的“id”必须是字符串。</translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot;: &quot;redis_type&quot; must be string, hash, set or zset.</source>
        <translation>配置“%1”：“redis_type”必须是 string、hash、set 或 zset。</translation>
    </message>
    <message>
        <source>Not JSON: %1 at offset %2.</source>
        <translation>不是有效的 JSON：偏移 %2 处 %1。</translation>
    </message>
    <message>
        <source>Profile %1 is not a JSON object.</source>
        <translation>配置 %1 不是 JSON 对象。</translation>
    </message>
    <message>
        <source>Two profiles share the id &quot;%1&quot;.</source>
        <translation>有两个配置使用同一个标识“%1”。</translation>
    </message>
    <message>
        <source>The dialect id &quot;%1&quot; is already taken; give the profile another id.</source>
        <translation>方言标识“%1”已被占用；请为配置换一个标识。</translation>
    </message>
    <message>
        <source>reader</source>
        <translation>读者</translation>
    </message>
    <message>
        <source>writer</source>
        <translation>写者</translation>
    </message>
    <message>
        <source>permit</source>
        <translation>许可</translation>
    </message>
    <message>
        <source>holder</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>%1 is gone from Redis</source>
        <translation>%1 已从 Redis 中消失</translation>
    </message>
    <message>
        <source>%1 is a %2, which no lock library LockScope knows writes</source>
        <translation>%1 是 %2，LockScope 知道的锁库都不会写这种类型</translation>
    </message>
    <message>
        <source>LockScope read %3 only in part (%1 of its %2 entries, or an entry cut at the byte cap): a guard must compare all of it, so it cannot act on it</source>
        <translation>LockScope 只读取了 %3 的一部分（%2 项中的 %1 项，或有一项在字节上限处被截断）：守护条件必须比较全部内容，因此不能对它操作</translation>
    </message>
    <message>
        <source>%1 does not hold %2</source>
        <translation>%1 并未持有 %2</translation>
    </message>
    <message>
        <source>absent: nobody holds %1</source>
        <translation>不存在：没有人持有 %1</translation>
    </message>
    <message>
        <source>a value of %1 bytes</source>
        <translation>一个 %1 字节的值</translation>
    </message>
    <message>
        <source>value %1</source>
        <translation>值 %1</translation>
    </message>
    <message>
        <source>token %1</source>
        <translation>令牌 %1</translation>
    </message>
    <message>
        <source>permit </source>
        <translation>许可 </translation>
    </message>
    <message>
        <source>holder </source>
        <translation>持有者 </translation>
    </message>
    <message>
        <source>field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>member</source>
        <translation>成员</translation>
    </message>
    <message>
        <source>an empty %1</source>
        <translation>一个空的 %1</translation>
    </message>
    <message>
        <source>it exists now (%1)</source>
        <translation>它现在存在（%1）</translation>
    </message>
    <message>
        <source>it no longer exists: it expired or was released</source>
        <translation>它已不存在：已过期或已被释放</translation>
    </message>
    <message>
        <source>it is now a %1, not the %2 you saw</source>
        <translation>它现在是 %1，而不是你看到的 %2</translation>
    </message>
    <message>
        <source>its value is now %1 bytes long, not the %2 you saw</source>
        <translation>它的值现在长 %1 字节，而不是你看到的 %2</translation>
    </message>
    <message>
        <source>it is not as you saw it</source>
        <translation>它与你看到的不同</translation>
    </message>
    <message>
        <source>it changed hands: the token is now %1 (you saw %2)</source>
        <translation>它已易主：令牌现在是 %1（你看到的是 %2）</translation>
    </message>
    <message>
        <source>its value is now %1 (you saw %2)</source>
        <translation>它的值现在是 %1（你看到的是 %2）</translation>
    </message>
    <message>
        <source>%1 %2 is gone</source>
        <translation>%1 %2 已不在</translation>
    </message>
    <message>
        <source>member %1 is gone</source>
        <translation>成员 %1 已不在</translation>
    </message>
    <message>
        <source>%1 re-acquired: hold count %2 → %3</source>
        <translation>%1 重入了：持有计数 %2 → %3</translation>
    </message>
    <message>
        <source>%1 released a hold: hold count %2 → %3</source>
        <translation>%1 释放了一次持有：持有计数 %2 → %3</translation>
    </message>
    <message>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <source>a %1 %2 joined (×%3)</source>
        <translation>新加入了%1 %2（×%3）</translation>
    </message>
    <message>
        <source>a %1 %2 joined</source>
        <translation>新加入了%1 %2</translation>
    </message>
    <message>
        <source>field %1 = %2 was added</source>
        <translation>新增了字段 %1 = %2</translation>
    </message>
    <message>
        <source>member %1 was added</source>
        <translation>新增了成员 %1</translation>
    </message>
    <message>
        <source>it has %1 entries now, not the %2 you saw</source>
        <translation>它现在有 %1 项，而不是你看到的 %2 项</translation>
    </message>
    <message>
        <source>Custom profile: %1 keys matching %2, token /%3/</source>
        <translation>自定义配置：匹配 %2 的 %1 键，令牌 /%3/</translation>
    </message>
    <message>
        <source>A %1 profile has no per-member TTL LockScope could set or extend safely; only releasing members is offered</source>
        <translation>%1 类型的配置没有 LockScope 能安全设置或续期的单成员 TTL；只提供释放成员</translation>
    </message>
    <message>
        <source>Remove member %1 from %2, only while it is still there; other holders stay.</source>
        <translation>仅当成员 %1 仍在 %2 中时将其移除；其他持有者保留。</translation>
    </message>
    <message>
        <source>Remove every holder you saw from %1 (%2), only while exactly those members are there.</source>
        <translation>仅当 %1 中恰好是你看到的那些成员时，移除你看到的所有持有者（%2）。</translation>
    </message>
    <message>
        <source>Take %1: add holder field %2 and set its TTL to %3 ms, only if the hash is absent.</source>
        <translation>获取 %1：仅当该哈希不存在时，添加持有者字段 %2 并将 TTL 设为 %3 毫秒。</translation>
    </message>
    <message>
        <source>Redisson RFairLock: the RLock hash plus redisson_lock_queue / redisson_lock_timeout</source>
        <translation>Redisson RFairLock（公平锁）：RLock 的哈希，加上 redisson_lock_queue / redisson_lock_timeout</translation>
    </message>
    <message>
        <source>node-redisson: Redisson&apos;s hash with &lt;uuid&gt;:&lt;uuid&gt; holder fields</source>
        <translation>node-redisson：Redisson 式哈希，持有者字段为 &lt;uuid&gt;:&lt;uuid&gt;</translation>
    </message>
    <message>
        <source>Redisson RLock, SpinLock and FencedLock (Java): hash &lt;uuid&gt;:&lt;thread&gt; → count</source>
        <translation>Redisson RLock、SpinLock 和 FencedLock（Java）：哈希 &lt;uuid&gt;:&lt;线程&gt; → 重入次数</translation>
    </message>
    <message>
        <source>Set the lease of %1 to %2 ms as Redisson&apos;s watchdog renews it (PEXPIRE), only while the hash is exactly as you saw it (%3).</source>
        <translation>像 Redisson 看门狗续期那样（PEXPIRE）将 %1 的租期设为 %2 毫秒，仅当哈希与你看到的完全一致（%3）时。</translation>
    </message>
    <message>
        <source>Redisson RReadWriteLock: hash with mode read|write, a field per reader or writer</source>
        <translation>Redisson RReadWriteLock（读写锁）：哈希，mode 为 read|write，每个读者或写者一个字段</translation>
    </message>
    <message>
        <source>Take the write lock %1 as RReadWriteLock.writeLock() does: mode=write, field %2 = 1, PEXPIRE %3 ms, only if nobody holds it.</source>
        <translation>像 RReadWriteLock.writeLock() 一样获取写锁 %1：仅当无人持有时，mode=write、字段 %2 = 1、PEXPIRE %3 毫秒。</translation>
    </message>
    <message>
        <source>Delete %1 with every holder you saw (%2), only while it is exactly so: a reader that joined since is refused, not deleted. Then publish &quot;1&quot; on %3, which wakes every waiting reader and writer.</source>
        <translation>删除 %1 及你看到的所有持有者（%2），仅当它完全如此时：之后新加入的读者会导致拒绝，而不会被删掉。然后在 %3 上发布 &quot;1&quot;，唤醒所有等待的读者和写者。</translation>
    </message>
    <message>
        <source>Release only %1 of %2 (%3) as its own unlock would, all its holds at once: remove its field and its read-hold keys; other holders keep theirs. The hash is deleted, with a message on %4, only if nobody else holds it.</source>
        <translation>像它自己的 unlock 那样，只释放 %2 中的 %1（%3），一次释放它的全部持有：移除它的字段和读持有键；其他持有者保留各自的持有。只有在没有其他人持有时，才删除该哈希并在 %4 上发布消息。</translation>
    </message>
    <message>
        <source>Redisson RSemaphore: a string holding the permits left</source>
        <translation>Redisson RSemaphore（信号量）：保存剩余许可数的字符串</translation>
    </message>
    <message>
        <source>Redisson RPermitExpirableSemaphore: zset {name}:timeout of permit ids scored by expiry</source>
        <translation>Redisson RPermitExpirableSemaphore：有序集合 {name}:timeout，成员为许可 ID，分值为过期时间</translation>
    </message>
    <message>
        <source>permit %1</source>
        <translation>许可 %1</translation>
    </message>
    <message>
        <source>never</source>
        <translation>永不</translation>
    </message>
    <message>
        <source>A Redisson semaphore&apos;s permits have no owner in Redis: nothing identifies whose permit to give back. Use the library&apos;s release() or addPermits().</source>
        <translation>Redisson 信号量的许可在 Redis 中没有归属：无法确定该归还谁的许可。请使用库的 release() 或 addPermits()。</translation>
    </message>
    <message>
        <source>Permits are issued by the library, which also counts them down</source>
        <translation>许可由库发放，也由库递减计数</translation>
    </message>
    <message>
        <source>Move the expiry of permit %1 in %2 to %3 ms from now, as updateLeaseTime() does, only while the permit is still issued.</source>
        <translation>像 updateLeaseTime() 一样，仅当许可 %1 仍已发放时，将它在 %2 中的过期时间改为从现在起 %3 毫秒。</translation>
    </message>
    <message>
        <source>Give back permit %1 as release(permitId) does: remove it from %2, add one permit to %3 and publish the new count on %4 so waiters retry. Other permits stay issued.</source>
        <translation>像 release(permitId) 一样归还许可 %1：将它从 %2 移除，给 %3 加一个许可，并在 %4 上发布新的数量让等待者重试。其他许可保持发放状态。</translation>
    </message>
    <message>
        <source>Give back every permit you saw (%1) as release(permitId) does for each, only while exactly those are issued: remove them from %2, add them to %3 and publish the new count on %4 so waiters retry.</source>
        <translation>仅当已发放的恰好是你看到的那些许可（%1）时，像对每个许可调用 release(permitId) 一样全部归还：从 %2 移除，加回 %3，并在 %4 上发布新的数量让等待者重试。</translation>
    </message>
    <message>
        <source>host %1</source>
        <translation>主机 %1</translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>thread %1</source>
        <translation>线程 %1</translation>
    </message>
    <message>
        <source>client %1</source>
        <translation>客户端 %1</translation>
    </message>
    <message>
        <source>MAC %1</source>
        <translation>MAC %1</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>since %1</source>
        <translation>自 %1 起</translation>
    </message>
    <message>
        <source>expires %1</source>
        <translation>%1 过期</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <source> With several Redlock masters the lock lives on each of them: this acts on this server only.</source>
        <translation> 使用多个红锁（Redlock）主节点时，锁存在于每个节点上：此操作只作用于当前服务器。</translation>
    </message>
    <message>
        <source> A live RedLock.net holder re-creates its key within expiry/2, so this frees the lock only if its holder is gone.</source>
        <translation> 仍在运行的 RedLock.net 持有者会在 expiry/2 内重新创建它的键，因此只有持有者已不在时，这才会真正释放锁。</translation>
    </message>
    <message>
        <source> ShedLock skips the job while the key exists; a finished job may keep it until lockAtLeastFor.</source>
        <translation> 键存在期间 ShedLock 会跳过该任务；已完成的任务可能保留它直到 lockAtLeastFor。</translation>
    </message>
    <message>
        <source>The value is the lock&apos;s deadline: a longer TTL would leave it stale for the library</source>
        <translation>值就是锁的截止时间：更长的 TTL 会让库读到过时的截止时间</translation>
    </message>
    <message>
        <source>%1 refuses to extend a lock that has no timeout; force-release it instead</source>
        <translation>%1 不会续期没有超时的锁；请改为强制释放</translation>
    </message>
    <message>
        <source>Take %1 as %2 does (%3), only if nobody holds it.</source>
        <translation>像 %2 一样获取 %1（%3），仅当无人持有时。</translation>
    </message>
    <message>
        <source>Delete %1 only while it holds exactly what you saw (%2), and push 1 onto %3 (expiring in 1 s) as python-redis-lock&apos;s unlock does, so clients blocked in BLPOP wake up at once.</source>
        <translation>仅当 %1 的内容与你看到的完全一致（%2）时删除它，并像 python-redis-lock 的 unlock 一样向 %3 推入 1（1 秒后过期），让阻塞在 BLPOP 上的客户端立即醒来。</translation>
    </message>
    <message>
        <source>Unlink %1 only while it holds exactly what you saw (%2), then publish the key on %3 so registries in pub/sub mode retry at once (harmless in spin mode).</source>
        <translation>仅当 %1 的内容与你看到的完全一致（%2）时 UNLINK 它，然后在 %3 上发布该键，让发布/订阅模式的注册表立即重试（对自旋模式无影响）。</translation>
    </message>
    <message>
        <source>~%1% of the server&apos;s time (budget %2%)</source>
        <translation>约占服务器时间的 %1%（预算 %2%）</translation>
    </message>
    <message>
        <source>live: re-reading %L1 of %L2 lock(s) a second to catch drift, rescans every %3: %4</source>
        <translation>实时：每秒重新读取 %L2 把锁中的 %L1 把以发现偏差，每 %3 重新扫描一次：%4</translation>
    </message>
    <message>
        <source>polling %L1 lock(s) every %2, rescans every %3: %4</source>
        <translation>每 %2 轮询 %L1 把锁，每 %3 重新扫描一次：%4</translation>
    </message>
    <message>
        <source>redis-semaphore (Node) Semaphore / MultiSemaphore: zset semaphore:&lt;key&gt; of holder ids scored by time</source>
        <translation>redis-semaphore（Node）Semaphore / MultiSemaphore：有序集合 semaphore:&lt;key&gt;，成员为持有者 ID，分值为时间</translation>
    </message>
    <message>
        <source>client %1, refreshed %2</source>
        <translation>客户端 %1，刷新于 %2</translation>
    </message>
    <message>
        <source>The semaphore&apos;s limit lives in its clients, not in Redis: acquire through the library</source>
        <translation>信号量的上限保存在客户端而不在 Redis 中：请通过库来获取</translation>
    </message>
    <message>
        <source>Remove holder %1 from %2 (ZREM), as its own release does; other holders keep their permits.</source>
        <translation>像它自己的 release 一样，从 %2 移除持有者 %1（ZREM）；其他持有者保留各自的许可。</translation>
    </message>
    <message>
        <source>Remove every holder you saw from %1 (%2) as each one&apos;s release does (ZREM), only while exactly those hold it.</source>
        <translation>仅当持有者恰好是你看到的那些时，像各自的 release 一样从 %1 移除所有这些持有者（%2）（ZREM）。</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1和%2</translation>
    </message>
    <message>
        <source>sentinel %1 via %2</source>
        <translation>哨兵 %1，经由 %2</translation>
    </message>
    <message>
        <source>cluster via %1</source>
        <translation>集群，经由 %1</translation>
    </message>
    <message>
        <source> (TLS)</source>
        <translation>（TLS）</translation>
    </message>
    <message>
        <source> via ssh %1</source>
        <translation>，经由 ssh %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has an @ with no user before it</source>
        <translation>“%1”中的 @ 前面没有用户名</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not [user@]host[:port] for SSH: %2</source>
        <translation>“%1”不是 SSH 所需的 [user@]host[:port] 格式：%2</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is a secret, and LockScope never reads secrets from a file; remove it, and type the secret in the connection dialog (it goes to the keychain) or when connecting</source>
        <translation>%1：“%2”是密钥，LockScope 从不从文件中读取密钥；请删除它，然后在连接对话框中输入（会存入密钥环），或在连接时输入</translation>
    </message>
    <message>
        <source>%1: unknown field &quot;%2&quot;</source>
        <translation>%1：未知字段“%2”</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>a whole number from %1 to %2</source>
        <translation>%1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>一个对象</translation>
    </message>
    <message>
        <source>a list of text</source>
        <translation>文本列表</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; must be %3</source>
        <translation>%1：“%2”必须是%3</translation>
    </message>
    <message>
        <source>A connection</source>
        <translation>某个连接</translation>
    </message>
    <message>
        <source>Connection &quot;%1&quot;</source>
        <translation>连接“%1”</translation>
    </message>
    <message>
        <source>A connection has no name</source>
        <translation>有一个连接没有名称</translation>
    </message>
    <message>
        <source>a colour such as #c62828</source>
        <translation>颜色值，如 #c62828</translation>
    </message>
    <message>
        <source>standalone, cluster or sentinel</source>
        <translation>standalone、cluster 或 sentinel</translation>
    </message>
    <message>
        <source>%1: &quot;moreNodes&quot;: %2</source>
        <translation>%1：“moreNodes”：%2</translation>
    </message>
    <message>
        <source>%1: &quot;secrets&quot; names no secret &quot;%2&quot;</source>
        <translation>%1：“secrets”中的“%2”不是已知的密钥</translation>
    </message>
    <message>
        <source>, TLS</source>
        <translation>，TLS</translation>
    </message>
    <message>
        <source>, SSH</source>
        <translation>，SSH</translation>
    </message>
    <message>
        <source>not JSON: %1 at offset %2</source>
        <translation>不是 JSON：%1，位于偏移 %2</translation>
    </message>
    <message>
        <source>not a LockScope connection list ({&quot;lockscope&quot;: &quot;connections&quot;, &quot;connections&quot;: [...]})</source>
        <translation>不是 LockScope 连接列表（{&quot;lockscope&quot;: &quot;connections&quot;, &quot;connections&quot;: [...]}）</translation>
    </message>
    <message>
        <source>a connection list of version %1; this LockScope reads version %2</source>
        <translation>连接列表版本为 %1；此版本的 LockScope 读取版本 %2</translation>
    </message>
    <message>
        <source>each connection must be a JSON object</source>
        <translation>每个连接都必须是 JSON 对象</translation>
    </message>
    <message>
        <source>two connections are named &quot;%1&quot;</source>
        <translation>有两个连接都叫“%1”</translation>
    </message>
    <message>
        <source>two connections have the id %1</source>
        <translation>有两个连接的 ID 都是 %1</translation>
    </message>
    <message>
        <source>client %1, thread %2</source>
        <translation>客户端 %1，线程 %2</translation>
    </message>
    <message>
        <source>client %1, lock object %2</source>
        <translation>客户端 %1，锁对象 %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>absent on a majority of %1 nodes</source>
        <translation>%1 个节点中的多数派上都不存在</translation>
    </message>
    <message>
        <source>token %1 on every node</source>
        <translation>每个节点上的令牌都是 %1</translation>
    </message>
    <message>
        <source>Refresh holder %1 of %2 as the library&apos;s refresh does: re-score it with the current time and PEXPIRE the set %3 ms, only while the member is still there, and never sooner than it expires now while other holders are in it.</source>
        <translation>像库的 refresh 那样刷新 %2 的持有者 %1：用当前时间重新打分，并对该集合 PEXPIRE %3 ms；仅在该成员仍在时进行，且在还有其他持有者时绝不让它比现在更早过期。</translation>
    </message>
    <message>
        <source>Set the lease of %1 to %2 ms, only while it is exactly as you saw it (%3), and never shorter than it is while others hold it too. Per-read-hold timeout keys keep their own TTL, as between two watchdog runs.</source>
        <translation>把 %1 的租期设为 %2 ms，仅在它与你所见完全相同（%3）时进行；在还有其他持有者时绝不比现在更短。每个读持有的超时键保留各自的 TTL，如同两次看门狗运行之间。</translation>
    </message>
    <message>
        <source>A Redisson semaphore&apos;s permits are taken by the library&apos;s acquire(), which counts them down; LockScope does not take one for you.</source>
        <translation>Redisson 信号量的许可由库的 acquire() 取得并递减计数；LockScope 不会替你取得许可。</translation>
    </message>
    <message>
        <source>A Redisson semaphore&apos;s permits have no lease in Redis: there is nothing to extend.</source>
        <translation>Redisson 信号量的许可在 Redis 中没有租期：没有可续期的东西。</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 及另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 &lt;the token seen on that node&gt;</source>
        <translation>%1 &lt;在该节点上看到的令牌&gt;</translation>
    </message>
    <message>
        <source>the URL has an empty sentinel between its commas: %1</source>
        <translation>URL 的逗号之间有一个空的哨兵：%1</translation>
    </message>
    <message>
        <source>LockScope read only the first %1 of the %2 bytes of %3: a guard must compare the whole value, so it cannot act on it as observed. Give the whole value as the token to act for its holder.</source>
        <translation>LockScope 只读取了 %3 的 %2 字节中的前 %1 字节：守卫必须比较整个值，所以无法按所见对它操作。请把完整的值作为令牌给出，以代其持有者操作。</translation>
    </message>
    <message>
        <source>%1 keeps a lock&apos;s expiry in whole seconds (SET … EX): %2 ms would be %3 s, so give whole seconds</source>
        <translation>%1 以整秒保存锁的过期时间（SET … EX）：%2 毫秒会变成 %3 秒，请给出整秒</translation>
    </message>
    <message>
        <source>Take %1 as Redisson&apos;s tryLock does: HINCRBY holder field %2 and PEXPIRE %3 ms, only if the hash is absent and %2 is first in its fair queue, if it has one. As tryLock does, waiters whose timeout passed are dropped from the queue&apos;s head first, and a first waiter that takes it leaves the queue, the waiters behind it moving up.</source>
        <translation>按 Redisson 的 tryLock 的方式获取 %1：HINCRBY 持有者字段 %2 并 PEXPIRE %3 毫秒，仅当该哈希不存在，并且（如果有公平队列）%2 排在队首时。与 tryLock 一样，会先从队首移除超时已过的等待者；队首的等待者获取后离开队列，排在它后面的等待者依次前移。</translation>
    </message>
    <message>
        <source>Delete %1 as forceUnlock() does, only while it is exactly as you saw it (%2): a holder that re-entered or a new holder is refused. Then publish &quot;0&quot; on %3 (and on the channel of the fair queue&apos;s first waiter still waiting, if any, once the waiters whose timeout passed are dropped from its head, as forceUnlock() does) so blocked clients retry at once instead of sleeping out the lease.</source>
        <translation>像 forceUnlock() 一样删除 %1，仅当它与你看到的完全一致（%2）时：有持有者重入或出现新持有者都会被拒绝。然后在 %3 上发布 &quot;0&quot;（若有公平队列，则像 forceUnlock() 一样先从队首移除超时已过的等待者，再在第一个仍在等待的等待者的频道上发布），让阻塞的客户端立即重试，而不是睡到租期结束。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an IPv6 address; with a port, put the address in brackets: [%2]:%3</source>
        <translation>&quot;%1&quot; 不是 IPv6 地址；带端口时请把地址放在方括号里：[%2]:%3</translation>
    </message>
    <message>
        <source>the URL names the database twice (%1 and %2)</source>
        <translation>URL 两次指定了数据库（%1 和 %2）</translation>
    </message>
    <message>
        <source>the URL&apos;s database is to be a number of 0 or more, not &quot;%1&quot;</source>
        <translation>URL 中的数据库应为 0 或更大的数字，而不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the URL has a fragment (#…), which means nothing here; a &apos;#&apos; in a password is written %23: %1</source>
        <translation>URL 带有片段（#…），在这里没有意义；密码中的 &apos;#&apos; 应写作 %23：%1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a list: give one address at a time</source>
        <translation>&quot;%1&quot; 是一个列表：每次只给一个地址</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is neither an address nor host:port</source>
        <translation>&quot;%1&quot; 既不是地址，也不是 host:port</translation>
    </message>
    <message>
        <source>; an IPv6 address goes in brackets, as in redis://[::1]:6379</source>
        <translation>；IPv6 地址要放在方括号里，例如 redis://[::1]:6379</translation>
    </message>
    <message>
        <source>not a valid URL (%1%2): %3</source>
        <translation>不是有效的 URL（%1%2）：%3</translation>
    </message>
    <message>
        <source>the URL gives the parameter &quot;%1&quot; twice</source>
        <translation>URL 两次给出参数“%1”</translation>
    </message>
</context>
<context>
    <name>RedisConnection</name>
    <message>
        <source>No answer from %1 within %2: host unreachable, or not a Redis server</source>
        <translation>%1 在 %2 内没有应答：主机不可达，或者不是 Redis 服务器</translation>
    </message>
    <message>
        <source>Cannot use TLS with %1: %2</source>
        <translation>无法对 %1 使用 TLS：%2</translation>
    </message>
    <message>
        <source>TLS handshake with %1 failed: %2</source>
        <translation>与 %1 的 TLS 握手失败：%2</translation>
    </message>
    <message>
        <source>Connection refused by %1: is redis-server running there?</source>
        <translation>%1 拒绝连接：那里有 redis-server 在运行吗？</translation>
    </message>
    <message>
        <source>Host not found: %1</source>
        <translation>找不到主机：%1</translation>
    </message>
    <message>
        <source>Connection to %1 lost: the server closed it</source>
        <translation>与 %1 的连接已断开：服务器关闭了连接</translation>
    </message>
    <message>
        <source>%1 closed the connection during the handshake</source>
        <translation>%1 在握手期间关闭了连接</translation>
    </message>
    <message>
        <source>%1 closed the connection during the handshake: if it is a TLS port, connect with TLS (--tls, or rediss://)</source>
        <translation>%1 在握手期间关闭了连接：如果这是 TLS 端口，请用 TLS 连接（--tls，或 rediss://）</translation>
    </message>
    <message>
        <source>Timed out talking to %1</source>
        <translation>与 %1 通信超时</translation>
    </message>
    <message>
        <source>TLS with %1 failed: %2</source>
        <translation>与 %1 的 TLS 连接失败：%2</translation>
    </message>
    <message>
        <source>Network error with %1: %2</source>
        <translation>与 %1 通信时网络出错：%2</translation>
    </message>
    <message>
        <source>Connection to %1 lost</source>
        <translation>与 %1 的连接已断开</translation>
    </message>
    <message>
        <source>No Unix socket at %1: is redis-server running with unixsocket there?</source>
        <translation>%1 处没有 Unix 套接字：redis-server 是否以 unixsocket 配置在那里运行？</translation>
    </message>
    <message>
        <source>Not allowed to use %1: %2 (see unixsocketperm)</source>
        <translation>无权使用 %1：%2（见 unixsocketperm）</translation>
    </message>
    <message>
        <source>Error with %1: %2</source>
        <translation>%1 出错：%2</translation>
    </message>
    <message>
        <source>%1 answered in plain text: it is not a TLS port; connect without TLS (no --tls, redis:// rather than rediss://)</source>
        <translation>%1 以明文应答：这不是 TLS 端口；请不用 TLS 连接（去掉 --tls，用 redis:// 而不是 rediss://）</translation>
    </message>
    <message>
        <source>Authentication failed on %1: %2</source>
        <translation>%1 上认证失败：%2</translation>
    </message>
    <message>
        <source>Permission denied on %1: %2</source>
        <translation>%1 上权限不足：%2</translation>
    </message>
    <message>
        <source>%1 refused the connection setup: %2</source>
        <translation>%1 拒绝了连接设置：%2</translation>
    </message>
    <message>
        <source>%1 sent something that is not Redis protocol: %2</source>
        <translation>%1 发来的内容不是 Redis 协议：%2</translation>
    </message>
    <message>
        <source>%1 did not answer %2 within %3</source>
        <translation>%1 在 %3 内没有应答 %2</translation>
    </message>
    <message>
        <source>%1 requires a password (NOAUTH): give it with -a or REDISCLI_AUTH, in its redis:// URL (a Redlock group&apos;s node), or in the connection dialog</source>
        <translation>%1 需要密码（NOAUTH）：用 -a 或 REDISCLI_AUTH 提供，或写在它的 redis:// URL 里（Redlock 组的节点），或在连接对话框中填写</translation>
    </message>
    <message>
        <source>%1 refused the connection: %2</source>
        <translation>%1 拒绝了连接：%2</translation>
    </message>
    <message>
        <source>%1 is a %2, not a Unix socket</source>
        <translation>%1 是一个%2，不是 Unix 套接字</translation>
    </message>
    <message>
        <source>directory</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>regular file</source>
        <translation>普通文件</translation>
    </message>
    <message>
        <source>No answer from %1 within %2: it took the connection but did not answer (a server that hangs or is paused, or not a Redis server)</source>
        <translation>%1 在 %2 内没有应答：它接受了连接，但没有应答（服务器卡住或被暂停，或者不是 Redis 服务器）</translation>
    </message>
</context>
<context>
    <name>RedlockAdminCommand</name>
    <message>
        <source>node %1 (%2) could not be read: %3</source>
        <translation>节点 %1（%2）无法读取：%3</translation>
    </message>
    <message>
        <source>%1, guarded on: %2</source>
        <translation>%1，守卫条件：%2</translation>
    </message>
    <message>
        <source>%1 is not held on any node of the group: no such key</source>
        <translation>%1 在组内任何节点上都未被持有：没有这个键</translation>
    </message>
    <message>
        <source>%1
  would run on each of %2: %3
</source>
        <translation>%1
  将会分别在 %2 上执行：%3
</translation>
    </message>
    <message>
        <source>not confirmed; nothing was run</source>
        <translation>未确认；什么也没有执行</translation>
    </message>
    <message>
        <source>NODE</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>RESULT</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>DETAIL</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>absent</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>error</source>
        <translation>出错</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>left-alone</source>
        <translation>未动</translation>
    </message>
</context>
<context>
    <name>RedlockAdminService</name>
    <message>
        <source>No key given</source>
        <translation>未给出键</translation>
    </message>
    <message>
        <source>Acquire %1 on the Redlock group of %2 nodes: SET NX PX on every node with token %3 for %4 ms; held with %5 of them within the validity window, otherwise released again everywhere (%6 retries, %7 ms apart)</source>
        <translation>在 %2 个节点的红锁组上获取 %1：在每个节点上以令牌 %3 执行 SET NX PX，TTL 为 %4 毫秒；在有效期内有 %5 个节点成功即算持有，否则在所有节点上重新释放（重试 %6 次，间隔 %7 毫秒）</translation>
    </message>
    <message>
        <source>No dialect &quot;%1&quot; (lockscope dialects lists them)</source>
        <translation>没有名为“%1”的方言（lockscope dialects 会列出全部方言）</translation>
    </message>
    <message>
        <source>%1 does not write its locks with SET key token NX PX, which is what a Redlock group is acquired with</source>
        <translation>%1 不是用 SET key token NX PX 写锁的，而红锁组正是靠它来获取锁</translation>
    </message>
    <message>
        <source>Acquire needs a key, a token and a TTL above 0 ms</source>
        <translation>获取锁需要键、令牌和大于 0 毫秒的 TTL</translation>
    </message>
    <message>
        <source>Extend %1 to %2 ms on every node of the Redlock group where it holds token %3; extended with %4 of %5 nodes</source>
        <translation>在红锁组中持有令牌 %3 的每个节点上，将 %1 续期至 %2 毫秒；%5 个节点中有 %4 个成功即算续期成功</translation>
    </message>
    <message>
        <source>Extend needs the holder&apos;s token and a TTL above 0 ms</source>
        <translation>续期需要持有者的令牌和大于 0 毫秒的 TTL</translation>
    </message>
    <message>
        <source>(could not be read: left alone)</source>
        <translation>（无法读取：不作处理）</translation>
    </message>
    <message>
        <source>(absent: nothing to release)</source>
        <translation>（不存在：无需释放）</translation>
    </message>
    <message>
        <source>Force-release %1 on the Redlock group: on each of the %2 node(s) holding it, delete it only while it holds the token seen there (%3)</source>
        <translation>在红锁组上强制释放 %1：在持有它的 %2 个节点上，仅当该节点仍持有当时看到的令牌时才删除（%3）</translation>
    </message>
    <message>
        <source>%1 is held on no node that could be read: there is nothing to release</source>
        <translation>在能读取的节点上，%1 都未被持有：没有可释放的内容</translation>
    </message>
    <message>
        <source>Release %1 on every node of the Redlock group where it holds token %2 (compare, then delete)</source>
        <translation>在红锁组中持有令牌 %2 的每个节点上释放 %1（先比对，再删除）</translation>
    </message>
    <message>
        <source>Release needs the holder&apos;s token</source>
        <translation>释放需要持有者的令牌</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message>
        <source>already held there, by %1</source>
        <translation>该节点上已被 %1 持有</translation>
    </message>
    <message>
        <source>extended</source>
        <translation>已续期</translation>
    </message>
    <message>
        <source>released</source>
        <translation>已释放</translation>
    </message>
    <message>
        <source>no answer in time (%1): it may or may not have run</source>
        <translation>未及时应答（%1）：可能执行了，也可能没有</translation>
    </message>
    <message>
        <source>set</source>
        <translation>已写入</translation>
    </message>
    <message>
        <source>already held there</source>
        <translation>该节点上已被持有</translation>
    </message>
    <message>
        <source>holds another token now: %1</source>
        <translation>现在持有另一个令牌：%1</translation>
    </message>
    <message>
        <source>no such key there</source>
        <translation>该节点上没有这个键</translation>
    </message>
    <message>
        <source>unexpected answer: %1</source>
        <translation>意外应答：%1</translation>
    </message>
    <message>
        <source>set, then released again: no majority</source>
        <translation>已写入，随后又释放：未达多数派</translation>
    </message>
    <message>
        <source>; its release failed (%1): it may hold the key until its TTL ends</source>
        <translation>；释放失败（%1）：该节点可能一直持有这个键，直到 TTL 到期</translation>
    </message>
    <message>
        <source>Acquired %1 with token %2 on %3 of %4 nodes; valid for %5 ms</source>
        <translation>已在 %4 个节点中的 %3 个上获取 %1，令牌 %2；有效期 %5 毫秒</translation>
    </message>
    <message>
        <source>%1 of %2 nodes accepted, %3 needed</source>
        <translation>%2 个节点中有 %1 个接受，需要 %3 个</translation>
    </message>
    <message numerus="yes">
        <source>%n attempt(s)</source>
        <translation>
            <numerusform>%n 次尝试</numerusform>
        </translation>
    </message>
    <message>
        <source>Not acquired %1 after %2 (%3); released again wherever it was set</source>
        <translation>经 %2后仍未获取 %1（%3）；已在所有写入过的节点上重新释放</translation>
    </message>
    <message>
        <source>Extended %1 to %2 ms on %3 of %4 nodes; valid for %5 ms</source>
        <translation>已在 %4 个节点中的 %3 个上将 %1 续期至 %2 毫秒；有效期 %5 毫秒</translation>
    </message>
    <message>
        <source>Not extended: %1 holds token %2 on %3 of %4 nodes, %5 needed</source>
        <translation>未续期：%1 仅在 %4 个节点中的 %3 个上持有令牌 %2，需要 %5 个</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Released %1 on %2 of the %3 node(s) acted on</source>
        <translation>已在所操作的 %3 个节点中的 %2 个上释放 %1</translation>
    </message>
    <message>
        <source>; refused where another token holds it now: %1</source>
        <translation>；现由其他令牌持有的节点已拒绝：%1</translation>
    </message>
    <message>
        <source>Redlock group %1</source>
        <translation>红锁组 %1</translation>
    </message>
    <message>
        <source> (warning: %1)</source>
        <translation>（警告：%1）</translation>
    </message>
    <message>
        <source>read-only mode is on</source>
        <translation>只读模式已开启</translation>
    </message>
    <message>
        <source>node %1 (%2) is a read-only connection</source>
        <translation>节点 %1（%2）是只读连接</translation>
    </message>
    <message>
        <source>node %1 (%2) is the same server as node %3 (%4, %5): it would vote twice. Nothing was sent; make each node of the group a server of its own.</source>
        <translation>节点 %1（%2）与节点 %3（%4，%5）是同一台服务器：它的票会被计两次。没有发送任何命令；请让组内每个节点都是一台独立的服务器。</translation>
    </message>
    <message numerus="yes">
        <source>; %n node(s) could not be reached or read whole, and they may still hold it: a majority</source>
        <translation>
            <numerusform>；%n 个节点无法连上或无法完整读取，它们可能仍持有该锁：已构成多数</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n node(s) could not be reached or read whole: too few to hold it</source>
        <translation>
            <numerusform>；%n 个节点无法连上或无法完整读取：不足以持有该锁</numerusform>
        </translation>
    </message>
    <message>
        <source>(held, but its value was not read whole: no token to guard by, left alone)</source>
        <translation>（已被持有，但其值未能完整读取：没有可用于守卫的令牌，保持不动）</translation>
    </message>
    <message>
        <source>holds another kind of value now: left as it is (%1)</source>
        <translation>现在持有另一种类型的值：保持原样（%1）</translation>
    </message>
    <message>
        <source>Unknown what %1 did on the group: LockScope stopped waiting for the answers (the session was closed). Look with: %2</source>
        <translation>无法确定 %1 在该组上做了什么：会话已关闭，LockScope 不再等待各节点的应答。请用以下命令查看：%2</translation>
    </message>
    <message>
        <source>Not acquired %1 after %2 (%3); undone everywhere but on %4, which may hold it until its TTL ends. Look with: %5</source>
        <translation>%2后仍未获得 %1（%3）；除 %4 外已全部撤销，这些节点可能持有它直到 TTL 结束。请用以下命令查看：%5</translation>
    </message>
    <message>
        <source>Unknown whether %1 was extended: done on %2 of %3 nodes, no answer from %4 (%5 needed). Look with: %6</source>
        <translation>无法确定 %1 是否已延长：%3 个节点中有 %2 个完成，%4 个没有应答（需要 %5 个）。请用以下命令查看：%6</translation>
    </message>
    <message numerus="yes">
        <source>; no answer from %n node(s): look again before acting, with: %1</source>
        <translation>
            <numerusform>；%n 个节点没有应答：再次操作之前请先查看，命令：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>set, then released again: the majority came after the validity was gone</source>
        <translation>已设置，随后又释放：多数派在有效期耗尽之后才凑齐</translation>
    </message>
    <message>
        <source>a majority accepted, but after the validity was gone: a TTL longer than the time to reach the nodes is needed</source>
        <translation>多数节点已接受，但有效期已经耗尽：需要比连到各节点所用时间更长的 TTL</translation>
    </message>
    <message>
        <source>Not acquired %1 after %2 (%3); nothing was set</source>
        <translation>经 %2后仍未获取 %1（%3）；没有设置任何键</translation>
    </message>
    <message>
        <source>(%1: left alone)</source>
        <translation>（%1：不作处理）</translation>
    </message>
    <message>
        <source>%1 holds a value longer than LockScope reads on every node that has it: a guard cannot rest on part of it. Release it by its whole value, given as --token.</source>
        <translation>在持有 %1 的每个节点上，它的值都超过了 LockScope 读取的长度：守卫不能只依据其中一部分。请用 --token 给出完整的值来释放它。</translation>
    </message>
</context>
<context>
    <name>RedlockEvent</name>
    <message>
        <source>acquired</source>
        <translation>加锁</translation>
    </message>
    <message>
        <source>renewed</source>
        <translation>续期</translation>
    </message>
    <message>
        <source>released</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>过期</translation>
    </message>
    <message>
        <source>handed over</source>
        <translation>易主</translation>
    </message>
    <message>
        <source>quorum lost</source>
        <translation>失去多数派</translation>
    </message>
    <message>
        <source>quorum regained</source>
        <translation>恢复多数派</translation>
    </message>
    <message>
        <source>node down</source>
        <translation>节点宕机</translation>
    </message>
    <message>
        <source>node up</source>
        <translation>节点恢复</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>丢失</translation>
    </message>
    <message>
        <source>node restarted</source>
        <translation>节点重启</translation>
    </message>
</context>
<context>
    <name>RedlockEventDeriver</name>
    <message>
        <source>restarted (%1): the keys it held before may be gone</source>
        <translation>已重启（%1）：它之前持有的键可能已经丢失</translation>
    </message>
    <message>
        <source>node %1 (%2)</source>
        <translation>节点 %1（%2）</translation>
    </message>
    <message>
        <source>no majority since %1 restarted without it, before its TTL ran out</source>
        <translation>自 %1 在其 TTL 到期之前重启并丢失它以来，已无多数派</translation>
    </message>
</context>
<context>
    <name>RedlockGroupDialog</name>
    <message>
        <source>Redlock groups</source>
        <translation>红锁组</translation>
    </message>
    <message>
        <source>The clock drift factor the application&apos;s Redlock library uses (0.01 in node-redlock, redsync, redlock-py)</source>
        <translation>应用所用红锁库的时钟漂移系数（node-redlock、redsync、redlock-py 中为 0.01）</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source>Tick the saved connections that are the group&apos;s nodes: independent servers, each with its own credentials and TLS</source>
        <translation>勾选作为本组节点的已保存连接：各自独立的服务器，各有自己的凭据和 TLS 设置</translation>
    </message>
    <message>
        <source>Group:</source>
        <translation>组：</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Nodes:</source>
        <translation>节点：</translation>
    </message>
    <message>
        <source>Clock drift factor:</source>
        <translation>时钟漂移系数：</translation>
    </message>
    <message>
        <source>Acquire retries:</source>
        <translation>加锁重试次数：</translation>
    </message>
    <message>
        <source>Delay between retries:</source>
        <translation>重试间隔：</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>New group</source>
        <translation>新建组</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n node(s))</source>
        <translation>
            <numerusform>%1（%n 个节点）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message numerus="yes">
        <source>Saved %1: %n node(s), quorum %2</source>
        <translation>
            <numerusform>已保存 %1：%n 个节点，多数派为 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Deleted the group (its connections stay saved)</source>
        <translation>已删除该组（其中的连接仍保留）</translation>
    </message>
    <message>
        <source>A Redlock group needs at least 2 nodes (usually 5)</source>
        <translation>红锁组至少需要 2 个节点（通常为 5 个）</translation>
    </message>
</context>
<context>
    <name>RedlockGroupJson</name>
    <message>
        <source>not a list of groups</source>
        <translation>不是组的列表</translation>
    </message>
    <message>
        <source>a Redlock group without an id, a name or its nodes, or with a value out of range</source>
        <translation>红锁组缺少 ID、名称或节点，或有取值超出范围</translation>
    </message>
    <message>
        <source>the Redlock group %1 names a connection that is no longer saved</source>
        <translation>红锁组 %1 引用了一个已不再保存的连接</translation>
    </message>
</context>
<context>
    <name>RedlockGroupModel</name>
    <message>
        <source>%1 of %2 nodes hold the majority token (quorum %3); %4 absent, %5 unreadable</source>
        <translation>%2 个节点中有 %1 个持有多数派令牌（多数派为 %3）；%4 个不存在，%5 个无法读取</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>%1 holds token %2</source>
        <translation>%1 持有令牌 %2</translation>
    </message>
    <message>
        <source>%1 has no such key</source>
        <translation>%1 上没有这个键</translation>
    </message>
    <message>
        <source>%1 could not be read: %2 (not counted as not holding)</source>
        <translation>%1 无法读取：%2（不计为未持有）</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Group state</source>
        <translation>组状态</translation>
    </message>
    <message>
        <source>Validity</source>
        <translation>有效期</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>%1 holds token %2 (warnings: %3)</source>
        <translation>%1 持有令牌 %2（警告：%3）</translation>
    </message>
    <message>
        <source>Node %1 (unreadable)</source>
        <translation>节点 %1（无法读取）</translation>
    </message>
    <message>
        <source>%1, stuck (no TTL)</source>
        <translation>%1，卡死（无 TTL）</translation>
    </message>
</context>
<context>
    <name>RedlockGroupView</name>
    <message>
        <source>Group events</source>
        <translation>组事件</translation>
    </message>
    <message>
        <source>Redlock group</source>
        <translation>红锁组</translation>
    </message>
    <message>
        <source>node %1 (%2)</source>
        <translation>节点 %1（%2）</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n node(s), quorum %2</source>
        <translation>
            <numerusform>%1：%n 个节点，多数派为 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>; all nodes answer</source>
        <translation>；所有节点均有应答</translation>
    </message>
    <message>
        <source>Acquire…</source>
        <translation>加锁…</translation>
    </message>
    <message>
        <source>Extend…</source>
        <translation>续期…</translation>
    </message>
    <message>
        <source>Force release…</source>
        <translation>强制释放…</translation>
    </message>
    <message>
        <source>Cannot %1: %2</source>
        <translation>无法%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n node(s), quorum %2)</source>
        <translation>
            <numerusform>%1（%n 个节点，多数派为 %2）</numerusform>
        </translation>
    </message>
    <message>
        <source>On each node</source>
        <translation>各节点上</translation>
    </message>
    <message>
        <source>Running %1 on %2…</source>
        <translation>正在对 %2 执行 %1…</translation>
    </message>
    <message>
        <source>%1 %2: %3</source>
        <translation>%1 %2：%3</translation>
    </message>
    <message>
        <source>holds %1</source>
        <translation>持有 %1</translation>
    </message>
    <message>
        <source>; unreadable: %1</source>
        <translation>；无法读取：%1</translation>
    </message>
    <message>
        <source>Admin actions are refused: %1</source>
        <translation>管理操作一律拒绝：%1</translation>
    </message>
</context>
<context>
    <name>RedlockObservation</name>
    <message>
        <source>held</source>
        <translation>持有中</translation>
    </message>
    <message>
        <source>degraded</source>
        <translation>降级</translation>
    </message>
    <message>
        <source>split</source>
        <translation>分裂</translation>
    </message>
    <message>
        <source>leftover</source>
        <translation>残留</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>free</source>
        <translation>空闲</translation>
    </message>
</context>
<context>
    <name>RedlockScanCommand</name>
    <message>
        <source>node %1 (%2) could not be scanned: %3</source>
        <translation>节点 %1（%2）无法扫描：%3</translation>
    </message>
    <message>
        <source>%1 lock(s) on a Redlock group of %2 nodes</source>
        <translation>%2 个节点的红锁组上共有 %1 把锁</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>KEY</source>
        <translation>键</translation>
    </message>
    <message>
        <source>QUORUM</source>
        <translation>多数派</translation>
    </message>
    <message>
        <source>VALIDITY</source>
        <translation>有效期</translation>
    </message>
    <message>
        <source>HOLDER</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>NODE %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>NODE %1: %2
</source>
        <translation>节点 %1：%2
</translation>
    </message>
    <message>
        <source>(&quot;=&quot;: the majority token; &quot;-&quot;: absent; &quot;error&quot;: could not be read, never counted as absent)
</source>
        <translation>（“=”：多数派的令牌；“-”：不存在；“error”：无法读取，绝不当作不存在计数）
</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>count, quorum</comment>
        <translation>%2 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) could not be scanned; what they hold is not in this list</source>
        <translation>
            <numerusform>%n 个节点无法扫描；它们持有的锁不在此列表中</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 reading(s) of a lock on a node could not be made, or not whole enough to compare; those nodes show as error</source>
        <translation>有 %1 次对某节点上锁的读取未能完成，或读到的内容不完整、无法比较；这些节点显示为 error</translation>
    </message>
    <message>
        <source>%1 value(s) on a node were longer than LockScope reads, and could not be compared with the other nodes&apos;: those show as error</source>
        <translation>有 %1 个节点上的值超过了 LockScope 读取的长度，无法与其他节点上的值比较：这些显示为 error</translation>
    </message>
</context>
<context>
    <name>RedlockScanService</name>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>the same server as node %1 (%2, %3): it would vote twice, so it is not counted</source>
        <translation>与节点 %1（%2，%3）是同一台服务器：它的票会被计两次，因此不计入</translation>
    </message>
    <message>
        <source>part of the same Redis Cluster as node %1 (%2): a Redlock group needs independent servers, so it is not counted</source>
        <translation>与节点 %1（%2）属于同一个 Redis 集群：红锁组需要相互独立的服务器，因此不计入</translation>
    </message>
    <message>
        <source>not answering: a command has waited %1 s</source>
        <translation>没有应答：一条命令已等待 %1 秒</translation>
    </message>
    <message>
        <source>its value is longer than the %1 bytes LockScope reads: it cannot be told from another node&apos;s</source>
        <translation>它的值超过了 LockScope 读取的 %1 字节：无法与其他节点上的值区分</translation>
    </message>
</context>
<context>
    <name>RedlockWatchCommand</name>
    <message>
        <source>%1  %2 lock(s) on a Redlock group of %3 nodes, %4 down

</source>
        <translation>%1  %3 个节点的红锁组上有 %2 把锁，%4 个节点宕机

</translation>
    </message>
    <message>
        <source>acquired</source>
        <translation>加锁</translation>
    </message>
    <message>
        <source>renewed</source>
        <translation>续期</translation>
    </message>
    <message>
        <source>released</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>过期</translation>
    </message>
    <message>
        <source>handed-over</source>
        <translation>易主</translation>
    </message>
    <message>
        <source>quorum-lost</source>
        <translation>失去多数派</translation>
    </message>
    <message>
        <source>quorum-regained</source>
        <translation>恢复多数派</translation>
    </message>
    <message>
        <source>node-down</source>
        <translation>节点宕机</translation>
    </message>
    <message>
        <source>node-up</source>
        <translation>节点恢复</translation>
    </message>
    <message>
        <source>NODE %1 %2</source>
        <translation>节点 %1 %2</translation>
    </message>
    <message>
        <source>validity %1</source>
        <translation>有效期 %1</translation>
    </message>
    <message>
        <source>%1, stopping</source>
        <translation>%1，正在停止</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>丢失</translation>
    </message>
    <message>
        <source>node-restarted</source>
        <translation>节点重启</translation>
    </message>
    <message>
        <source>watching %1 lock(s) on a Redlock group of %2 nodes (quorum %3): the known locks read every %4 s, the nodes walked for new ones every %5 s</source>
        <translation>正在监视 %2 个节点（法定数 %3）的 Redlock 组上的 %1 把锁：已知的锁每 %4 秒读取一次，每 %5 秒遍历各节点寻找新锁</translation>
    </message>
</context>
<context>
    <name>RedlockWatchService</name>
    <message>
        <source>not answering</source>
        <translation>无响应</translation>
    </message>
</context>
<context>
    <name>RenewalChart</name>
    <message>
        <source>No renewals seen yet. Locks kept alive by a watchdog (Redisson, or PEXPIRE by their holder) show up here, one point each.</source>
        <translation>尚未看到续期。由看门狗保活的锁（Redisson，或持有者自己 PEXPIRE）会显示在这里，每把锁一个点。</translation>
    </message>
    <message>
        <source>Renew interval against TTL</source>
        <translation>续期间隔与 TTL 对比</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Picture (PNG)…</source>
        <translation>图片（PNG）…</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Data (CSV)…</source>
        <translation>数据（CSV）…</translation>
    </message>
    <message>
        <source>Export chart data</source>
        <translation>导出图表数据</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>TTL (s)</source>
        <translation>TTL（秒）</translation>
    </message>
    <message>
        <source>renewed every (s)</source>
        <translation>续期间隔（秒）</translation>
    </message>
    <message>
        <source>a renewing lock</source>
        <translation>一把在续期的锁</translation>
    </message>
    <message>
        <source>a lock that had near-misses</source>
        <translation>一把险些过期过的锁</translation>
    </message>
</context>
<context>
    <name>ReplyParser</name>
    <message>
        <source>Redis protocol error: %1</source>
        <translation>Redis 协议错误：%1</translation>
    </message>
</context>
<context>
    <name>RetryPolicy</name>
    <message>
        <source>exponential backoff from %1 ms to %2 ms with jitter</source>
        <translation>指数退避，从 %1 ms 到 %2 ms，带随机抖动</translation>
    </message>
    <message>
        <source>every %1 ms ± %2 %</source>
        <translation>每 %1 ms ± %2%</translation>
    </message>
    <message>
        <source>every %1 ms, in step</source>
        <translation>每 %1 ms，步调一致</translation>
    </message>
</context>
<context>
    <name>SampleSeeder</name>
    <message>
        <source>Could not write the sample locks: %1</source>
        <translation>无法写入示例锁：%1</translation>
    </message>
</context>
<context>
    <name>SamplerDialog</name>
    <message>
        <source>Sample failed acquisitions</source>
        <translation>采样失败的加锁</translation>
    </message>
    <message>
        <source>&lt;p&gt;A client that fails to take a lock (&lt;code&gt;SET … NX&lt;/code&gt; answered with nil) leaves no trace in Redis. To count those attempts per lock, LockScope can watch every command the server runs with &lt;code&gt;MONITOR&lt;/code&gt; for a limited time.&lt;/p&gt;&lt;p&gt;&lt;b&gt;This is expensive on a busy server.&lt;/b&gt; Redis then copies every command to LockScope: a single MONITOR client can cost more than half of the server&apos;s throughput. Use it on production only briefly, when you must know. LockScope stops on its own at the time limit, and at once if it falls behind (commands reaching it more than %1 s late) or the server runs more than %L2 commands a second.&lt;/p&gt;&lt;p&gt;Server: &lt;b&gt;%3&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;客户端加锁失败（&lt;code&gt;SET … NX&lt;/code&gt; 返回 nil）不会在 Redis 中留下任何痕迹。为了按锁统计这些尝试，LockScope 可以在有限时间内用 &lt;code&gt;MONITOR&lt;/code&gt; 观察服务器执行的每一条命令。&lt;/p&gt;&lt;p&gt;&lt;b&gt;这在繁忙的服务器上代价很高。&lt;/b&gt;Redis 会把每条命令都复制给 LockScope：一个 MONITOR 客户端就可能吃掉服务器一半以上的吞吐量。在生产环境中只在必须知道时短暂使用。LockScope 到达时间上限时会自行停止；如果跟不上（命令到达时延迟超过 %1 秒）或服务器每秒执行超过 %L2 条命令，也会立即停止。&lt;/p&gt;&lt;p&gt;服务器：&lt;b&gt;%3&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Sample for at most</source>
        <translation>最长采样</translation>
    </message>
    <message>
        <source>Start sampling</source>
        <translation>开始采样</translation>
    </message>
</context>
<context>
    <name>SandboxServer</name>
    <message>
        <source>redis-server did not become ready within %1 s</source>
        <translation>redis-server 未在 %1 秒内就绪</translation>
    </message>
    <message>
        <source>redis-server is not installed (on Debian: apt-get install redis-server)</source>
        <translation>未安装 redis-server（Debian 上：apt-get install redis-server）</translation>
    </message>
    <message>
        <source>redis-server exited before it was ready: %1</source>
        <translation>redis-server 在就绪前退出：%1</translation>
    </message>
</context>
<context>
    <name>ScanCommand</name>
    <message>
        <source>KEY</source>
        <translation>键</translation>
    </message>
    <message>
        <source>DIALECT</source>
        <translation>方言</translation>
    </message>
    <message>
        <source>HOLDER</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>TOKEN</source>
        <translation>令牌</translation>
    </message>
    <message>
        <source>TTL</source>
        <translation>TTL</translation>
    </message>
    <message>
        <source>HOLDS</source>
        <translation>重入次数</translation>
    </message>
    <message>
        <source>STATE</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>WARNINGS</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>(%1 tokens)</source>
        <translation>（%1 个令牌）</translation>
    </message>
    <message>
        <source>held</source>
        <translation>持有中</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>卡死</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>released</source>
        <translation>已释放</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>已丢失</translation>
    </message>
    <message>
        <source>NODE</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>%1 key(s) under the lock patterns could not be read%2: %3</source>
        <translation>有 %1 个匹配锁模式的键无法读取%2：%3</translation>
    </message>
    <message>
        <source>%1 lock(s) among %2 key(s) scanned on %3 (%4 s)</source>
        <translation>在 %3 上扫描了 %2 个键，其中 %1 把锁（%4 秒）</translation>
    </message>
    <message>
        <source>expiring</source>
        <translation>即将过期</translation>
    </message>
    <message>
        <source>%1 (stale)</source>
        <translation>%1（已过时）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>SecretKinds</name>
    <message>
        <source>Redis password</source>
        <translation>Redis 密码</translation>
    </message>
    <message>
        <source>Sentinel password</source>
        <translation>哨兵密码</translation>
    </message>
    <message>
        <source>SSH password</source>
        <translation>SSH 密码</translation>
    </message>
    <message>
        <source>SSH key passphrase</source>
        <translation>SSH 私钥口令</translation>
    </message>
    <message>
        <source>TLS key passphrase</source>
        <translation>TLS 私钥口令</translation>
    </message>
</context>
<context>
    <name>SecretStore</name>
    <message>
        <source>An empty %1 is not stored; remove it instead</source>
        <translation>空的%1不会被保存；请改为删除它</translation>
    </message>
    <message>
        <source>A %1 with a NUL character cannot be stored</source>
        <translation>含有 NUL 字符的%1无法保存</translation>
    </message>
    <message>
        <source>The %1 is not valid Unicode text</source>
        <translation>该%1不是有效的 Unicode 文本</translation>
    </message>
    <message>
        <source>Looking for the system keychain…</source>
        <translation>正在查找系统钥匙串…</translation>
    </message>
    <message>
        <source>Passwords are saved in the system keychain.</source>
        <translation>密码保存在系统钥匙串中。</translation>
    </message>
    <message>
        <source>No keychain: %1. Passwords are kept in memory only, until LockScope quits.</source>
        <translation>没有钥匙串：%1。密码只保存在内存中，直到 LockScope 退出。</translation>
    </message>
    <message>
        <source>the %1 could not be saved: %2</source>
        <translation>无法保存%1：%2</translation>
    </message>
</context>
<context>
    <name>SentinelTopology</name>
    <message>
        <source>Sentinel %1: %2</source>
        <translation>哨兵 %1：%2</translation>
    </message>
    <message>
        <source>Sentinel %1 monitors no master named &quot;%2&quot;</source>
        <translation>哨兵 %1 没有监控名为“%2”的主节点</translation>
    </message>
    <message>
        <source>Sentinel %1 did not say where &quot;%2&quot; is: %3</source>
        <translation>哨兵 %1 没有告知“%2”在哪里：%3</translation>
    </message>
    <message>
        <source>%1, named by the sentinels as the master of &quot;%2&quot;, says it is a %3; asking again</source>
        <translation>哨兵称 %1 是“%2”的主节点，但它自称是 %3；正在重新询问</translation>
    </message>
    <message>
        <source>not a master</source>
        <translation>非主节点</translation>
    </message>
    <message numerus="yes">
        <source>sentinel: %1 at %2 (%n sentinel(s))</source>
        <translation>
            <numerusform>哨兵：%1 位于 %2（%n 个哨兵）</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown yet</source>
        <translation>尚未知晓</translation>
    </message>
    <message>
        <source>none of the %1 sentinels answered; the last: %2</source>
        <translation>%1 个哨兵都没有应答；最后一个：%2</translation>
    </message>
    <message>
        <source>the sentinels&apos; own password is given with --sentinel-pass (or LOCKSCOPE_SENTINEL_AUTH), or in the connection dialog&apos;s sentinel fields; -a is the data node&apos;s</source>
        <translation>哨兵自己的密码用 --sentinel-pass（或 LOCKSCOPE_SENTINEL_AUTH）给出，或填在连接对话框的哨兵字段中；-a 是数据节点的密码</translation>
    </message>
    <message>
        <source>Sentinel %1 requires a password: %2</source>
        <translation>哨兵 %1 需要密码：%2</translation>
    </message>
    <message>
        <source>Sentinel %1 did not accept the sentinels&apos; user and password: %2</source>
        <translation>哨兵 %1 不接受所给的哨兵用户名和密码：%2</translation>
    </message>
    <message>
        <source>the master of &quot;%1&quot;, as the sentinels name it: %2</source>
        <translation>哨兵所称的“%1”的主节点：%2</translation>
    </message>
    <message>
        <source>%1, the master of &quot;%2&quot; until now, says it is a %3, and no sentinel answers to say where the master is now (tried: %4)</source>
        <translation>%1 此前是“%2”的主节点，现在说自己是 %3，而且没有哨兵应答，无法得知主节点现在在哪里（已尝试：%4）</translation>
    </message>
    <message>
        <source>%1, named by the sentinels as the master of &quot;%2&quot;, is a %3, not a master: is the master they monitor down, or were they given a replica to monitor?</source>
        <translation>哨兵指明 %1 为“%2”的主节点，但它是 %3，不是主节点：是哨兵监控的主节点宕机了，还是交给哨兵监控的本来就是副本？</translation>
    </message>
    <message>
        <source>%1 is not a Sentinel (it answered: %2): --sentinel names the sentinels; a Redis server is given with -h and -p</source>
        <translation>%1 不是 Sentinel（它的回答：%2）：--sentinel 用于指定哨兵；Redis 服务器请用 -h 和 -p 指定</translation>
    </message>
    <message>
        <source>none of the %1 sentinels said where &quot;%2&quot; is; the last: %3</source>
        <translation>%1 个哨兵都没有说出 &quot;%2&quot; 在哪里；最后一个：%3</translation>
    </message>
</context>
<context>
    <name>ServerTopology</name>
    <message>
        <source>Could not read the cluster&apos;s slot map: %1</source>
        <translation>无法读取集群的槽位映射：%1</translation>
    </message>
    <message>
        <source>standalone</source>
        <translation>单机</translation>
    </message>
    <message>
        <source>slots %1</source>
        <translation>槽位 %1</translation>
    </message>
    <message>
        <source>none of the %1 seed nodes answered; the last: %2</source>
        <translation>%1 个种子节点都没有应答；最后一个：%2</translation>
    </message>
    <message>
        <source>%1 is a Sentinel, not a Redis server with keys: give --sentinel %1 --master NAME (or a redis+sentinel:// URL)</source>
        <translation>%1 是一个哨兵，而不是存有键的 Redis 服务器：请给出 --sentinel %1 --master NAME（或使用 redis+sentinel:// URL）</translation>
    </message>
    <message>
        <source>standalone replica of %1</source>
        <translation>单机副本（主节点 %1）</translation>
    </message>
    <message>
        <source>%1 is a replica of %2: what it shows may lag its master, a lock written there may not be here yet, and admin actions fail on it (READONLY); connect to %2 to see and act on the locks as they are</source>
        <translation>%1 是 %2 的副本：它显示的内容可能落后于主节点，刚写入主节点的锁这里可能还没有，并且在它上面的管理操作会失败（READONLY）；请连接 %2 查看并操作锁的实际状态</translation>
    </message>
    <message>
        <source>%1 is a replica of %2, and its link to %2 is down: what it shows may be stale by any amount, and admin actions fail on it (READONLY)</source>
        <translation>%1 是 %2 的副本，并且它与 %2 的复制链接已断开：它显示的内容可能已过时任意长的时间，在它上面的管理操作会失败（READONLY）</translation>
    </message>
    <message>
        <source>%1 is a Redis Cluster node, but it refuses the cluster&apos;s slot map (%2): LockScope needs CLUSTER SHARDS or CLUSTER SLOTS to find the masters (+cluster|shards +cluster|slots for an ACL user)</source>
        <translation>%1 是 Redis Cluster 节点，但它拒绝提供集群的槽位映射（%2）：LockScope 需要 CLUSTER SHARDS 或 CLUSTER SLOTS 才能找到各个主节点（ACL 用户需要 +cluster|shards +cluster|slots）</translation>
    </message>
    <message>
        <source>this user may run neither INFO nor CLUSTER SLOTS (%2), so whether %1 is one node of a Redis Cluster cannot be told: it is read as a server of its own, and if it is a cluster node, only the keys it serves are listed (+info, or +cluster|slots, lets LockScope find the other masters)</source>
        <translation>此用户既不能运行 INFO，也不能运行 CLUSTER SLOTS（%2），因此无法判断 %1 是否是某个 Redis Cluster 的节点：它被当作独立的服务器读取；如果它是集群节点，只会列出它负责的键（+info 或 +cluster|slots 能让 LockScope 找到其他主节点）</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>not answering</source>
        <translation>无响应</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
</context>
<context>
    <name>SessionManager</name>
    <message>
        <source>this build has no sandbox</source>
        <translation>此版本没有沙箱</translation>
    </message>
    <message>
        <source>Sandbox redis-server on %1 with sample locks (stops when LockScope closes)</source>
        <translation>沙箱 redis-server 位于 %1，带示例锁（LockScope 关闭时停止）</translation>
    </message>
    <message>
        <source>Could not start the sandbox: %1</source>
        <translation>无法启动沙箱：%1</translation>
    </message>
    <message>
        <source>no answer within %1 s</source>
        <translation>%1 秒内没有应答</translation>
    </message>
</context>
<context>
    <name>SessionTransport</name>
    <message>
        <source>SSH tunnel through %1 lost: %2</source>
        <translation>经由 %1 的 SSH 隧道已断开：%2</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Show alerts as desktop notifications</source>
        <translation>以桌面通知显示告警</translation>
    </message>
    <message>
        <source>LockScope settings</source>
        <translation>LockScope 设置</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>监视</translation>
    </message>
    <message>
        <source>Display</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation>审计日志</translation>
    </message>
    <message>
        <source>one glob per line, e.g. lock:*</source>
        <translation>每行一个通配符，例如 lock:*</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source> % of one core</source>
        <translation> % 个核心</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>as the budget allows</source>
        <translation>按预算允许</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source> bytes</source>
        <translation> 字节</translation>
    </message>
    <message>
        <source>Lock patterns</source>
        <translation>锁模式</translation>
    </message>
    <message>
        <source>Keys matching any of these globs are read as locks; &quot;i:&quot; before a glob ignores case. --pattern on the command line adds to them for one run.</source>
        <translation>匹配其中任一通配符的键都会被当作锁读取；通配符前加 &quot;i:&quot; 表示忽略大小写。命令行的 --pattern 会在单次运行中追加模式。</translation>
    </message>
    <message>
        <source>Refresh locks at most every</source>
        <translation>刷新锁的最短间隔</translation>
    </message>
    <message>
        <source>Server time budget</source>
        <translation>服务器时间预算</translation>
    </message>
    <message>
        <source>The share of one server core the watch may spend re-reading locks and rescanning for new ones. With keyspace notifications it needs far less.</source>
        <translation>监视在重新读取锁和扫描新锁上最多可占用服务器一个核心的比例。开启键空间通知后所需要的少得多。</translation>
    </message>
    <message>
        <source>Rescan for new locks every</source>
        <translation>扫描新锁的间隔</translation>
    </message>
    <message>
        <source>Report a lock as stuck when held for</source>
        <translation>持有超过多久即报告为卡死</translation>
    </message>
    <message>
        <source>Read at most</source>
        <translation>最多读取</translation>
    </message>
    <message>
        <source>of a value or member. Larger ones are cut and shown as truncated, and admin actions refuse them: a guard on part of a value is no guard.</source>
        <translation>（每个值或成员）。更大的会被截断并标记为已截断，管理操作也会拒绝它们：只比较一部分值的守护条件算不上守护。</translation>
    </message>
    <message>
        <source>1 minute</source>
        <translation>1 分钟</translation>
    </message>
    <message>
        <source>5 minutes</source>
        <translation>5 分钟</translation>
    </message>
    <message>
        <source>10 minutes</source>
        <translation>10 分钟</translation>
    </message>
    <message>
        <source>30 minutes</source>
        <translation>30 分钟</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 小时</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>A new language applies when LockScope next starts.</source>
        <translation>新的语言将在 LockScope 下次启动时生效。</translation>
    </message>
    <message>
        <source>Chart window</source>
        <translation>图表时间窗口</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <source>Audit log file</source>
        <translation>审计日志文件</translation>
    </message>
    <message>
        <source>Every admin action is appended here (JSON Lines) twice: its intent before it is sent and its outcome after. An action that cannot be written here does not run. Leave empty for the default place. A new place applies when LockScope next starts.</source>
        <translation>每个管理操作都会以 JSON Lines 追加到这里两次：发送前记录意图，之后记录结果。无法写入这里的操作不会执行。留空则使用默认位置。新的位置将在 LockScope 下次启动时生效。</translation>
    </message>
    <message>
        <source>Audit logs (*.log *.jsonl);;All files (*)</source>
        <translation>审计日志 (*.log *.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>This desktop shows no tray, so LockScope cannot show desktop notifications here; alerts still appear in the Alerts panel.</source>
        <translation>当前桌面没有系统托盘，LockScope 无法在这里显示桌面通知；告警仍会出现在“告警”面板中。</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
</context>
<context>
    <name>SshChannelLink</name>
    <message>
        <source>the server does not allow forwarding there (AllowTcpForwarding or PermitOpen)%1</source>
        <translation>服务器不允许转发到那里（AllowTcpForwarding 或 PermitOpen）%1</translation>
    </message>
    <message>
        <source>connect failed</source>
        <translation>连接失败</translation>
    </message>
    <message>
        <source>the server is out of resources%1</source>
        <translation>服务器资源不足%1</translation>
    </message>
    <message>
        <source>no answer within %1 s</source>
        <translation>%1 秒内没有应答</translation>
    </message>
    <message>
        <source>cannot create an SSH channel: %1</source>
        <translation>无法创建 SSH 通道：%1</translation>
    </message>
</context>
<context>
    <name>SshHostKeyCheck</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>cannot write to %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>the server sent no host key: %1</source>
        <translation>服务器没有发送主机密钥：%1</translation>
    </message>
    <message>
        <source>cannot hash the server&apos;s host key</source>
        <translation>无法计算服务器主机密钥的哈希</translation>
    </message>
    <message>
        <source>cannot format the server&apos;s host key fingerprint</source>
        <translation>无法格式化服务器主机密钥的指纹</translation>
    </message>
    <message>
        <source>cannot check the host key against %1: %2</source>
        <translation>无法对照 %1 核对主机密钥：%2</translation>
    </message>
</context>
<context>
    <name>SshOptions</name>
    <message>
        <source>no SSH destination given (expected user@host[:port])</source>
        <translation>没有给出 SSH 目标（应为 user@host[:port]）</translation>
    </message>
    <message>
        <source>the SSH destination contains a space: &quot;%1&quot;</source>
        <translation>SSH 目标中含有空格：“%1”</translation>
    </message>
    <message>
        <source>the SSH destination has an empty user name: &quot;%1&quot;</source>
        <translation>SSH 目标的用户名为空：“%1”</translation>
    </message>
    <message>
        <source>not a user name: &quot;%1&quot;</source>
        <translation>不是用户名：“%1”</translation>
    </message>
    <message>
        <source>unclosed &apos;[&apos; in the SSH destination: &quot;%1&quot;</source>
        <translation>SSH 目标中的“[”没有闭合：“%1”</translation>
    </message>
    <message>
        <source>unexpected &quot;%1&quot; after the host in the SSH destination</source>
        <translation>SSH 目标中主机之后出现了意外的“%1”</translation>
    </message>
    <message>
        <source>the SSH destination ends in &apos;:&apos; but gives no port: &quot;%1&quot;</source>
        <translation>SSH 目标以“:”结尾却没有给出端口：“%1”</translation>
    </message>
    <message>
        <source>the SSH destination names no host: &quot;%1&quot;</source>
        <translation>SSH 目标没有指明主机：“%1”</translation>
    </message>
    <message>
        <source>not a host name or address: &quot;%1&quot;</source>
        <translation>不是主机名或地址：“%1”</translation>
    </message>
    <message>
        <source>not a port number (1-65535): &quot;%1&quot;</source>
        <translation>不是端口号（1-65535）：“%1”</translation>
    </message>
</context>
<context>
    <name>SshTunnelWorker</name>
    <message>
        <source>host unreachable</source>
        <translation>主机不可达</translation>
    </message>
    <message>
        <source>no SSH handshake</source>
        <translation>没有完成 SSH 握手</translation>
    </message>
    <message>
        <source>authentication did not finish</source>
        <translation>认证没有完成</translation>
    </message>
    <message>
        <source>No answer from the SSH server %1 within %2 (%3)</source>
        <translation>SSH 服务器 %1 在 %2 内没有应答（%3）</translation>
    </message>
    <message>
        <source>Cannot reach the SSH server %1: %2</source>
        <translation>无法连到 SSH 服务器 %1：%2</translation>
    </message>
    <message>
        <source>Internal error: the SSH server&apos;s banner was read too early</source>
        <translation>内部错误：过早读取了 SSH 服务器的标识</translation>
    </message>
    <message>
        <source>Cannot take over the connection to %1: %2</source>
        <translation>无法接管到 %1 的连接：%2</translation>
    </message>
    <message>
        <source>Cannot create an SSH session (out of memory)</source>
        <translation>无法创建 SSH 会话（内存不足）</translation>
    </message>
    <message>
        <source>Invalid SSH settings for %1: %2</source>
        <translation>%1 的 SSH 设置无效：%2</translation>
    </message>
    <message>
        <source>SSH handshake with %1 failed: %2</source>
        <translation>与 %1 的 SSH 握手失败：%2</translation>
    </message>
    <message>
        <source>Cannot watch the SSH session with %1</source>
        <translation>无法监视与 %1 的 SSH 会话</translation>
    </message>
    <message>
        <source>The host key of the SSH server %1 has CHANGED: it now presents the %2, but %3 holds another key for %4. Someone may be intercepting the connection, or the server&apos;s key was replaced; refusing to connect. If the change is expected, remove the old entry (ssh-keygen -R &apos;%4&apos; -f %5).</source>
        <translation>SSH 服务器 %1 的主机密钥已经改变：它现在出示的是 %2，但 %3 中记录的 %4 的密钥不同。可能有人在拦截连接，也可能服务器更换了密钥；拒绝连接。如果这一变化在预期之中，请删除旧条目（ssh-keygen -R &apos;%4&apos; -f %5）。</translation>
    </message>
    <message>
        <source>The host key of the SSH server %1 (%2) could not be recorded in %3: %4</source>
        <translation>无法把 SSH 服务器 %1 的主机密钥（%2）记录到 %3：%4</translation>
    </message>
    <message>
        <source>Cannot check the host key of %1: %2</source>
        <translation>无法核对 %1 的主机密钥：%2</translation>
    </message>
    <message>
        <source>The host key of the SSH server %1 (%2 key %3) could not be recorded in %4: %5</source>
        <translation>无法把 SSH 服务器 %1 的主机密钥（%2 密钥 %3）记录到 %4：%5</translation>
    </message>
    <message>
        <source>The SSH server %1 is not known: its %2 host key fingerprint is %3 and %4 has no entry for %5. The key was not accepted.</source>
        <translation>SSH 服务器 %1 未知：它的 %2 主机密钥指纹为 %3，而 %4 中没有 %5 的条目。未接受该密钥。</translation>
    </message>
    <message>
        <source>Cannot read the private key %1: no such file, or not readable</source>
        <translation>无法读取私钥 %1：文件不存在或不可读</translation>
    </message>
    <message>
        <source>Cannot load the private key %1: wrong passphrase, or not a private key</source>
        <translation>无法加载私钥 %1：口令错误，或者不是私钥</translation>
    </message>
    <message>
        <source>Cannot authenticate to %1 with the SSH agent: no agent is running (SSH_AUTH_SOCK is not set)</source>
        <translation>无法用 SSH agent 向 %1 认证：没有运行中的 agent（未设置 SSH_AUTH_SOCK）</translation>
    </message>
    <message>
        <source>Nothing to authenticate to %1 with: no key file or password was given, no SSH agent is running, and %2 holds no default key (id_ed25519, id_ecdsa, id_rsa)</source>
        <translation>没有可用于向 %1 认证的凭据：未提供密钥文件或密码，没有运行中的 SSH agent，%2 中也没有默认密钥（id_ed25519、id_ecdsa、id_rsa）</translation>
    </message>
    <message>
        <source>Authentication with the SSH server %1 failed: %2</source>
        <translation>SSH 服务器 %1 认证失败：%2</translation>
    </message>
    <message>
        <source>the key %1</source>
        <translation>密钥 %1</translation>
    </message>
    <message>
        <source>the password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>the SSH agent&apos;s keys</source>
        <translation>SSH agent 中的密钥</translation>
    </message>
    <message>
        <source>the default keys %1</source>
        <translation>默认密钥 %1</translation>
    </message>
    <message>
        <source> and </source>
        <translation>和</translation>
    </message>
    <message>
        <source>The SSH server %1 accepted %2 but asks for a further authentication step (such as a one-time code), which LockScope does not support</source>
        <translation>SSH 服务器 %1 接受了%2，但还要求进一步认证（例如一次性验证码），LockScope 不支持这一步</translation>
    </message>
    <message>
        <source>The SSH server %1 did not accept %2%3</source>
        <translation>SSH 服务器 %1 不接受%2%3</translation>
    </message>
    <message>
        <source> (it accepts: %1)</source>
        <translation>（它接受：%1）</translation>
    </message>
    <message>
        <source>Cannot listen on 127.0.0.1:%1: %2</source>
        <translation>无法在 127.0.0.1:%1 上监听：%2</translation>
    </message>
    <message>
        <source>The SSH server %1 could not open a connection to %2: %3</source>
        <translation>SSH 服务器 %1 无法打开到 %2 的连接：%3</translation>
    </message>
    <message>
        <source>The connection to %1 through %2 broke: %3</source>
        <translation>经由 %2 到 %1 的连接中断：%3</translation>
    </message>
    <message>
        <source>The SSH server %1 closed the connection while its host key awaited a decision: %2</source>
        <translation>在等待确认主机密钥期间，SSH 服务器 %1 关闭了连接：%2</translation>
    </message>
    <message>
        <source>The connection to the SSH server %1 was lost: %2</source>
        <translation>与 SSH 服务器 %1 的连接已断开：%2</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>The SSH server %1 presents the %2, which %3 marks as REVOKED: refusing to connect.</source>
        <translation>SSH 服务器 %1 出示的 %2 已被 %3 标记为吊销（REVOKED）：拒绝连接。</translation>
    </message>
    <message>
        <source>Cannot load the private key %1: it is a directory</source>
        <translation>无法加载私钥 %1：它是一个目录</translation>
    </message>
    <message>
        <source>Cannot load the private key %1: it is a public key; give the private one (without .pub)</source>
        <translation>无法加载私钥 %1：它是公钥；请给出私钥（不带 .pub）</translation>
    </message>
    <message>
        <source>Cannot load the private key %1: it is protected by a passphrase (none was given: set LOCKSCOPE_SSH_PASSPHRASE, add the key to ssh-agent, or use a saved connection, whose passphrase is in the keychain), or it is not a private key</source>
        <translation>无法加载私钥 %1：它受口令保护（未提供口令：请设置 LOCKSCOPE_SSH_PASSPHRASE、把私钥加入 ssh-agent，或使用已保存的连接，其口令在密钥环中），或者不是私钥</translation>
    </message>
    <message>
        <source>The %1 key %2 of the SSH server %3 is now recorded in %4 as %5</source>
        <translation>SSH 服务器 %3 的 %1 密钥 %2 现已记录在 %4 中，名为 %5</translation>
    </message>
    <message>
        <source>The private key %1 is open to other users (permissions %2), so it is not used, as OpenSSH would not use it either: chmod 600 &apos;%1&apos;</source>
        <translation>私钥 %1 对其他用户开放（权限 %2），因此不会使用它，OpenSSH 也不会使用：chmod 600 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>any key</source>
        <translation>任何密钥</translation>
    </message>
    <message>
        <source>; not tried: %1, protected by a passphrase and none was given (set LOCKSCOPE_SSH_PASSPHRASE, or add the key to ssh-agent)</source>
        <translation>；未尝试：%1，它受口令保护而未给出口令（设置 LOCKSCOPE_SSH_PASSPHRASE，或把该密钥加入 ssh-agent）</translation>
    </message>
    <message>
        <source>the SSH agent, which holds no keys (ssh-add adds one)</source>
        <translation>SSH 代理（其中没有任何密钥，可用 ssh-add 添加）</translation>
    </message>
</context>
<context>
    <name>WatchCommand</name>
    <message>
        <source>none of the %1 key(s) under the lock patterns could be read: %2</source>
        <translation>匹配锁模式的 %1 个键全都无法读取：%2</translation>
    </message>
    <message>
        <source>%1 key(s) could not be read: %2</source>
        <translation>有 %1 个键无法读取：%2</translation>
    </message>
    <message>
        <source>%1  %2 lock(s) on %3, every %4 s

</source>
        <translation>%1  %3 上有 %2 把锁，每 %4 秒刷新

</translation>
    </message>
    <message>
        <source> (--enable-notifications lets LockScope turn them on while it watches)</source>
        <translation>（加上 --enable-notifications 可让 LockScope 在监视期间开启它）</translation>
    </message>
    <message>
        <source>watching %1 lock(s) on %2; %3%4</source>
        <translation>正在监视 %2 上的 %1 把锁；%3%4</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>%1, stopping</source>
        <translation>%1，正在停止</translation>
    </message>
    <message>
        <source>the watch ended before %1 could be read%2</source>
        <translation>在读到 %1 之前监视就结束了%2</translation>
    </message>
    <message>
        <source>the server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source> (no answer yet)</source>
        <translation>（尚无应答）</translation>
    </message>
    <message>
        <source>: %1</source>
        <translation>：%1</translation>
    </message>
    <message>
        <source>acquired</source>
        <translation>加锁</translation>
    </message>
    <message>
        <source>released</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>renewed</source>
        <translation>续期</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>过期</translation>
    </message>
    <message>
        <source>handed-over</source>
        <translation>易主</translation>
    </message>
    <message>
        <source>contended</source>
        <translation>争用</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>卡死</translation>
    </message>
    <message>
        <source>near-miss</source>
        <translation>险些过期</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>丢失</translation>
    </message>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>ttl %1</source>
        <translation>TTL %1</translation>
    </message>
    <message>
        <source>the watch ended with %1 not answering; what happened to its locks since is not known%2</source>
        <translation>监视结束时 %1 没有应答；此后它的锁发生了什么不得而知%2</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
</context>
<context>
    <name>WatchDashboard</name>
    <message>
        <source>Lock events per second</source>
        <translation>每秒锁事件</translation>
    </message>
    <message>
        <source>Server commands per second (INFO commandstats)</source>
        <translation>每秒服务器命令（INFO commandstats）</translation>
    </message>
    <message>
        <source>Waiters on the hottest locks</source>
        <translation>最热的锁上的等待者</translation>
    </message>
    <message>
        <source>events/s</source>
        <translation>事件/秒</translation>
    </message>
    <message>
        <source>calls/s</source>
        <translation>调用/秒</translation>
    </message>
    <message>
        <source>All commands of all clients, LockScope&apos;s own reads included; the busiest commands other than those reads, one line each</source>
        <translation>所有客户端的全部命令（包括 LockScope 自己的读取）；除这些读取外最繁忙的命令，每条一根线</translation>
    </message>
    <message>
        <source>No hot lock has visible waiters right now.
Redisson locks, fair queues and semaphores show theirs;
for plain SET NX locks, sample failed acquisitions.</source>
        <translation>目前没有热点锁有可见的等待者。
Redisson 锁、公平队列和信号量会显示等待者；
普通 SET NX 锁请采样失败的加锁。</translation>
    </message>
    <message>
        <source>waiting clients</source>
        <translation>等待的客户端</translation>
    </message>
    <message>
        <source>Hottest locks of the last minute. Waiters show where the lock library makes them visible (Redisson&apos;s unlock channel and fair queue, semaphore queues); a client retrying SET NX leaves no trace, so sample failed acquisitions (Watch menu) to count those. Double-click to select.</source>
        <translation>最近一分钟最热的锁。只有锁库让等待者可见时才会显示（Redisson 的解锁频道和公平队列、信号量队列）；重试 SET NX 的客户端不留痕迹，要统计它们请采样失败的加锁（“监视”菜单）。双击可选中。</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>活动</translation>
    </message>
    <message>
        <source>Contention</source>
        <translation>锁竞争</translation>
    </message>
    <message>
        <source>Renewals</source>
        <translation>续期</translation>
    </message>
    <message>
        <source>Holders</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
</context>
<context>
    <name>WatchRecorder</name>
    <message>
        <source>Score %1 in the last minute: %2 acquired, %3 handovers, %4 failed attempts, %5 waiting</source>
        <translation>最近一分钟热度 %1：加锁 %2 次，易主 %3 次，失败尝试 %4 次，等待 %5 个</translation>
    </message>
</context>
<context>
    <name>WatchService</name>
    <message>
        <source>connection lost</source>
        <translation>连接断开</translation>
    </message>
    <message>
        <source>the server answers again</source>
        <translation>服务器恢复应答</translation>
    </message>
    <message>
        <source>connected again</source>
        <translation>已重新连接</translation>
    </message>
    <message>
        <source>%1 has not answered for %2 s</source>
        <translation>%1 已 %2 秒无应答</translation>
    </message>
    <message>
        <source>%1 restarted (run_id %2 → %3): locks it no longer holds are reported lost, not released</source>
        <translation>%1 已重启（run_id %2 → %3）：它不再持有的锁报告为丢失，而不是已释放</translation>
    </message>
    <message>
        <source>failing over from %1 to %2</source>
        <translation>正在从 %1 故障转移到 %2</translation>
    </message>
    <message>
        <source>failover: %1 now serves what %2 served; locks it does not hold as they were are reported lost</source>
        <translation>故障转移：%1 现在接管 %2 原先负责的数据；锁若不再与原先一致，则报告为丢失</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>no %1 translation here; speaking English</source>
        <translation>这里没有 %1 的翻译；改用英文</translation>
    </message>
    <message>
        <source>%1 (see lockscope --help)</source>
        <translation>%1（参见 lockscope --help）</translation>
    </message>
    <message>
        <source>no display ($DISPLAY and $WAYLAND_DISPLAY are unset), so here are the locks in the terminal.
  For the window, run lockscope in a desktop session or over &apos;ssh -X&apos;, or render it to a picture
  with &apos;lockscope --screenshot lockscope.png&apos;. See &apos;lockscope --help&apos; for the terminal commands.
</source>
        <translation>没有显示器（$DISPLAY 和 $WAYLAND_DISPLAY 均未设置），因此在终端中列出锁。
  要使用窗口，请在桌面会话中或通过 &apos;ssh -X&apos; 运行 lockscope，或用
  &apos;lockscope --screenshot lockscope.png&apos; 把窗口渲染成图片。终端命令见 &apos;lockscope --help&apos;。
</translation>
    </message>
    <message>
        <source>this command is not available in this build</source>
        <translation>此构建中没有这个命令</translation>
    </message>
    <message>
        <source>unknown scenario &apos;%1&apos; (lockscope demo --list shows them)</source>
        <translation>未知场景“%1”（lockscope demo --list 可列出全部场景）</translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Could not start the sandbox: %1</source>
        <translation>无法启动沙箱：%1</translation>
    </message>
    <message>
        <source>no scan finished within 60 s; no screenshot taken (%1)</source>
        <translation>60 秒内没有完成扫描；未截图（%1）</translation>
    </message>
    <message>
        <source>LockScope — Redlock group</source>
        <translation>LockScope — 红锁组</translation>
    </message>
    <message>
        <source>no Redlock group is saved (the window&apos;s Redlock groups… dialog saves them)</source>
        <translation>没有已保存的红锁组（由窗口的“红锁组…”对话框保存）</translation>
    </message>
    <message>
        <source>no saved Redlock group is named &quot;%1&quot;; saved: %2</source>
        <translation>没有名为“%1”的已保存红锁组；已保存的有：%2</translation>
    </message>
    <message>
        <source>more than one saved Redlock group is named &quot;%1&quot; but for case (%2): give the name as saved</source>
        <translation>有多个已保存的红锁组仅在大小写上与“%1”不同（%2）：请按保存时的写法给出名称</translation>
    </message>
    <message>
        <source>no dialect &quot;%1&quot; (lockscope dialects lists them)</source>
        <translation>没有方言“%1”（lockscope dialects 会列出所有方言）</translation>
    </message>
    <message>
        <source>Settings out of range or unreadable: %1 (brought into range, or set to their defaults)</source>
        <translation>设置超出范围或无法读取：%1（已调整到范围内，或改用默认值）</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
</context>
</TS>
