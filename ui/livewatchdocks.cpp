#include "livewatchdocks.h"

#include "alertspanel.h"
#include "commandstatspoller.h"
#include "elidedlabel.h"
#include "eventlogpanel.h"
#include "failedacquiresampler.h"
#include "keyspacenotifications.h"
#include "lockalertmodel.h"
#include "lockeventservice.h"
#include "lockinfo.h"
#include "monotonicclock.h"
#include "samplerdialog.h"
#include "session.h"
#include "shortcutsdialog.h"
#include "watchdashboard.h"
#include "watchrecorder.h"
#include "watchservice.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace {
constexpr int selectedRefreshMs = 250;
} // namespace

LiveWatchDocks::LiveWatchDocks(QMainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_recorder(new WatchRecorder(this))
    , m_dashboard(new WatchDashboard(m_recorder))
    , m_log(new EventLogPanel)
    , m_alerts(new AlertsPanel)
    , m_chartsDock(new QDockWidget(tr("Live charts"), window))
    , m_logDock(new QDockWidget(tr("Event log"), window))
    , m_alertsDock(new QDockWidget(tr("Alerts"), window))
    , m_statusLight(new QLabel(window))
    , m_headerLight(new QLabel)
    , m_headerStatus(new ElidedLabel(Qt::ElideRight))
    , m_samplerLabel(new QLabel)
    , m_notificationsAction(new QAction(tr("Use &keyspace notifications…"), this))
    , m_samplerAction(new QAction(tr("&Sample failed acquisitions…"), this))
    , m_stuckGroup(new QActionGroup(this))
{
    m_log->setLog(m_recorder->log());
    m_alerts->setModel(m_recorder->alerts());
    connect(m_dashboard, &WatchDashboard::lockActivated, this, &LiveWatchDocks::lockActivated);
    connect(m_log, &EventLogPanel::lockActivated, this, &LiveWatchDocks::lockActivated);
    connect(m_alerts, &AlertsPanel::lockActivated, this, &LiveWatchDocks::lockActivated);
    connect(m_alerts, &AlertsPanel::openAlertsChanged, this, [this](int open) {
        m_alertsDock->setWindowTitle(open > 0 ? tr("Alerts (%1)").arg(open) : tr("Alerts"));
    });

    // A threshold set in Settings may be none of the menu's: then none is checked.
    m_stuckGroup->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);
    m_notificationsAction->setCheckable(true);
    m_notificationsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_samplerAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    m_notificationsAction->setToolTip(notificationCost());
    connect(m_notificationsAction, &QAction::triggered, this, &LiveWatchDocks::askToEnableNotifications);
    m_samplerAction->setToolTip(tr("Count failed lock acquisitions with MONITOR for a limited time (costly on busy servers)"));
    connect(m_samplerAction, &QAction::triggered, this, &LiveWatchDocks::toggleSampler);

    auto *charts = new QWidget;
    auto *layout = new QVBoxLayout(charts);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(buildHeader());
    layout->addWidget(m_dashboard, 1);
    m_chartsDock->setObjectName(QStringLiteral("liveChartsDock"));
    m_chartsDock->setWidget(charts);
    m_logDock->setObjectName(QStringLiteral("eventLogDock"));
    m_logDock->setWidget(m_log);
    m_alertsDock->setObjectName(QStringLiteral("alertsDock"));
    m_alertsDock->setWidget(m_alerts);
    for (QDockWidget *dock : {m_chartsDock, m_logDock, m_alertsDock}) {
        dock->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea | Qt::RightDockWidgetArea);
        window->addDockWidget(Qt::BottomDockWidgetArea, dock);
    }
    window->tabifyDockWidget(m_chartsDock, m_logDock);
    window->tabifyDockWidget(m_logDock, m_alertsDock);
    m_chartsDock->raise();
    window->resizeDocks({m_chartsDock}, {300}, Qt::Vertical); // the table keeps the larger share

    m_statusLight->setTextFormat(Qt::RichText);
    window->statusBar()->addPermanentWidget(m_statusLight);
    buildMenu();

    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, &LiveWatchDocks::tick);
    m_tick.start();
    m_selectedTick.setInterval(selectedRefreshMs);
    connect(&m_selectedTick, &QTimer::timeout, this, &LiveWatchDocks::tickSelected);
    m_selectedTick.start();
    updateStatus();
    updateSampler();
}

