#include "auditlog.h"
#include "dialectregistry.h"
#include "lockevent.h"
#include "lockeventjson.h"
#include "lockeventservice.h"
#include "monotonicclock.h"
#include "redisconnection.h"
#include "session.h"
#include "sessionmanager.h"
#include "testredis.h"
#include "watchservice.h"

#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

// A watch over 1,000 locks of several dialects through the faults a production server goes
// through: a CLIENT PAUSE, a DEBUG SLEEP, its clients killed, a restart. The watch must not
// report a single acquired, released, expired, handed-over or lost lock that did not
// happen, and every lock must be live again within two refresh intervals of the server
// answering again.
class TestWatchFaults : public QObject
{
    Q_OBJECT

private:
    static constexpr int intervalMs = 1000;
    static constexpr int lockCount = 1000;

    QTemporaryDir m_dir;
    DialectRegistry m_registry;
    std::unique_ptr<AuditLog> m_audit;

    // 1,000 locks as their libraries write them, written server-side in one call.
    static void seed(TestRedis &redis)
    {
        static const QByteArray script = R"(
local function uuid(i, salt) return string.format('%08x-%04x-4%03x-8%03x-%012x', i, salt, i % 4096, salt % 4096, i * 7919) end
for i = 1, 400 do redis.call('SET', 'lock:plain:' .. i, uuid(i, 1), 'PX', 600000) end
for i = 1, 200 do
  redis.call('HSET', 'redissonLock:' .. i, uuid(i, 2) .. ':' .. (40 + i % 9), 1)
  redis.call('PEXPIRE', 'redissonLock:' .. i, 600000)
end
for i = 1, 100 do
  redis.call('HSET', 'rwlock:' .. i, 'mode', 'read', uuid(i, 3) .. ':1', 1, uuid(i, 4) .. ':7', 2)
  redis.call('PEXPIRE', 'rwlock:' .. i, 600000)
end
for i = 1, 100 do
  redis.call('ZADD', 'semaphore:' .. i, 1700000000000 + i, uuid(i, 5))
  redis.call('PEXPIRE', 'semaphore:' .. i, 600000)
end
for i = 1, 100 do
  redis.call('SET', 'job-lock:default:job' .. i, 'ADDED:2026-11-23T10:15:30.123Z@web-01:' .. uuid(i, 6), 'PX', 600000)
end
for i = 1, 100 do redis.call('SET', 'mutex:' .. i, uuid(i, 7), 'PX', 600000) end
return redis.call('DBSIZE'))";
        const RedisReply reply = redis.command({"EVAL", script, "0"});
        QCOMPARE(reply.integer(), qint64(lockCount));
    }

    struct Watch
    {
        SessionManager manager;
        QList<LockEvent> log;
        // A fault's course, on the watch's own clock (MonotonicClock, which stamps every
        // read): whether locks went stale, when the watch heard the server again, and per
        // lock the first read after that which showed it live.
        bool wentStale = false;
        bool wasStalled = false; // the session said the server stopped answering
        qint64 backAtMs = -1;
        QSet<QByteArray> staleKeys;              // the locks that went stale in this fault
        QHash<QByteArray, qint64> liveAgainAtMs; // and when a read first showed each live again

        Watch(const DialectRegistry *registry, const AuditLog *audit)
            : manager(registry, audit)
        {
        }
        Session *session() const { return manager.session(); }
        qsizetype live() const
        {
            const auto &locks = session()->watch()->locks();
            return std::count_if(locks.cbegin(), locks.cend(), [](const LockInfo &l) { return !l.stale; });
        }
        bool anyStale() const { return live() < session()->watch()->locks().size(); }
        QStringList falseEvents() const
        {
            QStringList out;
            for (const LockEvent &e : log)
                if (!e.isServerEvent() && e.kind != LockEventKind::Stuck && e.kind != LockEventKind::Renewed
                    && e.kind != LockEventKind::Contended)
                    out << LockEvent::kindId(e.kind) + QLatin1Char(' ') + QString::fromUtf8(e.key);
            return out;
        }
        bool saw(const QString &serverState) const
        {
            return std::any_of(log.cbegin(), log.cend(), [&](const LockEvent &e) { return e.isServerEvent() && e.reason == serverState; });
        }
        void beforeFault()
        {
            wentStale = false;
            wasStalled = false;
            backAtMs = -1;
            liveAgainAtMs.clear();
            staleKeys.clear();
        }
        void follow(Session *s)
        {
            connect(s, &Session::stateChanged, s, [this](Session::State state) { wasStalled = wasStalled || state == Session::State::Stalled; });
            connect(s->watch(), &WatchService::serverEvent, s, [this](const QString &what) {
                if ((what == QLatin1String("answering") || what == QLatin1String("connection-back")) && backAtMs < 0)
                    backAtMs = MonotonicClock::nowMs();
            });
            connect(s->watch(), &WatchService::locksChanged, s, [this](const QList<LockInfo> &locks) {
                for (const LockInfo &lock : locks) {
                    wentStale = wentStale || lock.stale;
                    // A lock's live read may land before the watch announces the server back
                    // (the refresh and the event race on a reconnect): it counts all the same.
                    if (lock.stale)
                        staleKeys.insert(lock.key());
                    else if (staleKeys.contains(lock.key()) && !liveAgainAtMs.contains(lock.key()))
                        liveAgainAtMs.insert(lock.key(), lock.sample.observedAtMs);
                }
            });
        }
        // How long after the watch heard the server again the last lock was read live.
        qint64 slowestRecoveryMs() const
        {
            qint64 last = backAtMs;
            for (qint64 at : liveAgainAtMs)
                last = std::max(last, at);
            return last - backAtMs;
        }
    };

    // Commands sent back to back on a connection of their own, so the server runs them with
    // nothing of another client's in between; true when none failed.
    bool backToBack(TestRedis &redis, const QList<RedisCommand> &commands)
    {
        RedisConnection admin(redis.options());
        admin.open();
        std::optional<bool> ok;
        admin.pipeline(commands, this, [&ok](const QList<RedisReply> &replies) {
            ok = std::none_of(replies.cbegin(), replies.cend(), [](const RedisReply &r) { return r.isError(); });
        });
        return QTest::qWaitFor([&ok] { return ok.has_value(); }, 10000) && *ok;
    }

    // Every lock live again within two refresh intervals of the server answering again.
    // Measured on the watch's own clock, from the moment it heard the server to the reads
    // that showed each lock live, so the test's own pace (its QTRY polling, the time it took
    // to notice the server was back) is not counted; the wait for it is only a ceiling.
    static bool recovered(const Watch &w)
    {
        if (!QTest::qWaitFor([&w] { return w.live() == lockCount && w.session()->isReady(); }, 30000)) {
            qWarning("%lld of %d locks live again", qint64(w.live()), lockCount);
            return false;
        }
        if (w.backAtMs < 0 || w.liveAgainAtMs.size() != w.staleKeys.size()) {
            qWarning("heard the server again at %lld; %lld of the %lld stale locks read live again", w.backAtMs,
                     qint64(w.liveAgainAtMs.size()), qint64(w.staleKeys.size()));
            return false;
        }
        if (w.slowestRecoveryMs() > 2 * intervalMs) {
            qWarning("the last lock was live again %lld ms after the server answered", w.slowestRecoveryMs());
            return false;
        }
        return true;
    }

    // A watch on redis, its first look done, and notifications live when the server has them.
    std::unique_ptr<Watch> watch(TestRedis &redis, bool notifications, qsizetype expected = lockCount)
    {
        auto w = std::make_unique<Watch>(&m_registry, m_audit.get());
        connect(&w->manager, &SessionManager::sessionChanged, this, [raw = w.get()](Session *s) {
            if (!s)
                return;
            s->watch()->setRefreshInterval(intervalMs);
            raw->follow(s);
            connect(s->events(), &LockEventService::eventsDerived, s, [raw](const QList<LockEvent> &events) { raw->log += events; });
        });
        w->manager.connectTo(redis.profile());
        Session *s = w->session();
        if (!QTest::qWaitFor([s, expected] { return s->watch()->locks().size() == expected; }, 15000))
            return nullptr;
        if (notifications && !QTest::qWaitFor([s] { return s->events()->isLive(); }, 5000))
            return nullptr;
        return w;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_audit = std::make_unique<AuditLog>(m_dir.filePath(QStringLiteral("audit.log")));
        qRegisterMetaType<QList<LockEvent>>();
    }

    void noFalseEventsThroughFaults_data()
    {
        QTest::addColumn<bool>("notifications");
        QTest::newRow("keyspace notifications") << true;
        QTest::newRow("polling") << false;
    }

    void noFalseEventsThroughFaults()
    {
        QFETCH(bool, notifications);
        QTemporaryDir rdb;
        QStringList args{QStringLiteral("--enable-debug-command"), QStringLiteral("yes"), QStringLiteral("--dir"), rdb.path(),
                         QStringLiteral("--dbfilename"), QStringLiteral("locks.rdb")};
        if (notifications)
            args << QStringLiteral("--notify-keyspace-events") << QStringLiteral("KEA");
        TestRedis redis;
        QVERIFY(redis.start(args));
        seed(redis);
        const std::unique_ptr<Watch> w = watch(redis, notifications);
        QVERIFY(w);
        QCOMPARE(w->live(), qsizetype(lockCount));
        QCOMPARE(w->falseEvents(), QStringList());

        // 1. CLIENT PAUSE 5000: the server stops answering; the rows go stale, then live.
        w->beforeFault();
        redis.command({"CLIENT", "PAUSE", "5000"});
        QTRY_VERIFY_WITH_TIMEOUT(w->wentStale, 15000);
        QVERIFY(w->wasStalled);
        QVERIFY(!redis.command({"PING"}, 10000).isError()); // answers again
        QVERIFY(recovered(*w));
        QVERIFY(w->saw(QStringLiteral("not-answering")) && w->saw(QStringLiteral("answering")));

        // 2. DEBUG SLEEP 5: the same, the server itself blocked. The reply comes when it wakes.
        const qsizetype before = w->log.size();
        w->beforeFault();
        QVERIFY(!redis.command({"DEBUG", "SLEEP", "5"}, 10000).isError());
        QTRY_VERIFY(std::any_of(w->log.cbegin() + before, w->log.cend(), [](const LockEvent &e) { return e.reason == QLatin1String("not-answering"); }));
        QVERIFY(w->wentStale);
        QVERIFY(recovered(*w));

        // 3. CLIENT KILL TYPE normal: LockScope's connections are cut; it reconnects.
        w->beforeFault();
        QVERIFY(redis.command({"CLIENT", "KILL", "TYPE", "normal"}).integer() >= 1);
        QTRY_VERIFY_WITH_TIMEOUT(w->saw(QStringLiteral("connection-lost")), 15000);
        QVERIFY(recovered(*w));
        QVERIFY(w->saw(QStringLiteral("connection-back")));

        // 4. A restart on the same port, the locks restored from the RDB written before.
        QCOMPARE(redis.command({"SAVE"}).isError(), false);
        w->beforeFault();
        redis.kill();
        QTRY_VERIFY_WITH_TIMEOUT(w->wentStale, 15000);
        QVERIFY(redis.restart());
        QCOMPARE(redis.command({"DBSIZE"}).integer(), qint64(lockCount)); // answering, with its locks
        QVERIFY(recovered(*w));
        QTRY_VERIFY(w->saw(QStringLiteral("restarted")));

        // Through all four: nothing happened to any lock, and nothing was said to have.
        QCOMPARE(w->falseEvents(), QStringList());
        QCOMPARE(w->session()->watch()->locks().size(), qsizetype(lockCount));
    }

    // A restart's losses are told once, for the locks held before it: a lock that changes hands
    // afterwards is handed over, however the watch hears of it.
    void aHandoverAfterARestartIsNotALoss_data()
    {
        QTest::addColumn<bool>("notifications");
        QTest::newRow("keyspace notifications") << true;
        QTest::newRow("polling") << false;
    }

    void aHandoverAfterARestartIsNotALoss()
    {
        QFETCH(bool, notifications);
        QTemporaryDir rdb;
        QStringList args{QStringLiteral("--dir"), rdb.path(), QStringLiteral("--dbfilename"), QStringLiteral("locks.rdb")};
        if (notifications)
            args << QStringLiteral("--notify-keyspace-events") << QStringLiteral("KEA");
        TestRedis redis;
        QVERIFY(redis.start(args));
        // One lock comes back with the server (it was saved), one does not.
        redis.command({"SET", "lock:kept", "5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716", "PX", "600000"});
        QVERIFY(!redis.command({"SAVE"}).isError());
        redis.command({"SET", "lock:before", "d1c7a3e2-0b4f-4a6d-9c8e-7f1a2b3c4d5e", "PX", "600000"});
        const std::unique_ptr<Watch> w = watch(redis, notifications, 2);
        QVERIFY(w);
        const auto events = [&w](LockEventKind kind, const QByteArray &key) {
            return std::count_if(w->log.cbegin(), w->log.cend(), [&](const LockEvent &e) { return e.kind == kind && e.key == key; });
        };

        redis.kill();
        QVERIFY(redis.restart());
        QTRY_VERIFY_WITH_TIMEOUT(events(LockEventKind::Lost, "lock:before") == 1, 15000);
        QVERIFY(w->saw(QStringLiteral("restarted")));
        if (notifications)
            QTRY_VERIFY_WITH_TIMEOUT(w->session()->events()->isLive(), 10000);

        redis.command({"SET", "lock:after", "0f9e8d7c-6b5a-4493-8271-605f4e3d2c1b", "PX", "600000"});
        QTRY_VERIFY_WITH_TIMEOUT(events(LockEventKind::Acquired, "lock:after") == 1, 15000);
        redis.command({"SET", "lock:after", "a1b2c3d4-e5f6-4789-8abc-def012345678", "PX", "600000"});
        QTRY_VERIFY2_WITH_TIMEOUT(events(LockEventKind::HandedOver, "lock:after") == 1, qPrintable(w->falseEvents().join(QLatin1Char(','))), 15000);
        redis.command({"SET", "lock:kept", "9a8b7c6d-5e4f-4031-a2b3-c4d5e6f70819", "PX", "600000"});
        QTRY_VERIFY_WITH_TIMEOUT(events(LockEventKind::HandedOver, "lock:kept") == 1, 15000);
        QCOMPARE(events(LockEventKind::Lost, "lock:after"), 0);
        QCOMPARE(events(LockEventKind::Lost, "lock:before"), 1);
        QCOMPARE(events(LockEventKind::Lost, "lock:kept"), 0);
        QCOMPARE(events(LockEventKind::Released, "lock:kept") + events(LockEventKind::Expired, "lock:kept"), 0);
    }

    // A connection lost, whose reconnect then waits on a server that does not answer yet: the
    // loss is said once, and the stalled handshake of the reconnect is no second outage (it
    // was a "not-answering" then "answering" between the loss and the return).
    void aStalledReconnectIsPartOfTheOutage()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"SET", "lock:a", "5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716", "PX", "600000"});
        const std::unique_ptr<Watch> w = watch(redis, false, 1);
        QVERIFY(w);
        QSignalSpy reconnects(w->session(), &Session::reconnectScheduled);
        // The watch's connections cut, then every client paused, so the reconnect's handshake
        // waits out the pause.
        QVERIFY(backToBack(redis, {{"CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes"}, {"CLIENT", "PAUSE", "5000", "ALL"}}));
        QTRY_VERIFY_WITH_TIMEOUT(w->saw(QStringLiteral("connection-back")), 15000);
        QVERIFY(reconnects.count() >= 1);
        QStringList said;
        for (const LockEvent &e : std::as_const(w->log))
            if (e.isServerEvent())
                said << e.reason;
        QCOMPARE(said, (QStringList{QStringLiteral("connection-lost"), QStringLiteral("connection-back")}));
        QCOMPARE(w->falseEvents(), QStringList());
    }

    // A lock taken while the watch could not read the server is acquired all the same, said
    // to have come during the outage, and its held time is a floor since then (it was
    // baselined silently, as if held since before the watch began).
    void aLockTakenDuringAnOutageIsAcquired()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"SET", "lock:before", "5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716", "PX", "600000"});
        const std::unique_ptr<Watch> w = watch(redis, false, 1);
        QVERIFY(w);
        // The watch's connection cut, then a lock written and one taken over before it can
        // come back.
        QVERIFY(backToBack(redis, {{"CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes"},
                                   {"SET", "lock:during", "0f9e8d7c-6b5a-4493-8271-605f4e3d2c1b", "PX", "600000"},
                                   {"SET", "lock:before", "7c6b5a49-3827-4160-9f8e-7d6c5b4a3928", "PX", "600000"}}));
        const auto find = [&w](LockEventKind kind, const QByteArray &key) -> std::optional<LockEvent> {
            for (const LockEvent &e : std::as_const(w->log))
                if (e.kind == kind && e.key == key)
                    return e;
            return std::nullopt;
        };
        QTRY_VERIFY_WITH_TIMEOUT(find(LockEventKind::Acquired, "lock:during"), 15000);
        QVERIFY(w->saw(QStringLiteral("connection-lost")));
        QCOMPARE(find(LockEventKind::Acquired, "lock:during")->reason, QStringLiteral("during-outage"));
        QVERIFY(!find(LockEventKind::Acquired, "lock:before")); // known before: taken over, not acquired
        QTRY_VERIFY_WITH_TIMEOUT(find(LockEventKind::HandedOver, "lock:before"), 15000);
        QCOMPARE(find(LockEventKind::HandedOver, "lock:before")->reason, QStringLiteral("during-outage"));

        redis.command({"DEL", "lock:during"});
        QTRY_VERIFY_WITH_TIMEOUT(find(LockEventKind::Released, "lock:during"), 15000);
        const LockEvent released = *find(LockEventKind::Released, "lock:during");
        QVERIFY(released.heldAtLeast);
        QVERIFY(released.heldSinceOutage);
        QVERIFY(LockEventJson::line(released).contains("\"held_since_outage\":true"));

        // One taken once the server is back is acquired as ever.
        redis.command({"SET", "lock:after", "a1b2c3d4-e5f6-4789-8abc-def012345678", "PX", "600000"});
        QTRY_VERIFY_WITH_TIMEOUT(find(LockEventKind::Acquired, "lock:after"), 15000);
        QVERIFY(find(LockEventKind::Acquired, "lock:after")->reason.isEmpty());
    }

    // A lock whose TTL ran out while its server was down would be gone either way: expired,
    // not lost. One with time left when the server came back empty was lost.
    void aLockThatRanOutWhileTheServerWasAwayExpired()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"SET", "lock:short", "2b9c7d1e-4f3a-4c6b-8e5d-1a0f9e8d7c6b", "PX", "1500"});
        redis.command({"SET", "lock:long", "7c6b5a49-3827-4160-9f8e-7d6c5b4a3928", "PX", "600000"});
        const std::unique_ptr<Watch> w = watch(redis, false, 2);
        QVERIFY(w);
        redis.kill();
        // The watch counts the short lock down to nothing while it cannot read it.
        QTRY_VERIFY_WITH_TIMEOUT(w->session()->watch()->locks().value("lock:short").state(MonotonicClock::nowMs()) == LockState::Expired, 10000);
        QVERIFY(redis.restart()); // no persistence: it comes back empty
        QTRY_VERIFY_WITH_TIMEOUT(w->session()->watch()->locks().isEmpty(), 10000);
        QVERIFY(w->saw(QStringLiteral("restarted")));
        QStringList seen;
        for (const LockEvent &e : std::as_const(w->log))
            if (!e.isServerEvent())
                seen << LockEvent::kindId(e.kind) + QLatin1Char(' ') + QString::fromUtf8(e.key);
        QVERIFY2(seen.contains(QStringLiteral("expired lock:short")), qPrintable(seen.join(QLatin1Char(','))));
        QVERIFY2(seen.contains(QStringLiteral("lost lock:long")), qPrintable(seen.join(QLatin1Char(','))));
        QCOMPARE(seen.size(), 2);
    }

    void aServerThatRestartsEmptyLostItsLocks()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        seed(redis);
        const std::unique_ptr<Watch> w = watch(redis, false);
        QVERIFY(w);
        redis.kill();
        QVERIFY(redis.restart()); // no persistence: it comes back empty
        QTRY_VERIFY_WITH_TIMEOUT(w->session()->watch()->locks().isEmpty(), 10000);
        QVERIFY(w->saw(QStringLiteral("restarted")));
        qsizetype lost = 0;
        for (const LockEvent &e : std::as_const(w->log)) {
            QVERIFY2(e.kind != LockEventKind::Released && e.kind != LockEventKind::Expired, qPrintable(LockEvent::kindId(e.kind)));
            if (e.kind == LockEventKind::Lost) {
                ++lost;
                QCOMPARE(e.reason, QStringLiteral("server-restarted"));
            }
        }
        QCOMPARE(lost, qsizetype(lockCount));
    }
};

QTEST_GUILESS_MAIN(TestWatchFaults)
#include "tst_watchfaults.moc"
