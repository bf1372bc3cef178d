#include "livechart.h"

#include "charttheme.h"

#include <algorithm>

#include <qcustomplot.h>

#include <QComboBox>
#include <QDateTime>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace {
constexpr int replotIntervalMs = 100; // at most 10 Hz
constexpr qint64 redrawBackMs = 5000;  // how late a point may change and still be redrawn

double toKey(qint64 ms)
{
    return ms / 1000.0;
}
} // namespace

LiveChart::LiveChart(const QString &title, QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_title(new QLabel(title, this))
    , m_windowBox(new QComboBox(this))
{
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_windowBox->addItem(tr("1 min"), 60'000);
    m_windowBox->addItem(tr("10 min"), 600'000);
    m_windowBox->addItem(tr("1 h"), 3'600'000);
    connect(m_windowBox, &QComboBox::currentIndexChanged, this, [this](int i) {
        setWindow(m_windowBox->itemData(i).toLongLong());
    });
    auto *exportButton = new QToolButton(this);
    exportButton->setText(tr("Export"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(exportButton);
    // Non-modal file dialogs: the chart keeps updating while the user picks a name.
    auto ask = [this](const QString &title, const QString &filter, const QString &suffix, auto save) {
        auto *dialog = new QFileDialog(this, title, QString(), filter);
        dialog->setAcceptMode(QFileDialog::AcceptSave);
        dialog->setDefaultSuffix(suffix);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QFileDialog::fileSelected, this, save);
        dialog->open();
    };
    menu->addAction(tr("Picture (PNG)…"), this, [this, ask] {
        ask(tr("Export chart"), tr("PNG images (*.png)"), QStringLiteral("png"), [this](const QString &f) { exportPng(f); });
    });
    menu->addAction(tr("Data (CSV)…"), this, [this, ask] {
        ask(tr("Export chart data"), tr("CSV files (*.csv)"), QStringLiteral("csv"), [this](const QString &f) { exportCsv(f); });
    });
    exportButton->setMenu(menu);
    // Fusion draws the menu arrow over the text's end without widening the button for it.
    exportButton->setMinimumWidth(exportButton->sizeHint().width()
                                  + exportButton->style()->pixelMetric(QStyle::PM_MenuButtonIndicator, nullptr, exportButton));

    auto *header = new QHBoxLayout;
    header->setContentsMargins(4, 2, 4, 0);
    header->addWidget(m_title, 1);
    header->addWidget(m_windowBox);
    header->addWidget(exportButton);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(header);
    layout->addWidget(m_plot, 1);

    auto ticker = QSharedPointer<QCPAxisTickerDateTime>::create();
    ticker->setDateTimeFormat(QStringLiteral("HH:mm:ss"));
    m_plot->xAxis->setTicker(ticker);
    m_plot->setMinimumHeight(140);
    m_plot->legend->setVisible(true);
    m_plot->legend->setFont(QFont(font().family(), font().pointSize() - 1));
    // Beside the plot, not over it: a legend inside hides the data it names. One column at
    // the top, as narrow as its names; what is under it stays empty.
    m_legendColumn = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(0, 1, m_legendColumn);
    m_plot->plotLayout()->setColumnStretchFactor(1, 0.001);
    m_legendColumn->addElement(1, 0, new QCPLayoutElement(m_plot));
    m_legendColumn->setRowStretchFactor(0, 0.001);
    setLegendVisible(true);
    m_plot->legend->setWrap(0);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foRowsFirst);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->setNoAntialiasingOnDrag(true);
    // A user who pans or zooms stops following the present until they double-click.
    connect(m_plot, &QCustomPlot::mouseWheel, this, [this] { m_follow = false; });
    connect(m_plot, &QCustomPlot::mousePress, this, [this] { m_follow = false; });
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] {
        m_follow = true;
        m_dirty = true;
    });

    // Axes, grid, legend and series readable in a dark palette too, and when it changes.
    ChartTheme::follow(m_plot);
    m_timer.setInterval(replotIntervalMs);
    // A chart nobody sees (another tab, a closed dock) costs nothing; it catches up when shown.
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (isVisible())
            refresh();
    });
    m_timer.start();
}