LiveWatchDocks::~LiveWatchDocks() = default;

QString LiveWatchDocks::notificationCost()
{
    return tr("<p>With keyspace notifications, Redis tells LockScope the moment a lock is taken, renewed, released "
              "or expires, so events show within about 100 ms instead of at the next refresh.</p>"
              "<p>LockScope will run <code>CONFIG SET notify-keyspace-events</code>, adding <code>Kg$hzxe</code> to "
              "what the server already publishes (keyspace channel; generic, string, hash and sorted-set commands; "
              "expiries and evictions). <b>The cost:</b> for every write to any key of those types, not just locks, "
              "Redis then builds and publishes a notification, a few percent of CPU on a write-heavy server. LockScope "
              "only subscribes to its lock patterns, so the network cost is its own. Lists, sets and streams (often "
              "busy queues) are left out.</p>"
              "<p>LockScope puts the previous setting back when it disconnects, quits or you turn this off. Managed "
              "services often forbid CONFIG; set <code>notify-keyspace-events</code> in their parameter group instead, "
              "and LockScope will use it.</p>");
}

void LiveWatchDocks::buildMenu()
{
    auto *menu = new QMenu(tr("&Watch"), m_window);
    menu->addAction(m_notificationsAction);
    menu->addAction(m_samplerAction);
    menu->addSeparator();
    QMenu *stuck = menu->addMenu(tr("Report a lock as &stuck when held for"));
    for (const auto &[label, ms] : {std::pair{tr("1 minute"), qint64(60'000)}, std::pair{tr("5 minutes"), qint64(300'000)},
                                    std::pair{tr("10 minutes"), qint64(600'000)}, std::pair{tr("30 minutes"), qint64(1'800'000)},
                                    std::pair{tr("1 hour"), qint64(3'600'000)}}) {
        QAction *a = stuck->addAction(label);
        a->setCheckable(true);
        a->setChecked(ms == m_stuckAfterMs);
        a->setActionGroup(m_stuckGroup);
        a->setData(ms);
        // One choice among several: Settings (Ctrl+,) sets any threshold by keyboard.
        ShortcutsDialog::setExempt(a);
        connect(a, &QAction::triggered, this, [this, ms] {
            setStuckAfter(ms);
            Q_EMIT stuckAfterChanged(ms);
        });
    }
    stuck->addSeparator();
    QAction *noTtl = stuck->addAction(tr("(a lock without expiry: after 30 seconds)"));
    noTtl->setEnabled(false);
    ShortcutsDialog::setExempt(noTtl);
    menu->addSeparator();
    int key = Qt::Key_1;
    for (QDockWidget *dock : {m_chartsDock, m_logDock, m_alertsDock}) {
        dock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(key++)));
        menu->addAction(dock->toggleViewAction());
    }
    // Before Help, where menus of this kind usually sit.
    const QList<QAction *> top = m_window->menuBar()->actions();
    if (top.isEmpty())
        m_window->menuBar()->addMenu(menu);
    else
        m_window->menuBar()->insertMenu(top.last(), menu);
}

QWidget *LiveWatchDocks::buildHeader()
{
    auto *header = new QWidget;
    auto *row = new QHBoxLayout(header);
    row->setContentsMargins(6, 3, 6, 3);
    m_headerLight->setTextFormat(Qt::RichText);
    auto *notifications = new QToolButton(header);
    notifications->setDefaultAction(m_notificationsAction);
    notifications->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto *sampler = new QToolButton(header);
    sampler->setDefaultAction(m_samplerAction);
    sampler->setToolButtonStyle(Qt::ToolButtonTextOnly);
    row->addWidget(m_headerLight);
    row->addWidget(m_headerStatus, 1);
    row->addWidget(m_samplerLabel);
    row->addWidget(notifications);
    row->addWidget(sampler);
    return header;
}

