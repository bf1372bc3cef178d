#include "servertopology.h"
#include "adminservice.h"
#include "auditlog.h"
#include "dialectregistry.h"
#include "keyinspector.h"
#include "session.h"
#include "testredis.h"

#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

class TestAdminService : public QObject
{
    Q_OBJECT

private:
    TestRedis m_redis;
    QTemporaryDir m_dir;
    std::unique_ptr<ServerTopology> m_connection;
    std::unique_ptr<AuditLog> m_audit;
    std::unique_ptr<AdminService> m_admin;
    const DialectRegistry m_registry;

    // The lock as LockScope sees it right now: what the operator would be looking at.
    LockInfo observe(const QByteArray &key)
    {
        KeyInspector inspector(m_connection.get());
        std::optional<LockInfo> lock;
        bool done = false;
        inspector.inspect({key}, nullptr, [&](const QList<KeySample> &samples, const QString &) {
            lock = m_registry.classify(samples.value(0));
            done = true;
        });
        (void)QTest::qWaitFor([&] { return done; }, 5000);
        return lock.value_or(LockInfo());
    }

    AdminResult run(const AdminPlan &plan, AdminService *admin = nullptr)
    {
        std::optional<AdminResult> result;
        (admin ? admin : m_admin.get())->execute(plan, nullptr, [&](const AdminResult &r) { result = r; });
        (void)QTest::qWaitFor([&] { return result.has_value(); }, 5000);
        return result.value_or(AdminResult{AdminResult::Outcome::Failed, QStringLiteral("no result")});
    }

    // A connection as a new ACL user with these rules; ready unless the rules or the login
    // failed, which the caller's check of isReady() reports.
    std::unique_ptr<ServerTopology> connectAs(const QByteArray &user, const QList<QByteArray> &rules)
    {
        auto topology = std::make_unique<ServerTopology>(m_redis.optionsAsNewUser(user, rules));
        topology->open();
        (void)QTest::qWaitFor([&] { return topology->isReady(); }, 5000);
        return topology;
    }

    // The audit lines of one action.
    QList<QJsonObject> linesOf(const QString &id)
    {
        QList<QJsonObject> out;
        for (const QJsonObject &o : auditEntries())
            if (o.value(QStringLiteral("id")).toString() == id)
                out << o;
        return out;
    }

    QList<QJsonObject> auditEntries()
    {
        QFile file(m_audit->path());
        QList<QJsonObject> out;
        if (!file.open(QIODevice::ReadOnly))
            return out;
        for (const QByteArray &line : file.readAll().split('\n'))
            if (!line.isEmpty())
                out << QJsonDocument::fromJson(line).object();
        return out;
    }

    // The shared locks whose extend sets the whole key's expiry: one holder per zset member,
    // or per hash field beside the mode.
    static void sharedLayouts()
    {
        QTest::addColumn<QByteArray>("layout");
        QTest::addColumn<QString>("dialect");
        QTest::newRow("redis-semaphore zset") << QByteArray("zset") << QStringLiteral("redis-semaphore");
        QTest::newRow("redisson read lock") << QByteArray("rwlock") << QStringLiteral("redisson-rwlock");
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
        m_admin->setReadOnly(false);
        m_redis.command({"FLUSHALL"});
    }

    void acquireIsSetNxPx()
    {
        const AdminPlan plan = m_admin->planAcquire("lock:a", "tok-1", 5000);
        QCOMPARE(plan.commandText(), QStringLiteral("SET lock:a tok-1 NX PX 5000"));
        QVERIFY(run(plan).ok());
        QCOMPARE(m_redis.command({"GET", "lock:a"}).bytes(), QByteArray("tok-1"));
        const qint64 pttl = m_redis.command({"PTTL", "lock:a"}).integer();
        QVERIFY(pttl > 4000 && pttl <= 5000);

        const AdminResult second = run(m_admin->planAcquire("lock:a", "tok-2", 5000));
        QCOMPARE(second.outcome, AdminResult::Outcome::Refused);
        QVERIFY(second.message.contains(QLatin1String("already held")));
        QCOMPARE(m_redis.command({"GET", "lock:a"}).bytes(), QByteArray("tok-1"));
    }

    void extendIsGuardedByToken()
    {
        m_redis.command({"SET", "lock:e", "mine", "PX", "2000"});
        const LockInfo seen = observe("lock:e");
        QVERIFY(run(m_admin->planExtend(seen, "mine", 60000)).ok());
        QVERIFY(m_redis.command({"PTTL", "lock:e"}).integer() > 50000);

        const AdminResult wrong = run(m_admin->planExtend(seen, "not-mine", 90000));
        QCOMPARE(wrong.outcome, AdminResult::Outcome::Refused);
        QVERIFY(m_redis.command({"PTTL", "lock:e"}).integer() <= 60000);

        // Lengthening says nothing more; a TTL shorter than what is left is allowed, with a caution.
        QVERIFY(m_admin->planExtend(observe("lock:e"), "mine", 90000).caution.isEmpty());
        const AdminPlan shorter = m_admin->planExtend(observe("lock:e"), "mine", 500);
        QVERIFY(shorter.allowed);
        QVERIFY2(shorter.caution.contains(QLatin1String("a TTL of 500 ms shortens it")), qPrintable(shorter.caution));
    }

    void forceReleaseDeletesTheLockSeen()
    {
        m_redis.command({"SET", "lock:r", QByteArray("\xff\x00tok", 5), "PX", "60000"});
        const LockInfo seen = observe("lock:r");
        QCOMPARE(seen.primaryToken(), QByteArray("\xff\x00tok", 5));
        const AdminPlan plan = m_admin->planForceRelease(seen);
        QCOMPARE(plan.action, AdminAction::ForceRelease);
        QCOMPARE(plan.token, QByteArray("\xff\x00tok", 5));
        QCOMPARE(plan.guard.text(), QStringLiteral("token \"\\xff\\x00tok\""));
        const AdminResult r = run(plan);
        QVERIFY2(r.ok(), qPrintable(r.message));
        QCOMPARE(m_redis.command({"EXISTS", "lock:r"}).integer(), qint64(0));
    }

