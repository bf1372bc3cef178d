#include "sessiontransport.h"

#include "profileoptions.h"
#include "sshtunnel.h"

SessionTransport::SessionTransport(const ConnectionProfile &profile, QObject *parent)
    : QObject(parent)
    , m_socketPath(profile.socketPath)
    , m_host(profile.host)
    , m_port(profile.port)
{
    if (!profile.ssh.enabled())
        return;
    m_tunnel = new SshTunnel(ProfileOptions::sshOptions(profile), this);
    connect(m_tunnel, &SshTunnel::hostKeyUnknown, this, [this](const QString &fingerprint, const QString &keyType) {
        Q_EMIT hostKeyUnknown(m_tunnel->destination(), fingerprint, keyType);
    });
    connect(m_tunnel, &SshTunnel::hostKeyRecorded, this, &SessionTransport::hostKeyRecorded);
    connect(m_tunnel, &SshTunnel::ready, this, [this] {
        m_tunnelUp = true;
        Q_EMIT ready();
    });
    connect(m_tunnel, &SshTunnel::restored, this, [this] { m_interrupted = false; });
    connect(m_tunnel, &SshTunnel::failed, this, [this](SshTunnel::Error, const QString &message) {
        // The tunnel's own words name the bastion and what went wrong; once it was up, say
        // that it is the tunnel that went, not the server.
        Q_EMIT failed(m_tunnelUp ? tr("SSH tunnel through %1 lost: %2").arg(m_tunnel->destination(), message) : message);
    });
    // Lost and being made again: the connections through it come back by themselves.
    connect(m_tunnel, &SshTunnel::interrupted, this, [this](SshTunnel::Error, const QString &message) {
        m_interrupted = true;
        Q_EMIT interrupted(tr("SSH tunnel through %1 lost: %2").arg(m_tunnel->destination(), message));
    });
    connect(m_tunnel, &SshTunnel::restored, this, &SessionTransport::restored);
    // One connection the bastion could not carry (the target refused it, or is unknown to
    // it): that connection fails on its own; the reason is the bastion's.
    connect(m_tunnel, &SshTunnel::forwardFailed, this, [this](quint16, SshTunnel::Error, const QString &message) {
        Q_EMIT failed(message);
    });
}

SessionTransport::~SessionTransport() = default;

void SessionTransport::start()
{
    if (m_tunnel)
        m_tunnel->start();
}

void SessionTransport::stop()
{
    if (m_tunnel)
        m_tunnel->stop();
}

ConnectionOptions SessionTransport::route(const ConnectionOptions &target)
{
    ConnectionOptions o = target;
    if (!m_socketPath.isEmpty() && target.host == m_host && target.port == m_port) {
        o.socketPath = m_socketPath;
        return o;
    }
    if (!m_tunnel)
        return o;
    o.host = QStringLiteral("127.0.0.1");
    // 0 once the tunnel has failed: the connection then fails too, and the tunnel's failure
    // has said why.
    o.port = m_tunnel->forward(target.host, target.port);
    o.shownAs = ConnectionProfile::Endpoint{target.host, target.port}.text();
    if (o.serverName.isEmpty())
        o.serverName = target.host;
    return o;
}

void SessionTransport::acceptHostKey(bool record)
{
    if (m_tunnel)
        m_tunnel->acceptHostKey(record);
}

void SessionTransport::rejectHostKey()
{
    if (m_tunnel)
        m_tunnel->rejectHostKey();
}
