#include "renewalchart.h"

#include "charttheme.h"
#include "tokentext.h"

#include <qcustomplot.h>

#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QToolButton>
#include <QVBoxLayout>

namespace {
struct Guide
{
    double slope;
    const char *label;
    QColor color;
};
} // namespace

RenewalChart::RenewalChart(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_empty(new QLabel(tr("No renewals seen yet. Locks kept alive by a watchdog (Redisson, or PEXPIRE by their holder) "
                            "show up here, one point each."),
                        this))
{
    auto *title = new QLabel(tr("Renew interval against TTL"), this);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    auto *exportButton = new QToolButton(this);
    exportButton->setText(tr("Export"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(exportButton);
    menu->addAction(tr("Picture (PNG)…"), this, [this] {
        auto *dialog = new QFileDialog(this, tr("Export chart"), QString(), tr("PNG images (*.png)"));
        dialog->setAcceptMode(QFileDialog::AcceptSave);
        dialog->setDefaultSuffix(QStringLiteral("png"));
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &f) { exportPng(f); });
        dialog->open();
    });
    menu->addAction(tr("Data (CSV)…"), this, [this] {
        auto *dialog = new QFileDialog(this, tr("Export chart data"), QString(), tr("CSV files (*.csv)"));
        dialog->setAcceptMode(QFileDialog::AcceptSave);
        dialog->setDefaultSuffix(QStringLiteral("csv"));
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &f) { exportCsv(f); });
        dialog->open();
    });
    exportButton->setMenu(menu);
    auto *header = new QHBoxLayout;
    header->setContentsMargins(4, 2, 4, 0);
    header->addWidget(title, 1);
    header->addWidget(exportButton);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(header);
    layout->addWidget(m_empty);
    layout->addWidget(m_plot, 1);

    m_plot->setMinimumHeight(140);
    m_plot->xAxis->setLabel(tr("TTL (s)"));
    m_plot->yAxis->setLabel(tr("renewed every (s)"));
    for (const Guide &g : {Guide{1.0 / 3, "renewed every TTL/3 (a healthy watchdog)", QColor(0x1b, 0x7f, 0x3b)},
                           Guide{0.9, "renewed with < 10% left (near-miss)", QColor(0xb0, 0x60, 0x00)},
                           Guide{1.0, "renewed at the TTL (too late: expired)", QColor(0xb3, 0x26, 0x1e)}}) {
        QCPGraph *line = m_plot->addGraph();
        line->setName(tr(g.label));
        line->setPen(QPen(g.color, 1, Qt::DashLine));
        m_guides.append({line, g.slope});
    }
    m_ok = m_plot->addGraph();
    m_ok->setName(tr("a renewing lock"));
    m_ok->setLineStyle(QCPGraph::lsNone);
    m_ok->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(0x1f, 0x5f, 0xbf), 7));
    m_late = m_plot->addGraph();
    m_late->setName(tr("a lock that had near-misses"));
    m_late->setLineStyle(QCPGraph::lsNone);
    m_late->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(0xb3, 0x26, 0x1e), 8));
    m_plot->legend->setVisible(true);
    m_plot->legend->setFont(QFont(font().family(), font().pointSize() - 1));
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    // Axes, grid, legend and series readable in a dark palette too, and when it changes.
    ChartTheme::follow(m_plot);
    m_empty->setWordWrap(true);
    m_empty->setContentsMargins(6, 2, 6, 2);
    m_empty->setStyleSheet(QStringLiteral("color: gray"));

    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent *event) {
        // The lock whose point is nearest the click, within a few pixels.
        double best = 12 * 12;
        QByteArray key;
        for (const LockTimelineStore::RenewalPoint &p : std::as_const(m_points)) {
            const double x = m_plot->xAxis->coordToPixel(p.summary.leaseMs / 1000.0) - event->position().x();
            const double y = m_plot->yAxis->coordToPixel(p.summary.medianIntervalMs / 1000.0) - event->position().y();
            if (x * x + y * y < best) {
                best = x * x + y * y;
                key = p.key;
            }
        }
        if (!key.isEmpty())
            Q_EMIT lockActivated(key);
    });
    setPoints({});
}

void RenewalChart::setPoints(const QList<LockTimelineStore::RenewalPoint> &points)
{
    m_points = points;
    QVector<double> okX, okY, lateX, lateY;
    double maxX = 1, maxY = 1;
    for (const LockTimelineStore::RenewalPoint &p : points) {
        const double x = p.summary.leaseMs / 1000.0, y = p.summary.medianIntervalMs / 1000.0;
        (p.summary.nearMisses > 0 ? lateX : okX).append(x);
        (p.summary.nearMisses > 0 ? lateY : okY).append(y);
        maxX = std::max(maxX, x);
        maxY = std::max(maxY, y);
    }
    m_ok->setData(okX, okY);
    m_late->setData(lateX, lateY);
    const double top = std::max(maxY, maxX) * 1.1;
    m_plot->xAxis->setRange(0, maxX * 1.1);
    m_plot->yAxis->setRange(0, top);
    for (const auto &[graph, slope] : std::as_const(m_guides))
        graph->setData({0.0, maxX * 1.1}, {0.0, maxX * 1.1 * slope});
    m_empty->setVisible(points.isEmpty());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool RenewalChart::exportPng(const QString &fileName)
{
    m_plot->replot();
    return m_plot->savePng(fileName, 0, 0, 1.0);
}

bool RenewalChart::exportCsv(const QString &fileName) const
{
    QFile file(fileName);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    QByteArray out = "key,ttl_ms,median_renew_interval_ms,renewals,near_misses\n";
    for (const LockTimelineStore::RenewalPoint &p : m_points) {
        QByteArray key = TokenText::escape(p.key).toUtf8();
        key.replace('"', "\"\"");
        out += '"' + key + "\"," + QByteArray::number(p.summary.leaseMs) + ',' + QByteArray::number(p.summary.medianIntervalMs) + ','
               + QByteArray::number(p.summary.renewals) + ',' + QByteArray::number(p.summary.nearMisses) + '\n';
    }
    return file.write(out) == out.size();
}
