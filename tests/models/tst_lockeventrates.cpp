#include "lockeventrates.h"

#include <QRandomGenerator>
#include <QTest>

#include <map>

class TestLockEventRates : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bucketsCountTheEventsOfEachSecond()
    {
        LockEventRates rates;
        QRandomGenerator rng(42);
        std::map<std::pair<int, qint64>, int> expected; // (kind, second) -> count
        const qint64 start = 1'700'000'000'000;
        for (int i = 0; i < 5000; ++i) {
            LockEvent e;
            e.kind = LockEventKind(rng.bounded(LockEvent::kindCount));
            // Mostly in order, some a little late (an expiry is dated at its deadline).
            e.timeMs = start + i * 20 - (rng.bounded(10) == 0 ? rng.bounded(3000) : 0);
            rates.add(e);
            ++expected[{int(e.kind), e.timeMs - e.timeMs % 1000}];
        }
        rates.advanceTo(start + 5000 * 20 + 3000);
        for (LockEventKind kind : LockEvent::allKinds()) {
            quint64 sum = 0;
            for (const TimeSeries::Point &p : rates.series(kind).points()) {
                const auto it = expected.find({int(kind), p.timeMs});
                QCOMPARE(p.value, double(it == expected.end() ? 0 : it->second));
                sum += quint64(p.value);
            }
            QCOMPARE(sum, rates.total(kind));
        }
        quint64 total = 0;
        for (const auto &[k, n] : expected)
            total += quint64(n);
        QCOMPARE(total, quint64(5000));
    }

    void quietSecondsAreZeroAndTheWindowBoundsMemory()
    {
        LockEventRates rates(60'000);
        LockEvent e;
        e.kind = LockEventKind::Expired;
        e.timeMs = 10'500;
        rates.add(e);
        rates.advanceTo(14'200);
        const auto &points = rates.series(LockEventKind::Expired).points();
        QCOMPARE(points.size(), size_t(4)); // 10 s with one event, then 11, 12, 13 s at 0
        QCOMPARE(points.back().value, 0.0);
        for (qint64 t = 15'000; t < 10 * 60'000; t += 100) {
            e.timeMs = t;
            rates.add(e);
        }
        QVERIFY(rates.series(LockEventKind::Expired).size() <= 61);
        rates.clear();
        QCOMPARE(rates.total(LockEventKind::Expired), quint64(0));
        QCOMPARE(rates.series(LockEventKind::Expired).size(), qsizetype(0));
    }
};

QTEST_GUILESS_MAIN(TestLockEventRates)
#include "tst_lockeventrates.moc"
