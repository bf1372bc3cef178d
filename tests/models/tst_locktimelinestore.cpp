#include "locktimelinestore.h"

#include "lockeventfixtures.h"

#include <QTest>

class TestLockTimelineStore : public QObject
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

private Q_SLOTS:
    void storeIsBoundedByWindowAndCount()
    {
        LockTimelineStore store(100, 60'000);
        for (int i = 0; i < 1000; ++i) {
            LockEvent a = ev(LockEventKind::Acquired, i * 10, 1000, "t");
            a.key = "job:" + QByteArray::number(i);
            store.record(a);
            LockEvent r = a;
            r.kind = LockEventKind::Released;
            r.timeMs += 5;
            store.record(r);
        }
        store.trim(10'000);
        QCOMPARE(store.size(), qsizetype(100)); // the most recently active
        QVERIFY(store.find("job:999"));
        QVERIFY(!store.find("job:0"));
        store.trim(10'000 + 60'000);
        QCOMPARE(store.size(), qsizetype(0)); // free for the whole window
        // Contended or stuck alone does not create a timeline.
        LockEvent c = ev(LockEventKind::Contended, 0);
        store.record(c);
        QCOMPARE(store.size(), qsizetype(0));
    }

    void renewalPointsForRenewingLocks()
    {
        LockTimelineStore store;
        LockEvent a = ev(LockEventKind::Acquired, 0, 30'000);
        store.record(a);
        store.record(renewal(10'000, 30'000, 20'000, 10'000));
        LockEvent other = ev(LockEventKind::Acquired, 0, 5000);
        other.key = "other";
        store.record(other);
        const QList<LockTimelineStore::RenewalPoint> points = store.renewalPoints();
        QCOMPARE(points.size(), 1);
        QCOMPARE(points.first().key, QByteArray("k"));
        QCOMPARE(points.first().summary.leaseMs, qint64(30'000));
        QCOMPARE(points.first().summary.medianIntervalMs, qint64(10'000));
    }
};

QTEST_GUILESS_MAIN(TestLockTimelineStore)
#include "tst_locktimelinestore.moc"
