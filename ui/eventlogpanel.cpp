#include "eventlogpanel.h"

#include "lockeventcsv.h"
#include "lockeventfilterproxymodel.h"
#include "lockeventlog.h"

#include <algorithm>

#include <QCheckBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QScrollBar>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

EventLogPanel::EventLogPanel(QWidget *parent)
    : QWidget(parent)
    , m_proxy(new LockEventFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_kinds(new QToolButton(this))
    , m_key(new QLineEdit(this))
    , m_holder(new QLineEdit(this))
    , m_follow(new QCheckBox(tr("Follow"), this))
    , m_count(new QLabel(this))
{
    m_kinds->setText(tr("Events: all"));
    m_kinds->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(m_kinds);
    for (LockEventKind kind : LockEvent::allKinds()) {
        QAction *a = menu->addAction(LockEvent::kindText(kind));
        a->setCheckable(true);
        a->setChecked(true);
        connect(a, &QAction::toggled, this, [this, kind, menu](bool on) {
            m_proxy->setKindShown(kind, on);
            int shown = 0;
            for (QAction *x : menu->actions())
                shown += x->isCheckable() && x->isChecked() ? 1 : 0;
            m_kinds->setText(shown == LockEvent::kindCount ? tr("Events: all") : tr("Events: %1 of %2").arg(shown).arg(LockEvent::kindCount));
            updateCount();
        });
    }
    menu->addSeparator();
    menu->addAction(tr("Show all"), this, [menu] {
        for (QAction *a : menu->actions())
            if (a->isCheckable())
                a->setChecked(true);
    });
    m_kinds->setMenu(menu);
    m_kinds->setToolTip(tr("Which kinds of event to show"));

    m_key->setPlaceholderText(tr("Key (text, or a glob like lock:*)"));
    m_key->setClearButtonEnabled(true);
    m_holder->setPlaceholderText(tr("Holder or token"));
    m_holder->setClearButtonEnabled(true);
    m_follow->setChecked(true);
    m_follow->setToolTip(tr("Keep the newest event in view"));
    auto *exportButton = new QPushButton(tr("Export CSV…"), this);
    exportButton->setToolTip(tr("Save the events shown (as filtered) to a CSV file"));
    connect(exportButton, &QPushButton::clicked, this, &EventLogPanel::chooseExportFile);

    m_filterDebounce.setSingleShot(true);
    m_filterDebounce.setInterval(300);
    connect(&m_filterDebounce, &QTimer::timeout, this, [this] {
        m_proxy->setKeyFilter(m_key->text().trimmed());
        m_proxy->setHolderFilter(m_holder->text().trimmed());
        updateCount();
    });
    connect(m_key, &QLineEdit::textChanged, &m_filterDebounce, qOverload<>(&QTimer::start));
    connect(m_holder, &QLineEdit::textChanged, &m_filterDebounce, qOverload<>(&QTimer::start));

    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->verticalHeader()->hide();
    // Fixed row heights: sizing rows to contents would cost seconds on a long log.
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setHighlightSections(false);
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        Q_EMIT lockActivated(index.data(LockEventLog::KeyBytesRole).toByteArray());
    });
    // The user scrolled up to read: stop following; back at the bottom: follow again.
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        if (!m_scrollTimer.isActive())
            m_follow->setChecked(value >= m_view->verticalScrollBar()->maximum());
    });

    // Coalesced: at 1,000 events a second, one scroll and one count update per interval.
    m_scrollTimer.setSingleShot(true);
    m_scrollTimer.setInterval(100);
    connect(&m_scrollTimer, &QTimer::timeout, this, [this] {
        if (m_follow->isChecked())
            m_view->scrollToBottom();
    });
    m_countTimer.setSingleShot(true);
    m_countTimer.setInterval(250);
    connect(&m_countTimer, &QTimer::timeout, this, &EventLogPanel::updateCount);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_follow->isChecked() && !m_scrollTimer.isActive())
            m_scrollTimer.start();
        if (!m_countTimer.isActive())
            m_countTimer.start();
    });
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, [this] {
        if (!m_countTimer.isActive())
            m_countTimer.start();
    });
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &EventLogPanel::updateCount);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 4, 4, 0);
    bar->addWidget(m_kinds);
    bar->addWidget(m_key, 2);
    bar->addWidget(m_holder, 1);
    bar->addWidget(m_follow);
    bar->addWidget(m_count);
    bar->addWidget(exportButton);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    updateCount();
}

void EventLogPanel::setLog(LockEventLog *log)
{
    m_log = log;
    m_proxy->setSourceModel(log);
    // Widths once there are columns to size.
    const int digit = fontMetrics().horizontalAdvance(QLatin1Char('0'));
    const QList<QPair<int, int>> widths = {{LockEventLog::TimeColumn, 13 * digit}, {LockEventLog::EventColumn, 12 * digit},
                                           {LockEventLog::KeyColumn, 30 * digit},  {LockEventLog::HolderColumn, 30 * digit},
                                           {LockEventLog::TokenColumn, 26 * digit}, {LockEventLog::TtlColumn, 9 * digit}};
    QHeaderView *header = m_view->horizontalHeader();
    const int margins = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + 2;
    for (const auto &[column, width] : widths) // never narrower than a translated header's text
        m_view->setColumnWidth(column, std::max(width, header->fontMetrics().horizontalAdvance(
                                                           m_view->model()->headerData(column, Qt::Horizontal).toString()) + margins));
    updateCount();
}

QString EventLogPanel::countText() const
{
    return m_count->text();
}

void EventLogPanel::updateCount()
{
    const int total = m_log ? m_log->rowCount() : 0;
    const int shown = m_proxy->rowCount();
    m_count->setText(shown == total ? tr("%L1 events").arg(total) : tr("%L1 of %L2 events").arg(shown).arg(total));
}

bool EventLogPanel::exportCsv(const QString &fileName) const
{
    QFile file(fileName);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    const QByteArray csv = LockEventCsv::fromModel(*m_proxy);
    return file.write(csv) == csv.size();
}

void EventLogPanel::chooseExportFile()
{
    auto *dialog = new QFileDialog(this, tr("Export lock events"), QStringLiteral("lock-events.csv"), tr("CSV files (*.csv)"));
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("csv"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &file) {
        if (!exportCsv(file))
            m_count->setText(tr("Could not write %1").arg(file));
    });
    dialog->open();
}
