#include "secretstore.h"

#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;

// The store against real keychain setups, each made by tests/support/with-keyring.sh in a
// throwaway HOME and D-Bus session: an unlocked gnome-keyring, one that cannot be unlocked, a
// bus with no secret service, no bus, and a bus address that leads nowhere. tests/CMakeLists.txt runs each mode's functions
// through the script; a function of another mode fails at once rather than touch whatever
// keyring the machine has. The functions with no mode use no D-Bus at all.
#define REQUIRE_KEYRING_MODE(mode)                                                                 \
    QVERIFY2(m_mode == QLatin1String(mode),                                                        \
             "runs only through tests/support/with-keyring.sh " mode ", never against a real keyring")

namespace {
constexpr int answerTimeoutMs = 5000;

struct ReadResult
{
    std::optional<QString> secret;
    QString error;
};

struct WriteResult
{
    SecretStore::Stored where;
    QString why;
};

// The store's answer, or nothing when none came in time. The context dies on return, so a
// late answer calls nothing.
std::optional<ReadResult> readSecret(SecretStore &store, const SecretAddress &address)
{
    std::optional<ReadResult> result;
    QObject context;
    store.read(address, &context, [&result](std::optional<QString> secret, const QString &error) {
        result = ReadResult{std::move(secret), error};
    });
    if (!QTest::qWaitFor([&result] { return result.has_value(); }, answerTimeoutMs))
        return std::nullopt;
    return result;
}

std::optional<WriteResult> writeSecret(SecretStore &store, const SecretAddress &address, const QString &secret)
{
    std::optional<WriteResult> result;
    QObject context;
    store.write(address, secret, &context, [&result](SecretStore::Stored where, const QString &why) {
        result = WriteResult{where, why};
    });
    if (!QTest::qWaitFor([&result] { return result.has_value(); }, answerTimeoutMs))
        return std::nullopt;
    return result;
}

// The error text (empty: removed), or nothing when no answer came.
std::optional<QString> removeSecret(SecretStore &store, const SecretAddress &address)
{
    std::optional<QString> result;
    QObject context;
    store.remove(address, &context, [&result](const QString &error) { result = error; });
    if (!QTest::qWaitFor([&result] { return result.has_value(); }, answerTimeoutMs))
        return std::nullopt;
    return result;
}

std::optional<QString> removeAllSecrets(SecretStore &store, const QString &connectionId, int nodeCount)
{
    std::optional<QString> result;
    QObject context;
    store.removeAll(connectionId, nodeCount, &context, [&result](const QString &error) { result = error; });
    if (!QTest::qWaitFor([&result] { return result.has_value(); }, answerTimeoutMs))
        return std::nullopt;
    return result;
}

// What the keyring holds, asked through libsecret's own tool rather than QtKeychain: the
// secret as stored, or nothing when there is no item.
std::optional<QByteArray> secretToolLookup(const SecretAddress &address)
{
    QProcess tool;
    tool.start(QStandardPaths::findExecutable(u"secret-tool"_s),
               {u"lookup"_s, u"server"_s, SecretStore::serviceName(), u"user"_s, address.keychainKey()});
    if (!tool.waitForFinished(answerTimeoutMs) || tool.exitStatus() != QProcess::NormalExit || tool.exitCode() != 0)
        return std::nullopt;
    return tool.readAllStandardOutput();
}

// How many items the keyring holds for the address: an overwrite must replace, not add.
int secretToolCount(const SecretAddress &address)
{
    QProcess tool;
    tool.start(QStandardPaths::findExecutable(u"secret-tool"_s), {u"search"_s, u"--all"_s, u"server"_s,
                                                                  SecretStore::serviceName(), u"user"_s,
                                                                  address.keychainKey()});
    if (!tool.waitForFinished(answerTimeoutMs))
        return -1;
    int items = 0;
    const QList<QByteArray> lines = tool.readAllStandardOutput().split('\n');
    for (const QByteArray &line : lines)
        items += line.startsWith('[') ? 1 : 0;
    return items;
}
} // namespace

