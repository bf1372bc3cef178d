#include "criticalsection.h"

#include <QTest>

// The sandbox's own occupancy accounting, which must catch what a broken lock hides.
class TestCriticalSection : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void countsEveryEntryIntoAnOccupiedSection()
    {
        CriticalSection s;
        s.enter(1, 0);
        QVERIFY(!s.lastEntryOverlapped());
        s.enter(2, 10);
        QVERIFY(s.lastEntryOverlapped());
        s.enter(3, 20);
        QCOMPARE(s.overlaps(), qint64(2));
        QCOMPARE(s.occupancy(), 3);
        s.leave(1, 30);
        s.leave(2, 30);
        s.leave(3, 30);
        QCOMPARE(s.occupancy(), 0);
        s.enter(4, 40);
        QVERIFY(!s.lastEntryOverlapped());
        QCOMPARE(s.overlaps(), qint64(2));
        QCOMPARE(s.entries(), qint64(4));
    }

    void leavingTwiceOrUnknownWorkersChangesNothing()
    {
        CriticalSection s;
        s.enter(1, 0);
        s.leave(7, 5);
        QCOMPARE(s.occupancy(), 1);
        s.leave(1, 5);
        s.leave(1, 6);
        QCOMPARE(s.occupancy(), 0);
    }

    void aStaleHolderIsOneSomebodyEnteredAfter()
    {
        CriticalSection s;
        const qint64 first = s.enter(1, 0);
        QVERIFY(!s.isSuperseded(first));
        s.abandon(1, 100); // its lock expired: it is not "inside" for the next one
        const qint64 second = s.enter(2, 150);
        QVERIFY(s.isSuperseded(first));
        QVERIFY(!s.isSuperseded(second));
        QCOMPARE(s.lastEntryMs(), qint64(150));
    }

    void stuckIsReportedOncePerIdleSpellWithWaiters()
    {
        CriticalSection s;
        s.enter(1, 0);
        s.waitStarted(10);
        s.waitStarted(20);
        QCOMPARE(s.waiters(), 2);
        QVERIFY(!s.checkStuck(5000, 1000)); // occupied: busy, not stuck
        s.abandon(1, 1000);                 // the holder crashed
        QCOMPARE(s.idleWithWaitersMs(1500), qint64(500));
        QVERIFY(!s.checkStuck(1900, 1000));
        QVERIFY(s.checkStuck(2100, 1000));
        QVERIFY(!s.checkStuck(9000, 1000)); // the same spell is reported once
        QCOMPARE(s.stuckSpells(), qint64(1));
        s.waitEnded();
        s.enter(2, 9100);                   // somebody got in: a new spell may follow
        s.leave(2, 9200);
        QVERIFY(s.checkStuck(10300, 1000));
        QCOMPARE(s.stuckSpells(), qint64(2));
    }

    void anIdleSectionWithoutWaitersIsNotStuck()
    {
        CriticalSection s;
        s.enter(1, 0);
        s.leave(1, 10);
        QVERIFY(!s.checkStuck(100000, 1000));
        s.waitStarted(50000);
        QVERIFY(!s.checkStuck(50500, 1000)); // counts from when waiting began
        QVERIFY(s.checkStuck(51100, 1000));
        s.waitEnded();
        s.waitEnded(); // never below zero
        QCOMPARE(s.waiters(), 0);
    }
};

QTEST_APPLESS_MAIN(TestCriticalSection)
#include "tst_criticalsection.moc"
