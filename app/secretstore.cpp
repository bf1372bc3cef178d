#include "secretstore.h"

#include "keychainprobe.h"

#include <qt6keychain/keychain.h>

#include <QPointer>

#include <memory>

using namespace Qt::StringLiterals;

namespace {
// Calls back on the event loop, and only while the context lives, like the keychain's own
// answers do: a caller sees the same order of events whether a secret was in memory or not.
template<typename Callback>
void later(QObject *context, Callback callback)
{
    QMetaObject::invokeMethod(context, std::move(callback), Qt::QueuedConnection);
}

// What a secret must be to come back exactly as given: QtKeychain stores text as UTF-8 and
// libsecret as a C string.
QString problemWith(const QString &secret, SecretKind kind)
{
    if (secret.isEmpty())
        return SecretStore::tr("An empty %1 is not stored; remove it instead").arg(SecretAddress::kindText(kind));
    if (secret.contains(QChar(u'\0')))
        return SecretStore::tr("A %1 with a NUL character cannot be stored").arg(SecretAddress::kindText(kind));
    if (QString::fromUtf8(secret.toUtf8()) != secret)
        return SecretStore::tr("The %1 is not valid Unicode text").arg(SecretAddress::kindText(kind));
    return {};
}

// Jobs own themselves (auto-delete once finished) and get no parent on purpose: QtKeychain's
// libsecret backend keeps a raw pointer to a job until libsecret answers, so a job deleted in
// flight, with its parent, would leave it dangling. Results reach us through connections
// whose context is the store, so a job that ends after the store has no one to call.
template<typename Job>
Job *newJob(const QString &key)
{
    auto *job = new Job(SecretStore::serviceName());
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(key);
    return job;
}
} // namespace

SecretStore::SecretStore(QObject *parent)
    : QObject(parent)
    , m_probe(new KeychainProbe(serviceName(), this))
{
    connect(m_probe, &KeychainProbe::finished, this, &SecretStore::onProbeFinished);
}

SecretStore::~SecretStore() = default;

QString SecretStore::serviceName()
{
    return u"LockScope"_s;
}

void SecretStore::probe()
{
    m_probe->start();
}

QString SecretStore::statusText() const
{
    switch (m_availability) {
    case Availability::Unknown:
        return tr("Looking for the system keychain…");
    case Availability::Keychain:
        return tr("Passwords are saved in the system keychain.");
    case Availability::MemoryOnly:
        return tr("No keychain: %1. Passwords are kept in memory only, until LockScope quits.").arg(m_reason);
    }
    return {};
}

void SecretStore::onProbeFinished(bool available, const QString &why)
{
    m_availability = available ? Availability::Keychain : Availability::MemoryOnly;
    m_reason = available ? QString() : why;
    Q_EMIT availabilityChanged(available, m_reason);
    std::vector<std::function<void()>> waiting;
    waiting.swap(m_waiting);
    for (const std::function<void()> &operation : waiting)
        operation();
}

void SecretStore::whenDecided(std::function<void()> operation)
{
    if (m_availability != Availability::Unknown) {
        operation();
        return;
    }
    m_waiting.push_back(std::move(operation));
    probe();
}

void SecretStore::useMemoryFromNowOn(const QString &why)
{
    if (m_availability == Availability::MemoryOnly)
        return;
    m_availability = Availability::MemoryOnly;
    m_reason = why;
    Q_EMIT availabilityChanged(false, why);
}

void SecretStore::read(const SecretAddress &address, QObject *context, ReadCallback done)
{
    QPointer<QObject> owner = context ? context : this;
    const QString key = address.keychainKey();
    whenDecided([this, key, owner, done = std::move(done)] {
        if (!owner)
            return;
        if (const auto it = m_memory.constFind(key); it != m_memory.cend() || !isAvailable()) {
            const std::optional<QString> secret = it != m_memory.cend() ? std::optional(*it) : std::nullopt;
            later(owner, [secret, done] { done(secret, {}); });
            return;
        }
        auto *job = newJob<QKeychain::ReadPasswordJob>(key);
        connect(job, &QKeychain::Job::finished, this, [this, key, owner, done](QKeychain::Job *finished) {
            if (!owner)
                return;
            // A write that failed while this read was queued behind it left the secret here.
            if (const auto it = m_memory.constFind(key); it != m_memory.cend()) {
                done(*it, {});
                return;
            }
            switch (finished->error()) {
            case QKeychain::NoError:
                done(static_cast<QKeychain::ReadPasswordJob *>(finished)->textData(), {});
                break;
            case QKeychain::EntryNotFound:
                done(std::nullopt, {});
                break;
            default:
                done(std::nullopt, KeychainProbe::errorText(finished));
                break;
            }
        });
        job->start();
    });
}

