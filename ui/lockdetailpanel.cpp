#include "lockdetailpanel.h"

#include "elidedlabel.h"

#include "monotonicclock.h"
#include "theme.h"
#include "tokentext.h"

#include <QEvent>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>

#include <algorithm>

namespace {
QLabel *valueLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setWordWrap(true);
    return label;
}
} // namespace

LockDetailPanel::LockDetailPanel(QWidget *parent)
    : QWidget(parent)
    , m_title(new ElidedLabel(Qt::ElideMiddle, this))
    , m_dialect(valueLabel(this))
    , m_type(valueLabel(this))
    , m_state(valueLabel(this))
    , m_ttl(valueLabel(this))
    , m_holds(valueLabel(this))
    , m_waiters(valueLabel(this))
    , m_details(valueLabel(this))
    , m_warnings(valueLabel(this))
    , m_holders(new QTreeWidget(this))
    , m_raw(new QPlainTextEdit(this))
    , m_extend(new QPushButton(tr("Extend…"), this))
    , m_release(new QPushButton(tr("Force release…"), this))
{
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    QFont titleFont = mono;
    titleFont.setBold(true);
    titleFont.setPointSizeF(mono.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    // A key of hundreds of bytes must not widen the window: cut in the middle, whole in the
    // tooltip (and Copy key).
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont ttlFont = font();
    ttlFont.setBold(true);
    m_ttl->setFont(ttlFont);
    m_ttl->setObjectName(QStringLiteral("ttl"));
    m_warnings->setObjectName(QStringLiteral("warnings"));
    m_ttl->setMinimumWidth(m_ttl->fontMetrics().horizontalAdvance(QStringLiteral("00h 00m (PTTL 0000000 ms)")));
    m_raw->setReadOnly(true);
    m_raw->setFont(mono);
    m_raw->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_holders->setColumnCount(3);
    m_holders->setHeaderLabels({tr("Token"), tr("Holder"), tr("Holds")});
    m_holders->setRootIsDecorated(true);
    m_holders->header()->setStretchLastSection(false);
    m_holders->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_holders->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_holders->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    styleReleaseButton();

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("Dialect"), m_dialect);
    form->addRow(tr("Redis type"), m_type);
    m_node = new QLabel(this);
    form->addRow(tr("Node"), m_node);
    form->addRow(tr("State"), m_state);
    form->addRow(tr("TTL"), m_ttl);
    // Right below what it explains (a stuck state, a TTL that never ends), in the rows that
    // show unscrolled.
    form->addRow(tr("Warnings"), m_warnings);
    form->addRow(tr("Holds"), m_holds);
    form->addRow(tr("Waiters"), m_waiters);
    form->addRow(tr("Details"), m_details);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_extend);
    buttons->addWidget(m_release);
    buttons->addStretch();

    // The facts scroll when the panel is short, so that a lock with many warnings never makes
    // the window taller (fitFacts()); the holders, the raw value and the actions stay in view.
    m_facts = new QWidget(this);
    m_facts->setLayout(form);
    form->setContentsMargins(0, 0, 0, 0);
    auto *scroll = m_factsArea = new QScrollArea(this);
    scroll->setWidget(m_facts);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // On a short panel (a dock below it) the first facts, down to the TTL, still show unscrolled.
    m_leastFactsHeight = 6 * (fontMetrics().lineSpacing() + form->verticalSpacing());
    scroll->setMinimumHeight(m_leastFactsHeight);
    m_raw->setMinimumHeight(3 * m_raw->fontMetrics().lineSpacing());

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(scroll);
    layout->addWidget(new QLabel(tr("Holders"), this));
    layout->addWidget(m_holders);
    layout->addWidget(new QLabel(tr("Raw value"), this));
    layout->addWidget(m_raw, 1);
    layout->addLayout(buttons);

    connect(m_extend, &QPushButton::clicked, this, &LockDetailPanel::extendRequested);
    connect(m_release, &QPushButton::clicked, this, &LockDetailPanel::forceReleaseRequested);
    m_tick.setInterval(100);
    connect(&m_tick, &QTimer::timeout, this, &LockDetailPanel::updateTtl);
    clear();
}

void LockDetailPanel::clear()
{
    m_lock.reset();
    m_tick.stop();
    m_title->setFullText(tr("No lock selected"));
    for (QLabel *l : {m_dialect, m_type, m_node, m_state, m_ttl, m_holds, m_waiters, m_details, m_warnings})
        l->clear();
    m_holders->clear();
    fitHolders();
    m_raw->clear();
    setActionState(false, tr("Select a lock"), false, tr("Select a lock"));
}

