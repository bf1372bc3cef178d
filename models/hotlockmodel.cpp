#include "hotlockmodel.h"

#include "tokentext.h"

#include <QFont>

#include <algorithm>

namespace {
// Locks that fall out of the top keep their waiters series for a while, up to this many in all.
constexpr int seriesPerTopLock = 2;
} // namespace

HotLockModel::HotLockModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

HotLockModel::~HotLockModel() = default;

int HotLockModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_top.size());
}

int HotLockModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HotLockModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (role == Qt::DisplayRole) {
        switch (section) {
        case KeyColumn:
            return tr("Lock");
        case ScoreColumn:
            return tr("Score");
        case WaitersColumn:
            return tr("Waiters");
        case PeakWaitersColumn:
            return tr("Peak");
        case FailedColumn:
            return tr("Failed/min");
        case AcquiredColumn:
            return tr("Acquired/min");
        case HandoversColumn:
            return tr("Handovers/min");
        case ExpiredColumn:
            return tr("Expired/min");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case ScoreColumn:
            return tr("Acquisitions + handovers + failed attempts in the last minute, plus %1 per waiter now").arg(waiterWeight);
        case WaitersColumn:
            return tr("Clients waiting now, where Redis shows them (— where it cannot)");
        case PeakWaitersColumn:
            return tr("Most waiters seen in the last minute");
        case FailedColumn:
            return tr("Failed acquisition attempts in the last minute (only while the sampler runs)");
        }
    }
    return {};
}

QVariant HotLockModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_top.size())
        return {};
    const Entry &e = m_top.at(index.row());
    const auto optional = [](qint64 v) { return v < 0 ? QVariant(QStringLiteral("—")) : QVariant(v); };
    if (role == Qt::DisplayRole || role == SortRole) {
        switch (index.column()) {
        case KeyColumn:
            return TokenText::escape(e.key);
        case ScoreColumn:
            return e.score;
        case WaitersColumn:
            return role == SortRole ? QVariant(e.waiters) : optional(e.waiters);
        case PeakWaitersColumn:
            return role == SortRole ? QVariant(e.peakWaiters) : optional(e.peakWaiters);
        case FailedColumn:
            return e.failed;
        case AcquiredColumn:
            return e.acquired;
        case HandoversColumn:
            return e.handovers;
        case ExpiredColumn:
            return e.expired;
        }
    }
    if (role == KeyBytesRole)
        return e.key;
    if (role == Qt::TextAlignmentRole && index.column() != KeyColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::FontRole && index.column() == KeyColumn) {
        QFont mono(QStringLiteral("monospace"));
        mono.setStyleHint(QFont::TypeWriter);
        return mono;
    }
    return {};
}

void HotLockModel::setTopCount(int count)
{
    m_topCount = std::max(1, count);
}

void HotLockModel::setSeriesWindow(qint64 ms)
{
    m_seriesWindowMs = ms;
}

HotLockModel::Activity &HotLockModel::activity(const QByteArray &key)
{
    return m_keys[key];
}

void HotLockModel::record(const LockEvent &e)
{
    switch (e.kind) {
    case LockEventKind::Acquired:
    case LockEventKind::HandedOver:
    case LockEventKind::Expired:
        activity(e.key).marks.append({e.timeMs, e.kind, 1});
        break;
    case LockEventKind::Contended: {
        Activity &a = activity(e.key);
        if (e.failedAttempts != LockEvent::unknown)
            a.marks.append({e.timeMs, e.kind, e.failedAttempts});
        if (e.waiters != LockEvent::unknown)
            observeWaiters(e.key, e.waiters, e.timeMs);
        break;
    }
    case LockEventKind::Released: {
        // A free lock has nobody waiting on it any more (waiters take it or retry).
        const auto it = m_keys.find(e.key);
        if (it != m_keys.end() && it->second.waiters > 0)
            it->second.waiters = 0;
        break;
    }
    default:
        break;
    }
}

void HotLockModel::observeWaiters(const QByteArray &key, qint64 waiters, qint64 timeMs)
{
    if (waiters < 0) {
        const auto it = m_keys.find(key);
        if (it != m_keys.end())
            it->second.waiters = -1;
        return;
    }
    if (waiters == 0 && m_keys.find(key) == m_keys.end())
        return; // most locks, most of the time: nothing to remember
    Activity &a = activity(key);
    a.waiters = waiters;
    if (waiters > 0)
        a.waiterPeaks.append({timeMs, waiters});
}

