#include "monitorline.h"

#include <QTest>

class TestMonitorLine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parses_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qint64>("timeUs");
        QTest::addColumn<int>("database");
        QTest::addColumn<QByteArray>("client");
        QTest::addColumn<QList<QByteArray>>("args");

        QTest::newRow("set nx px") << QByteArray("1700000000.123456 [0 127.0.0.1:50122] \"SET\" \"lock:a\" \"tok\" \"NX\" \"PX\" \"30000\"")
                                   << true << qint64(1700000000123456) << 0 << QByteArray("127.0.0.1:50122")
                                   << QList<QByteArray>{"SET", "lock:a", "tok", "NX", "PX", "30000"};
        QTest::newRow("lua, db 3") << QByteArray("1700000000.000001 [3 lua] \"pttl\" \"orderLock\"") << true
                                   << qint64(1700000000000001) << 3 << QByteArray("lua") << QList<QByteArray>{"pttl", "orderLock"};
        QTest::newRow("unix socket") << QByteArray("1.5 [0 unix:/tmp/redis.sock] \"PING\"") << true << qint64(1500000) << 0
                                     << QByteArray("unix:/tmp/redis.sock") << QList<QByteArray>{"PING"};
        QTest::newRow("escapes") << QByteArray("2.000000 [0 lua] \"SET\" \"k\\\"q\\\\\" \"\\x00\\xffa\\n\\r\\t\\a\\b\"") << true << qint64(2000000)
                                 << 0 << QByteArray("lua")
                                 << QList<QByteArray>{"SET", "k\"q\\", QByteArray("\x00\xff" "a\n\r\t\a\b", 8)};
        QTest::newRow("empty argument") << QByteArray("2.0 [0 lua] \"SET\" \"\" \"v\"") << true << qint64(2000000) << 0
                                        << QByteArray("lua") << QList<QByteArray>{"SET", "", "v"};
        QTest::newRow("no arguments") << QByteArray("2.0 [0 lua] ") << false << qint64(0) << 0 << QByteArray() << QList<QByteArray>{};
        QTest::newRow("unterminated") << QByteArray("2.0 [0 lua] \"SET\" \"k") << false << qint64(0) << 0 << QByteArray()
                                      << QList<QByteArray>{};
        QTest::newRow("bad hex") << QByteArray("2.0 [0 lua] \"\\xZZ\"") << false << qint64(0) << 0 << QByteArray() << QList<QByteArray>{};
        QTest::newRow("short hex") << QByteArray("2.0 [0 lua] \"\\x") << false << qint64(0) << 0 << QByteArray() << QList<QByteArray>{};
        QTest::newRow("not quoted") << QByteArray("2.0 [0 lua] SET") << false << qint64(0) << 0 << QByteArray() << QList<QByteArray>{};
        QTest::newRow("bad time") << QByteArray("abc [0 lua] \"SET\"") << false << qint64(0) << 0 << QByteArray() << QList<QByteArray>{};
        QTest::newRow("no brackets") << QByteArray("OK") << false << qint64(0) << 0 << QByteArray() << QList<QByteArray>{};
        QTest::newRow("bad db") << QByteArray("1.0 [x lua] \"SET\"") << false << qint64(0) << 0 << QByteArray() << QList<QByteArray>{};
    }

    void parses()
    {
        QFETCH(QByteArray, line);
        QFETCH(bool, ok);
        const std::optional<MonitorLine> parsed = MonitorLine::parse(line);
        QCOMPARE(parsed.has_value(), ok);
        if (!ok)
            return;
        QTEST(parsed->timeUs, "timeUs");
        QTEST(parsed->database, "database");
        QTEST(parsed->client, "client");
        QTEST(parsed->args, "args");
        QCOMPARE(parsed->fromScript(), parsed->client == "lua");
    }
};

QTEST_GUILESS_MAIN(TestMonitorLine)
#include "tst_monitorline.moc"
