#include "connectionprofilejson.h"
#include "connectionstore.h"
#include "secretaddress.h"
#include "secretstore.h"

#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;

// Saved connections: the settings file (in a temporary directory) and, for their secrets, a
// real keychain set up by tests/support/with-keyring.sh (an unlocked gnome-keyring, or no
// D-Bus at all), as tst_secretstore does. tests/CMakeLists.txt runs each mode's functions
// through the script; the functions with no mode touch no keychain.
#define REQUIRE_KEYRING_MODE(mode)                                                                 \
    QVERIFY2(m_mode == QLatin1String(mode),                                                        \
             "runs only through tests/support/with-keyring.sh " mode ", never against a real keyring")

namespace {
constexpr int answerTimeoutMs = 5000;

struct Filled
{
    ConnectionProfile profile;
    QList<SecretKind> missing;
    QString note;
};

std::optional<Filled> fill(ConnectionStore &store, const ConnectionProfile &profile)
{
    std::optional<Filled> result;
    QObject context;
    store.fillSecrets(profile, &context, [&result](const ConnectionProfile &p, const QList<SecretKind> &missing, const QString &note) {
        result = Filled{p, missing, note};
    });
    if (!QTest::qWaitFor([&result] { return result.has_value(); }, answerTimeoutMs))
        return std::nullopt;
    return result;
}

// Saves and waits for the secrets to land; the note, or nothing when the save failed or no
// answer came.
std::optional<QString> saveAndWait(ConnectionStore &store, const ConnectionProfile &profile)
{
    std::optional<QString> note;
    QObject context;
    QString error;
    if (!store.save(profile, &error, &context, [&note](const QString &n) { note = n; })) {
        qWarning("save: %s", qPrintable(error));
        return std::nullopt;
    }
    if (!QTest::qWaitFor([&note] { return note.has_value(); }, answerTimeoutMs))
        return std::nullopt;
    return note;
}

std::optional<QString> removeAndWait(ConnectionStore &store, const QString &id)
{
    std::optional<QString> result;
    QObject context;
    QString error;
    if (!store.remove(id, &error, &context, [&result](const QString &e) { result = e; }))
        return std::nullopt;
    if (!QTest::qWaitFor([&result] { return result.has_value(); }, answerTimeoutMs))
        return std::nullopt;
    return result;
}

// What the keyring holds, asked through libsecret's own tool rather than QtKeychain.
std::optional<QByteArray> secretToolLookup(const SecretAddress &address)
{
    QProcess tool;
    tool.start(QStandardPaths::findExecutable(u"secret-tool"_s),
               {u"lookup"_s, u"server"_s, SecretStore::serviceName(), u"user"_s, address.keychainKey()});
    if (!tool.waitForFinished(answerTimeoutMs) || tool.exitStatus() != QProcess::NormalExit || tool.exitCode() != 0)
        return std::nullopt;
    return tool.readAllStandardOutput();
}

// A production connection through a bastion, with every secret held.
ConnectionProfile production()
{
    ConnectionProfile p = ConnectionProfile::newSaved(u"prod-eu"_s);
    p.group = u"Production"_s;
    p.color = QColor(u"#c62828"_s);
    p.production = true;
    p.host = u"redis.prod.internal"_s;
    p.user = u"ops"_s;
    p.password = u"redis-pw-7c1f"_s;
    p.sentinelPassword = u"sentinel-pw-2b9a"_s;
    p.tls.enabled = true;
    p.tls.keyFile = u"/home/ops/client.key"_s;
    p.tls.certFile = u"/home/ops/client.crt"_s;
    p.tls.keyPassphrase = u"tls-pp-55e0"_s;
    p.ssh.host = u"bastion.example"_s;
    p.ssh.user = u"ops"_s;
    p.ssh.password = u"ssh-pw-90d4"_s;
    p.ssh.keyPassphrase = u"ssh-pp-c3d8"_s;
    return p;
}

const QList<QByteArray> productionSecrets = {"redis-pw-7c1f", "sentinel-pw-2b9a", "tls-pp-55e0", "ssh-pw-90d4", "ssh-pp-c3d8"};
} // namespace

