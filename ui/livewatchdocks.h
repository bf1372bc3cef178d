#pragma once

#include "eventderiver.h"
#include "lockinfo.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

class AlertsPanel;
class ElidedLabel;
class EventLogPanel;
class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QMainWindow;
class QMenu;
class QToolButton;
class Session;
class WatchDashboard;
class WatchRecorder;

// The live-watch side of the main window, added to it in docks so the window itself only
// hands over the session and the selected lock: the charts (WatchDashboard), the event log,
// the alerts, a Watch menu (keyspace notifications with an explanation of their cost, the
// failed-acquisition sampler with its warning, the stuck threshold) and a status-bar light
// saying whether events are live or polled.
class LiveWatchDocks final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LiveWatchDocks)

public:
    explicit LiveWatchDocks(QMainWindow *window);
    ~LiveWatchDocks() override;

    void setSession(Session *session);
    void setSelectedLock(const LockInfo *lock);

    WatchRecorder *recorder() const { return m_recorder; }
    WatchDashboard *dashboard() const { return m_dashboard; }
    EventLogPanel *eventLog() const { return m_log; }
    AlertsPanel *alerts() const { return m_alerts; }
    QDockWidget *chartsDock() const { return m_chartsDock; }
    QAction *notificationsAction() const { return m_notificationsAction; }
    QAction *samplerAction() const { return m_samplerAction; }
    QString eventStatus() const;
    QString samplerStatus() const;

    // The text shown before turning keyspace notifications on.
    static QString notificationCost();

    // A lock held this long is reported stuck (the Watch menu's choice, or Settings').
    void setStuckAfter(qint64 ms);
    qint64 stuckAfter() const { return m_stuckAfterMs; }
    // The live charts' time window.
    void setChartWindow(qint64 ms);

Q_SIGNALS:
    void lockActivated(const QByteArray &key);
    // The user picked another stuck threshold in the Watch menu.
    void stuckAfterChanged(qint64 ms);

private:
    void buildMenu();
    QWidget *buildHeader();
    void tick();
    void tickSelected();
    void updateStatus();
    void updateSampler();
    void askToEnableNotifications(bool checked);
    static QString alreadyLiveText();
    void toggleSampler();

    QMainWindow *m_window;
    QPointer<Session> m_session;
    WatchRecorder *m_recorder;
    WatchDashboard *m_dashboard;
    EventLogPanel *m_log;
    AlertsPanel *m_alerts;
    QDockWidget *m_chartsDock;
    QDockWidget *m_logDock;
    QDockWidget *m_alertsDock;
    QLabel *m_statusLight;
    QLabel *m_headerLight;
    ElidedLabel *m_headerStatus;
    QLabel *m_samplerLabel;
    QAction *m_notificationsAction;
    QAction *m_samplerAction;
    QActionGroup *m_stuckGroup;
    QTimer m_tick;
    QTimer m_selectedTick;
    qint64 m_stuckAfterMs = EventDeriver::Options().stuckAfterMs;
};
