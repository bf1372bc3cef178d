#include "demosandbox.h"

#include "keyspaceeventflags.h"
#include "linkproxy.h"
#include "profileoptions.h"
#include "redisconnection.h"
#include "sandboxserver.h"

namespace {
constexpr int firstSyncTimeoutMs = 10000;
} // namespace

DemoSandbox::DemoSandbox(int servers, bool replicated, QObject *parent)
    : QObject(parent)
    , m_replicated(replicated && servers == 2)
{
    for (int i = 0; i < std::max(1, servers); ++i) {
        auto *server = new SandboxServer(this);
        // Replicas load the master's snapshot from the socket and masters send it without a
        // file or a delay, so no server ever needs its (removed) directory. The servers are
        // LockScope's own: a window on them has live events, with no consent to ask.
        server->setExtraArguments({QStringLiteral("--repl-diskless-sync"), QStringLiteral("yes"),
                                   QStringLiteral("--repl-diskless-sync-delay"), QStringLiteral("0"),
                                   QStringLiteral("--repl-diskless-load"), QStringLiteral("swapdb"),
                                   QStringLiteral("--notify-keyspace-events"), QString::fromLatin1(KeyspaceEventFlags::wanted)});
        connect(server, &SandboxServer::ready, this, [this, i] { serverReady(i); });
        connect(server, &SandboxServer::failed, this, [this, i](const QString &message) {
            if (!m_ready)
                fail(tr("server %1: %2").arg(i + 1).arg(message));
            else
                Q_EMIT serverChanged(i, false);
        });
        connect(server, &SandboxServer::finished, this, [this, i] {
            if (m_restartPending.value(i) && !m_shuttingDown) {
                m_restartPending[i] = false;
                m_servers.at(i)->start();
            }
            Q_EMIT serverChanged(i, false);
            if (m_shuttingDown && processIds().isEmpty())
                Q_EMIT stopped();
        });
        m_servers.append(server);
        m_admin.append(nullptr);
        m_restartPending.append(false);
    }
}

DemoSandbox::~DemoSandbox() = default;

void DemoSandbox::start()
{
    for (SandboxServer *server : std::as_const(m_servers))
        server->start();
}

void DemoSandbox::fail(const QString &message)
{
    if (m_failed)
        return;
    m_failed = true;
    Q_EMIT failed(message);
}

ConnectionProfile DemoSandbox::serverProfile(int index) const
{
    ConnectionProfile profile = ProfileOptions::fromOptions(m_servers.at(index)->connectionOptions());
    profile.connectTimeoutMs = 2000;
    return profile;
}

quint16 DemoSandbox::port(int index) const
{
    return m_servers.at(index)->port();
}

bool DemoSandbox::isUp(int index) const
{
    return index >= 0 && index < m_servers.size() && m_servers.at(index)->isReady();
}

QList<qint64> DemoSandbox::processIds() const
{
    QList<qint64> pids;
    for (const SandboxServer *server : m_servers)
        if (server->processId() > 0)
            pids << server->processId();
    return pids;
}

RedisConnection *DemoSandbox::admin(int index)
{
    if (!m_admin.at(index)) {
        m_admin[index] = new RedisConnection(ProfileOptions::toOptions(serverProfile(index), QStringLiteral("lockscope-demo-admin")), this);
        m_admin[index]->open();
    }
    return m_admin.at(index);
}

void DemoSandbox::serverReady(int index)
{
    if (m_ready) {
        Q_EMIT serverChanged(index, true);
        return;
    }
    if (++m_readyCount < m_servers.size())
        return;
    if (m_replicated) {
        linkReplica();
        return;
    }
    m_ready = true;
    Q_EMIT ready();
}

void DemoSandbox::linkReplica()
{
    m_proxy = new LinkProxy(this);
    if (!m_proxy->listen(port(0))) {
        fail(tr("could not listen for the replication link"));
        return;
    }
    admin(1)->send({"REPLICAOF", "127.0.0.1", QByteArray::number(m_proxy->port())}, this, [this](const RedisReply &reply) {
        if (reply.isError())
            fail(tr("REPLICAOF failed: %1").arg(reply.errorMessage()));
    });
    // The master counts a replica for WAIT once it has loaded the first sync and acknowledged
    // it, so WAIT answers at that moment (or with 0 at the timeout): no polling of INFO.
    admin(0)->send({"WAIT", "1", QByteArray::number(firstSyncTimeoutMs)}, this,
                   [this](const RedisReply &reply) {
                       replicaSynced(reply.isInteger() && reply.integer() >= 1, reply.isError() ? reply.errorMessage() : QString());
                   },
                   firstSyncTimeoutMs + 2000);
}

void DemoSandbox::replicaSynced(bool synced, const QString &error)
{
    if (m_ready || m_failed || m_shuttingDown)
        return;
    if (!synced) {
        fail(error.isEmpty() ? tr("the replica did not finish its first sync within %1 s").arg(firstSyncTimeoutMs / 1000)
                             : tr("waiting for the replica's first sync failed: %1").arg(error));
        return;
    }
    m_ready = true;
    Q_EMIT ready();
}

void DemoSandbox::stopServer(int index)
{
    if (index < 0 || index >= m_servers.size())
        return;
    m_restartPending[index] = false;
    m_servers.at(index)->stop();
}

void DemoSandbox::startServer(int index)
{
    if (index < 0 || index >= m_servers.size() || m_shuttingDown)
        return;
    SandboxServer *server = m_servers.at(index);
    if (server->processId() > 0) // still running, or on its way down: start when it is gone
    {
        m_restartPending[index] = !server->isReady();
        return;
    }
    server->setPort(server->port());
    server->start();
}

void DemoSandbox::crashServer(int index)
{
    if (index < 0 || index >= m_servers.size() || m_shuttingDown)
        return;
    SandboxServer *server = m_servers.at(index);
    server->setPort(server->port());
    if (server->processId() <= 0) {
        server->start();
        return;
    }
    m_restartPending[index] = true;
    server->kill();
}

void DemoSandbox::holdReplication()
{
    if (m_proxy)
        m_proxy->setHeld(true);
}

bool DemoSandbox::isReplicationHeld() const
{
    return m_proxy && m_proxy->isHeld();
}

void DemoSandbox::failOver()
{
    if (!m_replicated || !m_proxy)
        return;
    const int replica = 1 - m_master;
    admin(replica)->send({"REPLICAOF", "NO", "ONE"}, this, [this, replica](const RedisReply &reply) {
        if (reply.isError()) {
            Q_EMIT failed(tr("promoting the replica failed: %1").arg(reply.errorMessage()));
            return;
        }
        // What the old master sent while the link was held never arrives.
        m_proxy->cut();
        m_proxy->deleteLater();
        m_proxy = nullptr;
        const int old = m_master;
        m_master = replica;
        admin(old)->send({"REPLICAOF", "127.0.0.1", QByteArray::number(port(replica))}, this, [](const RedisReply &) {});
        Q_EMIT failedOver(replica);
    });
}

void DemoSandbox::shutdown()
{
    m_shuttingDown = true;
    if (m_proxy)
        m_proxy->cut();
    for (RedisConnection *c : std::as_const(m_admin))
        if (c)
            c->close();
    if (processIds().isEmpty()) {
        QMetaObject::invokeMethod(this, &DemoSandbox::stopped, Qt::QueuedConnection);
        return;
    }
    for (int i = 0; i < m_servers.size(); ++i) {
        m_restartPending[i] = false;
        m_servers.at(i)->stop();
    }
}
