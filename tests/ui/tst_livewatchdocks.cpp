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
        DialectRegistry registry;
        const AuditLog audit(m_dir.filePath(QStringLiteral("audit.log")));
        TestWindow t(&registry, &audit);
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

        // The driver: a watchdog renewing a Redisson-style lock (one renewal late), a job lock
        // passed between workers, a busy lock taken and released, a lock without expiry.
        const QByteArray field = "8743c9c0-0795-4907-87fd-6c719a6b4586:57";
        redis.command({"HSET", "orderLock", field, "1"});
        redis.command({"PEXPIRE", "orderLock", "2000"});
        redis.command({"SET", "lock:nottl", "crashed-worker"});
        const QList<QByteArray> workers = {"worker-a:1f3e", "worker-b:9c21", "worker-c:77d0"};
        redis.command({"SET", "lock:job:invoices", workers.at(0), "PX", "5000"});
        QElapsedTimer sinceRenewal;
        for (int step = 1; step <= 12; ++step) {
            QTest::qWait(300);
            redis.command({"PEXPIRE", "orderLock", "2000"}); // watchdog: every ~400 ms of a 2 s lease
            sinceRenewal.start();
            redis.command({"SET", "lock:job:invoices", workers.at(step % 3), "XX", "PX", "5000"});
            for (int i = 0; i < 5; ++i) {
                redis.command({"SET", "lock:churn", "t" + QByteArray::number(step * 10 + i), "NX", "PX", "1000"});
                redis.command({"DEL", "lock:churn"});
            }
        }
        QVERIFY(sinceRenewal.elapsed() < 1700);
        QTest::qWait(int(1870 - sinceRenewal.elapsed())); // the watchdog stalls: 130 ms of the 2 s lease left...
        redis.command({"PEXPIRE", "orderLock", "2000"}); // ...when it renews at last: a near-miss

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
        const int before = dash->eventsChart()->replotCount();
        QTest::qWait(1000);
        QVERIFY2(dash->eventsChart()->replotCount() - before <= 11, qPrintable(QString::number(dash->eventsChart()->replotCount() - before)));
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
        QVERIFY(history->nearMissSeries().points().front().value < 0.2); // seconds left when renewed
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

    void notificationsAreTurnedOnOnlyWithConsent()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        DialectRegistry registry;
        const AuditLog audit(m_dir.filePath(QStringLiteral("audit.log")));
        auto t = std::make_unique<TestWindow>(&registry, &audit);
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

    void samplerAsksThenCountsFailedAcquisitions()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"SET", "lock:hot", "owner", "PX", "60000"});
        DialectRegistry registry;
        const AuditLog audit(m_dir.filePath(QStringLiteral("audit.log")));
        TestWindow t(&registry, &audit);
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
        QTRY_VERIFY_WITH_TIMEOUT(live->recorder()->hotLocks()->rowCount() > 0, 5000);
        QCOMPARE(live->recorder()->hotLocks()->ranking().first().key, QByteArray("lock:hot"));
        QCOMPARE(live->recorder()->hotLocks()->ranking().first().failed, qint64(7));
        QVERIFY(live->samplerStatus().contains(QLatin1String("7 failed")));
        live->samplerAction()->trigger(); // stop
        QTRY_VERIFY(!w.session()->sampler()->isRunning());
        QVERIFY(!redis.command({"CLIENT", "LIST"}).bytes().contains("cmd=monitor"));
    }
};

QTEST_MAIN(TestLiveWatchDocks)
#include "tst_livewatchdocks.moc"
