#include "profileoptions.h"

#include <algorithm>

ConnectionOptions ProfileOptions::toOptions(const ConnectionProfile &profile, const QString &clientName)
{
    ConnectionOptions o;
    o.host = profile.host;
    o.port = profile.port;
    o.user = profile.user;
    o.password = profile.password;
    o.database = profile.database;
    o.tls = profile.tls.enabled;
    o.caCertFile = profile.tls.caFile;
    o.certFile = profile.tls.certFile;
    o.keyFile = profile.tls.keyFile;
    o.keyPassphrase = profile.tls.keyPassphrase.toUtf8();
    o.serverName = profile.tls.serverName;
    o.verifyPeer = profile.tls.verifyPeer;
    o.connectTimeoutMs = profile.connectTimeoutMs;
    o.clientName = clientName;
    return o;
}

ConnectionProfile ProfileOptions::fromOptions(const ConnectionOptions &o)
{
    ConnectionProfile p;
    p.host = o.host;
    p.port = o.port;
    p.user = o.user;
    p.password = o.password;
    p.database = o.database;
    p.tls.enabled = o.tls;
    p.tls.caFile = o.caCertFile;
    p.tls.certFile = o.certFile;
    p.tls.keyFile = o.keyFile;
    p.tls.keyPassphrase = QString::fromUtf8(o.keyPassphrase);
    p.tls.serverName = o.serverName;
    p.tls.verifyPeer = o.verifyPeer;
    p.connectTimeoutMs = o.connectTimeoutMs;
    return p;
}

SshOptions ProfileOptions::sshOptions(const ConnectionProfile &profile)
{
    SshOptions o;
    o.user = profile.ssh.user;
    o.host = profile.ssh.host;
    o.port = profile.ssh.port;
    o.privateKeyFile = profile.ssh.keyFile;
    o.passphrase = profile.ssh.keyPassphrase;
    o.password = profile.ssh.password;
    o.useAgent = profile.ssh.useAgent;
    o.acceptNewHostKey = profile.ssh.acceptNewHostKey;
    // Reaching the bastion is bounded like reaching the server.
    o.connectTimeoutMs = std::max(profile.connectTimeoutMs, 1000);
    return o;
}
