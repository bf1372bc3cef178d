#pragma once

#include "secretkind.h"

#include <QColor>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// Where a deployment is and how to reach it, as the user describes it: in the connection
// dialog, on the command line (redis-cli's options and redis:// URLs), or saved by name.
// The app layer turns it into the connections of a session; nothing below app sees it, and
// nothing above app sees those connections.
//
// Secrets (the Redis, sentinel and SSH passwords, the key passphrases) are held here only on
// their way to a connection: they are never written out with the profile (see
// ConnectionProfileJson), and a saved connection keeps them in the OS keychain.
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
        // An IPv6 address, a zone (fe80::1%eth0) allowed.
        static bool isIpv6(const QString &text);
        bool operator==(const Endpoint &other) const = default;
    };

    struct Tls
    {
        bool enabled = false;
        QString caFile;
        QString certFile;
        QString keyFile;
        QString keyPassphrase; // a secret: of an encrypted keyFile
        // The name the server's certificate is checked against and sent as SNI; empty: the host.
        QString serverName;
        bool verifyPeer = true;

        bool operator==(const Tls &other) const = default;
    };

    // A tunnel through a bastion host: every connection of the session goes through it.
    struct Ssh
    {
        QString host; // empty: no tunnel
        quint16 port = 22;
        QString user; // empty: the local user name, as ssh does
        // Authentication, first that applies: the key file (with its passphrase), the
        // password, the agent and the default keys (~/.ssh/id_*).
        QString keyFile;
        bool useAgent = false;
        QString password;      // a secret
        QString keyPassphrase; // a secret: of an encrypted keyFile
        // Records an unknown host key without asking (--ssh-accept-new). A choice for one
        // run, never saved with the connection.
        bool acceptNewHostKey = false;

        bool enabled() const { return !host.isEmpty(); }
        // user@host:port, IPv6 in brackets; the user only when one is set.
        QString destination() const;
        // Parses "[user@]host[:port]" (IPv6 in brackets when a port follows) or
        // "ssh://[user@]host[:port]" into host, port and user. On failure returns false, sets
        // *error and leaves the tunnel as it was.
        bool parseDestination(const QString &text, QString *error);

        bool operator==(const Ssh &other) const = default;
    };

    // A saved connection's stable identity (its secrets are filed under it in the keychain,
    // so a rename keeps them); empty for an ad-hoc connection.
    QString id;
    QString name; // the user's name for it; empty for an ad-hoc connection
    QString group; // where the connection list files it ("Production", "EU", …); may be empty
    QColor color; // the tag shown in the list, the window title bar and status bar; invalid: none
    // A production deployment: the window shows a band in its colour, and a force-release
    // asks the operator to type the key.
    bool production = false;
    Kind kind = Kind::Standalone;
    // The server, a cluster seed node, or (Sentinel) the first sentinel.
    QString host = QStringLiteral("127.0.0.1");
    quint16 port = 6379;
    // A Unix socket to the server (redis-cli -s), in place of host and port; standalone only.
    QString socketPath;
    // Cluster: more seed nodes, tried in turn. Sentinel: more sentinels.
    QList<Endpoint> moreNodes;
    // Sentinel: the name of the monitored master, and the sentinels' own credentials (the
    // data nodes' are user and password below).
    QString masterName;
    QString sentinelUser;
    QString sentinelPassword; // a secret
    QString user;     // ACL user; empty means the default user
    QString password; // a secret; empty means no AUTH
    int database = 0;
    Tls tls;
    Ssh ssh;
    int connectTimeoutMs = 5000;
    // Refuse every admin action. Off for an ad-hoc connection, on for a new saved one
    // (newSaved()): the operator turns it off for a deployment they mean to change.
    bool readOnly = false;
    // The secrets a saved connection has in the keychain (or had, where there is none): what
    // to read back, or to ask for, when it connects. Saved with the connection; the values
    // never are.
    QList<SecretKind> storedSecrets;

    // A new saved connection: a fresh id, read-only.
    static ConnectionProfile newSaved(const QString &name);
    // Another saved connection like this one: a new id and name, the same secrets still to
    // be copied by whoever holds them.
    ConnectionProfile duplicated(const QString &newName) const;

    // The value of one secret (empty when it is not held), and setting it.
    QString secret(SecretKind kind) const;
    void setSecret(SecretKind kind, const QString &value);
    // The kinds whose value is held now.
    QList<SecretKind> heldSecrets() const;
    // The kinds this profile uses: held now or stored for it.
    QList<SecretKind> usedSecrets() const;
    // The profile without a single secret value: what may be shown, logged or written.
    ConnectionProfile withoutSecrets() const;

    // Parses redis://[[user]:password@]host[:port][/db][?db=N], rediss://… (TLS) and
    // redis+sentinel://[[user]:password@]host:port[,host:port…]/MASTER[/db] over this
    // profile. Returns false and sets *error, leaving the profile unchanged, when the URL is
    // not one of these or names a database another way too.
    bool applyUrl(const QString &url, QString *error);

    // Every node the profile names: host:port first, then moreNodes.
    QList<Endpoint> nodes() const;

    // host:port[/db] with the user when there is one (the socket's path for a Unix socket,
    // "via" the bastion for a tunnel), or the profile's name; never a secret.
    // The first sentinel or seed node, and how many more there are.
    QString seedsText() const;
    QString displayName() const;
    // Where it goes, without the name: "sentinel orders via s1:26379", "host:6379 via ssh
    // ops@bastion:22", "unix:/run/redis.sock"; for lists and tooltips.
    QString addressText() const;
    // The lockscope options that reach this deployment again: its address, user, database,
    // TLS files and tunnel, after --connection NAME for a saved one. Never a secret: those
    // come from the keychain, REDISCLI_AUTH or a prompt.
    QStringList commandLineArguments() const;
    QString endpoint() const;
    static QString kindId(Kind kind);

    bool operator==(const ConnectionProfile &other) const = default;
};
