#include "connectionprofilejson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QObject>
#include <QSet>
#include <QUuid>

#include <limits>

using namespace Qt::StringLiterals;

namespace {
const QString formatName = u"connections"_s;
constexpr int formatVersion = 1;

// Fields a secret would be written under, were anyone to write one.
const QStringList secretFields = {u"password"_s, u"pass"_s, u"sentinelPassword"_s, u"keyPassphrase"_s,
                                  u"passphrase"_s, u"secret"_s};

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

void putText(QJsonObject &o, const QString &key, const QString &value)
{
    if (!value.isEmpty())
        o.insert(key, value);
}

// Reads the object's fields, each at most once, and says which one is wrong in the words of
// the connection it belongs to.
class Reader
{
public:
    Reader(const QJsonObject &object, QString where, QString *error)
        : m_object(object)
        , m_where(std::move(where))
        , m_error(error)
    {
    }

    bool known(const QStringList &fields) const
    {
        for (auto it = m_object.begin(); it != m_object.end(); ++it) {
            if (secretFields.contains(it.key(), Qt::CaseInsensitive))
                return fail(m_error, QObject::tr("%1: \"%2\" is a secret, and LockScope never reads secrets from a file; "
                                                 "remove it, and type the secret in the connection dialog (it goes to "
                                                 "the keychain) or when connecting")
                                         .arg(m_where, it.key()));
            if (!fields.contains(it.key()))
                return fail(m_error, QObject::tr("%1: unknown field \"%2\"").arg(m_where, it.key()));
        }
        return true;
    }

    bool text(const QString &key, QString *out) const
    {
        const QJsonValue v = m_object.value(key);
        if (v.isUndefined() || v.isNull())
            return true;
        if (!v.isString())
            return wrong(key, QObject::tr("text"));
        *out = v.toString();
        return true;
    }

    bool flag(const QString &key, bool *out) const
    {
        const QJsonValue v = m_object.value(key);
        if (v.isUndefined())
            return true;
        if (!v.isBool())
            return wrong(key, QObject::tr("true or false"));
        *out = v.toBool();
        return true;
    }

    bool integer(const QString &key, qint64 min, qint64 max, qint64 *out) const
    {
        const QJsonValue v = m_object.value(key);
        if (v.isUndefined())
            return true;
        const double d = v.toDouble(-1e300);
        if (!v.isDouble() || d != double(qint64(d)) || d < double(min) || d > double(max))
            return wrong(key, QObject::tr("a whole number from %1 to %2").arg(min).arg(max));
        *out = qint64(d);
        return true;
    }

    bool object(const QString &key, QJsonObject *out, bool *present) const
    {
        const QJsonValue v = m_object.value(key);
        *present = !v.isUndefined() && !v.isNull();
        if (!*present)
            return true;
        if (!v.isObject())
            return wrong(key, QObject::tr("an object"));
        *out = v.toObject();
        return true;
    }

    bool textList(const QString &key, QStringList *out) const
    {
        const QJsonValue v = m_object.value(key);
        if (v.isUndefined() || v.isNull())
            return true;
        if (!v.isArray())
            return wrong(key, QObject::tr("a list of text"));
        for (const QJsonValue &item : v.toArray()) {
            if (!item.isString())
                return wrong(key, QObject::tr("a list of text"));
            *out << item.toString();
        }
        return true;
    }

    bool wrong(const QString &key, const QString &expected) const
    {
        return fail(m_error, QObject::tr("%1: \"%2\" must be %3").arg(m_where, key, expected));
    }

    const QString &where() const { return m_where; }

private:
    QJsonObject m_object;
    QString m_where;
    QString *m_error;
};

std::optional<ConnectionProfile::Kind> kindFromId(const QString &id)
{
    for (const ConnectionProfile::Kind kind :
         {ConnectionProfile::Kind::Standalone, ConnectionProfile::Kind::Cluster, ConnectionProfile::Kind::Sentinel})
        if (ConnectionProfile::kindId(kind) == id)
            return kind;
    return std::nullopt;
}
} // namespace

