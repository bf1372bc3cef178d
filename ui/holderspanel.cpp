#include "holderspanel.h"

#include "holdertreemodel.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

HoldersPanel::HoldersPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new HolderTreeModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_filter(new QLineEdit(this))
    , m_view(new QTreeView(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setRecursiveFilteringEnabled(true); // a matching lock keeps its holder row
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);
    m_filter->setPlaceholderText(tr("Filter by client, host, key or token"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    m_view->setModel(m_proxy);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(HolderTreeModel::HolderColumn, QHeaderView::Stretch);
    m_view->header()->setSectionResizeMode(HolderTreeModel::TokenColumn, QHeaderView::Interactive);
    m_view->setColumnWidth(HolderTreeModel::DialectColumn, 150);
    m_view->setColumnWidth(HolderTreeModel::TokenColumn, 260);
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        const QByteArray key = index.siblingAtColumn(0).data(Qt::UserRole).toByteArray();
        if (!key.isEmpty())
            Q_EMIT lockChosen(key);
    });
    connect(m_view, &QTreeView::clicked, m_view, &QTreeView::activated);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_filter);
    layout->addWidget(m_view);
}

void HoldersPanel::setLocks(const QList<LockInfo> &locks)
{
    // Keep what the user opened: holder rows are found again by identity after the rebuild.
    QSet<QString> expanded;
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const QModelIndex i = m_proxy->index(row, 0);
        if (m_view->isExpanded(i))
            expanded.insert(m_model->groupIdentity(m_proxy->mapToSource(i).row()));
    }
    m_model->setLocks(locks);
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const QModelIndex i = m_proxy->index(row, 0);
        if (expanded.contains(m_model->groupIdentity(m_proxy->mapToSource(i).row())) || !m_filter->text().isEmpty())
            m_view->expand(i);
    }
}

void HoldersPanel::setFilterText(const QString &text)
{
    m_filter->setText(text);
    m_view->expandAll();
}
