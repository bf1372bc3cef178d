#include "adminconfirmdialog.h"
#include "adminservice.h"
#include "appsettings.h"
#include "connectionband.h"
#include "auditlog.h"
#include "dialectregistry.h"
#include "holderspanel.h"
#include "holdertreemodel.h"
#include "livechart.h"
#include "livewatchdocks.h"
#include "lockeventservice.h"
#include "lockdetailpanel.h"
#include "locktablemodel.h"
#include "lockfilterproxymodel.h"
#include "mainwindow.h"
#include "monotonicclock.h"
#include "session.h"
#include "settingsdialog.h"
#include "testredis.h"
#include "testwindow.h"
#include "watchdashboard.h"
#include "watchservice.h"

#include <QAction>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <csignal>

// Drives the real window offscreen against a real redis-server.
class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    TestRedis m_redis;
    QTemporaryDir m_dir;
    DialectRegistry m_registry;
    std::unique_ptr<AuditLog> m_audit;

    // A window connected to the test server, its first scan done.
    std::unique_ptr<TestWindow> openWindow(bool readOnly = false)
    {
        auto t = std::make_unique<TestWindow>(&m_registry, m_audit.get());
        t->window.setReadOnly(readOnly);
        t->window.show();
        if (!t->connectTo(m_redis.profile()))
            return nullptr;
        return t;
    }

    static int rowOf(MainWindow &w, const QByteArray &key)
    {
        return w.lockModel()->rowOf(key);
    }

    static QString cell(MainWindow &w, const QByteArray &key, int column)
    {
        return w.lockModel()->index(rowOf(w, key), column).data().toString();
    }

    void select(MainWindow &w, const QByteArray &key)
    {
        const QModelIndex source = w.lockModel()->index(rowOf(w, key), 0);
        w.lockTable()->setCurrentIndex(w.proxyModel()->mapFromSource(source));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_redis.start());
        m_audit = std::make_unique<AuditLog>(m_dir.filePath(QStringLiteral("audit.log")));
    }

    void init()
    {
        m_redis.command({"FLUSHALL"});
        m_redis.command({"SET", "lock:orders", "8743c9c0-0795-4907-87fd-6c719a6b4586", "PX", "60000"});
        m_redis.command({"SET", "lock:stuck", "t"});
        m_redis.command({"HSET", "orderLock", "8743c9c0-0795-4907-87fd-6c719a6b4586:57", "2"});
        m_redis.command({"PEXPIRE", "orderLock", "30000"});
        m_redis.command({"SET", "user:1", "data"});
    }

    void showsTheLocksCountingDown()
    {
        const std::unique_ptr<TestWindow> window = openWindow();
        QVERIFY(window);
        MainWindow &w = window->window;
        QTRY_COMPARE(w.lockModel()->rowCount(), 3);
        QCOMPARE(rowOf(w, "user:1"), -1);
        QCOMPARE(cell(w, "orderLock", LockTableModel::DialectColumn), QStringLiteral("Redisson RLock"));
        QCOMPARE(cell(w, "orderLock", LockTableModel::CountColumn), QStringLiteral("2"));
        QCOMPARE(cell(w, "lock:stuck", LockTableModel::TtlColumn), QStringLiteral("no expiry"));
        QCOMPARE(cell(w, "lock:stuck", LockTableModel::StateColumn), QStringLiteral("stuck (no TTL)"));

        const QModelIndex ttl = w.lockModel()->index(rowOf(w, "lock:orders"), LockTableModel::TtlColumn);
        const qint64 first = ttl.data(LockTableModel::RemainingTtlRole).toLongLong();
        QVERIFY(first > 55000 && first <= 60000);
        QTest::qWait(300);
        const qint64 second = ttl.data(LockTableModel::RemainingTtlRole).toLongLong();
        QVERIFY2(second < first && second > first - 1500, qPrintable(QStringLiteral("%1 then %2").arg(first).arg(second)));

        // The detail panel shows the selected lock with its raw value.
        select(w, "orderLock");
        QTRY_COMPARE(w.detailPanel()->lock().value_or(LockInfo()).key(), QByteArray("orderLock"));
        QVERIFY(w.detailPanel()->findChild<QPlainTextEdit *>()->toPlainText().contains(QString::fromUtf8(":57  →  2")));
    }

    void newAndVanishedLocksKeepTheSelection()
    {
        const std::unique_ptr<TestWindow> window = openWindow();
        QVERIFY(window);
        MainWindow &w = window->window;
        w.session()->watch()->setRescanInterval(1000);
        w.session()->watch()->setRefreshInterval(200);
        QTRY_COMPARE(w.lockModel()->rowCount(), 3);
        select(w, "lock:stuck");
        QSignalSpy resets(w.lockModel(), &QAbstractItemModel::modelReset);

        m_redis.command({"SET", "lock:new", "t", "PX", "60000"});
        m_redis.command({"DEL", "lock:orders"});
        QTRY_COMPARE_WITH_TIMEOUT(w.lockModel()->rowCount(), 4, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(cell(w, "lock:orders", LockTableModel::StateColumn), QStringLiteral("released"), 5000);
        QCOMPARE(resets.size(), 0);
        const QModelIndex current = w.lockTable()->currentIndex();
        QCOMPARE(current.data(LockTableModel::KeyBytesRole).toByteArray(), QByteArray("lock:stuck"));
        QCOMPARE(w.detailPanel()->lock()->key(), QByteArray("lock:stuck"));
    }

    void forceReleaseAsksThenRunsGuarded()
    {
        const std::unique_ptr<TestWindow> window = openWindow();
        QVERIFY(window);
        MainWindow &w = window->window;
        QTRY_COMPARE(w.lockModel()->rowCount(), 3);

        // Look, then someone else takes the lock before the operator confirms: refused.
        select(w, "lock:orders");
        QTRY_COMPARE(w.detailPanel()->lock().value_or(LockInfo()).key(), QByteArray("lock:orders"));
        QMetaObject::invokeMethod(w.detailPanel(), "forceReleaseRequested");
        AdminConfirmDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = w.findChild<AdminConfirmDialog *>()));
        QCOMPARE(dialog->plan().key, QByteArray("lock:orders"));
        // The dialog shows the state the action is guarded on.
        const QString guard = dialog->plan().guard.text();
        QVERIFY(guard.startsWith(QLatin1String("token ")));
        bool shown = false;
        for (const QLabel *label : dialog->findChildren<QLabel *>())
            shown = shown || label->text() == guard;
        QVERIFY2(shown, qPrintable(guard));
        m_redis.command({"SET", "lock:orders", "someone-else", "PX", "60000"});
        dialog->accept();
        QTRY_VERIFY_WITH_TIMEOUT(w.statusMessage().contains(QLatin1String("changed hands")), 5000);
        QCOMPARE(m_redis.command({"GET", "lock:orders"}).bytes(), QByteArray("someone-else"));

        // Looking again shows the new holder; releasing that one works.
        QTRY_COMPARE_WITH_TIMEOUT(w.detailPanel()->lock()->primaryToken(), QByteArray("someone-else"), 5000);
        QTRY_VERIFY(!w.findChild<AdminConfirmDialog *>());
        QMetaObject::invokeMethod(w.detailPanel(), "forceReleaseRequested");
        QTRY_VERIFY((dialog = w.findChild<AdminConfirmDialog *>()));
        dialog->accept();
        QTRY_VERIFY_WITH_TIMEOUT(w.statusMessage().startsWith(QLatin1String("Released")), 5000);
        QCOMPARE(m_redis.command({"EXISTS", "lock:orders"}).integer(), qint64(0));
    }

    // A production connection: its name and colour in the title bar and the band, and a
    // force-release that runs only once the key name has been typed.
    void productionAsksForTheKeyName()
    {
        ConnectionProfile prod = m_redis.profile();
        prod.id = QStringLiteral("prod-id");
        prod.name = QStringLiteral("prod-eu");
        prod.production = true;
        prod.color = QColor(QStringLiteral("#2e7d32"));
        auto t = std::make_unique<TestWindow>(&m_registry, m_audit.get());
        MainWindow &w = t->window;
        w.show();
        QVERIFY(t->connectTo(prod));
        QVERIFY2(w.windowTitle().contains(QLatin1String("prod-eu")) && w.windowTitle().contains(QLatin1String("PRODUCTION")),
                 qPrintable(w.windowTitle()));
        QVERIFY(w.connectionBand()->isVisible());
        QVERIFY(w.connectionBand()->text().contains(QLatin1String("prod-eu")));
        QVERIFY(w.connectionBand()->styleSheet().contains(QLatin1String("#2e7d32")));
        QVERIFY(w.connectionStatus().contains(QLatin1String("#2e7d32")));

        QTRY_COMPARE(w.lockModel()->rowCount(), 3);
        select(w, "lock:orders");
        QTRY_COMPARE(w.detailPanel()->lock().value_or(LockInfo()).key(), QByteArray("lock:orders"));
        QMetaObject::invokeMethod(w.detailPanel(), "forceReleaseRequested");
        AdminConfirmDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = w.findChild<AdminConfirmDialog *>()));
        QVERIFY(dialog->typedKeyField());
        dialog->accept(); // Enter, or a script, before the key is typed: nothing runs
        QVERIFY(dialog->isVisible());
        dialog->typedKeyField()->setText(QStringLiteral("lock:order"));
        dialog->accept();
        QVERIFY(dialog->isVisible());
        QCOMPARE(m_redis.command({"EXISTS", "lock:orders"}).integer(), qint64(1));
        QTest::keyClick(dialog->typedKeyField(), Qt::Key_S);
        QVERIFY(dialog->isKeyTyped());
        dialog->accept();
        QTRY_VERIFY_WITH_TIMEOUT(w.statusMessage().startsWith(QLatin1String("Released")), 5000);
        QCOMPARE(m_redis.command({"EXISTS", "lock:orders"}).integer(), qint64(0));
    }

    void otherConnectionsHaveNoBand()
    {
        const std::unique_ptr<TestWindow> window = openWindow();
        QVERIFY(window);
        QVERIFY(!window->window.connectionBand()->isVisible());
        QVERIFY(!window->window.windowTitle().contains(QLatin1String("PRODUCTION")));
    }

    // A replica opened as the server: its locks are shown, and the status bar says, in amber
    // with the whole caveat as its tooltip, that they may lag and which master to use instead.
    void aReplicaIsShownAsOne()
    {
        TestRedis replica;
        QVERIFY(replica.start({QStringLiteral("--repl-diskless-load"), QStringLiteral("swapdb")}));
        QVERIFY(replica.command({"REPLICAOF", "127.0.0.1", QByteArray::number(m_redis.port())}).isStatus("OK"));
        QTRY_COMPARE_WITH_TIMEOUT(replica.command({"EXISTS", "lock:orders"}).integer(), qint64(1), 15000);
        auto t = std::make_unique<TestWindow>(&m_registry, m_audit.get());
        t->window.show();
        QVERIFY(t->connectTo(replica.profile()));
        QTRY_VERIFY(rowOf(t->window, "lock:orders") >= 0);
        const QString master = QStringLiteral("127.0.0.1:%1").arg(m_redis.port());
        const QLabel *label = t->window.connectionLabel();
        QVERIFY2(label->text().contains(QStringLiteral("#a06000")) && label->text().contains(QStringLiteral("standalone replica of ") + master),
                 qPrintable(label->text()));
        QVERIFY2(label->toolTip().contains(QStringLiteral("may lag its master")), qPrintable(label->toolTip()));
        // The master itself: green, no caveat.
        const std::unique_ptr<TestWindow> onMaster = openWindow();
        QVERIFY(onMaster);
        QTRY_VERIFY(onMaster->window.connectionLabel()->text().contains(QStringLiteral("#1b7f3b")));
        QVERIFY(onMaster->window.connectionLabel()->toolTip().isEmpty());
    }

    void readOnlyDisablesActions()
    {
        const std::unique_ptr<TestWindow> window = openWindow(true);
        QVERIFY(window);
        MainWindow &w = window->window;
        QTRY_COMPARE(w.lockModel()->rowCount(), 3);
        select(w, "lock:orders");
        QVERIFY(!w.session()->admin()->support(AdminAction::ForceRelease, *w.detailPanel()->lock()).enabled);
        QMetaObject::invokeMethod(w.detailPanel(), "forceReleaseRequested");
        QTest::qWait(100); // a dialog would open within a turn of the event loop: none does
        QVERIFY(!w.findChild<AdminConfirmDialog *>());
        QVERIFY(w.statusMessage().contains(QLatin1String("Read-only")));
    }

    void filterNarrowsTheTable()
    {
        const std::unique_ptr<TestWindow> window = openWindow();
        QVERIFY(window);
        MainWindow &w = window->window;
        QTRY_COMPARE(w.proxyModel()->rowCount(), 3);
        auto *filter = w.findChild<QLineEdit *>();
        QVERIFY(filter);
        filter->setText(QStringLiteral("thread 57"));
        QTRY_COMPARE(w.proxyModel()->rowCount(), 1);
        filter->clear();
        QTRY_COMPARE(w.proxyModel()->rowCount(), 3);
    }
    void holdersDockAnswersWhatAClientHolds()
    {
        const std::unique_ptr<TestWindow> window = openWindow();
        QVERIFY(window);
        MainWindow &w = window->window;
        QTRY_COMPARE(w.lockModel()->rowCount(), 3);
        QVERIFY(!w.holdersDock()->isVisible());
        w.holdersDock()->toggleViewAction()->trigger();
        QTRY_VERIFY(w.holdersDock()->isVisible());
        HolderTreeModel *model = w.holdersPanel()->model();
        QTRY_COMPARE(model->groupCount(), 3);
        const QString client = QStringLiteral("client 8743c9c0-0795-4907-87fd-6c719a6b4586");
        QCOMPARE(model->keysOf(client), QList<QByteArray>{"orderLock"});

        // A second lock taken by the same Redisson client joins its group on the next refresh.
        m_redis.command({"HSET", "invoiceLock", "8743c9c0-0795-4907-87fd-6c719a6b4586:12", "1"});
        m_redis.command({"PEXPIRE", "invoiceLock", "30000"});
        w.session()->watch()->setRescanInterval(500);
        QTRY_COMPARE_WITH_TIMEOUT(model->keysOf(client), (QList<QByteArray>{"invoiceLock", "orderLock"}), 10000);

        // Filtering by the client leaves only its group; choosing a lock selects it in the table.
        w.holdersPanel()->setFilterText(QStringLiteral("8743c9c0"));
        QTreeView *tree = w.holdersPanel()->view();
        QModelIndex group;
        for (int row = 0; row < tree->model()->rowCount(); ++row)
            if (tree->model()->index(row, 0).data().toString().startsWith(client))
                group = tree->model()->index(row, 0);
        QVERIFY(group.isValid());
        QCOMPARE(tree->model()->rowCount(group), 2);
        const QModelIndex order = tree->model()->index(1, 0, group);
        QCOMPARE(order.data(Qt::UserRole).toByteArray(), QByteArray("orderLock"));
        Q_EMIT tree->activated(order);
        QCOMPARE(w.lockTable()->currentIndex().data(LockTableModel::KeyBytesRole).toByteArray(), QByteArray("orderLock"));
    }

    // Settings reach what the window shows by them, and reach the sessions of the window.
    void settingsApplyToTheWindowAndItsSessions()
    {
        auto t = openWindow();
        QVERIFY(t);
        MainWindow &w = t->window;
        AppSettings s;
        s.stuckAfterMs = 5 * 60'000;
        s.chartWindowMs = 600'000;
        w.setSettings(s);
        QCOMPARE(w.liveWatch()->stuckAfter(), 5 * 60'000);
        for (LiveChart *chart : w.liveWatch()->dashboard()->findChildren<LiveChart *>())
            QCOMPARE(chart->window(), 600'000);

        // A change made where it is shown (the budget in the status bar, the Watch menu's
        // threshold) is submitted like one made in the dialog, so it is kept too.
        QSignalSpy submitted(&w, &MainWindow::settingsSubmitted);
        const QList<QAction *> stuck = w.findChildren<QAction *>();
        QAction *hour = nullptr;
        for (QAction *a : stuck)
            if (a->text() == QStringLiteral("1 hour") && a->isCheckable())
                hour = a;
        QVERIFY(hour);
        hour->trigger();
        QCOMPARE(submitted.size(), 1);
        QCOMPARE(submitted.at(0).at(0).value<AppSettings>().stuckAfterMs, 3'600'000);
        QCOMPARE(w.settings().stuckAfterMs, 3'600'000);
        QCOMPARE(w.session()->events()->options().stuckAfterMs, 3'600'000);

        // The dialog submits through the window.
        SettingsDialog *dialog = w.openSettings();
        QVERIFY(dialog->isVisible());
        QCOMPARE(dialog->stuckBox()->value(), 60);
        dialog->stuckBox()->setValue(20);
        dialog->apply();
        QCOMPARE(submitted.size(), 2);
        QCOMPARE(w.liveWatch()->stuckAfter(), 20 * 60'000);
        dialog->close();
    }

    void sessionsTakeTheWatchSettings()
    {
        auto t = openWindow();
        QVERIFY(t);
        t->sessions.setWatchIntervals(2500, 30'000);
        t->sessions.setValueCap(777);
        QCOMPARE(t->window.session()->watch()->refreshInterval(), 2500);
        QCOMPARE(t->window.session()->watch()->rescanInterval(), 30'000);
        QCOMPARE(t->window.session()->watch()->discovery()->options().valueCap, 777);
        // and so does the next session
        QVERIFY(t->connectTo(m_redis.profile()));
        QCOMPARE(t->window.session()->watch()->refreshInterval(), 2500);
        QCOMPARE(t->window.session()->watch()->discovery()->options().valueCap, 777);
    }

    // Geometry, docks, column widths and the sort order come back in a new window.
    void columnsFitTheFirstLocks()
    {
        m_redis.command({"HSET", "stockLock", "mode", "read", "8743c9c0-0795-4907-87fd-6c719a6b4586:12", "1"});
        m_redis.command({"PEXPIRE", "stockLock", "30000"});
        TestWindow t(&m_registry, m_audit.get());
        MainWindow &w = t.window;
        w.resize(1600, 800);
        w.show();
        QTableView *table = w.lockTable();
        const int defaultToken = table->columnWidth(LockTableModel::TokenColumn);
        const QString dialect = QStringLiteral("Redisson ReadWriteLock");
        QVERIFY(t.connectTo(m_redis.profile()));
        QTRY_COMPARE(w.lockModel()->rowCount(), 4);
        QCOMPARE(cell(w, "stockLock", LockTableModel::DialectColumn), dialect);
        QVERIFY(table->columnWidth(LockTableModel::DialectColumn) > table->fontMetrics().horizontalAdvance(dialect));
        // The token column grew toward the whole UUID (sharing what was left with the holder's),
        // and the key kept its room.
        const QModelIndex token = w.proxyModel()->mapFromSource(w.lockModel()->index(rowOf(w, "lock:orders"), LockTableModel::TokenColumn));
        const QFontMetrics mono(token.data(Qt::FontRole).value<QFont>());
        QVERIFY(mono.horizontalAdvance(token.data().toString()) > defaultToken); // cut before the fit
        QVERIFY(table->columnWidth(LockTableModel::TokenColumn) > defaultToken + 50);
        QVERIFY(table->columnWidth(LockTableModel::KeyColumn) > mono.horizontalAdvance(QStringLiteral("lock:orders")));

        // A width the user chose stays through the next scans.
        table->setColumnWidth(LockTableModel::DialectColumn, 97);
        QSignalSpy finished(&w, &MainWindow::scanFinished);
        w.session()->watch()->rescan();
        QVERIFY(finished.wait(10000));
        QCOMPARE(table->columnWidth(LockTableModel::DialectColumn), 97);
    }

    void aLongKeyDoesNotWidenTheWindow()
    {
        const QByteArray key = "lock:" + QByteArray("verylongname").repeated(25);
        m_redis.command({"SET", key, "t", "PX", "60000"});
        const std::unique_ptr<TestWindow> window = openWindow();
        QVERIFY(window);
        MainWindow &w = window->window;
        w.resize(1200, 800);
        QTRY_VERIFY(rowOf(w, key) >= 0);
        const int width = w.width();
        select(w, key);
        QTRY_COMPARE(w.detailPanel()->lock().value_or(LockInfo()).key(), key);
        QCoreApplication::processEvents();
        QCOMPARE(w.width(), width);
        // Cut in the middle on show, whole in the tooltip.
        const QLabel *title = w.detailPanel()->findChild<QLabel *>();
        QVERIFY(title->text().contains(QChar(0x2026)));
        QCOMPARE(title->toolTip(), QString::fromLatin1(key));
    }

    // Keys under the lock patterns that the user may not read are said to be missing, by
    // name, never left out of the table silently.
    void keysThatCannotBeReadAreNamed()
    {
        QVERIFY(m_redis.command({"ACL", "SETUSER", "narrow", "on", ">pw3", "~lock:o*", "~orderLock", "&*", "+@all"}).isStatus("OK"));
        const auto dropUser = qScopeGuard([this] { m_redis.command({"ACL", "DELUSER", "narrow"}); });
        ConnectionProfile narrow = m_redis.profile();
        narrow.user = QStringLiteral("narrow");
        narrow.password = QStringLiteral("pw3");
        TestWindow t(&m_registry, m_audit.get());
        MainWindow &w = t.window;
        w.show();
        QVERIFY(t.connectTo(narrow));
        QTRY_COMPARE(w.lockModel()->rowCount(), 2); // lock:orders and orderLock
        QTRY_VERIFY(w.statusMessage().contains(QLatin1String("could not be read")));
        QVERIFY2(w.statusMessage().contains(QLatin1String("lock:stuck")) && w.statusMessage().contains(QLatin1String("NOPERM")),
                 qPrintable(w.statusMessage()));
    }

    // A lock whose read failed shows its last good values: the panel says so, as the table does.
    void theDetailPanelSaysALockIsStale()
    {
        TestWindow t(&m_registry, m_audit.get());
        LockInfo lock;
        lock.sample.key = "lock:s";
        lock.sample.type = RedisType::String;
        lock.sample.value = "t";
        lock.sample.pttlMs = 60000;
        lock.sample.observedAtMs = MonotonicClock::nowMs();
        lock.stale = true;
        t.window.detailPanel()->showLock(lock);
        const QList<QLabel *> labels = t.window.detailPanel()->findChildren<QLabel *>();
        QVERIFY(std::any_of(labels.cbegin(), labels.cend(), [](const QLabel *l) { return l->text() == QLatin1String("held (stale)"); }));
    }

    // A server that stops answering: the status bar says so, and no longer "Connected" beside it.
    void aServerThatStopsAnsweringIsNotAlsoConnected()
    {
        const std::unique_ptr<TestWindow> window = openWindow();
        QVERIFY(window);
        MainWindow &w = window->window;
        QTRY_COMPARE(w.statusMessage(), QStringLiteral("Connected"));
        const pid_t server = pid_t(m_redis.pid());
        auto resume = qScopeGuard([server] { ::kill(server, SIGCONT); });
        QCOMPARE(::kill(server, SIGSTOP), 0);
        QTRY_VERIFY_WITH_TIMEOUT(w.connectionStatus().contains(QLatin1String("not answering")), 15000);
        QVERIFY2(w.statusMessage() != QLatin1String("Connected"), qPrintable(w.statusMessage()));
        ::kill(server, SIGCONT);
        resume.dismiss();
        QTRY_VERIFY_WITH_TIMEOUT(!w.connectionStatus().contains(QLatin1String("not answering")), 15000);
    }

    void layoutIsKeptBetweenRuns()
    {
        WindowLayout saved;
        QSize size;
        {
            auto t = openWindow();
            QVERIFY(t);
            MainWindow &w = t->window;
            w.resize(1100, 700);
            w.lockTable()->setColumnWidth(LockTableModel::DialectColumn, 321);
            w.lockTable()->sortByColumn(LockTableModel::TtlColumn, Qt::DescendingOrder);
            w.holdersDock()->show();
            size = w.size(); // at least the docks' minimum, whatever was asked
            saved = w.saveLayout();
        }
        TestWindow fresh(&m_registry, m_audit.get());
        MainWindow &w = fresh.window;
        QVERIFY(!w.holdersDock()->isVisibleTo(&w));
        w.restoreLayout(saved);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.lockTable()->columnWidth(LockTableModel::DialectColumn), 321);
        QCOMPARE(w.lockTable()->horizontalHeader()->sortIndicatorSection(), int(LockTableModel::TtlColumn));
        QCOMPARE(w.proxyModel()->sortColumn(), int(LockTableModel::TtlColumn));
        QCOMPARE(w.proxyModel()->sortOrder(), Qt::DescendingOrder);
        QVERIFY(w.holdersDock()->isVisible());
        QCOMPARE(w.size(), size);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