// As tall as its rows, up to a few: an empty or one-holder list leaves the room to the facts
// and the raw value, a long one scrolls.
void LockDetailPanel::fitHolders()
{
    constexpr int mostRows = 6;
    int rows = 0;
    for (QTreeWidgetItemIterator it(m_holders); *it && rows < mostRows; ++it)
        ++rows;
    const QAbstractItemView *view = m_holders; // QTreeView hides the public sizeHintForRow()
    const int rowHeight = m_holders->topLevelItemCount() > 0 ? view->sizeHintForRow(0) : m_holders->fontMetrics().height() + 4;
    const int frame = 2 * m_holders->frameWidth();
    m_holders->setFixedHeight(m_holders->header()->sizeHint().height() + std::max(rows, 1) * rowHeight + frame + 2);
}

void LockDetailPanel::showLock(const LockInfo &lock)
{
    const bool sameLock = m_lock && m_lock->key() == lock.key();
    const QByteArray previousToken = selectedToken();
    m_lock = lock;
    m_title->setFullText(TokenText::escape(lock.key()));
    m_dialect->setText(QStringLiteral("%1 <span style='color:gray'>(%2)</span>").arg(lock.dialectName.toHtmlEscaped(), lock.dialect));
    const qint64 size = lock.sample.size;
    const bool isString = lock.sample.type == RedisType::String;
    const QString amount = size == 1 ? (isString ? tr("1 byte") : tr("1 entry"))
                                     : (isString ? tr("%L1 bytes") : tr("%L1 entries")).arg(size);
    m_type->setText(tr("%1, %2").arg(QString::fromLatin1(redisTypeName(lock.sample.type)), amount));
    m_node->setText(lock.node().isEmpty() ? QStringLiteral("—") : lock.node());
    m_holds->setText(lock.holders.isEmpty() ? QStringLiteral("—") : QString::number(lock.holdCount()));
    m_waiters->setText(lock.waiters == LockInfo::waitersUnknown ? tr("not observable for this dialect")
                                                                : QString::number(lock.waiters));
    QStringList details;
    for (const auto &d : lock.details)
        details << QStringLiteral("%1: %2").arg(d.first, d.second.toHtmlEscaped());
    m_details->setText(details.isEmpty() ? QStringLiteral("—") : details.join(QStringLiteral("<br>")));
    QStringList warnings;
    for (const QString &w : lock.warnings)
        warnings << QStringLiteral("<b>%1</b>: %2").arg(w, explainWarning(w).toHtmlEscaped());
    m_warnings->setText(warnings.isEmpty() ? tr("none") : warnings.join(QStringLiteral("<br>")));

    m_holders->clear();
    QTreeWidgetItem *reselect = nullptr;
    for (const LockHolder &h : lock.holders) {
        auto *item = new QTreeWidgetItem(m_holders, {TokenText::escape(h.token), h.holder, QString::number(h.count)});
        item->setData(0, Qt::UserRole, h.token);
        item->setFont(0, QFontDatabase::systemFont(QFontDatabase::FixedFont));
        item->setToolTip(0, TokenText::escape(h.token));
        for (const auto &f : h.fields)
            new QTreeWidgetItem(item, {LockHolder::fieldLabel(f.first), f.second});
        if (h.ttlMs != LockHolder::noOwnTtl)
            new QTreeWidgetItem(item, {tr("ttl"), LockInfo::formatTtl(h.ttlMs)});
        if (sameLock && h.token == previousToken)
            reselect = item;
    }
    m_holders->expandAll();
    m_holders->setCurrentItem(reselect ? reselect : m_holders->topLevelItem(0));
    fitHolders();

    QString raw;
    if (lock.sample.type == RedisType::String) {
        raw = TokenText::escape(lock.sample.value);
    } else {
        QStringList lines;
        for (const KeySample::Entry &e : lock.sample.entries)
            lines << (e.second.isNull() ? TokenText::escape(e.first)
                                        : TokenText::escape(e.first) + QStringLiteral("  →  ") + TokenText::escape(e.second));
        raw = lines.join(QLatin1Char('\n'));
    }
    if (lock.sample.truncated)
        raw += tr("\n… (truncated: LockScope reads at most a few KB of a value)");
    if (m_raw->toPlainText() != raw)
        m_raw->setPlainText(raw);
    updateTtl();
    fitFacts();
    m_tick.start();
}

