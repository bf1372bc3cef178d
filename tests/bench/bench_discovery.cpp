// Discovery benchmark (issues 3 and 12): 1,000,000 keys of which 100,000 are locks.
//
// Standalone, in a private redis-server, one run times
//   (a) the raw floor: a bare synchronous hiredis loop of SCAN cursor COUNT 1000 that only counts,
//   (b) LockScope's full discovery with inspection: `lockscope scan --json > /dev/null`,
//   (c) `redis-cli --scan`, what users type today,
//   (d) a naive per-key GET + PTTL loop over the locks,
// prints the ratios (targets: b <= 1.5 a, d / b >= 20) and LockScope's peak memory, then
// measures how long the GUI event loop stalls while the window discovers the same keyspace.
// Everything runs twice: on loopback, and through a relay that adds a LAN-like round trip.
//
// Cluster, on a private 3-master Redis Cluster holding the same number of keys (the locks in
// four dialects' layouts), it times
//   (a) the serial raw floor: the bare SCAN loop over each master, one after another,
//   (b) the parallel raw floor: the same loops at once, one thread per master,
//   (d) the parallel raw floor of reading: the same loops, each also reading the value and PTTL
//       of every lock it lists, pipelined, by names and types known in advance (what any tool
//       must at least read to show holders and TTLs),
//   (c) LockScope's full discovery with inspection: DiscoveryService on a ServerTopology,
// over a few rounds (the median counts), with targets c <= 1.3 b and c < a, and checks that
// (c) found every lock.
//
// Redlock group (issue 14), on five private redis-servers each holding the same 20,000 locks
// (node-redlock's layout, one token per key on every node), it times
//   (b) the parallel raw floor: the bare SCAN loop over the five servers, a thread each,
//   (d) the parallel raw floor of reading: the same loops with a pipelined GET + PTTL of every
//       key listed (what any tool must read to show tokens and TTLs), a thread per server,
//   (c) LockScope's group scan: RedlockScanService, every lock merged into one observation,
// over a few rounds (the median counts), with the target c <= 1.5 b, and checks that (c)
// saw every lock held on all five nodes.
//
// Options: --keys N (a tenth of them locks) for a quick try, --rounds N for the cluster and
// Redlock cases, --redlock-locks N, --cluster-only, --standalone-only, --redlock-only,
// --gui-only (the standalone GUI measurement alone).
// Not a CTest test: timings on shared machines are for reading, not for asserting.

#include "auditlog.h"
#include "clusterslot.h"
#include "clusterslotmap.h"
#include "dialectregistry.h"
#include "discoveryservice.h"
#include "latencyrelay.h"
#include "locktablemodel.h"
#include "mainwindow.h"
#include "redlockscanservice.h"
#include "servertopology.h"
#include "testcluster.h"
#include "testwindow.h"
#include "testredis.h"
#include "testredlockgroup.h"

#include <hiredis/hiredis.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QTest>

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <string_view>
#include <thread>
#include <vector>

