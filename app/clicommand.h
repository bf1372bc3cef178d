#pragma once

#include "adminresult.h"
#include "clioptions.h"
#include "sessionmanager.h"

#include <QObject>
#include <QSet>

#include <cstdio>
#include <functional>

class AuditLog;
class ConnectionStore;
class DialectRegistry;
class GroupTransport;
class RedisTopology;
class Session;
class TerminalPrompt;
class TerminationSignals;

// Base of the command-line subcommands: opens a session (on the given server, or on the
// embedded sandbox) through the same SessionManager the window uses, runs, and ends the
// event loop with an exit code once the session has closed and put back what it changed on
// the server. Connection and authentication failures end the command with exit code 3 and
// one line on stderr; output that cannot be written ends it with exit code 1.
class CliCommand : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CliCommand)

public:
    enum ExitCode { Done = 0, Refused = 1, Usage = 2, ConnectionError = 3 };

    // audit: where admin actions are recorded (none for read-only subcommands).
    CliCommand(const CliOptions &options, const DialectRegistry *registry, const AuditLog *audit = nullptr,
               QObject *parent = nullptr);
    ~CliCommand() override;

    // Where --sandbox comes from (the training module's embedded server).
    void setSandboxFactory(SessionManager::LauncherFactory factory);
    // Where a saved connection's secrets come from (--connection): the keychain, or where
    // there is none, a question on the terminal. Without a store, none are looked for.
    void setConnectionStore(ConnectionStore *store) { m_store = store; }

    // Runs the command to completion in the application's event loop.
    int exec();

    // Flushes stdout; false, having said so once on stderr, when the output could not all be
    // written (a full disk, a closed pipe): never exit 0 over output lost. For every command,
    // those without a session too (help, dialects, demo).
    static bool outputWritten();
    // One line on stderr, "lockscope: " first: what the user should know, not the output.
    static void say(const QString &message);

protected:
    // Called once the session is connected.
    virtual void run() = 0;
    // A terminating signal arrived (Ctrl+C, SIGTERM, SIGHUP …): by default the command ends
    // with TerminationSignals::exitStatus(), closing its session in order on the way.
    virtual void interrupt(int signalNumber);
    // The connection failed after run() began (and disconnects are not tolerated): by default
    // the command ends with exit code 3 and the message. Commands still waiting for an answer
    // they must report themselves (an admin action's unknown outcome) get it right after.
    virtual void connectionFailed(const QString &message);
    void finish(int code);
    void fail(int code, const QString &message);
    // Writes to stdout; false (and the command ends with an error) when it cannot.
    bool print(const QByteArray &text);
    // print(), flushed at once, for a reader that follows as it happens (a pipe to jq, a pager
    // that was closed): output that cannot be written ends the command there.
    bool printNow(const QByteArray &text);
    // An admin action's go-ahead: asked on stderr when stdin is a terminal and --yes is not
    // given; what will run where, then "Proceed? [y/N]".
    bool confirmAction(const QString &description, const QString &command, const QString &where) const;
    // The exit code of an admin action's outcome: an action that certainly did not run for
    // want of a connection (failed, unreachable) or may have run (unknown) is a connection error.
    static int exitCodeOf(AdminResult::Outcome outcome, bool reachable);

    // A Redlock group's way to each of its nodes (their sockets, SSH tunnels), made once for
    // all the command's services; an unknown bastion key fails the command as for one server.
    GroupTransport *groupTransport();
    SessionManager *sessions() const { return m_sessions; }
    Session *session() const;
    RedisTopology *topology() const;
    const CliOptions &options() const { return m_options; }
    const DialectRegistry *registry() const { return m_registry; }
    bool isFinished() const { return m_finished; }

    // Keeps the command alive across reconnects (watch) instead of failing at the first loss.
    bool m_tolerateDisconnects = false;
    // Acts on one key, so on one master of a cluster: another master's loss is said as it is,
    // and its own fails the action by itself; there are no "other masters" to go on with.
    bool m_oneKey = false;

private:
    void open();
    void startOrFail();
    // A saved group's nodes' secrets, node after node, from the keychain or the terminal; then run().
    void fillGroupSecrets(int node);
    // Asks for the secrets of a saved connection (profile) that no keychain had, one by one,
    // then goes on; without a terminal to ask on, fails with exit code 3 and says why.
    void askFor(ConnectionProfile *profile, QList<SecretKind> missing, const QString &note, std::function<void()> then);
    void refuseHostKey(const QString &destination, const QString &fingerprint, const QString &keyType);

    CliOptions m_options;
    ConnectionStore *m_store = nullptr;
    TerminalPrompt *m_prompt = nullptr;
    GroupTransport *m_groupTransport = nullptr;
    const DialectRegistry *m_registry;
    SessionManager *m_sessions;
    TerminationSignals *m_signals;
    bool m_started = false;
    // Errors said once each: one master of several lost, or a watch's server, until it is back.
    QSet<QString> m_warned;
    QString m_startError; // what went wrong before run(), while a cluster's masters still come up
    bool m_finished = false;
};
