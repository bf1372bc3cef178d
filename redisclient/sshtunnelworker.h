#pragma once

#include "sshoptions.h"
#include "sshtunnel.h"

#include <QList>
#include <QObject>

#include <memory>
#include <vector>

// libssh stays out of headers: these are only held by pointer.
struct ssh_session_struct;
struct ssh_event_struct;
struct ssh_key_struct;
struct ssh_callbacks_struct;
struct ssh_counter_struct;
class QSocketNotifier;
class QTcpServer;
class QTcpSocket;
class QTimer;
class SshChannelLink;
class SshHostKeyCheck;

// The SshTunnel's session, on the tunnel's worker thread: every libssh call happens here.
// libssh runs non-blocking and the thread's Qt event loop is the poll: socket notifiers on the
// session's descriptor (the write one only while libssh has output queued), on the local
// listeners and on the forwarded connections. Nothing waits in a loop or on a timer tick, and
// a queued call from the owner (stop, a new forward) is handled between two events.
class SshTunnelWorker final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SshTunnelWorker)

public:
    explicit SshTunnelWorker(const SshOptions &options);
    ~SshTunnelWorker() override;

    // The owner's requests, run on the worker thread.
    void start();
    void addForward(qintptr listener, const QString &targetHost, quint16 targetPort, quint16 localPort);
    void acceptHostKey(bool record);
    void rejectHostKey();
    // Tears everything down and ends the thread's event loop.
    void shutdown();

Q_SIGNALS:
    void hostKeyUnknown(const QString &fingerprint, const QString &keyType);
    // The bastion's key was written to known_hosts (accepted new, or by the user's answer).
    void hostKeyRecorded(const QString &message);
    void ready();
    void failed(SshTunnel::Error kind, const QString &message);
    void forwardFailed(quint16 localPort, SshTunnel::Error kind, const QString &message);

private:
    enum class Phase { Idle, Dialing, Handshaking, AwaitingHostKeyDecision, Authenticating, Ready, Done };
    enum class AuthMethod { KeyFile, Password, AgentOrDefaultKeys };
    struct Forward {
        qintptr listener = -1;
        QString host;
        quint16 port = 0;
        quint16 localPort = 0;
        QTcpServer *server = nullptr;
    };

    void onDialed();
    void continueHandshake();
    void checkHostKey();
    void sayRecorded();
    void startAuthentication();
    void continueAuthentication();
    void becomeReady();
    void listen(Forward *forward);
    void acceptConnections(Forward *forward);
    void onSocketActivity();
    void schedulePump();
    void pump();
    void reapLinks();
    void watchSessionSocket();
    void updateNotifiers();
    bool sessionAlive() const;
    QString sessionError() const;
    QString authenticationDenied(bool partial) const;
    void fail(SshTunnel::Error kind, const QString &message);
    void teardown();

    SshOptions m_options;
    QString m_server; // user@host:port, for messages
    Phase m_phase = Phase::Idle;
    ssh_session_struct *m_session = nullptr;
    ssh_event_struct *m_event = nullptr;
    ssh_key_struct *m_key = nullptr;
    // libssh keeps pointers to these; they live as long as the session.
    std::unique_ptr<ssh_callbacks_struct> m_callbacks;
    std::unique_ptr<ssh_counter_struct> m_counter;
    qintptr m_fd = -1;            // the connected socket, ours until ssh_connect() takes it
    bool m_connectCalled = false;
    QTcpSocket *m_dialer = nullptr;
    QSocketNotifier *m_readNotifier = nullptr;
    QSocketNotifier *m_writeNotifier = nullptr;
    QTimer *m_deadline = nullptr;  // connect + handshake + authentication
    QTimer *m_keepalive = nullptr;
    std::unique_ptr<SshHostKeyCheck> m_hostKey;
    AuthMethod m_authMethod = AuthMethod::AgentOrDefaultKeys;
    std::vector<std::unique_ptr<Forward>> m_forwards;
    QList<SshChannelLink *> m_links;
    bool m_pumpScheduled = false;
};