    // The operator looks, someone else re-acquires, the operator clicks: nothing is deleted.
    void refusesWhenTheLockChangedHands()
    {
        m_redis.command({"SET", "lock:race", "first-holder", "PX", "60000"});
        const LockInfo seen = observe("lock:race");
        const AdminPlan plan = m_admin->planForceRelease(seen);
        m_redis.command({"DEL", "lock:race"});
        m_redis.command({"SET", "lock:race", "second-holder", "NX", "PX", "60000"});
        const AdminResult r = run(plan);
        QCOMPARE(r.outcome, AdminResult::Outcome::Refused);
        QVERIFY2(r.message.contains(QLatin1String("changed hands")) && r.message.contains(QLatin1String("second-holder")),
                 qPrintable(r.message));
        QCOMPARE(m_redis.command({"GET", "lock:race"}).bytes(), QByteArray("second-holder"));
    }

    void refusesWhenTheLockExpired()
    {
        m_redis.command({"SET", "lock:short", "t", "PX", "50"});
        const LockInfo seen = observe("lock:short");
        QTRY_COMPARE(m_redis.command({"EXISTS", "lock:short"}).integer(), qint64(0));
        const AdminResult r = run(m_admin->planRelease(seen, "t"));
        QCOMPARE(r.outcome, AdminResult::Outcome::Refused);
        QVERIFY2(r.message.contains(QLatin1String("no longer exists")), qPrintable(r.message));
        // …and a re-acquired lock of the same name is not touched either.
        m_redis.command({"SET", "lock:short", "other", "PX", "60000"});
        QCOMPARE(run(m_admin->planForceRelease(seen)).outcome, AdminResult::Outcome::Refused);
        QCOMPARE(m_redis.command({"GET", "lock:short"}).bytes(), QByteArray("other"));
    }

    void readOnlyRefusesEverything()
    {
        m_redis.command({"SET", "lock:ro", "t", "PX", "60000"});
        const LockInfo seen = observe("lock:ro");
        m_admin->setReadOnly(true);
        QVERIFY(!m_admin->support(AdminAction::ForceRelease, seen).enabled);
        for (const AdminPlan &plan : {m_admin->planForceRelease(seen), m_admin->planExtend(seen, "t", 1000),
                                      m_admin->planAcquire("lock:new", "t", 1000)}) {
            const AdminResult r = run(plan);
            QCOMPARE(r.outcome, AdminResult::Outcome::Refused);
            QVERIFY(r.message.contains(QLatin1String("read-only")));
        }
        QCOMPARE(m_redis.command({"GET", "lock:ro"}).bytes(), QByteArray("t"));
        QCOMPARE(m_redis.command({"EXISTS", "lock:new"}).integer(), qint64(0));
    }

    // Two lines per action, one id: the intent before anything is sent, the outcome after.
    void everyActionIsAudited()
    {
        const qsizetype before = auditEntries().size();
        m_redis.command({"SET", "lock:au", "tok", "PX", "60000"});
        const LockInfo seen = observe("lock:au");
        run(m_admin->planRelease(seen, "wrong"));
        run(m_admin->planForceRelease(seen));
        const QList<QJsonObject> entries = auditEntries();
        QCOMPARE(entries.size(), before + 4);
        const QJsonObject refusedIntent = entries.at(before), refused = entries.at(before + 1);
        const QJsonObject intent = entries.at(before + 2), done = entries.at(before + 3);
        QCOMPARE(refusedIntent.value(QStringLiteral("phase")).toString(), QStringLiteral("intent"));
        QCOMPARE(refused.value(QStringLiteral("phase")).toString(), QStringLiteral("outcome"));
        QCOMPARE(refused.value(QStringLiteral("id")), refusedIntent.value(QStringLiteral("id")));
        QCOMPARE(refused.value(QStringLiteral("result")).toString(), QStringLiteral("refused"));
        QCOMPARE(intent.value(QStringLiteral("phase")).toString(), QStringLiteral("intent"));
        QVERIFY(!intent.contains(QStringLiteral("result")));
        QCOMPARE(intent.value(QStringLiteral("guard")).toString(), QStringLiteral("token \"tok\""));
        QCOMPARE(done.value(QStringLiteral("id")), intent.value(QStringLiteral("id")));
        QVERIFY(done.value(QStringLiteral("id")).toString() != refused.value(QStringLiteral("id")).toString());
        QCOMPARE(done.value(QStringLiteral("phase")).toString(), QStringLiteral("outcome"));
        QCOMPARE(done.value(QStringLiteral("result")).toString(), QStringLiteral("done"));
        QCOMPARE(done.value(QStringLiteral("action")).toString(), QStringLiteral("force-release"));
        QCOMPARE(done.value(QStringLiteral("key")).toString(), QStringLiteral("lock:au"));
        QCOMPARE(done.value(QStringLiteral("token")).toString(), QStringLiteral("tok"));
        QCOMPARE(done.value(QStringLiteral("guard")).toString(), QStringLiteral("token \"tok\""));
        QCOMPARE(done.value(QStringLiteral("server")).toString(), m_connection->options().displayName());
        QVERIFY(!done.value(QStringLiteral("time")).toString().isEmpty());
        QVERIFY(done.contains(QStringLiteral("user")));
    }

    void unauditableActionsDoNotRun()
    {
        m_redis.command({"SET", "lock:na", "tok", "PX", "60000"});
        const LockInfo seen = observe("lock:na");
        // A directory where the log file should be: it cannot be opened for appending.
        QDir(m_dir.path()).mkpath(QStringLiteral("blocked.log"));
        AuditLog blocked(m_dir.filePath(QStringLiteral("blocked.log")));
        AdminService admin(m_connection.get(), &m_registry, &blocked);
        std::optional<AdminResult> result;
        admin.execute(admin.planForceRelease(seen), nullptr, [&](const AdminResult &r) { result = r; });
        QTRY_VERIFY(result.has_value());
        QCOMPARE(result->outcome, AdminResult::Outcome::Refused);
        QVERIFY(result->message.contains(QLatin1String("audit log")));
        QCOMPARE(m_redis.command({"GET", "lock:na"}).bytes(), QByteArray("tok"));
    }

