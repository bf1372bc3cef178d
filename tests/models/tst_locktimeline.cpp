#include "locktimeline.h"

#include "lockeventfixtures.h"

#include <QTest>

#include <cmath>

class TestLockTimeline : public QObject
{
    Q_OBJECT

private:
    static LockEvent ev(LockEventKind kind, qint64 t, qint64 ttl = LockEvent::unknown, const QByteArray &token = "a")
    {
        return LockEventFixtures::event(kind, t, ttl, token);
    }
    static LockEvent renewal(qint64 t, qint64 ttl, qint64 left, qint64 interval)
    {
        return LockEventFixtures::renewal(t, ttl, left, interval);
    }

    static QString curve(const QList<TimeSeries::Point> &points)
    {
        QStringList out;
        for (const TimeSeries::Point &p : points)
            out << QStringLiteral("%1:%2").arg(p.timeMs).arg(std::isnan(p.value) ? QStringLiteral("gap") : QString::number(p.value));
        return out.join(QLatin1Char(' '));
    }

private Q_SLOTS:
    void sawtoothOfARenewedLock()
    {
        LockTimeline t;
        t.record(ev(LockEventKind::Acquired, 0, 3000));
        t.record(renewal(1000, 3000, 2000, 1000));
        t.record(renewal(3900, 3000, 100, 2900));
        LockEvent nearMiss = renewal(3900, 3000, 100, 2900);
        nearMiss.kind = LockEventKind::NearMiss;
        t.record(nearMiss);
        // Peaks at each renewal, the TTL left just before it, and the fall to now.
        QCOMPARE(curve(t.ttlCurve(4400)), QStringLiteral("1:3000 1000:2000 1001:3000 3900:100 3901:3000 4400:2500"));
        QCOMPARE(t.nearMissPoints().size(), 1);
        QCOMPARE(t.nearMissPoints().first().timeMs, qint64(3900));
        QCOMPARE(t.nearMissPoints().first().value, 100.0);
        const LockTimeline::RenewalSummary s = t.renewalSummary();
        QCOMPARE(s.renewals, 2);
        QCOMPARE(s.nearMisses, 1);
        QCOMPARE(s.leaseMs, qint64(3000));
        QCOMPARE(s.medianIntervalMs, qint64(2900));
    }

    void gapsWhereTheLockWasFreeAndHoldersOverTime()
    {
        LockTimeline t;
        t.record(ev(LockEventKind::Acquired, 0, 5000, "a"));
        LockEvent handover = ev(LockEventKind::HandedOver, 1000, 5000, "b");
        handover.previousToken = "a";
        t.record(handover);
        t.record(ev(LockEventKind::Released, 2000, 4000, "b"));
        t.record(ev(LockEventKind::Acquired, 3000, 1000, "c"));
        t.record(ev(LockEventKind::Expired, 4000, 0, "c"));
        QCOMPARE(curve(t.ttlCurve(9000)),
                 QStringLiteral("1:5000 1000:4000 1001:5000 2000:4000 2001:gap 3001:1000 4000:0 4001:gap"));
        QCOMPARE(t.holdings().size(), 3);
        QCOMPARE(t.holdings().at(0).holder, QStringLiteral("holder a"));
        QCOMPARE(t.holdings().at(0).toMs, qint64(1000));
        QCOMPARE(t.holdings().at(0).endedBy, LockEventKind::HandedOver);
        QCOMPARE(t.holdings().at(1).endedBy, LockEventKind::Released);
        QCOMPARE(t.holdings().at(2).endedBy, LockEventKind::Expired);
        QVERIFY(!t.isHeld());
    }

    void noExpiryDrawsNothingAndInferredHoldersAreUnknown()
    {
        LockTimeline t;
        LockEvent inferred = ev(LockEventKind::Acquired, 10, LockEvent::unknown, QByteArray());
        inferred.inferred = true;
        t.record(inferred);
        QCOMPARE(t.holdings().first().holder, QStringLiteral("?"));
        QVERIFY(t.marks().isEmpty());
        LockTimeline n;
        n.record(ev(LockEventKind::Acquired, 0, -1));
        QCOMPARE(curve(n.ttlCurve(1000)), QStringLiteral("1:gap"));
    }

    void seedStartsAHistoryOnce()
    {
        LockTimeline t;
        t.seed(100, 2000, QStringLiteral("h"), "tok");
        t.seed(200, 9999, QStringLiteral("x"), "y"); // already has history
        QCOMPARE(curve(t.ttlCurve(600)), QStringLiteral("101:2000 600:1500"));
        QVERIFY(t.isHeld());
    }

    void trimKeepsTheSegmentInProgressAndBoundsCount()
    {
        LockTimeline t;
        t.record(ev(LockEventKind::Acquired, 0, 10'000));
        for (qint64 s = 1; s <= 2000; ++s)
            t.record(renewal(s * 1000, 10'000, 9000, 1000));
        QVERIFY(t.marks().size() <= LockTimeline::maxMarks + LockTimeline::maxMarks / 4);
        t.trimBefore(1'999'500);
        QCOMPARE(t.marks().size(), 2); // the renewal at 1999 s still draws up to the one at 2000 s
        QCOMPARE(t.marks().first().timeMs, qint64(1'999'000));
        QVERIFY(t.isHeld()); // the holding that began before the cut is still in progress
    }
};

QTEST_GUILESS_MAIN(TestLockTimeline)
#include "tst_locktimeline.moc"
