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

    // The pattern a "look again" hint prints for a key: read back from a command line (as
    // text, UTF-8), it matches that key and no other here, in LockScope and in Redis alike.
    void forKeyMatchesItAlone_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QByteArray>("alsoMatched"); // a key that differs only in bytes a command line cannot carry
        QTest::newRow("plain") << QByteArray("lock:orders:42") << QStringLiteral("lock:orders:42") << QByteArray();
        QTest::newRow("glob characters") << QByteArray("lock:[a]*?") << QStringLiteral("lock:\\[a\\]\\*\\?") << QByteArray();
        QTest::newRow("backslash") << QByteArray("lock:a\\b") << QStringLiteral("lock:a\\\\b") << QByteArray();
        QTest::newRow("a leading i: is not ignore-case") << QByteArray("i:Job") << QStringLiteral("\\i:Job") << QByteArray();
        QTest::newRow("space and quotes") << QByteArray("my 'lock\"") << QStringLiteral("my 'lock\"") << QByteArray();
        QTest::newRow("newline") << QByteArray("lock:a\nb") << QStringLiteral("lock:a[^ -~]b") << QByteArray("lock:a\rb");
        QTest::newRow("nul") << QByteArray("lock:\0z", 7) << QStringLiteral("lock:[^ -~]z") << QByteArray();
        QTest::newRow("invalid utf-8") << QByteArray("lock:\xff\xfe") << QStringLiteral("lock:[^ -~][^ -~]") << QByteArray();
        QTest::newRow("utf-8") << QByteArray("锁:订单") << QStringLiteral("锁:订单") << QByteArray();
        QTest::newRow("leading dash") << QByteArray("-lock") << QStringLiteral("-lock") << QByteArray();
    }

    void forKeyMatchesItAlone()
    {
        QFETCH(QByteArray, key);
        QFETCH(QByteArray, alsoMatched);
        const QString glob = KeyPattern::forKey(key);
        QTEST(glob, "expected");
        const QList<QByteArray> decoys = {"lock:orders:4", "lock:orders:421", "lock:[a]xx", "lock:a/b", "i:job", "I:Job", "Job",
                                          "my 'lock", "lock:a\rb", "lock:ab", "lock:\xff", "锁:订", "lock"};
        for (const QByteArray &k : decoys + QList<QByteArray>{key})
            QVERIFY(m_redis.command({"SET", k, "1"}).isStatus("OK"));
        const KeyPattern pattern = KeyPattern::parse(glob);
        QVERIFY(pattern.matches(key));
        QSet<QByteArray> server;
        QByteArray cursor = "0";
        do {
            const RedisReply r = m_redis.command({"SCAN", cursor, "MATCH", pattern.glob(), "COUNT", "1000"});
            QVERIFY(r.isArray());
            cursor = r.at(0).bytes();
            for (const RedisReply &k : r.at(1).elements())
                server.insert(k.bytes());
        } while (cursor != "0");
        QSet<QByteArray> expected{key};
        if (!alsoMatched.isEmpty())
            expected.insert(alsoMatched);
        QCOMPARE(server, expected);
        for (const QByteArray &k : decoys)
            QCOMPARE(pattern.matches(k), expected.contains(k));
        for (const QByteArray &k : decoys + QList<QByteArray>{key})
            m_redis.command({"DEL", k});
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
