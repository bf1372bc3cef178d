#include "terminationsignals.h"

#include <QSignalSpy>
#include <QTest>

namespace {
volatile sig_atomic_t previousHandlerRan = 0;
void previousHandler(int)
{
    previousHandlerRan = 1;
}
} // namespace

class TestTerminationSignals : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void signalsArriveOnTheEventLoopAndHandlersAreRestored()
    {
        ::signal(SIGTERM, previousHandler);
        {
            TerminationSignals watcher;
            QSignalSpy received(&watcher, &TerminationSignals::received);
            ::raise(SIGTERM);
            QVERIFY(received.isEmpty()); // not inside the handler: on the event loop
            QTRY_COMPARE(received.size(), 1);
            QCOMPARE(received.first().at(0).toInt(), int(SIGTERM));
            QCOMPARE(int(previousHandlerRan), 0);
        }
        ::raise(SIGTERM); // ours is gone: the handler from before runs again
        QCOMPARE(int(previousHandlerRan), 1);
        ::signal(SIGTERM, SIG_DFL);
    }
};

QTEST_GUILESS_MAIN(TestTerminationSignals)
#include "tst_terminationsignals.moc"
