#pragma once

#include <QList>
#include <QString>

#include <optional>

// Where a deployment is and how to reach it, as the user describes it: in the connection
// dialog, on the command line (redis-cli's options and redis:// URLs), or saved by name.
// The app layer turns it into the connections of a session; nothing below app sees it, and
// nothing above app sees those connections.
//
// The password is held here only on its way to a connection: it is never written out with
// the profile (see the keychain for stored secrets).
struct ConnectionProfile
{
    // Standalone also covers "find out": a node that turns out to belong to a Redis Cluster
    // is watched as the cluster (INFO cluster says so).
    enum class Kind { Standalone, Cluster, Sentinel };

    struct Endpoint
    {
        QString host;
        quint16 port = 0;

        QString text() const;
        // "host:port", "[v6]:port", or host alone with defaultPort; nullopt when malformed.
        static std::optional<Endpoint> parse(const QString &text, quint16 defaultPort, QString *error = nullptr);
        bool operator==(const Endpoint &other) const = default;
    };

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
    Kind kind = Kind::Standalone;
    // The server, a cluster seed node, or (Sentinel) the first sentinel.
    QString host = QStringLiteral("127.0.0.1");
    quint16 port = 6379;
    // Cluster: more seed nodes, tried in turn. Sentinel: more sentinels.
    QList<Endpoint> moreNodes;
    // Sentinel: the name of the monitored master, and the sentinels' own credentials (the
    // data nodes' are user and password below).
    QString masterName;
    QString sentinelUser;
    QString sentinelPassword;
    QString user;     // ACL user; empty means the default user
    QString password; // empty means no AUTH
    int database = 0;
    Tls tls;
    int connectTimeoutMs = 5000;
    bool readOnly = false;

    // Parses redis://[[user]:password@]host[:port][/db][?db=N], rediss://… (TLS) and
    // redis+sentinel://[[user]:password@]host:port[,host:port…]/MASTER[/db] over this
    // profile. Returns false and sets *error, leaving the profile unchanged, when the URL is
    // not one of these or names a database another way too.
    bool applyUrl(const QString &url, QString *error);

    // Every node the profile names: host:port first, then moreNodes.
    QList<Endpoint> nodes() const;

    // host:port[/db] with the user when there is one, or the profile's name; never the password.
    QString displayName() const;
    QString endpoint() const;
    static QString kindId(Kind kind);

    bool operator==(const ConnectionProfile &other) const = default;
};
