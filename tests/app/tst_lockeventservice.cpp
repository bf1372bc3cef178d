#include "keyspacenotifications.h"
#include "servertopology.h"
#include "dialectregistry.h"
#include "keyspacenotifier.h"
#include "lockeventlog.h"
#include "lockeventrates.h"
#include "lockeventservice.h"
#include "testredis.h"
#include "watchrecorder.h"
#include "watchservice.h"

#include <QSignalSpy>
#include <QTest>

#include <map>

namespace {
QStringList L(std::initializer_list<const char *> texts)
{
    QStringList out;
    for (const char *t : texts)
        out << QString::fromUtf8(t);
    return out;
}
} // namespace

// A driver acquires, renews, hands over, releases and lets locks expire with known timing
// against a real redis-server; the derived event sequence must be exactly what happened,
// whether events come from keyspace notifications or from polling.
class TestLockEventService : public QObject
{
    Q_OBJECT

private:
    struct Stack
    {
        explicit Stack(const ConnectionOptions &options)
            : connection(options)
            , watch(&connection, &registry)
            , events(&connection, &watch, &registry)
        {
        }
        ServerTopology connection;
        const DialectRegistry registry;
        WatchService watch;
        LockEventService events;
        QList<LockEvent> log;
    };

    static QStringList sequence(const QList<LockEvent> &log, const QByteArray &key)
    {
        QStringList out;
        for (const LockEvent &e : log) {
            if (e.key != key)
                continue;
            QString s = LockEvent::kindId(e.kind) + QLatin1Char(' ') + QString::fromUtf8(e.token);
            if (e.kind == LockEventKind::HandedOver)
                s += QStringLiteral(" (was ") + QString::fromUtf8(e.previousToken) + QLatin1Char(')');
            out << s;
        }
        return out;
    }

