#pragma once

#include <QByteArray>
#include <QString>

// Where and how to reach one Redis server, with redis-cli's vocabulary.
struct ConnectionOptions
{
    QString host = QStringLiteral("127.0.0.1");
    quint16 port = 6379;
    // A Unix socket to the server (redis-cli -s), in place of host and port. Plain text
    // always: Redis serves no TLS on a Unix socket.
    QString socketPath;
    QString user;     // ACL user; empty means the default user
    QString password; // empty means no AUTH
    int database = 0;

    bool tls = false;
    QString caCertFile; // a file of CA certificates, or a directory of such files
    QString certFile;
    QString keyFile;
    QByteArray keyPassphrase; // of an encrypted keyFile; a secret, like the password
    // Sent as SNI and checked against the server's certificate; empty: the host. For a
    // server reached by address (or through a tunnel) whose certificate names it otherwise.
    QString serverName;
    bool verifyPeer = true;

    int connectTimeoutMs = 5000;
    int commandTimeoutMs = 15000;
    bool autoReconnect = true;
    int reconnectMaxMs = 10000; // reconnect attempts back off up to this far apart
    QString clientName = QStringLiteral("lockscope");
    // How messages name the server when the route hides its address (an SSH tunnel's local
    // port); empty: the address connected to.
    QString shownAs;
    // A connection to a cluster replica: READONLY in the handshake, so it serves reads of
    // its master's slots instead of redirecting them.
    bool readOnlyReplica = false;

    // host:port/db (the socket's path for a Unix socket), with the user when there is one;
    // never the password.
    QString displayName() const;
};
