#pragma once

#include "redlockevent.h"

#include <QTimer>
#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;
class QTableView;
class RedlockAdminService;
class RedlockGroupModel;
class RedlockWatchService;
struct RedlockAdminPlan;
struct RedlockAdminResult;

// A Redlock group on screen: a line saying what the group is and which nodes are down, the
// per-key matrix of RedlockGroupModel (state, validity counting down, holder, a column per
// node), and the group's events, newest first. Fed by a RedlockWatchService (an operator's
// group) or by whoever reads the group (the training sandbox's Redlock scenario).
//
// Given a RedlockAdminService, it also acquires, extends and force-releases the group's locks
// as the Redlock libraries do, each action shown in full (every node's guard) and confirmed
// first, its outcome on every node listed with the group's events.
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

    // Shows the admin actions, run through admin (the view does not own it). production: a
    // force-release runs only once the key has been typed, as on a production connection.
    void setAdmin(RedlockAdminService *admin, bool production = false);
    QPushButton *acquireButton() const { return m_acquire; }
    QPushButton *extendButton() const { return m_extend; }
    QPushButton *releaseButton() const { return m_release; }
    QLabel *statusLabel() const { return m_status; }

    void requestAcquire();
    void requestExtend();
    void requestForceRelease();

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitColumns(bool grow);
    void updateSummary();
    void updateActions();
    // The selected row's reading, or nullptr.
    const RedlockObservation *selected() const;
    void confirmAndRun(const RedlockAdminPlan &plan);
    void showResult(const RedlockAdminPlan &plan, const RedlockAdminResult &result);

    RedlockGroupModel *m_model;
    QLabel *m_summary;
    QTableView *m_table;
    QListWidget *m_events;
    QLabel *m_status;
    QWidget *m_actions;
    QPushButton *m_acquire;
    QPushButton *m_extend;
    QPushButton *m_release;
    RedlockAdminService *m_admin = nullptr;
    bool m_production = false;
    QTimer m_tick;
    QString m_title;
    QStringList m_errors;
    bool m_fitting = false;
    bool m_fitted = false;     // fitted to rows: from then on readings only grow the widths
    bool m_userWidths = false; // the user sized a column: fitColumns() leaves them alone
};
