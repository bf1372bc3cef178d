#pragma once

#include "lockinfo.h"
#include "timeseries.h"

#include <QObject>

#include <memory>
#include <vector>

class LiveChart;
class LockTimelineStore;
class QWidget;

// The two charts about the selected lock: its remaining TTL over time (the watchdog's
// sawtooth, near-misses as red dots) and a holder timeline (a Gantt row per holder: who held
// it, from when to when). Both are rebuilt from the lock's timeline, which holds at most a
// few hundred points, so a rebuild a few times a second costs nothing; the charts then draw
// only what changed.
class LockHistoryCharts final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LockHistoryCharts)

public:
    static constexpr int maxHolderRows = 8;

    LockHistoryCharts(LockTimelineStore *store, QWidget *parentWidget, QObject *parent = nullptr);
    ~LockHistoryCharts() override;

    LiveChart *ttlChart() const { return m_ttl; }
    LiveChart *holderChart() const { return m_holders; }

    // The lock to show (its current read seeds a timeline when no event of it was seen yet).
    void setLock(const std::optional<LockInfo> &lock, qint64 wallOffsetMs);
    const QByteArray &key() const { return m_key; }
    // Brings both charts up to nowMs (ms since the epoch).
    void refresh(qint64 nowMs);
    int holderRows() const { return int(m_rows.size()); }
    const TimeSeries &ttlSeries() const { return m_ttlSeries; }
    const TimeSeries &nearMissSeries() const { return m_nearMisses; }

private:
    void rebuildTtl(qint64 nowMs);
    void rebuildHolders(qint64 nowMs);

    LockTimelineStore *m_store;
    LiveChart *m_ttl;
    LiveChart *m_holders;
    QByteArray m_key;
    TimeSeries m_ttlSeries;
    TimeSeries m_nearMisses;
    int m_nearMissMarkers = 0;
    struct Row
    {
        QString holder;
        std::unique_ptr<TimeSeries> series;
    };
    std::vector<Row> m_rows;
};