LiveChart::~LiveChart() = default;

void LiveChart::resizeEvent(QResizeEvent *event)
{
    // "HH:mm:ss" labels need room: a narrow chart gets fewer ticks instead of overlapping ones.
    m_plot->xAxis->ticker()->setTickCount(std::clamp(width() / 140, 2, 6));
    QWidget::resizeEvent(event);
}

void LiveChart::setLegendVisible(bool visible)
{
    // A legend beside the plot takes its width even hidden: hidden, it waits in the axis
    // rect's inset, where it takes nothing.
    QCPLegend *legend = m_plot->legend;
    legend->setVisible(visible);
    const bool beside = legend->layout() == m_legendColumn;
    if (visible && !beside) {
        m_plot->axisRect()->insetLayout()->take(legend);
        m_legendColumn->addElement(0, 0, legend);
        m_legendColumn->setMargins(QMargins(0, 6, 6, 0));
    } else if (!visible && beside) {
        m_legendColumn->take(legend);
        m_legendColumn->setMargins(QMargins());
        m_plot->axisRect()->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignRight);
    }
    m_dirty = true;
}

int LiveChart::addSeries(const QString &name, const TimeSeries *series, const QColor &color, Style style, Axis axis)
{
    QCPGraph *graph = m_plot->addGraph(m_plot->xAxis, axis == Axis::Right ? m_plot->yAxis2 : m_plot->yAxis);
    if (axis == Axis::Right)
        m_plot->yAxis2->setVisible(true);
    // A long name (a key, a token) would take the plot's width beside it: cut in the middle
    // in the legend, whole in an export.
    constexpr qsizetype longest = 28;
    graph->setName(name.size() <= longest ? name : name.left(longest / 2 - 1) + QStringLiteral("…") + name.right(longest / 2));
    graph->setPen(QPen(color, 1.5));
    graph->setAdaptiveSampling(true);
    switch (style) {
    case Style::Line:
        graph->setLineStyle(QCPGraph::lsLine);
        break;
    case Style::Step:
        graph->setLineStyle(QCPGraph::lsStepLeft);
        break;
    case Style::Dots:
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, 5));
        break;
    }
    m_series.append({series, graph, name});
    m_dirty = true;
    return int(m_series.size() - 1);
}

void LiveChart::removeAllSeries()
{
    m_plot->clearGraphs();
    m_plot->yAxis2->setVisible(false);
    m_series.clear();
    m_dirty = true;
}

void LiveChart::setValueLabel(const QString &label, Axis axis)
{
    (axis == Axis::Right ? m_plot->yAxis2 : m_plot->yAxis)->setLabel(label);
}

void LiveChart::setTitle(const QString &title)
{
    m_title->setText(title);
}

void LiveChart::setWindow(qint64 windowMs)
{
    m_windowMs = windowMs;
    int index = m_windowBox->findData(windowMs);
    if (index < 0 && windowMs > 0) { // a window the list lacks (a short demo's 30 s) joins it
        index = m_windowBox->count();
        for (int i = 0; i < m_windowBox->count(); ++i)
            if (m_windowBox->itemData(i).toLongLong() > windowMs) {
                index = i;
                break;
            }
        const QSignalBlocker quiet(m_windowBox); // the current item moves; the window does not change yet
        m_windowBox->insertItem(index, windowMs < 60'000 ? tr("%1 s").arg(windowMs / 1000) : tr("%1 min").arg(windowMs / 60'000),
                                windowMs);
    }
    if (index >= 0 && index != m_windowBox->currentIndex())
        m_windowBox->setCurrentIndex(index);
    m_follow = true;
    m_dirty = true;
}

void LiveChart::addMarker(qint64 timeMs, const QString &label, const QColor &color)
{
    auto *line = new QCPItemStraightLine(m_plot);
    line->point1->setCoords(toKey(timeMs), 0);
    line->point2->setCoords(toKey(timeMs), 1);
    QPen pen(color, 1, Qt::DashLine);
    line->setPen(pen);
    line->setObjectName(label);
    m_markers.append({timeMs, line});
    m_dirty = true;
}

