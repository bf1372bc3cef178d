#pragma once

#include "redlockgroup.h"

#include "appsettings.h"
#include "connectionprofile.h"
#include "keypattern.h"
#include "lockinfo.h"
#include "windowlayout.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>
#include <QTimer>

#include <functional>

struct AdminPlan;
class ConnectionBand;
class ConnectionDialog;
class ConnectionOpener;
class ConnectionStore;
class QMessageBox;
class DialectRegistry;
class HoldersPanel;
class LiveWatchDocks;
class LockDetailPanel;
class LockFilterProxyModel;
class LockTableColumns;
class LockTableModel;
class ProfileEditorDialog;
class ProfileStore;
class QAction;
class QDockWidget;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QTableView;
class Session;
class SessionManager;
class SettingsDialog;
class ShortcutsDialog;
struct DiscoveryProgress;

// The LockScope window: the live lock table with its filter, the detail panel of the
// selected lock, admin actions (toolbar, context menu, panel) behind a confirmation, and a
// status bar with connection state, scan progress and the last message. It shows whatever
// session the SessionManager holds and asks it to connect elsewhere; it creates none.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    // How long a released or expired lock stays visible, greyed, before it leaves the table.
    static constexpr qint64 goneRetentionMs = 15000;

    MainWindow(SessionManager *sessions, DialectRegistry *registry, QWidget *parent = nullptr);
    ~MainWindow() override;

    void setReadOnly(bool readOnly);
    bool isReadOnly() const;
    // File → Demo sandbox: the training panel (made by factory on first use), docked below
    // the lock table. Without a factory the menu entry is not there.
    void setDemoPanelFactory(std::function<QWidget *(QWidget *parent)> factory);
    QWidget *openDemoPanel();

    LockTableModel *lockModel() const { return m_model; }
    LockFilterProxyModel *proxyModel() const { return m_proxy; }
    QTableView *lockTable() const { return m_table; }
    LockDetailPanel *detailPanel() const { return m_detail; }
    Session *session() const;
    SessionManager *sessions() const { return m_sessions; }
    LiveWatchDocks *liveWatch() const { return m_live; }
    // View → Holders: the locks grouped by who holds them.
    HoldersPanel *holdersPanel() const { return m_holders; }
    QDockWidget *holdersDock() const { return m_holdersDock; }
    void selectLock(const QByteArray &key);
    QString statusMessage() const;
    // One line in the status bar, red for errors.
    void showMessage(const QString &text, bool error = false);
    // Where Locks → Dialect profiles saves the user's profiles; without one, edits last
    // until the window closes.
    void setProfileStore(const ProfileStore *store) { m_profileStore = store; }
    // Locks → Dialect profiles… (made on first use, non-modal).
    ProfileEditorDialog *openProfileEditor();
    QString connectionStatus() const;
    // The saved connections File → Connect manages; without a store it connects ad hoc.
    void setConnectionStore(ConnectionStore *store);
    // File → Connect… (window-modal, opened with open()).
    ConnectionDialog *openConnectionDialog();
    // Connects to profile once its secrets are at hand (read from the keychain, or asked
    // for), with the read-only setting it carries.
    void openConnection(const ConnectionProfile &profile);
    // A window of its own watching the group (its nodes' saved secrets read first).
    void openRedlockGroup(const RedlockGroup &group);
    ConnectionOpener *connectionOpener();
    ConnectionBand *connectionBand() const { return m_band; }
    const QLabel *connectionLabel() const { return m_connectionLabel; }
    // The question about an unknown SSH host key, while it is open (for tests).
    QMessageBox *hostKeyQuestion() const;

    // The user's settings: what the window itself shows by them (stuck threshold, chart
    // window, desktop alerts) is applied here; the rest is for whoever listens to
    // settingsSubmitted (main.cpp saves them and hands them to the session manager).
    void setSettings(const AppSettings &settings);
    const AppSettings &settings() const { return m_settings; }
    // The languages the settings dialog offers besides English.
    void setLanguages(const QStringList &codes) { m_languages = codes; }
    // File → Settings… (made on first use, non-modal).
    SettingsDialog *openSettings();
    // Help → Keyboard shortcuts (from the menus as they are now).
    ShortcutsDialog *openShortcuts();
    // Geometry, docks and the lock table's columns and sort, kept between runs.
    WindowLayout saveLayout() const;
    void restoreLayout(const WindowLayout &layout);

