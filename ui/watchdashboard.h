#pragma once

#include "lockinfo.h"

#include <QWidget>

#include <optional>

class LiveChart;
class QCPItemText;
class LockHistoryCharts;
class QLabel;
class QTabWidget;
class QTableView;
class RenewalChart;
class WatchRecorder;

// The live charts, in tabs: Activity (lock events per second by kind; server commands per
// second from INFO commandstats), Contention (waiters over time for the hottest locks, and
// the hot-lock ranking), Renewals (the selected lock's TTL sawtooth; renew interval against
// TTL for every renewing lock) and Holders (who held the selected lock when).
// Charts redraw on their own 10 Hz timers; update() (once a second) rebinds what changed.
class WatchDashboard final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WatchDashboard)

public:
    enum Tab { ActivityTab, ContentionTab, RenewalsTab, HoldersTab };

    explicit WatchDashboard(WatchRecorder *recorder, QWidget *parent = nullptr);
    ~WatchDashboard() override;

    // After the recorder was cleared (a new session): series pointers changed.
    void rebind();
    void setSelectedLock(const std::optional<LockInfo> &lock, qint64 wallOffsetMs);
    // Once a second, after the recorder advanced.
    void update(qint64 nowMs);
    // A few times a second: the selected lock's charts (their TTL line moves continuously).
    void updateSelected(qint64 nowMs);
    // Every live chart's time window (each can still be changed on its own).
    void setChartWindow(qint64 ms);

    QTabWidget *tabs() const { return m_tabs; }
    LiveChart *eventsChart() const { return m_events; }
    LiveChart *commandsChart() const { return m_commands; }
    LiveChart *waitersChart() const { return m_waiters; }
    QTableView *hotTable() const { return m_hotTable; }
    RenewalChart *renewalChart() const { return m_renewals; }
    LockHistoryCharts *history() const { return m_history; }

Q_SIGNALS:
    void lockActivated(const QByteArray &key);

private:
    void bindEvents();
    void bindCommands();
    void bindWaiters();

    WatchRecorder *m_recorder;
    QTabWidget *m_tabs;
    LiveChart *m_events;
    LiveChart *m_commands;
    LiveChart *m_waiters;
    QTableView *m_hotTable;
    RenewalChart *m_renewals;
    LockHistoryCharts *m_history;
    QList<QByteArray> m_boundCommands;
    QList<QByteArray> m_boundWaiters;
    QCPItemText *m_waitersEmpty = nullptr;
};
