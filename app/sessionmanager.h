#pragma once

#include "connectionprofile.h"
#include "discoveryoptions.h"
#include "keypattern.h"
#include "session.h"
#include "watchbudget.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <optional>

class AuditLog;
class DialectRegistry;
class ServerLauncher;

// The one owner of LockScope's session: connects, switches to another server, reconnects,
// follows the demo's server, opens the embedded sandbox, and tears the current session down
// in a fixed order (see Session::close) before the next one exists. The window and the
// command line ask it; neither creates a session, a connection or a sandbox itself.
//
// Everything that watches a session hears it through sessionChanged() and the state and
// error signals here, which stay the same object across switches.
class SessionManager final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SessionManager)

public:
    using LauncherFactory = std::function<ServerLauncher *(QObject *parent)>;

    SessionManager(const DialectRegistry *registry, const AuditLog *audit, QObject *parent = nullptr);
    ~SessionManager() override;

    // What openSandbox() starts (the training module's embedded server); without one there
    // is no sandbox.
    void setSandboxFactory(LauncherFactory factory) { m_sandboxFactory = std::move(factory); }
    bool hasSandbox() const { return bool(m_sandboxFactory); }

    // Settings every session gets, the current one included.
    void setPatterns(const QList<KeyPattern> &patterns);
    const QList<KeyPattern> &patterns() const { return m_patterns; }
    void setReadOnly(bool readOnly);
    bool isReadOnly() const { return m_readOnly; }
    // The share of one server core a session's watch may use.
    void setWatchBudget(double fraction);
    double watchBudget() const { return m_watchBudget; }
    // How often the watch re-reads the known locks at most, and a fixed rescan interval
    // (0: as often as the budget allows).
    void setWatchIntervals(int refreshMs, int rescanMs);
    int refreshInterval() const { return m_refreshMs; }
    int rescanInterval() const { return m_rescanMs; }
    // Bytes read of a value or member (DiscoveryOptions::valueCap).
    void setValueCap(int bytes);
    int valueCap() const { return m_valueCap; }
    // Command-line subcommands connect without starting the watch services.
    void setStartServices(bool start) { m_startServices = start; }

    // Replaces the current session with one on profile.
    void connectTo(const ConnectionProfile &profile);
    // Starts the embedded sandbox server (once per process), then connects to it.
    void openSandbox();
    // A fresh session on the same server (after a permanent failure, or on the user's word).
    void reconnect();
    // No session any more.
    void closeSession();
    // Closes the session, then calls done once every server setting LockScope changed has
    // been put back, or after graceMs: what a process does before it quits.
    void shutdown(QObject *context, std::function<void()> done, int graceMs = 3000);
    // The restores still under way stop waiting (each says what it could not put back): the
    // user asked again to go, now.
    void abandonRestores(const QString &why);

    // Answer hostKeyUnknown() for the current session.
    void acceptHostKey(bool record);
    void rejectHostKey();

    Session *session() const { return m_session; }
    bool isSandbox() const { return m_sandbox != nullptr && m_onSandbox; }
    // Where admin actions are audited: the sessions' and the Redlock groups' alike.
    const AuditLog *audit() const { return m_audit; }

Q_SIGNALS:
    // The new session, already open and wired; nullptr when there is none. The previous one
    // is closed by then: none of its signals reaches anyone any more.
    void sessionChanged(Session *session);
    void stateChanged(Session::State state);
    void errorOccurred(const QString &message);
    void reconnectScheduled(int attempt, int delayMs);
    // The current session's SSH bastion has a key known_hosts does not: see Session.
    void hostKeyUnknown(const QString &destination, const QString &fingerprint, const QString &keyType);
    void hostKeyRecorded(const QString &message);
    // What LockScope changed on a server could not be put back: says how to, by hand.
    void restoreFailed(const QString &message);
    // Informational lines for a status bar ("Sandbox redis-server on …").
    void notice(const QString &message);
    // The sandbox is being started (no session yet) or could not be.
    void sandboxStarting();
    void sandboxFailed(const QString &message);

private:
    void replace(Session *next);
    void stopSandbox();

    const DialectRegistry *m_registry;
    const AuditLog *m_audit;
    LauncherFactory m_sandboxFactory;
    QList<KeyPattern> m_patterns;
    bool m_readOnly = false;
    double m_watchBudget = WatchBudget::defaultFraction;
    int m_refreshMs = 1000;
    int m_rescanMs = 0;
    int m_valueCap = DiscoveryOptions().valueCap;
    bool m_startServices = true;
    Session *m_session = nullptr;
    ServerLauncher *m_sandbox = nullptr;
    std::optional<ConnectionProfile> m_sandboxProfile; // once the sandbox answers
    bool m_onSandbox = false;
    // Parent of the restorers that put server settings back after their session is gone.
    QObject m_restorers;
};
