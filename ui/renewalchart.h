#pragma once

#include "locktimelinestore.h"

#include <QWidget>

class QCPGraph;
class QCustomPlot;
class QLabel;

// Renew interval against TTL, one point per renewing lock (its lease and its median renew
// interval), with the lines that matter: a watchdog renews every TTL/3 (Redisson's default),
// a renewal later than 0.9 × TTL leaves under 10% (a near-miss), and one at 1 × TTL is too
// late. Locks that had near-misses are drawn red. Click a point to select its lock.
class RenewalChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RenewalChart)

public:
    explicit RenewalChart(QWidget *parent = nullptr);

    void setPoints(const QList<LockTimelineStore::RenewalPoint> &points);
    int pointCount() const { return int(m_points.size()); }
    QCustomPlot *plot() const { return m_plot; }
    bool exportPng(const QString &fileName);
    bool exportCsv(const QString &fileName) const;

Q_SIGNALS:
    void lockActivated(const QByteArray &key);

private:
    QCustomPlot *m_plot;
    QLabel *m_empty;
    QCPGraph *m_ok;
    QCPGraph *m_late;
    QList<QPair<QCPGraph *, double>> m_guides; // reference lines: renewed at slope × TTL
    QList<LockTimelineStore::RenewalPoint> m_points;
};