    void redissonReleaseWakesWaiters()
    {
        const QByteArray field = "8743c9c0-0795-4907-87fd-6c719a6b4586:57";
        m_redis.command({"HSET", "orderLock", field, "2"});
        m_redis.command({"PEXPIRE", "orderLock", "30000"});
        RedisConnection waiter(m_redis.options());
        QSignalSpy messages(&waiter, &RedisConnection::messageReceived);
        waiter.subscribe({"redisson_lock__channel:{orderLock}"});
        waiter.open();
        QTRY_COMPARE(m_redis.command({"PUBSUB", "NUMSUB", "redisson_lock__channel:{orderLock}"}).at(1).integer(), qint64(1));

        const LockInfo seen = observe("orderLock");
        QCOMPARE(seen.dialect, QStringLiteral("redisson-lock"));
        QVERIFY(m_admin->support(AdminAction::ForceRelease, seen).enabled);

        // Another client's field: refused before anything is sent, nothing is published.
        const AdminResult other = run(m_admin->planRelease(seen, "8743c9c0-0795-4907-87fd-6c719a6b4586:99"));
        QCOMPARE(other.outcome, AdminResult::Outcome::Refused);
        QVERIFY2(other.message.contains(QLatin1String("does not hold")) && other.message.contains(QString::fromLatin1(field))
                     && !other.message.contains(QLatin1String("changed hands")),
                 qPrintable(other.message));
        QCOMPARE(m_redis.command({"EXISTS", "orderLock"}).integer(), qint64(1));
        QCOMPARE(messages.size(), 0);

        // The holder re-entered after the look (count 2 → 3): a change, refused, and said so.
        const AdminPlan plan = m_admin->planRelease(seen, field);
        QCOMPARE(plan.action, AdminAction::ForceRelease); // an exclusive lock: its one holder is all of it
        m_redis.command({"HINCRBY", "orderLock", field, "1"});
        const AdminResult reentered = run(plan);
        QCOMPARE(reentered.outcome, AdminResult::Outcome::Refused);
        QVERIFY2(reentered.message.contains(QStringLiteral("re-acquired: hold count 2 → 3")), qPrintable(reentered.message));
        QCOMPARE(m_redis.command({"HGET", "orderLock", field}).bytes(), QByteArray("3"));
        QCOMPARE(messages.size(), 0);

        const AdminResult r = run(m_admin->planRelease(observe("orderLock"), field));
        QVERIFY2(r.ok(), qPrintable(r.message));
        QCOMPARE(m_redis.command({"EXISTS", "orderLock"}).integer(), qint64(0));
        QTRY_COMPARE(messages.size(), 1);
        QCOMPARE(messages.first().at(1).toByteArray(), QByteArray("0"));
    }

    // An ACL user without the unlock channel (Redis 7's default for a new user): the release
    // happens, and its result says the waiters were not woken; it never claims nothing changed.
    void aReleaseWhoseWakeUpIsRefusedSaysSo()
    {
        const auto narrow = connectAs("nochannel", {"~*", "resetchannels", "+@all"});
        QVERIFY(narrow->isReady());
        AdminService admin(narrow.get(), &m_registry, m_audit.get());

        m_redis.command({"HSET", "orders", "8743c9c0-0795-4907-87fd-6c719a6b4586:1", "1"});
        m_redis.command({"PEXPIRE", "orders", "60000"});
        m_redis.command({"RPUSH", "redisson_lock_queue:{orders}", "8743c9c0-0795-4907-87fd-6c719a6b4587:2"});
        const AdminResult result = run(admin.planForceRelease(observe("orders")), &admin);
        QVERIFY2(result.ok(), qPrintable(result.message));
        QVERIFY2(result.message.contains(QLatin1String("waiters were not woken"))
                     && result.message.contains(QLatin1String("redisson_lock__channel:{orders}")),
                 qPrintable(result.message));
        QCOMPARE(m_redis.command({"EXISTS", "orders"}).integer(), qint64(0));

        // A queue of another type fails the script before anything is deleted.
        m_redis.command({"HSET", "orders", "8743c9c0-0795-4907-87fd-6c719a6b4586:1", "1"});
        m_redis.command({"DEL", "redisson_lock_queue:{orders}"});
        const AdminPlan plan = m_admin->planForceRelease(observe("orders"));
        m_redis.command({"SET", "redisson_lock_queue:{orders}", "not a list"});
        const AdminResult wrongType = run(plan);
        QCOMPARE(wrongType.outcome, AdminResult::Outcome::Failed);
        QVERIFY2(wrongType.message.contains(QLatin1String("nothing was changed")), qPrintable(wrongType.message));
        QCOMPARE(m_redis.command({"EXISTS", "orders"}).integer(), qint64(1));
    }

    // Redis checks a script's commands as they run and keeps the writes before a refused one:
    // a user allowed HINCRBY but not PEXPIRE would be left holding a lock with no TTL, and
    // one without LPOP would leave a fair queue with a waiter that has no timeout (which
    // fails every Redisson script on it). Each script asks about its writes first.
    void aWriteTheUserMayNotRunChangesNothing()
    {
        const auto narrow = connectAs("nopexpire", {"~*", "&*", "+@all", "-pexpire", "-lpop"});
        QVERIFY(narrow->isReady());
        AdminService admin(narrow.get(), &m_registry, m_audit.get());
        const AdminResult acquire = run(admin.planAcquire("aclLock", "11111111-2222-4333-8444-555555555555:1", 30000, QStringLiteral("redisson-lock")), &admin);
        QCOMPARE(acquire.outcome, AdminResult::Outcome::Failed);
        QVERIFY2(acquire.message.contains(QLatin1String("may not run pexpire")) && acquire.message.contains(QLatin1String("nothing was changed")),
                 qPrintable(acquire.message));
        QCOMPARE(m_redis.command({"EXISTS", "aclLock"}).integer(), qint64(0));

        const QByteArray holder = "8743c9c0-0795-4907-87fd-6c719a6b4586:1", stale = "8743c9c0-0795-4907-87fd-6c719a6b4586:2";
        m_redis.command({"HSET", "aclLock", holder, "1"});
        m_redis.command({"PEXPIRE", "aclLock", "60000"});
        m_redis.command({"RPUSH", "redisson_lock_queue:{aclLock}", stale});
        m_redis.command({"ZADD", "redisson_lock_timeout:{aclLock}", "1000", stale});
        const AdminResult release = run(admin.planForceRelease(observe("aclLock")), &admin);
        QCOMPARE(release.outcome, AdminResult::Outcome::Failed);
        QVERIFY2(release.message.contains(QLatin1String("may not run lpop")), qPrintable(release.message));
        QCOMPARE(m_redis.command({"EXISTS", "aclLock"}).integer(), qint64(1));
        QCOMPARE(m_redis.command({"LLEN", "redisson_lock_queue:{aclLock}"}).integer(), qint64(1));
        QCOMPARE(m_redis.command({"ZSCORE", "redisson_lock_timeout:{aclLock}", stale}).bytes(), QByteArray("1000"));
    }

