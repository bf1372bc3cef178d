#pragma once

#include "secretaddress.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

class KeychainProbe;

// The passwords and passphrases of saved connections. They go to the OS keychain through
// QtKeychain; where there is none (a server without a desktop session, a keyring that cannot
// be unlocked) they stay in this object's memory until the process ends, and the store says
// so (statusText(), availabilityChanged()) so the app can ask for them at connect time. A
// secret never goes to QSettings, a file or a log: QtKeychain's plain-text fallback stays off,
// and without a keychain no QtKeychain job is even started.
//
// Everything is asynchronous, as the keychain is (a D-Bus service that may first ask the user
// to unlock it). Each call takes a context object: the callback comes from the event loop,
// and not at all once the context is gone (the operation itself still completes). Calls made
// before the keychain was probed wait for the probe, which they start.
class SecretStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SecretStore)

public:
    enum class Availability {
        Unknown, // not probed yet, or the first probe still runs
        Keychain,
        MemoryOnly,
    };

    enum class Stored {
        InKeychain,
        InMemory, // for this process only; why says why not in the keychain
        Nowhere, // refused; why says what was wrong with it
    };

    // No secret and no error: nothing is stored at the address.
    using ReadCallback = std::function<void(std::optional<QString> secret, const QString &error)>;
    using WriteCallback = std::function<void(Stored where, const QString &why)>;
    // An empty error: gone (or there was nothing to remove).
    using RemoveCallback = std::function<void(const QString &error)>;

    explicit SecretStore(QObject *parent = nullptr);
    ~SecretStore() override;

    // The keychain's service name for LockScope's entries (the "server" attribute of the
    // Secret Service item; keys are SecretAddress::keychainKey()).
    static QString serviceName();

    // Checks (again) whether the keychain can be used; availabilityChanged() follows.
    void probe();
    Availability availability() const { return m_availability; }
    bool isAvailable() const { return m_availability == Availability::Keychain; }
    // Why secrets are kept in memory only; empty while the keychain is used.
    QString unavailableReason() const { return m_reason; }
    // Whether this process holds the secret in memory (no keychain, or one that refused it):
    // a secret saved by an earlier run without a keychain is gone, and will be asked for.
    bool holdsInMemory(const SecretAddress &address) const { return m_memory.contains(address.keychainKey()); }
    // Where passwords go, in a sentence for the UI.
    QString statusText() const;

    void read(const SecretAddress &address, QObject *context, ReadCallback done);
    void write(const SecretAddress &address, const QString &secret, QObject *context, WriteCallback done);
    void remove(const SecretAddress &address, QObject *context, RemoveCallback done);
    // Every secret of a connection, when the connection is deleted: each kind, for the
    // connection and for nodes 0 … nodeCount - 1. The keychain cannot be listed through
    // QtKeychain, so the caller says how many nodes the connection had.
    void removeAll(const QString &connectionId, int nodeCount, QObject *context, RemoveCallback done);

Q_SIGNALS:
    // After each probe, and when a keychain write fails and secrets move to memory.
    void availabilityChanged(bool available, const QString &why);

private:
    void onProbeFinished(bool available, const QString &why);
    // Runs operation now, or once the first probe has decided where secrets go.
    void whenDecided(std::function<void()> operation);
    void useMemoryFromNowOn(const QString &why);
    void removeFromKeychain(const QString &key, std::function<void(const QString &error)> done);

    KeychainProbe *m_probe;
    Availability m_availability = Availability::Unknown;
    QString m_reason;
    // Keychain key -> secret, when the keychain is absent or refused a write.
    QHash<QString, QString> m_memory;
    std::vector<std::function<void()>> m_waiting;
};
