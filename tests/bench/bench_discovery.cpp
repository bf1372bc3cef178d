// Discovery benchmark (issue 3): 1,000,000 keys of which 100,000 are locks, in a private
// redis-server. In one run it times
//   (a) the raw floor: a bare synchronous hiredis loop of SCAN cursor COUNT 1000 that only counts,
//   (b) LockScope's full discovery with inspection: `lockscope scan --json > /dev/null`,
//   (c) `redis-cli --scan`, what users type today,
//   (d) a naive per-key GET + PTTL loop over the locks,
// prints the ratios (targets: b <= 1.5 a, d / b >= 20) and LockScope's peak memory, then
// measures how long the GUI event loop stalls while the window discovers the same keyspace.
// Everything runs twice: on loopback, and through a relay that adds a LAN-like round trip.
// Options: --keys N (a tenth of them locks) for a quick try, --gui-only (the GUI measurement alone).
// Not a CTest test: timings on shared machines are for reading, not for asserting.

#include "auditlog.h"
#include "dialectregistry.h"
#include "latencyrelay.h"
#include "locktablemodel.h"
#include "mainwindow.h"
#include "testwindow.h"
#include "testredis.h"

#include <hiredis/hiredis.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTest>

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>

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

qint64 rawScan(quint16 port)
{
    redisContext *c = connectRaw(port);
    qint64 count = 0;
    QByteArray cursor = "0";
    do {
        auto *r = static_cast<redisReply *>(redisCommand(c, "SCAN %s COUNT 1000", cursor.constData()));
        cursor = QByteArray(r->element[0]->str, qsizetype(r->element[0]->len));
        count += qint64(r->element[1]->elements);
        freeReplyObject(r);
    } while (cursor != "0");
    redisFree(c);
    return count;
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

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    Scale scale;
    for (qsizetype i = 1; i < args.size(); ++i) {
        bool ok = true;
        if (args.at(i) == QLatin1String("--keys") && i + 1 < args.size())
            scale.keys = args.at(++i).toInt(&ok);
        else if (!args.at(i).startsWith(QLatin1String("--")))
            ok = false;
        if (!ok || scale.keys < 10) {
            fprintf(stderr, "usage: bench_discovery [--keys N] [--gui-only]\n");
            return 2;
        }
    }
    scale.locks = scale.keys / 10;
    return runStandalone(scale, args.contains(QStringLiteral("--gui-only")));
}
