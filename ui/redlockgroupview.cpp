#include "redlockgroupview.h"

#include "acquiredialog.h"
#include "adminconfirmdialog.h"
#include "lockinfo.h"
#include "monotonicclock.h"
#include "redlockadminservice.h"
#include "redlockgroupmodel.h"
#include "redlockwatchservice.h"
#include "tokentext.h"

#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QListWidget>
#include <QMenu>
#include <QPointer>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace {
constexpr int maxEvents = 500;
}

RedlockGroupView::RedlockGroupView(QWidget *parent)
    : QWidget(parent)
    , m_model(new RedlockGroupModel(this))
    , m_summary(new QLabel(this))
    , m_table(new QTableView(this))
    , m_events(new QListWidget(this))
    , m_status(new QLabel(this))
    , m_actions(new QWidget(this))
    , m_acquire(new QPushButton(tr("Acquire…"), m_actions))
    , m_extend(new QPushButton(tr("Extend…"), m_actions))
    , m_release(new QPushButton(tr("Force release…"), m_actions))
{
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    m_table->setModel(m_model);
    m_table->setObjectName(QStringLiteral("redlockGroupTable"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    // Columns the user can size. Until they do, each is as wide as what it shows, up to a
    // bound: one long key or holder must not push the state and the nodes out of sight.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setWordWrap(false);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int, int oldSize, int newSize) {
        if (!m_fitting && oldSize > 0 && newSize > 0)
            m_userWidths = true;
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { fitColumns(true); });
    connect(m_model, &QAbstractItemModel::headerDataChanged, this, [this] { fitColumns(true); });
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

    // The admin actions: shown once there is a service to run them (not in the training view).
    auto *actionsLayout = new QHBoxLayout(m_actions);
    actionsLayout->setContentsMargins(0, 0, 0, 0);
    actionsLayout->addWidget(m_acquire);
    actionsLayout->addWidget(m_extend);
    actionsLayout->addWidget(m_release);
    actionsLayout->addWidget(m_status, 1);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setObjectName(QStringLiteral("redlockGroupStatus"));
    m_release->setStyleSheet(QStringLiteral("QPushButton:enabled { color: #b3261e; }"));
    m_actions->hide();
    connect(m_acquire, &QPushButton::clicked, this, &RedlockGroupView::requestAcquire);
    connect(m_extend, &QPushButton::clicked, this, &RedlockGroupView::requestExtend);
    connect(m_release, &QPushButton::clicked, this, &RedlockGroupView::requestForceRelease);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &RedlockGroupView::updateActions);
    // A reading replaces the rows: what is selected may have changed state.
    connect(m_model, &QAbstractItemModel::modelReset, this, &RedlockGroupView::updateActions);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &RedlockGroupView::updateActions);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        if (!m_admin || !m_table->indexAt(pos).isValid())
            return;
        auto *menu = new QMenu(this);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->addAction(m_extend->text(), this, &RedlockGroupView::requestExtend)->setEnabled(m_extend->isEnabled());
        menu->addAction(m_release->text(), this, &RedlockGroupView::requestForceRelease)->setEnabled(m_release->isEnabled());
        menu->popup(m_table->viewport()->mapToGlobal(pos));
    });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_actions);
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

