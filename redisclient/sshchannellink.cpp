#include "sshchannellink.h"

#include <algorithm>

#include <libssh/libssh.h>

#include <QRegularExpression>
#include <QTcpSocket>

namespace {
// One read from the channel, and the most taken from the local socket per channel write.
constexpr qint64 chunkSize = 64 * 1024;
// Stop reading the channel while this much waits for the local client: libssh then stops
// widening the channel window and the bastion stops sending.
constexpr qint64 localWriteHighWater = 1024 * 1024;
// Stop reading the local socket past this: the kernel buffers the rest and TCP slows the client.
constexpr qint64 localReadBuffer = 256 * 1024;

// libssh words it "Channel opening failure: channel 3 error (2) Connection refused"; the user
// needs the bastion's reason, with what RFC 4254 codes mean when the reason is terse.
QString openFailureReason(const char *libsshError)
{
    const QString text = QString::fromUtf8(libsshError);
    static const QRegularExpression pattern(QStringLiteral("error \\((\\d+)\\) ?(.*)$"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        return text;
    QString reason = match.captured(2).trimmed();
    switch (match.captured(1).toInt()) {
    case 1: // SSH_OPEN_ADMINISTRATIVELY_PROHIBITED
        return SshChannelLink::tr("the server does not allow forwarding there (AllowTcpForwarding or PermitOpen)%1")
            .arg(reason.isEmpty() ? QString() : QStringLiteral(": ") + reason);
    case 2: // SSH_OPEN_CONNECT_FAILED
        return reason.isEmpty() ? SshChannelLink::tr("connect failed") : reason;
    case 4: // SSH_OPEN_RESOURCE_SHORTAGE
        return SshChannelLink::tr("the server is out of resources%1").arg(reason.isEmpty() ? QString() : QStringLiteral(": ") + reason);
    default:
        return reason.isEmpty() ? text : reason;
    }
}
} // namespace

SshChannelLink::SshChannelLink(ssh_session_struct *session, QTcpSocket *socket, const QString &targetHost, quint16 targetPort,
                               int openTimeoutMs, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_socket(socket)
    , m_targetHost(targetHost.toUtf8())
    , m_targetPort(targetPort)
    , m_sourcePort(socket->peerPort())
{
    m_socket->setParent(this);
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_socket->setReadBufferSize(localReadBuffer);
    m_buffer.resize(chunkSize);
    connect(m_socket, &QTcpSocket::readyRead, this, &SshChannelLink::wakeUp);
    connect(m_socket, &QTcpSocket::bytesWritten, this, &SshChannelLink::wakeUp);
    connect(m_socket, &QTcpSocket::disconnected, this, [this] {
        m_localGone = true;
        Q_EMIT wakeUp();
    });
    connect(m_socket, &QTcpSocket::errorOccurred, this, [this] {
        m_localGone = true;
        Q_EMIT wakeUp();
    });

    m_channel = ssh_channel_new(session);
    m_openTimer.setSingleShot(true);
    connect(&m_openTimer, &QTimer::timeout, this, [this, openTimeoutMs] {
        if (m_state != State::Opening || m_abandoned)
            return;
        // Said before the local connection is cut: its client hears the reason first, not a
        // bare close it would have to guess at.
        Q_EMIT openFailed(SshChannelLink::tr("no answer within %1 s").arg(openTimeoutMs / 1000.0, 0, 'g', 3));
        abandon();
    });
    m_openTimer.start(openTimeoutMs);
}

SshChannelLink::~SshChannelLink()
{
    close();
}

QString SshChannelLink::target() const
{
    const QString host = QString::fromUtf8(m_targetHost);
    return (host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host) + QLatin1Char(':')
        + QString::number(m_targetPort);
}

void SshChannelLink::pump()
{
    if (m_state == State::Opening)
        continueOpening();
    if (m_state == State::Open)
        carry();
}

void SshChannelLink::close()
{
    if (m_state == State::Closed)
        return;
    m_socket->abort();
    finish();
}

void SshChannelLink::continueOpening()
{
    if (!m_channel) {
        Q_EMIT openFailed(SshChannelLink::tr("cannot create an SSH channel: %1").arg(QString::fromUtf8(ssh_get_error(m_session))));
        m_socket->abort();
        finish();
        return;
    }
    // Non-blocking: the first call sends the open request, later ones look for the answer.
    const int rc = ssh_channel_open_forward(m_channel, m_targetHost.constData(), m_targetPort, "127.0.0.1", m_sourcePort);
    if (rc == SSH_AGAIN) {
        if (m_localGone)
            m_abandoned = true; // the client gave up waiting; close the channel once the answer comes
        return;
    }
    m_openTimer.stop();
    if (rc == SSH_OK) {
        m_state = State::Open;
        if (m_abandoned)
            finish();
        return;
    }
    const QString reason = openFailureReason(ssh_get_error(m_session));
    if (!m_abandoned)
        Q_EMIT openFailed(reason); // before the close, as above
    m_socket->abort();
    finish();
}

void SshChannelLink::carry()
{
    if (!readFromChannel() || !writeToChannel())
        return;
    const bool clientSentAll = m_socket->bytesAvailable() == 0 && m_toRemote.isEmpty();
    if (m_localGone && clientSentAll) {
        // The client left and everything it sent went out: the target sees EOF, then close.
        finish();
        return;
    }
    if (m_remoteEof && (m_localGone || m_socket->bytesToWrite() == 0)) {
        // The target closed and the client has all of it. Redis clients never half-close, so
        // the connection ends here rather than waiting for the client's side.
        m_socket->disconnectFromHost();
        finish();
    }
}

bool SshChannelLink::readFromChannel()
{
    while (!m_remoteEof && m_socket->bytesToWrite() < localWriteHighWater) {
        const int n = ssh_channel_read_nonblocking(m_channel, m_buffer.data(), uint32_t(m_buffer.size()), 0);
        if (n > 0) {
            if (!m_localGone)
                m_socket->write(m_buffer.constData(), n);
            continue;
        }
        if (n == 0 || n == SSH_AGAIN)
            return true; // nothing buffered: the next packet brings more
        if (n == SSH_EOF || ssh_channel_is_eof(m_channel)) {
            m_remoteEof = true;
            return true;
        }
        // The session broke (the worker notices and reports it) or the channel did.
        const QString reason = QString::fromUtf8(ssh_get_error(m_session));
        m_socket->abort();
        finish();
        Q_EMIT broken(reason);
        return false;
    }
    return true;
}

bool SshChannelLink::writeToChannel()
{
    while (!m_remoteEof) {
        if (m_toRemote.isEmpty()) {
            const qint64 available = m_socket->bytesAvailable();
            if (available <= 0)
                return true;
            // Taking no more than the window keeps libssh from buffering what the bastion
            // cannot accept yet; a window adjustment arrives as a packet and we pump again.
            const qint64 window = ssh_channel_window_size(m_channel);
            if (window == 0)
                return true;
            m_toRemote = m_socket->read(std::min({available, window, chunkSize}));
        }
        const int n = ssh_channel_write(m_channel, m_toRemote.constData(), uint32_t(m_toRemote.size()));
        if (n < 0) {
            if (ssh_channel_is_closed(m_channel) || ssh_channel_is_eof(m_channel)) {
                m_remoteEof = true; // the target went away while the client was still talking
                return true;
            }
            const QString reason = QString::fromUtf8(ssh_get_error(m_session));
            m_socket->abort();
            finish();
            Q_EMIT broken(reason);
            return false;
        }
        m_toRemote.remove(0, n);
        if (!m_toRemote.isEmpty())
            return true; // key re-exchange in progress, or the window shrank: wait for packets
    }
    return true;
}

void SshChannelLink::abandon()
{
    m_abandoned = true;
    m_socket->abort();
}

void SshChannelLink::finish()
{
    m_state = State::Closed;
    m_openTimer.stop();
    freeChannel();
}

void SshChannelLink::freeChannel()
{
    if (!m_channel)
        return;
    // ssh_channel_close() gives up before sending CLOSE when the EOF before it could not be
    // flushed yet (non-blocking session); sending the EOF first makes the CLOSE always queue,
    // so the bastion releases its side instead of keeping it until the session ends.
    if (ssh_channel_is_open(m_channel)) {
        ssh_channel_send_eof(m_channel);
        ssh_channel_close(m_channel);
    }
    ssh_channel_free(m_channel);
    m_channel = nullptr;
}
