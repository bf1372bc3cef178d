#include "connectionstore.h"

#include "connectionprofilejson.h"
#include "redlockgroupjson.h"
#include "secretstore.h"

#include <QFile>
#include <QPointer>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>
#include <QUuid>

#include <memory>

using namespace Qt::StringLiterals;

namespace {
const QString settingsKey = u"connections/saved"_s;
const QString groupsKey = u"connections/redlockGroups"_s;

qsizetype indexOfId(const QList<ConnectionProfile> &profiles, const QString &id)
{
    for (qsizetype i = 0; i < profiles.size(); ++i)
        if (profiles.at(i).id == id)
            return i;
    return -1;
}

// Names are what the command line picks a connection by, so two that differ only in case
// would be a trap.
qsizetype indexOfName(const QList<ConnectionProfile> &profiles, const QString &name, const QString &exceptId = {})
{
    for (qsizetype i = 0; i < profiles.size(); ++i)
        if (profiles.at(i).id != exceptId && profiles.at(i).name.compare(name, Qt::CaseInsensitive) == 0)
            return i;
    return -1;
}

QString kindsText(const QList<SecretKind> &kinds)
{
    QStringList words;
    for (const SecretKind kind : kinds)
        words << SecretKinds::text(kind);
    if (words.size() < 2)
        return words.value(0);
    const QString last = words.takeLast();
    return QObject::tr("%1 and %2").arg(words.join(u", "_s), last);
}

// What a saved connection keeps of a profile: no secret values, no choice made for one run.
ConnectionProfile savedForm(const ConnectionProfile &profile)
{
    ConnectionProfile saved = profile.withoutSecrets();
    saved.storedSecrets = profile.usedSecrets();
    saved.ssh.acceptNewHostKey = false;
    return saved;
}

// Calls done on the event loop, and only while the context lives.
template<typename Callback>
void laterWhileAlive(QObject *context, Callback done)
{
    if (context)
        QMetaObject::invokeMethod(context, std::move(done), Qt::QueuedConnection);
}
} // namespace

ConnectionStore::ConnectionStore(SecretStore *secrets, const QString &settingsFile, QObject *parent)
    : QObject(parent)
    , m_secrets(secrets)
    , m_settingsFile(settingsFile.isEmpty() ? defaultSettingsFile() : settingsFile)
{
    Q_ASSERT(secrets);
}

ConnectionStore::~ConnectionStore() = default;

QString ConnectionStore::defaultSettingsFile()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + u"/lockscope/lockscope.ini"_s;
}

std::optional<QList<ConnectionProfile>> ConnectionStore::load(QString *error) const
{
    const QSettings settings(m_settingsFile, QSettings::IniFormat);
    if (settings.status() == QSettings::FormatError) {
        *error = tr("The settings file %1 is unreadable").arg(m_settingsFile);
        return std::nullopt;
    }
    const QByteArray json = settings.value(settingsKey).toByteArray();
    if (json.isEmpty())
        return QList<ConnectionProfile>();
    QString why;
    std::optional<QList<ConnectionProfile>> profiles = ConnectionProfileJson::listFromJson(json, &why);
    if (!profiles)
        *error = tr("The saved connections in %1 are unreadable: %2").arg(m_settingsFile, why);
    return profiles;
}

std::optional<ConnectionProfile> ConnectionStore::find(const QString &nameOrId, QString *error) const
{
    const std::optional<QList<ConnectionProfile>> profiles = load(error);
    if (!profiles)
        return std::nullopt;
    for (const ConnectionProfile &p : *profiles)
        if (p.name == nameOrId || p.id == nameOrId)
            return p;
    if (const qsizetype i = indexOfName(*profiles, nameOrId); i >= 0)
        return profiles->at(i);
    QStringList names;
    for (const ConnectionProfile &p : *profiles)
        names << p.name;
    names.sort(Qt::CaseInsensitive);
    *error = names.isEmpty() ? tr("there is no saved connection named \"%1\": none is saved yet (the window's Connect dialog "
                                  "saves them, in %2)").arg(nameOrId, m_settingsFile)
                             : tr("there is no saved connection named \"%1\"; saved: %2").arg(nameOrId, names.join(u", "_s));
    return std::nullopt;
}

bool ConnectionStore::write(const QList<ConnectionProfile> &profiles, QString *error)
{
    QSettings settings(m_settingsFile, QSettings::IniFormat);
    if (profiles.isEmpty())
        settings.remove(settingsKey);
    else
        settings.setValue(settingsKey, ConnectionProfileJson::listToJson(profiles));
    settings.sync();
    if (settings.status() != QSettings::NoError) {
        *error = tr("Could not save the connections to %1").arg(m_settingsFile);
        return false;
    }
    return true;
}

