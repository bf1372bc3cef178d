// Live-watch benchmark (issue 5), against a private redis-server:
//   1. 10,000 locks watched at 1 Hz by `lockscope watch --events --json`: its CPU (share of one
//      core) next to a bare hiredis loop doing the same reads each second (pipelined PTTL + GET of
//      every lock), both child processes measured from /proc over the same span;
//   2. the window watching those locks while a driver process writes 1,000 lock events/s, with
//      keyspace notifications on: how late a 10 ms timer fires in the GUI thread (p50/p99/max),
//      next to the same probe with no traffic;
//   3. in the same run, event latency: the driver puts its CLOCK_MONOTONIC write time in each
//      token, and the window's event service reports when it derived the event;
//   4. the window's resident memory sampled over the run (flat = bounded by the time window);
//   5. the server's own CPU (INFO cpu before and after) and commands per second while
//      `lockscope watch` watches 100,000 locks, polling and with keyspace notifications, under
//      100 lock events/s, next to the same traffic with no watch; and how late those events
//      come out of the watch.
// `--load-only` runs part 5 alone.
// `--seconds N` sets the length of the traffic run (default 60); `--long` makes it an hour;
// `--window-seconds N` shortens the charts' time window (default 1 h) so a short run shows
// memory levelling off once the window is full.
// Not a CTest test: timings on shared machines are for reading, not for asserting.

#include "auditlog.h"
#include "dialectregistry.h"
#include "livewatchdocks.h"
#include "lockeventservice.h"
#include "mainwindow.h"
#include "session.h"
#include "testwindow.h"
#include "watchrecorder.h"
#include "testredis.h"

#include <hiredis/hiredis.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace {
constexpr int watchedLocks = 10'000;
constexpr int drivenKeys = 200;

qint64 monotonicNs()
{
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// The driver and the baseline use hiredis's blocking API: fine in a benchmark, never in LockScope.
redisContext *connectRaw(quint16 port)
{
    redisContext *c = redisConnect("127.0.0.1", port);
    if (!c || c->err) {
        fprintf(stderr, "cannot connect: %s\n", c ? c->errstr : "out of memory");
        exit(1);
    }
    return c;
}

void drain(redisContext *c, int replies)
{
    for (int i = 0; i < replies; ++i) {
        void *r = nullptr;
        if (redisGetReply(c, &r) != REDIS_OK) {
            fprintf(stderr, "redis: %s\n", c->errstr);
            exit(1);
        }
        freeReplyObject(r);
    }
}

// CPU seconds (user + system) a process has used so far, from /proc/PID/stat.
double cpuSeconds(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray line = stat.readAll();
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
    return (fields.value(11).toLongLong() + fields.value(12).toLongLong()) / double(sysconf(_SC_CLK_TCK));
}

double rssMb(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong() / 1024.0;
    return -1;
}

double percentile(QList<double> values, double p)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    return values.at(std::min(values.size() - 1, qsizetype(values.size() * p)));
}

void seed(quint16 port)
{
    redisContext *c = connectRaw(port);
    for (int i = 0; i < watchedLocks; ++i) {
        const QByteArray key = "lock:watched:" + QByteArray::number(i);
        const QByteArray token = "w" + QByteArray::number(i) + "-5b1c7c6e6c1e4d55";
        redisAppendCommand(c, "SET %b %b PX 3600000", key.constData(), size_t(key.size()), token.constData(), size_t(token.size()));
    }
    drain(c, watchedLocks);
    redisFree(c);
}

