#include "lockinfo.h"
#include "replicationexposure.h"

#include <QTest>

// When a replica's copy of a lock counts as the lock: what ReplicationExposure compares.
class TestReplicationExposure : public QObject
{
    Q_OBJECT

private:
    static KeySample sample(RedisType type, const QByteArray &value, const QList<KeySample::Entry> &entries = {})
    {
        KeySample s;
        s.key = "lock:k";
        s.type = type;
        s.value = value;
        s.entries = entries;
        s.pttlMs = 30000;
        return s;
    }

private Q_SLOTS:
    void sameCopy_data()
    {
        QTest::addColumn<KeySample>("master");
        QTest::addColumn<KeySample>("replica");
        QTest::addColumn<bool>("same");
        const KeySample plain = sample(RedisType::String, "token-1");
        QTest::newRow("same string") << plain << plain << true;
        KeySample otherTtl = plain;
        otherTtl.pttlMs = 1200; // a renewal not yet replicated changes no holder
        QTest::newRow("other ttl") << plain << otherTtl << true;
        QTest::newRow("other token") << plain << sample(RedisType::String, "token-2") << false;
        QTest::newRow("missing") << plain << sample(RedisType::None, QByteArray()) << false;
        QTest::newRow("other type") << plain << sample(RedisType::Hash, QByteArray(), {{"token-1", "1"}}) << false;
        const KeySample hash = sample(RedisType::Hash, QByteArray(), {{"a:1", "1"}, {"b:2", "2"}});
        QTest::newRow("hash, fields in another order") << hash << sample(RedisType::Hash, QByteArray(), {{"b:2", "2"}, {"a:1", "1"}}) << true;
        QTest::newRow("hash, other count") << hash << sample(RedisType::Hash, QByteArray(), {{"a:1", "2"}, {"b:2", "2"}}) << false;
        QTest::newRow("hash, a holder missing") << hash << sample(RedisType::Hash, QByteArray(), {{"a:1", "1"}}) << false;
        QTest::newRow("binary token") << sample(RedisType::String, QByteArray("\x00\xff", 2)) << sample(RedisType::String, QByteArray("\x00\xfe", 2))
                                      << false;
    }

    void sameCopy()
    {
        QFETCH(KeySample, master);
        QFETCH(KeySample, replica);
        QFETCH(bool, same);
        LockInfo lock;
        lock.sample = master;
        QCOMPARE(ReplicationExposure::sameCopy(replica, lock), same);
    }
};

QTEST_GUILESS_MAIN(TestReplicationExposure)
#include "tst_replicationexposure.moc"