// The state, validity and node columns are short: each gets what it shows. The key and the
// holder share what is left, the key first, each elided in the middle past its share (their
// tooltips are whole). As readings come, widths only grow (grow): a countdown that gets
// shorter must not make the columns jump; a new width of the view shares anew.
void RedlockGroupView::fitColumns(bool grow)
{
    if (m_userWidths || m_model->columnCount() == 0)
        return;
    const QHeaderView *header = m_table->horizontalHeader();
    const QAbstractItemView *cells = m_table; // QTableView hides the public sizeHintForColumn()
    grow = grow && m_model->rowCount() > 0 && m_fitted;
    QList<int> widths(m_model->columnCount());
    int rest = m_table->viewport()->width();
    for (int column = 0; column < widths.size(); ++column) {
        const int wanted = std::max(header->sectionSizeHint(column), cells->sizeHintForColumn(column));
        widths[column] = grow ? std::max(wanted, m_table->columnWidth(column)) : wanted;
        if (column != RedlockGroupModel::KeyColumn && column != RedlockGroupModel::HolderColumn)
            rest -= widths.at(column);
    }
    constexpr int leastKey = 160, leastHolder = 120;
    int &key = widths[RedlockGroupModel::KeyColumn];
    int &holder = widths[RedlockGroupModel::HolderColumn];
    key = std::min(key, std::max(leastKey, rest * 11 / 20));
    holder = std::min(holder, std::max(leastHolder, rest - key));
    if (grow) {
        key = std::max(key, m_table->columnWidth(RedlockGroupModel::KeyColumn));
        holder = std::max(holder, m_table->columnWidth(RedlockGroupModel::HolderColumn));
    }
    m_fitting = true;
    for (int column = 0; column < widths.size(); ++column)
        m_table->setColumnWidth(column, widths.at(column));
    m_fitting = false;
    m_fitted = m_model->rowCount() > 0;
}

void RedlockGroupView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitColumns(false);
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
    text += down.isEmpty() ? tr("; all nodes answer") : tr("; unreadable: %1").arg(down.join(QStringLiteral(", ")));
    m_summary->setText(text);
}

void RedlockGroupView::addEvents(const QList<RedlockEvent> &events)
{
    for (const RedlockEvent &e : events) {
        const QString time = QDateTime::fromMSecsSinceEpoch(e.timeMs).toString(QStringLiteral("HH:mm:ss"));
        QString what = e.isNodeEvent() ? tr("node %1 (%2)").arg(e.node + 1).arg(e.nodeName) : TokenText::escape(e.key);
        if (e.isNodeEvent() && !(e.error + e.message).isEmpty())
            what += QStringLiteral(": ") + (e.error.isEmpty() ? e.message : e.error);
        else if (e.kind == RedlockEvent::Kind::Lost)
            what += QStringLiteral("  ") + e.message;
        else if (!e.isNodeEvent() && !e.token.isNull())
            what += QStringLiteral("  ") + TokenText::escape(e.token);
        auto *item = new QListWidgetItem(QStringLiteral("%1  %2  %3").arg(time, RedlockEvent::kindText(e.kind), what));
        item->setData(Qt::UserRole, RedlockEvent::kindId(e.kind));
        m_events->insertItem(0, item);
    }
    while (m_events->count() > maxEvents)
        delete m_events->takeItem(m_events->count() - 1);
}

void RedlockGroupView::setAdmin(RedlockAdminService *admin, bool production)
{
    m_admin = admin;
    m_production = production;
    m_actions->setVisible(admin != nullptr);
    updateActions();
}

const RedlockObservation *RedlockGroupView::selected() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty() || rows.first().row() >= m_model->rowCount())
        return nullptr;
    return &m_model->observationAt(rows.first().row());
}

void RedlockGroupView::updateActions()
{
    if (!m_admin)
        return;
    const QString readOnlyReason = m_admin->readOnlyReason();
    const bool readOnly = !readOnlyReason.isEmpty();
    const RedlockObservation *o = selected();
    const RedlockObservation::Assessment a = o ? o->assess(m_admin->group().driftFactor) : RedlockObservation::Assessment{};
    const bool majority = o && (a.quorum == RedlockObservation::Quorum::Held || a.quorum == RedlockObservation::Quorum::Degraded);
    m_acquire->setEnabled(!readOnly);
    m_extend->setEnabled(!readOnly && majority);
    m_release->setEnabled(!readOnly && o && a.holding > 0);
    const QString why = readOnly ? tr("Admin actions are refused: %1").arg(readOnlyReason) : QString();
    for (QPushButton *b : {m_acquire, m_extend, m_release})
        b->setToolTip(why);
}