void SecretStore::write(const SecretAddress &address, const QString &secret, QObject *context, WriteCallback done)
{
    QPointer<QObject> owner = context ? context : this;
    if (const QString problem = problemWith(secret, address.kind); !problem.isEmpty()) {
        later(owner, [problem, done = std::move(done)] { done(Stored::Nowhere, problem); });
        return;
    }
    const QString key = address.keychainKey();
    const SecretKind kind = address.kind;
    whenDecided([this, key, kind, secret, owner, done = std::move(done)] {
        if (!isAvailable()) {
            m_memory.insert(key, secret);
            if (owner)
                later(owner, [why = m_reason, done] { done(Stored::InMemory, why); });
            return;
        }
        auto *job = newJob<QKeychain::WritePasswordJob>(key);
        job->setTextData(secret);
        connect(job, &QKeychain::Job::finished, this, [this, key, kind, secret, owner, done](QKeychain::Job *finished) {
            if (finished->error() == QKeychain::NoError) {
                m_memory.remove(key);
                if (owner)
                    done(Stored::InKeychain, {});
                return;
            }
            // Locked with no one to unlock it, unlock declined, the service gone: keep the
            // secret for this session and stop sending secrets to a keychain that refuses them.
            m_memory.insert(key, secret);
            useMemoryFromNowOn(tr("the %1 could not be saved: %2").arg(SecretAddress::kindText(kind), KeychainProbe::errorText(finished)));
            if (owner)
                done(Stored::InMemory, m_reason);
        });
        job->start();
    });
}

void SecretStore::remove(const SecretAddress &address, QObject *context, RemoveCallback done)
{
    QPointer<QObject> owner = context ? context : this;
    const QString key = address.keychainKey();
    whenDecided([this, key, owner, done = std::move(done)] {
        m_memory.remove(key);
        if (!isAvailable()) {
            if (owner)
                later(owner, [done] { done({}); });
            return;
        }
        removeFromKeychain(key, [owner, done](const QString &error) {
            if (owner)
                done(error);
        });
    });
}

void SecretStore::removeAll(const QString &connectionId, int nodeCount, QObject *context, RemoveCallback done)
{
    QPointer<QObject> owner = context ? context : this;
    QStringList keys;
    for (int node = -1; node < nodeCount; ++node) {
        for (const SecretKind kind : SecretAddress::allKinds())
            keys << SecretAddress{connectionId, kind, node}.keychainKey();
    }
    const QString prefix = SecretAddress::keychainPrefix(connectionId);
    whenDecided([this, keys, prefix, owner, done = std::move(done)] {
        // In memory every node goes, however many the caller counted.
        m_memory.removeIf([&prefix](const auto &entry) { return entry.key().startsWith(prefix); });
        if (!isAvailable()) {
            if (owner)
                later(owner, [done] { done({}); });
            return;
        }
        struct Progress
        {
            qsizetype left;
            QStringList errors;
        };
        auto progress = std::make_shared<Progress>(Progress{keys.size(), {}});
        for (const QString &key : keys) {
            removeFromKeychain(key, [progress, owner, done](const QString &error) {
                if (!error.isEmpty() && !progress->errors.contains(error))
                    progress->errors << error;
                if (--progress->left == 0 && owner)
                    done(progress->errors.join(u"; "_s));
            });
        }
    });
}

void SecretStore::removeFromKeychain(const QString &key, std::function<void(const QString &error)> done)
{
    auto *job = newJob<QKeychain::DeletePasswordJob>(key);
    connect(job, &QKeychain::Job::finished, this, [done = std::move(done)](QKeychain::Job *finished) {
        const bool gone = finished->error() == QKeychain::NoError || finished->error() == QKeychain::EntryNotFound;
        done(gone ? QString() : KeychainProbe::errorText(finished));
    });
    job->start();
}
