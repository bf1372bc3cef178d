#include "dialectregistry.h"
#include "redissonlockdialect.h"

#include <QDateTime>
#include <QTest>

Q_DECLARE_METATYPE(KeySample)

namespace {
KeySample stringSample(const QByteArray &key, const QByteArray &value, qint64 pttl = 30000, qint64 size = -1)
{
    KeySample s;
    s.key = key;
    s.type = RedisType::String;
    s.pttlMs = pttl;
    s.size = size < 0 ? value.size() : size;
    s.value = value;
    s.truncated = s.size > value.size();
    return s;
}

KeySample hashSample(const QByteArray &key, const QList<KeySample::Entry> &entries, qint64 pttl = 30000)
{
    KeySample s;
    s.key = key;
    s.type = RedisType::Hash;
    s.pttlMs = pttl;
    s.size = entries.size();
    s.entries = entries;
    return s;
}

KeySample typedSample(const QByteArray &key, RedisType type, const QList<KeySample::Entry> &entries)
{
    KeySample s;
    s.key = key;
    s.type = type;
    s.pttlMs = -1;
    s.size = entries.size();
    s.entries = entries;
    return s;
}
} // namespace

namespace {
// The part of a key Redis Cluster hashes: the first non-empty {…}, or all of it.
QByteArray hashTag(const QByteArray &key)
{
    const qsizetype open = key.indexOf('{');
    const qsizetype close = open < 0 ? -1 : key.indexOf('}', open + 1);
    return close > open + 1 ? key.mid(open + 1, close - open - 1) : key;
}
} // namespace