namespace {
// How many keys a case writes; a tenth of them are locks.
struct Scale
{
    int keys = 1'000'000;
    int locks = 100'000;
};

double seconds(const QElapsedTimer &t)
{
    return t.nsecsElapsed() / 1e9;
}

// (a) and (d) use hiredis's blocking API: fine in a benchmark, never in LockScope.
redisContext *connectRaw(quint16 port)
{
    redisContext *c = redisConnect("127.0.0.1", port);
    if (!c || c->err) {
        fprintf(stderr, "cannot connect: %s\n", c ? c->errstr : "out of memory");
        exit(1);
    }
    return c;
}

// What a raw loop reads of each key SCAN lists, besides the listing.
enum class RawRead {
    None,     // nothing: the bare SCAN floor, which counts the keys
    Every,    // GET + PTTL of every key (a Redlock group's keys are all locks)
    LockKeys, // the lock keys only, by the names the cluster case gives them: GET or HGETALL, and PTTL
};

// Which command reads a lock of the cluster case by its name (nullptr: not a lock). A raw loop
// that knows the layout in advance: no type to find out, no pattern to match, no decoding.
const char *lockRead(const redisReply *key)
{
    const std::string_view name(key->str, key->len);
    if (name.starts_with("orderLock:"))
        return "HGETALL %b";
    if (name.starts_with("lock:job:") || name.starts_with("sync-lock:payment:") || name.starts_with("mutex:report:"))
        return "GET %b";
    return nullptr;
}

// The bare SCAN COUNT 1000 loop. With a read, the raw floor of what a scan must know of each
// lock too: its value and PTTL, pipelined a page at a time; then it counts the keys held.
qint64 rawScan(quint16 port, RawRead read = RawRead::None)
{
    redisContext *c = connectRaw(port);
    qint64 count = 0;
    QByteArray cursor = "0";
    do {
        auto *r = static_cast<redisReply *>(redisCommand(c, "SCAN %s COUNT 1000", cursor.constData()));
        cursor = QByteArray(r->element[0]->str, qsizetype(r->element[0]->len));
        const size_t n = r->element[1]->elements;
        if (read == RawRead::None)
            count += qint64(n);
        size_t sent = 0;
        for (size_t i = 0; read != RawRead::None && i < n; ++i) {
            const redisReply *key = r->element[1]->element[i];
            const char *value = read == RawRead::Every ? "GET %b" : lockRead(key);
            if (!value)
                continue;
            redisAppendCommand(c, value, key->str, key->len);
            redisAppendCommand(c, "PTTL %b", key->str, key->len);
            ++sent;
        }
        for (size_t i = 0; i < sent; ++i) {
            void *got = nullptr;
            void *pttl = nullptr;
            redisGetReply(c, &got);
            redisGetReply(c, &pttl);
            const auto *value = static_cast<redisReply *>(got);
            count += (value->type == REDIS_REPLY_STRING || (value->type == REDIS_REPLY_ARRAY && value->elements > 0))
                     && static_cast<redisReply *>(pttl)->integer > 0;
            freeReplyObject(got);
            freeReplyObject(pttl);
        }
        freeReplyObject(r);
    } while (cursor != "0");
    redisFree(c);
    return count;
}

// The raw loop on every server at once, a thread each.
qint64 rawScanInParallel(const QList<quint16> &ports, RawRead read)
{
    std::vector<qint64> keys(std::size_t(ports.size()), 0);
    std::vector<std::thread> threads;
    for (qsizetype n = 0; n < ports.size(); ++n)
        threads.emplace_back([&, n] { keys[std::size_t(n)] = rawScan(ports.at(n), read); });
    for (std::thread &t : threads)
        t.join();
    return std::accumulate(keys.cbegin(), keys.cend(), qint64(0));
}

qint64 naivePerKey(quint16 port, int locks)
{
    redisContext *c = connectRaw(port);
    qint64 held = 0;
    for (int i = 1; i <= locks; ++i) {
        const QByteArray key = "lock:job:" + QByteArray::number(i);
        auto *get = static_cast<redisReply *>(redisCommand(c, "GET %b", key.constData(), size_t(key.size())));
        auto *pttl = static_cast<redisReply *>(redisCommand(c, "PTTL %b", key.constData(), size_t(key.size())));
        held += get->type == REDIS_REPLY_STRING && pttl->integer > 0;
        freeReplyObject(get);
        freeReplyObject(pttl);
    }
    redisFree(c);
    return held;
}

double roundTripUs(quint16 port)
{
    redisContext *c = connectRaw(port);
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < 2000; ++i)
        freeReplyObject(redisCommand(c, "PING"));
    const double us = t.nsecsElapsed() / 1e3 / 2000;
    redisFree(c);
    return us;
}

double runProcess(const QString &program, const QStringList &args, int *exitCode)
{
    QProcess p;
    p.setStandardOutputFile(QProcess::nullDevice());
    QElapsedTimer t;
    t.start();
    p.start(program, args);
    p.waitForFinished(-1);
    *exitCode = p.exitCode();
    return seconds(t);
}

