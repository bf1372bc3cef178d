// Every dialect against a real redis-server: the lock is written byte for byte as its library
// writes it, LockScope must find and decode it, refuse to touch it once its holder changed, and
// release it with the library's own side effects (wake-up signals, messages, permit counts).
#include "clusterslot.h"
#include "servertopology.h"
#include "adminservice.h"
#include "auditlog.h"
#include "dialectregistry.h"
#include "discoveryservice.h"
#include "testredis.h"

#include <QDateTime>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using Commands = QList<QList<QByteArray>>;
using Expectations = QList<QPair<QList<QByteArray>, qint64>>; // command -> integer reply
Q_DECLARE_METATYPE(Commands)
Q_DECLARE_METATYPE(Expectations)

namespace {
const QByteArray u4 = "8743c9c0-0795-4907-87fd-6c719a6b4586";
const QByteArray u4b = "348b69da-9e7c-447f-8826-bfc5e280d663";
const QByteArray uuid1 = "1b4e28ba2d9a11ef9a5c0242ac120002";
const QByteArray uuid1b = "2c5f39cb3e0b11ef8b6d0242ac120003";
const QByteArray permitA = QByteArray::fromHex("00ff10e3a1b2c3d4e5f60718293a4b5c");
const QByteArray permitB = QByteArray::fromHex("11ee21f4b2c3d4e5f60718293a4b5c6d");

QByteArray inMs(qint64 ms)
{
    return QByteArray::number(QDateTime::currentMSecsSinceEpoch() + ms);
}
} // namespace

class TestDialectFixtures : public QObject
{
    Q_OBJECT

private:
    TestRedis m_redis;
    QTemporaryDir m_dir;
    std::unique_ptr<ServerTopology> m_connection;
    std::unique_ptr<AuditLog> m_audit;
    std::unique_ptr<AdminService> m_admin;
    const DialectRegistry m_registry;

    // What the operator sees: a full discovery pass (every key), waiter probes included.
    std::optional<LockInfo> observe(const QByteArray &key)
    {
        DiscoveryService discovery(m_connection.get(), &m_registry);
        DiscoveryOptions options = discovery.options();
        options.patterns = {KeyPattern("*")};
        discovery.setOptions(options);
        std::optional<LockInfo> found;
        connect(&discovery, &DiscoveryService::locksFound, this, [&](const QList<LockInfo> &locks) {
            for (const LockInfo &l : locks)
                if (l.key() == key)
                    found = l;
        });
        QSignalSpy finished(&discovery, &DiscoveryService::finished);
        discovery.start();
        if (!finished.wait(5000))
            return std::nullopt;
        return found;
    }

    AdminResult run(const AdminPlan &plan)
    {
        // Every plan must be runnable on a Redis Cluster: all its keys in one hash slot. Not
        // python-redis-lock's: its lock:NAME and lock-signal:NAME share a slot only when NAME
        // carries a {hash tag}, which the library itself needs on a cluster (its own scripts
        // touch both keys); without one, a cluster refuses the library and LockScope alike.
        const bool taggedByTheUser = plan.dialect == QLatin1String("python-redis-lock");
        for (const QByteArray &key : taggedByTheUser ? QList<QByteArray>() : plan.keys)
            if (ClusterSlot::forKey(key) != ClusterSlot::forKey(plan.keys.first()))
                return AdminResult{AdminResult::Outcome::Failed, QStringLiteral("keys of several slots: ") + QString::fromUtf8(plan.keys.join(' '))};
        std::optional<AdminResult> result;
        m_admin->execute(plan, nullptr, [&](const AdminResult &r) { result = r; });
        (void)QTest::qWaitFor([&] { return result.has_value(); }, 5000);
        return result.value_or(AdminResult{AdminResult::Outcome::Failed, QStringLiteral("no result")});
    }