class TestDialectRegistry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classify_data()
    {
        QTest::addColumn<KeySample>("sample");
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<int>("holders");
        QTest::addColumn<QByteArray>("token");
        QTest::addColumn<qint64>("count");
        QTest::addColumn<QStringList>("warnings");

        const QByteArray uuid = "8743c9c0-0795-4907-87fd-6c719a6b4586";
        QTest::newRow("plain uuid token") << stringSample("lock:a", uuid) << "plain" << 1 << uuid << qint64(1) << QStringList();
        QTest::newRow("plain uuid:thread") << stringSample("lock:a", uuid + ":57") << "plain" << 1 << uuid + ":57" << qint64(1) << QStringList();
        QTest::newRow("node-redlock hex token") << stringSample("lock:a", "fbe243bd8034c5406498dfe459014205") << "node-redlock" << 1
                                         << QByteArray("fbe243bd8034c5406498dfe459014205") << qint64(1) << QStringList();
        QTest::newRow("redsync base64 token") << stringSample("lock:a", "UCmSeSt6v5RQKlv9k1NSnQ==") << "redsync" << 1
                                            << QByteArray("UCmSeSt6v5RQKlv9k1NSnQ==") << qint64(1) << QStringList();
        const QByteArray binary("\x00\xff\xfe\x80\n\x01", 6);
        QTest::newRow("binary non-utf8 token") << stringSample("lock:b", binary) << "plain" << 1 << binary << qint64(1) << QStringList();
        QTest::newRow("no ttl") << stringSample("lock:c", uuid, -1) << "plain" << 1 << uuid << qint64(1) << QStringList{QStringLiteral("no-ttl")};
        QTest::newRow("empty string") << stringSample("lock:d", QByteArray()) << "unknown" << 0 << QByteArray() << qint64(0)
                                      << QStringList{QStringLiteral("unrecognised")};
        QTest::newRow("10 MB value, read capped") << stringSample("lock:big", QByteArray(4096, 'x'), 5000, 10 * 1024 * 1024)
                                                  << "unknown" << 0 << QByteArray() << qint64(0)
                                                  << QStringList{QStringLiteral("unrecognised"), QStringLiteral("value-truncated")};
        QTest::newRow("list under lock pattern") << typedSample("lock:list", RedisType::List, {{"a", {}}}) << "unknown" << 0
                                                 << QByteArray() << qint64(0) << QStringList{QStringLiteral("unrecognised"), QStringLiteral("no-ttl")};

        QTest::newRow("redisson rlock") << hashSample("orderLock", {{uuid + ":57", "2"}}) << "redisson-lock" << 1 << uuid + ":57"
                                        << qint64(2) << QStringList();
        QTest::newRow("redisson rlock uppercase uuid") << hashSample("orderLock", {{uuid.toUpper() + ":1", "1"}}) << "redisson-lock" << 1
                                                       << uuid.toUpper() + ":1" << qint64(1) << QStringList();
        QTest::newRow("redisson count not a number") << hashSample("orderLock", {{uuid + ":57", "two"}}) << "unknown" << 0
                                                     << QByteArray() << qint64(0) << QStringList{QStringLiteral("unrecognised")};
        QTest::newRow("redisson zero count") << hashSample("orderLock", {{uuid + ":57", "0"}}) << "unknown" << 0 << QByteArray()
                                             << qint64(0) << QStringList{QStringLiteral("unrecognised")};
        QTest::newRow("redisson absurd count") << hashSample("orderLock", {{uuid + ":57", "99999999999999999999999"}}) << "unknown"
                                               << 0 << QByteArray() << qint64(0) << QStringList{QStringLiteral("unrecognised")};
        QTest::newRow("hash with a foreign field") << hashSample("orderLock", {{uuid + ":57", "1"}, {"name", "x"}}) << "unknown" << 0
                                                   << QByteArray() << qint64(0) << QStringList{QStringLiteral("unrecognised")};
        QTest::newRow("truncated uuid field") << hashSample("orderLock", {{uuid.left(30) + ":57", "1"}}) << "unknown" << 0
                                              << QByteArray() << qint64(0) << QStringList{QStringLiteral("unrecognised")};
        QTest::newRow("non-utf8 field") << hashSample("orderLock", {{QByteArray("\xff\xfe:57"), "1"}}) << "unknown" << 0
                                        << QByteArray() << qint64(0) << QStringList{QStringLiteral("unrecognised")};
        QTest::newRow("data hash") << hashSample("user:lockers", {{"name", "Ada"}}, -1) << "unknown" << 0 << QByteArray()
                                   << qint64(0) << QStringList{QStringLiteral("unrecognised"), QStringLiteral("no-ttl")};
    }

    void classify()
    {
        QFETCH(KeySample, sample);
        const DialectRegistry registry;
        const std::optional<LockInfo> lock = registry.classify(sample);
        QVERIFY(lock.has_value());
        QTEST(lock->dialect, "dialect");
        QTEST(int(lock->holders.size()), "holders");
        QTEST(lock->primaryToken(), "token");
        QTEST(lock->holdCount(), "count");
        QTEST(lock->warnings, "warnings");
        QCOMPARE(lock->key(), sample.key);
        QVERIFY(!lock->dialectName.isEmpty());
    }

    // Every dialect on values written byte for byte as its library writes them, and malformed
    // variants that must fall back to a weaker reading (never decoded as that library's lock).
    void decodes_data()
    {
        QTest::addColumn<KeySample>("sample");
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<QString>("field");  // a decoded holder field ("" for none) ...
        QTest::addColumn<QString>("value");  // ... and its value
        QTest::addColumn<int>("holders");

        const QByteArray u4 = "8743c9c0-0795-4907-87fd-6c719a6b4586";
        const QByteArray u4b = "348b69da-9e7c-447f-8826-bfc5e280d663";
        const QByteArray uuid1 = "1b4e28ba2d9a11ef9a5c0242ac120002"; // redis-py's uuid1().hex, 2024-06-18
        const QByteArray permit = QByteArray::fromHex("00ff10e3a1b2c3d4e5f60718293a4b5c");
        const QByteArray now = QByteArray::number(QDateTime::currentMSecsSinceEpoch());
        const QByteArray deadline = QByteArray::number(QDateTime::currentMSecsSinceEpoch() + 5001);

        QTest::newRow("redis-py uuid1 hex") << stringSample("orders", uuid1, -1) << "redis-py" << "time" << "2024-06-18T17:42:17.809Z" << 1;
        QTest::newRow("redis-py mac") << stringSample("orders", uuid1) << "redis-py" << "mac" << "02:42:ac:12:00:02" << 1;
        QTest::newRow("uuid1 shape, impossible time") << stringSample("orders", "ffffffffffff1fff8fffffffffffffff") << "node-redlock" << "" << "" << 1;
        QTest::newRow("celery-once") << stringSample("qo_tasks.add_a-1_b-2", uuid1) << "celery-once" << "time" << "2024-06-18T17:42:17.809Z" << 1;
        QTest::newRow("python-redis-lock") << stringSample("lock:report", "OjMP/nemggrmkdcPKJaN5yNN") << "python-redis-lock" << "" << "" << 1;
        QTest::newRow("python-redis-lock id elsewhere") << stringSample("jobs:report", "OjMP/nemggrmkdcPKJaN5yNN") << "plain" << "" << "" << 1;
        QTest::newRow("python-redis-lock old binary id") << stringSample("lock:report", QByteArray("\x01\x9f\xff\x00" "abcdefghijkl", 16)) << "plain" << "" << "" << 1;
        QTest::newRow("redsync") << stringSample("orders", "UCmSeSt6v5RQKlv9k1NSnQ==") << "redsync" << "" << "" << 1;
        QTest::newRow("redsync truncated") << stringSample("orders", "UCmSeSt6v5RQKlv9k1NSn") << "plain" << "" << "" << 1;
        QTest::newRow("node-redlock") << stringSample("orders", "fbe243bd8034c5406498dfe459014205") << "node-redlock" << "" << "" << 1;
        QTest::newRow("redlock.net") << stringSample("redlock:orders", u4) << "redlock-net" << "" << "" << 1;
        QTest::newRow("redlock-py") << stringSample("orders", "VLTLPn5PmFt1cH78AEwLc7") << "redlock-py" << "" << "" << 1;
        QTest::newRow("bsm token") << stringSample("orders", "fjCNr01nFWv-kbQ3bTC6GA") << "bsm-redislock" << "" << "" << 1;
        QTest::newRow("bsm metadata") << stringSample("orders", "fjCNr01nFWvPkbQ3bTC6GAworker-7") << "bsm-redislock" << "metadata" << "worker-7" << 1;
        QTest::newRow("bsm underscore") << stringSample("orders", "fjCNr01nFWv_kbQ3bTC6GA") << "bsm-redislock" << "" << "" << 1;
        QTest::newRow("bsm shape, alphanumerics only: redlock-py") << stringSample("orders", "fjCNr01nFWvPkbQ3bTC6GA") << "redlock-py" << "" << "" << 1;
        QTest::newRow("bsm metadata too long") << stringSample("orders", "fjCNr01nFWvPkbQ3bTC6GA" + QByteArray(201, 'm')) << "plain" << "" << "" << 1;
        QTest::newRow("bsm metadata not printable") << stringSample("orders", "fjCNr01nFWvPkbQ3bTC6GA\tx") << "plain" << "" << "" << 1;
        QTest::newRow("spring") << stringSample("orders-registry:42", u4, 59000) << "spring-lock-registry" << "client" << QString::fromLatin1(u4) << 1;
        QTest::newRow("spring ttl beyond expireAfter") << stringSample("orders-registry:42", u4, 120000) << "plain" << "" << "" << 1;
        QTest::newRow("uuid under lock: stays plain") << stringSample("lock:orders", u4, 30000) << "plain" << "" << "" << 1;
        QTest::newRow("shedlock 6.7") << stringSample("job-lock:default:reportJob", "ADDED:2026-08-21T10:15:30.123Z@web-01:" + u4b)
                                      << "shedlock" << "host" << "web-01" << 1;
        QTest::newRow("shedlock old") << stringSample("job-lock:default:reportJob", "ADDED:2026-08-21T10:15:30.123Z@web-01")
                                      << "shedlock" << "time" << "2026-08-21T10:15:30.123Z" << 1;
        QTest::newRow("shedlock bad time") << stringSample("job-lock:default:reportJob", "ADDED:2026-08-21 10:15:30@web-01") << "plain" << "" << "" << 1;
        QTest::newRow("laravel") << stringSample("laravel_database_laravel_cache_orders", "Vav9Tum79cAyzyKG", -1) << "laravel" << "" << "" << 1;
        QTest::newRow("laravel owner elsewhere") << stringSample("orders", "Vav9Tum79cAyzyKG") << "plain" << "" << "" << 1;
        QTest::newRow("redis-semaphore mutex") << stringSample("mutex:orders", u4 + "-worker-3") << "redis-semaphore-mutex" << "metadata" << "worker-3" << 1;
        QTest::newRow("distributedlock") << stringSample("orders", "WEB-01_4242_0123456789abcdef0123456789abcdef") << "distributedlock-net" << "pid" << "4242" << 1;
        QTest::newRow("expiry timestamp") << stringSample("lock.orders", deadline) << "expiry-timestamp" << "expires" << "" << 1;
        QTest::newRow("timestamp from 1970") << stringSample("lock.orders", "0000000001234") << "plain" << "" << "" << 1;
        QTest::newRow("expiry in seconds") << stringSample("lock.orders", deadline.left(10)) << "expiry-timestamp" << "expires" << "" << 1;
        QTest::newRow("timestamp and more") << stringSample("lock.orders", deadline + "0") << "plain" << "" << "" << 1;
        QTest::newRow("distributedlock, no pid") << stringSample("orders", "WEB-01__0123456789abcdef0123456789abcdef") << "plain" << "" << "" << 1;
        QTest::newRow("distributedlock host with _") << stringSample("orders", "WEB_01_4242_0123456789abcdef0123456789abcdef") << "distributedlock-net" << "host" << "WEB_01" << 1;

        QTest::newRow("node-redisson") << hashSample("orders", {{u4 + ':' + u4b, "1"}}) << "node-redisson" << "lock object" << QString::fromLatin1(u4b) << 1;
        QTest::newRow("redisson rwlock readers") << hashSample("rw", {{"mode", "read"}, {u4 + ":1", "2"}, {u4b + ":7", "1"}})
                                                 << "redisson-rwlock" << "mode" << "read" << 2;
        QTest::newRow("redisson rwlock writer") << hashSample("rw", {{"mode", "write"}, {u4 + ":1:write", "1"}})
                                                << "redisson-rwlock" << "mode" << "write" << 1;
        QTest::newRow("rwlock unknown mode") << hashSample("rw", {{"mode", "exclusive"}, {u4 + ":1", "1"}}) << "unknown" << "" << "" << 0;
        QTest::newRow("rwlock absurd count") << hashSample("rw", {{"mode", "read"}, {u4 + ":1", "9999999999"}}) << "unknown" << "" << "" << 0;

        QTest::newRow("redisson semaphore") << stringSample("semaphore:pool", "3", -1) << "redisson-semaphore" << "" << "" << 0;
        QTest::newRow("semaphore counter below zero") << stringSample("semaphore:neg", "-1", -1) << "redisson-semaphore" << "" << "" << 0;
        QTest::newRow("semaphore counter that expires") << stringSample("semaphore:pool", "3", 60000) << "redisson-semaphore" << "" << "" << 0;
        QTest::newRow("bare number, no expiry") << stringSample("pool", "3", -1) << "redisson-semaphore" << "" << "" << 0;
        QTest::newRow("numeric token that expires: a lock") << stringSample("numlock", "4242", 60000) << "plain" << "" << "" << 1;
        QTest::newRow("numeric token under a lock's name") << stringSample("mutex:job", "17", -1) << "plain" << "" << "" << 1;
        QTest::newRow("not a number") << stringSample("semaphore:x", "-", -1) << "plain" << "" << "" << 1;
        KeySample permits = typedSample("{pool}:timeout", RedisType::ZSet,
                                        {{permit, QByteArray::number(QDateTime::currentMSecsSinceEpoch() + 60000)},
                                         {QByteArray(16, '\x07'), "922337203685477"}});
        QTest::newRow("permit-expirable semaphore") << permits << "redisson-permit-semaphore" << "permit" << QString::fromLatin1(permit.toHex()) << 2;
        KeySample shortPermit = permits;
        shortPermit.entries = {{"abc", "1"}};
        QTest::newRow("permit id not 16 bytes") << shortPermit << "unknown" << "" << "" << 0;
        QTest::newRow("redis-semaphore") << typedSample("semaphore:pool", RedisType::ZSet, {{u4, now}, {u4b + "_0", now}, {u4b + "_1", now}})
                                         << "redis-semaphore" << "client" << QString::fromLatin1(u4) << 3;
        QTest::newRow("zset with far-future scores") << typedSample("semaphore:pool", RedisType::ZSet, {{u4, "99999999999999"}}) << "unknown" << "" << "" << 0;
        QTest::newRow("zset of names") << typedSample("semaphore:pool", RedisType::ZSet, {{"alice", now}}) << "unknown" << "" << "" << 0;
    }

    void decodes()
    {
        QFETCH(KeySample, sample);
        QFETCH(QString, field);
        QFETCH(QString, value);
        const DialectRegistry registry;
        const std::optional<LockInfo> lock = registry.classify(sample);
        QVERIFY(lock.has_value());
        QTEST(lock->dialect, "dialect");
        QTEST(int(lock->holders.size()), "holders");
        if (field.isEmpty())
            return;
        QString found;
        for (const auto &d : lock->details)
            if (d.first == field)
                found = d.second;
        if (found.isEmpty() && !lock->holders.isEmpty())
            found = lock->holders.first().field(field);
        QVERIFY2(!found.isEmpty(), qPrintable(field));
        if (!value.isEmpty())
            QCOMPARE(found, value);
    }

    void expiryTimestampHasNoOwner()
    {
        const DialectRegistry registry;
        const QByteArray deadline = QByteArray::number(QDateTime::currentMSecsSinceEpoch() + 5001);
        const std::optional<LockInfo> lock = registry.classify(stringSample("lock.orders", deadline, 5000));
        QVERIFY(lock->warnings.contains(QStringLiteral("no-owner-token")));
        // The semaphore counter nobody holds may live without TTL; a held lock may not.
        const std::optional<LockInfo> counter = registry.classify(stringSample("semaphore:pool", "3", -1));
        QVERIFY(!counter->warnings.contains(QStringLiteral("no-ttl")));
        QCOMPARE(counter->state(0), LockState::Held); // not stuck
        const std::optional<LockInfo> held = registry.classify(stringSample("lock:orders", "f3b1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d", -1));
        QCOMPARE(held->state(0), LockState::NoExpiry);
    }

    // A Redisson semaphore's counter refuses every action, each in its own words.
    void aSemaphoreCounterRefusesInTheWordsOfTheAction_data()
    {
        QTest::addColumn<int>("action");
        QTest::addColumn<QString>("says");
        QTest::newRow("acquire") << int(AdminAction::Acquire) << "acquire()";
        QTest::newRow("extend") << int(AdminAction::Extend) << "nothing to extend";
        QTest::newRow("force-release") << int(AdminAction::ForceRelease) << "whose permit to give back";
        QTest::newRow("release one") << int(AdminAction::ReleaseHolder) << "whose permit to give back";
    }

    void aSemaphoreCounterRefusesInTheWordsOfTheAction()
    {
        QFETCH(int, action);
        QFETCH(QString, says);
        const DialectRegistry registry;
        const Dialect *counter = registry.find(QStringLiteral("redisson-semaphore"));
        QVERIFY(counter);
        const ActionSupport s = counter->support(AdminAction(action));
        QVERIFY(!s.enabled);
        QVERIFY2(s.reason.contains(says), qPrintable(s.reason));
    }

    void recipesGuardWithWhatTheOperatorSaw_data()
    {
        QTest::addColumn<KeySample>("sample");
        QTest::addColumn<int>("action");
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("keys");
        const QByteArray u4 = "8743c9c0-0795-4907-87fd-6c719a6b4586";
        const QByteArray u4b = "348b69da-9e7c-447f-8826-bfc5e280d663";
        const QByteArray permit = QByteArray::fromHex("00ff10e3a1b2c3d4e5f60718293a4b5c");
        const KeySample rw = hashSample("rw", {{"mode", "read"}, {u4 + ":1", "1"}, {u4b + ":2", "1"}});
        KeySample permits;
        permits.key = "{pool}:timeout";
        permits.type = RedisType::ZSet;
        permits.pttlMs = -1;
        permits.size = 1;
        permits.entries = {{permit, "922337203685477"}};
        KeySample semaphore;
        semaphore.key = "semaphore:pool";
        semaphore.type = RedisType::ZSet;
        semaphore.pttlMs = 10000;
        semaphore.size = 1;
        semaphore.entries = {{u4, QByteArray::number(QDateTime::currentMSecsSinceEpoch())}};
        QTest::newRow("plain release") << stringSample("lock:a", "tok") << int(AdminAction::ForceRelease) << "plain/force-release" << 1;
        QTest::newRow("python-redis-lock release") << stringSample("lock:report", "OjMP/nemggrmkdcPKJaN5yNN") << int(AdminAction::ForceRelease)
                                                   << "python-redis-lock/force-release" << 2;
        QTest::newRow("spring release") << stringSample("orders-registry:42", u4, 59000) << int(AdminAction::ForceRelease) << "spring/force-release" << 1;
        QTest::newRow("redisson release") << hashSample("orders", {{u4 + ":1", "1"}}) << int(AdminAction::ForceRelease) << "redisson/force-release" << 4;
        QTest::newRow("redisson extend") << hashSample("orders", {{u4 + ":1", "1"}}) << int(AdminAction::Extend) << "plain/force-extend" << 1;
        QTest::newRow("redisson has no single holder to release") << hashSample("orders", {{u4 + ":1", "1"}})
                                                                   << int(AdminAction::ReleaseHolder) << "" << 0;
        QTest::newRow("rwlock release") << rw << int(AdminAction::ForceRelease) << "redisson-rwlock/force-release" << 2;
        QTest::newRow("rwlock release one reader") << rw << int(AdminAction::ReleaseHolder) << "redisson-rwlock/release-holder" << 3;
        QTest::newRow("permit release") << permits << int(AdminAction::ForceRelease) << "redisson-semaphore/release-permits" << 3;
        QTest::newRow("permit release one") << permits << int(AdminAction::ReleaseHolder) << "redisson-semaphore/release-permits" << 3;
        QTest::newRow("permit extend") << permits << int(AdminAction::Extend) << "redisson-semaphore/update-lease" << 1;
        QTest::newRow("semaphore release one") << semaphore << int(AdminAction::ReleaseHolder) << "redis-semaphore/release" << 1;
        QTest::newRow("semaphore refresh") << semaphore << int(AdminAction::Extend) << "redis-semaphore/refresh" << 1;
        QTest::newRow("plain has no single holder to release") << stringSample("lock:a", "tok") << int(AdminAction::ReleaseHolder) << "" << 0;
        QTest::newRow("redis-py extend without ttl") << stringSample("orders", "1b4e28ba2d9a11ef9a5c0242ac120002", -1) << int(AdminAction::Extend) << "" << 0;
        QTest::newRow("expiry timestamp extend") << stringSample("lock.orders", QByteArray::number(QDateTime::currentMSecsSinceEpoch() + 5001))
                                                 << int(AdminAction::Extend) << "" << 0;
        QTest::newRow("semaphore counter release") << stringSample("semaphore:pool", "3", -1) << int(AdminAction::ForceRelease) << "" << 0;
    }

    void recipesGuardWithWhatTheOperatorSaw()
    {
        QFETCH(KeySample, sample);
        QFETCH(int, action);
        QFETCH(QString, script);
        const DialectRegistry registry;
        const std::optional<LockInfo> lock = registry.classify(sample);
        const Dialect *dialect = registry.find(lock->dialect);
        QVERIFY(dialect);
        const QByteArray token = lock->primaryToken();
        const LockFingerprint guard = dialect->guardScope(AdminAction(action)) == LockFingerprint::Scope::Holder
                                          ? LockFingerprint::holder(*lock, token)
                                          : LockFingerprint::whole(*lock);
        const AdminRecipe recipe = dialect->recipe(AdminAction(action), *lock, guard, token, 30000);
        QCOMPARE(recipe.script, script);
        QCOMPARE(recipe.supported, !script.isEmpty());
        if (!recipe.supported) {
            QVERIFY(!recipe.reason.isEmpty());
            return;
        }
        QVERIFY(guard.isValid());
        QTEST(int(recipe.keys.size()), "keys");
        QCOMPARE(recipe.keys.first(), sample.key);
        QCOMPARE(recipe.args.first(), guard.serialise()); // the guard is what the operator saw
        QVERIFY(!recipe.description.isEmpty());
        // One cluster hash slot for all of a script's keys (Redisson's side keys share the
        // lock's {name} tag), so the script can run on a cluster. python-redis-lock names its
        // signal list beside the lock in its own unlock script: its users tag their names.
        if (lock->dialect != QLatin1String("python-redis-lock"))
            for (const QByteArray &k : recipe.keys)
                QVERIFY2(hashTag(k) == hashTag(recipe.keys.first()), k.constData());
    }

    void newTokensHaveTheLibrarysShape()
    {
        const DialectRegistry registry;
        for (const Dialect *d : registry.dialects()) {
            if (!d->support(AdminAction::Acquire).enabled || d->id() == QLatin1String("expiry-timestamp"))
                continue;
            KeySample written = stringSample("lock:x", d->newToken());
            if (d->id().startsWith(QLatin1String("redisson")) || d->id() == QLatin1String("node-redisson")) {
                if (d->id() == QLatin1String("redisson-rwlock"))
                    written = hashSample("x", {{"mode", "write"}, {d->newToken(), "1"}});
                else
                    written = hashSample("x", {{d->newToken(), "1"}});
            } else if (d->id() == QLatin1String("redlock-net")) {
                written.key = "redlock:x";
            } else if (d->id() == QLatin1String("laravel")) {
                written.key = "laravel_cache_x";
            } else if (d->id() == QLatin1String("celery-once")) {
                written.key = "qo_x";
            } else if (d->id() == QLatin1String("redis-semaphore-mutex")) {
                written.key = "mutex:x";
            } else if (d->id() == QLatin1String("spring-lock-registry")) {
                written.key = "registry:x";
            } else if (d->id() == QLatin1String("python-redis-lock")) {
                written.key = "lock:x";
            }
            if (d->id() == QLatin1String("redisson-fair-lock")) // told apart by its queue only
                continue;
            const std::optional<LockInfo> lock = registry.classify(written);
            QVERIFY2(lock && lock->holders.size() == 1, qPrintable(d->id()));
            if (d->id() == QLatin1String("redlock-py")) // 22 alphanumerics are also bsm's shape
                QVERIFY(lock->dialect == d->id() || lock->dialect == QLatin1String("bsm-redislock"));
            else if (d->id() != QLatin1String("bsm-redislock") || lock->dialect != QLatin1String("redlock-py"))
                QCOMPARE(lock->dialect, d->id());
        }
    }

    void goneKeyIsNoLock()
    {
        const DialectRegistry registry;
        KeySample gone;
        gone.key = "lock:vanished";
        QVERIFY(!registry.classify(gone).has_value());
    }

    void sideKeys()
    {
        const DialectRegistry registry;
        QVERIFY(registry.isSideKey("redisson_lock_queue:{orders}"));
        QVERIFY(registry.isSideKey("redisson_lock_timeout:{orders}"));
        QVERIFY(registry.isSideKey("redisson_unlock_latch:{orders}:0123456789abcdef0123456789abcdef"));
        QVERIFY(!registry.isSideKey("lock:orders"));
    }

    void redissonChannel()
    {
        QCOMPARE(RedissonLockDialect::unlockChannel("orderLock"), QByteArray("redisson_lock__channel:{orderLock}"));
        QCOMPARE(RedissonLockDialect::unlockChannel("{tag}lock"), QByteArray("redisson_lock__channel:{tag}lock"));
    }
};

QTEST_GUILESS_MAIN(TestDialectRegistry)
#include "tst_dialectregistry.moc"
