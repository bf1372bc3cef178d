#pragma once

#include "lockalert.h"

#include <QTimer>
#include <QWidget>

class LockAlertModel;
class QCheckBox;
class QLabel;
class QSystemTrayIcon;
class QTableView;

// Alerts: stuck locks, near-misses and hot locks, newest first, one row per lock and kind.
// Optionally also as desktop notifications from a tray icon, where the desktop has a tray
// (QSystemTrayIcon::isSystemTrayAvailable()); several alerts close together make one message.
class AlertsPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertsPanel)

public:
    static constexpr int trayCoalesceMs = 3000;

    explicit AlertsPanel(QWidget *parent = nullptr);
    ~AlertsPanel() override;

    void setModel(LockAlertModel *model);
    QTableView *view() const { return m_view; }
    bool trayAvailable() const;
    void setTrayNotifications(bool on);
    bool trayNotifications() const;
    QCheckBox *trayToggle() const { return m_trayToggle; }

Q_SIGNALS:
    void lockActivated(const QByteArray &key);
    void openAlertsChanged(int open);

private:
    void onRaised(const LockAlert &alert);
    void flushTray();
    void updateSummary();

    LockAlertModel *m_model = nullptr;
    QTableView *m_view;
    QCheckBox *m_trayToggle;
    QLabel *m_summary;
    QSystemTrayIcon *m_tray = nullptr;
    QList<LockAlert> m_pendingTray;
    QTimer m_trayTimer;
};