void seed(TestRedis &redis, const Scale &scale)
{
    // Locks as SET NX PX writes them (UUID-shaped tokens), data keys in between.
    const char *script =
        "local from, to, locks = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]) "
        "for i = from, to do "
        "  if i <= locks then "
        "    redis.call('SET', 'lock:job:' .. i, string.format('%08x-0795-4907-87fd-%012x', i, i * 7919), 'PX', 3600000) "
        "  else "
        "    redis.call('SET', 'user:' .. i .. ':profile', 'data') "
        "  end "
        "end return 1";
    for (int from = 1; from <= scale.keys; from += 100'000)
        redis.command({"EVAL", script, "0", QByteArray::number(from), QByteArray::number(std::min(from + 99'999, scale.keys)),
                       QByteArray::number(scale.locks)},
                      120000);
}

// Runs (a) to (d) against one port and prints them; returns lockscope's peak RSS in MB.
double measureAll(quint16 port, const char *link, const Scale &scale)
{
    printf("== %s: round trip %.0f us\n", link, roundTripUs(port));
    QElapsedTimer t;
    t.start();
    const qint64 counted = rawScan(port);
    const double a = seconds(t);

    int code = 0;
    const double b = runProcess(QStringLiteral(LOCKSCOPE_BINARY),
                                {QStringLiteral("scan"), QStringLiteral("-p"), QString::number(port), QStringLiteral("--json")},
                                &code);
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage); // the largest child reaped so far: lockscope on the first run
    if (code != 0)
        fprintf(stderr, "lockscope scan exited with %d\n", code);

    int cliCode = 0;
    const double c = runProcess(QStringLiteral("redis-cli"), {QStringLiteral("-p"), QString::number(port), QStringLiteral("--scan")},
                                &cliCode);
    t.restart();
    const qint64 held = naivePerKey(port, scale.locks);
    const double d = seconds(t);

    printf("(a) raw hiredis SCAN COUNT 1000 loop : %7.3f s  (%lld keys)\n", a, counted);
    printf("(b) lockscope scan --json > /dev/null: %7.3f s\n", b);
    printf("(c) redis-cli --scan > /dev/null     : %7.3f s\n", c);
    printf("(d) naive GET+PTTL per lock          : %7.3f s  (%lld held)\n", d, held);
    printf("ratios: b/a = %.2f (target <= 1.5)   c/a = %.2f   d/b = %.1f (target >= 20)\n\n", b / a, c / a, d / b);
    fflush(stdout);
    return usage.ru_maxrss / 1024.0;
}

struct Stalls
{
    double maxMs = 0;
    double p99Ms = 0;
    double scanSeconds = 0;
    qsizetype rows = 0;
};

// The window discovers the keyspace while a 10 ms timer records how late it fires.
Stalls guiStalls(const TestRedis &redis)
{
    DialectRegistry registry;
    const AuditLog audit(QDir::temp().filePath(QStringLiteral("lockscope-bench-audit.log")));
    TestWindow t(&registry, &audit);
    MainWindow &window = t.window;
    window.show();
    QList<double> lateness;
    QElapsedTimer clock;
    clock.start();
    qint64 last = clock.nsecsElapsed();
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(10);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        lateness << std::max(0.0, (now - last) / 1e6 - 10.0);
        last = now;
    });
    bool done = false;
    QObject::connect(&window, &MainWindow::scanFinished, [&] { done = true; });
    QElapsedTimer scan;
    scan.start();
    probe.start();
    t.sessions.connectTo(redis.profile());
    (void)QTest::qWaitFor([&] { return done; }, 300000);
    Stalls s;
    s.scanSeconds = seconds(scan);
    probe.stop();
    QTest::qWait(300); // let the last coalesced rows land
    s.rows = window.lockModel()->rowCount();
    std::sort(lateness.begin(), lateness.end());
    if (!lateness.isEmpty()) {
        s.maxMs = lateness.last();
        s.p99Ms = lateness.at(qsizetype(lateness.size() * 0.99));
    }
    return s;
}

int runStandalone(const Scale &scale, bool guiOnly)
{
    TestRedis redis;
    if (!redis.start()) {
        fprintf(stderr, "could not start redis-server\n");
        return 1;
    }
    printf("seeding %d keys (%d locks)...\n", scale.keys, scale.locks);
    fflush(stdout);
    seed(redis, scale);
    printf("DBSIZE %lld\n\n", redis.command({"DBSIZE"}).integer());
    if (guiOnly) {
        const Stalls s = guiStalls(redis);
        printf("GUI discovery: %.2f s, %lld rows; event-loop lateness p99 %.1f ms, max %.1f ms\n", s.scanSeconds,
               qint64(s.rows), s.p99Ms, s.maxMs);
        return 0;
    }

    const double peakMb = measureAll(redis.port(), "loopback", scale);
    printf("lockscope peak RSS during (b): %.1f MB\n", peakMb);
    {
        LatencyRelay relay(redis.port(), std::chrono::microseconds(100));
        measureAll(relay.port(), "through a relay adding 100 us each way (a LAN-like link)", scale);
    }

    const Stalls s = guiStalls(redis);
    printf("\nGUI discovery of the same keyspace: %.2f s, %lld rows; event-loop lateness p99 %.1f ms, max %.1f ms\n\n",
           s.scanSeconds, qint64(s.rows), s.p99Ms, s.maxMs);
    fflush(stdout);
    return 0;
}