// The facts take the room they need, up to almost half the panel (the raw value has the
// rest), and scroll past it: a lock's warnings show without scrolling on any usual height.
void LockDetailPanel::fitFacts()
{
    const int width = m_factsArea->viewport()->width();
    const int needed = (m_facts->hasHeightForWidth() ? m_facts->heightForWidth(width) : m_facts->sizeHint().height())
                       + 2 * m_factsArea->frameWidth();
    // Never more than the rest of the panel leaves: a taller minimum would make the window grow.
    const int others = layout()->minimumSize().height() - m_factsArea->minimumHeight();
    const int room = std::min(height() * 9 / 20, height() - others);
    const int least = std::max(m_leastFactsHeight, std::min(needed, room));
    m_factsArea->setMinimumHeight(least);
    m_factsArea->setMaximumHeight(std::max(least, needed));
}

void LockDetailPanel::updateTtl()
{
    if (!m_lock)
        return;
    const qint64 now = MonotonicClock::nowMs();
    m_state->setText(m_lock->stateTextAt(now)); // as the table says it, "(stale)" included
    if (m_lock->isGone()) {
        m_ttl->setText(QStringLiteral("—"));
        return;
    }
    const qint64 remaining = m_lock->remainingTtlMs(now);
    // The PTTL as Redis gave it, and how long ago once that is a second or more: a 30000 ms
    // beside a countdown at 20 s reads as a contradiction otherwise.
    const qint64 age = now - m_lock->sample.observedAtMs;
    const QString read = age < 1000 ? tr("PTTL %1 ms").arg(m_lock->sample.pttlMs)
                                    : tr("PTTL %1 ms, %2 ago").arg(m_lock->sample.pttlMs).arg(LockInfo::formatTtl(age - age % 1000));
    const int before = m_ttl->heightForWidth(m_ttl->width());
    m_ttl->setText(remaining < 0 ? tr("no expiry") : tr("%1  (%2)").arg(LockInfo::formatTtl(remaining), read));
    if (m_ttl->heightForWidth(m_ttl->width()) != before)
        fitFacts(); // the age of the read wrapped the line: the facts need a line more
    m_ttl->setToolTip(tr("Counting down from the PTTL Redis gave when the lock was last read"));
}

void LockDetailPanel::setActionState(bool extendEnabled, const QString &extendReason, bool releaseEnabled,
                                     const QString &releaseReason)
{
    m_extend->setEnabled(extendEnabled);
    m_extend->setToolTip(extendEnabled ? tr("Set a new TTL, guarded by the token you see") : extendReason);
    m_release->setEnabled(releaseEnabled);
    m_release->setToolTip(releaseEnabled ? tr("Delete the lock, guarded by the token you see") : releaseReason);
}

QByteArray LockDetailPanel::selectedToken() const
{
    QTreeWidgetItem *item = m_holders->currentItem();
    while (item && item->parent())
        item = item->parent();
    if (item)
        return item->data(0, Qt::UserRole).toByteArray();
    return m_lock ? m_lock->primaryToken() : QByteArray();
}

QString LockDetailPanel::explainWarning(const QString &code)
{
    if (code == QLatin1String("no-ttl"))
        return tr("the key never expires: if its holder crashed, nobody will ever get this lock");
    if (code == QLatin1String("no-owner-token"))
        return tr("the value names no owner, so any client can delete it");
    if (code == QLatin1String("unrecognised"))
        return tr("under a lock pattern, but no known library writes locks like this");
    if (code == QLatin1String("not-replicated"))
        return tr("not replicated: its master's replica does not hold it as the master does, so a failover now would lose it");
    if (code == QLatin1String("value-truncated"))
        return tr("the value is larger than LockScope reads; only its start is shown");
    if (code == QLatin1String("side-key-unread"))
        return tr("a key its library keeps beside it could not be read (see unread): who waits for it is not known");
    return code;
}

void LockDetailPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        styleReleaseButton();
    QWidget::changeEvent(event);
}

void LockDetailPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitFacts();
}

void LockDetailPanel::styleReleaseButton()
{
    m_release->setStyleSheet(
        QStringLiteral("QPushButton:enabled { color: %1; }").arg(Theme::color(Theme::Role::Error, palette()).name()));
}