// Child mode: writes `rate` lock events a second for `seconds`, each a SET with a fresh token
// (so each is an acquisition or a handover) carrying its monotonic write time.
int drive(quint16 port, int rate, double seconds)
{
    redisContext *c = connectRaw(port);
    const qint64 start = monotonicNs();
    const qint64 end = start + qint64(seconds * 1e9);
    const int perTick = std::max(1, rate / 100);
    qint64 next = start;
    qint64 n = 0;
    while (monotonicNs() < end) {
        for (int i = 0; i < perTick; ++i, ++n) {
            const QByteArray key = "lock:driven:" + QByteArray::number(n % drivenKeys);
            const QByteArray token = "m" + QByteArray::number(monotonicNs());
            redisAppendCommand(c, "SET %b %b PX 5000", key.constData(), size_t(key.size()), token.constData(), size_t(token.size()));
        }
        drain(c, perTick);
        next += 10'000'000;
        const qint64 wait = next - monotonicNs();
        if (wait > 0)
            usleep(useconds_t(wait / 1000));
    }
    redisFree(c);
    return 0;
}

// Child mode: the floor for watching — every second, one pipelined PTTL + GET of every lock.
int rawRefresh(quint16 port, double seconds)
{
    redisContext *c = connectRaw(port);
    const qint64 end = monotonicNs() + qint64(seconds * 1e9);
    while (monotonicNs() < end) {
        const qint64 tick = monotonicNs();
        for (int i = 0; i < watchedLocks; ++i) {
            const QByteArray key = "lock:watched:" + QByteArray::number(i);
            redisAppendCommand(c, "PTTL %b", key.constData(), size_t(key.size()));
            redisAppendCommand(c, "GET %b", key.constData(), size_t(key.size()));
        }
        drain(c, 2 * watchedLocks);
        const qint64 wait = tick + 1'000'000'000 - monotonicNs();
        if (wait > 0)
            usleep(useconds_t(wait / 1000));
    }
    redisFree(c);
    return 0;
}

// Starts this binary (or lockscope) as a child, lets it warm up, then measures its CPU share.
struct ChildCpu
{
    double share = 0;  // of one core
    double rss = 0;    // MB at the end
};

ChildCpu measureChild(const QString &program, const QStringList &args, double warmup, double span)
{
    QProcess p;
    p.setStandardOutputFile(QProcess::nullDevice());
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.start(program, args);
    if (!p.waitForStarted()) {
        fprintf(stderr, "cannot start %s\n", qPrintable(program));
        exit(1);
    }
    QTest::qWait(int(warmup * 1000));
    const double before = cpuSeconds(p.processId());
    QElapsedTimer t;
    t.start();
    QTest::qWait(int(span * 1000));
    ChildCpu out;
    out.share = (cpuSeconds(p.processId()) - before) / (t.nsecsElapsed() / 1e9);
    out.rss = rssMb(p.processId());
    p.terminate();
    p.waitForFinished(10000);
    return out;
}

struct GuiRun
{
    QList<double> lateness;       // ms late, per 10 ms tick
    QList<double> latency;        // ms from write to derived event
    QList<QPair<double, double>> rss; // (seconds into the run, MB)
    qint64 events = 0;
};

// The window watches; `drive` > 0 starts the driver at that rate for `seconds`.
GuiRun guiRun(MainWindow &window, quint16 port, int rate, double seconds)
{
    GuiRun run;
    QElapsedTimer clock;
    clock.start();
    qint64 last = clock.nsecsElapsed();
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(10);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        run.lateness << std::max(0.0, (now - last) / 1e6 - 10.0);
        last = now;
    });
    QMetaObject::Connection events = QObject::connect(
        window.session()->events(), &LockEventService::eventsDerived, [&run](const QList<LockEvent> &list) {
            const qint64 now = monotonicNs();
            for (const LockEvent &e : list) {
                ++run.events;
                if (e.token.startsWith('m') && (e.kind == LockEventKind::Acquired || e.kind == LockEventKind::HandedOver))
                    run.latency << (now - e.token.mid(1).toLongLong()) / 1e6;
            }
        });
    QTimer memory;
    const double sampleEvery = std::max(1.0, seconds / 12);
    memory.setInterval(int(sampleEvery * 1000));
    QObject::connect(&memory, &QTimer::timeout, [&] { run.rss << qMakePair(clock.elapsed() / 1000.0, rssMb(getpid())); });

    QProcess driver;
    if (rate > 0) {
        driver.setProcessChannelMode(QProcess::ForwardedChannels);
        driver.start(QCoreApplication::applicationFilePath(),
                     {QStringLiteral("--drive"), QString::number(port), QString::number(rate), QString::number(seconds)});
    }
    probe.start();
    memory.start();
    run.rss << qMakePair(0.0, rssMb(getpid()));
    QTest::qWait(int(seconds * 1000));
    probe.stop();
    memory.stop();
    run.rss << qMakePair(clock.elapsed() / 1000.0, rssMb(getpid()));
    if (rate > 0)
        driver.waitForFinished(10000);
    QObject::disconnect(events);
    return run;
}

