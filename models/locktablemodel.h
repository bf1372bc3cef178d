#pragma once

#include "lockinfo.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

#include <functional>

// The live lock table. Rows are kept in arrival order with an O(1) key->row index; refreshes
// update rows in place, new locks are appended in one insert and vanished locks stay visible
// (released/expired) until pruned, so the user's selection and scroll position survive.
// The TTL column is computed at paint time from the last PTTL and the monotonic clock.
class LockTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LockTableModel)

public:
    enum Column { KeyColumn, DialectColumn, HolderColumn, TokenColumn, TtlColumn, CountColumn, WaitersColumn, StateColumn, NodeColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role {
        SortRole = Qt::UserRole + 1, // raw value for sorting (numbers for TTL and counts)
        KeyBytesRole,                // the key as bytes
        StateRole,                   // LockState as int
        RemainingTtlRole,            // ms, -1 without expiry
        FilterTextRole,              // key, holder and token text, for the filter
        StaleRole,                   // true when the row shows the last good values of a failed read
    };

    // Above this many changed rows one ranged dataChanged is cheaper than per-row signals
    // behind a sorting proxy (measured crossover: a few hundred rows).
    static constexpr int rangedUpdateThreshold = 300;

    explicit LockTableModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The whole table replaced: a new connection or a new full scan.
    void reset(const QList<LockInfo> &locks);
    void clear() { reset({}); }
    // host:port → what its tooltip adds ("slots 0-5460" on a cluster).
    void setShards(const QHash<QString, QString> &shards) { m_shards = shards; }
    // Updates known keys in place and appends unknown ones.
    void upsert(const QList<LockInfo> &locks);
    // Locks gone from Redis (goneAs and goneAtMs set): their rows stay, marked, until pruned.
    void markGone(const QList<LockInfo> &gone);
    void remove(const QList<QByteArray> &keys);
    // Drops rows that have been gone for longer than retentionMs.
    void pruneGone(qint64 nowMs, qint64 retentionMs);

    // Orders two rows by a column on raw values (bytes, milliseconds, counts), without
    // building display strings: sorting 100k rows makes millions of comparisons.
    bool lessThan(int leftRow, int rightRow, int column) const;

    const LockInfo *lock(int row) const;
    // Rows of locks seen gone, still shown for a while.
    int goneCount() const;
    const LockInfo *lock(const QByteArray &key) const;
    int rowOf(const QByteArray &key) const { return m_rowByKey.value(key, -1); }
    const QList<LockInfo> &locks() const { return m_locks; }

    // The clock the countdown reads; replaceable so tests can move time.
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }
    qint64 now() const { return m_clock(); }

private:
    void rebuildIndex();
    void emitRowsChanged(QList<int> rows);

    QList<LockInfo> m_locks;
    QHash<QString, QString> m_shards;
    QHash<QByteArray, int> m_rowByKey;
    std::function<qint64()> m_clock;
};