QJsonObject ConnectionProfileJson::toJson(const ConnectionProfile &secretFree)
{
    // Built from a copy with every secret emptied, so no later field can carry one by mistake.
    const ConnectionProfile p = secretFree.withoutSecrets();
    QJsonObject o;
    o.insert(u"id"_s, p.id);
    o.insert(u"name"_s, p.name);
    putText(o, u"group"_s, p.group);
    if (p.color.isValid())
        o.insert(u"color"_s, p.color.name());
    o.insert(u"production"_s, p.production);
    o.insert(u"readOnly"_s, p.readOnly);
    o.insert(u"kind"_s, ConnectionProfile::kindId(p.kind));
    o.insert(u"host"_s, p.host);
    o.insert(u"port"_s, int(p.port));
    if (!p.moreNodes.isEmpty()) {
        QJsonArray nodes;
        for (const ConnectionProfile::Endpoint &e : p.moreNodes)
            nodes.append(e.text());
        o.insert(u"moreNodes"_s, nodes);
    }
    putText(o, u"socket"_s, p.socketPath);
    putText(o, u"masterName"_s, p.masterName);
    putText(o, u"sentinelUser"_s, p.sentinelUser);
    putText(o, u"user"_s, p.user);
    o.insert(u"database"_s, p.database);
    o.insert(u"connectTimeoutMs"_s, p.connectTimeoutMs);

    QJsonObject tls;
    tls.insert(u"enabled"_s, p.tls.enabled);
    putText(tls, u"ca"_s, p.tls.caFile);
    putText(tls, u"cert"_s, p.tls.certFile);
    putText(tls, u"key"_s, p.tls.keyFile);
    putText(tls, u"serverName"_s, p.tls.serverName);
    tls.insert(u"verifyPeer"_s, p.tls.verifyPeer);
    o.insert(u"tls"_s, tls);

    if (p.ssh.enabled()) {
        QJsonObject ssh;
        ssh.insert(u"host"_s, p.ssh.host);
        ssh.insert(u"port"_s, int(p.ssh.port));
        putText(ssh, u"user"_s, p.ssh.user);
        putText(ssh, u"keyFile"_s, p.ssh.keyFile);
        ssh.insert(u"useAgent"_s, p.ssh.useAgent);
        o.insert(u"ssh"_s, ssh);
    }

    // Which secrets it has, by name only: the one held in memory counts too, since it is
    // about to be stored.
    QJsonArray secrets;
    for (const SecretKind kind : secretFree.usedSecrets())
        secrets.append(SecretKinds::key(kind));
    if (!secrets.isEmpty())
        o.insert(u"secrets"_s, secrets);
    return o;
}

std::optional<ConnectionProfile> ConnectionProfileJson::fromJson(const QJsonObject &object, QString *error)
{
    const QString named = object.value(u"name"_s).toString();
    const Reader in(object, named.isEmpty() ? QObject::tr("A connection") : QObject::tr("Connection \"%1\"").arg(named), error);
    if (!in.known({u"id"_s, u"name"_s, u"group"_s, u"color"_s, u"production"_s, u"readOnly"_s, u"kind"_s, u"host"_s,
                   u"port"_s, u"moreNodes"_s, u"socket"_s, u"masterName"_s, u"sentinelUser"_s, u"user"_s,
                   u"database"_s, u"connectTimeoutMs"_s, u"tls"_s, u"ssh"_s, u"secrets"_s}))
        return std::nullopt;

    ConnectionProfile p;
    p.readOnly = true;
    QString kind = ConnectionProfile::kindId(p.kind), color;
    qint64 port = p.port, database = p.database, timeout = p.connectTimeoutMs;
    QStringList nodes, secrets;
    if (!in.text(u"id"_s, &p.id) || !in.text(u"name"_s, &p.name) || !in.text(u"group"_s, &p.group)
        || !in.text(u"color"_s, &color) || !in.flag(u"production"_s, &p.production)
        || !in.flag(u"readOnly"_s, &p.readOnly) || !in.text(u"kind"_s, &kind) || !in.text(u"host"_s, &p.host)
        || !in.integer(u"port"_s, 1, 65535, &port) || !in.textList(u"moreNodes"_s, &nodes)
        || !in.text(u"socket"_s, &p.socketPath) || !in.text(u"masterName"_s, &p.masterName)
        || !in.text(u"sentinelUser"_s, &p.sentinelUser) || !in.text(u"user"_s, &p.user)
        || !in.integer(u"database"_s, 0, std::numeric_limits<int>::max(), &database)
        || !in.integer(u"connectTimeoutMs"_s, 1, 600000, &timeout) || !in.textList(u"secrets"_s, &secrets))
        return std::nullopt;
    if (p.name.trimmed().isEmpty()) {
        fail(error, QObject::tr("A connection has no name"));
        return std::nullopt;
    }
    if (p.id.isEmpty())
        p.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    p.port = quint16(port);
    p.database = int(database);
    p.connectTimeoutMs = int(timeout);
    if (!color.isEmpty()) {
        p.color = QColor(color);
        if (!p.color.isValid()) {
            in.wrong(u"color"_s, QObject::tr("a colour such as #c62828"));
            return std::nullopt;
        }
    }
    const std::optional<ConnectionProfile::Kind> k = kindFromId(kind);
    if (!k) {
        in.wrong(u"kind"_s, QObject::tr("standalone, cluster or sentinel"));
        return std::nullopt;
    }
    p.kind = *k;
    for (const QString &node : std::as_const(nodes)) {
        QString why;
        const std::optional<ConnectionProfile::Endpoint> e =
            ConnectionProfile::Endpoint::parse(node, p.kind == ConnectionProfile::Kind::Sentinel ? 26379 : 6379, &why);
        if (!e) {
            fail(error, QObject::tr("%1: \"moreNodes\": %2").arg(in.where(), why));
            return std::nullopt;
        }
        p.moreNodes << *e;
    }
    for (const QString &key : std::as_const(secrets)) {
        const std::optional<SecretKind> s = SecretKinds::fromKey(key);
        if (!s) {
            fail(error, QObject::tr("%1: \"secrets\" names no secret \"%2\"").arg(in.where(), key));
            return std::nullopt;
        }
        if (!p.storedSecrets.contains(*s))
            p.storedSecrets << *s;
    }

    QJsonObject tlsObject;
    bool present = false;
    if (!in.object(u"tls"_s, &tlsObject, &present))
        return std::nullopt;
    if (present) {
        const Reader tls(tlsObject, in.where() + QObject::tr(", TLS"), error);
        if (!tls.known({u"enabled"_s, u"ca"_s, u"cert"_s, u"key"_s, u"serverName"_s, u"verifyPeer"_s})
            || !tls.flag(u"enabled"_s, &p.tls.enabled) || !tls.text(u"ca"_s, &p.tls.caFile)
            || !tls.text(u"cert"_s, &p.tls.certFile) || !tls.text(u"key"_s, &p.tls.keyFile)
            || !tls.text(u"serverName"_s, &p.tls.serverName) || !tls.flag(u"verifyPeer"_s, &p.tls.verifyPeer))
            return std::nullopt;
    }
    QJsonObject sshObject;
    if (!in.object(u"ssh"_s, &sshObject, &present))
        return std::nullopt;
    if (present) {
        const Reader ssh(sshObject, in.where() + QObject::tr(", SSH"), error);
        qint64 sshPort = p.ssh.port;
        if (!ssh.known({u"host"_s, u"port"_s, u"user"_s, u"keyFile"_s, u"useAgent"_s})
            || !ssh.text(u"host"_s, &p.ssh.host) || !ssh.integer(u"port"_s, 1, 65535, &sshPort)
            || !ssh.text(u"user"_s, &p.ssh.user) || !ssh.text(u"keyFile"_s, &p.ssh.keyFile)
            || !ssh.flag(u"useAgent"_s, &p.ssh.useAgent))
            return std::nullopt;
        p.ssh.port = quint16(sshPort);
    }
    return p;
}

