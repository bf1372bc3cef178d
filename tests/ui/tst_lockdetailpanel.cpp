#include "lockdetailpanel.h"
#include "monotonicclock.h"

#include <QLabel>
#include <QScrollArea>
#include <QTest>

// The lock panel beside the table: what it says of the selected lock, and that the facts
// that matter most show without scrolling.
class TestLockDetailPanel : public QObject
{
    Q_OBJECT

    static LockInfo lock(qint64 pttlMs, qint64 readAgoMs)
    {
        LockInfo l;
        l.sample.key = "lock:orders";
        l.sample.type = RedisType::String;
        l.sample.value = "8743c9c0-0795-4907-87fd-6c719a6b4586";
        l.sample.size = l.sample.value.size();
        l.sample.pttlMs = pttlMs;
        l.sample.observedAtMs = MonotonicClock::nowMs() - readAgoMs;
        l.dialect = QStringLiteral("plain");
        l.dialectName = QStringLiteral("Plain token (SET NX PX)");
        return l;
    }

private Q_SLOTS:
    // The PTTL read 10 s ago beside a countdown at 20 s says how old it is.
    void theTtlSaysHowOldItsReadIs()
    {
        LockDetailPanel panel;
        panel.showLock(lock(30'000, 10'000));
        const QString text = panel.findChild<QLabel *>(QStringLiteral("ttl"))->text();
        QVERIFY2(text.startsWith(QLatin1String("20.0 s")) || text.startsWith(QLatin1String("19.9 s")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("PTTL 30000 ms, 10.0 s ago")), qPrintable(text));
        panel.showLock(lock(30'000, 0));
        const QString fresh = panel.findChild<QLabel *>(QStringLiteral("ttl"))->text();
        QVERIFY2(fresh == QLatin1String("30.0 s  (PTTL 30000 ms)") || fresh == QLatin1String("29.9 s  (PTTL 30000 ms)"), qPrintable(fresh));
    }

    // Three warnings on a panel as tall as the window gives it: the first shows whole without
    // scrolling (its code and the two lines of why), above the holders and the raw value, and
    // the panel does not grow for them.
    void warningsShowUnscrolled()
    {
        LockDetailPanel panel;
        panel.resize(340, 420);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        LockInfo l = lock(-1, 0);
        l.warnings = {QStringLiteral("unrecognised"), QStringLiteral("no-ttl"), QStringLiteral("value-truncated")};
        panel.showLock(l);
        const QLabel *warnings = panel.findChild<QLabel *>(QStringLiteral("warnings"));
        const QScrollArea *facts = panel.findChild<QScrollArea *>();
        QTRY_VERIFY(warnings->isVisible());
        const int top = warnings->mapTo(facts->viewport(), QPoint(0, 0)).y();
        const int firstWarning = 3 * warnings->fontMetrics().lineSpacing();
        QTRY_VERIFY2(top + firstWarning <= facts->viewport()->height(),
                     qPrintable(QStringLiteral("warnings from %1 in a viewport %2 tall").arg(top).arg(facts->viewport()->height())));
        QCOMPARE(panel.height(), 420);
    }
};

QTEST_MAIN(TestLockDetailPanel)
#include "tst_lockdetailpanel.moc"