class TestSecretStore : public QObject
{
    Q_OBJECT

private:
    QString m_mode; // the with-keyring.sh mode this process runs in, or empty
    QString m_root; // the run's temporary directory
    // Where anything of the process could land: HOME (with the XDG directories in it), the
    // runtime directory and TMPDIR, all inside the run's directory.
    QStringList m_writable;

    QStringList regularFiles() const
    {
        QStringList files;
        for (const QString &dir : m_writable) {
            QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
            while (it.hasNext())
                files << it.next();
        }
        return files;
    }

    QStringList filesContaining(const QByteArray &needle) const
    {
        QStringList found;
        for (const QString &path : regularFiles()) {
            QFile file(path);
            if (file.open(QIODevice::ReadOnly) && file.readAll().contains(needle))
                found << path;
        }
        return found;
    }

    void verifyNotOnDisk(const QString &secret) const
    {
        const QStringList holders = filesContaining(secret.toUtf8());
        QVERIFY2(holders.isEmpty(), qPrintable(holders.join(u", "_s)));
        // Where QtKeychain's plain-text fallback would write (QSettings under the service's
        // name), and the app's own settings.
        QVERIFY(QSettings(SecretStore::serviceName()).allKeys().isEmpty());
        QVERIFY(QSettings().allKeys().isEmpty());
    }

    // What holds wherever there is no keychain to use.
    void verifyMemoryOnly(SecretStore &store)
    {
        const QString why = store.unavailableReason();
        QVERIFY(!why.isEmpty());
        QVERIFY2(store.statusText().contains(u"memory only"_s) && store.statusText().contains(why),
                 qPrintable(store.statusText()));

        const SecretAddress prod{u"prod"_s, SecretKind::RedisPassword};
        const QString secret = u"memory-only-s3cret-ü"_s;
        std::optional<WriteResult> written = writeSecret(store, prod, secret);
        QVERIFY(written);
        QCOMPARE(written->where, SecretStore::Stored::InMemory);
        QCOMPARE(written->why, why);
        std::optional<ReadResult> read = readSecret(store, prod);
        QVERIFY(read);
        QCOMPARE(read->secret, std::optional(secret));
        QVERIFY(read->error.isEmpty());

        written = writeSecret(store, prod, u"memory-only-changed"_s);
        QVERIFY(written && written->where == SecretStore::Stored::InMemory);
        QCOMPARE(readSecret(store, prod)->secret, std::optional(u"memory-only-changed"_s));

        // Kept by this store alone: another one (the next start of the app) has nothing.
        {
            SecretStore other;
            read = readSecret(other, prod);
            QVERIFY(read);
            QVERIFY(!read->secret);
            QVERIFY(read->error.isEmpty());
            QVERIFY(!other.isAvailable());
        }

        QCOMPARE(removeSecret(store, prod), std::optional(QString()));
        QVERIFY(!readSecret(store, prod)->secret);

        // Every secret of a connection goes with it, every node included; others stay.
        for (const SecretKind kind : SecretAddress::allKinds())
            QVERIFY(writeSecret(store, {u"orders"_s, kind}, u"orders-secret"_s));
        QVERIFY(writeSecret(store, {u"orders"_s, SecretKind::RedisPassword, 4}, u"orders-node-4"_s));
        QVERIFY(writeSecret(store, {u"orders-eu"_s, SecretKind::RedisPassword}, u"orders-eu-secret"_s));
        QCOMPARE(removeAllSecrets(store, u"orders"_s, 0), std::optional(QString()));
        for (const SecretKind kind : SecretAddress::allKinds())
            QVERIFY(!readSecret(store, {u"orders"_s, kind})->secret);
        QVERIFY(!readSecret(store, {u"orders"_s, SecretKind::RedisPassword, 4})->secret);
        QCOMPARE(readSecret(store, {u"orders-eu"_s, SecretKind::RedisPassword})->secret,
                 std::optional(u"orders-eu-secret"_s));

        // Nothing written anywhere: no file at all in HOME, the XDG and runtime directories or
        // TMPDIR (a bus socket is not a regular file), no settings.
        const QStringList files = regularFiles();
        QVERIFY2(files.isEmpty(), qPrintable(files.join(u", "_s)));
        verifyNotOnDisk(secret);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_mode = qEnvironmentVariable("LOCKSCOPE_KEYRING_MODE");
        m_root = qEnvironmentVariable("LOCKSCOPE_KEYRING_ROOT");
        // As the app names itself, so QSettings() is the file the app would use.
        QCoreApplication::setApplicationName(u"lockscope"_s);
        if (!m_mode.isEmpty()) {
            // Everything this run writes must land in the run's directory, never the user's.
            QVERIFY(!m_root.isEmpty());
            m_writable = {QDir::homePath(), qEnvironmentVariable("XDG_RUNTIME_DIR"), QDir::tempPath()};
            for (const QString &dir : std::as_const(m_writable))
                QVERIFY2(!dir.isEmpty() && dir.startsWith(m_root + u'/'), qPrintable(dir));
            QVERIFY2(QSettings().fileName().startsWith(QDir::homePath()), qPrintable(QSettings().fileName()));
        }
    }

