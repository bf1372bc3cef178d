#include "dialectregistry.h"
#include "redissonlockdialect.h"

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
