#include "redlockquorum.h"

#include <QTest>

class TestRedlockQuorum : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void quorum_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("quorum");
        QTest::newRow("1") << 1 << 1;
        QTest::newRow("2") << 2 << 2;
        QTest::newRow("3") << 3 << 2;
        QTest::newRow("5") << 5 << 3;
        QTest::newRow("6") << 6 << 4;
        QTest::newRow("7") << 7 << 4;
    }

    void quorum()
    {
        QFETCH(int, nodes);
        QFETCH(int, quorum);
        QCOMPARE(RedlockQuorum::quorum(nodes), quorum);
    }

    void drift_data()
    {
        QTest::addColumn<qint64>("ttl");
        QTest::addColumn<double>("factor");
        QTest::addColumn<qint64>("drift");
        // round(ttl × factor) + 2, as node-redlock (Math.round) and redlock-py.
        QTest::newRow("default, 10 s") << qint64(10000) << RedlockQuorum::defaultDriftFactor << qint64(102);
        QTest::newRow("half rounds up") << qint64(150) << 0.01 << qint64(4);
        QTest::newRow("below half rounds down") << qint64(149) << 0.01 << qint64(3);
        QTest::newRow("factor 0: the 2 ms alone") << qint64(10000) << 0.0 << qint64(2);
        QTest::newRow("factor 0.05") << qint64(8000) << 0.05 << qint64(402);
        QTest::newRow("ttl 0") << qint64(0) << 0.01 << qint64(2);
    }

    void drift()
    {
        QFETCH(qint64, ttl);
        QFETCH(double, factor);
        QFETCH(qint64, drift);
        QCOMPARE(RedlockQuorum::driftMs(ttl, factor), drift);
    }

    void decide_data()
    {
        QTest::addColumn<int>("granted");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<qint64>("ttl");
        QTest::addColumn<qint64>("elapsed");
        QTest::addColumn<bool>("acquired");
        QTest::addColumn<qint64>("validity");
        // validity = ttl - elapsed - (round(ttl / 100) + 2)
        QTest::newRow("all five, fast") << 5 << 5 << qint64(10000) << qint64(3) << true << qint64(9895);
        QTest::newRow("bare majority") << 3 << 5 << qint64(10000) << qint64(10) << true << qint64(9888);
        QTest::newRow("two of five") << 2 << 5 << qint64(10000) << qint64(3) << false << qint64(9895);
        QTest::newRow("none") << 0 << 5 << qint64(10000) << qint64(1) << false << qint64(9897);
        QTest::newRow("too slow: no validity left") << 5 << 5 << qint64(1000) << qint64(988) << false << qint64(0);
        QTest::newRow("just in time") << 4 << 5 << qint64(1000) << qint64(987) << true << qint64(1);
        QTest::newRow("no servers") << 0 << 0 << qint64(1000) << qint64(0) << false << qint64(988);
    }

    void decide()
    {
        QFETCH(int, granted);
        QFETCH(int, nodes);
        QFETCH(qint64, ttl);
        QFETCH(qint64, elapsed);
        QFETCH(bool, acquired);
        QFETCH(qint64, validity);
        const RedlockQuorum::Decision d = RedlockQuorum::decide(granted, nodes, ttl, elapsed);
        QCOMPARE(d.acquired, acquired);
        QCOMPARE(d.validityMs, validity);
    }
};

QTEST_APPLESS_MAIN(TestRedlockQuorum)
#include "tst_redlockquorum.moc"