    // --- No D-Bus needed --------------------------------------------------------------

    void keychainKeys_data()
    {
        QTest::addColumn<QString>("connectionId");
        QTest::addColumn<SecretKind>("kind");
        QTest::addColumn<int>("node");
        QTest::addColumn<QString>("key");
        QTest::newRow("redis") << u"prod"_s << SecretKind::RedisPassword << -1 << u"prod/redis-password"_s;
        QTest::newRow("sentinel") << u"prod"_s << SecretKind::SentinelPassword << -1 << u"prod/sentinel-password"_s;
        QTest::newRow("ssh") << u"prod"_s << SecretKind::SshPassword << -1 << u"prod/ssh-password"_s;
        QTest::newRow("passphrase") << u"prod"_s << SecretKind::SshKeyPassphrase << -1
                                    << u"prod/ssh-key-passphrase"_s;
        QTest::newRow("tls passphrase") << u"prod"_s << SecretKind::TlsKeyPassphrase << -1
                                        << u"prod/tls-key-passphrase"_s;
        QTest::newRow("node") << u"orders (eu)"_s << SecretKind::RedisPassword << 2
                              << u"orders (eu)/node-2/redis-password"_s;
        QTest::newRow("node 0") << u"r"_s << SecretKind::SentinelPassword << 0 << u"r/node-0/sentinel-password"_s;
        QTest::newRow("slash") << u"a/node-1"_s << SecretKind::RedisPassword << -1 << u"a%2Fnode-1/redis-password"_s;
        QTest::newRow("percent") << u"50%"_s << SecretKind::RedisPassword << -1 << u"50%25/redis-password"_s;
        QTest::newRow("unicode") << u"café"_s << SecretKind::RedisPassword << -1 << u"caf%C3%A9/redis-password"_s;
        QTest::newRow("uuid") << u"{5b0c0e1a-8f4e-4d55-9d7e-0d3c2f6a1b9e}"_s << SecretKind::SshPassword << -1
                              << u"%7B5b0c0e1a-8f4e-4d55-9d7e-0d3c2f6a1b9e%7D/ssh-password"_s;
    }

    void keychainKeys()
    {
        QFETCH(QString, connectionId);
        QFETCH(SecretKind, kind);
        QFETCH(int, node);
        QFETCH(QString, key);
        const SecretAddress address{connectionId, kind, node};
        QCOMPARE(address.keychainKey(), key);
        QVERIFY(key.startsWith(SecretAddress::keychainPrefix(connectionId)));
    }

