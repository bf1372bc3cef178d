#include "watchdashboard.h"

#include "hotlockmodel.h"
#include "livechart.h"
#include "lockhistorycharts.h"
#include "renewalchart.h"
#include "tokentext.h"
#include "watchrecorder.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace {
constexpr int hotChartLocks = 5;

// Reads LockScope itself makes to inspect locks (the inspection script's commands count in
// commandstats too): the total includes them, the breakdown shows what the applications do.
const QSet<QByteArray> inspectionReads = {"type",  "pttl",  "strlen", "getrange", "hlen",  "hgetall", "hscan",
                                          "zcard", "zrange", "llen",  "lrange",   "scard", "sscan",   "xlen",
                                          "scan",  "info",  "dbsize", "ping",     "config|get", "client|setname"};

const QList<QColor> seriesColors = {QColor(0x1f, 0x5f, 0xbf), QColor(0xb3, 0x26, 0x1e), QColor(0x1b, 0x7f, 0x3b),
                               QColor(0xb0, 0x60, 0x00), QColor(0x8e, 0x44, 0xad), QColor(0x00, 0x83, 0x8f)};

QColor kindColor(LockEventKind kind)
{
    switch (kind) {
    case LockEventKind::Acquired:
        return QColor(0x1f, 0x5f, 0xbf);
    case LockEventKind::Released:
        return QColor(0x1b, 0x7f, 0x3b);
    case LockEventKind::Renewed:
        return QColor(0x8e, 0x8e, 0x8e);
    case LockEventKind::Expired:
        return QColor(0xb3, 0x26, 0x1e);
    case LockEventKind::HandedOver:
        return QColor(0x8e, 0x44, 0xad);
    case LockEventKind::Lost:
        return QColor(0xe0, 0x7b, 0x00); // orange: the reds are taken by expired
    default:
        return QColor(0xb0, 0x60, 0x00);
    }
}

QLabel *note(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setContentsMargins(6, 2, 6, 2);
    label->setStyleSheet(QStringLiteral("color: gray"));
    return label;
}

QWidget *column(QWidget *parent, const QList<QWidget *> &widgets, const QList<int> &stretch)
{
    auto *w = new QWidget(parent);
    auto *layout = new QVBoxLayout(w);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    for (qsizetype i = 0; i < widgets.size(); ++i)
        layout->addWidget(widgets.at(i), stretch.value(i));
    return w;
}
} // namespace

WatchDashboard::WatchDashboard(WatchRecorder *recorder, QWidget *parent)
    : QWidget(parent)
    , m_recorder(recorder)
    , m_tabs(new QTabWidget(this))
    , m_events(new LiveChart(tr("Lock events per second"), this))
    , m_commands(new LiveChart(tr("Server commands per second (INFO commandstats)"), this))
    , m_waiters(new LiveChart(tr("Waiters on the hottest locks"), this))
    , m_hotTable(new QTableView(this))
    , m_renewals(new RenewalChart(this))
    , m_history(new LockHistoryCharts(&recorder->timelines(), this, this))
{
    m_events->setValueLabel(tr("events/s"));
    m_commands->setValueLabel(tr("calls/s"));
    m_commands->setToolTip(tr("All commands of all clients, LockScope's own reads included; the busiest commands "
                              "other than those reads, one line each"));
    m_waitersEmpty = new QCPItemText(m_waiters->plot());
    m_waitersEmpty->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_waitersEmpty->position->setCoords(0.5, 0.45);
    m_waitersEmpty->setText(tr("No hot lock has visible waiters right now.\nRedisson locks, fair queues and semaphores show "
                               "theirs;\nfor plain SET NX locks, sample failed acquisitions."));
    m_waitersEmpty->setColor(Qt::gray);
    m_waitersEmpty->setTextAlignment(Qt::AlignCenter);
    m_waiters->setValueLabel(tr("waiting clients"));

    // Activity: what happens to locks, next to what the server does.
    auto *activity = new QSplitter(Qt::Horizontal, m_tabs);
    activity->addWidget(m_events);
    activity->addWidget(m_commands);
    activity->setStretchFactor(0, 3);
    activity->setStretchFactor(1, 2);

    // Contention: waiters over time and who is hot now.
    m_hotTable->setModel(recorder->hotLocks());
    m_hotTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_hotTable->setWordWrap(false);
    m_hotTable->setTextElideMode(Qt::ElideMiddle);
    m_hotTable->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_hotTable->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_hotTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_hotTable->horizontalHeader()->setSectionResizeMode(HotLockModel::KeyColumn, QHeaderView::Stretch);
    connect(m_hotTable, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        Q_EMIT lockActivated(index.data(HotLockModel::KeyBytesRole).toByteArray());
    });
    auto *contention = new QSplitter(Qt::Horizontal, m_tabs);
    contention->addWidget(m_waiters);
    contention->addWidget(column(contention,
                                 {note(tr("Hottest locks of the last minute. Waiters show where the lock library makes "
                                          "them visible (Redisson's unlock channel and fair queue, semaphore queues); "
                                          "a client retrying SET NX leaves no trace, so sample failed acquisitions "
                                          "(Watch menu) to count those. Double-click to select."),
                                       contention),
                                  m_hotTable},
                                 {0, 1}));
    contention->setStretchFactor(0, 1);
    contention->setStretchFactor(1, 1);

    // Renewals: the selected lock's sawtooth, and every renewing lock's rhythm.
    auto *renewals = new QSplitter(Qt::Horizontal, m_tabs);
    renewals->addWidget(m_history->ttlChart());
    renewals->addWidget(m_renewals);
    renewals->setStretchFactor(0, 3);
    renewals->setStretchFactor(1, 2);
    connect(m_renewals, &RenewalChart::lockActivated, this, &WatchDashboard::lockActivated);

    m_tabs->addTab(activity, tr("Activity"));
    m_tabs->addTab(contention, tr("Contention"));
    m_tabs->addTab(renewals, tr("Renewals"));
    m_tabs->addTab(m_history->holderChart(), tr("Holders"));
    m_tabs->setDocumentMode(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    rebind();
}