    void runAll(const Commands &commands)
    {
        for (const QList<QByteArray> &c : commands)
            QVERIFY2(!m_redis.command(c).isError(), c.join(' ').constData());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_redis.start());
        m_connection = std::make_unique<ServerTopology>(m_redis.options());
        m_connection->open();
        QTRY_VERIFY(m_connection->isReady());
        m_audit = std::make_unique<AuditLog>(m_dir.filePath(QStringLiteral("audit.log")));
        m_admin = std::make_unique<AdminService>(m_connection.get(), &m_registry, m_audit.get());
    }

    void init()
    {
        m_redis.command({"FLUSHALL"});
    }

    void releaseIsGuardedAndDoesWhatTheLibraryDoes_data()
    {
        QTest::addColumn<Commands>("create");
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<int>("waiters");
        QTest::addColumn<Commands>("steal");       // the holder changes after the look
        QTest::addColumn<Expectations>("after");   // what the release must leave behind

        const Expectations gone{{{"EXISTS", "orders"}, 0}};
        QTest::newRow("redis-py Lock, no timeout") << Commands{{"SET", "orders", uuid1, "NX"}} << QByteArray("orders") << "redis-py" << -1
                                                   << Commands{{"SET", "orders", uuid1b}} << gone;
        QTest::newRow("python-redis-lock") << Commands{{"SET", "lock:report", "OjMP/nemggrmkdcPKJaN5yNN", "NX", "EX", "30"}}
                                           << QByteArray("lock:report") << "python-redis-lock" << -1
                                           << Commands{{"SET", "lock:report", "AAAAAAAAAAAAAAAAAAAAAAAA"}}
                                           << Expectations{{{"EXISTS", "lock:report"}, 0}, {{"LLEN", "lock-signal:report"}, 1}};
        QTest::newRow("Redsync") << Commands{{"SET", "orders", "UCmSeSt6v5RQKlv9k1NSnQ==", "NX", "PX", "8000"}} << QByteArray("orders")
                                 << "redsync" << -1 << Commands{{"SET", "orders", "VCmSeSt6v5RQKlv9k1NSnQ==", "PX", "8000"}} << gone;
        QTest::newRow("node-redlock") << Commands{{"SET", "orders", "fbe243bd8034c5406498dfe459014205", "NX", "PX", "10000"}}
                                      << QByteArray("orders") << "node-redlock" << -1
                                      << Commands{{"SET", "orders", "abe243bd8034c5406498dfe459014205", "PX", "10000"}} << gone;
        QTest::newRow("RedLock.net") << Commands{{"SET", "redlock:orders", u4, "NX", "PX", "30000"}} << QByteArray("redlock:orders")
                                     << "redlock-net" << -1 << Commands{{"SET", "redlock:orders", u4b, "PX", "30000"}}
                                     << Expectations{{{"EXISTS", "redlock:orders"}, 0}};
        QTest::newRow("Spring RedisLockRegistry") << Commands{{"SET", "orders-registry:42", u4, "PX", "60000"}}
                                                  << QByteArray("orders-registry:42") << "spring-lock-registry" << -1
                                                  << Commands{{"SET", "orders-registry:42", u4b, "PX", "60000"}}
                                                  << Expectations{{{"EXISTS", "orders-registry:42"}, 0}};
        QTest::newRow("ShedLock") << Commands{{"SET", "job-lock:default:report", "ADDED:2026-08-21T10:15:30.123Z@web-01:" + u4, "NX", "PX", "60000"}}
                                  << QByteArray("job-lock:default:report") << "shedlock" << -1
                                  << Commands{{"SET", "job-lock:default:report", "ADDED:2026-08-21T10:16:00.001Z@web-02:" + u4b, "PX", "60000"}}
                                  << Expectations{{{"EXISTS", "job-lock:default:report"}, 0}};
        QTest::newRow("Laravel") << Commands{{"SET", "laravel_database_laravel_cache_orders", "Vav9Tum79cAyzyKG", "EX", "30", "NX"}}
                                 << QByteArray("laravel_database_laravel_cache_orders") << "laravel" << -1
                                 << Commands{{"SET", "laravel_database_laravel_cache_orders", "Wav9Tum79cAyzyKG"}}
                                 << Expectations{{{"EXISTS", "laravel_database_laravel_cache_orders"}, 0}};
        QTest::newRow("expiry timestamp") << Commands{{"SET", "lock.orders", inMs(5001), "NX", "PX", "5000"}} << QByteArray("lock.orders")
                                          << "expiry-timestamp" << -1 << Commands{{"SET", "lock.orders", inMs(9001), "PX", "9000"}}
                                          << Expectations{{{"EXISTS", "lock.orders"}, 0}};
        QTest::newRow("Redisson RLock") << Commands{{"HSET", "orders", u4 + ":1", "1"}, {"PEXPIRE", "orders", "30000"}} << QByteArray("orders")
                                        << "redisson-lock" << 0 << Commands{{"DEL", "orders"}, {"HSET", "orders", u4b + ":9", "1"}} << gone;
        QTest::newRow("Redisson FairLock") << Commands{{"HSET", "orders", u4 + ":1", "1"}, {"PEXPIRE", "orders", "30000"},
                                                       {"RPUSH", "redisson_lock_queue:{orders}", u4b + ":9"},
                                                       {"ZADD", "redisson_lock_timeout:{orders}", inMs(300000), u4b + ":9"}}
                                           << QByteArray("orders") << "redisson-fair-lock" << 1
                                           << Commands{{"DEL", "orders"}, {"HSET", "orders", u4b + ":9", "1"}}
                                           << Expectations{{{"EXISTS", "orders"}, 0}, {{"LLEN", "redisson_lock_queue:{orders}"}, 1}};
        QTest::newRow("node-redisson") << Commands{{"HSET", "orders", u4 + ':' + u4b, "1"}, {"PEXPIRE", "orders", "30000"}}
                                       << QByteArray("orders") << "node-redisson" << 0
                                       << Commands{{"DEL", "orders"}, {"HSET", "orders", u4b + ':' + u4, "1"}} << gone;
        QTest::newRow("Redisson ReadWriteLock") << Commands{{"HSET", "rw", "mode", "read", u4 + ":1", "1", u4b + ":2", "1"}, {"PEXPIRE", "rw", "30000"},
                                                            {"SET", "{rw}:" + u4 + ":1:rwlock_timeout:1", "1", "PX", "30000"}}
                                                << QByteArray("rw") << "redisson-rwlock" << 0 << Commands{{"HDEL", "rw", u4 + ":1"}}
                                                << Expectations{{{"EXISTS", "rw"}, 0}};
        QTest::newRow("Redisson PermitExpirableSemaphore")
            << Commands{{"SET", "pool", "1"}, {"ZADD", "{pool}:timeout", inMs(60000), permitA, "922337203685477", permitB}}
            << QByteArray("{pool}:timeout") << "redisson-permit-semaphore" << 0 << Commands{{"ZREM", "{pool}:timeout", permitA}}
            << Expectations{{{"ZCARD", "{pool}:timeout"}, 0}, {{"GET", "pool"}, 3}};
        QTest::newRow("redis-semaphore") << Commands{{"ZADD", "semaphore:pool", inMs(-1000), u4, inMs(0), u4b}, {"PEXPIRE", "semaphore:pool", "10000"}}
                                         << QByteArray("semaphore:pool") << "redis-semaphore" << -1 << Commands{{"ZREM", "semaphore:pool", u4}}
                                         << Expectations{{{"ZCARD", "semaphore:pool"}, 0}};
    }

    void releaseIsGuardedAndDoesWhatTheLibraryDoes()
    {
        QFETCH(Commands, create);
        QFETCH(QByteArray, key);
        QFETCH(Commands, steal);
        QFETCH(Expectations, after);
        runAll(create);
        std::optional<LockInfo> seen = observe(key);
        QVERIFY2(seen, key.constData());
        QTEST(seen->dialect, "dialect");
        QTEST(seen->waiters, "waiters");
        QVERIFY(!seen->holders.isEmpty());
        const QByteArray token = seen->primaryToken();
        if (m_admin->support(AdminAction::Extend, *seen).enabled) {
            runAll(steal);
            const AdminResult extended = run(m_admin->planExtend(*seen, token, 45000));
            QCOMPARE(extended.outcome, AdminResult::Outcome::Refused);
            runAll(create); // back as it was for the release check
            m_redis.command({"FLUSHALL"});
            runAll(create);
            seen = observe(key);
        }

        // The holder changed after the look: nothing may be deleted.
        runAll(steal);
        const QByteArray before = m_redis.command({"DUMP", key}).bytes();
        const AdminResult refused = run(m_admin->planForceRelease(*seen));
        QCOMPARE(refused.outcome, AdminResult::Outcome::Refused);
        QCOMPARE(m_redis.command({"DUMP", key}).bytes(), before);

        // Looked at again, it is released the library's way.
        m_redis.command({"FLUSHALL"});
        runAll(create);
        seen = observe(key);
        QVERIFY(seen);
        const AdminResult done = run(m_admin->planForceRelease(*seen));
        QVERIFY2(done.outcome == AdminResult::Outcome::Done, qPrintable(done.message));
        for (const auto &[command, expected] : after) {
            const RedisReply reply = m_redis.command(command);
            const qint64 value = reply.isInteger() ? reply.integer() : reply.bytes().toLongLong();
            QVERIFY2(value == expected, qPrintable(QStringLiteral("%1 -> %2, want %3").arg(QString::fromLatin1(command.join(' '))).arg(value).arg(expected)));
        }
    }

    void semaphoreCounterIsNotReleasedOnAnybodysBehalf()
    {
        m_redis.command({"SET", "semaphore:pool", "3"});
        const std::optional<LockInfo> seen = observe("semaphore:pool");
        QVERIFY(seen);
        QCOMPARE(seen->dialect, QStringLiteral("redisson-semaphore"));
        const ActionSupport s = m_admin->support(AdminAction::ForceRelease, *seen);
        QVERIFY(!s.enabled);
        QVERIFY(s.reason.contains(QLatin1String("owner")));
        QCOMPARE(run(m_admin->planForceRelease(*seen)).outcome, AdminResult::Outcome::Refused);
        QCOMPARE(run(m_admin->planRelease(*seen, "3")).outcome, AdminResult::Outcome::Refused);
        QCOMPARE(m_redis.command({"GET", "semaphore:pool"}).bytes(), QByteArray("3"));
    }

    // What changed between the operator's look and the action, per dialect: every change to
    // who holds the lock (a new holder, a re-acquire, another mode, another token, a permit
    // more or less, the key gone or of another type) must be refused and leave the key as it
    // is; a renewal (TTL, watchdog, lease, refresh) or a change to other keys must not stop it.
    void guardSeesEveryChange_data()
    {
        QTest::addColumn<Commands>("create");
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<QString>("intent"); // force-release, release-holder, extend
        QTest::addColumn<QByteArray>("holder"); // for release-holder and extend
        QTest::addColumn<Commands>("change");
        QTest::addColumn<bool>("proceeds");
        QTest::addColumn<QString>("words"); // in the refusal
        QTest::addColumn<Expectations>("after");

        struct Lock
        {
            const char *name;
            Commands create;
            QByteArray key;
            const char *dialect;
        };
        const auto row = [](const Lock &l, const char *what, const QString &intent, const QByteArray &holder, const Commands &change,
                            bool proceeds, const QString &words, const Expectations &after) {
            QTest::addRow("%s, %s: %s", l.name, qPrintable(intent), what)
                << l.create << l.key << QString::fromLatin1(l.dialect) << intent << holder << change << proceeds << words << after;
        };
        const QString release = QStringLiteral("force-release"), one = QStringLiteral("release-holder"), extend = QStringLiteral("extend");
        const auto gone = [](const QByteArray &key) { return Expectations{{{"EXISTS", key}, 0}}; };
        // True (1) when the key's TTL is above 40 s: extended to the 45 s asked for.
        const auto extended = [](const QByteArray &key) {
            return Expectations{{{"EVAL", "return redis.call('PTTL', KEYS[1]) > 40000 and 1 or 0", "1", key}, 1}};
        };

        // Every string layout: the value is the whole lock.
        const QList<Lock> strings = {
            {"plain", {{"SET", "lock:orders", "tok-7f3a", "PX", "30000"}}, "lock:orders", "plain"},
            {"redis-py", {{"SET", "orders", uuid1, "NX", "PX", "30000"}}, "orders", "redis-py"},
            {"celery-once", {{"SET", "qo_report_day-1", uuid1, "NX", "PX", "3600000"}}, "qo_report_day-1", "celery-once"},
            {"python-redis-lock", {{"SET", "lock:report", "OjMP/nemggrmkdcPKJaN5yNN", "NX", "EX", "30"}}, "lock:report", "python-redis-lock"},
            {"Redsync", {{"SET", "orders", "UCmSeSt6v5RQKlv9k1NSnQ==", "NX", "PX", "8000"}}, "orders", "redsync"},
            {"node-redlock", {{"SET", "orders", "fbe243bd8034c5406498dfe459014205", "NX", "PX", "10000"}}, "orders", "node-redlock"},
            {"RedLock.net", {{"SET", "redlock:orders", u4, "NX", "PX", "30000"}}, "redlock:orders", "redlock-net"},
            {"redlock-py", {{"SET", "orders", "VLTLPn5PmFt1cH78AEwLc7", "NX", "PX", "10000"}}, "orders", "redlock-py"},
            {"bsm/redislock", {{"SET", "orders", "fjCNr01nFWvPkbQ3bTC6GAworker-7", "NX", "PX", "10000"}}, "orders", "bsm-redislock"},
            {"Spring", {{"SET", "orders-registry:42", u4, "PX", "60000"}}, "orders-registry:42", "spring-lock-registry"},
            {"ShedLock", {{"SET", "job-lock:default:report", "ADDED:2026-08-21T10:15:30.123Z@web-01:" + u4, "NX", "PX", "60000"}},
             "job-lock:default:report", "shedlock"},
            {"Laravel", {{"SET", "laravel_database_laravel_cache_orders", "Vav9Tum79cAyzyKG", "EX", "30", "NX"}},
             "laravel_database_laravel_cache_orders", "laravel"},
            {"redis-semaphore Mutex", {{"SET", "mutex:orders", u4, "NX", "PX", "10000"}}, "mutex:orders", "redis-semaphore-mutex"},
            {"DistributedLock", {{"SET", "orders", "web-01_4242_0123456789abcdef0123456789abcdef", "NX", "PX", "30000"}}, "orders",
             "distributedlock-net"},
            {"expiry timestamp", {{"SET", "lock.orders", inMs(30001), "NX", "PX", "30000"}}, "lock.orders", "expiry-timestamp"},
        };
        for (const Lock &l : strings) {
            const QByteArray &k = l.key;
            row(l, "another token", release, {}, {{"SET", k, "someone-else", "KEEPTTL"}}, false, QStringLiteral("changed hands"), {});
            row(l, "gone", release, {}, {{"DEL", k}}, false, QStringLiteral("no longer exists"), {});
            row(l, "now a list", release, {}, {{"DEL", k}, {"RPUSH", k, "x"}}, false, QStringLiteral("is now a list"), {});
            row(l, "TTL renewed", release, {}, {{"PEXPIRE", k, "90000"}}, true, {}, gone(k));
            row(l, "another key changed", release, {}, {{"SET", "unrelated", "v"}}, true, {},
                {{{"EXISTS", k}, 0}, {{"EXISTS", "unrelated"}, 1}});
            if (qstrcmp(l.dialect, "expiry-timestamp") != 0) { // its value is its deadline: no extend
                row(l, "another token", extend, {}, {{"SET", k, "someone-else", "KEEPTTL"}}, false, QStringLiteral("changed hands"), {});
                row(l, "TTL renewed", extend, {}, {{"PEXPIRE", k, "20000"}}, true, {}, extended(k));
            }
        }

        // Redisson's hash: every holder field with its hold count.
        const QByteArray a = u4 + ":1", b = u4b + ":2", c = "0b0e6a57-6bb1-4c8e-9b53-7d4f5e6a1c2d:7";
        const QList<Lock> hashes = {
            {"Redisson RLock", {{"HSET", "orders", a, "1"}, {"PEXPIRE", "orders", "30000"}}, "orders", "redisson-lock"},
            {"Redisson FairLock", {{"HSET", "orders", a, "1"}, {"PEXPIRE", "orders", "30000"}, {"RPUSH", "redisson_lock_queue:{orders}", b},
                                   {"ZADD", "redisson_lock_timeout:{orders}", inMs(300000), b}}, "orders", "redisson-fair-lock"},
            {"node-redisson", {{"HSET", "orders", u4 + ':' + u4b, "1"}, {"PEXPIRE", "orders", "30000"}}, "orders", "node-redisson"},
        };
        for (const Lock &l : hashes) {
            const QByteArray field = l.create.first().at(2);
            const QByteArray other = qstrcmp(l.dialect, "node-redisson") == 0 ? u4b + ':' + u4 : c; // in the layout's own shape
            row(l, "re-acquired", release, {}, {{"HINCRBY", "orders", field, "1"}}, false, QStringLiteral("re-acquired: hold count 1 → 2"), {});
            row(l, "another holder's field", release, {}, {{"HSET", "orders", other, "1"}}, false,
                QStringLiteral("a holder %1 joined (×1)").arg(QString::fromLatin1(other)), {});
            row(l, "changed hands", release, {}, {{"DEL", "orders"}, {"HSET", "orders", other, "1"}}, false, QStringLiteral("is gone"), {});
            row(l, "gone", release, {}, {{"DEL", "orders"}}, false, QStringLiteral("no longer exists"), {});
            row(l, "now a string", release, {}, {{"DEL", "orders"}, {"SET", "orders", "x"}}, false, QStringLiteral("is now a string"), {});
            row(l, "watchdog renewal", release, {}, {{"PEXPIRE", "orders", "30000"}}, true, {}, gone("orders"));
            row(l, "a waiter queued", release, {}, {{"RPUSH", "redisson_lock_queue:{orders}", c}}, true, {},
                {{{"EXISTS", "orders"}, 0}, {{"LINDEX", "redisson_lock_queue:{orders}", "-1"}, 0}});
            row(l, "re-acquired", extend, {}, {{"HINCRBY", "orders", field, "1"}}, false, QStringLiteral("re-acquired"), {});
            row(l, "watchdog renewal", extend, {}, {{"PEXPIRE", "orders", "20000"}}, true, {}, extended("orders"));
        }

        // Redisson's read-write lock: the mode and every reader and writer.
        const QByteArray ha = "{rw}:" + a + ":rwlock_timeout:1", hb = "{rw}:" + b + ":rwlock_timeout:1";
        const Lock rw{"Redisson ReadWriteLock",
                      {{"HSET", "rw", "mode", "read", a, "1", b, "1"}, {"PEXPIRE", "rw", "30000"}, {"SET", ha, "1", "PX", "30000"},
                       {"SET", hb, "1", "PX", "20000"}},
                      "rw", "redisson-rwlock"};
        row(rw, "a reader joined", release, {}, {{"HSET", "rw", c, "1"}}, false, QStringLiteral("a reader %1 joined").arg(QString::fromLatin1(c)),
            {{{"HLEN", "rw"}, 4}});
        row(rw, "a reader re-acquired", release, {}, {{"HINCRBY", "rw", a, "1"}}, false, QStringLiteral("re-acquired: hold count 1 → 2"), {});
        row(rw, "another mode", release, {}, {{"HSET", "rw", "mode", "write"}}, false, QStringLiteral("mode read → write"), {});
        row(rw, "a reader left", release, {}, {{"HDEL", "rw", b}}, false, QStringLiteral("reader %1 is gone").arg(QString::fromLatin1(b)), {});
        row(rw, "gone", release, {}, {{"DEL", "rw"}}, false, QStringLiteral("no longer exists"), {});
        row(rw, "now a zset", release, {}, {{"DEL", "rw"}, {"ZADD", "rw", "1", "x"}}, false, QStringLiteral("is now a zset"), {});
        row(rw, "watchdog renewal", release, {}, {{"PEXPIRE", "rw", "30000"}, {"PEXPIRE", ha, "30000"}}, true, {}, gone("rw"));
        row(rw, "another key changed", release, {}, {{"SET", "unrelated", "v"}}, true, {}, gone("rw"));
        // One reader: only its hold goes; whoever joined keeps theirs.
        row(rw, "a reader joined", one, a, {{"HSET", "rw", c, "1"}}, true, {},
            {{{"HEXISTS", "rw", a}, 0}, {{"HEXISTS", "rw", b}, 1}, {{"HEXISTS", "rw", c}, 1}, {{"EXISTS", ha}, 0}, {{"EXISTS", hb}, 1},
             {{"EVAL", "return redis.call('PTTL', KEYS[1]) <= 20000 and 1 or 0", "1", "rw"}, 1}}); // the longest hold left
        row(rw, "the other reader left", one, a, {{"HDEL", "rw", b}}, true, {}, gone("rw"));
        row(rw, "it re-acquired", one, a, {{"HINCRBY", "rw", a, "1"}}, false, QStringLiteral("re-acquired: hold count 1 → 2"),
            {{{"HGET", "rw", a}, 2}, {{"EXISTS", ha}, 1}});
        row(rw, "it left", one, a, {{"HDEL", "rw", a}}, false, QStringLiteral("is gone"), {{{"HLEN", "rw"}, 2}});
        row(rw, "another mode", one, a, {{"HSET", "rw", "mode", "write"}}, false, QStringLiteral("mode read → write"), {});
        row(rw, "watchdog renewal", one, a, {{"PEXPIRE", "rw", "30000"}, {"PEXPIRE", ha, "30000"}}, true, {},
            {{{"HEXISTS", "rw", a}, 0}, {{"HEXISTS", "rw", b}, 1}});
        row(rw, "a reader joined", extend, a, {{"HSET", "rw", c, "1"}}, false, QStringLiteral("joined"), {});
        row(rw, "watchdog renewal", extend, a, {{"PEXPIRE", "rw", "20000"}}, true, {}, extended("rw"));
        // A writer that also reads: releasing the writer leaves its read hold, in mode read.
        const Lock writer{"Redisson write lock", {{"HSET", "rw", "mode", "write", a + ":write", "1", a, "1"}, {"PEXPIRE", "rw", "30000"}},
                          "rw", "redisson-rwlock"};
        row(writer, "nothing", one, a + ":write", {}, true, {},
            {{{"HEXISTS", "rw", a + ":write"}, 0}, {{"HEXISTS", "rw", a}, 1},
             {{"EVAL", "return redis.call('HGET', KEYS[1], 'mode') == 'read' and 1 or 0", "1", "rw"}, 1}});

        // Redisson's permit semaphore: the issued permits (scores are their leases).
        const QByteArray permitC = QByteArray::fromHex("22dd32a5c3d4e5f60718293a4b5c6d7e");
        const Lock permits{"Redisson PermitExpirableSemaphore",
                           {{"SET", "pool", "1"}, {"ZADD", "{pool}:timeout", inMs(60000), permitA, "922337203685477", permitB}},
                           "{pool}:timeout", "redisson-permit-semaphore"};
        row(permits, "a permit issued", release, {}, {{"ZADD", "{pool}:timeout", inMs(60000), permitC}, {"DECR", "pool"}}, false,
            QStringLiteral("joined"), {{{"GET", "pool"}, 0}});
        row(permits, "a permit given back", release, {}, {{"ZREM", "{pool}:timeout", permitB}, {"INCR", "pool"}}, false,
            QStringLiteral("is gone"), {{{"GET", "pool"}, 2}});
        row(permits, "a lease updated", release, {}, {{"ZADD", "{pool}:timeout", "XX", inMs(90000), permitA}}, true, {},
            {{{"EXISTS", "{pool}:timeout"}, 0}, {{"GET", "pool"}, 3}});
        row(permits, "permits added", release, {}, {{"INCRBY", "pool", "5"}}, true, {}, {{{"GET", "pool"}, 8}});
        row(permits, "gone", release, {}, {{"DEL", "{pool}:timeout"}}, false, QStringLiteral("no longer exists"), {{{"GET", "pool"}, 1}});
        row(permits, "a permit issued", one, permitA, {{"ZADD", "{pool}:timeout", inMs(60000), permitC}, {"DECR", "pool"}}, true, {},
            {{{"ZCARD", "{pool}:timeout"}, 2}, {{"ZSCORE", "{pool}:timeout", permitA}, 0}, {{"GET", "pool"}, 1}});
        row(permits, "it was given back", one, permitA, {{"ZREM", "{pool}:timeout", permitA}, {"INCR", "pool"}}, false,
            QStringLiteral("is gone"), {{{"GET", "pool"}, 2}});
        row(permits, "its lease updated", one, permitA, {{"ZADD", "{pool}:timeout", "XX", inMs(90000), permitA}}, true, {},
            {{{"ZCARD", "{pool}:timeout"}, 1}, {{"GET", "pool"}, 2}});
        row(permits, "another permit given back", extend, permitA, {{"ZREM", "{pool}:timeout", permitB}}, true, {},
            {{{"EVAL", "return tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1])) > tonumber(ARGV[2]) and 1 or 0", "1", "{pool}:timeout",
               permitA, inMs(40000)}, 1}});
        row(permits, "it was given back", extend, permitA, {{"ZREM", "{pool}:timeout", permitA}}, false, QStringLiteral("is gone"), {});

        // redis-semaphore: the holders' members (scores are their refresh times).
        const QByteArray h3 = "0b0e6a57-6bb1-4c8e-9b53-7d4f5e6a1c2d";
        const Lock semaphore{"redis-semaphore", {{"ZADD", "semaphore:pool", inMs(-1000), u4, inMs(0), u4b}, {"PEXPIRE", "semaphore:pool", "10000"}},
                             "semaphore:pool", "redis-semaphore"};
        row(semaphore, "a holder joined", release, {}, {{"ZADD", "semaphore:pool", inMs(0), h3}}, false, QStringLiteral("joined"), {});
        row(semaphore, "a holder left", release, {}, {{"ZREM", "semaphore:pool", u4b}}, false, QStringLiteral("is gone"), {});
        row(semaphore, "refreshed", release, {}, {{"ZADD", "semaphore:pool", "XX", inMs(0), u4}, {"PEXPIRE", "semaphore:pool", "10000"}},
            true, {}, gone("semaphore:pool"));
        row(semaphore, "now a set", release, {}, {{"DEL", "semaphore:pool"}, {"SADD", "semaphore:pool", u4}}, false,
            QStringLiteral("is now a set"), {});
        row(semaphore, "a holder joined", one, u4, {{"ZADD", "semaphore:pool", inMs(0), h3}}, true, {},
            {{{"ZCARD", "semaphore:pool"}, 2}, {{"ZSCORE", "semaphore:pool", u4}, 0}});
        row(semaphore, "it left", one, u4, {{"ZREM", "semaphore:pool", u4}}, false, QStringLiteral("is gone"), {{{"ZCARD", "semaphore:pool"}, 1}});
        row(semaphore, "a holder joined", extend, u4, {{"ZADD", "semaphore:pool", inMs(0), h3}}, true, {}, extended("semaphore:pool"));
        row(semaphore, "it left", extend, u4, {{"ZREM", "semaphore:pool", u4}}, false, QStringLiteral("is gone"), {});
    }

    void guardSeesEveryChange()
    {
        QFETCH(Commands, create);
        QFETCH(QByteArray, key);
        QFETCH(QString, intent);
        QFETCH(QByteArray, holder);
        QFETCH(Commands, change);
        QFETCH(bool, proceeds);
        QFETCH(QString, words);
        QFETCH(Expectations, after);
        runAll(create);
        const std::optional<LockInfo> seen = observe(key);
        QVERIFY2(seen, key.constData());
        QTEST(seen->dialect, "dialect");
        AdminPlan plan;
        if (intent == QLatin1String("force-release"))
            plan = m_admin->planForceRelease(*seen);
        else if (intent == QLatin1String("release-holder"))
            plan = m_admin->planRelease(*seen, holder);
        else
            plan = m_admin->planExtend(*seen, holder.isEmpty() ? seen->primaryToken() : holder, 45000);
        QVERIFY2(plan.allowed, qPrintable(plan.refusal));
        QCOMPARE(AdminPlan::actionId(plan.action), intent);

        runAll(change); // between the look and the action
        const QByteArray before = m_redis.command({"DUMP", key}).bytes();
        const AdminResult r = run(plan);
        if (proceeds) {
            QVERIFY2(r.outcome == AdminResult::Outcome::Done, qPrintable(r.message));
        } else {
            QVERIFY2(r.outcome == AdminResult::Outcome::Refused, qPrintable(r.message));
            QVERIFY2(r.message.contains(words), qPrintable(r.message));
            QCOMPARE(m_redis.command({"DUMP", key}).bytes(), before);
        }
        for (const auto &[command, expected] : after) {
            const RedisReply reply = m_redis.command(command);
            const qint64 value = reply.isInteger() ? reply.integer() : reply.bytes().toLongLong();
            QVERIFY2(value == expected, qPrintable(QStringLiteral("%1 -> %2, want %3").arg(QString::fromLatin1(command.join(' '))).arg(value).arg(expected)));
        }
    }

    // Waiters blocked on the library's channel hear the release, as from the library itself.
    void waitersAreWoken_data()
    {
        QTest::addColumn<Commands>("create");
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<QByteArray>("channel");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("RLock") << Commands{{"HSET", "orders", u4 + ":1", "1"}, {"PEXPIRE", "orders", "30000"}} << QByteArray("orders")
                               << QByteArray("redisson_lock__channel:{orders}") << QByteArray("0");
        QTest::newRow("FairLock head") << Commands{{"HSET", "orders", u4 + ":1", "1"}, {"PEXPIRE", "orders", "30000"},
                                                   {"RPUSH", "redisson_lock_queue:{orders}", u4b + ":9"}}
                                       << QByteArray("orders") << QByteArray("redisson_lock__channel:{orders}:" + u4b + ":9") << QByteArray("0");
        QTest::newRow("ReadWriteLock") << Commands{{"HSET", "rw", "mode", "write", u4 + ":1:write", "1"}, {"PEXPIRE", "rw", "30000"}}
                                       << QByteArray("rw") << QByteArray("redisson_rwlock:{rw}") << QByteArray("1");
        QTest::newRow("Spring pub/sub") << Commands{{"SET", "orders-registry:42", u4, "PX", "60000"}} << QByteArray("orders-registry:42")
                                        << QByteArray("orders-registry-channel:orders-registry:42") << QByteArray("orders-registry:42");
    }

    void waitersAreWoken()
    {
        QFETCH(Commands, create);
        QFETCH(QByteArray, key);
        QFETCH(QByteArray, channel);
        runAll(create);
        RedisConnection waiter(m_redis.options());
        QSignalSpy messages(&waiter, &RedisConnection::messageReceived);
        waiter.subscribe({channel});
        waiter.open();
        QTRY_COMPARE(m_redis.command({"PUBSUB", "NUMSUB", channel}).at(1).integer(), qint64(1));
        const std::optional<LockInfo> seen = observe(key);
        QVERIFY(seen);
        if (!channel.contains(":" + u4b)) // a fair lock counts its queue, not subscribers
            QCOMPARE(seen->waiters, channel.startsWith("orders-registry") ? LockInfo::waitersUnknown : 1);
        QCOMPARE(run(m_admin->planForceRelease(*seen)).outcome, AdminResult::Outcome::Done);
        QTRY_COMPARE(messages.size(), 1);
        QCOMPARE(messages.first().at(0).toByteArray(), channel);
        QTEST(messages.first().at(1).toByteArray(), "message");
    }

    // LockScope takes the lock as the library would, so the library's own reading of the key
    // (here: LockScope's dialect, which decodes it the library's way) sees a foreign holder.
    void acquireWritesTheLibrarysLayout_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<QString>("dialect");
        QTest::newRow("redis-py") << QByteArray("orders") << "redis-py";
        QTest::newRow("python-redis-lock") << QByteArray("lock:report") << "python-redis-lock";
        QTest::newRow("Redisson RLock") << QByteArray("orders") << "redisson-lock";
        QTest::newRow("Redisson write lock") << QByteArray("rw") << "redisson-rwlock";
        QTest::newRow("ShedLock") << QByteArray("job-lock:default:report") << "shedlock";
        QTest::newRow("Laravel") << QByteArray("laravel_cache_orders") << "laravel";
        QTest::newRow("expiry timestamp") << QByteArray("lock.orders") << "expiry-timestamp";
        QTest::newRow("Redsync") << QByteArray("orders") << "redsync";
    }

    void acquireWritesTheLibrarysLayout()
    {
        QFETCH(QByteArray, key);
        QFETCH(QString, dialect);
        const AdminPlan plan = m_admin->planAcquire(key, QByteArray(), 30000, dialect);
        QVERIFY2(plan.allowed, qPrintable(plan.refusal));
        QCOMPARE(run(plan).outcome, AdminResult::Outcome::Done);
        const std::optional<LockInfo> seen = observe(key);
        QVERIFY(seen);
        QCOMPARE(seen->dialect, dialect);
        QCOMPARE(seen->primaryToken(), plan.token);
        QVERIFY(seen->sample.pttlMs > 20000 && seen->sample.pttlMs <= 30000);
        // Held now: a second acquire of the same layout is refused and changes nothing.
        QCOMPARE(run(m_admin->planAcquire(key, QByteArray(), 30000, dialect)).outcome, AdminResult::Outcome::Refused);
        QCOMPARE(observe(key)->primaryToken(), plan.token);
    }
};

QTEST_GUILESS_MAIN(TestDialectFixtures)
#include "tst_dialectfixtures.moc"