// ---- The cluster case ----

// Lock i (1-based) in one of four layouts, so discovery decodes more than one dialect:
// a plain SET NX PX lock with a UUID token, a Redisson hash {"uuid:threadId" -> count} (whose
// waiter probes cost a round trip of their own), a Redsync base64 token, a redis-semaphore
// Mutex. Every lock has an hour's TTL, so none expires during the run.
QList<QList<QByteArray>> lockCommands(int i)
{
    char text[40];
    snprintf(text, sizeof text, "%08x-0795-4907-87fd-%012llx", unsigned(i), i * 7919ULL);
    const QByteArray uuid(text);
    const QByteArray n = QByteArray::number(i);
    switch (i % 4) {
    case 0:
        return {{"SET", "lock:job:" + n, uuid, "PX", "3600000"}};
    case 1:
        return {{"HSET", "orderLock:" + n, uuid + ':' + QByteArray::number(1 + i % 32), "1"}, {"PEXPIRE", "orderLock:" + n, "3600000"}};
    case 2: {
        QByteArray raw(16, Qt::Uninitialized);
        for (int b = 0; b < 16; ++b)
            raw[b] = char((i * 2654435761U) >> (b % 4 * 8)) ^ char(b * 37);
        return {{"SET", "sync-lock:payment:" + n, raw.toBase64(), "PX", "3600000"}};
    }
    default:
        return {{"SET", "mutex:report:" + n, uuid, "PX", "3600000"}};
    }
}

// Sends commands to one server with blocking hiredis, a window at a time, and checks every
// reply: a benchmark on a half-written keyspace would measure nothing.
bool sendPipelined(quint16 port, const QList<QList<QByteArray>> &commands)
{
    constexpr qsizetype window = 2000;
    redisContext *c = connectRaw(port);
    bool ok = true;
    std::vector<const char *> argv;
    std::vector<size_t> lengths;
    for (qsizetype from = 0; from < commands.size() && ok; from += window) {
        const qsizetype to = std::min(commands.size(), from + window);
        for (qsizetype i = from; i < to; ++i) {
            argv.clear();
            lengths.clear();
            for (const QByteArray &arg : commands.at(i)) {
                argv.push_back(arg.constData());
                lengths.push_back(size_t(arg.size()));
            }
            redisAppendCommandArgv(c, int(argv.size()), argv.data(), lengths.data());
        }
        for (qsizetype i = from; i < to; ++i) {
            void *r = nullptr;
            if (redisGetReply(c, &r) != REDIS_OK) {
                fprintf(stderr, "port %u: %s\n", port, c->errstr);
                return false;
            }
            if (static_cast<redisReply *>(r)->type == REDIS_REPLY_ERROR) {
                fprintf(stderr, "port %u: %s\n", port, static_cast<redisReply *>(r)->str);
                ok = false;
            }
            freeReplyObject(r);
        }
    }
    redisFree(c);
    return ok;
}

// Writes the keyspace straight to the masters, each master's keys in pipelines of its own,
// all masters at once. Data keys of one slot share an MSET (a cluster allows a multi-key
// command within a slot), which makes them cheap; locks need their TTL, so each is its own
// SET PX (or HSET + PEXPIRE).
bool seedCluster(const QList<quint16> &masterPorts, const ClusterSlotMap &map, const Scale &scale)
{
    QList<QList<QList<QByteArray>>> perMaster(masterPorts.size());
    auto masterOf = [&](const QByteArray &key) {
        const int shard = map.shardOf(ClusterSlot::forKey(key));
        return shard < 0 ? -1 : int(masterPorts.indexOf(map.shards().at(shard).master.port));
    };
    for (int i = 1; i <= scale.locks; ++i) {
        const QList<QList<QByteArray>> commands = lockCommands(i);
        const int m = masterOf(commands.first().at(1));
        if (m < 0)
            return false;
        perMaster[m] += commands;
    }
    std::vector<QList<QByteArray>> bySlot(ClusterSlot::count);
    for (int i = scale.locks + 1; i <= scale.keys; ++i) {
        const QByteArray key = "user:" + QByteArray::number(i) + ":profile";
        QList<QByteArray> &mset = bySlot[ClusterSlot::forKey(key)];
        if (mset.isEmpty())
            mset << "MSET";
        mset << key << "data";
    }
    for (const QList<QByteArray> &mset : bySlot) {
        if (mset.isEmpty())
            continue;
        const int m = masterOf(mset.at(1));
        if (m < 0)
            return false;
        perMaster[m] << mset;
    }
    std::vector<std::thread> threads;
    std::vector<char> ok(std::size_t(masterPorts.size()), 0);
    for (qsizetype m = 0; m < masterPorts.size(); ++m)
        threads.emplace_back([&, m] { ok[std::size_t(m)] = sendPipelined(masterPorts.at(m), perMaster.at(m)); });
    for (std::thread &t : threads)
        t.join();
    return std::all_of(ok.cbegin(), ok.cend(), [](char b) { return b != 0; });
}

