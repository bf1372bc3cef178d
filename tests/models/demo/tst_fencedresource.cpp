#include "fencedresource.h"

#include <QTest>

class TestFencedResource : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void checkingRejectsLowerTokensThanSeen()
    {
        FencedResource r(true);
        QVERIFY(r.read(33));
        QVERIFY(r.read(34));      // the next holder looked at it
        QVERIFY(!r.write(33));    // the old holder wakes up: rejected
        QVERIFY(r.write(34));
        QVERIFY(r.write(34));     // the same holder may write again
        QCOMPARE(r.writes(), qint64(2));
        QCOMPARE(r.rejected(), qint64(1));
        QCOMPARE(r.highestToken(), qint64(34));
        QVERIFY(!r.read(1));
    }

    void withoutCheckingEveryWriteLands()
    {
        FencedResource r(false);
        QVERIFY(r.read(34));
        QVERIFY(r.write(33));
        QCOMPARE(r.rejected(), qint64(0));
        QCOMPARE(r.writes(), qint64(1));
        r.setChecksTokens(true);
        QVERIFY(!r.write(33));
    }
};

QTEST_APPLESS_MAIN(TestFencedResource)
#include "tst_fencedresource.moc"