void RedlockGroupView::requestAcquire()
{
    if (!m_admin)
        return;
    auto *dialog = new AcquireDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setDialects(m_admin->acquirableDialects());
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        confirmAndRun(m_admin->planAcquire(dialog->key(), dialog->token(), dialog->ttlMs(), dialog->dialect()));
    });
    dialog->open();
}

void RedlockGroupView::requestExtend()
{
    const RedlockObservation *o = selected();
    if (!m_admin || !o)
        return;
    // The majority's token, for as long as its nodes have left (or 30 s when none expires).
    const RedlockObservation::Assessment a = o->assess(m_admin->group().driftFactor);
    qint64 ttl = -1;
    for (int i : a.tokenNodes)
        ttl = std::max(ttl, o->nodes.at(i).ttlMs);
    const QByteArray key = o->key;
    const QByteArray token = a.token;
    auto *dialog = new AcquireDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setExtendMode(key, token, ttl > 0 ? ttl : 30000);
    connect(dialog, &QDialog::accepted, this, [this, dialog, key, token] {
        confirmAndRun(m_admin->planExtend(key, token, dialog->ttlMs()));
    });
    dialog->open();
}

void RedlockGroupView::requestForceRelease()
{
    // Guarded on each node by the token seen there in this reading: a node that changed
    // hands since refuses, and the result names it.
    if (const RedlockObservation *o = selected(); m_admin && o)
        confirmAndRun(m_admin->planForceRelease(*o));
}

void RedlockGroupView::confirmAndRun(const RedlockAdminPlan &plan)
{
    if (!plan.action.allowed) {
        m_status->setText(tr("Cannot %1: %2").arg(plan.action.actionName(), plan.action.refusal));
        return;
    }
    const RedlockGroup &group = m_admin->group();
    auto *dialog = new AdminConfirmDialog(plan.action,
                                          tr("%1 (%n node(s), quorum %2)", nullptr, group.size())
                                              .arg(group.name.isEmpty() ? tr("Redlock group") : group.name)
                                              .arg(group.quorum()),
                                          this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->addDetail(tr("On each node"), plan.guardText());
    if (m_production && plan.action.action == AdminAction::ForceRelease)
        dialog->requireTypedKey(group.name);
    const QPointer<RedlockAdminService> admin = m_admin;
    connect(dialog, &QDialog::accepted, this, [this, admin, plan] {
        if (!admin || admin != m_admin)
            return;
        m_status->setText(tr("Running %1 on %2…").arg(plan.action.actionName(), TokenText::escape(plan.action.key)));
        admin->execute(plan, this, [this, plan](const RedlockAdminResult &result) { showResult(plan, result); });
    });
    dialog->open();
}

void RedlockGroupView::showResult(const RedlockAdminPlan &plan, const RedlockAdminResult &result)
{
    // The outcome, and under it what happened on every node, newest first as the events are.
    const QString time = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss"));
    const QString action = plan.action.actionName();
    QString headline = tr("%1 %2: %3").arg(action, TokenText::escape(plan.action.key), result.result.outcomeId());
    if (!result.result.message.isEmpty())
        headline += QStringLiteral(" — ") + result.result.message;
    m_status->setText(headline);
    QStringList lines{QStringLiteral("%1  %2").arg(time, headline)};
    for (const RedlockNodeResult &n : result.nodes) {
        QString line = QStringLiteral("%1      %2  %3").arg(time, n.node, RedlockNodeResult::outcomeId(n.outcome));
        if (!n.found.isEmpty())
            line += QStringLiteral("  ") + tr("holds %1").arg(TokenText::escape(n.found));
        if (!n.message.isEmpty())
            line += QStringLiteral("  ") + n.message;
        lines << line;
    }
    // Inserted last line first: the headline ends up above its nodes, newest on top.
    for (auto line = lines.crbegin(); line != lines.crend(); ++line) {
        auto *item = new QListWidgetItem(*line);
        item->setData(Qt::UserRole, QStringLiteral("admin"));
        if (!result.result.ok())
            item->setForeground(QColor(0xb3, 0x26, 0x1e));
        m_events->insertItem(0, item);
    }
}