    // An ACL narrowed to the lock keys: Redis refuses a script whose side keys the user may
    // not touch without saying which; the message names every key the action declares.
    void aNarrowedAclNamesTheKeysTheActionNeeds()
    {
        const auto narrow = connectAs("lockkeys", {"~lock:*", "&*", "+@all"});
        QVERIFY(narrow->isReady());
        AdminService admin(narrow.get(), &m_registry, m_audit.get());
        const AdminResult result = run(admin.planAcquire("lock:narrow", "11111111-2222-4333-8444-555555555555:1", 30000, QStringLiteral("redisson-lock")), &admin);
        QCOMPARE(result.outcome, AdminResult::Outcome::Failed);
        QVERIFY2(result.message.contains(QLatin1String("redisson_lock_queue:{lock:narrow}"))
                     && result.message.contains(QLatin1String("redisson_lock_timeout:{lock:narrow}"))
                     && result.message.contains(QLatin1String("nothing was changed")),
                 qPrintable(result.message));
        QCOMPARE(m_redis.command({"EXISTS", "lock:narrow"}).integer(), qint64(0));
    }

    // Each of a reader's hold keys is asked about before the first write, not only the first:
    // a user who may delete ":1" but not ":2" is refused with the hash and both keys intact.
    void aReaderReleaseAsksAboutEveryHoldKey()
    {
        const QByteArray a = "8743c9c0-0795-4907-87fd-6c719a6b4586:1", b = "8743c9c0-0795-4907-87fd-6c719a6b4586:2";
        m_redis.command({"HSET", "lock:rw", "mode", "read", a, "1", b, "2"});
        m_redis.command({"PEXPIRE", "lock:rw", "30000"});
        for (const char *i : {"1", "2"})
            m_redis.command({"SET", "{lock:rw}:" + b + ":rwlock_timeout:" + i, "1", "PX", "30000"});
        m_redis.command({"SET", "{lock:rw}:" + a + ":rwlock_timeout:1", "1", "PX", "30000"});
        const auto narrow = connectAs("onehold", {"~lock:rw", "~{lock:rw}", "~{lock:rw}:*:rwlock_timeout:1", "~redisson_rwlock:*", "&*", "+@all"});
        QVERIFY(narrow->isReady());
        AdminService admin(narrow.get(), &m_registry, m_audit.get());
        const AdminResult result = run(admin.planRelease(observe("lock:rw"), b), &admin);
        QCOMPARE(result.outcome, AdminResult::Outcome::Failed);
        QVERIFY2(result.message.contains(QLatin1String("rwlock_timeout:2")), qPrintable(result.message));
        QCOMPARE(m_redis.command({"HGET", "lock:rw", b}).bytes(), QByteArray("2"));
        QCOMPARE(m_redis.command({"EXISTS", "{lock:rw}:" + b + ":rwlock_timeout:1", "{lock:rw}:" + b + ":rwlock_timeout:2"}).integer(), qint64(2));
    }

    // A permit counter INCRBY cannot count up (a leading zero, an overflow): refused before
    // any permit is taken out, so none is lost.
    void permitsAreNotTakenOutWhenTheCounterCannotCount_data()
    {
        QTest::addColumn<QByteArray>("counter");
        QTest::newRow("leading zero") << QByteArray("03");
        QTest::newRow("minus zero") << QByteArray("-0");
        QTest::newRow("would overflow") << QByteArray("9223372036854775807");
        QTest::newRow("too long") << QByteArray("99999999999999999999");
    }

    void permitsAreNotTakenOutWhenTheCounterCannotCount()
    {
        QFETCH(QByteArray, counter);
        const QByteArray permit = QByteArray::fromHex("00ff10e3a1b2c3d4e5f60718293a4b5c");
        m_redis.command({"DEL", "pool", "{pool}:timeout"});
        m_redis.command({"SET", "pool", counter});
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        m_redis.command({"ZADD", "{pool}:timeout", QByteArray::number(now + 60000), permit});
        const LockInfo seen = observe("{pool}:timeout");
        QCOMPARE(seen.dialect, QStringLiteral("redisson-permit-semaphore"));
        const AdminResult r = run(m_admin->planForceRelease(seen));
        QCOMPARE(r.outcome, AdminResult::Outcome::Failed);
        QVERIFY2(r.message.contains(QLatin1String("cannot be counted up")) && r.message.contains(QLatin1String("nothing was changed")),
                 qPrintable(r.message));
        QCOMPARE(m_redis.command({"ZCARD", "{pool}:timeout"}).integer(), qint64(1));
        QCOMPARE(m_redis.command({"GET", "pool"}).bytes(), counter);
    }

    // A later waiter whose timeout is +inf: the step to it is no number to move the others by.
    // The first waiter takes the lock, and every score stays a number.
    void anInfiniteTimeoutMovesNobody()
    {
        const QByteArray first = "8743c9c0-0795-4907-87fd-6c719a6b4586:1", second = "8743c9c0-0795-4907-87fd-6c719a6b4586:2",
                         third = "8743c9c0-0795-4907-87fd-6c719a6b4586:3";
        m_redis.command({"RPUSH", "redisson_lock_queue:{infq}", first, second, third});
        m_redis.command({"ZADD", "redisson_lock_timeout:{infq}", "9000000000000", first, "+inf", second, "-inf", third});
        const AdminResult taken = run(m_admin->planAcquire("infq", first, 30000, QStringLiteral("redisson-lock")));
        QVERIFY2(taken.ok(), qPrintable(taken.message));
        QCOMPARE(m_redis.command({"HGET", "infq", first}).bytes(), QByteArray("1"));
        QCOMPARE(m_redis.command({"ZSCORE", "redisson_lock_timeout:{infq}", second}).bytes(), QByteArray("inf"));
        QCOMPARE(m_redis.command({"LLEN", "redisson_lock_queue:{infq}"}).integer(), qint64(2));
    }

