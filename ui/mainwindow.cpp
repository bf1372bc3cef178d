#include "mainwindow.h"

#include "acquiredialog.h"
#include "adminconfirmdialog.h"
#include "adminservice.h"
#include "alertspanel.h"
#include "auditlog.h"
#include "connectionband.h"
#include "connectiondialog.h"
#include "connectionstore.h"
#include "redlockadminservice.h"
#include "redlockgroupview.h"
#include "redlockwatchservice.h"
#include "connectionopener.h"
#include "dialectregistry.h"
#include "grouptransport.h"
#include "holderspanel.h"
#include "hostkeyquestion.h"
#include "profileeditordialog.h"
#include "profilestore.h"
#include "discoveryoptions.h"
#include "livewatchdocks.h"
#include "lockdetailpanel.h"
#include "lockfilterproxymodel.h"
#include "locktablecolumns.h"
#include "locktablemodel.h"
#include "monotonicclock.h"
#include "session.h"
#include "sessionmanager.h"
#include "settingsdialog.h"
#include "shortcutsdialog.h"
#include "theme.h"
#include "tokentext.h"
#include "watchservice.h"

#include <algorithm>

#include <QAction>
#include <QCheckBox>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QProgressBar>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTime>
#include <QToolBar>
#include <QVBoxLayout>

namespace {
// A connection's name after its colour tag, for rich-text labels.
QString taggedName(const Session *session)
{
    const QColor color = session->profile().color;
    const QString name = session->displayName().toHtmlEscaped();
    return color.isValid() ? QStringLiteral("<span style='color:%1'>■</span> %2").arg(color.name(), name) : name;
}
} // namespace

MainWindow::MainWindow(SessionManager *sessions, DialectRegistry *registry, QWidget *parent)
    : QMainWindow(parent)
    , m_sessions(sessions)
    , m_registry(registry)
    , m_model(new LockTableModel(this))
    , m_proxy(new LockFilterProxyModel(this))
    , m_table(new QTableView(this))
    , m_detail(new LockDetailPanel(this))
    , m_filter(new QLineEdit(this))
    , m_connectionLabel(new QLabel(this))
    , m_scanLabel(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_countLabel(new QLabel(this))
    , m_budgetLabel(new QLabel(this))
    , m_messageLabel(new QLabel(this))
{
    setWindowTitle(QStringLiteral("LockScope"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/lockscope.svg")));
    m_proxy->setSourceModel(m_model);
    buildActions();
    buildLayout();
    m_live = new LiveWatchDocks(this);
    connect(m_live, &LiveWatchDocks::lockActivated, this, &MainWindow::selectLock);

    m_holders = new HoldersPanel(this);
    m_holdersDock = new QDockWidget(tr("Holders"), this);
    m_holdersDock->setObjectName(QStringLiteral("holdersDock"));
    m_holdersDock->setWidget(m_holders);
    addDockWidget(Qt::RightDockWidgetArea, m_holdersDock);
    m_holdersDock->hide();
    m_holdersDock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_4));
    m_viewMenu->addAction(m_holdersDock->toggleViewAction());
    // Settings the user changes where they are shown are kept like those of the dialog.
    connect(m_live, &LiveWatchDocks::stuckAfterChanged, this, [this](qint64 ms) {
        AppSettings s = m_settings;
        s.stuckAfterMs = ms;
        submitSettings(s);
    });
    connect(m_live->alerts()->trayToggle(), &QCheckBox::toggled, this, [this](bool on) {
        AppSettings s = m_settings;
        s.desktopNotifications = on;
        submitSettings(s);
    });
    connect(m_holders, &HoldersPanel::lockChosen, this, &MainWindow::selectLock);
    // Regrouping every lock is cheap but pointless while nobody looks: once a second, when shown.
    m_holdersTimer.setInterval(1000);
    connect(&m_holdersTimer, &QTimer::timeout, this, [this] { m_holders->setLocks(m_model->locks()); });
    connect(m_holdersDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible) {
            m_holders->setLocks(m_model->locks());
            m_holdersTimer.start();
        } else {
            m_holdersTimer.stop();
        }
    });

    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(100);
    connect(&m_flushTimer, &QTimer::timeout, this, &MainWindow::flushUpdates);
    m_filterDebounce.setSingleShot(true);
    m_filterDebounce.setInterval(300);
    connect(&m_filterDebounce, &QTimer::timeout, this, [this] { m_proxy->setFilterText(m_filter->text().trimmed()); });
    connect(m_filter, &QLineEdit::textChanged, &m_filterDebounce, qOverload<>(&QTimer::start));
    // 10 Hz: the TTL column shows tenths of a second.
    m_tickTimer.setInterval(100);
    connect(&m_tickTimer, &QTimer::timeout, this, &MainWindow::tick);
    m_tickTimer.start();

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &MainWindow::updateSelection);
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &from, const QModelIndex &to) {
        const LockInfo *lock = selectedLock();
        if (!lock)
            return;
        const int row = m_model->rowOf(lock->key());
        if (row >= from.row() && row <= to.row())
            updateSelection();
    });
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateSelection);
    connect(m_detail, &LockDetailPanel::extendRequested, this, &MainWindow::requestExtend);
    connect(m_detail, &LockDetailPanel::forceReleaseRequested, this, &MainWindow::requestForceRelease);

    connect(m_sessions, &SessionManager::sessionChanged, this, &MainWindow::onSessionChanged);
    connect(m_sessions, &SessionManager::stateChanged, this, &MainWindow::showSessionState);
    connect(m_sessions, &SessionManager::errorOccurred, this, [this](const QString &message) { showMessage(message, true); });
    connect(m_sessions, &SessionManager::notice, this, [this](const QString &message) { showMessage(message); });
    connect(m_sessions, &SessionManager::restoreFailed, this, [this](const QString &message) { showMessage(message, true); });
    connect(m_sessions, &SessionManager::hostKeyRecorded, this, [this](const QString &message) { showMessage(message); });
    connect(m_sessions, &SessionManager::hostKeyUnknown, this, &MainWindow::askHostKey);
    connect(m_sessions, &SessionManager::reconnectScheduled, this, [this](int attempt, int delayMs) {
        if (Session *s = session())
            m_connectionLabel->setText(tr("<span style='color:#a06000'>●</span> %1: reconnecting in %2 s (attempt %3)")
                                           .arg(taggedName(s))
                                           .arg(delayMs / 1000.0, 0, 'f', 1)
                                           .arg(attempt));
    });
    connect(m_sessions, &SessionManager::sandboxStarting, this,
            [this] { m_connectionLabel->setText(tr("Starting a sandbox redis-server…")); });
    connect(m_sessions, &SessionManager::sandboxFailed, this, [this] { m_connectionLabel->setText(tr("No sandbox")); });
    m_sandboxAction->setVisible(m_sessions->hasSandbox());
    m_demoAction->setVisible(false);

    resize(1400, 820);
    updateActions();
    if (Session *current = session())
        onSessionChanged(current);
}