std::optional<ConnectionProfile> ConnectionStore::save(const ConnectionProfile &profile, QString *error, QObject *context,
                                                       SavedCallback done)
{
    std::optional<QList<ConnectionProfile>> profiles = load(error);
    if (!profiles)
        return std::nullopt;
    ConnectionProfile p = profile;
    p.name = p.name.trimmed();
    if (p.name.isEmpty()) {
        *error = tr("A saved connection needs a name");
        return std::nullopt;
    }
    if (p.id.isEmpty())
        p.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    if (const qsizetype other = indexOfName(*profiles, p.name, p.id); other >= 0) {
        *error = tr("Another saved connection is named \"%1\"").arg(profiles->at(other).name);
        return std::nullopt;
    }
    const ConnectionProfile saved = savedForm(p);
    const qsizetype at = indexOfId(*profiles, p.id);
    const QList<SecretKind> before = at >= 0 ? profiles->at(at).storedSecrets : QList<SecretKind>();
    if (at >= 0)
        (*profiles)[at] = saved;
    else
        profiles->append(saved);
    if (!write(*profiles, error))
        return std::nullopt;
    Q_EMIT changed();
    // A secret the user took off the connection leaves the keychain too.
    for (const SecretKind kind : before)
        if (!saved.storedSecrets.contains(kind))
            m_secrets->remove({p.id, kind}, this, [](const QString &) {});
    storeSecrets(p, p.heldSecrets(), context, std::move(done));
    return saved;
}

void ConnectionStore::keepSecrets(const ConnectionProfile &profile, const QList<SecretKind> &kinds, QObject *context,
                                  SavedCallback done)
{
    storeSecrets(profile, kinds, context, std::move(done));
}

void ConnectionStore::storeSecrets(const ConnectionProfile &profile, const QList<SecretKind> &kinds, QObject *context,
                                   SavedCallback done)
{
    const QPointer<QObject> owner(context);
    if (kinds.isEmpty()) {
        if (done)
            laterWhileAlive(context, [done] { done({}); });
        return;
    }
    struct Progress
    {
        qsizetype left;
        QList<SecretKind> inMemory;
        QString memoryReason;
        QStringList refused;
    };
    auto progress = std::make_shared<Progress>(Progress{kinds.size(), {}, {}, {}});
    const QString name = profile.name;
    for (const SecretKind kind : kinds) {
        m_secrets->write({profile.id, kind}, profile.secret(kind), this,
                         [progress, kind, name, owner, done](SecretStore::Stored where, const QString &why) {
                             if (where == SecretStore::Stored::InMemory) {
                                 progress->inMemory << kind;
                                 progress->memoryReason = why;
                             } else if (where == SecretStore::Stored::Nowhere) {
                                 progress->refused << why;
                             }
                             if (--progress->left > 0 || !owner || !done)
                                 return;
                             QList<SecretKind> inMemory; // in the order of the kinds, as they were answered
                             for (const SecretKind k : SecretKinds::all())
                                 if (progress->inMemory.contains(k))
                                     inMemory << k;
                             QStringList note;
                             if (!inMemory.isEmpty())
                                 note << tr("No keychain: %1. The %2 of \"%3\" is kept in memory only, until LockScope quits, "
                                            "and asked for when it connects after that.")
                                             .arg(progress->memoryReason, kindsText(inMemory), name);
                             if (!progress->refused.isEmpty())
                                 note << tr("Not saved: %1.").arg(progress->refused.join(u"; "_s));
                             done(note.join(u' '));
                         });
    }
}

bool ConnectionStore::rename(const QString &id, const QString &name, QString *error)
{
    std::optional<QList<ConnectionProfile>> profiles = load(error);
    if (!profiles)
        return false;
    const qsizetype at = indexOfId(*profiles, id);
    if (at < 0) {
        *error = tr("That connection is no longer saved");
        return false;
    }
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty()) {
        *error = tr("A saved connection needs a name");
        return false;
    }
    if (const qsizetype other = indexOfName(*profiles, trimmed, id); other >= 0) {
        *error = tr("Another saved connection is named \"%1\"").arg(profiles->at(other).name);
        return false;
    }
    (*profiles)[at].name = trimmed;
    if (!write(*profiles, error))
        return false;
    Q_EMIT changed();
    return true;
}

