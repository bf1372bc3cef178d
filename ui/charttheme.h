#pragma once

#include <QColor>
#include <QObject>
#include <QPalette>

class QCustomPlot;

// Keeps a QCustomPlot readable in the application's palette, light or dark: background,
// axes, tick labels, grid and legend from the palette; series, markers and labels keep
// their hue but are drawn light enough to read on a dark background. Each chart's own
// colours are remembered the first time they are seen, so switching back and forth never
// drifts, and series added later (a chart that rebinds) are adapted at their first replot.
//
// follow() attaches one to a plot; it lives as the plot's child and listens for palette
// changes (a theme switch) itself, so chart code only picks light-theme colours.
class ChartTheme final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChartTheme)

public:
    static ChartTheme *follow(QCustomPlot *plot);

    // The colour to draw something of this light-theme colour with on the palette's
    // background: itself on a light one, lightened (same hue) on a dark one.
    static QColor onBackground(const QColor &color, const QPalette &palette);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit ChartTheme(QCustomPlot *plot);
    // Axes, grid, legend and background; then every plottable and item.
    void applyFrame();
    void adaptContents(bool all);

    QCustomPlot *m_plot;
};