MainWindow::~MainWindow()
{
    // ~QWidget hides the docks after our members are gone: a shown Holders dock would then
    // tell a destroyed timer to stop.
    m_holdersDock->disconnect(this);
}

void MainWindow::buildActions()
{
    QStyle *s = style();
    m_connectAction = new QAction(s->standardIcon(QStyle::SP_DriveNetIcon), tr("&Connect…"), this);
    m_connectAction->setShortcut(QKeySequence::Open);
    connect(m_connectAction, &QAction::triggered, this, &MainWindow::openConnectionDialog);
    m_sandboxAction = new QAction(tr("Open &sandbox server"), this);
    m_sandboxAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_sandboxAction->setToolTip(tr("Start a private redis-server with sample locks and connect to it"));
    connect(m_sandboxAction, &QAction::triggered, m_sessions, &SessionManager::openSandbox);
    m_demoAction = new QAction(tr("&Demo sandbox"), this);
    m_demoAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_demoAction->setToolTip(tr("Training scenarios: every classic lock failure and its fix, live, on private servers"));
    connect(m_demoAction, &QAction::triggered, this, &MainWindow::openDemoPanel);

    m_rescanAction = new QAction(s->standardIcon(QStyle::SP_BrowserReload), tr("&Rescan"), this);
    m_rescanAction->setShortcuts({QKeySequence(QKeySequence::Refresh), QKeySequence(Qt::CTRL | Qt::Key_R)});
    m_rescanAction->setToolTip(tr("Walk the keyspace again for locks (SCAN)"));
    connect(m_rescanAction, &QAction::triggered, this, [this] {
        if (Session *s = session())
            s->watch()->rescan();
    });
    m_cancelScanAction = new QAction(s->standardIcon(QStyle::SP_BrowserStop), tr("Cancel scan"), this);
    m_cancelScanAction->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(m_cancelScanAction, &QAction::triggered, this, [this] {
        if (Session *s = session())
            s->watch()->discovery()->cancel();
    });

    m_acquireAction = new QAction(tr("&Acquire…"), this);
    m_acquireAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    m_acquireAction->setToolTip(tr("Take a lock: SET key token NX PX ttl"));
    connect(m_acquireAction, &QAction::triggered, this, &MainWindow::requestAcquire);
    m_extendAction = new QAction(tr("&Extend…"), this);
    m_extendAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(m_extendAction, &QAction::triggered, this, &MainWindow::requestExtend);
    m_releaseAction = new QAction(s->standardIcon(QStyle::SP_DialogDiscardButton), tr("&Force release…"), this);
    m_releaseAction->setShortcut(QKeySequence::Delete);
    connect(m_releaseAction, &QAction::triggered, this, &MainWindow::requestForceRelease);
    m_budgetAction = new QAction(tr("Server time &budget…"), this);
    m_budgetAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    m_budgetAction->setToolTip(tr("How much of the server's time watching may take"));
    connect(m_budgetAction, &QAction::triggered, this, &MainWindow::askBudget);
    m_readOnlyAction = new QAction(tr("Read-only"), this);
    m_readOnlyAction->setCheckable(true);
    m_readOnlyAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_readOnlyAction->setToolTip(tr("Refuse every admin action"));
    connect(m_readOnlyAction, &QAction::toggled, this, &MainWindow::setReadOnly);

    m_hideGoneAction = new QAction(tr("Hide released and expired locks"), this);
    m_hideGoneAction->setCheckable(true);
    m_hideGoneAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    connect(m_hideGoneAction, &QAction::toggled, m_proxy, &LockFilterProxyModel::setHideGone);
    m_copyKeyAction = new QAction(tr("Copy key"), this);
    m_copyKeyAction->setShortcut(QKeySequence::Copy);
    connect(m_copyKeyAction, &QAction::triggered, this, [this] {
        if (const LockInfo *lock = selectedLock())
            QApplication::clipboard()->setText(TokenText::escape(lock->key()));
    });
    m_copyTokenAction = new QAction(tr("Copy token"), this);
    m_copyTokenAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(m_copyTokenAction, &QAction::triggered, this, [this] {
        if (selectedLock())
            QApplication::clipboard()->setText(TokenText::escape(m_detail->selectedToken()));
    });

    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_connectAction);
    file->addAction(m_sandboxAction);
    file->addAction(m_demoAction);
    file->addSeparator();
    m_settingsAction = file->addAction(tr("Se&ttings…"), this, &MainWindow::openSettings);
    m_settingsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    file->addSeparator();
    // Not QKeySequence::Quit: some platforms (Windows' key scheme, offscreen) bind nothing to it.
    file->addAction(tr("&Quit"), QKeySequence(Qt::CTRL | Qt::Key_Q), this, &QWidget::close);
    QMenu *locks = menuBar()->addMenu(tr("&Locks"));
    locks->addActions({m_rescanAction, m_cancelScanAction});
    locks->addSeparator();
    locks->addActions({m_acquireAction, m_extendAction, m_releaseAction});
    locks->addSeparator();
    locks->addActions({m_copyKeyAction, m_copyTokenAction});
    locks->addSeparator();
    m_profilesAction = locks->addAction(tr("Dialect &profiles…"), this, &MainWindow::openProfileEditor);
    m_profilesAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_profilesAction->setToolTip(tr("Describe your in-house lock layouts so LockScope reads and operates them"));
    locks->addAction(m_budgetAction);
    locks->addAction(m_readOnlyAction);
    QMenu *view = m_viewMenu = menuBar()->addMenu(tr("&View"));
    view->addAction(m_hideGoneAction);
    view->addAction(tr("&Filter locks"), QKeySequence::Find, this, [this] {
        m_filter->setFocus(Qt::ShortcutFocusReason);
        m_filter->selectAll();
    });
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard shortcuts"), QKeySequence::HelpContents, this, &MainWindow::openShortcuts);
    QAction *about = help->addAction(tr("&About LockScope"), this, [this] {
        auto *box = new QMessageBox(QMessageBox::Information, tr("About LockScope"),
                                    tr("<b>LockScope %1</b><p>Monitor and admin console for Redis distributed locks.</p>")
                                        .arg(QApplication::applicationVersion()),
                                    QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    ShortcutsDialog::setExempt(about); // seldom wanted, and F1 is the shortcuts' own

    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_connectAction);
    bar->addSeparator();
    bar->addActions({m_rescanAction, m_cancelScanAction});
    bar->addSeparator();
    bar->addActions({m_acquireAction, m_extendAction, m_releaseAction});
    bar->addSeparator();
    bar->addAction(m_readOnlyAction);
    bar->addSeparator();
    m_filter->setPlaceholderText(tr("Filter by key, holder or token"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMaximumWidth(360);
    bar->addWidget(m_filter);
}

void MainWindow::buildLayout()
{
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(LockTableModel::KeyColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->verticalHeader()->hide();
    // Fixed row heights: sizing rows to contents costs seconds on 100k rows.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    // Room to spare goes to the key, the column most often cut, not to the state's few words.
    header->setStretchLastSection(false);
    header->setSectionResizeMode(LockTableModel::KeyColumn, QHeaderView::Stretch);
    header->setHighlightSections(false);
    m_columns = new LockTableColumns(m_table);
    // On a cluster, where a lock lives comes right after which lock it is.
    header->moveSection(header->visualIndex(LockTableModel::NodeColumn), header->visualIndex(LockTableModel::KeyColumn) + 1);
    m_table->setColumnHidden(LockTableModel::NodeColumn, true);
    connect(m_table, &QWidget::customContextMenuRequested, this, &MainWindow::showTableMenu);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_table);
    splitter->addWidget(m_detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({1060, 340});
    // Below the toolbar, above everything else: the production band.
    auto *central = new QWidget(this);
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    m_band = new ConnectionBand(central);
    centralLayout->addWidget(m_band);
    centralLayout->addWidget(splitter, 1);
    setCentralWidget(central);

    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(true);
    m_progress->hide();
    m_messageLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long message takes what room is left (all of it is in its tooltip); the connection's
    // state beside it is never the one cut.
    m_messageLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    statusBar()->addWidget(m_connectionLabel);
    statusBar()->addWidget(m_messageLabel, 1);
    statusBar()->addPermanentWidget(m_scanLabel);
    statusBar()->addPermanentWidget(m_progress);
    auto *divider = new QFrame(this); // the scan's words and the lock count are two things
    divider->setFrameShape(QFrame::VLine);
    divider->setFrameShadow(QFrame::Sunken);
    statusBar()->addPermanentWidget(divider);
    statusBar()->addPermanentWidget(m_countLabel);
    // What watching costs the server, and the way to change it.
    m_budgetLabel->setTextFormat(Qt::RichText);
    connect(m_budgetLabel, &QLabel::linkActivated, this, &MainWindow::askBudget);
    statusBar()->addPermanentWidget(m_budgetLabel);
}

Session *MainWindow::session() const
{
    return m_sessions->session();
}

ProfileEditorDialog *MainWindow::openProfileEditor()
{
    if (!m_profileEditor) {
        m_profileEditor = new ProfileEditorDialog(this);
        m_profileEditor->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_profileEditor, &ProfileEditorDialog::profilesSubmitted, this, [this](const QList<DialectProfile> &profiles) {
            QString error = m_registry->setProfiles(profiles);
            if (error.isEmpty() && m_profileStore)
                m_profileStore->save(profiles, &error);
            m_profileEditor->submissionResult(error);
            if (!error.isEmpty())
                return;
            showMessage(tr("%n dialect profile(s) in use; rescanning", nullptr, int(profiles.size())));
            if (Session *s = session())
                s->watch()->rescan();
        });
        m_profileEditor->setProfiles(m_registry->profiles());
    }
    m_profileEditor->show(); // modeless: the table stays usable while profiles are tried out
    m_profileEditor->raise();
    return m_profileEditor;
}

void MainWindow::selectLock(const QByteArray &key)
{
    const int row = m_model->rowOf(key);
    if (row >= 0)
        m_table->setCurrentIndex(m_proxy->mapFromSource(m_model->index(row, 0)));
}

void MainWindow::setDemoPanelFactory(std::function<QWidget *(QWidget *)> factory)
{
    m_demoFactory = std::move(factory);
    m_demoAction->setVisible(bool(m_demoFactory));
}

QWidget *MainWindow::openDemoPanel()
{
    if (!m_demoFactory)
        return nullptr;
    if (!m_demoDock) {
        m_demoPanel = m_demoFactory(this);
        m_demoDock = new QDockWidget(tr("Demo sandbox"), this);
        m_demoDock->setObjectName(QStringLiteral("demoDock"));
        m_demoDock->setWidget(m_demoPanel);
        addDockWidget(Qt::BottomDockWidgetArea, m_demoDock);
        // The demo needs the width for its explanation, controls and charts: it shares the
        // bottom area with the live charts as a tab rather than squeezing them side by side.
        tabifyDockWidget(m_live->chartsDock(), m_demoDock);
        resizeDocks({m_demoDock}, {height() * 2 / 3}, Qt::Vertical);
    }
    m_demoDock->show();
    m_demoDock->raise();
    return m_demoPanel;
}

void MainWindow::onSessionChanged(Session *session)
{
    // The previous session is closed by now and none of its signals reaches us; what it
    // showed goes.
    m_proxy->setBulkLoading(false);
    m_pendingChanged.clear();
    m_pendingGone.clear();
    m_model->clear();
    m_detail->clear();
    m_live->setSession(session);
    onScanProgress({}, true);
    m_band->showConnection(session ? &session->profile() : nullptr, m_readOnly);
    if (!session) {
        setWindowTitle(QStringLiteral("LockScope"));
        m_connectionLabel->setText(tr("Not connected"));
        updateActions();
        return;
    }
    setWindowTitle(session->profile().production ? tr("LockScope — %1 — PRODUCTION").arg(session->displayName())
                                                 : tr("LockScope — %1").arg(session->displayName()));

    connect(session, &Session::topologyChanged, this, &MainWindow::showSessionState);

    WatchService *watch = session->watch();
    connect(watch, &WatchService::locksChanged, this, [this](const QList<LockInfo> &locks) {
        for (const LockInfo &lock : locks) {
            m_pendingGone.remove(lock.key());
            m_pendingChanged.insert(lock.key(), lock);
        }
        if (!m_flushTimer.isActive())
            m_flushTimer.start();
    });
    connect(watch, &WatchService::locksGone, this, [this](const QList<LockInfo> &locks) {
        for (const LockInfo &lock : locks) {
            m_pendingChanged.remove(lock.key());
            m_pendingGone.insert(lock.key(), lock);
        }
        if (!m_flushTimer.isActive())
            m_flushTimer.start();
    });
    connect(watch, &WatchService::scanFailed, this, [this](const QString &message) { showMessage(message, true); });
    DiscoveryService *discovery = watch->discovery();
    connect(discovery, &DiscoveryService::started, this, [this] {
        m_proxy->setBulkLoading(true);
        m_unreadable.clear();
        onScanProgress({}, false);
    });
    connect(discovery, &DiscoveryService::keysUnreadable, this, [this](const QList<KeySample> &samples) {
        for (qsizetype i = 0; i < samples.size() && m_unreadable.size() < shownUnreadable; ++i)
            m_unreadable << TokenText::escape(samples.at(i).key);
    });
    connect(discovery, &DiscoveryService::progressChanged, this, [this](const DiscoveryProgress &p) { onScanProgress(p, false); });
    connect(discovery, &DiscoveryService::finished, this, [this](const DiscoveryProgress &p) {
        onScanProgress(p, true);
        // What the table cannot show is said, never left out silently: masters not scanned,
        // and keys under the lock patterns the server would not let us read.
        QStringList incomplete;
        if (const QString missing = p.failedNodesMessage(); !missing.isEmpty())
            incomplete << missing;
        if (p.unreadable > 0) {
            const QString which = m_unreadable.join(QStringLiteral(", ")) + (p.unreadable > m_unreadable.size() ? QStringLiteral(", …") : QString());
            incomplete << tr("%Ln key(s) under the lock patterns could not be read (%1): %2", nullptr, int(p.unreadable)).arg(which, p.readError);
        }
        if (!incomplete.isEmpty())
            showMessage(incomplete.join(QStringLiteral("; ")), true);
        flushUpdates();
        m_proxy->setBulkLoading(false);
        m_columns->fitToContents();
        Q_EMIT scanFinished();
    });
    connect(discovery, &DiscoveryService::failed, this, [this] {
        onScanProgress({}, true);
        m_proxy->setBulkLoading(false);
    });
    connect(discovery, &DiscoveryService::cancelled, this, [this](const DiscoveryProgress &p) {
        onScanProgress(p, true);
        m_proxy->setBulkLoading(false);
        showMessage(tr("Scan cancelled after %L1 keys").arg(p.keysScanned));
    });
    connect(watch, &WatchService::budgetChanged, this, &MainWindow::showBudget);
    connect(session->admin(), &AdminService::actionFinished, this, [this](const AdminPlan &, const AdminResult &result) {
        showMessage(result.message, !result.ok());
        if (Session *s = this->session())
            s->watch()->refresh();
    });
    showSessionState();
}

void MainWindow::showSessionState()
{
    Session *s = session();
    if (!s)
        return;
    // Which master holds a lock only tells something when there are several, or one that moves.
    const bool single = s->isSingleServer();
    m_table->setColumnHidden(LockTableModel::NodeColumn, single);
    m_model->setShards(s->shards());
    const QString caveat = s->caveat();
    m_connectionLabel->setToolTip(caveat);
    const QString where = single && caveat.isEmpty() ? taggedName(s) : tr("%1 — %2").arg(taggedName(s), s->topologySummary().toHtmlEscaped());
    switch (s->state()) {
    case Session::State::Connecting:
        m_connectionLabel->setText(tr("<span style='color:#a06000'>●</span> Connecting to %1…").arg(where));
        break;
    case Session::State::Ready:
        if (caveat.isEmpty()) {
            m_connectionLabel->setText(tr("<span style='color:#1b7f3b'>●</span> %1").arg(where));
            showMessage(tr("Connected"));
        } else {
            // The whole caveat is the label's tooltip; the status line has room for its gist.
            m_connectionLabel->setText(tr("<span style='color:#a06000'>●</span> %1").arg(where));
            showMessage(tr("A replica: what it shows may lag its master, and admin actions fail on it"), true);
        }
        break;
    case Session::State::Degraded: {
        // Short enough for the status bar; which masters, and why, in the tooltip.
        const QStringList down = s->mastersNotAnswering();
        m_connectionLabel->setText(tr("<span style='color:#a06000'>●</span> %1: %n master(s) not answering", nullptr, int(down.size())).arg(where));
        m_connectionLabel->setToolTip(tr("Their locks are shown stale until they answer:\n%1").arg(down.join(QLatin1Char('\n'))));
        break;
    }
    case Session::State::Stalled:
        m_connectionLabel->setText(tr("<span style='color:#a06000'>●</span> %1: not answering").arg(where));
        forgetConnectedMessage();
        break;
    case Session::State::Reconnecting:
        m_connectionLabel->setText(tr("<span style='color:#a06000'>●</span> %1: reconnecting…").arg(where));
        forgetConnectedMessage();
        break;
    case Session::State::Failed:
    case Session::State::Closed:
        m_connectionLabel->setText(tr("<span style='color:#b3261e'>●</span> %1: disconnected").arg(where));
        break;
    }
    updateActions();
}

void MainWindow::showBudget()
{
    Session *s = session();
    if (!s) {
        m_budgetLabel->clear();
        return;
    }
    const WatchService *watch = s->watch();
    const WatchBudget &budget = watch->budget();
    const double load = budget.expectedLoad(watch->locks().size(), std::max<qint64>(0, watch->keyspaceSize()), watch->isEventsLive());
    m_budgetLabel->setText(tr("<a href='budget'>server load ~%1%</a>").arg(load * 100.0, 0, 'f', 1));
    m_budgetLabel->setToolTip(watch->budgetText());
}

void MainWindow::askBudget()
{
    auto *dialog = new QInputDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Server time budget"));
    dialog->setLabelText(tr("Share of one server core that watching may take (re-reading locks and rescanning for new ones). "
                            "Without keyspace notifications, a larger share shows changes sooner."));
    dialog->setInputMode(QInputDialog::DoubleInput);
    dialog->setDoubleRange(0.1, 50.0);
    dialog->setDoubleDecimals(1);
    dialog->setDoubleStep(0.5);
    dialog->setDoubleValue(m_sessions->watchBudget() * 100.0);
    connect(dialog, &QInputDialog::doubleValueSelected, this, [this](double percent) {
        AppSettings s = m_settings;
        s.budgetPercent = percent;
        submitSettings(s);
        m_sessions->setWatchBudget(percent / 100.0);
        showBudget();
    });
    dialog->open();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // Put back what LockScope changed on the server (keyspace notifications) before the
    // process goes: the close completes when the session manager says it is done (or after
    // its grace period, a few seconds at most).
    if (m_shutDown) {
        QMainWindow::closeEvent(event);
        return;
    }
    event->ignore();
    if (!isEnabled())
        return; // closing already
    setEnabled(false);
    showMessage(tr("Closing: putting back what LockScope changed on the server…"));
    m_sessions->shutdown(this, [this] {
        m_shutDown = true;
        close();
    });
}

void MainWindow::flushUpdates()
{
    m_flushTimer.stop();
    if (!m_pendingChanged.isEmpty()) {
        m_model->upsert(m_pendingChanged.values());
        m_pendingChanged.clear();
    }
    if (!m_pendingGone.isEmpty()) {
        m_model->markGone(m_pendingGone.values());
        m_pendingGone.clear();
    }
    if (m_model->rowCount() > 0 && !m_table->currentIndex().isValid())
        m_table->selectRow(0);
    // Rows of gone locks stay on show a while; they are not locks any more.
    const int gone = m_model->goneCount();
    const QString count = tr("%Ln lock(s)", nullptr, m_model->rowCount() - gone);
    m_countLabel->setText(gone > 0 ? tr("%1 (%2 gone)").arg(count).arg(gone) : count);
}

void MainWindow::tick()
{
    // The countdown: repaint the TTL and state cells; the model computes them at paint time.
    QHeaderView *header = m_table->horizontalHeader();
    for (int column : {int(LockTableModel::TtlColumn), int(LockTableModel::StateColumn)}) {
        const int x = header->sectionViewportPosition(column);
        m_table->viewport()->update(QRect(x, 0, header->sectionSize(column), m_table->viewport()->height()));
    }
    const qint64 now = MonotonicClock::nowMs();
    if (now - m_lastPrune >= 1000) {
        m_lastPrune = now;
        m_model->pruneGone(now, goneRetentionMs);
    }
}

void MainWindow::onScanProgress(const DiscoveryProgress &p, bool done)
{
    if (done) {
        m_progress->hide();
        m_scanLabel->setText(p.keysScanned > 0 ? tr("Scanned %Ln key(s) in %1 s", nullptr, int(std::min<qint64>(p.keysScanned, INT_MAX)))
                                                     .arg(p.elapsedMs / 1000.0, 0, 'f', 1)
                                               : QString());
    } else {
        m_progress->show();
        m_progress->setValue(p.percent());
        m_scanLabel->setText(tr("Scanning: %L1 keys, %L2 locks").arg(p.keysScanned).arg(p.locksFound));
    }
    m_cancelScanAction->setEnabled(!done);
}

void MainWindow::showMessage(const QString &text, bool error)
{
    const QString time = QTime::currentTime().toString(QStringLiteral("HH:mm:ss"));
    m_messageLabel->setText(QStringLiteral("<span style='color:gray'>%1</span> %2")
                                .arg(time, error ? QStringLiteral("<span style='color:%1'>%2</span>").arg(Theme::colorName(Theme::Role::Error), text.toHtmlEscaped())
                                                 : text.toHtmlEscaped()));
    m_messageLabel->setToolTip(text);
    m_messageLabel->setProperty("plainText", text);
}

// "Connected" beside "not answering" would say two things at once: it goes with the state it
// was about. Any other message stays (what the user did, what a scan found).
void MainWindow::forgetConnectedMessage()
{
    if (statusMessage() != tr("Connected"))
        return;
    m_messageLabel->clear();
    m_messageLabel->setToolTip(QString());
    m_messageLabel->setProperty("plainText", QString());
}

QString MainWindow::statusMessage() const
{
    return m_messageLabel->property("plainText").toString();
}

QString MainWindow::connectionStatus() const
{
    return m_connectionLabel->text();
}

const LockInfo *MainWindow::selectedLock() const
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return nullptr;
    return m_model->lock(m_proxy->mapToSource(current).row());
}

void MainWindow::updateSelection()
{
    const LockInfo *lock = selectedLock();
    if (lock)
        m_detail->showLock(*lock);
    else
        m_detail->clear();
    m_live->setSelectedLock(lock);
    updateActions();
}

void MainWindow::updateActions()
{
    Session *current = session();
    const bool ready = current && current->isServing();
    const LockInfo *lock = selectedLock();
    m_rescanAction->setEnabled(ready);
    m_acquireAction->setEnabled(ready && !m_readOnly);
    ActionSupport extend = ActionSupport::no(tr("Select a lock"));
    ActionSupport release = extend;
    if (lock && current) {
        extend = current->admin()->support(AdminAction::Extend, *lock);
        release = current->admin()->support(AdminAction::ForceRelease, *lock);
    }
    if (!ready) {
        extend = ActionSupport::no(tr("Not connected"));
        release = extend;
    }
    m_extendAction->setEnabled(extend.enabled);
    m_extendAction->setToolTip(extend.enabled ? tr("Set a new TTL, guarded by the token you see") : extend.reason);
    m_releaseAction->setEnabled(release.enabled);
    m_releaseAction->setToolTip(release.enabled ? tr("Delete the lock, guarded by the token you see") : release.reason);
    m_detail->setActionState(extend.enabled, extend.reason, release.enabled, release.reason);
    m_copyKeyAction->setEnabled(lock);
    m_copyTokenAction->setEnabled(lock && !lock->holders.isEmpty());
}

void MainWindow::setReadOnly(bool readOnly)
{
    m_readOnly = readOnly;
    if (m_readOnlyAction->isChecked() != readOnly)
        m_readOnlyAction->setChecked(readOnly);
    m_sessions->setReadOnly(readOnly);
    m_band->showConnection(session() ? &session()->profile() : nullptr, readOnly);
    updateActions();
}

bool MainWindow::isReadOnly() const
{
    return m_readOnly;
}

void MainWindow::askHostKey(const QString &destination, const QString &fingerprint, const QString &keyType)
{
    const QPointer<Session> asking = session();
    m_hostKeyQuestion = HostKeyQuestion::ask(destination, fingerprint, keyType, this, [this, asking](HostKeyQuestion::Answer answer) {
        // Answered for the session that asked, never for one that replaced it since.
        if (!asking || asking != session())
            return;
        if (answer == HostKeyQuestion::Answer::Refuse)
            m_sessions->rejectHostKey();
        else
            m_sessions->acceptHostKey(answer == HostKeyQuestion::Answer::TrustAndRemember);
    });
}

QMessageBox *MainWindow::hostKeyQuestion() const
{
    return m_hostKeyQuestion;
}

void MainWindow::setConnectionStore(ConnectionStore *store)
{
    m_connectionStore = store;
    delete m_opener;
    m_opener = nullptr;
}

ConnectionOpener *MainWindow::connectionOpener()
{
    if (!m_opener) {
        m_opener = new ConnectionOpener(m_connectionStore, this);
        connect(m_opener, &ConnectionOpener::ready, this, [this](const ConnectionProfile &profile) {
            setReadOnly(profile.readOnly);
            m_sessions->connectTo(profile);
        });
        connect(m_opener, &ConnectionOpener::cancelled, this, [this](const QString &why) { showMessage(why, true); });
        connect(m_opener, &ConnectionOpener::notice, this, [this](const QString &message) { showMessage(message); });
    }
    return m_opener;
}

void MainWindow::openConnection(const ConnectionProfile &profile)
{
    connectionOpener()->open(profile);
}

void MainWindow::openRedlockGroup(const RedlockGroup &group)
{
    // Each node's saved secrets, one after the other; then the group's own window. The step
    // holds itself only weakly: the pending keychain read keeps it alive, nothing else.
    auto filled = std::make_shared<RedlockGroup>(group);
    auto step = std::make_shared<std::function<void(int)>>();
    *step = [this, filled, weak = std::weak_ptr<std::function<void(int)>>(step)](int node) {
        if (node == filled->size() || !m_connectionStore) {
            auto *view = new RedlockGroupView;
            view->setAttribute(Qt::WA_DeleteOnClose);
            view->setWindowTitle(tr("LockScope — %1").arg(filled->name));
            // Each node as its saved connection reaches it (socket, SSH tunnel), one way for the
            // watch and the admin actions; an unknown bastion key is asked about over this window.
            auto *transport = new GroupTransport(filled->nodes, view);
            connect(transport, &GroupTransport::hostKeyUnknown, view,
                    [view, transport](int node, const QString &destination, const QString &fingerprint, const QString &keyType) {
                        HostKeyQuestion::ask(destination, fingerprint, keyType, view, [transport, node](HostKeyQuestion::Answer answer) {
                            if (answer == HostKeyQuestion::Answer::Refuse)
                                transport->rejectHostKey(node);
                            else
                                transport->acceptHostKey(node, answer == HostKeyQuestion::Answer::TrustAndRemember);
                        });
                    });
            auto *watch = new RedlockWatchService(*filled, m_registry, view, transport);
            view->follow(watch);
            // Read-only as the window is (the service adds its nodes' saved connections); a
            // group with a production node asks for the key before a force-release.
            auto *admin = new RedlockAdminService(*filled, m_registry, m_sessions->audit(), view, transport);
            const bool production = std::any_of(filled->nodes.cbegin(), filled->nodes.cend(),
                                                [](const ConnectionProfile &node) { return node.production; });
            admin->setReadOnly(isReadOnly());
            view->setAdmin(admin, production);
            view->resize(1200, 700);
            view->show();
            watch->start();
            return;
        }
        m_connectionStore->fillSecrets(filled->nodes.at(node), this,
                                       [this, filled, next = weak.lock(), node](const ConnectionProfile &profile,
                                                                                const QList<SecretKind> &missing, const QString &note) {
                                           if (!missing.isEmpty()) {
                                               showMessage(tr("The secrets of %1 are not at hand (%2): connect to it once to give them")
                                                               .arg(profile.name, note),
                                                           true);
                                               return;
                                           }
                                           filled->nodes[node] = profile;
                                           (*next)(node + 1);
                                       });
    };
    (*step)(0);
}

ConnectionDialog *MainWindow::openConnectionDialog()
{
    if (m_connectionDialog) {
        m_connectionDialog->raise();
        m_connectionDialog->activateWindow();
        return m_connectionDialog;
    }
    auto *dialog = new ConnectionDialog(m_connectionStore, this);
    m_connectionDialog = dialog;
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // The connection shown now: selected in the list when it is a saved one, else in the
    // editor (to connect again, or to save).
    if (Session *s = session(); s && !dialog->selectConnection(s->profile().id)) {
        ConnectionProfile shown = s->profile();
        shown.readOnly = m_readOnly;
        dialog->setProfile(shown);
    } else if (!s) {
        ConnectionProfile shown = dialog->profile();
        shown.readOnly = shown.readOnly || m_readOnly;
        dialog->setProfile(shown);
    }
    dialog->setSandboxAvailable(m_sessions->hasSandbox());
    connect(dialog, &ConnectionDialog::connectRequested, this, &MainWindow::openConnection);
    connect(dialog, &ConnectionDialog::sandboxRequested, m_sessions, &SessionManager::openSandbox);
    connect(dialog, &ConnectionDialog::redlockGroupRequested, this, &MainWindow::openRedlockGroup);
    dialog->open();
    return dialog;
}

void MainWindow::requestAcquire()
{
    if (!session())
        return;
    auto *dialog = new AcquireDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setDialects(m_registry->dialects());
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (Session *s = session())
            confirmAndRun(s->admin()->planAcquire(dialog->key(), dialog->token(), dialog->ttlMs(), dialog->dialect()));
    });
    dialog->open();
}