// CPU seconds (user + system) a server has used so far, from INFO cpu: tells whether a
// measurement waited on the servers or on the client.
double serverCpuSeconds(quint16 port)
{
    redisContext *c = connectRaw(port);
    auto *r = static_cast<redisReply *>(redisCommand(c, "INFO cpu"));
    double total = 0;
    for (const QByteArray &line : QByteArray(r->str, qsizetype(r->len)).split('\n')) {
        if (line.startsWith("used_cpu_sys:") || line.startsWith("used_cpu_user:"))
            total += line.mid(line.indexOf(':') + 1).trimmed().toDouble();
    }
    freeReplyObject(r);
    redisFree(c);
    return total;
}

double serversCpuSeconds(const QList<quint16> &ports)
{
    double total = 0;
    for (quint16 port : ports)
        total += serverCpuSeconds(port);
    return total;
}

double ownCpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

struct Timing
{
    double seconds = 0;
    double clientCpu = 0; // this process, all its threads
    double serverCpu = 0; // the masters together
    qint64 keys = 0;
};

template<typename Work>
Timing timed(const QList<quint16> &ports, Work work)
{
    Timing t;
    const double client = ownCpuSeconds();
    const double servers = serversCpuSeconds(ports);
    QElapsedTimer clock;
    clock.start();
    t.keys = work();
    t.seconds = seconds(clock);
    t.clientCpu = ownCpuSeconds() - client;
    t.serverCpu = serversCpuSeconds(ports) - servers;
    return t;
}

// The machine's state, printed with the figures: on a shared machine they depend on it.
QByteArray machineLoad()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    const QByteArray load = file.open(QIODevice::ReadOnly) ? file.readAll().split(' ').mid(0, 3).join(' ') : QByteArray("unknown");
    return QByteArray::number(std::thread::hardware_concurrency()) + " cores, load average " + load;
}

// Where the masters' time went, by command, from INFO commandstats (reset before the run):
// says which of discovery's commands are worth saving.
QString serverTimeByCommand(TestCluster &cluster)
{
    QMap<QByteArray, QPair<qint64, qint64>> byCommand; // calls, microseconds
    for (int node : cluster.masters()) {
        for (const QByteArray &line : cluster.command(node, {"INFO", "commandstats"}).bytes().split('\n')) {
            if (!line.startsWith("cmdstat_"))
                continue;
            const QByteArray name = line.mid(8, line.indexOf(':') - 8);
            QPair<qint64, qint64> &total = byCommand[name];
            for (const QByteArray &field : line.mid(line.indexOf(':') + 1).trimmed().split(',')) {
                if (field.startsWith("calls="))
                    total.first += field.mid(6).toLongLong();
                else if (field.startsWith("usec="))
                    total.second += field.mid(5).toLongLong();
            }
        }
    }
    QStringList parts;
    for (auto it = byCommand.cbegin(); it != byCommand.cend(); ++it)
        if (it.key() != "info" && it.key() != "config")
            parts << QStringLiteral("%1 %2 s (%3 calls)").arg(QString::fromLatin1(it.key())).arg(it->second / 1e6, 0, 'f', 2).arg(it->first);
    return parts.join(QStringLiteral(", "));
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.at(values.size() / 2);
}