    // Libraries that keep whole seconds (SET … EX) are not given a TTL they cannot keep.
    void secondsDialectsTakeWholeSeconds_data()
    {
        QTest::addColumn<QString>("dialect");
        QTest::newRow("python-redis-lock") << QStringLiteral("python-redis-lock");
        QTest::newRow("laravel") << QStringLiteral("laravel");
    }

    void secondsDialectsTakeWholeSeconds()
    {
        QFETCH(QString, dialect);
        const AdminPlan odd = m_admin->planAcquire("lock:secs", QByteArray(), 1500, dialect);
        QVERIFY(!odd.allowed);
        QVERIFY2(odd.refusal.contains(QLatin1String("whole seconds")), qPrintable(odd.refusal));
        QVERIFY(run(m_admin->planAcquire("lock:secs", QByteArray(), 2000, dialect)).ok());
        const qint64 pttl = m_redis.command({"PTTL", "lock:secs"}).integer();
        QVERIFY2(pttl > 1000 && pttl <= 2000, QByteArray::number(pttl).constData());
    }

    // A free fair lock with a queue: only its first waiter may take it, as Redisson's tryLock.
    void acquireNeverJumpsAFairQueue()
    {
        const QByteArray waiter = "8743c9c0-0795-4907-87fd-6c719a6b4586:7";
        m_redis.command({"RPUSH", "redisson_lock_queue:{fair}", waiter});
        m_redis.command({"ZADD", "redisson_lock_timeout:{fair}", "9999999999999", waiter});
        const AdminResult jumped = run(m_admin->planAcquire("fair", "11111111-2222-4333-8444-555555555555:1", 30000, QStringLiteral("redisson-lock")));
        QCOMPARE(jumped.outcome, AdminResult::Outcome::Refused);
        QVERIFY2(jumped.message.contains(QLatin1String("queues for it first")) && jumped.message.contains(QString::fromLatin1(waiter)),
                 qPrintable(jumped.message));
        QCOMPARE(m_redis.command({"EXISTS", "fair"}).integer(), qint64(0));
        // The first waiter itself, or anyone once the queue is empty, takes it.
        QVERIFY(run(m_admin->planAcquire("fair", waiter, 30000, QStringLiteral("redisson-lock"))).ok());
        QCOMPARE(m_redis.command({"HGET", "fair", waiter}).bytes(), QByteArray("1"));
        // …and leaves the queue and its timeout, as tryLock does: it waits no more.
        QCOMPARE(m_redis.command({"LLEN", "redisson_lock_queue:{fair}"}).integer(), qint64(0));
        QCOMPARE(m_redis.command({"ZCARD", "redisson_lock_timeout:{fair}"}).integer(), qint64(0));
    }

    // Waiters whose timeout passed stopped retrying: Redisson's acquire drops them from the
    // head of the queue before it looks at who is first, and so does LockScope's, saying so.
    void acquireDropsStaleWaitersAsTryLockDoes()
    {
        const QByteArray stale = "8743c9c0-0795-4907-87fd-6c719a6b4586:3", live = "8743c9c0-0795-4907-87fd-6c719a6b4586:4";
        m_redis.command({"RPUSH", "redisson_lock_queue:{staleq}", stale, live});
        m_redis.command({"ZADD", "redisson_lock_timeout:{staleq}", "1000", stale, "9999999999999", live});
        const AdminResult refused = run(m_admin->planAcquire("staleq", "11111111-2222-4333-8444-555555555555:1", 30000, QStringLiteral("redisson-lock")));
        QCOMPARE(refused.outcome, AdminResult::Outcome::Refused);
        QVERIFY2(refused.message.contains(QString::fromLatin1(live)) && refused.message.contains(QLatin1String("dropped 1 waiter"))
                     && !refused.message.contains(QLatin1String("nothing changed")),
                 qPrintable(refused.message));
        QCOMPARE(m_redis.command({"LRANGE", "redisson_lock_queue:{staleq}", "0", "-1"}).at(0).bytes(), live);
        QCOMPARE(m_redis.command({"LLEN", "redisson_lock_queue:{staleq}"}).integer(), qint64(1));
        QVERIFY(m_redis.command({"ZSCORE", "redisson_lock_timeout:{staleq}", stale}).isNil());
        QCOMPARE(m_redis.command({"EXISTS", "staleq"}).integer(), qint64(0));
        // Nothing stale left: a refusal changes nothing, and says so.
        const AdminResult again = run(m_admin->planAcquire("staleq", "11111111-2222-4333-8444-555555555555:1", 30000, QStringLiteral("redisson-lock")));
        QVERIFY2(again.message.contains(QLatin1String("nothing changed")), qPrintable(again.message));
    }

    // The first waiter that takes a fair lock moves every later waiter's timeout one place up,
    // by the step between them, as tryLock moves them by its wait.
    void firstWaiterMovesTheOthersUp()
    {
        const QByteArray first = "8743c9c0-0795-4907-87fd-6c719a6b4586:1", second = "8743c9c0-0795-4907-87fd-6c719a6b4586:2",
                         third = "8743c9c0-0795-4907-87fd-6c719a6b4586:3";
        const qint64 deadline = 9000000000000;
        m_redis.command({"RPUSH", "redisson_lock_queue:{moveup}", first, second, third});
        m_redis.command({"ZADD", "redisson_lock_timeout:{moveup}", QByteArray::number(deadline), first, QByteArray::number(deadline + 5000), second,
                         QByteArray::number(deadline + 10000), third});
        const AdminResult taken = run(m_admin->planAcquire("moveup", first, 30000, QStringLiteral("redisson-lock")));
        QVERIFY2(taken.ok() && !taken.message.contains(QLatin1String("dropped"))
                     && taken.message.contains(QLatin1String("the 2 waiter(s) behind it moved up by 5000 ms")),
                 qPrintable(taken.message));
        QCOMPARE(m_redis.command({"LLEN", "redisson_lock_queue:{moveup}"}).integer(), qint64(2));
        QCOMPARE(m_redis.command({"ZSCORE", "redisson_lock_timeout:{moveup}", second}).bytes().toLongLong(), deadline);
        QCOMPARE(m_redis.command({"ZSCORE", "redisson_lock_timeout:{moveup}", third}).bytes().toLongLong(), deadline + 5000);
    }