void LiveChart::clearMarkers()
{
    for (const Marker &m : std::as_const(m_markers))
        m_plot->removeItem(m.line);
    m_markers.clear();
    m_dirty = true;
}

void LiveChart::refresh()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    bool changed = m_dirty;
    for (Bound &b : m_series) {
        const qint64 bucketMs = b.series->bucketMs();
        const bool bucketClosed = b.openBucketMs >= 0 && b.openBucketMs + bucketMs <= now;
        if (b.series->revision() == b.revision && !bucketClosed)
            continue;
        b.revision = b.series->revision();
        changed = true;
        // Re-add the last few seconds drawn (buckets may have grown in place, and an event can
        // arrive late for an earlier second), then trim. A bucket still filling is left out:
        // drawn, its part of a second would read as a rate that just fell off a cliff.
        const qint64 from = b.lastTimeMs >= 0 ? b.lastTimeMs - redrawBackMs : -1;
        if (b.lastTimeMs >= 0)
            b.graph->data()->removeAfter(toKey(from) - 1e-6);
        QVector<double> keys, values;
        b.openBucketMs = -1;
        for (auto it = b.series->points().rbegin(); it != b.series->points().rend() && it->timeMs >= from; ++it) {
            if (bucketMs > 0 && it->timeMs + bucketMs > now) {
                b.openBucketMs = it->timeMs;
                continue;
            }
            if (keys.isEmpty())
                b.lastTimeMs = it->timeMs;
            keys.append(toKey(it->timeMs));
            values.append(it->value);
        }
        std::reverse(keys.begin(), keys.end());
        std::reverse(values.begin(), values.end());
        b.graph->addData(keys, values, true);
        b.graph->data()->removeBefore(toKey(now - std::max(m_windowMs, b.series->windowMs())));
    }
    while (!m_markers.isEmpty() && m_markers.first().timeMs < now - 3'600'000) {
        m_plot->removeItem(m_markers.first().line);
        m_markers.removeFirst();
    }
    if (m_follow) {
        // Time moves on even when no data does, but a shift of less than a pixel (a 1 h
        // window moves one pixel every few seconds) is not worth a replot.
        const double pixels = double(now - m_followedAtMs) * m_plot->axisRect()->width() / double(std::max<qint64>(1, m_windowMs));
        if (changed || pixels >= 1.0) {
            m_plot->xAxis->setRange(toKey(now - m_windowMs), toKey(now));
            m_followedAtMs = now;
            changed = true;
        }
    }
    if (!changed)
        return;
    m_dirty = false;
    // From zero, or below it where a series goes there (an oversold stock): never cut off.
    // Each value axis fits its own series.
    for (QCPAxis *axis : {m_plot->yAxis, m_plot->yAxis2}) {
        double top = 1, bottom = 0;
        for (const Bound &b : std::as_const(m_series)) {
            bool found = false;
            const QCPRange range = b.graph->valueAxis() == axis ? b.graph->getValueRange(found, QCP::sdBoth, m_plot->xAxis->range()) : QCPRange();
            if (found) {
                top = std::max(top, range.upper);
                bottom = std::min(bottom, range.lower);
            }
        }
        const double margin = (top - bottom) * 0.15;
        axis->setRange(bottom < 0 ? bottom - margin : 0, top + margin);
    }
    ++m_replots;
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool LiveChart::exportPng(const QString &fileName)
{
    refresh();
    return m_plot->savePng(fileName, 0, 0, 1.0);
}

bool LiveChart::exportCsv(const QString &fileName) const
{
    QFile file(fileName);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    QByteArray out = "series,time_ms,value\n";
    for (const Bound &b : m_series) {
        QByteArray name = b.name.toUtf8();
        name.replace('"', "\"\"");
        for (const TimeSeries::Point &p : b.series->points())
            out += '"' + name + "\"," + QByteArray::number(p.timeMs) + ',' + QByteArray::number(p.value, 'g', 12) + '\n';
    }
    return file.write(out) == out.size();
}