WatchDashboard::~WatchDashboard() = default;

void WatchDashboard::rebind()
{
    bindEvents();
    m_boundCommands = {"\x01"}; // forces the next bind
    bindCommands();
    m_boundWaiters = {"\x01"};
    bindWaiters();
}

void WatchDashboard::bindEvents()
{
    m_events->removeAllSeries();
    for (LockEventKind kind : {LockEventKind::Acquired, LockEventKind::Released, LockEventKind::Renewed, LockEventKind::Expired,
                               LockEventKind::HandedOver, LockEventKind::Lost})
        m_events->addSeries(LockEvent::kindText(kind).toLower(), &m_recorder->rates().series(kind), kindColor(kind), LiveChart::Style::Step);
}

void WatchDashboard::bindCommands()
{
    const QList<QByteArray> busiest = m_recorder->commandRates().busiest(5, inspectionReads);
    if (busiest == m_boundCommands)
        return;
    m_boundCommands = busiest;
    m_commands->removeAllSeries();
    m_commands->addSeries(tr("all"), &m_recorder->commandRates().total(), QColor(0x44, 0x44, 0x44));
    int i = 0;
    for (const QByteArray &command : busiest)
        if (const TimeSeries *s = m_recorder->commandRates().series(command))
            m_commands->addSeries(QString::fromUtf8(command).toUpper(), s, seriesColors.at(i++ % seriesColors.size()));
}

void WatchDashboard::bindWaiters()
{
    const QList<QByteArray> hot = m_recorder->hotLocks()->hotKeysWithWaiters(hotChartLocks);
    if (hot == m_boundWaiters)
        return;
    m_boundWaiters = hot;
    m_waiters->removeAllSeries();
    m_waiters->setLegendVisible(!hot.isEmpty());
    m_waitersEmpty->setVisible(hot.isEmpty());
    int i = 0;
    for (const QByteArray &key : hot)
        if (const TimeSeries *s = m_recorder->hotLocks()->waitersSeries(key))
            m_waiters->addSeries(TokenText::escape(key), s, seriesColors.at(i++ % seriesColors.size()), LiveChart::Style::Step);
}

void WatchDashboard::setSelectedLock(const std::optional<LockInfo> &lock, qint64 wallOffsetMs)
{
    m_history->setLock(lock, wallOffsetMs);
}

void WatchDashboard::update(qint64 nowMs)
{
    // The recorder may have dropped a series that was bound; rebinding right after it
    // advanced (same call chain) means a chart never reads a dropped one.
    bindCommands();
    bindWaiters();
    if (m_renewals->isVisible())
        m_renewals->setPoints(m_recorder->timelines().renewalPoints());
    Q_UNUSED(nowMs)
}

void WatchDashboard::updateSelected(qint64 nowMs)
{
    if (m_history->ttlChart()->isVisible() || m_history->holderChart()->isVisible())
        m_history->refresh(nowMs);
}

void WatchDashboard::setChartWindow(qint64 ms)
{
    for (LiveChart *chart : findChildren<LiveChart *>())
        chart->setWindow(ms);
}
