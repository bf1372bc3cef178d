#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QTimer>

// libssh stays out of headers: the session and channel are only passed through.
struct ssh_session_struct;
struct ssh_channel_struct;
class QTcpSocket;

// One accepted local connection carried to its target through a direct-tcpip channel opened
// from the bastion. Lives on the tunnel's worker thread, owned by SshTunnelWorker, which calls
// pump() whenever the session or the local socket has news. pump() never blocks: it moves what
// the SSH windows and the local buffers allow and leaves the rest for the next call, so a slow
// reader on either side holds the other back (TCP and SSH flow control) instead of filling memory.
class SshChannelLink final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SshChannelLink)

public:
    enum class State { Opening, Open, Closed };

    // Takes ownership of socket. openTimeoutMs bounds the wait for the bastion to reach the
    // target (its TCP connect can take minutes to fail on a dropped SYN).
    SshChannelLink(ssh_session_struct *session, QTcpSocket *socket, const QString &targetHost, quint16 targetPort,
                   int openTimeoutMs, QObject *parent = nullptr);
    ~SshChannelLink() override;

    State state() const { return m_state; }
    QString target() const;

    void pump();
    // Closes the channel and the local connection now. Must run before the session is freed.
    void close();

Q_SIGNALS:
    // The local socket has news (data, room to write, or it went away): the owner pumps.
    void wakeUp();
    // The bastion refused or did not answer the channel open; reason is its own words.
    void openFailed(const QString &reason);
    // The channel broke after it was open (not an orderly close by either side).
    void broken(const QString &reason);

private:
    void continueOpening();
    void carry();
    bool readFromChannel();
    bool writeToChannel();
    void abandon();
    void finish();
    void freeChannel();

    ssh_session_struct *m_session;
    ssh_channel_struct *m_channel = nullptr;
    QTcpSocket *m_socket;
    QByteArray m_targetHost;
    quint16 m_targetPort;
    quint16 m_sourcePort;
    State m_state = State::Opening;
    QTimer m_openTimer;
    QByteArray m_buffer;        // one chunk read from the channel
    QByteArray m_toRemote;      // read from the socket, not yet taken by the channel
    bool m_localGone = false;   // the client closed or reset its connection
    bool m_remoteEof = false;   // the target closed its side (or the channel closed)
    bool m_abandoned = false;   // nobody waits for this channel any more: close it once open
};
