#include "locktablemodel.h"

#include "monotonicclock.h"
#include "tokentext.h"

#include <QColor>
#include <QFont>

#include <algorithm>
#include <limits>

LockTableModel::LockTableModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_clock(&MonotonicClock::nowMs)
{
}

int LockTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_locks.size());
}

int LockTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LockTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case KeyColumn:
            return tr("Key");
        case DialectColumn:
            return tr("Dialect");
        case HolderColumn:
            return tr("Holder");
        case TokenColumn:
            return tr("Token");
        case TtlColumn:
            return tr("TTL");
        case CountColumn:
            return tr("Holds");
        case WaitersColumn:
            return tr("Waiters");
        case StateColumn:
            return tr("State");
        case NodeColumn:
            return tr("Node");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case TtlColumn:
            return tr("Remaining time to live, counting down from the last PTTL read");
        case CountColumn:
            return tr("Hold count: reentrant acquisitions, or permits held");
        case WaitersColumn:
            return tr("Clients waiting, where Redis can show them (— when it cannot)");
        case NodeColumn:
            return tr("The master that holds the lock (host:port), and its shard on a cluster");
        }
    }
    if (role == Qt::TextAlignmentRole && (section == TtlColumn || section == CountColumn || section == WaitersColumn))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant LockTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_locks.size())
        return {};
    const LockInfo &lock = m_locks.at(index.row());
    const int column = index.column();

    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case KeyColumn:
            return TokenText::escape(lock.key());
        case DialectColumn:
            return lock.dialectName;
        case HolderColumn:
            return lock.holderOrFacts();
        case TokenColumn:
            return lock.holderCount() > 1 ? tr("(%1 tokens)").arg(lock.holderCount()) : TokenText::escape(lock.primaryToken());
        case TtlColumn:
            if (lock.isGone())
                return QStringLiteral("—");
            return LockInfo::formatTtl(lock.remainingTtlMs(now()));
        case CountColumn:
            return lock.holders.isEmpty() ? QVariant(QStringLiteral("—")) : QVariant(lock.holdCount());
        case WaitersColumn:
            return lock.waiters == LockInfo::waitersUnknown ? QVariant(QStringLiteral("—")) : QVariant(lock.waiters);
        case StateColumn:
            // The last good state, and that it is no longer being confirmed.
            return lock.stateTextAt(now());
        case NodeColumn:
            return lock.node();
        }
        break;
    case SortRole:
        switch (column) {
        case TtlColumn: {
            // No expiry sorts after every finite TTL; gone locks first.
            if (lock.isGone())
                return qint64(-2);
            const qint64 ms = lock.remainingTtlMs(now());
            return ms < 0 ? std::numeric_limits<qint64>::max() : ms;
        }
        case CountColumn:
            return lock.holdCount();
        case WaitersColumn:
            return lock.waiters;
        case StateColumn:
            return int(lock.state(now()));
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::ToolTipRole:
        // A stale row says why, on every cell: its values are the last that could be read.
        if (lock.stale)
            return tr("Stale for %1: %2. These are the last values read; the TTL counts down from them.")
                .arg(LockInfo::formatTtl(std::max<qint64>(0, now() - lock.staleSinceMs)), lock.staleReason);
        if (lock.goneAs == LockState::Lost && column == StateColumn)
            return tr("Lost: the server no longer has it, and nobody released it (%1)").arg(lock.goneReason);
        switch (column) {
        case KeyColumn:
            return TokenText::escape(lock.key());
        case TokenColumn:
            return TokenText::escape(lock.primaryToken());
        case HolderColumn:
            return lock.holderOrFacts();
        case DialectColumn:
            return lock.dialect;
        case TtlColumn:
            return lock.sample.pttlMs < 0 ? tr("The key has no expiry: if its holder died, it stays locked forever")
                                          : tr("PTTL %1 ms, read %2 s ago")
                                                .arg(lock.sample.pttlMs)
                                                .arg((now() - lock.sample.observedAtMs) / 1000.0, 0, 'f', 1);
        case StateColumn:
            return lock.warnings.join(QStringLiteral(", "));
        case NodeColumn: {
            const QString shard = m_shards.value(lock.node());
            return shard.isEmpty() ? lock.node() : tr("%1, %2").arg(lock.node(), shard);
        }
        }
        break;
    case Qt::ForegroundRole:
        if (lock.goneAs == LockState::Lost)
            return QColor(0xb0, 0x30, 0x20);
        if (lock.isGone() || lock.stale)
            return QColor(Qt::gray);
        if (column == StateColumn && lock.state(now()) == LockState::NoExpiry)
            return QColor(0xb0, 0x30, 0x20);
        break;
    case Qt::FontRole:
        if (column == TokenColumn || column == KeyColumn) {
            QFont mono(QStringLiteral("monospace"));
            mono.setStyleHint(QFont::TypeWriter);
            mono.setItalic(lock.stale);
            return mono;
        }
        if (lock.stale) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        break;
    case Qt::TextAlignmentRole:
        if (column == TtlColumn || column == CountColumn || column == WaitersColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case KeyBytesRole:
        return lock.key();
    case StateRole:
        return int(lock.state(now()));
    case StaleRole:
        return lock.stale;
    case RemainingTtlRole:
        return lock.remainingTtlMs(now());
    case FilterTextRole: {
        QString text = TokenText::escape(lock.key());
        text += QLatin1Char('\n') + lock.holderSummary();
        for (const LockHolder &h : lock.holders)
            text += QLatin1Char('\n') + TokenText::escape(h.token);
        return text;
    }
    }
    return {};
}