// The server's CPU seconds (user + system) and commands processed so far.
QPair<double, qint64> serverCounters(TestRedis &redis)
{
    double cpu = 0;
    qint64 commands = 0;
    const QByteArray info = redis.command({"INFO", "all"}).bytes();
    for (const QByteArray &line : info.split('\n')) {
        if (line.startsWith("used_cpu_sys:") || line.startsWith("used_cpu_user:"))
            cpu += line.mid(line.indexOf(':') + 1).trimmed().toDouble();
        else if (line.startsWith("total_commands_processed:"))
            commands = line.mid(line.indexOf(':') + 1).trimmed().toLongLong();
    }
    return {cpu, commands};
}

struct ServerLoad
{
    double cpuShare = 0;    // of one server core
    double commandsPerSecond = 0;
    QList<double> latency;  // ms, write to event line out of the watch
};

// Runs `lockscope watch` (when args are given) next to 100 lock events/s for warmup + span
// seconds and measures the server over the span.
ServerLoad measureServer(TestRedis &redis, const QStringList &watchArgs, double warmup, double span)
{
    QProcess driver;
    driver.setProcessChannelMode(QProcess::ForwardedChannels);
    driver.start(QCoreApplication::applicationFilePath(),
                 {QStringLiteral("--drive"), QString::number(redis.port()), QStringLiteral("100"), QString::number(warmup + span + 2)});
    ServerLoad out;
    QProcess watch;
    QByteArray pending;
    bool measuring = false;
    QObject::connect(&watch, &QProcess::readyReadStandardOutput, [&] {
        pending += watch.readAllStandardOutput();
        const qint64 now = monotonicNs();
        qsizetype end;
        while ((end = pending.indexOf('\n')) >= 0) {
            const QByteArray line = pending.left(end);
            pending.remove(0, end + 1);
            const qsizetype at = line.indexOf("\"token\":\"m");
            if (!measuring || at < 0 || !(line.contains("\"acquired\"") || line.contains("\"handed-over\"")))
                continue;
            const QByteArray ns = line.mid(at + 10, line.indexOf('"', at + 10) - at - 10);
            out.latency << (now - ns.toLongLong()) / 1e6;
        }
    });
    if (!watchArgs.isEmpty()) {
        watch.setProcessChannelMode(QProcess::SeparateChannels);
        watch.start(QStringLiteral(LOCKSCOPE_BINARY), watchArgs);
        if (!watch.waitForStarted()) {
            fprintf(stderr, "cannot start lockscope\n");
            exit(1);
        }
    }
    QTest::qWait(int(warmup * 1000));
    measuring = true;
    const auto [cpu0, cmd0] = serverCounters(redis);
    QElapsedTimer t;
    t.start();
    QTest::qWait(int(span * 1000));
    const auto [cpu1, cmd1] = serverCounters(redis);
    const double elapsed = t.nsecsElapsed() / 1e9;
    out.cpuShare = (cpu1 - cpu0) / elapsed;
    out.commandsPerSecond = double(cmd1 - cmd0) / elapsed;
    if (!watchArgs.isEmpty()) {
        watch.terminate();
        watch.waitForFinished(10000);
    }
    driver.waitForFinished(int(span * 1000) + 10000);
    return out;
}

