#include "auditlog.h"
#include "democontroller.h"
#include "demonodetablemodel.h"
#include "demopanel.h"
#include "demorun.h"
#include "demoworkertablemodel.h"
#include "dialectregistry.h"
#include "livechart.h"
#include "locktablemodel.h"
#include "mainwindow.h"
#include "redlockgroupmodel.h"
#include "redlockgroupview.h"
#include "testwindow.h"
#include "processprobe.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QTest>

// The training panel, offscreen, against its own sandbox servers.
class TestDemoPanel : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    static QAction *demoAction(MainWindow &w)
    {
        for (QAction *menu : w.menuBar()->actions())
            if (menu->menu())
                for (QAction *a : menu->menu()->actions())
                    if (a->text().remove(QLatin1Char('&')) == QLatin1String("Demo sandbox"))
                        return a;
        return nullptr;
    }

    static bool allGone(const QList<qint64> &pids)
    {
        return std::none_of(pids.begin(), pids.end(), [](qint64 pid) { return ProcessProbe::isRunning(pid); });
    }

private Q_SLOTS:
    void brokenThenFixedFromTheFileMenu()
    {
        DialectRegistry registry;
        const AuditLog audit(m_dir.filePath(QStringLiteral("audit.log")));
        QList<qint64> pids;
        {
            DemoController demos; // outlives the window and its panel, as in main.cpp
            TestWindow t(&registry, &audit);
            MainWindow &w = t.window;
            demos.followWith(&t.sessions);
            w.setDemoPanelFactory([&demos](QWidget *parent) { return new DemoPanel(&demos, parent); });
            w.show();
            QAction *action = demoAction(w);
            QVERIFY(action);
            action->trigger();
            auto *panel = w.findChild<DemoPanel *>();
            QVERIFY(panel);
            QCOMPARE(w.openDemoPanel(), static_cast<QWidget *>(panel)); // one panel, shown again
            QAbstractItemModelTester workers(panel->workerModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
            QAbstractItemModelTester nodes(panel->nodeModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);

            panel->selectScenario(QStringLiteral("expiry-while-held"));
            panel->selectVariant(DemoVariant::Broken);
            QVERIFY(panel->explanationText().contains(QLatin1String("watchdog")));
            QVERIFY(panel->explanationText().contains(QLatin1String("no watchdog")));
            panel->start();
            QTRY_VERIFY_WITH_TIMEOUT(panel->run() && panel->run()->isRunning(), 15000);
            QTRY_COMPARE(panel->workerModel()->rowCount(), 4);
            QTRY_COMPARE(panel->nodeModel()->rowCount(), 1);
            QTRY_VERIFY_WITH_TIMEOUT(panel->run()->stats().violations >= 1, 10000);
            QTRY_VERIFY(panel->occupancyChart()->markerCount() >= 1);
            QTRY_VERIFY(panel->scoreText().contains(QLatin1String("violation")));
            // The main lock table follows the demo's server.
            QTRY_VERIFY_WITH_TIMEOUT(w.lockModel()->rowOf("lock:demo:expiry-while-held") >= 0, 15000);
            pids = panel->run()->serverProcessIds();
            QCOMPARE(pids.size(), 1);

            // Switching variant restarts on fresh servers; the old ones stop.
            panel->selectVariant(DemoVariant::Fixed);
            QVERIFY(panel->explanationText().contains(QLatin1String("extends the lock")));
            QTRY_VERIFY_WITH_TIMEOUT(panel->run()->isRunning(), 15000);
            QTRY_VERIFY_WITH_TIMEOUT(allGone(pids), 10000);
            QTRY_VERIFY_WITH_TIMEOUT(panel->run()->stats().faults >= 1, 10000);
            // Past the stall (it outlasts the TTL twice over): still nobody else got in.
            QTRY_VERIFY_WITH_TIMEOUT(panel->run()->elapsedMs() > panel->run()->parameters().faultFirstMs + 2 * panel->run()->parameters().pauseMs, 15000);
            QCOMPARE(panel->run()->stats().violations, qint64(0));
            pids = panel->run()->serverProcessIds();

            panel->stop();
            QTRY_VERIFY(!panel->isRunning());
            QVERIFY(!allGone(pids)); // stopped, not shut down: the aftermath stays visible
        }
        QVERIFY(allGone(pids)); // closing the window ends the servers
    }

    void redlockShowsTheHolderOnEachServer()
    {
        DemoController demos;
        DemoPanel panel(&demos);
        panel.show();
        panel.selectScenario(QStringLiteral("redlock"));
        panel.selectVariant(DemoVariant::Fixed);
        QCOMPARE(panel.scenarioId(), QStringLiteral("redlock"));
        QCOMPARE(panel.variant(), DemoVariant::Fixed);
        panel.start();
        QTRY_VERIFY_WITH_TIMEOUT(panel.run() && panel.run()->isRunning(), 15000);
        QTRY_COMPARE(panel.nodeModel()->rowCount(), 5);
        // Some moment shows one worker holding the lock on a majority of the five servers.
        QTRY_VERIFY_WITH_TIMEOUT(([&panel] {
            QHash<QString, int> holders;
            for (int row = 0; row < 5; ++row)
                ++holders[panel.nodeModel()->index(row, DemoNodeTableModel::HolderColumn).data().toString()];
            for (auto it = holders.cbegin(); it != holders.cend(); ++it)
                if (it.key().startsWith(QLatin1Char('w')) && it.value() >= 3)
                    return true;
            return false;
        }()), 10000);
        // The same servers through the operator's group view: the demo key, held by a majority.
        auto *group = panel.findChild<RedlockGroupView *>(QStringLiteral("demoRedlockGroup"));
        QVERIFY(group && group->isVisible());
        const RedlockGroupModel *m = group->model();
        QCOMPARE(m->columnCount(), RedlockGroupModel::FirstNodeColumn + 5);
        QTRY_VERIFY_WITH_TIMEOUT(m->rowCount() == 1 && QStringList({QStringLiteral("held"), QStringLiteral("degraded")})
                                                           .contains(m->index(0, 0).data(RedlockGroupModel::QuorumIdRole).toString()),
                                 10000);
        QCOMPARE(m->observationAt(0).key, panel.run()->lockKey());
        panel.run()->setAutomaticFaults(false);
        panel.run()->setServerUp(4, false);
        QTRY_COMPARE(panel.nodeModel()->index(4, DemoNodeTableModel::StateColumn).data().toString(), QStringLiteral("● down"));
        QTRY_COMPARE(m->index(0, RedlockGroupModel::FirstNodeColumn + 4).data().toString(), QStringLiteral("unreadable"));
        QTRY_VERIFY(!group->eventList()->findItems(QStringLiteral("node down"), Qt::MatchContains).isEmpty());

        // Another scenario has no group to show.
        panel.selectScenario(QStringLiteral("safe"));
        panel.start();
        QTRY_VERIFY_WITH_TIMEOUT(panel.run() && panel.run()->isRunning() && !group->isVisible(), 15000);
    }
};

QTEST_MAIN(TestDemoPanel)
#include "tst_demopanel.moc"
