#pragma once

#include "connectionoptions.h"
#include "connectionprofile.h"

#include <QObject>

class SshTunnel;

// How every connection of a session reaches its server: straight to host:port, through the
// Unix socket the profile names, or through an SSH tunnel from a bastion host. route() turns
// the server a connection is meant for into where it really connects, so it is the session's
// one transport (a topology takes it as its transport hook): cluster masters, replicas and
// sentinels all go the same way as the first server.
//
// App-internal: the window hears of a tunnel only through Session's signals.
class SessionTransport final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SessionTransport)

public:
    explicit SessionTransport(const ConnectionProfile &profile, QObject *parent = nullptr);
    // Stops the tunnel, if any (its thread is joined: short, see SshTunnel).
    ~SessionTransport() override;

    // Whether connections must wait for ready() before they connect.
    bool isTunnel() const { return m_tunnel != nullptr; }
    // The tunnel went and is being made again: the connections through it are down with it.
    bool isInterrupted() const { return m_interrupted; }
    // Sets up the tunnel: ready(), or failed(); hostKeyUnknown() first when the bastion's
    // key is not known. Nothing to do (and no signal) without a tunnel.
    void start();
    // Closes the tunnel's forwards, channels and SSH session.
    void stop();

    // Where a connection to target really goes. Through a tunnel: a loopback port that the
    // bastion carries to target, with TLS still checked against target's own name.
    ConnectionOptions route(const ConnectionOptions &target);

    // Answers hostKeyUnknown().
    void acceptHostKey(bool record);
    void rejectHostKey();

Q_SIGNALS:
    void ready();
    // fingerprint as OpenSSH shows it ("SHA256:…"), keyType its name ("ED25519").
    void hostKeyUnknown(const QString &destination, const QString &fingerprint, const QString &keyType);
    void hostKeyRecorded(const QString &message);
    // Before ready(): the tunnel could not be set up; after it: it went down for good (its
    // host key or login no longer holds). One sentence.
    void failed(const QString &message);
    // The tunnel was up and was lost; it is being made again, on the same local ports.
    void interrupted(const QString &message);
    void restored();

private:
    QString m_socketPath;
    // The server the profile names: a Unix socket stands in for it, not for the other nodes
    // a cluster or a sentinel names later.
    QString m_host;
    quint16 m_port = 0;
    SshTunnel *m_tunnel = nullptr;
    bool m_tunnelUp = false;
    bool m_interrupted = false;
};