void LiveWatchDocks::setSession(Session *session)
{
    if (m_session) {
        m_session->events()->disconnect(this);
        m_session->watch()->disconnect(this);
        m_session->commandStats()->disconnect(this);
        m_session->sampler()->disconnect(this);
        m_session->disconnect(this);
        m_session->events()->disconnect(m_recorder);
        m_session->commandStats()->disconnect(m_recorder);
    }
    m_session = session;
    m_recorder->clear();
    m_dashboard->rebind();
    m_dashboard->setSelectedLock(std::nullopt, 0);
    // Consent to change a server's settings is given per server, never carried over.
    m_notificationsAction->setChecked(false);
    if (!session) {
        updateStatus();
        return;
    }
    LockEventService *events = session->events();
    connect(events, &LockEventService::eventsDerived, m_recorder, &WatchRecorder::record);
    connect(events, &LockEventService::statusChanged, this, &LiveWatchDocks::updateStatus);
    connect(session->watch(), &WatchService::locksChanged, this, [this](const QList<LockInfo> &locks) {
        if (m_session)
            m_recorder->observe(locks, m_session->events()->wallOffset());
    });
    connect(session->commandStats(), &CommandStatsPoller::statsRead, m_recorder, &WatchRecorder::recordCommandStats);
    connect(session, &Session::stateChanged, this, &LiveWatchDocks::updateSampler);
    connect(session, &Session::stateChanged, this, &LiveWatchDocks::updateStatus);
    connect(session->sampler(), &FailedAcquireSampler::stateChanged, this, &LiveWatchDocks::updateSampler);
    connect(session->sampler(), &FailedAcquireSampler::progress, this, &LiveWatchDocks::updateSampler);
    connect(session->sampler(), &FailedAcquireSampler::stopped, this, [this](const QString &reason) {
        m_window->statusBar()->showMessage(tr("Failed-acquisition sampling stopped: %1").arg(reason), 10000);
        updateSampler();
    });
    setStuckAfter(m_stuckAfterMs);
    updateStatus();
    updateSampler();
}

void LiveWatchDocks::setSelectedLock(const LockInfo *lock)
{
    m_dashboard->setSelectedLock(lock ? std::optional<LockInfo>(*lock) : std::nullopt, m_session ? m_session->events()->wallOffset() : 0);
    tickSelected();
}

void LiveWatchDocks::tick()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    m_recorder->advanceTo(now);
    m_dashboard->update(now);
    updateSampler();
}

void LiveWatchDocks::tickSelected()
{
    m_dashboard->updateSelected(QDateTime::currentMSecsSinceEpoch());
}

QString LiveWatchDocks::eventStatus() const
{
    if (!m_session)
        return tr("Not connected");
    // Connecting, reconnecting, stalled: nothing is polled or heard until a server answers.
    return m_session->isServing() ? m_session->events()->statusText() : tr("No events while the server does not answer");
}

void LiveWatchDocks::updateStatus()
{
    if (!m_session) {
        m_statusLight->clear();
        m_headerLight->clear();
        m_headerStatus->setFullText(tr("Not connected"));
        return;
    }
    LockEventService *events = m_session->events();
    const bool serving = m_session->isServing();
    const bool live = serving && events->isLive();
    const QString color = !serving ? QStringLiteral("#808080") : live ? QStringLiteral("#1b7f3b") : QStringLiteral("#a06000");
    const QString text = eventStatus();
    m_statusLight->setText(QStringLiteral("<span style='color:%1'>●</span> %2")
                               .arg(color, !serving ? tr("Events: none, not connected")
                                           : live   ? tr("Events: live")
                                                    : tr("Events: polling every %1").arg(LockInfo::formatTtl(events->pollIntervalMs()))));
    m_statusLight->setToolTip(text);
    m_headerLight->setText(QStringLiteral("<span style='color:%1'>●</span>").arg(color));
    // Several masters' reasons make a long line: cut at the end, whole in the tooltip.
    m_headerStatus->setFullText(text);
    const KeyspaceNotifications *notifier = events->notifier();
    // The toggle says whether LockScope may change the server, not whether it is live.
    QSignalBlocker block(m_notificationsAction);
    m_notificationsAction->setChecked(notifier->mayEnable());
    // A server that publishes them by itself (LockScope's own sandbox does) leaves nothing to ask.
    const bool publishesAlready = notifier->state() == KeyspaceNotifier::State::Live && !notifier->changedServer();
    m_notificationsAction->setEnabled(notifier->state() != KeyspaceNotifier::State::Unverifiable && !publishesAlready);
    m_notificationsAction->setToolTip(publishesAlready ? alreadyLiveText() : QString());
    m_notificationsAction->setText(notifier->changedServer() ? tr("Keyspace notifications: on (turn off)")
                                                             : tr("Use &keyspace notifications…"));
}