    static const QByteArray releaseScript;

private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<QList<LockEvent>>();
    }

    void derivesWhatTheDriverDid_data()
    {
        QTest::addColumn<bool>("notifications");
        QTest::newRow("keyspace notifications") << true;
        QTest::newRow("polling") << false;
    }

    void derivesWhatTheDriverDid()
    {
        QFETCH(bool, notifications);
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"SET", "lock:before", "old", "PX", "60000"}); // there before the watch: no "acquired"

        Stack s(redis.options());
        s.watch.setRefreshInterval(100);
        s.watch.setRescanInterval(1000);
        EventDeriver::Options options;
        options.noTtlStuckAfterMs = 800;
        s.events.setOptions(options);
        s.events.notifier()->setMayEnable(notifications);
        WatchRecorder recorder;
        connect(&s.events, &LockEventService::eventsDerived, &recorder, &WatchRecorder::record);
        connect(&s.events, &LockEventService::eventsDerived, this, [&s](const QList<LockEvent> &e) { s.log += e; });
        QSignalSpy scanned(s.watch.discovery(), &DiscoveryService::finished);
        s.connection.open();
        s.watch.start();
        s.events.start();
        QVERIFY(scanned.wait(5000));
        if (notifications) {
            QTRY_VERIFY_WITH_TIMEOUT(s.events.isLive(), 5000);
            QCOMPARE(redis.command({"CONFIG", "GET", "notify-keyspace-events"}).at(1).bytes().contains('K'), true);
        } else {
            QTRY_COMPARE(s.events.notifier()->state(), KeyspaceNotifier::State::Off);
            QVERIFY(!s.events.isLive());
            QVERIFY(s.events.statusText().contains(QLatin1String("polling")));
        }

        // The driver. Each step waits until the watch has derived the one before, so no step
        // can land before the watch has read the state the previous one left (a polling watch
        // would merge two steps it never saw apart), however slow the machine is. Leases are
        // long where nothing is meant to expire; where the deriver must tell a renewal from
        // read jitter, or see a renewal come late, the server's own PTTL says when.
        const auto seq = [&s] { return sequence(s.log, "lock:seq"); };
        redis.command({"SET", "lock:nm", "W", "NX", "PX", "8000"}); // its watchdog renews late, below
        redis.command({"SET", "lock:seq", "A", "NX", "PX", "60000"});
        redis.command({"SET", "lock:nottl", "N", "NX"});
        QTRY_COMPARE_WITH_TIMEOUT(seq(), L({"acquired A"}), 15000);
        // Renewed to its lease once 2 s of it are gone by the server's clock: far beyond the
        // jitter a deadline read over the network may have (WatchService::deadlineToleranceMs).
        QTRY_VERIFY_WITH_TIMEOUT(redis.command({"PTTL", "lock:seq"}).integer() <= 58000, 15000);
        QCOMPARE(redis.command({"PEXPIRE", "lock:seq", "60000"}).integer(), qint64(1));
        QTRY_COMPARE_WITH_TIMEOUT(seq(), L({"acquired A", "renewed A"}), 15000);
        QVERIFY(redis.command({"SET", "lock:seq", "B", "XX", "PX", "60000"}).isStatus("OK")); // handed over directly
        QTRY_COMPARE_WITH_TIMEOUT(seq(), L({"acquired A", "renewed A", "handed-over B (was A)"}), 15000);
        QCOMPARE(redis.command({"EVAL", releaseScript, "1", "lock:seq", "B"}).integer(), qint64(1)); // released by its holder
        QTRY_COMPARE_WITH_TIMEOUT(seq(), L({"acquired A", "renewed A", "handed-over B (was A)", "released B"}), 15000);
        // ...then taken again and left to expire. Polling finds a new lock at a rescan (every
        // second here): the lease leaves it seconds to do so before the lock is gone.
        QVERIFY(redis.command({"SET", "lock:seq", "C", "NX", "PX", "4000"}).isStatus("OK"));

        // The watchdog of lock:nm renews with at most 400 ms of its 8 s lease left (under 10%:
        // a near-miss). The server checks the TTL and renews in one script, so only its clock
        // decides how late the renewal is.
        QTRY_COMPARE_WITH_TIMEOUT(sequence(s.log, "lock:nm"), L({"acquired W"}), 15000);
        const qint64 leftAtRenewal = redis.renewWhenLeft("lock:nm", 400, 8000);
        QVERIFY2(leftAtRenewal >= 0 && leftAtRenewal <= 400, qPrintable(QString::number(leftAtRenewal)));

        QTRY_COMPARE_WITH_TIMEOUT(seq(), L({"acquired A", "renewed A", "handed-over B (was A)", "released B", "acquired C", "expired C"}), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(sequence(s.log, "lock:nm"), L({"acquired W", "renewed W", "near-miss W"}), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(sequence(s.log, "lock:nottl"), L({"acquired N", "stuck N"}), 15000);
        QCOMPARE(sequence(s.log, "lock:before"), QStringList());

        // What each event says.
        for (const LockEvent &e : std::as_const(s.log)) {
            QCOMPARE(e.dialect, QStringLiteral("plain"));
            QVERIFY(!e.inferred);
            if (e.key == "lock:nm" && e.kind == LockEventKind::NearMiss)
                QVERIFY2(e.ttlLeftMs < e.leaseMs / 10, qPrintable(QStringLiteral("%1 of %2").arg(e.ttlLeftMs).arg(e.leaseMs)));
            if (e.key == "lock:seq" && e.kind == LockEventKind::Renewed)
                QVERIFY2(qAbs(e.leaseMs - 60000) < 1000 && e.ttlLeftMs > 0 && e.ttlLeftMs < e.leaseMs,
                         qPrintable(QStringLiteral("%1 of %2").arg(e.ttlLeftMs).arg(e.leaseMs)));
            if (e.kind == LockEventKind::Expired)
                QCOMPARE(e.ttlMs, qint64(0));
            if (e.kind == LockEventKind::Stuck)
                QCOMPARE(e.reason, QStringLiteral("no-ttl"));
        }
        // Events are in time order per lock.
        qint64 last = 0;
        for (const LockEvent &e : std::as_const(s.log)) {
            if (e.key != "lock:seq")
                continue;
            QVERIFY(e.timeMs >= last);
            last = e.timeMs;
        }

        // The chart data matches the events: per kind, per second, the same counts.
        recorder.flushLog();
        std::map<std::pair<int, qint64>, int> counted;
        for (const LockEvent &e : std::as_const(s.log))
            ++counted[{int(e.kind), e.timeMs - e.timeMs % 1000}];
        for (LockEventKind kind : LockEvent::allKinds()) {
            for (const TimeSeries::Point &p : recorder.rates().series(kind).points()) {
                const auto it = counted.find({int(kind), p.timeMs});
                QCOMPARE(p.value, double(it == counted.end() ? 0 : it->second));
            }
            QCOMPARE(recorder.rates().total(kind),
                     quint64(std::count_if(s.log.cbegin(), s.log.cend(), [kind](const LockEvent &e) { return e.kind == kind; })));
        }
        QCOMPARE(recorder.log()->rowCount(), int(s.log.size()));

        // Stopping, then putting back, leaves the server's setting as it was.
        s.events.stop();
        bool restored = false;
        s.events.notifier()->restore(this, [&restored](bool ok) { restored = ok; });
        QTRY_VERIFY(restored);
        if (notifications)
            QCOMPARE(redis.command({"CONFIG", "GET", "notify-keyspace-events"}).at(1).bytes(), QByteArray());
    }

    void notificationsCatchLocksHeldTooBrieflyToRead()
    {
        TestRedis redis;
        QVERIFY(redis.start({QStringLiteral("--notify-keyspace-events"), QStringLiteral("KEA")}));
        Stack s(redis.options());
        s.watch.setRefreshInterval(60'000); // no polling help
        connect(&s.events, &LockEventService::eventsDerived, this, [&s](const QList<LockEvent> &e) { s.log += e; });
        s.connection.open();
        s.watch.start();
        s.events.start();
        QTRY_VERIFY_WITH_TIMEOUT(s.events.isLive(), 5000);
        QVERIFY(!s.events.notifier()->changedServer()); // it was on already: nothing to change
        // Acquire and release in one script: no read can ever see it held.
        redis.command({"EVAL", "redis.call('SET', KEYS[1], 'x', 'PX', 1000); redis.call('DEL', KEYS[1]); return 1", "1", "lock:blink"});
        QTRY_COMPARE(sequence(s.log, "lock:blink"), L({"acquired ", "released "}));
        QVERIFY(s.log.first().inferred);
        // An expiry that Redis notices only lazily is still seen at its deadline (the probe).
        redis.command({"SET", "lock:lazy", "t", "PX", "300"});
        // (Refreshes are a minute apart, so the ceiling is far below anything but the probe.)
        QTRY_COMPARE_WITH_TIMEOUT(sequence(s.log, "lock:lazy"), L({"acquired t", "expired t"}), 20000);
    }

    void probesSeeExpiriesWithoutWaitingForARefresh()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        Stack s(redis.options());
        s.watch.setRefreshInterval(60'000);
        s.watch.setRescanInterval(1000);
        connect(&s.events, &LockEventService::eventsDerived, this, [&s](const QList<LockEvent> &e) { s.log += e; });
        redis.command({"SET", "lock:short", "t", "PX", "1500"});
        s.connection.open();
        s.watch.start();
        s.events.start();
        QTRY_VERIFY(s.events.probesScheduled() == 1);
        // Polling once a minute, yet the expiry shows at the deadline.
        // The ceiling is a third of the refresh interval: a generous wait, and still only the
        // probe can have seen it.
        QTRY_COMPARE_WITH_TIMEOUT(sequence(s.log, "lock:short"), L({"expired t"}), 20000);
        QCOMPARE(s.events.probesScheduled(), qsizetype(0));
    }

    void failedAttemptsBecomeContention()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        Stack s(redis.options());
        connect(&s.events, &LockEventService::eventsDerived, this, [&s](const QList<LockEvent> &e) { s.log += e; });
        s.connection.open();
        s.watch.start();
        s.events.start();
        s.events.recordFailedAttempts({{"lock:hot", 12}}, 1000);
        QCOMPARE(s.log.size(), 1);
        QCOMPARE(s.log.first().kind, LockEventKind::Contended);
        QCOMPARE(s.log.first().failedAttempts, qint64(12));
    }
};

const QByteArray TestLockEventService::releaseScript =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";

QTEST_GUILESS_MAIN(TestLockEventService)
#include "tst_lockeventservice.moc"
