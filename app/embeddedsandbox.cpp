#include "embeddedsandbox.h"

#include "redisconnection.h"
#include "sampleseeder.h"
#include "sandboxserver.h"

EmbeddedSandbox::EmbeddedSandbox(QObject *parent)
    : QObject(parent)
    , m_server(new SandboxServer(this))
{
    connect(m_server, &SandboxServer::failed, this, &EmbeddedSandbox::failed);
    connect(m_server, &SandboxServer::ready, this, [this] {
        ConnectionOptions options = m_server->connectionOptions();
        options.clientName = QStringLiteral("lockscope-sandbox");
        m_seedConnection = new RedisConnection(options, this);
        m_seeder = new SampleSeeder(m_seedConnection, this);
        connect(m_seeder, &SampleSeeder::failed, this, &EmbeddedSandbox::failed);
        connect(m_seeder, &SampleSeeder::seeded, this, [this] {
            m_seeder->setWatchdog(true);
            Q_EMIT ready(connectionOptions());
        });
        m_seedConnection->open();
        m_seeder->seed();
    });
}

EmbeddedSandbox::~EmbeddedSandbox() = default;

void EmbeddedSandbox::start()
{
    m_server->start();
}

ConnectionOptions EmbeddedSandbox::connectionOptions() const
{
    return m_server->connectionOptions();
}