QString LiveWatchDocks::alreadyLiveText()
{
    return tr("The server already publishes keyspace notifications: events are live");
}

void LiveWatchDocks::askToEnableNotifications(bool checked)
{
    if (!m_session) {
        m_notificationsAction->setChecked(false);
        return;
    }
    KeyspaceNotifications *notifier = m_session->events()->notifier();
    if (!checked) {
        notifier->setMayEnable(false);
        updateStatus();
        return;
    }
    m_notificationsAction->setChecked(false); // until the user says yes
    if (notifier->state() == KeyspaceNotifier::State::Live && !notifier->changedServer()) {
        m_window->statusBar()->showMessage(alreadyLiveText(), 8000);
        return;
    }
    auto *box = new QMessageBox(QMessageBox::Question, tr("Use keyspace notifications?"), notificationCost(), QMessageBox::Cancel, m_window);
    box->setTextFormat(Qt::RichText);
    QPushButton *yes = box->addButton(tr("Turn them on"), QMessageBox::AcceptRole);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    const QPointer<Session> session = m_session;
    connect(box, &QMessageBox::buttonClicked, this, [this, yes, session](QAbstractButton *button) {
        if (button != static_cast<QAbstractButton *>(yes) || !session || session != m_session)
            return;
        session->events()->notifier()->setMayEnable(true);
        updateStatus();
    });
    box->open();
}

QString LiveWatchDocks::samplerStatus() const
{
    return m_samplerLabel->text();
}

void LiveWatchDocks::updateSampler()
{
    FailedAcquireSampler *sampler = m_session ? m_session->sampler() : nullptr;
    const bool running = sampler && sampler->isRunning();
    m_samplerAction->setEnabled(m_session && m_session->isServing());
    m_samplerAction->setText(running ? tr("Stop sampling (%1 s left)").arg(sampler->secondsLeft()) : tr("&Sample failed acquisitions…"));
    if (!running) {
        m_samplerLabel->clear();
        m_samplerLabel->hide();
        return;
    }
    m_samplerLabel->setText(tr("<b>MONITOR sampling</b>: %L1 commands, %L2 failed acquisitions").arg(sampler->commandsSeen()).arg(sampler->failures()));
    m_samplerLabel->show();
}

void LiveWatchDocks::toggleSampler()
{
    if (!m_session)
        return;
    FailedAcquireSampler *sampler = m_session->sampler();
    if (sampler->isRunning()) {
        sampler->stop(tr("stopped by you"));
        return;
    }
    auto *dialog = new SamplerDialog(m_session->displayName(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QPointer<Session> session = m_session;
    connect(dialog, &QDialog::accepted, this, [this, dialog, session] {
        if (!session || session != m_session)
            return;
        // The locks held now, so an attempt on one of them counts as failed from the start.
        QHash<QByteArray, qint64> held;
        const qint64 offset = session->events()->wallOffset();
        for (const LockInfo &lock : session->watch()->locks()) {
            const qint64 deadline = lock.deadlineMs();
            held.insert(lock.key(), deadline < 0 ? -1 : deadline + offset);
        }
        session->sampler()->setPatterns(session->watch()->discovery()->options().patterns);
        session->sampler()->start(dialog->seconds(), held);
        updateSampler();
    });
    dialog->open();
}

void LiveWatchDocks::setChartWindow(qint64 ms)
{
    m_dashboard->setChartWindow(ms);
}

void LiveWatchDocks::setStuckAfter(qint64 ms)
{
    m_stuckAfterMs = ms;
    for (QAction *a : m_stuckGroup->actions())
        a->setChecked(a->data().toLongLong() == ms);
    if (!m_session)
        return;
    EventDeriver::Options options = m_session->events()->options();
    options.stuckAfterMs = ms;
    m_session->events()->setOptions(options);
}
