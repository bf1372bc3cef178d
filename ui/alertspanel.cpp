#include "alertspanel.h"

#include "lockalertmodel.h"
#include "tokentext.h"

#include <algorithm>

#include <QApplication>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QSystemTrayIcon>
#include <QTableView>
#include <QVBoxLayout>

AlertsPanel::AlertsPanel(QWidget *parent)
    : QWidget(parent)
    , m_view(new QTableView(this))
    , m_trayToggle(new QCheckBox(tr("Desktop notifications"), this))
    , m_summary(new QLabel(this))
{
    m_trayToggle->setEnabled(trayAvailable());
    m_trayToggle->setToolTip(trayAvailable() ? tr("Also show new alerts as desktop notifications")
                                             : tr("This desktop has no system tray, so no desktop notifications"));
    connect(m_trayToggle, &QCheckBox::toggled, this, &AlertsPanel::setTrayNotifications);
    auto *clear = new QPushButton(tr("Clear"), this);
    clear->setToolTip(tr("Forget the alerts shown (they come back if it happens again)"));
    connect(clear, &QPushButton::clicked, this, [this] {
        if (m_model)
            m_model->clear();
    });

    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->horizontalHeader()->setHighlightSections(false);
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        Q_EMIT lockActivated(index.data(LockAlertModel::KeyBytesRole).toByteArray());
    });

    m_trayTimer.setSingleShot(true);
    m_trayTimer.setInterval(trayCoalesceMs);
    connect(&m_trayTimer, &QTimer::timeout, this, &AlertsPanel::flushTray);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 4, 4, 0);
    bar->addWidget(m_summary, 1);
    bar->addWidget(m_trayToggle);
    bar->addWidget(clear);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    updateSummary();
}

AlertsPanel::~AlertsPanel() = default;

void AlertsPanel::setModel(LockAlertModel *model)
{
    if (m_model)
        m_model->disconnect(this);
    m_model = model;
    m_view->setModel(model);
    const QList<QPair<int, int>> widths = {{LockAlertModel::TimeColumn, 80}, {LockAlertModel::AlertColumn, 120},
                                           {LockAlertModel::KeyColumn, 220}, {LockAlertModel::HolderColumn, 200},
                                           {LockAlertModel::MessageColumn, 480}, {LockAlertModel::CountColumn, 60}};
    QHeaderView *header = m_view->horizontalHeader();
    const int margins = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + 2;
    for (const auto &[column, width] : widths) // never narrower than a translated header's text
        m_view->setColumnWidth(column, std::max(width, header->fontMetrics().horizontalAdvance(
                                                           model->headerData(column, Qt::Horizontal).toString()) + margins));
    m_view->horizontalHeader()->setSectionResizeMode(LockAlertModel::MessageColumn, QHeaderView::Stretch);
    connect(model, &LockAlertModel::alertRaised, this, &AlertsPanel::onRaised);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(model, signal, this, &AlertsPanel::updateSummary);
    connect(model, &QAbstractItemModel::dataChanged, this, &AlertsPanel::updateSummary);
    connect(model, &QAbstractItemModel::modelReset, this, &AlertsPanel::updateSummary);
    updateSummary();
}

bool AlertsPanel::trayAvailable() const
{
    return QSystemTrayIcon::isSystemTrayAvailable();
}

void AlertsPanel::setTrayNotifications(bool on)
{
    on = on && trayAvailable();
    if (m_trayToggle->isChecked() != on)
        m_trayToggle->setChecked(on);
    if (on && !m_tray) {
        m_tray = new QSystemTrayIcon(QApplication::windowIcon(), this);
        m_tray->setToolTip(QStringLiteral("LockScope"));
        m_tray->show();
    } else if (!on && m_tray) {
        m_tray->hide();
        m_tray->deleteLater();
        m_tray = nullptr;
    }
}

bool AlertsPanel::trayNotifications() const
{
    return m_tray != nullptr;
}

void AlertsPanel::onRaised(const LockAlert &alert)
{
    if (!m_tray)
        return;
    m_pendingTray << alert;
    if (!m_trayTimer.isActive())
        m_trayTimer.start();
}

void AlertsPanel::flushTray()
{
    if (!m_tray || m_pendingTray.isEmpty())
        return;
    const LockAlert first = m_pendingTray.first();
    if (m_pendingTray.size() == 1)
        m_tray->showMessage(tr("LockScope: %1").arg(LockAlert::kindText(first.kind)),
                            TokenText::escape(first.key) + QStringLiteral(": ") + first.message, QSystemTrayIcon::Warning);
    else
        m_tray->showMessage(tr("LockScope: %1 new alerts").arg(m_pendingTray.size()),
                            tr("%1 on %2, and more").arg(LockAlert::kindText(first.kind), TokenText::escape(first.key)),
                            QSystemTrayIcon::Warning);
    m_pendingTray.clear();
}

void AlertsPanel::updateSummary()
{
    const int open = m_model ? m_model->openCount() : 0;
    const int all = m_model ? m_model->rowCount() : 0;
    m_summary->setText(all == 0 ? tr("No alerts: no stuck locks, near-misses or hot locks seen")
                                : tr("%1 open, %2 in all. Double-click one to select its lock.").arg(open).arg(all));
    Q_EMIT openAlertsChanged(open);
}