void LockTableModel::reset(const QList<LockInfo> &locks)
{
    beginResetModel();
    m_locks = locks;
    rebuildIndex();
    endResetModel();
}

void LockTableModel::upsert(const QList<LockInfo> &locks)
{
    QList<int> changed;
    QList<LockInfo> added;
    for (const LockInfo &lock : locks) {
        const int row = m_rowByKey.value(lock.key(), -1);
        if (row >= 0) {
            m_locks[row] = lock;
            changed << row;
        } else {
            added << lock;
        }
    }
    emitRowsChanged(std::move(changed));
    if (!added.isEmpty()) {
        const int first = int(m_locks.size());
        beginInsertRows({}, first, first + int(added.size()) - 1);
        // No exact reserve(): it would defeat geometric growth and copy every row per batch.
        for (LockInfo &lock : added) {
            m_rowByKey.insert(lock.key(), int(m_locks.size()));
            m_locks.append(std::move(lock));
        }
        endInsertRows();
    }
}

int LockTableModel::goneCount() const
{
    return int(std::count_if(m_locks.cbegin(), m_locks.cend(), [](const LockInfo &l) { return l.isGone(); }));
}

void LockTableModel::markGone(const QList<LockInfo> &gone)
{
    QList<int> changed;
    for (const LockInfo &lock : gone) {
        const int row = m_rowByKey.value(lock.key(), -1);
        if (row < 0 || m_locks.at(row).isGone())
            continue;
        // Seen gone by a read that succeeded: no longer stale, whatever it was before.
        LockInfo &known = m_locks[row];
        known.goneAs = lock.goneAs;
        known.goneAtMs = lock.goneAtMs;
        known.goneReason = lock.goneReason;
        known.lossFrom = lock.lossFrom;
        known.lossTo = lock.lossTo;
        known.stale = false;
        changed << row;
    }
    emitRowsChanged(std::move(changed));
}

void LockTableModel::remove(const QList<QByteArray> &keys)
{
    QList<int> rows;
    for (const QByteArray &key : keys) {
        const int row = m_rowByKey.value(key, -1);
        if (row >= 0)
            rows << row;
    }
    if (rows.isEmpty())
        return;
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    // Remove contiguous runs from the bottom up so earlier row numbers stay valid.
    qsizetype end = rows.size();
    while (end > 0) {
        qsizetype start = end - 1;
        while (start > 0 && rows.at(start - 1) == rows.at(start) - 1)
            --start;
        const int first = rows.at(start), last = rows.at(end - 1);
        beginRemoveRows({}, first, last);
        m_locks.remove(first, last - first + 1);
        endRemoveRows();
        end = start;
    }
    rebuildIndex();
}

void LockTableModel::pruneGone(qint64 nowMs, qint64 retentionMs)
{
    QList<QByteArray> stale;
    for (const LockInfo &lock : std::as_const(m_locks))
        if (lock.isGone() && nowMs - lock.goneAtMs >= retentionMs)
            stale << lock.key();
    remove(stale);
}

bool LockTableModel::lessThan(int leftRow, int rightRow, int column) const
{
    const LockInfo &a = m_locks.at(leftRow);
    const LockInfo &b = m_locks.at(rightRow);
    switch (column) {
    case KeyColumn:
        return a.key() < b.key();
    case DialectColumn:
        return a.dialectName < b.dialectName;
    case HolderColumn:
        return a.holderOrFacts() < b.holderOrFacts();
    case TokenColumn:
        return a.primaryToken() < b.primaryToken();
    case NodeColumn:
        return a.node() < b.node();
    case TtlColumn:
    case CountColumn:
    case WaitersColumn:
    case StateColumn:
        return data(index(leftRow, column), SortRole).toLongLong() < data(index(rightRow, column), SortRole).toLongLong();
    }
    return leftRow < rightRow;
}

const LockInfo *LockTableModel::lock(int row) const
{
    return row >= 0 && row < m_locks.size() ? &m_locks.at(row) : nullptr;
}

const LockInfo *LockTableModel::lock(const QByteArray &key) const
{
    return lock(rowOf(key));
}

void LockTableModel::rebuildIndex()
{
    m_rowByKey.clear();
    m_rowByKey.reserve(m_locks.size());
    for (int row = 0; row < m_locks.size(); ++row)
        m_rowByKey.insert(m_locks.at(row).key(), row);
}

void LockTableModel::emitRowsChanged(QList<int> rows)
{
    if (rows.isEmpty())
        return;
    const QList<int> roles = {Qt::DisplayRole, SortRole, Qt::ToolTipRole, Qt::ForegroundRole, StateRole, RemainingTtlRole};
    if (rows.size() > rangedUpdateThreshold) {
        const auto [lo, hi] = std::minmax_element(rows.cbegin(), rows.cend());
        Q_EMIT dataChanged(index(*lo, 0), index(*hi, ColumnCount - 1), roles);
        return;
    }
    for (int row : rows)
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1), roles);
}
