#include "lockhistorycharts.h"

#include "livechart.h"
#include "locktimelinestore.h"
#include "tokentext.h"

#include <qcustomplot.h>

#include <cmath>
#include <limits>

namespace {
const QList<QColor> holderColors = {QColor(0x1f, 0x5f, 0xbf), QColor(0x1b, 0x7f, 0x3b), QColor(0x8e, 0x44, 0xad), QColor(0xb0, 0x60, 0x00),
                                    QColor(0x00, 0x83, 0x8f), QColor(0xc0, 0x39, 0x2b), QColor(0x55, 0x6b, 0x2f), QColor(0x6d, 0x4c, 0x41)};

QString elided(const QString &text, int max)
{
    return text.size() <= max ? text : text.left(max / 2 - 1) + QStringLiteral("…") + text.right(max / 2 - 1);
}
} // namespace

LockHistoryCharts::LockHistoryCharts(LockTimelineStore *store, QWidget *parentWidget, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_ttl(new LiveChart(tr("Remaining TTL — select a lock"), parentWidget))
    , m_holders(new LiveChart(tr("Holders — select a lock"), parentWidget))
    , m_ttlSeries(3'600'000)
    , m_nearMisses(3'600'000)
{
    m_ttl->setValueLabel(tr("TTL left (s)"));
    m_ttl->addSeries(tr("TTL left"), &m_ttlSeries, QColor(0x1f, 0x5f, 0xbf));
    m_ttl->addSeries(tr("near-miss (renewed with < 10% left)"), &m_nearMisses, QColor(0xb3, 0x26, 0x1e), LiveChart::Style::Dots);
    m_holders->setValueLabel(QString());
    m_holders->setLegendVisible(false);
    m_holders->plot()->yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
}

LockHistoryCharts::~LockHistoryCharts() = default;

void LockHistoryCharts::setLock(const std::optional<LockInfo> &lock, qint64 wallOffsetMs)
{
    const QByteArray key = lock ? lock->key() : QByteArray();
    if (key == m_key && !key.isEmpty())
        return;
    m_key = key;
    const QString name = key.isEmpty() ? tr("select a lock") : elided(TokenText::escape(key), 60);
    m_ttl->setTitle(tr("Remaining TTL — %1").arg(name));
    m_holders->setTitle(tr("Holders — %1").arg(name));
    if (lock && !m_store->find(key) && !lock->isGone()) {
        const qint64 wallNow = lock->sample.observedAtMs + wallOffsetMs;
        m_store->seed(key, wallNow, lock->sample.pttlMs, lock->holderSummary().isEmpty() ? TokenText::escape(lock->primaryToken())
                                                                                          : lock->holderSummary(),
                      lock->primaryToken());
    }
    // A different lock: the charts start over (they draw incrementally otherwise).
    m_ttl->removeAllSeries();
    m_ttlSeries.clear();
    m_nearMisses.clear();
    m_ttl->addSeries(tr("TTL left"), &m_ttlSeries, QColor(0x1f, 0x5f, 0xbf));
    m_ttl->addSeries(tr("near-miss (renewed with < 10% left)"), &m_nearMisses, QColor(0xb3, 0x26, 0x1e), LiveChart::Style::Dots);
    m_ttl->clearMarkers();
    m_nearMissMarkers = 0;
    m_holders->removeAllSeries();
    m_rows.clear();
}

void LockHistoryCharts::refresh(qint64 nowMs)
{
    rebuildTtl(nowMs);
    rebuildHolders(nowMs);
}

void LockHistoryCharts::rebuildTtl(qint64 nowMs)
{
    const LockTimeline *timeline = m_key.isEmpty() ? nullptr : m_store->find(m_key);
    // The history before the last few seconds never changes, so the chart keeps what it drew.
    m_ttlSeries.clear();
    m_nearMisses.clear();
    if (!timeline)
        return;
    for (const TimeSeries::Point &p : timeline->ttlCurve(nowMs))
        m_ttlSeries.add(p.timeMs, p.value / 1000.0);
    const QList<TimeSeries::Point> misses = timeline->nearMissPoints();
    for (const TimeSeries::Point &p : misses)
        m_nearMisses.add(p.timeMs, p.value / 1000.0);
    for (qsizetype i = m_nearMissMarkers; i < misses.size(); ++i)
        m_ttl->addMarker(misses.at(i).timeMs, tr("near-miss"), QColor(0xb3, 0x26, 0x1e));
    m_nearMissMarkers = int(misses.size());
}

void LockHistoryCharts::rebuildHolders(qint64 nowMs)
{
    const LockTimeline *timeline = m_key.isEmpty() ? nullptr : m_store->find(m_key);
    if (!timeline) {
        if (!m_rows.empty()) {
            m_holders->removeAllSeries();
            m_rows.clear();
        }
        return;
    }
    // One row per holder, the most recent at the top, at most maxHolderRows.
    QStringList holders;
    const QList<LockTimeline::Holding> &holdings = timeline->holdings();
    for (auto it = holdings.crbegin(); it != holdings.crend() && holders.size() < maxHolderRows; ++it) {
        const QString who = it->holder.isEmpty() ? TokenText::escape(it->token) : it->holder;
        if (!holders.contains(who))
            holders << who;
    }
    bool same = int(m_rows.size()) == holders.size();
    for (qsizetype i = 0; same && i < holders.size(); ++i)
        same = m_rows[size_t(i)].holder == holders.at(i);
    if (!same) {
        m_holders->removeAllSeries();
        m_rows.clear();
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (qsizetype i = 0; i < holders.size(); ++i) {
            Row row;
            row.holder = holders.at(i);
            row.series = std::make_unique<TimeSeries>(3'600'000);
            const QColor color = holderColors.at(int(i) % holderColors.size());
            m_holders->addSeries(row.holder, row.series.get(), color);
            // Thick flat lines make the bars of the Gantt chart.
            m_holders->plot()->graph(int(i))->setPen(QPen(color, 12, Qt::SolidLine, Qt::FlatCap));
            ticker->addTick(double(holders.size() - i), elided(row.holder, 28));
            m_rows.push_back(std::move(row));
        }
        m_holders->plot()->yAxis->setTicker(ticker);
    }
    constexpr double gap = std::numeric_limits<double>::quiet_NaN();
    for (size_t i = 0; i < m_rows.size(); ++i)
        m_rows[i].series->clear();
    for (const LockTimeline::Holding &h : holdings) {
        const QString who = h.holder.isEmpty() ? TokenText::escape(h.token) : h.holder;
        const qsizetype index = holders.indexOf(who);
        if (index < 0)
            continue;
        const double y = double(holders.size() - index);
        TimeSeries &s = *m_rows[size_t(index)].series;
        const qint64 to = h.toMs < 0 ? nowMs : h.toMs;
        s.add(h.fromMs, y);
        s.add(std::max(to, h.fromMs + 1), y);
        if (h.toMs >= 0)
            s.add(to + 1, gap);
    }
}