HotLockModel::Entry HotLockModel::summarise(const QByteArray &key, const Activity &a) const
{
    Entry e;
    e.key = key;
    e.waiters = a.waiters;
    e.peakWaiters = a.waiters;
    for (const auto &[t, w] : a.waiterPeaks)
        e.peakWaiters = std::max(e.peakWaiters, w);
    for (const Mark &m : a.marks) {
        switch (m.kind) {
        case LockEventKind::Acquired:
            e.acquired += m.amount;
            break;
        case LockEventKind::HandedOver:
            e.handovers += m.amount;
            break;
        case LockEventKind::Expired:
            e.expired += m.amount;
            break;
        case LockEventKind::Contended:
            e.failed += m.amount;
            break;
        default:
            break;
        }
    }
    e.score = e.acquired + e.handovers + e.failed + waiterWeight * std::max<qint64>(0, e.waiters);
    return e;
}

void HotLockModel::advanceTo(qint64 nowMs)
{
    m_nowMs = nowMs;
    const qint64 cutoff = nowMs - activityWindowMs;
    QList<Entry> all;
    for (auto it = m_keys.begin(); it != m_keys.end();) {
        Activity &a = it->second;
        qsizetype stale = 0;
        while (stale < a.marks.size() && a.marks.at(stale).timeMs < cutoff)
            ++stale;
        a.marks.remove(0, stale);
        stale = 0;
        while (stale < a.waiterPeaks.size() && a.waiterPeaks.at(stale).first < cutoff)
            ++stale;
        a.waiterPeaks.remove(0, stale);
        if (a.series && a.lastSeriesMs < nowMs - m_seriesWindowMs)
            a.series.reset();
        if (a.marks.isEmpty() && a.waiterPeaks.isEmpty() && a.waiters <= 0 && !a.series) {
            it = m_keys.erase(it);
            continue;
        }
        Entry e = summarise(it->first, a);
        if (e.score > 0)
            all << e;
        ++it;
    }
    const qsizetype n = std::min<qsizetype>(m_topCount, all.size());
    std::partial_sort(all.begin(), all.begin() + n, all.end(), [](const Entry &a, const Entry &b) {
        return a.score != b.score ? a.score > b.score : a.key < b.key;
    });
    all.resize(n);

    // Waiters over time for the top locks that have observable waiters.
    for (const Entry &e : std::as_const(all)) {
        Activity &a = m_keys[e.key];
        if (a.waiters < 0)
            continue;
        if (!a.series)
            a.series = std::make_unique<TimeSeries>(m_seriesWindowMs);
        a.series->add(nowMs, double(a.waiters));
        a.lastSeriesMs = nowMs;
    }
    // Keep the waiters series of recently hot locks, but not without bound.
    std::vector<std::pair<qint64, QByteArray>> withSeries;
    for (const auto &[key, a] : m_keys)
        if (a.series)
            withSeries.emplace_back(a.lastSeriesMs, key);
    const size_t maxSeries = size_t(m_topCount) * seriesPerTopLock;
    if (withSeries.size() > maxSeries) {
        std::sort(withSeries.begin(), withSeries.end());
        for (size_t i = 0; i < withSeries.size() - maxSeries; ++i)
            m_keys[withSeries[i].second].series.reset();
    }

    bool sameOrder = all.size() == m_top.size();
    for (qsizetype i = 0; sameOrder && i < all.size(); ++i)
        sameOrder = all.at(i).key == m_top.at(i).key;
    if (sameOrder) {
        m_top = all;
        if (!m_top.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(int(m_top.size()) - 1, ColumnCount - 1), {Qt::DisplayRole, SortRole});
        return;
    }
    // Ten rows: a reset is cheaper than working out the moves.
    beginResetModel();
    m_top = all;
    endResetModel();
    ++m_rankingRevision;
}

QList<QByteArray> HotLockModel::hotKeysWithWaiters(int n) const
{
    QList<QByteArray> keys;
    for (const Entry &e : m_top) {
        if (keys.size() >= n)
            break;
        const auto it = m_keys.find(e.key);
        if (it != m_keys.end() && it->second.series)
            keys << e.key;
    }
    return keys;
}

const TimeSeries *HotLockModel::waitersSeries(const QByteArray &key) const
{
    const auto it = m_keys.find(key);
    return it == m_keys.end() ? nullptr : it->second.series.get();
}

qsizetype HotLockModel::seriesCount() const
{
    qsizetype n = 0;
    for (const auto &[key, a] : m_keys)
        n += a.series ? 1 : 0;
    return n;
}

void HotLockModel::clear()
{
    beginResetModel();
    m_keys.clear();
    m_top.clear();
    endResetModel();
    ++m_rankingRevision;
}
