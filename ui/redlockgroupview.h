#pragma once

#include "redlockevent.h"

#include <QTimer>
#include <QWidget>

class QLabel;
class QListWidget;
class QTableView;
class RedlockGroupModel;
class RedlockWatchService;

// A Redlock group on screen: a line saying what the group is and which nodes are down, the
// per-key matrix of RedlockGroupModel (state, validity counting down, holder, a column per
// node), and the group's events, newest first. Fed by a RedlockWatchService (an operator's
// group) or by whoever reads the group (the training sandbox's Redlock scenario).
class RedlockGroupView final : public QWidget
{
    Q_OBJECT

public:
    explicit RedlockGroupView(QWidget *parent = nullptr);

    RedlockGroupModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QListWidget *eventList() const { return m_events; }
    // Shows what watch reads, as it reads it; the view does not own it.
    void follow(RedlockWatchService *watch);
    void setTitle(const QString &title);
    void setNodeErrors(const QStringList &errors);
    void addEvents(const QList<RedlockEvent> &events);

private:
    void updateSummary();

    RedlockGroupModel *m_model;
    QLabel *m_summary;
    QTableView *m_table;
    QListWidget *m_events;
    QTimer m_tick;
    QString m_title;
    QStringList m_errors;
};