bool ConnectionStore::remove(const QString &id, QString *error, QObject *context, RemovedCallback done)
{
    std::optional<QList<ConnectionProfile>> profiles = load(error);
    if (!profiles)
        return false;
    const qsizetype at = indexOfId(*profiles, id);
    // A group's node would leave the group naming nothing, and every saved group unreadable.
    QString groupError;
    if (const std::optional<QList<RedlockGroup>> groups = loadGroups(&groupError); at >= 0 && groups) {
        for (const RedlockGroup &g : *groups)
            for (const ConnectionProfile &node : g.nodes)
                if (node.id == id) {
                    *error = tr("%1 is a node of the Redlock group %2: take it out of the group, or delete the group, first")
                                 .arg(profiles->at(at).name, g.name);
                    return false;
                }
    }
    if (at >= 0) {
        profiles->removeAt(at);
        if (!write(*profiles, error))
            return false;
        Q_EMIT changed();
    }
    // Every secret of it, whatever the list said it had: nothing of a deleted connection
    // stays behind in the keychain.
    const QPointer<QObject> owner(context);
    m_secrets->removeAll(id, 0, this, [owner, done](const QString &why) {
        if (owner && done)
            done(why);
    });
    return true;
}

void ConnectionStore::fillSecrets(const ConnectionProfile &profile, QObject *context, FilledCallback done)
{
    QList<SecretKind> wanted;
    for (const SecretKind kind : profile.storedSecrets)
        if (profile.secret(kind).isEmpty())
            wanted << kind;
    if (wanted.isEmpty() || profile.id.isEmpty()) {
        laterWhileAlive(context, [profile, done] { done(profile, {}, {}); });
        return;
    }
    struct Progress
    {
        ConnectionProfile profile;
        qsizetype left;
        QList<SecretKind> missing;
        QStringList errors;
    };
    auto progress = std::make_shared<Progress>(Progress{profile, wanted.size(), {}, {}});
    const QPointer<QObject> owner(context);
    for (const SecretKind kind : std::as_const(wanted)) {
        m_secrets->read({profile.id, kind}, this, [this, progress, kind, owner, done](std::optional<QString> secret, const QString &error) {
            if (secret)
                progress->profile.setSecret(kind, *secret);
            else
                progress->missing << kind;
            if (!error.isEmpty() && !progress->errors.contains(error))
                progress->errors << error;
            if (--progress->left > 0 || !owner)
                return;
            // In the order of the kinds, whatever order the keychain answered in.
            QList<SecretKind> missing;
            for (const SecretKind k : SecretKinds::all())
                if (progress->missing.contains(k))
                    missing << k;
            QString note;
            if (!missing.isEmpty()) {
                if (m_secrets->availability() == SecretStore::Availability::MemoryOnly)
                    note = tr("No keychain: %1. Secrets are asked for and kept in memory only.").arg(m_secrets->unavailableReason());
                else if (!progress->errors.isEmpty())
                    note = tr("The keychain did not answer: %1.").arg(progress->errors.join(u"; "_s));
                else
                    note = tr("The %1 of \"%2\" is not in the keychain.").arg(kindsText(missing), progress->profile.name);
            }
            done(progress->profile, missing, note);
        });
    }
}

