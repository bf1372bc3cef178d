#pragma once

#include "timeseries.h"

#include <QColor>
#include <QList>
#include <QTimer>
#include <QWidget>

class QCPGraph;
class QCPItemStraightLine;
class QCPLayoutGrid;
class QComboBox;
class QCustomPlot;
class QLabel;

// A live time chart over TimeSeries from models/: a title, a 1 min / 10 min / 1 h window
// that follows the present (pan and zoom with the mouse, double-click to follow again),
// vertical markers, and PNG/CSV export. It appends only the points that are new and
// replots from one 10 Hz timer, never once per event.
class LiveChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LiveChart)

public:
    enum class Style { Line, Step, Dots };
    // A series far larger than the others (attempts beside acquisitions) gets the right axis,
    // so that the others are not flat on zero.
    enum class Axis { Left, Right };

    explicit LiveChart(const QString &title, QWidget *parent = nullptr);
    ~LiveChart() override;

    // The series is read, not owned: it must outlive the chart or be removed first.
    int addSeries(const QString &name, const TimeSeries *series, const QColor &color, Style style = Style::Line,
                  Axis axis = Axis::Left);
    void removeAllSeries();
    void setValueLabel(const QString &label, Axis axis = Axis::Left);
    // Beside the plot when shown; hidden, it leaves the plot the room.
    void setLegendVisible(bool visible);
    void setTitle(const QString &title);
    void setWindow(qint64 windowMs);
    qint64 window() const { return m_windowMs; }
    void addMarker(qint64 timeMs, const QString &label, const QColor &color);
    void clearMarkers();
    int markerCount() const { return int(m_markers.size()); }

    bool exportPng(const QString &fileName);
    bool exportCsv(const QString &fileName) const;

    // For charts that draw more than series (a holder timeline): the plot itself.
    QCustomPlot *plot() const { return m_plot; }
    // Brings the chart up to date now (the timer does this ten times a second).
    void refresh();
    int replotCount() const { return m_replots; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Bound
    {
        const TimeSeries *series;
        QCPGraph *graph;
        QString name;
        quint64 revision = ~quint64(0);
        qint64 lastTimeMs = -1;   // the last point drawn
        qint64 openBucketMs = -1; // a bucket still filling, not drawn yet
    };
    struct Marker
    {
        qint64 timeMs;
        QCPItemStraightLine *line;
    };

    QCustomPlot *m_plot;
    QLabel *m_title;
    QCPLayoutGrid *m_legendColumn = nullptr;
    QComboBox *m_windowBox;
    QList<Bound> m_series;
    QList<Marker> m_markers;
    QTimer m_timer;
    qint64 m_windowMs = 60'000;
    bool m_follow = true;
    bool m_dirty = true;
    qint64 m_followedAtMs = 0;
    int m_replots = 0;
};