    void keysOfOneConnectionNeverReachAnother()
    {
        // The id "a/node-1" must not name node 1 of connection "a", nor fall under its prefix,
        // or deleting connection "a" would take its secrets.
        const SecretAddress tricky{u"a/node-1"_s, SecretKind::RedisPassword};
        const SecretAddress node{u"a"_s, SecretKind::RedisPassword, 1};
        QVERIFY(tricky.keychainKey() != node.keychainKey());
        QVERIFY(!tricky.keychainKey().startsWith(SecretAddress::keychainPrefix(u"a"_s)));
        QVERIFY(!SecretAddress{u"ab"_s}.keychainKey().startsWith(SecretAddress::keychainPrefix(u"a"_s)));
        QVERIFY(node.keychainKey().startsWith(SecretAddress::keychainPrefix(u"a"_s)));
        // Nor the probe's own key.
        QVERIFY(SecretAddress{u"lockscope-availability-probe"_s}.keychainKey() != u"lockscope-availability-probe"_s);
    }

    void refusesSecretsThatCannotComeBack_data()
    {
        QTest::addColumn<QString>("secret");
        QTest::addColumn<QString>("why");
        QTest::newRow("empty") << QString() << u"empty"_s;
        QTest::newRow("NUL") << u"abc\0def"_s << u"NUL"_s;
        QTest::newRow("lone surrogate") << QString(QChar(0xd800)) + u"x"_s << u"Unicode"_s;
    }

    void refusesSecretsThatCannotComeBack()
    {
        QFETCH(QString, secret);
        QFETCH(QString, why);
        SecretStore store;
        QSignalSpy availability(&store, &SecretStore::availabilityChanged);
        const std::optional<WriteResult> written = writeSecret(store, {u"prod"_s}, secret);
        QVERIFY(written);
        QCOMPARE(written->where, SecretStore::Stored::Nowhere);
        QVERIFY2(written->why.contains(why) && written->why.contains(u"Redis password"_s), qPrintable(written->why));
        // Refused before the keychain was even looked for.
        QCOMPARE(availability.count(), 0);
        QCOMPARE(store.availability(), SecretStore::Availability::Unknown);
    }

    // --- An unlocked gnome-keyring --------------------------------------------------------

    void findsTheKeychain()
    {
        REQUIRE_KEYRING_MODE("unlocked");
        SecretStore store;
        QCOMPARE(store.availability(), SecretStore::Availability::Unknown);
        QSignalSpy availability(&store, &SecretStore::availabilityChanged);
        store.probe();
        QVERIFY(availability.wait(answerTimeoutMs));
        QCOMPARE(availability.count(), 1);
        QCOMPARE(availability.first().at(0).toBool(), true);
        QCOMPARE(availability.first().at(1).toString(), QString());
        QVERIFY(store.isAvailable());
        QVERIFY(store.unavailableReason().isEmpty());
        QVERIFY2(store.statusText().contains(u"keychain"_s) && !store.statusText().contains(u"memory"_s),
                 qPrintable(store.statusText()));
    }

    void storesReadsBackAndOverwrites()
    {
        REQUIRE_KEYRING_MODE("unlocked");
        const SecretAddress prod{u"prod"_s, SecretKind::RedisPassword};
        const QString first = u"first-s3cret-of-prod"_s;
        const QString second = u"second-s3cret-of-prod"_s;
        {
            SecretStore store;
            const std::optional<WriteResult> written = writeSecret(store, prod, first);
            QVERIFY(written);
            QCOMPARE(written->where, SecretStore::Stored::InKeychain);
            QVERIFY(written->why.isEmpty());
        }
        // A new store has no memory of it: what it reads comes from the keyring.
        {
            SecretStore fresh;
            const std::optional<ReadResult> read = readSecret(fresh, prod);
            QVERIFY(read);
            QCOMPARE(read->secret, std::optional(first));
            QVERIFY(read->error.isEmpty());
        }
        QCOMPARE(secretToolLookup(prod), std::optional(first.toUtf8()));

        SecretStore store;
        QCOMPARE(writeSecret(store, prod, second)->where, SecretStore::Stored::InKeychain);
        SecretStore fresh;
        QCOMPARE(readSecret(fresh, prod)->secret, std::optional(second));
        QCOMPARE(secretToolLookup(prod), std::optional(second.toUtf8()));
        QCOMPARE(secretToolCount(prod), 1);

        // In the keyring, encrypted: not in any file in plain text, not in settings.
        verifyNotOnDisk(first);
        verifyNotOnDisk(second);
    }

