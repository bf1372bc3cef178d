#include "redlockgroupview.h"

#include "lockinfo.h"
#include "monotonicclock.h"
#include "redlockgroupmodel.h"
#include "redlockwatchservice.h"
#include "tokentext.h"

#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace {
constexpr int maxEvents = 500;
}

RedlockGroupView::RedlockGroupView(QWidget *parent)
    : QWidget(parent)
    , m_model(new RedlockGroupModel(this))
    , m_summary(new QLabel(this))
    , m_table(new QTableView(this))
    , m_events(new QListWidget(this))
{
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    m_table->setModel(m_model);
    m_table->setObjectName(QStringLiteral("redlockGroupTable"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    // Every column as wide as what it shows: a token, a TTL or "unreadable" is never cut.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_events->setObjectName(QStringLiteral("redlockGroupEvents"));

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    auto *eventsBox = new QWidget(split);
    auto *eventsLayout = new QVBoxLayout(eventsBox);
    eventsLayout->setContentsMargins(0, 0, 0, 0);
    eventsLayout->addWidget(new QLabel(tr("Group events"), eventsBox));
    eventsLayout->addWidget(m_events);
    split->addWidget(eventsBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(split);

    // Validity and TTLs count down between readings.
    m_tick.setInterval(250);
    connect(&m_tick, &QTimer::timeout, this, [this] { m_model->tick(MonotonicClock::nowMs()); });
    m_tick.start();
    updateSummary();
}

void RedlockGroupView::follow(RedlockWatchService *watch)
{
    const RedlockGroup &group = watch->group();
    QStringList names;
    for (int i = 0; i < group.size(); ++i)
        names << group.nodeName(i);
    m_model->setNodes(names);
    m_model->setDriftFactor(group.driftFactor);
    setTitle(group.name.isEmpty() ? tr("Redlock group") : group.name);
    connect(watch, &RedlockWatchService::observed, this, [this, watch](const QList<RedlockObservation> &observations) {
        m_model->setObservations(observations, MonotonicClock::nowMs());
        setNodeErrors(watch->nodeErrors());
    });
    connect(watch, &RedlockWatchService::eventsDerived, this, &RedlockGroupView::addEvents);
}

void RedlockGroupView::setTitle(const QString &title)
{
    m_title = title;
    updateSummary();
}

void RedlockGroupView::setNodeErrors(const QStringList &errors)
{
    m_errors = errors;
    m_model->setNodeErrors(errors);
    updateSummary();
}

void RedlockGroupView::updateSummary()
{
    const int n = int(m_model->nodes().size());
    QStringList down;
    for (int i = 0; i < m_errors.size(); ++i)
        if (!m_errors.at(i).isEmpty())
            down << tr("node %1 (%2)").arg(i + 1).arg(m_model->nodes().value(i));
    QString text = tr("%1: %n node(s), quorum %2", nullptr, n).arg(m_title).arg(RedlockQuorum::quorum(n));
    text += down.isEmpty() ? tr("; all nodes answer") : tr("; down: %1").arg(down.join(QStringLiteral(", ")));
    m_summary->setText(text);
}

void RedlockGroupView::addEvents(const QList<RedlockEvent> &events)
{
    for (const RedlockEvent &e : events) {
        const QString time = QDateTime::fromMSecsSinceEpoch(e.timeMs).toString(QStringLiteral("HH:mm:ss"));
        QString what = e.isNodeEvent() ? tr("node %1 (%2)").arg(e.node + 1).arg(e.nodeName) : TokenText::escape(e.key);
        if (e.isNodeEvent() && !e.error.isEmpty())
            what += QStringLiteral(": ") + e.error;
        else if (!e.isNodeEvent() && !e.token.isNull())
            what += QStringLiteral("  ") + TokenText::escape(e.token);
        auto *item = new QListWidgetItem(QStringLiteral("%1  %2  %3").arg(time, RedlockEvent::kindText(e.kind), what));
        item->setData(Qt::UserRole, RedlockEvent::kindId(e.kind));
        m_events->insertItem(0, item);
    }
    while (m_events->count() > maxEvents)
        delete m_events->takeItem(m_events->count() - 1);
}