void MainWindow::requestExtend()
{
    const LockInfo *lock = selectedLock();
    if (!lock || !session())
        return;
    const LockInfo observed = *lock;
    const QByteArray token = m_detail->selectedToken();
    auto *dialog = new AcquireDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setExtendMode(observed.key(), token, observed.sample.pttlMs > 0 ? observed.sample.pttlMs : 30000);
    connect(dialog, &QDialog::accepted, this, [this, dialog, observed, token] {
        if (Session *s = session())
            confirmAndRun(s->admin()->planExtend(observed, token, dialog->ttlMs()));
    });
    dialog->open();
}

void MainWindow::requestForceRelease()
{
    const LockInfo *lock = selectedLock();
    if (!lock || !session())
        return;
    // The plan carries the lock as seen now; if it changes before the click on "Run", the
    // script's guard refuses. Of a lock several clients hold (readers, permits) only the
    // holder picked in the detail panel is released, as its own unlock would; any other lock
    // is force-released as observed.
    const Dialect *dialect = m_registry->find(lock->dialect);
    if (dialect && dialect->isShared() && lock->holders.size() > 1)
        confirmAndRun(session()->admin()->planRelease(*lock, m_detail->selectedToken()));
    else
        confirmAndRun(session()->admin()->planForceRelease(*lock));
}