    void roundTripsUnusualPasswords_data()
    {
        QTest::addColumn<QString>("secret");
        QTest::newRow("unicode") << u"pässwörd-密码-пароль-🔑"_s;
        QTest::newRow("combining accent") << u"cafe\u0301"_s; // not normalised to "café"
        QTest::newRow("shell and quotes") << u" '\"\\$`;|&<>*?%00 #{} "_s;
        QTest::newRow("control characters") << u"\x01\x1b[0m\t\r\nend\x7f"_s;
        QTest::newRow("latin-1 high") << u"\u00ff\u00a0\u00e9"_s;
        QTest::newRow("looks like base64") << u"aHVudGVyMg=="_s; // QtKeychain also reads a base64 type
        QTest::newRow("long") << u"0123456789abcdef-€"_s.repeated(256);
    }

    void roundTripsUnusualPasswords()
    {
        REQUIRE_KEYRING_MODE("unlocked");
        QFETCH(QString, secret);
        const SecretAddress address{u"unusual-"_s + QString::fromLatin1(QTest::currentDataTag()),
                                    SecretKind::SshKeyPassphrase};
        SecretStore store;
        QCOMPARE(writeSecret(store, address, secret)->where, SecretStore::Stored::InKeychain);
        SecretStore fresh;
        const std::optional<ReadResult> read = readSecret(fresh, address);
        QVERIFY(read);
        QCOMPARE(read->secret, std::optional(secret));
        // Stored as the text itself (readable in a keyring browser), not an encoding of it.
        QCOMPARE(secretToolLookup(address), std::optional(secret.toUtf8()));
    }

    void readingAMissingSecretIsNoError()
    {
        REQUIRE_KEYRING_MODE("unlocked");
        SecretStore store;
        const std::optional<ReadResult> read = readSecret(store, {u"never-saved"_s, SecretKind::SentinelPassword});
        QVERIFY(read);
        QVERIFY(!read->secret);
        QVERIFY2(read->error.isEmpty(), qPrintable(read->error));
    }

    void removesOneKind()
    {
        REQUIRE_KEYRING_MODE("unlocked");
        const SecretAddress redis{u"billing"_s, SecretKind::RedisPassword};
        const SecretAddress ssh{u"billing"_s, SecretKind::SshPassword};
        SecretStore store;
        QCOMPARE(writeSecret(store, redis, u"billing-redis"_s)->where, SecretStore::Stored::InKeychain);
        QCOMPARE(writeSecret(store, ssh, u"billing-ssh"_s)->where, SecretStore::Stored::InKeychain);
        QCOMPARE(secretToolLookup(redis), std::optional(QByteArray("billing-redis")));

        QCOMPARE(removeSecret(store, redis), std::optional(QString()));
        SecretStore fresh;
        const std::optional<ReadResult> read = readSecret(fresh, redis);
        QVERIFY(read);
        QVERIFY(!read->secret);
        QVERIFY(read->error.isEmpty());
        QCOMPARE(secretToolLookup(redis), std::nullopt);
        QCOMPARE(readSecret(fresh, ssh)->secret, std::optional(u"billing-ssh"_s));
        QCOMPARE(secretToolLookup(ssh), std::optional(QByteArray("billing-ssh")));

        // Removing what is not there is no error.
        QCOMPARE(removeSecret(store, redis), std::optional(QString()));
    }

