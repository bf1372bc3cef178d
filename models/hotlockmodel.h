#pragma once

#include "lockevent.h"
#include "timeseries.h"

#include <QAbstractTableModel>
#include <QHash>

#include <memory>
#include <unordered_map>

// The hottest locks of the last minute, for the contention chart and its ranking: per lock,
// acquisitions, handovers, expiries and failed attempts (sampler) in a sliding minute, the
// waiters now and their peak. The score that ranks them is
//     acquisitions + handovers + failed attempts (last minute) + 10 × waiters now,
// so a lock many clients queue for ranks high even when it rarely changes hands.
// Waiters over time are kept (as TimeSeries) only for locks that make the top, so memory is
// bounded by the top count and the window, not by the number of locks.
class HotLockModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HotLockModel)

public:
    enum Column { KeyColumn, ScoreColumn, WaitersColumn, PeakWaitersColumn, FailedColumn, AcquiredColumn, HandoversColumn, ExpiredColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role { KeyBytesRole = Qt::UserRole + 1, SortRole };

    static constexpr qint64 activityWindowMs = 60'000;
    static constexpr int waiterWeight = 10;

    struct Entry
    {
        QByteArray key;
        qint64 score = 0;
        qint64 waiters = -1; // -1: not observable for this lock
        qint64 peakWaiters = -1;
        qint64 failed = 0;
        qint64 acquired = 0;
        qint64 handovers = 0;
        qint64 expired = 0;
    };

    explicit HotLockModel(QObject *parent = nullptr);
    ~HotLockModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setTopCount(int count);
    int topCount() const { return m_topCount; }
    void setSeriesWindow(qint64 ms);

    void record(const LockEvent &event);
    // Waiters as a read showed them (-1 where the dialect cannot see them).
    void observeWaiters(const QByteArray &key, qint64 waiters, qint64 timeMs);
    // Once a second: slides the minute, re-ranks, extends the waiters series of the top locks.
    void advanceTo(qint64 nowMs);
    void clear();

    const QList<Entry> &ranking() const { return m_top; }
    // The top locks whose waiters can be seen, hottest first, at most n.
    QList<QByteArray> hotKeysWithWaiters(int n) const;
    const TimeSeries *waitersSeries(const QByteArray &key) const;
    qsizetype trackedCount() const { return qsizetype(m_keys.size()); }
    qsizetype seriesCount() const;
    // Changes whenever the ranking's order or membership changes.
    quint64 rankingRevision() const { return m_rankingRevision; }

private:
    struct Mark
    {
        qint64 timeMs;
        LockEventKind kind;
        qint64 amount;
    };
    struct Activity
    {
        QList<Mark> marks; // mostly one or two: a list is far smaller than a deque
        qint64 waiters = -1;
        QList<std::pair<qint64, qint64>> waiterPeaks; // (time, waiters) in the minute
        std::unique_ptr<TimeSeries> series;
        qint64 lastSeriesMs = 0;
    };

    Entry summarise(const QByteArray &key, const Activity &a) const;
    Activity &activity(const QByteArray &key);

    std::unordered_map<QByteArray, Activity> m_keys; // move-only values: not a QHash
    QList<Entry> m_top;
    int m_topCount = 10;
    qint64 m_seriesWindowMs = 3'600'000;
    qint64 m_nowMs = 0;
    quint64 m_rankingRevision = 0;
};