void serverLoad()
{
    constexpr int locks = 100'000;
    TestRedis redis;
    if (!redis.start()) {
        fprintf(stderr, "could not start redis-server\n");
        exit(1);
    }
    // Nine in ten plain string locks, one in ten Redisson hashes.
    redisContext *c = connectRaw(redis.port());
    for (int i = 0; i < locks; ++i) {
        const QByteArray key = (i % 10 ? "lock:load:" : "orderLock:") + QByteArray::number(i);
        if (i % 10)
            redisAppendCommand(c, "SET %b w%d-5b1c7c6e6c1e4d55 PX 7200000", key.constData(), size_t(key.size()), i);
        else
            redisAppendCommand(c, "HSET %b 8743c9c0-0795-4907-87fd-6c719a6b4586:%d 1", key.constData(), size_t(key.size()), i % 97);
    }
    drain(c, locks);
    redisFree(c);
    const double warmup = 25, span = 60;
    const QString port = QString::number(redis.port());
    const QStringList watch{QStringLiteral("watch"), QStringLiteral("-p"), port, QStringLiteral("--events"), QStringLiteral("--json")};
    const ServerLoad none = measureServer(redis, {}, warmup, span);
    const ServerLoad polling = measureServer(redis, watch, warmup, span);
    const ServerLoad live = measureServer(redis, watch + QStringList{QStringLiteral("--enable-notifications")}, warmup, span);
    printf("5. The server watched: %d locks (DBSIZE %lld), 100 lock events/s, over %.0f s after %.0f s of warm-up:\n", locks,
           redis.command({"DBSIZE"}).integer(), span, warmup);
    printf("  %-40s %12s %14s %14s\n", "", "server CPU", "commands/s", "event p99");
    const auto row = [&none](const char *what, const ServerLoad &l, bool watched) {
        printf("  %-40s %10.2f %% %14.0f", what, l.cpuShare * 100, l.commandsPerSecond);
        if (watched)
            printf(" %11.0f ms   (watch: +%.2f %% of a core, +%.0f commands/s)", percentile(l.latency, 0.99),
                   (l.cpuShare - none.cpuShare) * 100, l.commandsPerSecond - none.commandsPerSecond);
        printf("\n");
    };
    row("traffic alone, no watch", none, false);
    row("lockscope watch, polling (budget 3 %)", polling, true);
    row("lockscope watch, keyspace notifications", live, true);
    printf("  targets: the watch <= 5 %% of a core polling, <= 1 %% with notifications; event p99 < 100 ms with notifications\n");
}

void printLateness(const char *what, const QList<double> &lateness)
{
    printf("  %-44s p50 %5.1f ms   p99 %5.1f ms   max %6.1f ms   (%lld ticks)\n", what, percentile(lateness, 0.5),
           percentile(lateness, 0.99), percentile(lateness, 1.0), qint64(lateness.size()));
}
} // namespace