int runCluster(const Scale &scale, int rounds)
{
    printf("== cluster: starting 3 masters...\n");
    fflush(stdout);
    TestCluster cluster(3, 0);
    if (!cluster.start()) {
        fprintf(stderr, "could not start the cluster: %s\n", qPrintable(cluster.errorString()));
        return 1;
    }
    QString error;
    const std::optional<ClusterSlotMap> map = ClusterSlotMap::fromShards(cluster.command(0, {"CLUSTER", "SHARDS"}), &error);
    if (!map || !map->isComplete()) {
        fprintf(stderr, "no slot map: %s\n", qPrintable(error));
        return 1;
    }
    const QList<quint16> ports = cluster.masterPorts();
    printf("seeding %d keys (%d locks) over %lld masters...\n", scale.keys, scale.locks, qint64(ports.size()));
    fflush(stdout);
    QElapsedTimer seeding;
    seeding.start();
    if (!seedCluster(ports, *map, scale)) {
        fprintf(stderr, "seeding failed\n");
        return 1;
    }
    qint64 dbsize = 0;
    QStringList perMaster;
    for (int node : cluster.masters()) {
        const qint64 n = cluster.command(node, {"DBSIZE"}).integer();
        dbsize += n;
        perMaster << QString::number(n);
    }
    printf("seeded in %.1f s; DBSIZE %lld (%s)\n", seconds(seeding), dbsize, qPrintable(perMaster.join(QStringLiteral(" + "))));
    if (dbsize != scale.keys) {
        fprintf(stderr, "expected %d keys\n", scale.keys);
        return 1;
    }

    DialectRegistry registry;
    ServerTopology topology(cluster.options(0));
    topology.open();
    if (!QTest::qWaitFor([&] { return topology.isReady(); }, 15000) || topology.kind() != RedisTopology::Kind::Cluster) {
        fprintf(stderr, "the topology did not become ready as a cluster\n");
        return 1;
    }
    printf("%s; %s\n\n", qPrintable(topology.summary()), machineLoad().constData());
    DiscoveryService discovery(&topology, &registry);

    QList<double> a, b, c, d;
    qint64 lastFound = -1;
    bool allFound = true;
    for (int round = 1; round <= rounds; ++round) {
        const Timing serial = timed(ports, [&] {
            qint64 keys = 0;
            for (quint16 port : ports)
                keys += rawScan(port);
            return keys;
        });
        const Timing parallel = timed(ports, [&] { return rawScanInParallel(ports, RawRead::None); });
        const Timing reading = timed(ports, [&] { return rawScanInParallel(ports, RawRead::LockKeys); });
        QMap<QString, qint64> dialects;
        DiscoveryProgress progress;
        for (int node : cluster.masters())
            cluster.command(node, {"CONFIG", "RESETSTAT"});
        const Timing full = timed(ports, [&] {
            // A real event loop, as the application runs: QTest::qWaitFor would sleep 10 ms
            // between its turns and time its own naps.
            QEventLoop loop;
            QObject::connect(&discovery, &DiscoveryService::locksFound, &loop, [&](const QList<LockInfo> &locks) {
                for (const LockInfo &lock : locks)
                    ++dialects[lock.dialect];
            });
            QObject::connect(&discovery, &DiscoveryService::finished, &loop, [&](const DiscoveryProgress &p) {
                progress = p;
                loop.quit();
            });
            QObject::connect(&discovery, &DiscoveryService::failed, &loop, [&](const QString &message) {
                fprintf(stderr, "discovery failed: %s\n", qPrintable(message));
                loop.quit();
            });
            QTimer::singleShot(600000, &loop, &QEventLoop::quit);
            discovery.start();
            loop.exec();
            return progress.keysScanned;
        });
        a << serial.seconds;
        b << parallel.seconds;
        c << full.seconds;
        d << reading.seconds;
        lastFound = progress.locksFound;
        allFound = allFound && progress.locksFound == scale.locks && progress.unreadable == 0;
        printf("round %d:\n", round);
        printf("  (a) serial raw SCAN COUNT 1000, master after master: %7.3f s  (%lld keys; CPU: client %.2f s, servers %.2f s)\n",
               serial.seconds, serial.keys, serial.clientCpu, serial.serverCpu);
        printf("  (b) parallel raw SCAN COUNT 1000, a thread per master: %7.3f s  (%lld keys; CPU: client %.2f s, servers %.2f s)\n",
               parallel.seconds, parallel.keys, parallel.clientCpu, parallel.serverCpu);
        printf("  (d) the same, reading each lock's value and PTTL:      %7.3f s  (%lld held; CPU: client %.2f s, servers %.2f s)\n",
               reading.seconds, reading.keys, reading.clientCpu, reading.serverCpu);
        printf("  (c) DiscoveryService on the cluster, with inspection:  %7.3f s  (%lld keys; CPU: client %.2f s, servers %.2f s)\n",
               full.seconds, full.keys, full.clientCpu, full.serverCpu);
        QStringList found;
        for (auto it = dialects.cbegin(); it != dialects.cend(); ++it)
            found << QStringLiteral("%1 %2").arg(it.key()).arg(it.value());
        printf("      locks found: %lld of %d (%s); unreadable %lld; candidates %lld\n", progress.locksFound, scale.locks,
               qPrintable(found.join(QStringLiteral(", "))), progress.unreadable, progress.candidates);
        printf("      servers' time by command in (c): %s\n", qPrintable(serverTimeByCommand(cluster)));
        printf("      c/b = %.2f (target <= 1.3)   c/a = %.2f (target < 1)   d/b = %.2f   c/d = %.2f\n", full.seconds / parallel.seconds,
               full.seconds / serial.seconds, reading.seconds / parallel.seconds, full.seconds / reading.seconds);
        fflush(stdout);
    }

    // The command line's own scan of the same cluster, for comparison with the standalone (b):
    // it adds process start-up, the slot map and JSON output.
    int code = 0;
    const double cli = runProcess(QStringLiteral(LOCKSCOPE_BINARY),
                                  {QStringLiteral("scan"), QStringLiteral("-c"), QStringLiteral("-p"), QString::number(ports.first()),
                                   QStringLiteral("--json")},
                                  &code);
    const double ma = median(a), mb = median(b), mc = median(c), md = median(d);
    printf("\ncluster, median of %d round(s), %d keys (%d locks) on %lld masters; %s:\n", rounds, scale.keys, scale.locks,
           qint64(ports.size()), machineLoad().constData());
    printf("(a) serial raw floor   : %7.3f s\n", ma);
    printf("(b) parallel raw floor : %7.3f s\n", mb);
    printf("(d) parallel raw floor, reading the locks: %7.3f s\n", md);
    printf("(c) LockScope discovery: %7.3f s  (locks found %lld of %d%s)\n", mc, lastFound, scale.locks, allFound ? "" : " -- MISMATCH");
    printf("    lockscope scan -c --json > /dev/null: %.3f s (exit %d)\n", cli, code);
    printf("ratios: c/b = %.2f (target <= 1.3) %s   c/a = %.2f (target < 1) %s   d/b = %.2f   c/d = %.2f\n", mc / mb,
           mc <= 1.3 * mb ? "met" : "MISSED", mc / ma, mc < ma ? "met" : "MISSED", md / mb, mc / md);
    fflush(stdout);
    topology.close();
    return allFound ? 0 : 1;
}