    void removeAllLeavesOtherConnections()
    {
        REQUIRE_KEYRING_MODE("unlocked");
        SecretStore store;
        QList<SecretAddress> doomed;
        for (const SecretKind kind : SecretAddress::allKinds())
            doomed << SecretAddress{u"orders"_s, kind};
        doomed << SecretAddress{u"orders"_s, SecretKind::RedisPassword, 0}
               << SecretAddress{u"orders"_s, SecretKind::SentinelPassword, 1};
        // Ids that look alike, share a prefix, or would collide if ids were not encoded.
        const QList<SecretAddress> kept{{u"orders-eu"_s, SecretKind::RedisPassword},
                                        {u"order"_s, SecretKind::RedisPassword},
                                        {u"orders/node-0"_s, SecretKind::RedisPassword},
                                        {u"orders/node-0"_s, SecretKind::SshKeyPassphrase, 0}};
        for (const SecretAddress &address : doomed + kept) {
            const std::optional<WriteResult> written = writeSecret(store, address, u"s3cret of "_s + address.keychainKey());
            QVERIFY(written);
            QCOMPARE(written->where, SecretStore::Stored::InKeychain);
        }

        QCOMPARE(removeAllSecrets(store, u"orders"_s, 2), std::optional(QString()));

        SecretStore fresh;
        for (const SecretAddress &address : doomed) {
            const std::optional<ReadResult> read = readSecret(fresh, address);
            QVERIFY(read);
            QVERIFY2(!read->secret, qPrintable(address.keychainKey()));
            QVERIFY2(!secretToolLookup(address), qPrintable(address.keychainKey()));
        }
        for (const SecretAddress &address : kept) {
            const QString expected = u"s3cret of "_s + address.keychainKey();
            QCOMPARE(readSecret(fresh, address)->secret, std::optional(expected));
            QCOMPARE(secretToolLookup(address), std::optional(expected.toUtf8()));
        }
    }

    void operationsWaitForTheFirstProbe()
    {
        REQUIRE_KEYRING_MODE("unlocked");
        const SecretAddress address{u"eager"_s, SecretKind::RedisPassword};
        SecretStore store;
        QSignalSpy availability(&store, &SecretStore::availabilityChanged);
        // No probe() first: the calls start it and wait for it, and keep their order.
        QStringList order;
        QObject context;
        store.write(address, u"eager-s3cret"_s, &context, [&order](SecretStore::Stored where, const QString &) {
            order << (where == SecretStore::Stored::InKeychain ? u"written"_s : u"not in the keychain"_s);
        });
        store.read(address, &context, [&order](std::optional<QString> secret, const QString &) {
            order << secret.value_or(u"nothing"_s);
        });
        QCOMPARE(store.availability(), SecretStore::Availability::Unknown);
        QTRY_COMPARE_WITH_TIMEOUT(order.size(), 2, answerTimeoutMs);
        QCOMPARE(order, (QStringList{u"written"_s, u"eager-s3cret"_s}));
        QCOMPARE(availability.count(), 1);
        QVERIFY(store.isAvailable());
    }

    void callbackIsDroppedWithItsContext()
    {
        REQUIRE_KEYRING_MODE("unlocked");
        const SecretAddress address{u"orphan"_s, SecretKind::SshPassword};
        SecretStore store;
        bool called = false;
        auto *context = new QObject;
        store.write(address, u"orphan-s3cret"_s, context, [&called](SecretStore::Stored, const QString &) {
            called = true;
        });
        delete context;
        // QtKeychain runs jobs one after another, so once this read is answered the write
        // has finished: it was done, and nobody was called.
        QCOMPARE(readSecret(store, address)->secret, std::optional(u"orphan-s3cret"_s));
        QVERIFY(!called);
    }