int main(int argc, char *argv[])
{
    // Child modes first: they need no Qt application.
    if (argc == 5 && qstrcmp(argv[1], "--drive") == 0)
        return drive(quint16(atoi(argv[2])), atoi(argv[3]), atof(argv[4]));
    if (argc == 4 && qstrcmp(argv[1], "--raw-refresh") == 0)
        return rawRefresh(quint16(atoi(argv[2])), atof(argv[3]));

    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.contains(QStringLiteral("--load-only"))) {
        serverLoad();
        return 0;
    }
    double seconds = args.contains(QStringLiteral("--long")) ? 3600 : 60;
    if (const qsizetype i = args.indexOf(QStringLiteral("--seconds")); i > 0 && i + 1 < args.size())
        seconds = args.at(i + 1).toDouble();
    double windowSeconds = 0;
    if (const qsizetype i = args.indexOf(QStringLiteral("--window-seconds")); i > 0 && i + 1 < args.size())
        windowSeconds = args.at(i + 1).toDouble();

    TestRedis redis;
    if (!redis.start()) {
        fprintf(stderr, "could not start redis-server\n");
        return 1;
    }
    seed(redis.port());
    printf("%d locks in a private redis-server (DBSIZE %lld)\n\n", watchedLocks, redis.command({"DBSIZE"}).integer());
    fflush(stdout);

    // 1. CPU of watching 10k locks at 1 Hz (polling: notifications off, the costlier case).
    const double warmup = 8, span = 30;
    const QString port = QString::number(redis.port());
    const ChildCpu raw = measureChild(QCoreApplication::applicationFilePath(),
                                      {QStringLiteral("--raw-refresh"), port, QString::number(warmup + span + 5)}, warmup, span);
    const ChildCpu watch = measureChild(QStringLiteral(LOCKSCOPE_BINARY),
                                        {QStringLiteral("watch"), QStringLiteral("-p"), port, QStringLiteral("--events"),
                                         QStringLiteral("--json"), QStringLiteral("--interval"), QStringLiteral("1000")},
                                        warmup, span);
    printf("1. %d locks watched at 1 Hz, CPU share of one core over %.0f s:\n", watchedLocks, span);
    printf("  (a) bare hiredis: pipelined PTTL + GET of every lock each second   %5.1f %%\n", raw.share * 100);
    printf("  (b) lockscope watch --events --json                               %5.1f %%   (RSS %.0f MB)\n",
           watch.share * 100, watch.rss);
    printf("  b / a = %.2f; target: b <= 10 %%\n\n", watch.share / std::max(raw.share, 1e-6));
    fflush(stdout);

    // 2-4. The window, with keyspace notifications on, idle and then under 1,000 events/s.
    redis.command({"CONFIG", "SET", "notify-keyspace-events", "KA"});
    DialectRegistry registry;
    const AuditLog audit(QDir::temp().filePath(QStringLiteral("lockscope-bench-audit.log")));
    TestWindow t(&registry, &audit);
    MainWindow &window = t.window;
    window.resize(1400, 900);
    window.show();
    if (!t.connectTo(redis.profile(), 60000) || !QTest::qWaitFor([&] { return window.session()->events()->isLive(); }, 10000)) {
        fprintf(stderr, "the window did not start watching live\n");
        return 1;
    }
    if (windowSeconds > 0)
        window.liveWatch()->recorder()->setWindow(qint64(windowSeconds * 1000));
    const GuiRun idle = guiRun(window, redis.port(), 0, 10);
    const GuiRun busy = guiRun(window, redis.port(), 1000, seconds);
    printf("2. GUI event loop (10 ms timer lateness), window watching %d locks, notifications on:\n", watchedLocks);
    printLateness("no traffic", idle.lateness);
    printLateness(qPrintable(QStringLiteral("1,000 events/s for %1 s (%2 events derived)").arg(seconds).arg(busy.events)),
                  busy.lateness);
    printf("  target: p99 < 50 ms under traffic\n\n");
    printf("3. Event latency, write to derived event (%lld events):\n", qint64(busy.latency.size()));
    printf("  p50 %.1f ms   p99 %.1f ms   max %.1f ms; target p99 < 100 ms\n\n", percentile(busy.latency, 0.5),
           percentile(busy.latency, 0.99), percentile(busy.latency, 1.0));
    printf("4. Window resident memory during the traffic run (chart window %s):\n ",
           windowSeconds > 0 ? qPrintable(QStringLiteral("%1 s").arg(windowSeconds)) : "1 h");
    for (const auto &[t, mb] : busy.rss)
        printf(" %.0fs:%.0fMB", t, mb);
    const qsizetype half = busy.rss.size() / 2;
    printf("\n  second half: %.1f MB -> %.1f MB (%+.1f MB)\n\n", busy.rss.at(half).second, busy.rss.last().second,
           busy.rss.last().second - busy.rss.at(half).second);
    fflush(stdout);
    serverLoad();
    return 0;
}
