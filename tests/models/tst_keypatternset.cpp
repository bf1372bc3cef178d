#include "keypatternset.h"

#include <QTest>

// The set is a faster way to ask "does any of these patterns match": its answer must be the
// patterns' own, one by one, for every key.
class TestKeyPatternSet : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void answersAsThePatterns_data()
    {
        QTest::addColumn<QStringList>("patterns");
        QTest::newRow("none") << QStringList();
        // Discovery's kind of list: folded and exact infixes, prefixes.
        QTest::newRow("lock patterns") << QStringList{QStringLiteral("i:*lock*"), QStringLiteral("mutex:*"), QStringLiteral("i:*semaphore*"),
                                                      QStringLiteral("qo_*"), QStringLiteral("*laravel_unique_job:*"),
                                                      QStringLiteral("*framework/schedule-*")};
        QTest::newRow("one folded infix") << QStringList{QStringLiteral("i:*lock*")};
        QTest::newRow("infixes sharing a first byte") << QStringList{QStringLiteral("*laravel_unique_job:*"), QStringLiteral("*lar*"),
                                                                     QStringLiteral("i:*LAX*")};
        QTest::newRow("not letters first") << QStringList{QStringLiteral("*:x*"), QStringLiteral("i:*1a*"), QStringLiteral("*\xff*")};
        QTest::newRow("infixes and others") << QStringList{QStringLiteral("mutex:*"), QStringLiteral("*lock*"), QStringLiteral("h[ae]llo"),
                                                           QStringLiteral("*:done"), QStringLiteral("exact")};
        QTest::newRow("one-byte infixes") << QStringList{QStringLiteral("*x*"), QStringLiteral("i:*q*"), QStringLiteral("*lock*")};
        QTest::newRow("prefixes sharing a first byte") << QStringList{QStringLiteral("mutex:*"), QStringLiteral("mu*"), QStringLiteral("mutexes:*"),
                                                                      QStringLiteral("uniquejobs:*")};
        QTest::newRow("folded prefixes") << QStringList{QStringLiteral("i:Mutex:*"), QStringLiteral("i:QO_*"), QStringLiteral("i:1a*")};
        QTest::newRow("prefixes and infixes") << QStringList{QStringLiteral("lock*"), QStringLiteral("*lock:*"), QStringLiteral("i:*mutex*"),
                                                             QStringLiteral("mutex:*"), QStringLiteral("*")};
        QStringList prefixes; // more prefixes than the table holds
        for (int i = 0; i < 40; ++i)
            prefixes << QStringLiteral("k%1x*").arg(i);
        QTest::newRow("forty prefixes") << prefixes;
        QStringList many; // more infixes than the table holds: the rest are matched one by one
        for (int i = 0; i < 40; ++i)
            many << QStringLiteral("*k%1x*").arg(i);
        QTest::newRow("forty infixes") << many;
    }

    void anEmptySetMatchesNothing()
    {
        const KeyPatternSet none;
        QVERIFY(!none.matches("lock:orders"));
        QVERIFY(!none.matches(""));
    }

    void answersAsThePatterns()
    {
        QFETCH(QStringList, patterns);
        QList<KeyPattern> list;
        for (const QString &p : patterns)
            list << KeyPattern::parse(p);
        const KeyPatternSet set(list);
        QList<QByteArray> keys = {"lock:orders", "orderLock", "LOCK", "LoCk", "loc", "block", "xlocx", "semaphore:1", "SEMAPHOR",
                                  "mutex:pay", "mutex", "laravel_unique_job:7", "cache:laravel_unique_job:", "lar", "LAXITY", "relax",
                                  "a:x", ":x", "x:", "11A", "1a", "hello", "hallo", "hxllo", "job:done", "done", "exact", "exactly",
                                  "", "l", QByteArray("bin\x00lock", 8), QByteArray("\xff", 1), QByteArray("a\xff\xfe", 3),
                                  "MUTEX:pay", "Mutex:", "mutexes:1", "mu", "m", "uniquejobs:", "uniquejobs", "qo_1", "QO_1", "Qo_",
                                  "1A:x", "lock", "lockx", "xlock:y", "XMUTEXY", "ax", "xa", "q", "Q", "aQ", "Qa", "lo", "lOcK", "loc"};
        for (int i = 0; i < 45; ++i)
            keys << QByteArray("key:k") + QByteArray::number(i) + "x:end" << QByteArray("k") + QByteArray::number(i);
        for (const QByteArray &key : std::as_const(keys)) {
            const bool expected = std::any_of(list.cbegin(), list.cend(), [&key](const KeyPattern &p) { return p.matches(key); });
            if (set.matches(key) != expected)
                QFAIL(qPrintable(QStringLiteral("%1: %2, the patterns say %3")
                                     .arg(QString::fromLatin1(key.toPercentEncoding()))
                                     .arg(set.matches(key))
                                     .arg(expected)));
        }
    }
};

QTEST_APPLESS_MAIN(TestKeyPatternSet)
#include "tst_keypatternset.moc"