int runRedlock(int locks, int rounds)
{
    printf("== Redlock group: starting 5 servers...\n");
    fflush(stdout);
    TestRedlockGroup group;
    if (!group.start()) {
        fprintf(stderr, "could not start the servers\n");
        return 1;
    }
    QList<quint16> ports;
    for (int i = 0; i < TestRedlockGroup::size; ++i)
        ports << group.node(i).port();
    // node-redlock's acquire, as it lands on every node: the same key and token everywhere.
    QList<QList<QByteArray>> commands;
    commands.reserve(locks);
    for (int i = 0; i < locks; ++i) {
        const QByteArray token = QByteArray::number(0x5eed0000u + quint32(i), 16).rightJustified(32, 'a');
        commands << QList<QByteArray>{"SET", "lock:order:" + QByteArray::number(i), token, "PX", "3600000"};
    }
    std::vector<char> ok(std::size_t(ports.size()), 0);
    std::vector<std::thread> writers;
    for (qsizetype n = 0; n < ports.size(); ++n)
        writers.emplace_back([&, n] { ok[std::size_t(n)] = sendPipelined(ports.at(n), commands) ? 1 : 0; });
    for (std::thread &t : writers)
        t.join();
    if (!std::all_of(ok.cbegin(), ok.cend(), [](char b) { return b != 0; })) {
        fprintf(stderr, "seeding failed\n");
        return 1;
    }
    printf("%d locks on each of %lld servers; %s\n\n", locks, qint64(ports.size()), machineLoad().constData());

    DialectRegistry registry;
    RedlockScanService scan(group.profiles(), &registry);
    QList<double> b, c, d;
    bool allHeld = true;
    for (int round = 1; round <= rounds; ++round) {
        const Timing parallel = timed(ports, [&] { return rawScanInParallel(ports, RawRead::None); });
        const Timing reading = timed(ports, [&] { return rawScanInParallel(ports, RawRead::Every); });
        qint64 held = 0;
        const Timing full = timed(ports, [&] {
            QEventLoop loop;
            qint64 seen = 0;
            const QMetaObject::Connection done =
                QObject::connect(&scan, &RedlockScanService::finished, &loop, [&](const QList<RedlockObservation> &observations) {
                    seen = observations.size();
                    for (const RedlockObservation &o : observations)
                        held += o.assess().quorum == RedlockObservation::Quorum::Held && o.nodes.size() == TestRedlockGroup::size;
                    loop.quit();
                });
            QTimer::singleShot(600000, &loop, &QEventLoop::quit);
            scan.start();
            loop.exec();
            QObject::disconnect(done);
            return seen;
        });
        b << parallel.seconds;
        c << full.seconds;
        d << reading.seconds;
        allHeld = allHeld && held == locks && full.keys == locks;
        printf("round %d:\n", round);
        printf("  (b) parallel raw SCAN COUNT 1000, a thread per server: %7.3f s  (%lld keys; CPU: client %.2f s, servers %.2f s)\n",
               parallel.seconds, parallel.keys, parallel.clientCpu, parallel.serverCpu);
        printf("  (d) the same with GET + PTTL of every key, pipelined:  %7.3f s  (%lld held; CPU: client %.2f s, servers %.2f s)\n",
               reading.seconds, reading.keys, reading.clientCpu, reading.serverCpu);
        printf("  (c) RedlockScanService, merged by key:                 %7.3f s  (%lld locks, %lld held; CPU: client %.2f s, servers %.2f s)\n",
               full.seconds, full.keys, held, full.clientCpu, full.serverCpu);
        printf("      c/b = %.2f (target <= 1.5)   c/d = %.2f\n", full.seconds / parallel.seconds, full.seconds / reading.seconds);
        fflush(stdout);
    }
    const double mb = median(b), mc = median(c), md = median(d);
    printf("\nRedlock group, median of %d round(s), %d locks on each of %lld servers; %s:\n", rounds, locks, qint64(ports.size()),
           machineLoad().constData());
    printf("(b) parallel raw floor  : %7.3f s\n", mb);
    printf("(d) parallel raw reading: %7.3f s\n", md);
    printf("(c) LockScope group scan: %7.3f s%s\n", mc, allHeld ? "" : "  -- MISMATCH (not every lock seen held on every node)");
    printf("ratios: c/b = %.2f (target <= 1.5) %s   c/d = %.2f\n", mc / mb, mc <= 1.5 * mb ? "met" : "MISSED", mc / md);
    fflush(stdout);
    scan.close();
    return allHeld ? 0 : 1;
}
} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    Scale scale;
    int rounds = 3;
    int redlockLocks = 20'000;
    for (qsizetype i = 1; i < args.size(); ++i) {
        bool ok = true;
        if (args.at(i) == QLatin1String("--keys") && i + 1 < args.size())
            scale.keys = args.at(++i).toInt(&ok);
        else if (args.at(i) == QLatin1String("--rounds") && i + 1 < args.size())
            rounds = args.at(++i).toInt(&ok);
        else if (args.at(i) == QLatin1String("--redlock-locks") && i + 1 < args.size())
            redlockLocks = args.at(++i).toInt(&ok);
        else if (!args.at(i).startsWith(QLatin1String("--")))
            ok = false;
        if (!ok || scale.keys < 10 || rounds < 1 || redlockLocks < 1) {
            fprintf(stderr, "usage: bench_discovery [--keys N] [--rounds N] [--redlock-locks N]\n"
                            "                       [--cluster-only | --standalone-only | --redlock-only | --gui-only]\n");
            return 2;
        }
    }
    scale.locks = scale.keys / 10;
    const bool guiOnly = args.contains(QStringLiteral("--gui-only"));
    if (args.contains(QStringLiteral("--redlock-only")))
        return runRedlock(redlockLocks, rounds);
    if (!args.contains(QStringLiteral("--cluster-only"))) {
        if (const int code = runStandalone(scale, guiOnly); code != 0 || guiOnly)
            return code;
    }
    if (args.contains(QStringLiteral("--standalone-only")))
        return 0;
    if (const int code = runCluster(scale, rounds); code != 0 || args.contains(QStringLiteral("--cluster-only")))
        return code;
    return runRedlock(redlockLocks, rounds);
}