QByteArray ConnectionProfileJson::listToJson(const QList<ConnectionProfile> &profiles)
{
    QJsonArray list;
    for (const ConnectionProfile &p : profiles)
        list.append(toJson(p));
    QJsonObject document;
    document.insert(u"lockscope"_s, formatName);
    document.insert(u"version"_s, formatVersion);
    document.insert(u"connections"_s, list);
    return QJsonDocument(document).toJson(QJsonDocument::Indented);
}

std::optional<QList<ConnectionProfile>> ConnectionProfileJson::listFromJson(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        fail(error, QObject::tr("not JSON: %1 at offset %2").arg(parseError.errorString()).arg(parseError.offset));
        return std::nullopt;
    }
    const QJsonObject root = document.object();
    if (!document.isObject() || root.value(u"lockscope"_s).toString() != formatName || !root.value(u"connections"_s).isArray()) {
        fail(error, QObject::tr("not a LockScope connection list ({\"lockscope\": \"connections\", \"connections\": [...]})"));
        return std::nullopt;
    }
    const int version = root.value(u"version"_s).toInt(0);
    if (version < 1 || version > formatVersion) {
        fail(error, QObject::tr("a connection list of version %1; this LockScope reads version %2")
                        .arg(root.value(u"version"_s).toVariant().toString())
                        .arg(formatVersion));
        return std::nullopt;
    }
    QList<ConnectionProfile> profiles;
    QSet<QString> names, ids;
    for (const QJsonValue &item : root.value(u"connections"_s).toArray()) {
        if (!item.isObject()) {
            fail(error, QObject::tr("each connection must be a JSON object"));
            return std::nullopt;
        }
        std::optional<ConnectionProfile> p = fromJson(item.toObject(), error);
        if (!p)
            return std::nullopt;
        if (names.contains(p->name)) {
            fail(error, QObject::tr("two connections are named \"%1\"").arg(p->name));
            return std::nullopt;
        }
        if (ids.contains(p->id)) {
            fail(error, QObject::tr("two connections have the id %1").arg(p->id));
            return std::nullopt;
        }
        names.insert(p->name);
        ids.insert(p->id);
        profiles << *p;
    }
    return profiles;
}
