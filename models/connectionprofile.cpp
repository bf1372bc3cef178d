#include "connectionprofile.h"

#include <QFileInfo>
#include <QObject>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>
#include <QUrlQuery>
#include <QUuid>

#include <algorithm>
#include <optional>

namespace {
bool invalid(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

// Digits only, and some: QString::toInt() would also take "+5" or " 5".
bool isNumber(const QString &text)
{
    return !text.isEmpty() && std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

// The database a URL names, by its path (/2) or its query (?db=2, as redis-py takes it), and
// only once.
class UrlDatabase
{
public:
    // text as the URL has it, decoded; spelled as the user wrote it ("/2", "?db=2").
    bool read(const QString &text, const QString &spelled, QString *error)
    {
        if (!m_spelled.isEmpty())
            return invalid(error, QObject::tr("the URL names the database twice (%1 and %2)").arg(m_spelled, spelled));
        m_spelled = spelled;
        bool ok = isNumber(text);
        m_number = ok ? text.toInt(&ok) : 0;
        return ok || invalid(error, QObject::tr("the URL's database is to be a number of 0 or more, not \"%1\"").arg(text));
    }
    int number() const { return m_number; }

private:
    QString m_spelled;
    int m_number = 0;
};

// A fragment means nothing to Redis: most likely a '#' in a password, cutting the URL short.
bool refuseFragment(const QString &text, QString *error)
{
    return invalid(error, QObject::tr("the URL has a fragment (#…), which means nothing here; a '#' in a password is written %23: %1").arg(text));
}

// Messages about a URL quote it, but never its user and password: what stood before its
// last '@' (a password may hold a '/' or a '#' of its own) is left out, whatever went wrong.
class CredentialsLeftOut
{
public:
    CredentialsLeftOut(const QString &url, QString *error)
        : m_error(error)
    {
        const qsizetype start = url.indexOf(QLatin1String("://"));
        const qsizetype at = url.lastIndexOf(QLatin1Char('@'));
        if (start >= 0 && at > start + 3)
            m_userInfo = url.mid(start + 3, at - start - 3) + QLatin1Char('@');
    }
    ~CredentialsLeftOut()
    {
        if (m_error && !m_userInfo.isEmpty())
            m_error->replace(m_userInfo, QStringLiteral("…@"));
    }
    CredentialsLeftOut(const CredentialsLeftOut &) = delete;
    CredentialsLeftOut &operator=(const CredentialsLeftOut &) = delete;

private:
    QString *m_error;
    QString m_userInfo;
};
} // namespace

QString ConnectionProfile::Endpoint::text() const
{
    // An IPv6 address needs brackets before its port, as in a URL.
    return (host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host) + QLatin1Char(':')
           + QString::number(port);
}

bool ConnectionProfile::Endpoint::isIpv6(const QString &text)
{
    // A zone names an interface: a colon there is a port swallowed ("fe80::1%lo:6379").
    const QString zone = text.section(QLatin1Char('%'), 1);
    QUrl probe;
    probe.setHost(text.section(QLatin1Char('%'), 0, 0), QUrl::StrictMode);
    return text.contains(QLatin1Char(':')) && !zone.contains(QLatin1Char(':')) && probe.isValid() && !probe.host().isEmpty();
}

std::optional<ConnectionProfile::Endpoint> ConnectionProfile::Endpoint::parse(const QString &text, quint16 defaultPort, QString *error)
{
    const QString t = text.trimmed();
    QString host = t, port;
    bool portGiven = false;
    if (t.contains(QLatin1Char(','))) {
        invalid(error, QObject::tr("\"%1\" is a list: give one address at a time").arg(text));
        return std::nullopt;
    }
    if (t.startsWith(QLatin1Char('['))) {
        const qsizetype close = t.indexOf(QLatin1Char(']'));
        if (close < 0) {
            invalid(error, QObject::tr("\"%1\" opens a [ for an IPv6 address and never closes it").arg(text));
            return std::nullopt;
        }
        host = t.mid(1, close - 1);
        const QString rest = t.mid(close + 1);
        if (!rest.isEmpty() && !rest.startsWith(QLatin1Char(':'))) {
            invalid(error, QObject::tr("\"%1\" is not host:port").arg(text));
            return std::nullopt;
        }
        port = rest.mid(1);
        portGiven = !rest.isEmpty();
    } else if (t.count(QLatin1Char(':')) == 1) {
        host = t.section(QLatin1Char(':'), 0, 0);
        port = t.section(QLatin1Char(':'), 1);
        portGiven = true;
    } else if (t.contains(QLatin1Char(':')) && !isIpv6(t)) {
        // A bare IPv6 address takes the default port; "::1:26379" is no address, and reading
        // its tail as a port would be a guess.
        const qsizetype colon = t.lastIndexOf(QLatin1Char(':'));
        const QString head = t.left(colon), tail = t.mid(colon + 1);
        invalid(error, isIpv6(head) && isNumber(tail)
                        ? QObject::tr("\"%1\" is not an IPv6 address; with a port, put the address in brackets: [%2]:%3").arg(text, head, tail)
                        : QObject::tr("\"%1\" is neither an address nor host:port").arg(text));
        return std::nullopt;
    }
    bool ok = !portGiven || isNumber(port);
    const uint p = !portGiven ? defaultPort : ok ? port.toUInt(&ok) : 0;
    if (host.isEmpty() || !ok || p == 0 || p > 65535) {
        invalid(error, QObject::tr("\"%1\" is not host:port with a port from 1 to 65535").arg(text));
        return std::nullopt;
    }
    return Endpoint{host, quint16(p)};
}

QList<ConnectionProfile::Endpoint> ConnectionProfile::nodes() const
{
    return QList<Endpoint>{Endpoint{host, port}} + moreNodes;
}

QString ConnectionProfile::kindId(Kind kind)
{
    switch (kind) {
    case Kind::Standalone:
        return QStringLiteral("standalone");
    case Kind::Cluster:
        return QStringLiteral("cluster");
    case Kind::Sentinel:
        return QStringLiteral("sentinel");
    }
    return {};
}

namespace {
// redis+sentinel://[[user]:password@]host:port[,host:port…]/MASTER[/db]: QUrl does not take a
// list of hosts, so the authority is split here.
bool applySentinelUrl(ConnectionProfile &out, const QString &text, QString *error)
{
    if (text.contains(QLatin1Char('#')))
        return refuseFragment(text, error);
    QString rest = text.mid(text.indexOf(QLatin1String("://")) + 3);
    const qsizetype mark = rest.indexOf(QLatin1Char('?'));
    const QUrlQuery query(mark < 0 ? QString() : rest.mid(mark + 1));
    rest.truncate(mark < 0 ? rest.size() : mark);
    const qsizetype slash = rest.indexOf(QLatin1Char('/'));
    const QString authority = slash < 0 ? rest : rest.left(slash);
    const QStringList path = slash < 0 ? QStringList() : rest.mid(slash + 1).split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (path.isEmpty())
        return invalid(error, QObject::tr("a redis+sentinel:// URL names the master after the hosts: redis+sentinel://host:26379/mymaster"));
    if (path.size() > 2)
        return invalid(error, QObject::tr("a redis+sentinel:// URL has /MASTER[/db] after the hosts, not %1").arg(rest.mid(slash)));
    const qsizetype at = authority.lastIndexOf(QLatin1Char('@'));
    const QString userInfo = at < 0 ? QString() : authority.left(at);
    QList<ConnectionProfile::Endpoint> hosts;
    const QString hostList = authority.mid(at + 1);
    for (const QString &h : hostList.split(QLatin1Char(','), hostList.trimmed().isEmpty() ? Qt::SkipEmptyParts : Qt::KeepEmptyParts)) {
        if (h.trimmed().isEmpty())
            return invalid(error, QObject::tr("the URL has an empty sentinel between its commas: %1").arg(text));
        const std::optional<ConnectionProfile::Endpoint> e = ConnectionProfile::Endpoint::parse(h, 26379, error);
        if (!e)
            return false;
        hosts << *e;
    }
    if (hosts.isEmpty())
        return invalid(error, QObject::tr("the URL names no sentinel: %1").arg(text));
    UrlDatabase db;
    if (path.size() == 2 && !db.read(QUrl::fromPercentEncoding(path.at(1).toUtf8()), QLatin1Char('/') + path.at(1), error))
        return false;
    // The sentinels' own credentials may ride in the query; anything else there would be
    // silently ignored (or read as part of the master's name), so it is refused.
    QString sentinelUser = out.sentinelUser, sentinelPassword = out.sentinelPassword;
    QSet<QString> given;
    for (const auto &[name, value] : query.queryItems(QUrl::FullyDecoded)) {
        // Which of two was meant would be a guess (db says it itself, by its values; these are
        // not quoted, as one may be a password).
        if (name != QLatin1String("db") && given.contains(name))
            return invalid(error, QObject::tr("the URL gives the parameter \"%1\" twice").arg(name));
        given.insert(name);
        if (name == QLatin1String("sentinel_username")) {
            sentinelUser = value;
        } else if (name == QLatin1String("sentinel_password")) {
            sentinelPassword = value;
        } else if (name == QLatin1String("db")) {
            if (!db.read(value, QStringLiteral("?db=") + value, error))
                return false;
        } else {
            return invalid(error, QObject::tr("LockScope does not understand the URL parameter \"%1\"").arg(name));
        }
    }
    out.sentinelUser = sentinelUser;
    out.sentinelPassword = sentinelPassword;
    out.kind = ConnectionProfile::Kind::Sentinel;
    out.host = hosts.first().host;
    out.port = hosts.first().port;
    out.moreNodes = hosts.mid(1);
    out.socketPath.clear();
    out.masterName = QUrl::fromPercentEncoding(path.first().toUtf8());
    out.database = db.number();
    out.tls.enabled = false;
    // As in redis-cli: "user:pass@" is an ACL user and password, a lone "secret@" is a
    // password; they are the data node's, not the sentinels'.
    const qsizetype colon = userInfo.indexOf(QLatin1Char(':'));
    out.user = colon < 0 ? QString() : QUrl::fromPercentEncoding(userInfo.left(colon).toUtf8());
    out.password = QUrl::fromPercentEncoding((colon < 0 ? userInfo : userInfo.mid(colon + 1)).toUtf8());
    return true;
}
} // namespace

bool ConnectionProfile::applyUrl(const QString &text, QString *error)
{
    const CredentialsLeftOut quiet(text.trimmed(), error);
    if (text.trimmed().startsWith(QLatin1String("redis+sentinel://"), Qt::CaseInsensitive)) {
        ConnectionProfile parsed = *this;
        if (!applySentinelUrl(parsed, text.trimmed(), error))
            return false;
        *this = parsed;
        return true;
    }
    const QUrl url(text, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    const bool redisScheme = text.trimmed().startsWith(QLatin1String("redis://"), Qt::CaseInsensitive)
                             || text.trimmed().startsWith(QLatin1String("rediss://"), Qt::CaseInsensitive);
    if (!url.isValid() && redisScheme) {
        // What is wrong with it, in Qt's words (a port out of range, say); an IPv6 address
        // without its brackets reads as a bad host name there.
        const QString authority = text.trimmed().section(QLatin1String("://"), 1).section(QRegularExpression(QStringLiteral("[/?#]")), 0, 0);
        const QString hostPort = authority.section(QLatin1Char('@'), -1);
        const QString hint = hostPort.count(QLatin1Char(':')) > 1 && !hostPort.startsWith(QLatin1Char('['))
                                 ? QObject::tr("; an IPv6 address goes in brackets, as in redis://[::1]:6379")
                                 : QString();
        return invalid(error, QObject::tr("not a valid URL (%1%2): %3")
                               .arg(url.errorString().section(QStringLiteral("; source was"), 0, 0), hint, text));
    }
    if (!url.isValid() || (scheme != QLatin1String("redis") && scheme != QLatin1String("rediss")))
        return invalid(error, QObject::tr("not a redis://, rediss:// or redis+sentinel:// URL: %1").arg(text));
    if (url.host().isEmpty())
        return invalid(error, QObject::tr("the URL names no host: %1").arg(text));
    if (url.port() == 0)
        return invalid(error, QObject::tr("the URL's port is not a number from 1 to 65535: %1").arg(text));

    if (url.hasFragment())
        return refuseFragment(text, error);
    UrlDatabase db;
    const QString path = url.path();
    if (path.size() > 1 && !db.read(path.mid(1), path, error))
        return false;
    // redis-py and others also take the database as a query parameter; anything else in the
    // query would be silently ignored, so it is refused instead.
    const QUrlQuery query(url);
    for (const auto &[name, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (name != QLatin1String("db"))
            return invalid(error, QObject::tr("LockScope does not understand the URL parameter \"%1\"").arg(name));
        if (!db.read(value, QStringLiteral("?db=") + value, error))
            return false;
    }

    tls.enabled = scheme == QLatin1String("rediss");
    socketPath.clear(); // the URL names a host and port in its place
    host = url.host();
    port = quint16(url.port(6379));
    database = db.number();
    // As in redis-cli: "user:pass@" is an ACL user and password, a lone "secret@" is a password.
    if (url.userInfo().contains(QLatin1Char(':'))) {
        user = url.userName(QUrl::FullyDecoded);
        password = url.password(QUrl::FullyDecoded);
    } else {
        user.clear();
        password = url.userName(QUrl::FullyDecoded);
    }
    return true;
}

QString ConnectionProfile::endpoint() const
{
    return Endpoint{host, port}.text();
}

QString ConnectionProfile::seedsText() const
{
    // The first sentinel or seed alone would read as the only one.
    return moreNodes.isEmpty() ? endpoint() : QObject::tr("%1 and %n more", nullptr, int(moreNodes.size())).arg(endpoint());
}

QString ConnectionProfile::displayName() const
{
    if (!name.isEmpty())
        return name;
    QString text = !socketPath.isEmpty()     ? socketPath
                   : kind == Kind::Sentinel ? masterName + QStringLiteral(" via ") + seedsText()
                                            : endpoint();
    if (database != 0)
        text += QLatin1Char('/') + QString::number(database);
    if (!user.isEmpty())
        text = user + QLatin1Char('@') + text;
    if (ssh.enabled())
        text += QStringLiteral(" via ssh ") + ssh.destination();
    return text;
}

QString ConnectionProfile::addressText() const
{
    QString text;
    if (!socketPath.isEmpty())
        text = QStringLiteral("unix:") + socketPath;
    else if (kind == Kind::Sentinel)
        text = QObject::tr("sentinel %1 via %2").arg(masterName, seedsText());
    else if (kind == Kind::Cluster)
        text = QObject::tr("cluster via %1").arg(seedsText());
    else
        text = endpoint();
    if (database != 0)
        text += QLatin1Char('/') + QString::number(database);
    if (!user.isEmpty())
        text = user + QLatin1Char('@') + text;
    if (tls.enabled)
        text += QObject::tr(" (TLS)");
    if (ssh.enabled())
        text += QObject::tr(" via ssh %1").arg(ssh.destination());
    return text;
}

QStringList ConnectionProfile::commandLineArguments() const
{
    // A saved connection by its name (its secrets from the keychain), with its address spelled
    // out all the same: options given over it (-p, -n) are part of where this session went.
    const bool saved = !id.isEmpty() && !name.isEmpty();
    QStringList args;
    if (saved)
        args << QStringLiteral("--connection") << name;
    const ConnectionProfile defaults;
    if (!socketPath.isEmpty()) {
        args << QStringLiteral("-s") << socketPath;
    } else if (kind == Kind::Sentinel) {
        args << QStringLiteral("--sentinel") << endpoint();
        for (const Endpoint &e : moreNodes)
            args << QStringLiteral("--sentinel") << e.text();
        args << QStringLiteral("--master") << masterName;
        if (!sentinelUser.isEmpty())
            args << QStringLiteral("--sentinel-user") << sentinelUser;
    } else {
        if (saved || host != defaults.host)
            args << QStringLiteral("-h") << host;
        if (saved || port != defaults.port)
            args << QStringLiteral("-p") << QString::number(port);
        if (kind == Kind::Cluster)
            args << QStringLiteral("-c");
        for (const Endpoint &e : moreNodes)
            args << QStringLiteral("--node") << e.text();
    }
    if (!user.isEmpty())
        args << QStringLiteral("--user") << user;
    if (saved || database != 0)
        args << QStringLiteral("-n") << QString::number(database);
    if (tls.enabled) {
        args << QStringLiteral("--tls");
        const QList<std::pair<QString, QString>> files{
            {QFileInfo(tls.caFile).isDir() ? QStringLiteral("--cacertdir") : QStringLiteral("--cacert"), tls.caFile},
            {QStringLiteral("--cert"), tls.certFile},
            {QStringLiteral("--key"), tls.keyFile}, {QStringLiteral("--sni"), tls.serverName}};
        for (const auto &[option, value] : files)
            if (!value.isEmpty())
                args << option << value;
        if (!tls.verifyPeer)
            args << QStringLiteral("--insecure");
    }
    if (ssh.enabled()) {
        args << QStringLiteral("--ssh") << ssh.destination();
        if (!ssh.keyFile.isEmpty())
            args << QStringLiteral("--ssh-key") << ssh.keyFile;
    }
    return args;
}

ConnectionProfile ConnectionProfile::newSaved(const QString &name)
{
    ConnectionProfile p;
    p.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    p.name = name;
    p.readOnly = true;
    return p;
}

ConnectionProfile ConnectionProfile::duplicated(const QString &newName) const
{
    ConnectionProfile p = *this;
    p.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    p.name = newName;
    // Nothing is in the keychain under the new id yet: the values held here are what the
    // copy will store when it is saved.
    p.storedSecrets.clear();
    return p;
}

QString ConnectionProfile::secret(SecretKind kind) const
{
    switch (kind) {
    case SecretKind::RedisPassword:
        return password;
    case SecretKind::SentinelPassword:
        return sentinelPassword;
    case SecretKind::SshPassword:
        return ssh.password;
    case SecretKind::SshKeyPassphrase:
        return ssh.keyPassphrase;
    case SecretKind::TlsKeyPassphrase:
        return tls.keyPassphrase;
    }
    return {};
}

void ConnectionProfile::setSecret(SecretKind kind, const QString &value)
{
    switch (kind) {
    case SecretKind::RedisPassword:
        password = value;
        break;
    case SecretKind::SentinelPassword:
        sentinelPassword = value;
        break;
    case SecretKind::SshPassword:
        ssh.password = value;
        break;
    case SecretKind::SshKeyPassphrase:
        ssh.keyPassphrase = value;
        break;
    case SecretKind::TlsKeyPassphrase:
        tls.keyPassphrase = value;
        break;
    }
}

QList<SecretKind> ConnectionProfile::heldSecrets() const
{
    QList<SecretKind> held;
    for (const SecretKind kind : SecretKinds::all())
        if (!secret(kind).isEmpty())
            held << kind;
    return held;
}

QList<SecretKind> ConnectionProfile::usedSecrets() const
{
    QList<SecretKind> used;
    for (const SecretKind kind : SecretKinds::all())
        if (!secret(kind).isEmpty() || storedSecrets.contains(kind))
            used << kind;
    return used;
}

ConnectionProfile ConnectionProfile::withoutSecrets() const
{
    ConnectionProfile p = *this;
    for (const SecretKind kind : SecretKinds::all())
        p.setSecret(kind, {});
    return p;
}

QString ConnectionProfile::Ssh::destination() const
{
    const QString at = user.isEmpty() ? QString() : user + QLatin1Char('@');
    return at + Endpoint{host, port}.text();
}

bool ConnectionProfile::Ssh::parseDestination(const QString &text, QString *error)
{
    QString rest = text.trimmed();
    if (rest.startsWith(QLatin1String("ssh://"), Qt::CaseInsensitive))
        rest = rest.mid(6);
    if (rest.endsWith(QLatin1Char('/')))
        rest.chop(1);
    const qsizetype at = rest.lastIndexOf(QLatin1Char('@'));
    const QString parsedUser = at < 0 ? QString() : rest.left(at);
    if (at == 0)
        return invalid(error, QObject::tr("\"%1\" has an @ with no user before it").arg(text));
    // A bare IPv6 address is a host without a port, as anywhere else.
    QString why;
    const std::optional<Endpoint> e = Endpoint::parse(rest.mid(at + 1), 22, &why);
    if (!e)
        return invalid(error, QObject::tr("\"%1\" is not [user@]host[:port] for SSH: %2").arg(text, why));
    host = e->host;
    port = e->port;
    user = parsedUser;
    return true;
}
