#include "locktablecolumns.h"

#include "locktablemodel.h"

#include <QHeaderView>
#include <QResizeEvent>
#include <QStyle>
#include <QTableView>

#include <algorithm>

namespace {
struct ColumnBounds
{
    int column;
    int defaultWidth;
    int maxWidth; // a long token or holder is elided in the middle past this
};

constexpr ColumnBounds bounds[] = {
    {LockTableModel::KeyColumn, 180, 480},     {LockTableModel::NodeColumn, 120, 220},
    {LockTableModel::DialectColumn, 150, 240}, {LockTableModel::HolderColumn, 150, 340},
    {LockTableModel::TokenColumn, 175, 340},   {LockTableModel::TtlColumn, 72, 140},
    {LockTableModel::CountColumn, 48, 90},     {LockTableModel::WaitersColumn, 60, 90},
    {LockTableModel::StateColumn, 130, 260},
};

// Enough rows to see what the columns hold, few enough to cost nothing on 100k locks.
constexpr int sampledRows = 300;
} // namespace

LockTableColumns::LockTableColumns(QTableView *table)
    : QObject(table)
    , m_table(table)
{
    QHeaderView *header = table->horizontalHeader();
    m_fitting = true;
    for (const ColumnBounds &b : bounds)
        table->setColumnWidth(b.column, std::max(b.defaultWidth, neededWidth(b.column, 0))); // the header's text is never cut
    m_fitting = false;
    table->viewport()->installEventFilter(this);
    connect(header, &QHeaderView::sectionResized, this, [this](int column, int oldSize, int newSize) {
        // The key stretches with the window, and hiding or showing a column is no choice of width.
        if (!m_fitting && column != LockTableModel::KeyColumn && oldSize > 0 && newSize > 0)
            m_settled = true;
    });
}

// The header's text and the first rows': the width that cuts none of them (the caller caps it).
int LockTableColumns::neededWidth(int column, int rows) const
{
    const QHeaderView *header = m_table->horizontalHeader();
    const int headerMargins = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + 2;
    int width = header->fontMetrics().horizontalAdvance(m_table->model()->headerData(column, Qt::Horizontal).toString()) + headerMargins;
    const QAbstractItemModel *model = m_table->model();
    // As the cell is drawn: in its own font (keys and tokens are monospace), with the delegate's
    // margins, and the grid line that the cell gives up.
    const int grid = m_table->showGrid() ? 1 : 0;
    for (int row = 0; row < rows; ++row)
        width = std::max(width, m_table->sizeHintForIndex(model->index(row, column)).width() + grid);
    return width;
}

bool LockTableColumns::eventFilter(QObject *watched, QEvent *event)
{
    // A new width shares what the columns were measured to need anew: measuring them again
    // at every step of a drag would cost more than it tells.
    if (event->type() == QEvent::Resize && m_fitted && static_cast<QResizeEvent *>(event)->oldSize().width() != m_table->viewport()->width())
        fit();
    return QObject::eventFilter(watched, event);
}

void LockTableColumns::fitToContents()
{
    const int rows = std::min(m_table->model()->rowCount(), sampledRows);
    if (m_fitted || m_settled || rows == 0)
        return;
    for (const ColumnBounds &b : bounds) {
        const int base = std::max(b.defaultWidth, neededWidth(b.column, 0));
        m_needs.insert(b.column, {base, std::clamp(neededWidth(b.column, rows), base, std::max(base, b.maxWidth))});
    }
    m_fitted = true;
    fit();
}

void LockTableColumns::fit()
{
    if (m_settled)
        return;
    // What the viewport has beyond the defaults goes first to the short columns that name the
    // lock (the key, its node, dialect and state, whole or not at all), then to the holder and
    // token, in proportion to what they lack: those two are elided in the middle and read well
    // cut. Never narrower than the default: a state or TTL not among these rows may come later.
    struct Want
    {
        int column, base, need;
    };
    QList<Want> whole, shared;
    int spare = m_table->viewport()->width();
    for (const ColumnBounds &b : bounds) {
        if (m_table->isColumnHidden(b.column))
            continue;
        const auto [base, need] = m_needs.value(b.column);
        const bool elidesWell = b.column == LockTableModel::HolderColumn || b.column == LockTableModel::TokenColumn;
        (elidesWell ? shared : whole).append({b.column, base, need});
        spare -= base;
    }
    QList<QPair<int, int>> widths;
    for (const Want &w : std::as_const(whole)) {
        const int extra = std::clamp(w.need - w.base, 0, std::max(spare, 0));
        spare -= extra;
        widths.append({w.column, w.base + extra});
    }
    int lacking = 0;
    for (const Want &w : std::as_const(shared))
        lacking += w.need - w.base;
    for (const Want &w : std::as_const(shared)) {
        const int extra = lacking > 0 ? int(qint64(w.need - w.base) * std::clamp(spare, 0, lacking) / lacking) : 0;
        widths.append({w.column, w.base + extra});
    }
    m_fitting = true;
    for (const auto &[column, width] : std::as_const(widths))
        if (column != LockTableModel::KeyColumn) // it stretches into what is left, its need kept
            m_table->setColumnWidth(column, width);
    m_fitting = false;
}
