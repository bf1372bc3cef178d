#include "deadlinequeue.h"

#include <QTest>

class TestDeadlineQueue : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dueKeysComeOutEarliestFirst()
    {
        DeadlineQueue q;
        QCOMPARE(q.next(), qint64(-1));
        q.schedule("c", 300);
        q.schedule("a", 100);
        q.schedule("b", 200);
        QCOMPARE(q.next(), qint64(100));
        QCOMPARE(q.takeDue(99), QList<QByteArray>());
        QCOMPARE(q.takeDue(200), (QList<QByteArray>{"a", "b"}));
        QCOMPARE(q.size(), qsizetype(1));
        QCOMPARE(q.next(), qint64(300));
    }

    void reschedulingReplacesTheEntry()
    {
        DeadlineQueue q;
        q.schedule("a", 100);
        q.schedule("a", 500); // renewed
        QCOMPARE(q.size(), qsizetype(1));
        QCOMPARE(q.takeDue(400), QList<QByteArray>());
        q.schedule("a", -1); // no expiry any more
        QVERIFY(!q.contains("a"));
        QCOMPARE(q.next(), qint64(-1));
    }

    void staysAsBigAsTheKeysAfterManyRenewals()
    {
        DeadlineQueue q;
        for (qint64 t = 0; t < 100'000; ++t)
            q.schedule(QByteArray::number(t % 50), t + 1000);
        QCOMPARE(q.size(), qsizetype(50));
        QCOMPARE(q.takeDue(1'000'000).size(), 50);
        QCOMPARE(q.size(), qsizetype(0));
    }

    void removeAndClear()
    {
        DeadlineQueue q;
        q.schedule("a", 1);
        q.schedule("b", 1); // same due time, both kept
        q.remove("a");
        q.remove("missing");
        QCOMPARE(q.takeDue(1), QList<QByteArray>{"b"});
        q.schedule("c", 5);
        q.clear();
        QCOMPARE(q.size(), qsizetype(0));
        QCOMPARE(q.takeDue(10), QList<QByteArray>());
    }
};

QTEST_GUILESS_MAIN(TestDeadlineQueue)
#include "tst_deadlinequeue.moc"