bool ConnectionStore::exportFile(const QString &path, const QStringList &ids, QString *error) const
{
    const std::optional<QList<ConnectionProfile>> profiles = load(error);
    if (!profiles)
        return false;
    QList<ConnectionProfile> chosen;
    for (const ConnectionProfile &p : *profiles)
        if (ids.isEmpty() || ids.contains(p.id))
            chosen << p;
    QSaveFile file(path); // all or nothing: a full disk never leaves half a file behind
    if (!file.open(QIODevice::WriteOnly) || file.write(ConnectionProfileJson::listToJson(chosen)) < 0 || !file.commit()) {
        *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

std::optional<QStringList> ConnectionStore::importFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("Cannot read %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QString why;
    const std::optional<QList<ConnectionProfile>> imported = ConnectionProfileJson::listFromJson(file.readAll(), &why);
    if (!imported) {
        *error = tr("%1: %2").arg(path, why);
        return std::nullopt;
    }
    std::optional<QList<ConnectionProfile>> profiles = load(error);
    if (!profiles)
        return std::nullopt;
    QStringList names;
    for (ConnectionProfile p : *imported) {
        qsizetype at = indexOfName(*profiles, p.name);
        if (at < 0)
            at = indexOfId(*profiles, p.id);
        if (at >= 0) {
            // The same connection, described anew: it keeps its id, and with it its secrets.
            const ConnectionProfile &mine = profiles->at(at);
            p.id = mine.id;
            for (const SecretKind kind : mine.storedSecrets)
                if (!p.storedSecrets.contains(kind))
                    p.storedSecrets << kind;
            if (indexOfName(*profiles, p.name, p.id) >= 0) {
                *error = tr("%1: \"%2\" would take the name of another saved connection").arg(path, p.name);
                return std::nullopt;
            }
            (*profiles)[at] = p;
        } else {
            profiles->append(p);
        }
        names << p.name;
    }
    if (!write(*profiles, error))
        return std::nullopt;
    Q_EMIT changed();
    return names;
}

std::optional<QList<RedlockGroup>> ConnectionStore::loadGroups(QString *error) const
{
    const std::optional<QList<ConnectionProfile>> connections = load(error);
    if (!connections)
        return std::nullopt;
    const QByteArray json = QSettings(m_settingsFile, QSettings::IniFormat).value(groupsKey).toByteArray();
    if (json.isEmpty())
        return QList<RedlockGroup>();
    QString why;
    std::optional<QList<RedlockGroup>> groups = RedlockGroupJson::listFromJson(json, *connections, &why);
    if (!groups)
        *error = tr("The saved Redlock groups in %1 are unreadable: %2").arg(m_settingsFile, why);
    return groups;
}

std::optional<RedlockGroup> ConnectionStore::saveGroup(const RedlockGroup &group, QString *error)
{
    std::optional<QList<RedlockGroup>> groups = loadGroups(error);
    const std::optional<QList<ConnectionProfile>> connections = load(error);
    if (!groups || !connections)
        return std::nullopt;
    RedlockGroup g = group;
    g.name = g.name.trimmed();
    if (g.name.isEmpty()) {
        *error = tr("A Redlock group needs a name");
        return std::nullopt;
    }
    if (g.size() < 2) {
        *error = tr("A Redlock group needs at least 2 nodes (usually 5)");
        return std::nullopt;
    }
    // The server a node reaches, whatever the connection is called or which database it
    // opens: two saved connections to one server would give it two votes. Behind different
    // bastions, one host:port may well be two servers.
    const auto server = [](const ConnectionProfile &p) {
        const QString where = p.socketPath.isEmpty() ? p.endpoint() : QStringLiteral("unix:") + p.socketPath;
        return (p.ssh.enabled() ? where + QStringLiteral(" via ") + p.ssh.destination() : where).toLower();
    };
    QStringList ids;
    QList<const ConnectionProfile *> seen;
    for (const ConnectionProfile &n : std::as_const(g.nodes)) {
        if (indexOfId(*connections, n.id) < 0) {
            *error = tr("Each node of a Redlock group is a saved connection: save %1 first").arg(n.endpoint());
            return std::nullopt;
        }
        if (ids.contains(n.id)) {
            *error = tr("%1 is twice in the group: its vote would count twice").arg(n.name);
            return std::nullopt;
        }
        if (n.kind == ConnectionProfile::Kind::Sentinel) {
            *error = tr("%1 is a Sentinel connection: each node of a Redlock group is a server of its own").arg(n.name);
            return std::nullopt;
        }
        for (const ConnectionProfile *other : std::as_const(seen))
            if (server(*other) == server(n)) {
                *error = tr("%1 and %2 are the same server (%3): its vote would count twice").arg(other->name, n.name, n.addressText());
                return std::nullopt;
            }
        ids << n.id;
        seen << &n;
    }
    for (const RedlockGroup &other : std::as_const(*groups))
        if (other.id != g.id && other.name.compare(g.name, Qt::CaseInsensitive) == 0) {
            *error = tr("A Redlock group named %1 exists already").arg(other.name);
            return std::nullopt;
        }
    if (g.id.isEmpty())
        g.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const auto at = std::find_if(groups->begin(), groups->end(), [&](const RedlockGroup &o) { return o.id == g.id; });
    if (at == groups->end())
        *groups << g;
    else
        *at = g;
    QSettings settings(m_settingsFile, QSettings::IniFormat);
    settings.setValue(groupsKey, RedlockGroupJson::listToJson(*groups));
    settings.sync();
    if (settings.status() != QSettings::NoError) {
        *error = tr("Could not save the Redlock groups to %1").arg(m_settingsFile);
        return std::nullopt;
    }
    Q_EMIT changed();
    return g;
}

bool ConnectionStore::removeGroup(const QString &id, QString *error)
{
    std::optional<QList<RedlockGroup>> groups = loadGroups(error);
    if (!groups)
        return false;
    groups->removeIf([&](const RedlockGroup &g) { return g.id == id; });
    QSettings settings(m_settingsFile, QSettings::IniFormat);
    if (groups->isEmpty())
        settings.remove(groupsKey);
    else
        settings.setValue(groupsKey, RedlockGroupJson::listToJson(*groups));
    settings.sync();
    if (settings.status() != QSettings::NoError) {
        *error = tr("Could not save the Redlock groups to %1").arg(m_settingsFile);
        return false;
    }
    Q_EMIT changed();
    return true;
}
