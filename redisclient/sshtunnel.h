#pragma once

#include "sshoptions.h"

#include <QList>
#include <QObject>
#include <QThread>
#include <QTimer>

class SshTunnelWorker;

// One SSH session to a bastion host that carries any number of local forwards: forward() hands
// out a loopback port whose connections reach a target through the bastion (direct-tcpip), so a
// RedisConnection, or every connection of a cluster or sentinel topology, only needs to be
// pointed at 127.0.0.1 and that port. libssh blocks, so the session runs on a worker thread of
// its own; this object lives on the caller's thread and talks to the worker only through
// queued calls and signals. Nothing here waits on the network.
//
// Lifecycle: start() -> [hostKeyUnknown() -> acceptHostKey()/rejectHostKey()] -> ready() or
// failed(). A session that was up and is lost (the bastion restarted, the network went) is
// made again, with growing pauses, on the same local ports: interrupted(), then restored()
// once it is back; connections made meanwhile wait in the listen backlog. A host key or a
// login that no longer holds on the way back is failed(). stop() (or destruction) closes the
// listeners, the forwarded connections, the channels and the session, and ends the thread;
// stopped() follows once it has ended, also after a failure.
class SshTunnel final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SshTunnel)

public:
    enum class Error {
        None,
        HostUnreachable,      // no TCP connection, or no SSH server answering in time
        HostKeyUnknown,       // not in known_hosts and not accepted (or could not be recorded)
        HostKeyChanged,       // known_hosts has another key for this host: always refused
        AuthenticationFailed, // the message names what was tried
        Protocol,             // key exchange or another SSH-level failure
        ForwardFailed,        // the bastion would not open a channel to a target
        ConnectionLost,       // the session was up and ended
    };
    Q_ENUM(Error)
    enum class State { Idle, Connecting, AwaitingHostKeyDecision, Ready, Reconnecting, Failed, Stopping, Stopped };
    Q_ENUM(State)

    explicit SshTunnel(const SshOptions &options, QObject *parent = nullptr);
    // Stops like stop() and joins the worker. The worker never blocks for long (it waits in
    // the event loop, and libssh runs non-blocking), so the join is short.
    ~SshTunnel() override;

    State state() const { return m_state; }
    bool isReady() const { return m_state == State::Ready; }
    Error lastError() const { return m_lastError; }
    QString lastErrorMessage() const { return m_lastErrorMessage; }
    // user@host:port of the bastion, for messages.
    QString destination() const { return m_options.destination(); }

    void start();

    // A loopback port (127.0.0.1) whose accepted connections are carried to targetHost:targetPort
    // as the bastion resolves and reaches it. Usable at once, even before ready(): connections
    // wait in the listen backlog until the session is up. The same target gets the same port.
    // Returns 0 once the tunnel has failed or stopped, or when no local port can be had.
    quint16 forward(const QString &targetHost, quint16 targetPort);

    // Answers hostKeyUnknown(): go on with this key, recording it in known_hosts when asked to.
    void acceptHostKey(bool record);
    // Answers hostKeyUnknown(): refuse the key; failed(HostKeyUnknown) follows.
    void rejectHostKey();

    void stop();

Q_SIGNALS:
    void stateChanged(SshTunnel::State state);
    // The bastion's key is not in known_hosts. fingerprint is "SHA256:..." exactly as
    // ssh-keygen -l shows it, keyType OpenSSH's name for it ("ED25519"). Answer with
    // acceptHostKey() or rejectHostKey(); with SshOptions::acceptNewHostKey this is not asked.
    void hostKeyUnknown(const QString &fingerprint, const QString &keyType);
    // The bastion's key was written to known_hosts: one sentence, for the user to see.
    void hostKeyRecorded(const QString &message);
    void ready();
    void failed(SshTunnel::Error kind, const QString &message);
    // The session was up and went: it is being made again (restored() when it is back).
    void interrupted(SshTunnel::Error kind, const QString &message);
    void restored();
    // One forwarded connection could not be carried (the tunnel itself stays up): the bastion
    // refused or could not reach the target. The local connection has been closed.
    void forwardFailed(quint16 localPort, SshTunnel::Error kind, const QString &message);
    void stopped();

private:
    struct Forward {
        QString host;
        quint16 port = 0;
        quint16 localPort = 0;
        qintptr listener = -1; // ours for the tunnel's life; each worker serves a copy of it
    };

    void startWorker();
    void handOver(const Forward &forward);
    void onWorkerFailed(SshTunnel::Error kind, const QString &message);
    void releaseWorker();
    void setState(State state);
    void onThreadFinished();
    void closeListeners();

    SshOptions m_options;
    State m_state = State::Idle;
    Error m_lastError = Error::None;
    QString m_lastErrorMessage;
    QThread m_thread;
    // Lives on m_thread and is deleted there when it ends; addressed only through queued
    // calls, and forgotten (nullptr) as soon as it has been asked to shut down.
    SshTunnelWorker *m_worker = nullptr;
    QList<Forward> m_forwards;
    QTimer m_retry;          // the next attempt to make a lost session again
    int m_attempt = 0;       // attempts since it was lost
    QString m_acceptedOnce;  // a host key accepted without recording it: accepted again on the way back
    QString m_askedFingerprint;
};
