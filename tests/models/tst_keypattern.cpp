#include "keypattern.h"
#include "testredis.h"

#include <QTest>

// Glob semantics are Redis's to decide: every pattern is checked against what the server's
// own SCAN MATCH returns for the same keys.
class TestKeyPattern : public QObject
{
    Q_OBJECT

private:
    TestRedis m_redis;
    const QList<QByteArray> m_keys = {
        "lock:orders", "lock:orders:42", "LOCK_orders", "orderLock", "redlock:a", "job-lock:default:report",
        "mutex:pay", "semaphore:s", "user:1", "x", "", "a*b", "a?b", "a[b", "a\\b", "abc", "aXc", "hello",
        "hallo", "hxllo", "heeeello", "lock", "locks", "block", QByteArray("bin\x00\xff", 5), "ab", "ba",
    };

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_redis.start());
        for (const QByteArray &k : m_keys)
            if (!k.isEmpty())
                QVERIFY(m_redis.command({"SET", k, "1"}).isStatus("OK"));
    }

    void matchesLikeRedis_data()
    {
        QTest::addColumn<QByteArray>("glob");
        for (const char *g : {"*", "lock:*", "*lock*", "*Lock", "h?llo", "h*llo", "h[ae]llo", "h[^e]llo", "h[a-b]llo",
                              "a\\*b", "a\\?b", "a[*]b", "*:*:*", "lock", "?", "??", "*[0-9]", "a[\\[]b", "[a-c]*",
                              "*ll*o", "*\\\\*", "bin*", "h[b-a]llo", "x*", "**lock**", "a[bc"}) {
            QTest::newRow(g) << QByteArray(g);
        }
    }

    void matchesLikeRedis()
    {
        QFETCH(QByteArray, glob);
        QSet<QByteArray> server;
        QByteArray cursor = "0";
        do {
            const RedisReply r = m_redis.command({"SCAN", cursor, "MATCH", glob, "COUNT", "1000"});
            QVERIFY(r.isArray());
            cursor = r.at(0).bytes();
            for (const RedisReply &k : r.at(1).elements())
                server.insert(k.bytes());
        } while (cursor != "0");
        QSet<QByteArray> ours;
        const KeyPattern pattern(glob);
        for (const QByteArray &k : m_keys)
            if (!k.isEmpty() && pattern.matches(k))
                ours.insert(k);
        QCOMPARE(ours, server);
    }

    void caseInsensitive()
    {
        const KeyPattern p = KeyPattern::parse(QStringLiteral("i:*lock*"));
        QCOMPARE(p.caseSensitivity(), Qt::CaseInsensitive);
        QVERIFY(p.matches("orderLock"));
        QVERIFY(p.matches("LOCK_orders"));
        QVERIFY(p.matches("redlock:x"));
        QVERIFY(!p.matches("user:1"));
        QVERIFY(!p.isServerSide());
        QCOMPARE(p.toString(), QStringLiteral("i:*lock*"));
        QVERIFY(KeyPattern::parse(QStringLiteral("i:h[A-C]llo")).matches("hbllo"));
    }
};

QTEST_GUILESS_MAIN(TestKeyPattern)
#include "tst_keypattern.moc"
