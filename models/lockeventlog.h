#pragma once

#include "lockevent.h"

#include <QAbstractTableModel>

#include <deque>

// The event log: lock events in the order they were derived, newest last. Bounded two ways
// so a long watch keeps flat memory: by a time window (events older than the charts' window
// go) and by a count. Old rows leave in batches, never one per new event, because each
// removal makes the filter proxy and the view remap every row.
class LockEventLog final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LockEventLog)

public:
    enum Column { TimeColumn, EventColumn, KeyColumn, HolderColumn, TokenColumn, TtlColumn, DetailsColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role {
        KindRole = Qt::UserRole + 1, // LockEventKind as int
        KeyBytesRole,                // the key as bytes
        TimeRole,                    // ms since the epoch
        HolderTextRole,              // holder and token text, for the holder filter
        EventRole,                   // the whole LockEvent
    };

    static constexpr qsizetype defaultCapacity = 50'000;
    static constexpr qint64 defaultRetentionMs = 3'600'000;

    explicit LockEventLog(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setCapacity(qsizetype events);
    qsizetype capacity() const { return m_capacity; }
    void setRetention(qint64 ms) { m_retentionMs = ms; }
    qint64 retention() const { return m_retentionMs; }

    // One insert for the batch; then the oldest rows leave, in batches, if over a bound.
    void append(const QList<LockEvent> &events);
    void clear();
    const LockEvent &event(int row) const { return m_events.at(size_t(row)); }
    qsizetype size() const { return qsizetype(m_events.size()); }
    quint64 appendedTotal() const { return m_appended; }

private:
    void trim(qint64 newestMs);

    std::deque<LockEvent> m_events;
    qsizetype m_capacity = defaultCapacity;
    qint64 m_retentionMs = defaultRetentionMs;
    quint64 m_appended = 0;
};