    // forceUnlock() wakes the first waiter still waiting: stale heads are dropped before it
    // publishes, or the one live waiter behind them would sleep out its whole wait.
    void forceReleaseWakesTheFirstLiveWaiter()
    {
        const QByteArray holder = "8743c9c0-0795-4907-87fd-6c719a6b4586:1", stale = "8743c9c0-0795-4907-87fd-6c719a6b4586:2",
                         live = "8743c9c0-0795-4907-87fd-6c719a6b4586:3";
        m_redis.command({"HSET", "wakeq", holder, "1"});
        m_redis.command({"PEXPIRE", "wakeq", "60000"});
        m_redis.command({"RPUSH", "redisson_lock_queue:{wakeq}", stale, live});
        m_redis.command({"ZADD", "redisson_lock_timeout:{wakeq}", "1000", stale, "9999999999999", live});
        RedisConnection waiter(m_redis.options());
        QSignalSpy messages(&waiter, &RedisConnection::messageReceived);
        waiter.subscribe({"redisson_lock__channel:{wakeq}:" + stale, "redisson_lock__channel:{wakeq}:" + live});
        waiter.open();
        QTRY_COMPARE(m_redis.command({"PUBSUB", "NUMSUB", "redisson_lock__channel:{wakeq}:" + live}).at(1).integer(), qint64(1));
        const AdminResult r = run(m_admin->planForceRelease(observe("wakeq")));
        QVERIFY2(r.ok() && r.message.contains(QLatin1String("dropped 1 waiter")), qPrintable(r.message));
        QCOMPARE(m_redis.command({"EXISTS", "wakeq"}).integer(), qint64(0));
        QTRY_COMPARE(messages.size(), 1);
        QCOMPARE(messages.first().at(0).toByteArray(), "redisson_lock__channel:{wakeq}:" + live);
        QCOMPARE(m_redis.command({"LLEN", "redisson_lock_queue:{wakeq}"}).integer(), qint64(1));
    }

    void redissonExtendKeepsTheHash()
    {
        const QByteArray field = "8743c9c0-0795-4907-87fd-6c719a6b4586:1";
        m_redis.command({"HSET", "payLock", field, "1"});
        m_redis.command({"PEXPIRE", "payLock", "1000"});
        const LockInfo seen = observe("payLock");
        QVERIFY(run(m_admin->planExtend(seen, field, 30000)).ok());
        QVERIFY(m_redis.command({"PTTL", "payLock"}).integer() > 20000);
        QCOMPARE(m_redis.command({"HGET", "payLock", field}).bytes(), QByteArray("1"));
    }

    // Extending one holder of a shared lock sets the whole key's expiry: never shorter than the
    // other holders already have, which would end their holds under them.
    void sharedExtendNeverCutsOthersShort_data() { sharedLayouts(); }

    void sharedExtendNeverCutsOthersShort()
    {
        QFETCH(QByteArray, layout);
        QFETCH(QString, dialect);
        const QByteArray key = layout == "zset" ? QByteArray("semaphore:shared") : QByteArray("shared:rw");
        const QByteArray mine = "0b7d5c1a-6f2e-4d3b-9a8c-1e2f3a4b5c6d";
        const QByteArray theirs = "5f1e9d2c-3b4a-4c5d-8e6f-7a8b9c0d1e2f";
        const QByteArray now = QByteArray::number(QDateTime::currentMSecsSinceEpoch());
        const QByteArray mineToken = layout == "zset" ? mine : mine + ":1";
        if (layout == "zset")
            m_redis.command({"ZADD", key, now, mine, now, theirs});
        else
            m_redis.command({"HSET", key, "mode", "read", mineToken, "1", theirs + ":7", "1"});
        m_redis.command({"PEXPIRE", key, "60000"});
        const LockInfo seen = observe(key);
        QCOMPARE(seen.dialect, dialect);
        QCOMPARE(seen.holders.size(), 2);

        const AdminPlan cut = m_admin->planExtend(seen, mineToken, 5000);
        QVERIFY(!cut.allowed);
        QVERIFY2(cut.refusal.contains(QLatin1String("also held by")) && cut.refusal.contains(QString::fromLatin1(theirs))
                     && cut.refusal.contains(QLatin1String("end their holds")),
                 qPrintable(cut.refusal));
        QVERIFY2(!cut.refusal.contains(QString::fromLatin1(mineToken)) || layout == "rwlock", qPrintable(cut.refusal));
        QCOMPARE(run(cut).outcome, AdminResult::Outcome::Refused);
        QVERIFY(m_redis.command({"PTTL", key}).integer() > 50000);

        // Lengthening is every holder's gain, and allowed.
        const AdminResult longer = run(m_admin->planExtend(seen, mineToken, 120000));
        QVERIFY2(longer.ok(), qPrintable(longer.message));
        QVERIFY(m_redis.command({"PTTL", key}).integer() > 100000);

        // Another holder renewed it past that after the look: the extend does not cut it back,
        // and says it kept the longer TTL.
        const AdminPlan planned = m_admin->planExtend(observe(key), mineToken, 150000);
        QVERIFY2(planned.allowed, qPrintable(planned.refusal));
        m_redis.command({"PEXPIRE", key, "900000"});
        const AdminResult kept = run(planned);
        QVERIFY2(kept.ok() && kept.message.contains(QLatin1String("longer than the 150000 ms asked for")), qPrintable(kept.message));
        QVERIFY(m_redis.command({"PTTL", key}).integer() > 800000);

        // Without an expiry, giving the key one would end the others' holds too.
        m_redis.command({"PERSIST", key});
        const AdminPlan persisted = m_admin->planExtend(observe(key), mineToken, 300000);
        QVERIFY2(!persisted.allowed && persisted.refusal.contains(QLatin1String("no expiry")), qPrintable(persisted.refusal));

        // Alone in it, the holder may shorten its own lock.
        if (layout == "zset")
            m_redis.command({"ZREM", key, theirs});
        else
            m_redis.command({"HDEL", key, theirs + ":7"});
        m_redis.command({"PEXPIRE", key, "60000"});
        const AdminResult alone = run(m_admin->planExtend(observe(key), mineToken, 5000));
        QVERIFY2(alone.ok(), qPrintable(alone.message));
        QVERIFY(m_redis.command({"PTTL", key}).integer() <= 5000);
    }

    // A shared lock with more holders than LockScope reads: counted whole, recognised, and a
    // holder it did not read is not said not to hold it.
    void partlyReadSharedLocks_data() { sharedLayouts(); }

