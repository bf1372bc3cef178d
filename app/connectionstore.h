#pragma once

#include "connectionprofile.h"
#include "redlockgroup.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class SecretStore;

// The user's saved connections, shared by the window and the command line
// (lockscope scan --connection NAME). What describes a connection lives in the user's
// settings (ConnectionProfileJson, which has no field for a secret); its secrets live in the
// OS keychain through SecretStore, filed under the connection's id, so a rename keeps them
// and a delete takes them along. Where there is no keychain, SecretStore keeps a secret in
// memory for this process only, and the connection remembers that it has one, so the next
// process asks for it.
//
// Settings are read and written at once (QSettings); secrets go through the keychain,
// asynchronously, and each call that touches them reports back through a callback that
// comes from the event loop, and not at all once its context object is gone.
class ConnectionStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionStore)

public:
    // note: where the secrets went, in words for the user; empty when all went to the
    // keychain (or there were none).
    using SavedCallback = std::function<void(const QString &note)>;
    // error: empty when every secret is gone.
    using RemovedCallback = std::function<void(const QString &error)>;
    // The profile with every secret found filled in; missing: the secrets it has stored that
    // are neither in the keychain nor in memory (to be asked for); note: why, in words.
    using FilledCallback = std::function<void(const ConnectionProfile &profile, const QList<SecretKind> &missing,
                                              const QString &note)>;

    // settingsFile: empty for the user's (…/lockscope/lockscope.ini in the config dir, where
    // the dialect profiles are too).
    explicit ConnectionStore(SecretStore *secrets, const QString &settingsFile = {}, QObject *parent = nullptr);
    ~ConnectionStore() override;

    static QString defaultSettingsFile();
    QString settingsFile() const { return m_settingsFile; }
    SecretStore *secrets() const { return m_secrets; }

    // The saved connections, without secrets; nothing saved is an empty list. Unreadable
    // settings give nothing and *error, so a broken entry is reported rather than dropped by
    // the next save.
    std::optional<QList<ConnectionProfile>> load(QString *error) const;
    // One connection by its name (as the command line gives it; case does not matter when
    // only one matches) or its id.
    std::optional<ConnectionProfile> find(const QString &nameOrId, QString *error) const;

    // Adds the connection, or replaces the one with its id (a connection without an id gets
    // one). Its description goes to the settings now; the secrets it holds go to the
    // keychain, and a secret it no longer lists in storedSecrets and does not hold is removed
    // from there. Returns the connection as saved (no secret values, storedSecrets naming
    // what it has), or nothing and *error: no name, a name another connection has,
    // unwritable settings.
    std::optional<ConnectionProfile> save(const ConnectionProfile &profile, QString *error, QObject *context = nullptr,
                                          SavedCallback done = {});
    bool rename(const QString &id, const QString &name, QString *error);
    // Removes the connection from the settings and every secret of it from the keychain.
    bool remove(const QString &id, QString *error, QObject *context = nullptr, RemovedCallback done = {});
    // Reads the secrets the profile has stored and does not hold yet.
    void fillSecrets(const ConnectionProfile &profile, QObject *context, FilledCallback done);
    // Stores these secrets of a saved connection (asked for when it connected): in the
    // keychain, or where there is none, in memory until the process ends.
    void keepSecrets(const ConnectionProfile &profile, const QList<SecretKind> &kinds, QObject *context,
                     SavedCallback done = {});

    // The connections of ids (all of them when empty) as a JSON file, never with a secret.
    bool exportFile(const QString &path, const QStringList &ids, QString *error) const;
    // Adds the connections of a file exported by exportFile. One with the name (or else the
    // id) of a saved connection replaces its description and keeps its id and secrets.
    // Returns the names imported.
    std::optional<QStringList> importFile(const QString &path, QString *error);

    // Saved Redlock groups: each node a saved connection (its secrets are that connection's,
    // in the keychain), with the group's name and Redlock parameters. Nothing saved is an
    // empty list; a group naming a connection since deleted is an error, not dropped.
    std::optional<QList<RedlockGroup>> loadGroups(QString *error) const;
    // Adds the group or replaces the one with its id (a group without one gets one). Returns
    // it as saved, or nothing and *error: no name, a name taken, fewer than 2 nodes, a node
    // that is not a saved connection or named twice.
    std::optional<RedlockGroup> saveGroup(const RedlockGroup &group, QString *error);
    bool removeGroup(const QString &id, QString *error);

Q_SIGNALS:
    // The list changed: saved, renamed, removed, imported.
    void changed();

private:
    bool write(const QList<ConnectionProfile> &profiles, QString *error);
    void storeSecrets(const ConnectionProfile &profile, const QList<SecretKind> &kinds, QObject *context, SavedCallback done);

    SecretStore *m_secrets;
    QString m_settingsFile;
};
