#include "keyspacenotifications.h"
#include "alertspanel.h"
#include "auditlog.h"
#include "dialectregistry.h"
#include "eventlogpanel.h"
#include "failedacquiresampler.h"
#include "hotlockmodel.h"
#include "keyspacenotifier.h"
#include "livechart.h"
#include "livewatchdocks.h"
#include "lockalertmodel.h"
#include "lockeventfilterproxymodel.h"
#include "lockeventlog.h"
#include "lockeventservice.h"
#include "lockfilterproxymodel.h"
#include "lockhistorycharts.h"
#include "locktablemodel.h"
#include "mainwindow.h"
#include "renewalchart.h"
#include "samplerdialog.h"
#include "session.h"
#include "testredis.h"
#include "testwindow.h"
#include "watchdashboard.h"
#include "watchrecorder.h"
#include "watchservice.h"

#include <qcustomplot.h>

#include <QAction>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

// The live-watch docks in the real window, offscreen, against a real redis-server with real
// lock traffic. With LOCKSCOPE_SCREENSHOTS=<dir> set, it also saves what it shows.
class TestLiveWatchDocks : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    DialectRegistry m_registry;
    const AuditLog m_audit{m_dir.filePath(QStringLiteral("audit.log"))};

    static void select(MainWindow &w, const QByteArray &key)
    {
        const QModelIndex source = w.lockModel()->index(w.lockModel()->rowOf(key), 0);
        w.lockTable()->setCurrentIndex(w.proxyModel()->mapFromSource(source));
    }

    static void shoot(QWidget &w, const QString &name)
    {
        const QString dir = qEnvironmentVariable("LOCKSCOPE_SCREENSHOTS");
        if (dir.isEmpty())
            return;
        QTest::qWait(300); // let the charts' 10 Hz timers draw what is new
        w.grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
    }

    static QByteArray flags(TestRedis &redis)
    {
        return redis.command({"CONFIG", "GET", "notify-keyspace-events"}).at(1).bytes();
    }