class TestConnectionStore : public QObject
{
    Q_OBJECT

private:
    QString m_mode; // the with-keyring.sh mode this process runs in, or empty
    std::unique_ptr<QTemporaryDir> m_dir;

    QString settingsFile() const { return m_dir->filePath(u"lockscope.ini"_s); }

    // Every regular file that could hold what the process wrote: the test's directory, and
    // under the keyring script also HOME, the runtime directory and TMPDIR.
    QStringList filesContaining(const QByteArray &needle) const
    {
        QStringList dirs{m_dir->path()};
        if (!m_mode.isEmpty())
            dirs << QDir::homePath() << qEnvironmentVariable("XDG_RUNTIME_DIR") << QDir::tempPath();
        QStringList found;
        for (const QString &dir : dirs) {
            QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                QFile file(it.next());
                if (file.open(QIODevice::ReadOnly) && file.readAll().contains(needle) && !found.contains(file.fileName()))
                    found << file.fileName();
            }
        }
        return found;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_mode = qEnvironmentVariable("LOCKSCOPE_KEYRING_MODE");
        QCoreApplication::setApplicationName(u"lockscope"_s);
    }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    // --- No keychain needed ---------------------------------------------------------------

    void savesLoadsRenames()
    {
        SecretStore secrets;
        ConnectionStore store(&secrets, settingsFile());
        QSignalSpy changed(&store, &ConnectionStore::changed);
        QString error;
        QCOMPARE(store.load(&error), std::optional(QList<ConnectionProfile>()));

        ConnectionProfile cache = ConnectionProfile::newSaved(u"cache"_s);
        cache.host = u"cache.internal"_s;
        ConnectionProfile queue = ConnectionProfile::newSaved(u"queue"_s);
        queue.socketPath = u"/run/redis/queue.sock"_s;
        queue.group = u"Local"_s;
        QVERIFY2(store.save(cache, &error), qPrintable(error));
        QVERIFY2(store.save(queue, &error), qPrintable(error));
        QCOMPARE(changed.size(), 2);
        QCOMPARE(store.load(&error), std::optional(QList<ConnectionProfile>{cache, queue}));

        // Another store on the same file (the command line, the next start) sees the same.
        SecretStore otherSecrets;
        ConnectionStore other(&otherSecrets, settingsFile());
        QCOMPARE(other.find(u"queue"_s, &error), std::optional(queue));
        QCOMPARE(other.find(u"QUEUE"_s, &error), std::optional(queue)); // as typed on a command line
        QCOMPARE(other.find(cache.id, &error), std::optional(cache));
        QVERIFY(!other.find(u"prod"_s, &error));
        QVERIFY2(error.contains(u"no saved connection named \"prod\"; saved: cache, queue"_s), qPrintable(error));

        // A rename keeps the id (the keychain files secrets under it).
        QVERIFY2(store.rename(cache.id, u"  cache-eu "_s, &error), qPrintable(error));
        QCOMPARE(store.find(u"cache-eu"_s, &error)->id, cache.id);
        QVERIFY(!store.rename(cache.id, u"Queue"_s, &error));
        QVERIFY2(error.contains(u"Another saved connection is named \"queue\""_s), qPrintable(error));
        QVERIFY(!store.rename(cache.id, u" "_s, &error));

        // An edit replaces the connection of its id.
        queue.database = 4;
        QVERIFY(store.save(queue, &error));
        QCOMPARE(store.load(&error)->size(), 2);
        QCOMPARE(store.find(u"queue"_s, &error)->database, 4);

        ConnectionProfile clash = ConnectionProfile::newSaved(u"cache-EU"_s);
        QVERIFY(!store.save(clash, &error));
        QVERIFY2(error.contains(u"Another saved connection is named \"cache-eu\""_s), qPrintable(error));
        clash.name = u"   "_s;
        QVERIFY(!store.save(clash, &error));
        QVERIFY(error.contains(u"needs a name"_s));
        QCOMPARE(store.load(&error)->size(), 2);
    }

    // A Redlock group: saved connections as its nodes (their secrets stay theirs), a name and
    // the application's Redlock parameters.
    void redlockGroups()
    {
        SecretStore secrets;
        ConnectionStore store(&secrets, settingsFile());
        QString error;
        QCOMPARE(store.loadGroups(&error), std::optional(QList<RedlockGroup>()));
        QList<ConnectionProfile> nodes;
        for (int i = 0; i < 3; ++i) {
            ConnectionProfile n = ConnectionProfile::newSaved(u"lock-%1"_s.arg(i));
            n.host = u"redlock-%1.internal"_s.arg(i);
            n.tls.enabled = i == 2;
            QVERIFY2(store.save(n, &error), qPrintable(error));
            nodes << n;
        }
        RedlockGroup group;
        group.name = u" payments "_s;
        group.nodes = nodes;
        group.driftFactor = 0.02;
        group.retryCount = 3;
        group.retryDelayMs = 150;
        const std::optional<RedlockGroup> saved = store.saveGroup(group, &error);
        QVERIFY2(saved, qPrintable(error));
        QVERIFY(!saved->id.isEmpty());

        SecretStore otherSecrets;
        ConnectionStore other(&otherSecrets, settingsFile());
        const std::optional<QList<RedlockGroup>> loaded = other.loadGroups(&error);
        QVERIFY2(loaded && loaded->size() == 1, qPrintable(error));
        const RedlockGroup &g = loaded->first();
        QCOMPARE(g.id, saved->id);
        QCOMPARE(g.name, u"payments"_s);
        QCOMPARE(g.nodes, nodes); // in order, each the saved connection (TLS and all)
        QCOMPARE(g.driftFactor, 0.02);
        QCOMPARE(g.retryCount, 3);
        QCOMPARE(g.retryDelayMs, 150);

        RedlockGroup bad = group;
        bad.nodes = {nodes.first()};
        QVERIFY(!store.saveGroup(bad, &error));
        QVERIFY2(error.contains(u"at least 2 nodes"_s), qPrintable(error));
        bad.nodes = {nodes.first(), nodes.first()};
        QVERIFY(!store.saveGroup(bad, &error));
        QVERIFY2(error.contains(u"twice"_s), qPrintable(error));
        // Another saved connection to the same server (another name, database, host case).
        ConnectionProfile alias = ConnectionProfile::newSaved(u"lock-0 again"_s);
        alias.host = u"REDLOCK-0.internal"_s;
        alias.database = 3;
        QVERIFY2(store.save(alias, &error), qPrintable(error));
        bad.nodes = {nodes.at(0), nodes.at(1), alias};
        QVERIFY(!store.saveGroup(bad, &error));
        QVERIFY2(error.contains(u"lock-0 and lock-0 again are the same server"_s), qPrintable(error));
        ConnectionProfile sentinel = ConnectionProfile::newSaved(u"sentinels"_s);
        sentinel.kind = ConnectionProfile::Kind::Sentinel;
        sentinel.host = u"sentinel-1.internal"_s;
        QVERIFY2(store.save(sentinel, &error), qPrintable(error));
        bad.nodes = {nodes.at(0), nodes.at(1), sentinel};
        QVERIFY(!store.saveGroup(bad, &error));
        QVERIFY2(error.contains(u"sentinels is a Sentinel connection"_s), qPrintable(error));
        // The same host:port behind two bastions: two servers.
        ConnectionProfile behindA = ConnectionProfile::newSaved(u"behind a"_s);
        behindA.host = u"127.0.0.1"_s;
        behindA.ssh.host = u"bastion-a"_s;
        ConnectionProfile behindB = ConnectionProfile::newSaved(u"behind b"_s);
        behindB.host = u"127.0.0.1"_s;
        behindB.ssh.host = u"bastion-b"_s;
        QVERIFY2(store.save(behindA, &error) && store.save(behindB, &error), qPrintable(error));
        bad.name = u"tunnels"_s;
        bad.nodes = {behindA, behindB};
        const std::optional<RedlockGroup> tunnels = store.saveGroup(bad, &error);
        QVERIFY2(tunnels, qPrintable(error));
        QVERIFY(store.removeGroup(tunnels->id, &error));
        bad = group;
        bad.nodes = {nodes.first(), ConnectionProfile::newSaved(u"unsaved"_s)};
        QVERIFY(!store.saveGroup(bad, &error));
        QVERIFY2(error.contains(u"save"_s), qPrintable(error));
        bad = group;
        bad.name = u"PAYMENTS"_s;
        QVERIFY(!store.saveGroup(bad, &error));
        QVERIFY2(error.contains(u"exists already"_s), qPrintable(error));

        // A group's node is not deleted from under it: the group would name nothing.
        QVERIFY(!store.remove(nodes.at(1).id, &error));
        QVERIFY2(error.contains(u"lock-1 is a node of the Redlock group payments"_s), qPrintable(error));
        QVERIFY(store.find(u"lock-1"_s, &error));
        // Deleted all the same (by hand, or by an older LockScope): the group says so rather
        // than shrinking to fewer nodes.
        {
            QSettings settings(settingsFile(), QSettings::IniFormat);
            const QByteArray saved = settings.value(u"connections/saved"_s).toByteArray();
            std::optional<QList<ConnectionProfile>> kept = ConnectionProfileJson::listFromJson(saved, &error);
            QVERIFY(kept);
            kept->removeIf([&](const ConnectionProfile &p) { return p.id == nodes.at(1).id; });
            settings.setValue(u"connections/saved"_s, ConnectionProfileJson::listToJson(*kept));
        }
        QVERIFY(!store.loadGroups(&error));
        QVERIFY2(error.contains(u"no longer saved"_s), qPrintable(error));
        QVERIFY(store.save(nodes.at(1), &error));
        QVERIFY(store.removeGroup(saved->id, &error));
        QCOMPARE(store.loadGroups(&error), std::optional(QList<RedlockGroup>()));
    }

    // A saved group edited by hand: a value of another type or out of the window's range is
    // one clear error, never a default in its place nor an acquire left waiting for weeks.
    void groupValuesAreChecked_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<bool>("readable");
        QTest::newRow("retries at most") << u"retry_count"_s << QJsonValue(1000) << true;
        QTest::newRow("delay at most") << u"retry_delay_ms"_s << QJsonValue(600000) << true;
        QTest::newRow("drift 0") << u"drift_factor"_s << QJsonValue(0) << true;
        QTest::newRow("retries beyond") << u"retry_count"_s << QJsonValue(2000000000) << false;
        QTest::newRow("retries negative") << u"retry_count"_s << QJsonValue(-1) << false;
        QTest::newRow("retries fraction") << u"retry_count"_s << QJsonValue(1.5) << false;
        QTest::newRow("retries text") << u"retry_count"_s << QJsonValue(u"abc"_s) << false;
        QTest::newRow("delay of weeks") << u"retry_delay_ms"_s << QJsonValue(2147483000) << false;
        QTest::newRow("jitter huge") << u"retry_jitter_ms"_s << QJsonValue(1e30) << false;
        QTest::newRow("drift 1") << u"drift_factor"_s << QJsonValue(1) << false;
        QTest::newRow("drift text") << u"drift_factor"_s << QJsonValue(u"x"_s) << false;
    }

    void groupValuesAreChecked()
    {
        QFETCH(QString, field);
        QFETCH(QJsonValue, value);
        QFETCH(bool, readable);
        SecretStore secrets;
        ConnectionStore store(&secrets, settingsFile());
        QString error;
        QList<QString> ids;
        for (int i = 0; i < 2; ++i) {
            ConnectionProfile n = ConnectionProfile::newSaved(u"node-%1"_s.arg(i));
            n.host = u"node-%1.internal"_s.arg(i);
            const std::optional<ConnectionProfile> saved = store.save(n, &error);
            QVERIFY2(saved, qPrintable(error));
            ids << saved->id;
        }
        QJsonObject group{{u"id"_s, u"g1"_s}, {u"name"_s, u"payments"_s}, {u"nodes"_s, QJsonArray{ids.at(0), ids.at(1)}}};
        group.insert(field, value);
        QSettings(settingsFile(), QSettings::IniFormat).setValue(u"connections/redlockGroups"_s, QJsonDocument(QJsonArray{group}).toJson());
        const std::optional<QList<RedlockGroup>> groups = store.loadGroups(&error);
        QCOMPARE(bool(groups), readable);
        if (!readable)
            QVERIFY2(error.contains(u"out of range"_s), qPrintable(error));
    }

    void unreadableSettingsAreReported()
    {
        {
            QSettings settings(settingsFile(), QSettings::IniFormat);
            settings.setValue(u"connections/saved"_s, QByteArray("{\"lockscope\": \"connections\", \"version\": 1, "
                                                                   "\"connections\": [{\"name\": \"x\", \"port\": 0}]}"));
        }
        SecretStore secrets;
        ConnectionStore store(&secrets, settingsFile());
        QString error;
        QVERIFY(!store.load(&error));
        QVERIFY2(error.contains(settingsFile()) && error.contains(u"\"port\""_s), qPrintable(error));
        // Nothing is saved over it.
        QVERIFY(!store.save(ConnectionProfile::newSaved(u"y"_s), &error));
    }

    void exportImportRoundTrip()
    {
        SecretStore secrets;
        ConnectionStore store(&secrets, settingsFile());
        QString error;
        ConnectionProfile prod = production().withoutSecrets();
        prod.storedSecrets = {SecretKind::RedisPassword, SecretKind::SshKeyPassphrase};
        ConnectionProfile local = ConnectionProfile::newSaved(u"local"_s);
        QVERIFY(store.save(prod, &error));
        QVERIFY(store.save(local, &error));

        const QString file = m_dir->filePath(u"connections.json"_s);
        QVERIFY2(store.exportFile(file, {prod.id}, &error), qPrintable(error));
        QFile exported(file);
        QVERIFY(exported.open(QIODevice::ReadOnly));
        const QByteArray json = exported.readAll();
        QVERIFY(json.contains("\"prod-eu\""));
        QVERIFY(!json.contains("\"local\""));
        QVERIFY(json.contains("\"secrets\""));

        // Into an empty list elsewhere: the same connections, ids and all.
        QTemporaryDir elsewhere;
        ConnectionStore fresh(&secrets, elsewhere.filePath(u"lockscope.ini"_s));
        QCOMPARE(fresh.importFile(file, &error), std::optional(QStringList{u"prod-eu"_s}));
        QCOMPARE(fresh.load(&error), std::optional(QList<ConnectionProfile>{prod}));

        // Into a list that has it already, edited since and renamed in case: the description
        // is replaced, the local id (and so its secrets) stays, the secrets of both are known.
        ConnectionProfile mine = ConnectionProfile::newSaved(u"PROD-EU"_s);
        mine.storedSecrets = {SecretKind::SentinelPassword};
        QTemporaryDir third;
        ConnectionStore another(&secrets, third.filePath(u"lockscope.ini"_s));
        QVERIFY(another.save(mine, &error));
        QVERIFY(another.importFile(file, &error));
        const QList<ConnectionProfile> merged = *another.load(&error);
        QCOMPARE(merged.size(), 1);
        QCOMPARE(merged.first().id, mine.id);
        QCOMPARE(merged.first().name, u"prod-eu"_s);
        QCOMPARE(merged.first().host, prod.host);
        // Listed in the kinds' own order, as the settings write them.
        QCOMPARE(merged.first().storedSecrets,
                 (QList<SecretKind>{SecretKind::RedisPassword, SecretKind::SentinelPassword, SecretKind::SshKeyPassphrase}));

        // A file with a secret in it is refused whole.
        QFile bad(m_dir->filePath(u"bad.json"_s));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(R"({"lockscope": "connections", "version": 1, "connections": [{"name": "n", "password": "hunter2"}]})");
        bad.close();
        QVERIFY(!fresh.importFile(bad.fileName(), &error));
        QVERIFY2(error.contains(u"is a secret"_s), qPrintable(error));
        QCOMPARE(fresh.load(&error)->size(), 1);
        QVERIFY(!fresh.importFile(m_dir->filePath(u"missing.json"_s), &error));
        QVERIFY(error.contains(u"missing.json"_s));
    }

    // --- An unlocked gnome-keyring --------------------------------------------------------

    void secretsGoToTheKeychainOnly()
    {
        REQUIRE_KEYRING_MODE("unlocked");
        const ConnectionProfile prod = production();
        {
            SecretStore secrets;
            ConnectionStore store(&secrets, settingsFile());
            const std::optional<QString> note = saveAndWait(store, prod);
            QVERIFY(note);
            QVERIFY2(note->isEmpty(), qPrintable(*note)); // all in the keychain: nothing to say
        }
        for (const SecretKind kind : SecretKinds::all())
            QCOMPARE(secretToolLookup({prod.id, kind}), std::optional(prod.secret(kind).toUtf8()));

        // The next start: the settings name the secrets, the keychain gives them back.
        SecretStore secrets;
        ConnectionStore store(&secrets, settingsFile());
        QString error;
        const std::optional<ConnectionProfile> saved = store.find(u"prod-eu"_s, &error);
        QVERIFY2(saved, qPrintable(error));
        QVERIFY(saved->heldSecrets().isEmpty());
        QCOMPARE(saved->storedSecrets, SecretKinds::all());
        const std::optional<Filled> filled = fill(store, *saved);
        QVERIFY(filled);
        QVERIFY(filled->missing.isEmpty());
        QVERIFY(filled->note.isEmpty());
        QCOMPARE(filled->profile.heldSecrets(), SecretKinds::all());
        for (const SecretKind kind : SecretKinds::all())
            QCOMPARE(filled->profile.secret(kind), prod.secret(kind));

        // Exported, and in the settings: not one secret.
        const QString file = m_dir->filePath(u"export.json"_s);
        QVERIFY(store.exportFile(file, {}, &error));
        for (const QByteArray &secret : productionSecrets) {
            const QStringList holders = filesContaining(secret);
            QVERIFY2(holders.isEmpty(), qPrintable(holders.join(u", "_s)));
        }
        QFile exported(file);
        QVERIFY(exported.open(QIODevice::ReadOnly));
        QVERIFY(exported.readAll().contains("\"ssh-key-passphrase\"")); // named, not given
    }

    void renameKeepsAndDeleteRemovesTheSecrets()
    {
        REQUIRE_KEYRING_MODE("unlocked");
        SecretStore secrets;
        ConnectionStore store(&secrets, settingsFile());
        const ConnectionProfile prod = production();
        ConnectionProfile other = ConnectionProfile::newSaved(u"prod-us"_s);
        other.password = u"other-pw-1e2f"_s;
        QVERIFY(saveAndWait(store, prod));
        QVERIFY(saveAndWait(store, other));
        QString error;
        QVERIFY(store.rename(prod.id, u"prod-eu-1"_s, &error));
        SecretStore fresh;
        ConnectionStore next(&fresh, settingsFile());
        QCOMPARE(fill(next, *next.find(u"prod-eu-1"_s, &error))->profile.password, prod.password);

        QCOMPARE(removeAndWait(store, prod.id), std::optional(QString()));
        QVERIFY(!store.find(u"prod-eu-1"_s, &error));
        for (const SecretKind kind : SecretKinds::all())
            QVERIFY2(!secretToolLookup({prod.id, kind}), qPrintable(SecretKinds::key(kind)));
        // The other connection's secret stays.
        QCOMPARE(secretToolLookup({other.id, SecretKind::RedisPassword}), std::optional(QByteArray("other-pw-1e2f")));
    }

    void editsKeepOrForgetSecrets()
    {
        REQUIRE_KEYRING_MODE("unlocked");
        SecretStore secrets;
        ConnectionStore store(&secrets, settingsFile());
        ConnectionProfile p = ConnectionProfile::newSaved(u"cache"_s);
        p.password = u"cache-pw-4a4a"_s;
        p.ssh.host = u"bastion"_s;
        p.ssh.password = u"cache-ssh-6b6b"_s;
        QVERIFY(saveAndWait(store, p));
        QString error;

        // Edited as the dialog loads it (no secret values): the secrets stay.
        ConnectionProfile edited = *store.find(u"cache"_s, &error);
        edited.database = 2;
        QVERIFY(saveAndWait(store, edited));
        QCOMPARE(secretToolLookup({p.id, SecretKind::RedisPassword}), std::optional(QByteArray("cache-pw-4a4a")));

        // The SSH password taken off (no longer listed, not held): it leaves the keychain.
        edited.storedSecrets.removeAll(SecretKind::SshPassword);
        const std::optional<ConnectionProfile> saved = store.save(edited, &error);
        QVERIFY(saved);
        QCOMPARE(saved->storedSecrets, QList<SecretKind>{SecretKind::RedisPassword});
        QTRY_VERIFY_WITH_TIMEOUT(!secretToolLookup({p.id, SecretKind::SshPassword}), answerTimeoutMs);
        QCOMPARE(secretToolLookup({p.id, SecretKind::RedisPassword}), std::optional(QByteArray("cache-pw-4a4a")));

        // A secret listed but gone from the keychain (removed by hand) is missing, to be asked.
        QCOMPARE(secretToolLookup({p.id, SecretKind::RedisPassword}).has_value(), true);
        QVERIFY(QProcess::execute(QStandardPaths::findExecutable(u"secret-tool"_s),
                                  {u"clear"_s, u"server"_s, SecretStore::serviceName(), u"user"_s,
                                   SecretAddress{p.id, SecretKind::RedisPassword}.keychainKey()})
                == 0);
        SecretStore fresh;
        ConnectionStore next(&fresh, settingsFile());
        const std::optional<Filled> filled = fill(next, *next.find(u"cache"_s, &error));
        QVERIFY(filled);
        QCOMPARE(filled->missing, QList<SecretKind>{SecretKind::RedisPassword});
        QVERIFY2(filled->note.contains(u"Redis password of \"cache\" is not in the keychain"_s), qPrintable(filled->note));
    }

    // --- No D-Bus session bus at all: memory only ---------------------------------------------

    void withoutAKeychainSecretsAreAskedForNextTime()
    {
        REQUIRE_KEYRING_MODE("no-bus");
        const ConnectionProfile prod = production();
        QString error;
        {
            SecretStore secrets;
            ConnectionStore store(&secrets, settingsFile());
            const std::optional<QString> note = saveAndWait(store, prod);
            QVERIFY(note);
            // Says so, and says what it means.
            QVERIFY2(note->startsWith(u"No keychain: "_s) && note->contains(u"kept in memory only, until LockScope quits"_s)
                         && note->contains(u"Redis password, Sentinel password, SSH password, SSH key passphrase and TLS key "
                                           "passphrase of \"prod-eu\""_s),
                     qPrintable(*note));
            // In this process, the connection has them.
            const std::optional<Filled> filled = fill(store, *store.find(u"prod-eu"_s, &error));
            QVERIFY(filled);
            QVERIFY(filled->missing.isEmpty());
            QCOMPARE(filled->profile.password, prod.password);
        }
        // The next process knows the connection has them, and that it must ask.
        SecretStore secrets;
        ConnectionStore store(&secrets, settingsFile());
        const std::optional<Filled> filled = fill(store, *store.find(u"prod-eu"_s, &error));
        QVERIFY(filled);
        QCOMPARE(filled->missing, SecretKinds::all());
        QVERIFY2(filled->note.startsWith(u"No keychain: "_s) && filled->note.contains(u"asked for and kept in memory only"_s),
                 qPrintable(filled->note));

        // Asked for, and kept for this process.
        ConnectionProfile asked = filled->profile;
        asked.password = u"typed-pw-3c3c"_s;
        std::optional<QString> note;
        QObject context;
        store.keepSecrets(asked, {SecretKind::RedisPassword}, &context, [&note](const QString &n) { note = n; });
        QTRY_VERIFY(note);
        QVERIFY(note->contains(u"kept in memory only"_s));
        QCOMPARE(fill(store, *store.find(u"prod-eu"_s, &error))->profile.password, u"typed-pw-3c3c"_s);

        for (const QByteArray &secret : productionSecrets + QList<QByteArray>{"typed-pw-3c3c"}) {
            const QStringList holders = filesContaining(secret);
            QVERIFY2(holders.isEmpty(), qPrintable(holders.join(u", "_s)));
        }
        QCOMPARE(removeAndWait(store, prod.id), std::optional(QString()));
        QVERIFY(fill(store, asked.withoutSecrets())->missing.contains(SecretKind::RedisPassword));
    }
};

QTEST_GUILESS_MAIN(TestConnectionStore)
#include "tst_connectionstore.moc"
