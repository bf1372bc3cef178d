#include "timeseries.h"

#include <QTest>

class TestTimeSeries : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pointsAreTrimmedToTheWindow()
    {
        TimeSeries s(10'000);
        for (qint64 t = 0; t <= 60'000; t += 1000)
            s.add(t, double(t));
        QCOMPARE(s.size(), qsizetype(11)); // 50 s .. 60 s
        QCOMPARE(s.points().front().timeMs, qint64(50'000));
        QCOMPARE(s.points().back().value, 60'000.0);
    }

    void bucketsCountPerSecond()
    {
        TimeSeries s(60'000, 1000);
        s.add(10'100);
        s.add(10'900);
        s.add(11'000, 3);
        s.advanceTo(14'500); // 12 s and 13 s were quiet
        QCOMPARE(s.size(), qsizetype(4));
        QCOMPARE(s.points().at(0).timeMs, qint64(10'000));
        QCOMPARE(s.points().at(0).value, 2.0);
        QCOMPARE(s.points().at(1).value, 3.0);
        QCOMPARE(s.points().at(2).value, 0.0);
        QCOMPARE(s.points().at(3).timeMs, qint64(13'000));
        QCOMPARE(s.sumSince(11'000), 3.0);
        s.add(10'500); // late arrival lands in its own bucket
        QCOMPARE(s.points().at(0).value, 3.0);
    }

    void memoryStaysFlatOverLongRuns()
    {
        TimeSeries s(3'600'000, 1000);
        for (qint64 t = 0; t < 4 * 3'600'000; t += 250)
            s.add(t);
        QVERIFY(s.size() <= 3601);
        const quint64 before = s.revision();
        s.advanceTo(4 * 3'600'000 + 10'000);
        QVERIFY(s.revision() > before);
        QVERIFY(s.size() <= 3601);
    }
};

QTEST_GUILESS_MAIN(TestTimeSeries)
#include "tst_timeseries.moc"
