#include "retrypolicy.h"

#include <QRandomGenerator>
#include <QTest>

class TestRetryPolicy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bounds_data()
    {
        QTest::addColumn<int>("kind"); // 0 fixed, 1 exponential
        QTest::addColumn<int>("base");
        QTest::addColumn<int>("cap");
        QTest::addColumn<double>("jitter");
        QTest::addColumn<int>("failures");
        QTest::addColumn<int>("min");
        QTest::addColumn<int>("max");
        QTest::newRow("fixed in step") << 0 << 5 << 0 << 0.0 << 1 << 5 << 5;
        QTest::newRow("fixed stays fixed") << 0 << 5 << 0 << 0.0 << 40 << 5 << 5;
        QTest::newRow("fixed with jitter") << 0 << 20 << 0 << 0.25 << 3 << 15 << 25;
        QTest::newRow("fixed, jitter clamped") << 0 << 20 << 0 << 7.0 << 1 << 1 << 40;
        QTest::newRow("fixed, zero interval") << 0 << 0 << 0 << 0.0 << 1 << 1 << 1;
        QTest::newRow("backoff first") << 1 << 10 << 400 << 0.0 << 1 << 5 << 10;
        QTest::newRow("backoff doubles") << 1 << 10 << 400 << 0.0 << 4 << 40 << 80;
        QTest::newRow("backoff capped") << 1 << 10 << 400 << 0.0 << 9 << 200 << 400;
        QTest::newRow("backoff, huge attempt") << 1 << 10 << 400 << 0.0 << 100000 << 200 << 400;
        QTest::newRow("backoff, attempt zero") << 1 << 10 << 400 << 0.0 << 0 << 5 << 10;
        QTest::newRow("backoff, cap below base") << 1 << 50 << 10 << 0.0 << 3 << 25 << 50;
    }

    void bounds()
    {
        QFETCH(int, kind);
        QFETCH(int, base);
        QFETCH(int, cap);
        QFETCH(double, jitter);
        QFETCH(int, failures);
        QFETCH(int, min);
        QFETCH(int, max);
        const RetryPolicy p = kind == 0 ? RetryPolicy::fixed(base, jitter) : RetryPolicy::exponential(base, cap);
        QCOMPARE(p.minDelayMs(failures), min);
        QCOMPARE(p.maxDelayMs(failures), max);
        QRandomGenerator rng(42);
        bool sawLow = false, sawHigh = false;
        for (int i = 0; i < 2000; ++i) {
            const int d = p.delayMs(failures, rng);
            QVERIFY2(d >= min && d <= max, qPrintable(QString::number(d)));
            sawLow = sawLow || d < (min + max) / 2.0;
            sawHigh = sawHigh || d >= (min + max) / 2.0;
        }
        QVERIFY(sawHigh);
        if (max > min)
            QVERIFY(sawLow); // jitter really spreads the waiters
    }

    void aSeedRepeatsTheSameDelays()
    {
        const RetryPolicy p = RetryPolicy::exponential(10, 400);
        QRandomGenerator a(7), b(7);
        for (int i = 1; i < 50; ++i)
            QCOMPARE(p.delayMs(i, a), p.delayMs(i, b));
    }

    void describesItself()
    {
        QVERIFY(RetryPolicy::fixed(5).describe().contains(QLatin1String("in step")));
        QVERIFY(RetryPolicy::exponential(10, 400).describe().contains(QLatin1String("400 ms")));
    }
};

QTEST_APPLESS_MAIN(TestRetryPolicy)
#include "tst_retrypolicy.moc"
