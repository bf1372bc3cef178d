#pragma once

#include <QString>

// Where a deployment is and how to reach it, as the user describes it: in the connection
// dialog, on the command line (redis-cli's options and redis:// URLs), or saved by name.
// The app layer turns it into the connections of a session; nothing below app sees it, and
// nothing above app sees those connections.
//
// The password is held here only on its way to a connection: it is never written out with
// the profile (see the keychain for stored secrets).
struct ConnectionProfile
{
    struct Tls
    {
        bool enabled = false;
        QString caFile;
        QString certFile;
        QString keyFile;
        bool verifyPeer = true;

        bool operator==(const Tls &other) const = default;
    };

    QString name; // the user's name for it; empty for an ad-hoc connection
    QString host = QStringLiteral("127.0.0.1");
    quint16 port = 6379;
    QString user;     // ACL user; empty means the default user
    QString password; // empty means no AUTH
    int database = 0;
    Tls tls;
    int connectTimeoutMs = 5000;
    bool readOnly = false;

    // Parses redis://[[user]:password@]host[:port][/db][?db=N] and rediss://… (TLS) over
    // this profile. Returns false and sets *error, leaving the profile unchanged, when the
    // URL is not one of these or names a database another way too.
    bool applyUrl(const QString &url, QString *error);

    // host:port[/db] with the user when there is one, or the profile's name; never the password.
    QString displayName() const;
    QString endpoint() const;

    bool operator==(const ConnectionProfile &other) const = default;
};
