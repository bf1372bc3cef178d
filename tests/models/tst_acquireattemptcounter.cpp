#include "acquireattemptcounter.h"

#include <QTest>

// Streams of MONITOR lines (times in seconds, one command per line) and the failed
// acquisitions they imply.
class TestAcquireAttemptCounter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void counts_data()
    {
        QTest::addColumn<QStringList>("seed"); // key=deadlineMs (-1: no expiry)
        QTest::addColumn<QStringList>("lines");
        QTest::addColumn<QString>("failed");   // key=count,...
        QTest::addColumn<qint64>("attempts");

        const auto l = [](std::initializer_list<const char *> lines) {
            QStringList out;
            for (const char *s : lines)
                out << QString::fromUtf8(s);
            return out;
        };
        QTest::newRow("contention on a free lock")
            << QStringList() << l({"10.0 [0 c:1] \"SET\" \"lock:a\" \"t1\" \"NX\" \"PX\" \"5000\"", "10.1 [0 c:2] \"SET\" \"lock:a\" \"t2\" \"NX\" \"PX\" \"5000\"",
                                   "10.2 [0 c:3] \"set\" \"lock:a\" \"t3\" \"nx\" \"px\" \"5000\""})
            << QStringLiteral("lock:a=2") << qint64(3);
        QTest::newRow("free again after DEL (the release script)")
            << QStringList() << l({"10.0 [0 c:1] \"SET\" \"lock:a\" \"t1\" \"NX\" \"PX\" \"5000\"", "10.5 [0 c:1] \"EVALSHA\" \"abc\" \"1\" \"lock:a\" \"t1\"",
                                   "10.5 [0 lua] \"get\" \"lock:a\"", "10.5 [0 lua] \"del\" \"lock:a\"",
                                   "10.6 [0 c:2] \"SET\" \"lock:a\" \"t2\" \"NX\" \"PX\" \"5000\""})
            << QStringLiteral("") << qint64(2);
        QTest::newRow("free again after its TTL ran out")
            << QStringList() << l({"10.0 [0 c:1] \"SET\" \"lock:a\" \"t1\" \"NX\" \"PX\" \"1000\"", "10.9 [0 c:2] \"SET\" \"lock:a\" \"t2\" \"NX\" \"PX\" \"1000\"",
                                   "11.1 [0 c:2] \"SET\" \"lock:a\" \"t2\" \"NX\" \"EX\" \"1\""})
            << QStringLiteral("lock:a=1") << qint64(3);
        QTest::newRow("a lock held when sampling began")
            << QStringList{QStringLiteral("lock:held=-1")} << l({"10.0 [0 c:2] \"SETNX\" \"lock:held\" \"x\""}) << QStringLiteral("lock:held=1") << qint64(1);
        QTest::newRow("seeded with a deadline that passes")
            << QStringList{QStringLiteral("lock:s=10500")} << l({"10.4 [0 c:2] \"SET\" \"lock:s\" \"x\" \"NX\"", "10.6 [0 c:2] \"SET\" \"lock:s\" \"x\" \"NX\""})
            << QStringLiteral("lock:s=1") << qint64(2);
        QTest::newRow("renewed by PEXPIRE, so still held")
            << QStringList() << l({"10.0 [0 c:1] \"SET\" \"lock:a\" \"t\" \"NX\" \"PX\" \"1000\"", "10.8 [0 lua] \"pexpire\" \"lock:a\" \"1000\"",
                                   "11.5 [0 c:2] \"SET\" \"lock:a\" \"u\" \"NX\" \"PX\" \"1000\""})
            << QStringLiteral("lock:a=1") << qint64(2);
        QTest::newRow("PEXPIREAT and PERSIST")
            << QStringList() << l({"10.0 [0 c:1] \"SET\" \"lock:a\" \"t\" \"NX\"", "10.1 [0 c:1] \"PEXPIREAT\" \"lock:a\" \"10200\"",
                                   "10.3 [0 c:2] \"SET\" \"lock:b\" \"t\" \"NX\" \"PX\" \"100\"", "10.35 [0 c:2] \"PERSIST\" \"lock:b\"",
                                   "10.5 [0 c:3] \"SET\" \"lock:a\" \"u\" \"NX\"", "10.5 [0 c:3] \"SET\" \"lock:b\" \"u\" \"NX\""})
            << QStringLiteral("lock:b=1") << qint64(4);
        QTest::newRow("plain SET overwrites, XX needs the key, KEEPTTL keeps the deadline")
            << QStringList() << l({"10.0 [0 c:1] \"SET\" \"lock:a\" \"t\" \"XX\"", "10.1 [0 c:1] \"SET\" \"lock:a\" \"t\" \"NX\" \"PX\" \"500\"",
                                   "10.2 [0 c:1] \"SET\" \"lock:a\" \"v\" \"KEEPTTL\"", "10.7 [0 c:2] \"SET\" \"lock:a\" \"w\" \"NX\""})
            << QStringLiteral("") << qint64(2);
        QTest::newRow("other databases and other keys are not counted")
            << QStringList() << l({"10.0 [1 c:1] \"SET\" \"lock:a\" \"t\" \"NX\"", "10.1 [1 c:1] \"SET\" \"lock:a\" \"t\" \"NX\"",
                                   "10.2 [0 c:1] \"SET\" \"user:1\" \"t\" \"NX\"", "10.3 [0 c:1] \"SET\" \"user:1\" \"t\" \"NX\""})
            << QStringLiteral("") << qint64(0);
        QTest::newRow("FLUSHALL frees everything")
            << QStringList{QStringLiteral("lock:a=-1")} << l({"10.0 [0 c:1] \"FLUSHALL\"", "10.1 [0 c:1] \"SET\" \"lock:a\" \"t\" \"NX\""}) << QStringLiteral("") << qint64(1);
        QTest::newRow("RENAME moves the lock")
            << QStringList{QStringLiteral("lock:a=-1")} << l({"10.0 [0 c:1] \"RENAME\" \"lock:a\" \"lock:b\"", "10.1 [0 c:1] \"SET\" \"lock:a\" \"t\" \"NX\"",
                                              "10.1 [0 c:1] \"SET\" \"lock:b\" \"t\" \"NX\""})
            << QStringLiteral("lock:b=1") << qint64(2);
        QTest::newRow("SETEX and GETDEL")
            << QStringList() << l({"10.0 [0 c:1] \"SETEX\" \"lock:a\" \"2\" \"t\"", "11.0 [0 c:1] \"SETNX\" \"lock:a\" \"u\"",
                                   "11.1 [0 c:1] \"GETDEL\" \"lock:a\"", "11.2 [0 c:1] \"SETNX\" \"lock:a\" \"u\""})
            << QStringLiteral("lock:a=1") << qint64(2);
        QTest::newRow("Redisson tryLock held by another thread")
            << QStringList{QStringLiteral("orderLock=-1")}
            << l({"10.0 [0 c:1] \"EVALSHA\" \"abc\" \"1\" \"orderLock\" \"30000\" \"uuid:2\"", "10.0 [0 lua] \"exists\" \"orderLock\"",
                  "10.0 [0 lua] \"hexists\" \"orderLock\" \"uuid:2\"", "10.0 [0 lua] \"pttl\" \"orderLock\""})
            << QStringLiteral("orderLock=1") << qint64(1);
        QTest::newRow("Redisson re-entry, renewal and unlock are not failures")
            << QStringList{QStringLiteral("orderLock=-1")}
            << l({"10.0 [0 c:1] \"EVALSHA\" \"abc\" \"1\" \"orderLock\" \"30000\" \"uuid:1\"", "10.0 [0 lua] \"exists\" \"orderLock\"",
                  "10.0 [0 lua] \"hexists\" \"orderLock\" \"uuid:1\"", "10.0 [0 lua] \"hincrby\" \"orderLock\" \"uuid:1\" \"1\"",
                  "10.0 [0 lua] \"pexpire\" \"orderLock\" \"30000\"", "11.0 [0 c:1] \"EVALSHA\" \"def\" \"1\" \"orderLock\"",
                  "11.0 [0 lua] \"hexists\" \"orderLock\" \"uuid:1\"", "11.0 [0 lua] \"pexpire\" \"orderLock\" \"30000\"",
                  "12.0 [0 c:1] \"EVALSHA\" \"ghi\" \"1\" \"orderLock\"", "12.0 [0 lua] \"hexists\" \"orderLock\" \"uuid:1\"",
                  "12.0 [0 lua] \"hincrby\" \"orderLock\" \"uuid:1\" \"-1\"", "12.0 [0 lua] \"pttl\" \"orderLock\""})
            << QStringLiteral("") << qint64(0);
    }

    void counts()
    {
        QFETCH(QStringList, seed);
        QFETCH(QStringList, lines);
        QFETCH(QString, failed);
        QFETCH(qint64, attempts);
        AcquireAttemptCounter counter;
        counter.setPatterns({KeyPattern("*lock*", Qt::CaseInsensitive)});
        for (const QString &s : seed) {
            const QStringList kv = s.split(QLatin1Char('='));
            counter.seed(kv.at(0).toUtf8(), kv.at(1).toLongLong());
        }
        for (const QString &line : lines) {
            const std::optional<MonitorLine> parsed = MonitorLine::parse(line.toUtf8());
            QVERIFY2(parsed, qPrintable(line));
            counter.feed(*parsed);
        }
        const QHash<QByteArray, qint64> counts = counter.takeFailed();
        QStringList actual;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it)
            actual << QStringLiteral("%1=%2").arg(QString::fromUtf8(it.key())).arg(it.value());
        actual.sort();
        QCOMPARE(actual.join(QLatin1Char(',')), failed);
        QCOMPARE(counter.attempts(), attempts);
        QCOMPARE(counter.commandsSeen(), qint64(lines.size()));
        QVERIFY(counter.takeFailed().isEmpty()); // taken
    }
};

QTEST_GUILESS_MAIN(TestAcquireAttemptCounter)
#include "tst_acquireattemptcounter.moc"