    void partlyReadSharedLocks()
    {
        QFETCH(QByteArray, layout);
        QFETCH(QString, dialect);
        const QByteArray key = layout == "zset" ? QByteArray("semaphore:crowd") : QByteArray("crowd:rw");
        const QByteArray now = QByteArray::number(QDateTime::currentMSecsSinceEpoch());
        QList<QByteArray> tokens;
        for (int i = 0; i < 100; ++i) {
            const QByteArray uuid = QStringLiteral("%1-0000-4000-8000-%2").arg(i, 8, 16, QLatin1Char('0')).arg(i, 12, 16, QLatin1Char('0')).toLatin1();
            tokens << (layout == "zset" ? uuid : uuid + ":1");
            if (layout == "zset")
                m_redis.command({"ZADD", key, now, tokens.last()});
            else
                m_redis.command({"HSET", key, tokens.last(), "1"});
        }
        if (layout == "rwlock")
            m_redis.command({"HSET", key, "mode", "read"});
        m_redis.command({"PEXPIRE", key, "60000"});

        const LockInfo seen = observe(key);
        QCOMPARE(seen.dialect, dialect);
        QVERIFY(seen.sample.truncated);
        QCOMPARE(seen.holders.size(), 64 - (layout == "rwlock" ? 1 : 0));
        QCOMPARE(seen.holderCount(), qint64(100));
        QVERIFY(seen.holdCount() >= 100);
        QVERIFY2(seen.holderSummary().startsWith(QStringLiteral("100 holders (%1 read)").arg(seen.holders.size())),
                 qPrintable(seen.holderSummary()));

        QByteArray unread;
        for (const QByteArray &t : std::as_const(tokens))
            if (std::none_of(seen.holders.cbegin(), seen.holders.cend(), [&t](const LockHolder &h) { return h.token == t; }))
                unread = t;
        QVERIFY(!unread.isEmpty());
        const AdminPlan release = m_admin->planRelease(seen, unread);
        QVERIFY(!release.allowed);
        QVERIFY2(release.refusal.contains(QStringLiteral("read only %1 of the %2 entries").arg(seen.sample.entries.size()).arg(seen.sample.size))
                     && !release.refusal.contains(QLatin1String("does not hold")),
                 qPrintable(release.refusal));
        // No guard rests on a part: even a holder that was read is not acted for, and says why.
        for (const AdminPlan &plan : {m_admin->planExtend(seen, unread, 120000), m_admin->planRelease(seen, seen.holders.first().token)}) {
            QVERIFY(!plan.allowed);
            QVERIFY2(plan.refusal.contains(QLatin1String("only in part")) && !plan.refusal.contains(QLatin1String("does not hold")),
                     qPrintable(plan.refusal));
            QCOMPARE(run(plan).outcome, AdminResult::Outcome::Refused);
        }
        QCOMPARE(m_redis.command({layout == "zset" ? "ZCARD" : "HLEN", key}).integer(), qint64(layout == "zset" ? 100 : 101));
    }

    // A token LockScope could not read back whole is not written.
    void acquireRefusesATokenLongerThanItReads()
    {
        const AdminPlan plan = m_admin->planAcquire("lock:long", QByteArray(5000, 'x'), 5000);
        QVERIFY(!plan.allowed);
        QVERIFY2(plan.refusal.contains(QLatin1String("5000 bytes")) && plan.refusal.contains(QLatin1String("4096 bytes")),
                 qPrintable(plan.refusal));
        QCOMPARE(run(plan).outcome, AdminResult::Outcome::Refused);
        QCOMPARE(m_redis.command({"EXISTS", "lock:long"}).integer(), qint64(0));
        QVERIFY(run(m_admin->planAcquire("lock:long", QByteArray(4096, 'x'), 5000)).ok());
    }

    // A value longer than LockScope reads is known by its start and length; the whole token
    // completes it, and the guard compares every byte in Redis.
    void aLongValueIsActedForByItsWholeToken()
    {
        const QByteArray token = QByteArray(4090, 'a') + QByteArray(1000, 'b') + "end";
        m_redis.command({"SET", "lock:long", token, "PX", "60000"});
        const LockInfo seen = observe("lock:long");
        QVERIFY(seen.sample.truncated);
        QVERIFY(!m_admin->planForceRelease(seen).allowed); // as observed: only a part to guard on

        // Wrong in a byte past the part read: planned (it cannot be told), refused by Redis.
        QByteArray wrong = token;
        wrong[4500] = 'c';
        const AdminPlan bad = m_admin->planRelease(seen, wrong);
        QVERIFY2(bad.allowed, qPrintable(bad.refusal));
        QVERIFY(bad.valueFromToken);
        const AdminResult refused = run(bad);
        QCOMPARE(refused.outcome, AdminResult::Outcome::Refused);
        QVERIFY2(refused.message.contains(QLatin1String("not held by the token given")), qPrintable(refused.message));
        QCOMPARE(m_redis.command({"GET", "lock:long"}).bytes(), token);
        // Wrong in a part read, or in length: refused before anything runs.
        QVERIFY(!m_admin->planRelease(seen, "x" + token.mid(1)).allowed);
        QVERIFY(!m_admin->planRelease(seen, token + "!").allowed);
        QVERIFY(!m_admin->planExtend(seen, token.left(4096), 120000).allowed);

        // Messages keep a long token short.
        const QString refusal = m_admin->planRelease(seen, token.left(4096)).refusal;
        QVERIFY2(refusal.size() < 600 && refusal.contains(QLatin1String("(4096 bytes)")), qPrintable(refusal));

        const AdminResult extended = run(m_admin->planExtend(seen, token, 120000));
        QVERIFY2(extended.ok(), qPrintable(extended.message));
        QVERIFY(m_redis.command({"PTTL", "lock:long"}).integer() > 60000);
        const AdminResult released = run(m_admin->planRelease(observe("lock:long"), token));
        QVERIFY2(released.ok(), qPrintable(released.message));
        QCOMPARE(m_redis.command({"EXISTS", "lock:long"}).integer(), qint64(0));
    }

    void scriptsSurviveAScriptFlush()
    {
        m_redis.command({"SET", "lock:f", "t", "PX", "60000"});
        const LockInfo seen = observe("lock:f");
        m_redis.command({"SCRIPT", "FLUSH"});
        QVERIFY(run(m_admin->planForceRelease(seen)).ok());
        QCOMPARE(m_redis.command({"EXISTS", "lock:f"}).integer(), qint64(0));
    }