private Q_SLOTS:
    void chartsLogAndAlertsFollowRealTraffic()
    {
        TestRedis redis;
        QVERIFY(redis.start({QStringLiteral("--notify-keyspace-events"), QStringLiteral("KA")}));
        redis.command({"SET", "lock:reports:nightly", "5b1c7c6e-6c1e-4d55-9b8e-2f1d7a0f9c31:42", "PX", "1500000"});
        TestWindow t(&m_registry, &m_audit);
        MainWindow &w = t.window;
        w.resize(1500, 1000);
        w.show();
        QVERIFY(t.connectTo(redis.profile()));
        LiveWatchDocks *live = w.liveWatch();
        Session *session = w.session();
        session->watch()->setRefreshInterval(200);
        session->watch()->setRescanInterval(1000);
        EventDeriver::Options options;
        options.noTtlStuckAfterMs = 1000;
        session->events()->setOptions(options);
        QTRY_VERIFY_WITH_TIMEOUT(session->events()->isLive(), 5000);
        QTRY_VERIFY(live->eventStatus().contains(QLatin1String("live")));

        // The driver: a watchdog renewing a Redisson-style lock (its last renewal late), a job
        // lock passed between workers, a busy lock taken and released, a lock without expiry.
        // Each handover waits until the watch has reported the one before, and the watchdog's
        // renewals are timed by the server's clock (TestRedis::renewWhenLeft), not the test's:
        // 500 ms apart, each moves the deadline well past the watch's jitter tolerance.
        QList<LockEvent> seen;
        connect(session->events(), &LockEventService::eventsDerived, this, [&seen](const QList<LockEvent> &e) { seen += e; });
        const auto handovers = [&seen] {
            return std::count_if(seen.cbegin(), seen.cend(), [](const LockEvent &e) {
                return e.kind == LockEventKind::HandedOver && e.key == "lock:job:invoices";
            });
        };
        const QByteArray field = "8743c9c0-0795-4907-87fd-6c719a6b4586:57";
        constexpr qint64 leaseMs = 4000;
        redis.command({"EVAL", "redis.call('HSET', KEYS[1], ARGV[1], 1) return redis.call('PEXPIRE', KEYS[1], ARGV[2])", "1",
                       "orderLock", field, QByteArray::number(leaseMs)});
        redis.command({"SET", "lock:nottl", "crashed-worker"});
        const QList<QByteArray> workers = {"worker-a:1f3e", "worker-b:9c21", "worker-c:77d0"};
        redis.command({"SET", "lock:job:invoices", workers.at(0), "PX", "60000"});
        for (int step = 1; step <= 12; ++step) {
            const qint64 left = redis.renewWhenLeft("orderLock", leaseMs - 500, leaseMs); // the watchdog, on time
            QVERIFY2(left > leaseMs / 2, qPrintable(QString::number(left)));
            redis.command({"SET", "lock:job:invoices", workers.at(step % 3), "XX", "PX", "60000"});
            QTRY_COMPARE_WITH_TIMEOUT(handovers(), step, 15000);
            for (int i = 0; i < 5; ++i) {
                redis.command({"SET", "lock:churn", "t" + QByteArray::number(step * 10 + i), "NX", "PX", "1000"});
                redis.command({"DEL", "lock:churn"});
            }
        }
        // The watchdog stalls: it renews with at most 200 ms of the 4 s lease left, a near-miss.
        const qint64 leftAtNearMiss = redis.renewWhenLeft("orderLock", 200, leaseMs);
        QVERIFY2(leftAtNearMiss >= 0 && leftAtNearMiss <= 200, qPrintable(QString::number(leftAtNearMiss)));

        LockEventLog *log = live->recorder()->log();
        QTRY_VERIFY(log->rowCount() > 60);
        QTRY_VERIFY(live->eventLog()->countText().contains(QLatin1String("events")));
        // Alerts: the lock without expiry, and the late renewal.
        LockAlertModel *alerts = live->recorder()->alerts();
        const auto hasAlert = [alerts](LockAlert::Kind kind, const QByteArray &key) {
            return std::any_of(alerts->alerts().cbegin(), alerts->alerts().cend(),
                               [&](const LockAlert &a) { return a.kind == kind && a.key == key; });
        };
        QTRY_VERIFY_WITH_TIMEOUT(hasAlert(LockAlert::Kind::Stuck, "lock:nottl"), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(hasAlert(LockAlert::Kind::NearMiss, "orderLock"), 5000);

        // The log filters by kind, key and holder.
        EventLogPanel *panel = live->eventLog();
        panel->keyFilter()->setText(QStringLiteral("lock:job:*"));
        QTRY_COMPARE(panel->proxy()->keyFilter(), QStringLiteral("lock:job:*")); // typing is debounced
        QVERIFY(panel->proxy()->rowCount() >= 12);
        for (int r = 0; r < panel->proxy()->rowCount(); ++r)
            QCOMPARE(panel->proxy()->index(r, 0).data(LockEventLog::KeyBytesRole).toByteArray(), QByteArray("lock:job:invoices"));
        panel->holderFilter()->setText(QStringLiteral("worker-b"));
        QTRY_COMPARE(panel->proxy()->holderFilter(), QStringLiteral("worker-b"));
        QVERIFY(panel->proxy()->rowCount() >= 4);
        QVERIFY(panel->proxy()->rowCount() < 12);
        const QString csv = m_dir.filePath(QStringLiteral("events.csv"));
        QVERIFY(panel->exportCsv(csv));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        QCOMPARE(lines.size(), panel->proxy()->rowCount() + 2); // header, rows, last newline
        panel->keyFilter()->clear();
        panel->holderFilter()->clear();
        QTRY_COMPARE(panel->proxy()->rowCount(), log->rowCount());

        // Activity: events per second drawn, and the replot stays at 10 Hz or less.
        WatchDashboard *dash = live->dashboard();
        dash->tabs()->setCurrentIndex(WatchDashboard::ActivityTab);
        live->chartsDock()->raise();
        QTRY_VERIFY(dash->eventsChart()->plot()->graph(0)->dataCount() > 0);
        // A measurement window, not a wait for a condition: the bound scales with how long the
        // window really lasted (a loaded machine stretches it), and a slow machine can only
        // replot less often, never more.
        const int before = dash->eventsChart()->replotCount();
        QElapsedTimer window;
        window.start();
        QTest::qWait(1000);
        const int replots = dash->eventsChart()->replotCount() - before;
        const qint64 windowMs = window.elapsed();
        QVERIFY2(replots <= windowMs / 95 + 1, qPrintable(QStringLiteral("%1 replots in %2 ms").arg(replots).arg(windowMs)));
        QTRY_VERIFY(dash->commandsChart()->plot()->graphCount() >= 2); // all, and the busiest commands
        shoot(w, QStringLiteral("watch-activity"));

        // Contention: the ranking shows the busy locks.
        dash->tabs()->setCurrentIndex(WatchDashboard::ContentionTab);
        QTRY_VERIFY(live->recorder()->hotLocks()->rowCount() >= 2);
        const QList<HotLockModel::Entry> &top = live->recorder()->hotLocks()->ranking();
        QCOMPARE(top.first().key, QByteArray("lock:churn"));
        QVERIFY(top.first().acquired >= 50);
        shoot(w, QStringLiteral("watch-contention"));

        // Renewals: the selected lock's sawtooth with its near-miss, and the scatter.
        QTRY_VERIFY(w.lockModel()->rowOf("orderLock") >= 0);
        select(w, "orderLock");
        dash->tabs()->setCurrentIndex(WatchDashboard::RenewalsTab);
        LockHistoryCharts *history = dash->history();
        QTRY_COMPARE(history->key(), QByteArray("orderLock"));
        QTRY_VERIFY(history->ttlSeries().size() > 20);
        QTRY_COMPARE(history->nearMissSeries().size(), qsizetype(1));
        QVERIFY(history->nearMissSeries().points().front().value < 0.1 * leaseMs / 1000.0); // seconds left when renewed
        QTRY_VERIFY(dash->renewalChart()->pointCount() >= 1);
        shoot(w, QStringLiteral("watch-renewals"));

        // Holders: who held the job lock when.
        select(w, "lock:job:invoices");
        dash->tabs()->setCurrentIndex(WatchDashboard::HoldersTab);
        QTRY_COMPARE(history->holderRows(), 3);
        shoot(w, QStringLiteral("watch-holders"));


        // A double-click in the log selects the lock in the table.
        Q_EMIT live->eventLog()->lockActivated("lock:nottl");
        QTRY_COMPARE(w.lockTable()->currentIndex().data(LockTableModel::KeyBytesRole).toByteArray(), QByteArray("lock:nottl"));

        for (QDockWidget *dock : w.findChildren<QDockWidget *>()) {
            if (dock->objectName() == QLatin1String("eventLogDock")) {
                dock->raise();
                shoot(w, QStringLiteral("watch-eventlog"));
            }
            if (dock->objectName() == QLatin1String("alertsDock")) {
                dock->raise();
                QTRY_VERIFY(dock->windowTitle().startsWith(QLatin1String("Alerts (")));
                shoot(w, QStringLiteral("watch-alerts"));
            }
        }
    }

    // A server that stops answering: the events say that nothing is polled or heard, not
    // "polling every 1 s", until it answers again.
    void noEventsClaimedWhileTheServerIsDown()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        auto t = std::make_unique<TestWindow>(&m_registry, &m_audit);
        MainWindow *w = &t->window;
        w->show();
        QVERIFY(t->connectTo(redis.profile()));
        LiveWatchDocks *live = w->liveWatch();
        QTRY_VERIFY(live->eventStatus().contains(QLatin1String("polling")));
        redis.kill();
        QTRY_VERIFY_WITH_TIMEOUT(live->eventStatus().contains(QLatin1String("does not answer")), 15000);
        QVERIFY(redis.restart());
        QTRY_VERIFY_WITH_TIMEOUT(live->eventStatus().contains(QLatin1String("polling")), 20000);
    }

    void notificationsAreTurnedOnOnlyWithConsent()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        auto t = std::make_unique<TestWindow>(&m_registry, &m_audit);
        MainWindow *w = &t->window;
        w->resize(1400, 900);
        w->show();
        QVERIFY(t->connectTo(redis.profile()));
        LiveWatchDocks *live = w->liveWatch();
        QTRY_COMPARE(w->session()->events()->notifier()->state(), KeyspaceNotifier::State::Off);
        QVERIFY(live->eventStatus().contains(QLatin1String("polling")));
        QCOMPARE(flags(redis), QByteArray());

        // Asked, and declined: nothing changes.
        live->notificationsAction()->trigger();
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = w->findChild<QMessageBox *>()));
        QVERIFY(box->text().contains(QLatin1String("CONFIG SET notify-keyspace-events")));
        QVERIFY(box->text().contains(QLatin1String("cost"), Qt::CaseInsensitive));
        shoot(*box, QStringLiteral("watch-notifications-consent"));
        box->button(QMessageBox::Cancel)->click();
        QTRY_VERIFY(!w->findChild<QMessageBox *>());
        QVERIFY(!live->notificationsAction()->isChecked());
        QCOMPARE(flags(redis), QByteArray());

        // Asked, and accepted: live.
        live->notificationsAction()->trigger();
        QTRY_VERIFY((box = w->findChild<QMessageBox *>()));
        for (QAbstractButton *b : box->buttons())
            if (b->text() == QLatin1String("Turn them on"))
                b->click();
        QTRY_VERIFY_WITH_TIMEOUT(w->session()->events()->isLive(), 5000);
        QVERIFY(flags(redis).contains('K'));
        QVERIFY(live->notificationsAction()->isChecked());

        // Closing the window puts the server's setting back first.
        w->close();
        QTRY_COMPARE(flags(redis), QByteArray());
        QTRY_VERIFY(!w->isVisible());
    }

    void aServerThatPublishesNotificationsLeavesNothingToAsk()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"CONFIG", "SET", "notify-keyspace-events", "KEA"});
        TestWindow t(&m_registry, &m_audit);
        MainWindow &w = t.window;
        w.show();
        QVERIFY(t.connectTo(redis.profile()));
        LiveWatchDocks *live = w.liveWatch();
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->events()->isLive(), 5000);
        QTRY_VERIFY(!live->notificationsAction()->isEnabled());
        QVERIFY(live->notificationsAction()->toolTip().contains(QLatin1String("already publishes")));
        // Turned off behind LockScope's back: there is something to ask again.
        redis.command({"CONFIG", "SET", "notify-keyspace-events", ""});
        QTRY_VERIFY_WITH_TIMEOUT(live->notificationsAction()->isEnabled(), 15000);
        QCOMPARE(flags(redis), QByteArray());
    }

    void samplerAsksThenCountsFailedAcquisitions()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"SET", "lock:hot", "owner", "PX", "60000"});
        TestWindow t(&m_registry, &m_audit);
        MainWindow &w = t.window;
        w.resize(1400, 900);
        w.show();
        QVERIFY(t.connectTo(redis.profile()));
        LiveWatchDocks *live = w.liveWatch();
        QTRY_VERIFY(live->samplerAction()->isEnabled());
        live->samplerAction()->trigger();
        SamplerDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = w.findChild<SamplerDialog *>()));
        dialog->findChild<QSpinBox *>()->setValue(10);
        shoot(*dialog, QStringLiteral("watch-sampler-warning"));
        dialog->accept();
        QTRY_VERIFY(w.session()->sampler()->state() == FailedAcquireSampler::State::Sampling);
        QVERIFY(live->samplerAction()->text().startsWith(QLatin1String("Stop sampling")));
        for (int i = 0; i < 7; ++i)
            QVERIFY(redis.command({"SET", "lock:hot", "me", "NX", "PX", "1000"}).isNil());
        // The sampler reports once a second, and a report may fall between two of the seven
        // attempts (the test's commands run the event loop): wait for all seven, not the first.
        QTRY_VERIFY_WITH_TIMEOUT(live->recorder()->hotLocks()->rowCount() > 0, 10000);
        QCOMPARE(live->recorder()->hotLocks()->ranking().first().key, QByteArray("lock:hot"));
        QTRY_COMPARE_WITH_TIMEOUT(live->recorder()->hotLocks()->ranking().first().failed, qint64(7), 10000);
        QTRY_VERIFY(live->samplerStatus().contains(QLatin1String("7 failed")));
        live->samplerAction()->trigger(); // stop
        QTRY_VERIFY(!w.session()->sampler()->isRunning());
        QVERIFY(!redis.command({"CLIENT", "LIST"}).bytes().contains("cmd=monitor"));
    }
};

QTEST_MAIN(TestLiveWatchDocks)
#include "tst_livewatchdocks.moc"
