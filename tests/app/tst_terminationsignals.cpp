#include "terminationsignals.h"

#include <QSignalSpy>
#include <QTest>

#include <cerrno>
#include <unistd.h>

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

    void everyCatchableEndIsCaught_data()
    {
        QTest::addColumn<int>("number");
        QTest::addColumn<int>("status");
        QTest::newRow("SIGHUP (an SSH session closing)") << int(SIGHUP) << 129;
        QTest::newRow("SIGQUIT") << int(SIGQUIT) << 128 + SIGQUIT;
        QTest::newRow("SIGUSR1") << int(SIGUSR1) << 128 + SIGUSR1;
        QTest::newRow("SIGALRM") << int(SIGALRM) << 128 + SIGALRM;
        QTest::newRow("SIGINT") << int(SIGINT) << 0;
        QTest::newRow("SIGTERM") << int(SIGTERM) << 0;
    }

    void everyCatchableEndIsCaught()
    {
        QFETCH(int, number);
        TerminationSignals watcher;
        QSignalSpy received(&watcher, &TerminationSignals::received);
        // Raised for real: were it not caught, the test process would end here.
        ::raise(number);
        QTRY_COMPARE(received.size(), 1);
        QCOMPARE(received.first().at(0).toInt(), number);
        QTEST(TerminationSignals::exitStatus(number), "status");
    }

    void aClosedPipeIsAWriteErrorNotADeath()
    {
        int fds[2];
        QCOMPARE(::pipe(fds), 0);
        ::close(fds[0]);
        {
            TerminationSignals watcher;
            errno = 0;
            QCOMPARE(::write(fds[1], "x", 1), ssize_t(-1)); // SIGPIPE would have ended the test
            QCOMPARE(errno, EPIPE);
        }
        ::close(fds[1]);
    }
};

QTEST_GUILESS_MAIN(TestTerminationSignals)
#include "tst_terminationsignals.moc"
