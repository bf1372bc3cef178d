#pragma once

#include <QWidget>

class HolderTreeModel;
class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;
struct LockInfo;

// "What does client X hold?": the locks grouped by holder, with a filter on holder, key or
// token text. Choosing a lock selects it in the lock table.
class HoldersPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HoldersPanel)

public:
    explicit HoldersPanel(QWidget *parent = nullptr);

    void setLocks(const QList<LockInfo> &locks);
    void setFilterText(const QString &text);
    HolderTreeModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }

Q_SIGNALS:
    void lockChosen(const QByteArray &key);

private:
    HolderTreeModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QLineEdit *m_filter;
    QTreeView *m_view;
};
