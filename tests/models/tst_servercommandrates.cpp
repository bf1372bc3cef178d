#include "servercommandrates.h"

#include <QTest>

class TestServerCommandRates : public QObject
{
    Q_OBJECT

private:
    static CommandStats stats(qint64 set, qint64 evalsha)
    {
        CommandStats s;
        s.commands.insert("set", {set, 0, 0, 0});
        if (evalsha >= 0)
            s.commands.insert("evalsha", {evalsha, 0, 0, 0});
        return s;
    }

private Q_SLOTS:
    void ratesFromDeltas()
    {
        ServerCommandRates rates;
        rates.add(stats(100, 10), 0); // baseline only
        QCOMPARE(rates.total().size(), qsizetype(0));
        rates.add(stats(300, 10), 2000);
        QCOMPARE(rates.lastRate("set"), 100.0);
        QCOMPARE(rates.total().points().back().value, 100.0);
        rates.add(stats(300, 40), 3000);
        QCOMPARE(rates.series("set")->points().back().value, 0.0); // quiet drops to 0
        QCOMPARE(rates.series("evalsha")->points().back().value, 30.0);
        QCOMPARE(rates.busiest(1), QList<QByteArray>{"set"}); // 50/s on average over the minute
        QCOMPARE(rates.busiest(5).size(), 2);
        QCOMPARE(rates.busiest(5, {"set"}), QList<QByteArray>{"evalsha"});
        QVERIFY(!rates.series("del"));
    }

    void aCounterResetStartsOver()
    {
        ServerCommandRates rates;
        rates.add(stats(1000, -1), 0);
        rates.add(stats(1100, -1), 1000);
        rates.add(stats(5, -1), 2000); // CONFIG RESETSTAT or a restart
        QCOMPARE(rates.total().size(), qsizetype(1));
        rates.add(stats(25, -1), 3000);
        QCOMPARE(rates.total().size(), qsizetype(2));
        QCOMPARE(rates.total().points().back().value, 20.0);
        rates.clear();
        QCOMPARE(rates.readings(), 0);
        QCOMPARE(rates.total().size(), qsizetype(0));
    }
};

QTEST_GUILESS_MAIN(TestServerCommandRates)
#include "tst_servercommandrates.moc"
