#include "keychainprobe.h"

#include <qt6keychain/keychain.h>

#include <QDBusConnection>
#include <QDBusError>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QStringList>
#include <QTimer>

#include <chrono>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace {
// The whole check, D-Bus activation of a keyring daemon included, normally takes well under a
// second; past this the keychain counts as absent rather than leaving the app undecided.
constexpr auto probeDeadline = 10s;
constexpr int busCallTimeoutMs = 5000;

// Names QtKeychain talks to on Linux: the Secret Service (gnome-keyring, KeePassXC, recent
// KWallet) and KWallet's own interface, which it prefers in a KDE session.
const QStringList keychainServiceNames{u"org.freedesktop.secrets"_s, u"org.kde.kwalletd5"_s,
                                       u"org.kde.kwalletd6"_s};

bool providesKeychain(const QStringList &names)
{
    for (const QString &name : keychainServiceNames) {
        if (names.contains(name))
            return true;
    }
    return false;
}

QDBusMessage busDaemonCall(const QString &method)
{
    return QDBusMessage::createMethodCall(u"org.freedesktop.DBus"_s, u"/org/freedesktop/DBus"_s,
                                          u"org.freedesktop.DBus"_s, method);
}
} // namespace

KeychainProbe::KeychainProbe(const QString &service, QObject *parent)
    : QObject(parent)
    , m_service(service)
    , m_deadline(new QTimer(this))
{
    m_deadline->setSingleShot(true);
    m_deadline->setInterval(probeDeadline);
    connect(m_deadline, &QTimer::timeout, this, [this] {
        finish(false, tr("the keychain did not answer within %1 s")
                          .arg(std::chrono::duration_cast<std::chrono::seconds>(probeDeadline).count()));
    });
}

KeychainProbe::~KeychainProbe() = default;

QString KeychainProbe::probeKey()
{
    return u"lockscope-availability-probe"_s;
}

void KeychainProbe::start()
{
    if (m_running)
        return;
    m_running = true;
    ++m_generation;
    m_deadline->start();
    // Queued, so finished() never comes from inside start(), whatever the outcome.
    QMetaObject::invokeMethod(this, &KeychainProbe::checkNames, Qt::QueuedConnection);
}

void KeychainProbe::checkNames()
{
    // The first use connects to the bus's local socket and waits for it (QtDBus connects on
    // its own thread). That is a local handshake that succeeds or fails within milliseconds,
    // not a network wait; every call after it is asynchronous.
    const QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected()) {
        if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS")) {
            finish(false, tr("there is no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), "
                             "as on a server without a desktop session"));
        } else {
            finish(false, tr("the D-Bus session bus cannot be reached: %1").arg(bus.lastError().message()));
        }
        return;
    }
    auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(busDaemonCall(u"ListNames"_s), busCallTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, generation = m_generation](QDBusPendingCallWatcher *call) {
                call->deleteLater();
                if (generation != m_generation)
                    return;
                const QDBusPendingReply<QStringList> reply = *call;
                if (reply.isError())
                    finish(false, tr("the D-Bus session bus did not answer: %1").arg(reply.error().message()));
                else if (providesKeychain(reply.value()))
                    askKeychain();
                else
                    checkActivatable();
            });
}

void KeychainProbe::checkActivatable()
{
    // Nothing runs yet, but the bus may start a keyring daemon on the first request (the
    // usual case for gnome-keyring outside a GNOME login).
    const QDBusConnection bus = QDBusConnection::sessionBus();
    auto *watcher = new QDBusPendingCallWatcher(
        bus.asyncCall(busDaemonCall(u"ListActivatableNames"_s), busCallTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, generation = m_generation](QDBusPendingCallWatcher *call) {
                call->deleteLater();
                if (generation != m_generation)
                    return;
                const QDBusPendingReply<QStringList> reply = *call;
                if (reply.isError())
                    finish(false, tr("the D-Bus session bus did not answer: %1").arg(reply.error().message()));
                else if (providesKeychain(reply.value()))
                    askKeychain();
                else
                    finish(false, tr("no keychain service runs on the D-Bus session bus "
                                     "(nothing provides org.freedesktop.secrets: install and unlock "
                                     "gnome-keyring, or enable KeePassXC's or KWallet's Secret Service)"));
            });
}

void KeychainProbe::askKeychain()
{
    // The job owns itself (auto-delete once finished). It must not be parented to the probe:
    // QtKeychain's libsecret backend keeps a raw pointer to the job until libsecret answers,
    // so deleting a job in flight would leave it a dangling pointer.
    auto *job = new QKeychain::ReadPasswordJob(m_service);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(probeKey());
    connect(job, &QKeychain::Job::finished, this, [this, generation = m_generation](QKeychain::Job *done) {
        if (generation != m_generation)
            return;
        switch (done->error()) {
        case QKeychain::NoError:
        case QKeychain::EntryNotFound:
            finish(true, {});
            break;
        default:
            finish(false, errorText(done));
            break;
        }
    });
    job->start();
}

void KeychainProbe::finish(bool available, const QString &why)
{
    if (!m_running)
        return;
    m_running = false;
    m_deadline->stop();
    // Anything still under way for this start is now stale.
    ++m_generation;
    Q_EMIT finished(available, why);
}

QString KeychainProbe::errorText(const QKeychain::Job *job)
{
    QString words;
    switch (job->error()) {
    case QKeychain::NoError:
        return {};
    case QKeychain::EntryNotFound:
        words = tr("the keychain has no such entry");
        break;
    case QKeychain::CouldNotDeleteEntry:
        words = tr("the keychain could not delete the entry");
        break;
    case QKeychain::AccessDeniedByUser:
        words = tr("access to the keychain was declined");
        break;
    case QKeychain::AccessDenied:
        words = tr("access to the keychain was denied (is it locked?)");
        break;
    case QKeychain::NoBackendAvailable:
        words = tr("no keychain service is available");
        break;
    case QKeychain::NotImplemented:
        words = tr("the keychain is not supported on this system");
        break;
    case QKeychain::OtherError:
        words = tr("the keychain failed");
        break;
    }
    const QString detail = job->errorString();
    return detail.isEmpty() ? words : words + u": "_s + detail;
}
