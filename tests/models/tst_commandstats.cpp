#include "commandstats.h"

#include <QTest>

class TestCommandStats : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parses_data()
    {
        QTest::addColumn<QByteArray>("info");
        QTest::addColumn<QByteArray>("command");
        QTest::addColumn<qint64>("calls");
        QTest::addColumn<qint64>("failed");
        QTest::addColumn<int>("commands");
        QTest::newRow("redis 7") << QByteArray("# Commandstats\r\ncmdstat_set:calls=12,usec=30,usec_per_call=2.50,rejected_calls=1,failed_calls=2\r\n"
                                               "cmdstat_evalsha:calls=5,usec=50,usec_per_call=10.00,rejected_calls=0,failed_calls=0\r\n")
                                 << QByteArray("set") << qint64(12) << qint64(2) << 2;
        QTest::newRow("subcommand") << QByteArray("cmdstat_config|get:calls=3,usec=9,usec_per_call=3.00\r\n")
                                    << QByteArray("config|get") << qint64(3) << qint64(0) << 1;
        QTest::newRow("redis 5 (no failed calls)") << QByteArray("cmdstat_GET:calls=7,usec=1,usec_per_call=0.14\n")
                                                   << QByteArray("get") << qint64(7) << qint64(0) << 1;
        QTest::newRow("other sections are skipped") << QByteArray("# Server\r\nredis_version:7.0.15\r\ncmdstat_del:calls=1\r\n")
                                                    << QByteArray("del") << qint64(1) << qint64(0) << 1;
        QTest::newRow("garbage") << QByteArray("cmdstat_:calls=1\r\ncmdstat_x:usec=5\r\ncmdstat_y:calls=abc\r\n\xff\xfe")
                                 << QByteArray("x") << qint64(0) << qint64(0) << 0;
        QTest::newRow("empty") << QByteArray() << QByteArray("set") << qint64(0) << qint64(0) << 0;
    }

    void parses()
    {
        QFETCH(QByteArray, info);
        QFETCH(QByteArray, command);
        QFETCH(qint64, calls);
        QFETCH(qint64, failed);
        QFETCH(int, commands);
        const CommandStats stats = CommandStats::parse(info);
        QCOMPARE(stats.commands.size(), commands);
        QCOMPARE(stats.commands.value(command).calls, calls);
        QCOMPARE(stats.commands.value(command).failed, failed);
    }
};

QTEST_GUILESS_MAIN(TestCommandStats)
#include "tst_commandstats.moc"