void MainWindow::confirmAndRun(const AdminPlan &plan)
{
    if (!session())
        return;
    if (!plan.allowed) {
        showMessage(tr("Cannot %1: %2").arg(plan.actionName(), plan.refusal), true);
        return;
    }
    auto *dialog = new AdminConfirmDialog(plan, session()->displayName(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // On production, a release runs only once the operator has typed the key.
    if (session()->profile().production
        && (plan.action == AdminAction::ForceRelease || plan.action == AdminAction::ReleaseHolder))
        dialog->requireTypedKey(session()->displayName());
    const QPointer<Session> planned = session();
    connect(dialog, &QDialog::accepted, this, [this, dialog, planned] {
        // The session may have been replaced while the dialog was open: never run the
        // plan against a server other than the one it was made for.
        if (!planned || planned != session()) {
            showMessage(tr("Not run: the connection changed while the confirmation was open"), true);
            return;
        }
        planned->admin()->execute(dialog->plan(), this, {});
    });
    dialog->open();
}

void MainWindow::showTableMenu(const QPoint &pos)
{
    if (!m_table->indexAt(pos).isValid())
        return;
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addActions({m_extendAction, m_releaseAction});
    menu->addSeparator();
    menu->addActions({m_copyKeyAction, m_copyTokenAction});
    menu->popup(m_table->viewport()->mapToGlobal(pos));
}

void MainWindow::setSettings(const AppSettings &settings)
{
    m_settings = settings;
    m_live->setStuckAfter(settings.stuckAfterMs);
    m_live->setChartWindow(settings.chartWindowMs);
    const QSignalBlocker quiet(m_live->alerts()->trayToggle()); // what was set is not news
    m_live->alerts()->setTrayNotifications(settings.desktopNotifications);
    if (m_settingsDialog)
        m_settingsDialog->setSettings(settings);
}

void MainWindow::submitSettings(const AppSettings &settings)
{
    setSettings(settings);
    Q_EMIT settingsSubmitted(m_settings);
}

SettingsDialog *MainWindow::openSettings()
{
    if (!m_settingsDialog) {
        m_settingsDialog = new SettingsDialog(this);
        m_settingsDialog->setAttribute(Qt::WA_DeleteOnClose);
        m_settingsDialog->setLanguages(m_languages);
        m_settingsDialog->setDefaultAuditLogPath(AuditLog::defaultPath());
        m_settingsDialog->setNotificationsAvailable(m_live->alerts()->trayAvailable());
        m_settingsDialog->setSettings(m_settings);
        connect(m_settingsDialog, &SettingsDialog::submitted, this, &MainWindow::submitSettings);
    }
    m_settingsDialog->show(); // modeless: the table keeps running while settings are tried
    m_settingsDialog->raise();
    m_settingsDialog->activateWindow();
    return m_settingsDialog;
}

ShortcutsDialog *MainWindow::openShortcuts()
{
    auto *dialog = new ShortcutsDialog(menuBar(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

WindowLayout MainWindow::saveLayout() const
{
    return {saveGeometry(), saveState(), m_table->horizontalHeader()->saveState()};
}

void MainWindow::restoreLayout(const WindowLayout &layout)
{
    if (!layout.geometry.isEmpty())
        restoreGeometry(layout.geometry);
    if (!layout.state.isEmpty())
        restoreState(layout.state);
    QHeaderView *header = m_table->horizontalHeader();
    if (!layout.lockTableHeader.isEmpty() && header->restoreState(layout.lockTableHeader)) {
        m_columns->keepUserWidths();
        // The header remembers the sort indicator; the proxy sorts only when told.
        m_table->sortByColumn(header->sortIndicatorSection(), header->sortIndicatorOrder());
    }
}