    // The key became another type after the look: the guard says so, nothing is touched.
    void anotherTypeIsRefused()
    {
        m_redis.command({"SET", "lock:t", "t", "PX", "60000"});
        const LockInfo seen = observe("lock:t");
        m_redis.command({"DEL", "lock:t"});
        m_redis.command({"RPUSH", "lock:t", "x"});
        const AdminResult r = run(m_admin->planForceRelease(seen));
        QCOMPARE(r.outcome, AdminResult::Outcome::Refused);
        QVERIFY2(r.message.contains(QLatin1String("is now a list, not the string you saw")), qPrintable(r.message));
        QCOMPARE(m_redis.command({"LLEN", "lock:t"}).integer(), qint64(1));
    }

    // An error from Redis itself (here: the ACL user may not run scripts) certainly did not
    // run: failed, not unknown.
    void redisErrorsFailClearly()
    {
        m_redis.command({"ACL", "SETUSER", "reader", "on", ">secret-pw", "~*", "+@read", "+@connection"});
        ConnectionOptions o = m_redis.options();
        o.user = QStringLiteral("reader");
        o.password = QStringLiteral("secret-pw");
        ServerTopology limited(o);
        limited.open();
        QTRY_VERIFY(limited.isReady());
        AdminService admin(&limited, &m_registry, m_audit.get());
        m_redis.command({"SET", "lock:acl", "t", "PX", "60000"});
        const LockInfo seen = observe("lock:acl");
        std::optional<AdminResult> result;
        admin.execute(admin.planForceRelease(seen), nullptr, [&](const AdminResult &r) { result = r; });
        QTRY_VERIFY(result.has_value());
        QCOMPARE(result->outcome, AdminResult::Outcome::Failed);
        QVERIFY2(result->message.contains(QLatin1String("NOPERM")), qPrintable(result->message));
        QCOMPARE(m_redis.command({"GET", "lock:acl"}).bytes(), QByteArray("t"));
        // No secret reaches the audit log.
        QFile file(m_audit->path());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("secret-pw"));
    }

    // The reply never comes (the server is paused past the command timeout): the action may
    // or may not have run, so it is unknown, with how to look, and audited as such.
    void noAnswerIsUnknown()
    {
        ConnectionOptions o = m_redis.options();
        o.commandTimeoutMs = 300;
        o.autoReconnect = false;
        ServerTopology slow(o);
        slow.open();
        QTRY_VERIFY(slow.isReady());
        AdminService admin(&slow, &m_registry, m_audit.get());
        m_redis.command({"SET", "lock:pause", "t", "PX", "60000"});
        const LockInfo seen = observe("lock:pause");
        const AdminPlan plan = admin.planForceRelease(seen);
        QVERIFY(m_redis.command({"CLIENT", "PAUSE", "1500", "WRITE"}).isStatus("OK"));
        std::optional<AdminResult> result;
        admin.execute(plan, nullptr, [&](const AdminResult &r) { result = r; });
        QTRY_VERIFY(result.has_value());
        QCOMPARE(result->outcome, AdminResult::Outcome::Unknown);
        QCOMPARE(result->outcomeId(), QStringLiteral("unknown"));
        QVERIFY2(result->message.startsWith(QLatin1String("Unknown whether \"lock:pause\" was released"))
                     && result->message.contains(QLatin1String("lockscope scan --no-default-patterns --pattern lock:pause")),
                 qPrintable(result->message));
        QCOMPARE(admin.inFlightCount(), 0);
        m_redis.command({"CLIENT", "UNPAUSE"});
        const QList<QJsonObject> lines = linesOf(plan.id);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(0).value(QStringLiteral("phase")).toString(), QStringLiteral("intent"));
        QCOMPARE(lines.at(1).value(QStringLiteral("result")).toString(), QStringLiteral("unknown"));
    }

    // The session is closed (switched to another server) while an action waits for its
    // answer: the outcome is still written, as unknown.
    void sessionClosedMidActionIsUnknown()
    {
        Session session(m_redis.profile(), &m_registry, m_audit.get());
        session.open(false);
        QTRY_VERIFY(session.isReady());
        m_redis.command({"SET", "lock:switch", "t", "PX", "60000"});
        const LockInfo seen = observe("lock:switch");
        const AdminPlan plan = session.admin()->planForceRelease(seen);
        QVERIFY(m_redis.command({"CLIENT", "PAUSE", "1500", "WRITE"}).isStatus("OK"));
        std::optional<AdminResult> result;
        session.admin()->execute(plan, this, [&](const AdminResult &r) { result = r; });
        QTest::qWait(100);
        QVERIFY(!result.has_value());
        session.close();
        QVERIFY(result.has_value());
        QCOMPARE(result->outcome, AdminResult::Outcome::Unknown);
        m_redis.command({"CLIENT", "UNPAUSE"});
        const QList<QJsonObject> lines = linesOf(plan.id);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(1).value(QStringLiteral("phase")).toString(), QStringLiteral("outcome"));
        QCOMPARE(lines.at(1).value(QStringLiteral("result")).toString(), QStringLiteral("unknown"));
    }

    // The service itself goes while the connection lives on: its in-flight action is
    // recorded as unknown, and the late answer reaches nobody.
    void serviceGoneMidActionIsUnknown()
    {
        m_redis.command({"SET", "lock:gone", "t", "PX", "60000"});
        const LockInfo seen = observe("lock:gone");
        auto admin = std::make_unique<AdminService>(m_connection.get(), &m_registry, m_audit.get());
        const AdminPlan plan = admin->planForceRelease(seen);
        QVERIFY(m_redis.command({"CLIENT", "PAUSE", "800", "WRITE"}).isStatus("OK"));
        bool called = false;
        admin->execute(plan, nullptr, [&](const AdminResult &) { called = true; });
        QCOMPARE(admin->inFlightCount(), 1);
        admin.reset();
        const QList<QJsonObject> lines = linesOf(plan.id);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(1).value(QStringLiteral("result")).toString(), QStringLiteral("unknown"));
        QTRY_COMPARE_WITH_TIMEOUT(m_redis.command({"EXISTS", "lock:gone"}).integer(), qint64(0), 5000); // it did run, later
        QVERIFY(!called);
        QCOMPARE(linesOf(plan.id).size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestAdminService)
#include "tst_adminservice.moc"