    // --- gnome-keyring started on demand, with nothing to unlock it -----------------------

    void lockedKeyringKeepsSecretsInMemory()
    {
        REQUIRE_KEYRING_MODE("locked");
        SecretStore store;
        QSignalSpy availability(&store, &SecretStore::availabilityChanged);
        store.probe();
        QVERIFY(availability.wait(answerTimeoutMs));
        // The service answers lookups, so the probe cannot tell it will refuse to store
        // (looking further would mean asking the user to unlock it at every start).
        QCOMPARE(availability.first().at(0).toBool(), true);

        const SecretAddress prod{u"prod"_s, SecretKind::RedisPassword};
        const QString secret = u"locked-out-s3cret"_s;
        const std::optional<WriteResult> written = writeSecret(store, prod, secret);
        QVERIFY(written);
        QCOMPARE(written->where, SecretStore::Stored::InMemory);
        QVERIFY2(written->why.contains(u"Redis password could not be saved"_s), qPrintable(written->why));
        QCOMPARE(availability.count(), 2);
        QCOMPARE(availability.last().at(0).toBool(), false);
        QCOMPARE(availability.last().at(1).toString(), written->why);
        QVERIFY(!store.isAvailable());
        QVERIFY(store.statusText().contains(u"memory only"_s));

        QCOMPARE(readSecret(store, prod)->secret, std::optional(secret));
        // From now on it does not try the keychain again.
        QCOMPARE(writeSecret(store, {u"prod"_s, SecretKind::SshPassword}, secret)->where,
                 SecretStore::Stored::InMemory);
        QCOMPARE(availability.count(), 2);

        SecretStore fresh;
        const std::optional<ReadResult> read = readSecret(fresh, prod);
        QVERIFY(read);
        QVERIFY(!read->secret);
        QCOMPARE(secretToolLookup(prod), std::nullopt);
        verifyNotOnDisk(secret);
    }

    // --- A session bus with no keychain on it ---------------------------------------------

    void noSecretServiceMeansMemoryOnly()
    {
        REQUIRE_KEYRING_MODE("no-secret-service");
        SecretStore store;
        QSignalSpy availability(&store, &SecretStore::availabilityChanged);
        store.probe();
        QVERIFY(availability.wait(answerTimeoutMs));
        QCOMPARE(availability.first().at(0).toBool(), false);
        const QString why = availability.first().at(1).toString();
        QVERIFY2(why.contains(u"org.freedesktop.secrets"_s), qPrintable(why));
        QCOMPARE(store.unavailableReason(), why);
        verifyMemoryOnly(store);
    }

    // --- No session bus, or one that is gone ------------------------------------------------

    void noBusMeansMemoryOnly()
    {
        REQUIRE_KEYRING_MODE("no-bus");
        SecretStore store;
        QSignalSpy availability(&store, &SecretStore::availabilityChanged);
        store.probe();
        QVERIFY(availability.wait(answerTimeoutMs));
        QCOMPARE(availability.first().at(0).toBool(), false);
        const QString why = availability.first().at(1).toString();
        QVERIFY2(why.contains(u"no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set)"_s), qPrintable(why));
        verifyMemoryOnly(store);
    }

    void deadBusMeansMemoryOnly()
    {
        REQUIRE_KEYRING_MODE("dead-bus");
        SecretStore store;
        QSignalSpy availability(&store, &SecretStore::availabilityChanged);
        store.probe();
        QVERIFY(availability.wait(answerTimeoutMs));
        QCOMPARE(availability.first().at(0).toBool(), false);
        const QString why = availability.first().at(1).toString();
        QVERIFY2(why.contains(u"D-Bus session bus cannot be reached"_s), qPrintable(why));
        verifyMemoryOnly(store);
    }
};

QTEST_GUILESS_MAIN(TestSecretStore)
#include "tst_secretstore.moc"