Q_SIGNALS:
    void scanFinished();
    // The user changed settings (in the dialog, or the budget, stuck threshold or desktop
    // alerts where they are shown); the window shows them already.
    void settingsSubmitted(const AppSettings &settings);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildActions();
    void buildLayout();
    void onSessionChanged(Session *session);
    void showSessionState();
    void forgetConnectedMessage();
    void showBudget();
    void askBudget();
    void askHostKey(const QString &destination, const QString &fingerprint, const QString &keyType);
    void flushUpdates();
    void updateSelection();
    void updateActions();
    void onScanProgress(const DiscoveryProgress &progress, bool done);
    const LockInfo *selectedLock() const;
    void requestAcquire();
    void requestExtend();
    void requestForceRelease();
    void confirmAndRun(const AdminPlan &plan);
    void showTableMenu(const QPoint &pos);
    void tick();
    void submitSettings(const AppSettings &settings);

    SessionManager *m_sessions;
    DialectRegistry *m_registry;
    const ProfileStore *m_profileStore = nullptr;
    ConnectionStore *m_connectionStore = nullptr;
    ConnectionOpener *m_opener = nullptr;
    QPointer<ConnectionDialog> m_connectionDialog;
    ConnectionBand *m_band = nullptr;
    QPointer<QMessageBox> m_hostKeyQuestion;
    QPointer<ProfileEditorDialog> m_profileEditor;
    AppSettings m_settings;
    QStringList m_languages;
    QPointer<SettingsDialog> m_settingsDialog;
    QAction *m_settingsAction = nullptr;
    bool m_readOnly = false;
    bool m_shutDown = false;

    LockTableModel *m_model;
    LockFilterProxyModel *m_proxy;
    QTableView *m_table;
    QStringList m_unreadable; // some keys the scan under way could not read, to name them
    static constexpr qsizetype shownUnreadable = 3;
    LockTableColumns *m_columns;
    LockDetailPanel *m_detail;
    QLineEdit *m_filter;
    QLabel *m_connectionLabel;
    QLabel *m_scanLabel;
    QProgressBar *m_progress;
    QLabel *m_countLabel;
    QLabel *m_budgetLabel;
    QLabel *m_messageLabel;
    LiveWatchDocks *m_live = nullptr;

    QAction *m_connectAction;
    QAction *m_sandboxAction;
    QAction *m_demoAction;
    QDockWidget *m_demoDock = nullptr;
    std::function<QWidget *(QWidget *parent)> m_demoFactory;
    HoldersPanel *m_holders = nullptr;
    QDockWidget *m_holdersDock = nullptr;
    QMenu *m_viewMenu = nullptr;
    QTimer m_holdersTimer;
    QWidget *m_demoPanel = nullptr;
    QAction *m_rescanAction;
    QAction *m_cancelScanAction;
    QAction *m_acquireAction;
    QAction *m_extendAction;
    QAction *m_releaseAction;
    QAction *m_readOnlyAction;
    QAction *m_budgetAction;
    QAction *m_profilesAction;
    QAction *m_hideGoneAction;
    QAction *m_copyKeyAction;
    QAction *m_copyTokenAction;

    // Service updates are coalesced and applied to the model a few times a second:
    // a scan delivers hundreds of batches, and each insert behind a sorting proxy costs.
    QHash<QByteArray, LockInfo> m_pendingChanged;
    QHash<QByteArray, LockInfo> m_pendingGone;
    QTimer m_flushTimer;
    QTimer m_filterDebounce;
    QTimer m_tickTimer;
    qint64 m_lastPrune = 0;
};
