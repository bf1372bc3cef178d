#include "charttheme.h"

#include "theme.h"

#include <qcustomplot.h>

#include <QEvent>

namespace {
// Dynamic properties holding a plottable's or item's own (light-theme) colours.
constexpr const char *basePen = "lockscopeBasePen";
constexpr const char *baseBrush = "lockscopeBaseBrush";
constexpr const char *baseColor = "lockscopeBaseColor";
constexpr const char *baseScatterPen = "lockscopeBaseScatterPen";
constexpr const char *baseScatterBrush = "lockscopeBaseScatterBrush";

QPen adaptedPen(QPen pen, const QPalette &palette)
{
    pen.setColor(ChartTheme::onBackground(pen.color(), palette));
    return pen;
}

QBrush adaptedBrush(QBrush brush, const QPalette &palette)
{
    if (brush.style() != Qt::NoBrush)
        brush.setColor(ChartTheme::onBackground(brush.color(), palette));
    return brush;
}

// A pen or brush property of a QCustomPlot object: remembered once, then drawn adapted.
template <typename T, typename Adapt>
void adaptProperty(QObject *o, const char *name, const char *base, bool all, Adapt adapt, const QPalette &palette)
{
    const QVariant current = o->property(name);
    if (!current.isValid())
        return;
    QVariant saved = o->property(base);
    if (!saved.isValid()) {
        saved = current;
        o->setProperty(base, saved);
    } else if (!all) {
        return;
    }
    o->setProperty(name, QVariant::fromValue(adapt(saved.value<T>(), palette)));
}

void adaptObject(QObject *o, bool all, const QPalette &palette)
{
    adaptProperty<QPen>(o, "pen", basePen, all, adaptedPen, palette);
    adaptProperty<QBrush>(o, "brush", baseBrush, all, adaptedBrush, palette);
    adaptProperty<QColor>(o, "color", baseColor, all, ChartTheme::onBackground, palette);
}
} // namespace

ChartTheme::ChartTheme(QCustomPlot *plot)
    : QObject(plot)
    , m_plot(plot)
{
    plot->installEventFilter(this);
    // Series and marks added after this (charts rebind their series) are adapted before
    // they are first drawn.
    connect(plot, &QCustomPlot::beforeReplot, this, [this] { adaptContents(false); });
    applyFrame();
    adaptContents(true);
}

ChartTheme *ChartTheme::follow(QCustomPlot *plot)
{
    if (auto *existing = plot->findChild<ChartTheme *>(QString(), Qt::FindDirectChildrenOnly))
        return existing;
    return new ChartTheme(plot);
}

QColor ChartTheme::onBackground(const QColor &color, const QPalette &palette)
{
    if (!Theme::isDark(palette) || !color.isValid())
        return color;
    // Lightness raised to where a dark background gives it contrast, hue kept (the blue
    // of "acquired" stays blue), saturation eased a little so lightened colours do not glare.
    float h = 0, s = 0, l = 0, a = 0;
    color.getHslF(&h, &s, &l, &a);
    constexpr float minLightness = 0.64f;
    if (l >= minLightness)
        return color;
    return QColor::fromHslF(h, s * 0.9f, minLightness, a);
}

bool ChartTheme::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_plot && event->type() == QEvent::PaletteChange) {
        applyFrame();
        adaptContents(true);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
    return QObject::eventFilter(watched, event);
}

void ChartTheme::applyFrame()
{
    const QPalette palette = m_plot->palette();
    const bool dark = Theme::isDark(palette);
    const QColor text = palette.color(QPalette::WindowText);
    const QColor axis = dark ? text.darker(130) : QColor(Qt::black);
    const QColor grid = dark ? palette.color(QPalette::Base).lighter(190) : QColor(200, 200, 200);
    m_plot->setBackground(palette.brush(QPalette::Base));
    for (QCPAxis *a : m_plot->axisRect()->axes()) {
        a->setBasePen(QPen(axis, 1));
        a->setTickPen(QPen(axis, 1));
        a->setSubTickPen(QPen(axis, 1));
        a->setTickLabelColor(text);
        a->setLabelColor(text);
        a->grid()->setPen(QPen(grid, 1, Qt::DotLine));
        a->grid()->setSubGridPen(QPen(grid.darker(dark ? 130 : 110), 1, Qt::DotLine));
        a->grid()->setZeroLinePen(QPen(grid, 1, Qt::SolidLine));
    }
    QColor legend = palette.color(QPalette::Base);
    legend.setAlpha(210);
    m_plot->legend->setBrush(legend);
    m_plot->legend->setBorderPen(QPen(dark ? grid : QColor(Qt::black)));
    m_plot->legend->setTextColor(text);
}

void ChartTheme::adaptContents(bool all)
{
    const QPalette palette = m_plot->palette();
    for (int i = 0; i < m_plot->plottableCount(); ++i) {
        QCPAbstractPlottable *p = m_plot->plottable(i);
        adaptObject(p, all, palette);
        if (auto *graph = qobject_cast<QCPGraph *>(p)) {
            QCPScatterStyle scatter = graph->scatterStyle();
            if (scatter.isNone())
                continue;
            QVariant pen = graph->property(baseScatterPen);
            QVariant brush = graph->property(baseScatterBrush);
            if (!pen.isValid()) {
                pen = QVariant::fromValue(scatter.pen());
                brush = QVariant::fromValue(scatter.brush());
                graph->setProperty(baseScatterPen, pen);
                graph->setProperty(baseScatterBrush, brush);
            } else if (!all) {
                continue;
            }
            scatter.setPen(adaptedPen(pen.value<QPen>(), palette));
            scatter.setBrush(adaptedBrush(brush.value<QBrush>(), palette));
            graph->setScatterStyle(scatter);
        }
    }
    for (int i = 0; i < m_plot->itemCount(); ++i)
        adaptObject(m_plot->item(i), all, palette);
}
