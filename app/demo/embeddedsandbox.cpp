#include "embeddedsandbox.h"

#include "demorun.h"
#include "keyspaceeventflags.h"
#include "profileoptions.h"
#include "redisconnection.h"
#include "sampleseeder.h"
#include "sandboxserver.h"

#include <QDateTime>
#include <QTimer>

EmbeddedSandbox::EmbeddedSandbox(QObject *parent)
    : ServerLauncher(parent)
    , m_server(new SandboxServer(this))
{
    // The server is LockScope's own: events are live from the start, with no consent to ask.
    m_server->setExtraArguments({QStringLiteral("--notify-keyspace-events"), QString::fromLatin1(KeyspaceEventFlags::wanted)});
    connect(m_server, &SandboxServer::failed, this, &EmbeddedSandbox::failed);
    connect(m_server, &SandboxServer::ready, this, &EmbeddedSandbox::seed);
}

EmbeddedSandbox::~EmbeddedSandbox() = default;

void EmbeddedSandbox::start()
{
    m_server->start();
}

void EmbeddedSandbox::seed()
{
    if (m_seeder) // seeded once; the server is ours and does not restart
        return;
    ConnectionOptions options = m_server->connectionOptions();
    options.clientName = QStringLiteral("lockscope-sandbox");
    m_seedConnection = new RedisConnection(options, this);
    m_seeder = new SampleSeeder(m_seedConnection, this);
    connect(m_seeder, &SampleSeeder::failed, this, &EmbeddedSandbox::failed);
    connect(m_seeder, &SampleSeeder::seeded, this, &EmbeddedSandbox::seeded);
    m_seedConnection->open();
    m_seeder->seed();
}

void EmbeddedSandbox::seeded()
{
    m_seeder->setWatchdog(true);
    if (!startBackgroundDemo())
        announce();
}

bool EmbeddedSandbox::startBackgroundDemo()
{
    const DemoScenario *safe = DemoScenario::find(QStringLiteral("safe"));
    if (!m_backgroundDemo || m_demo || !safe)
        return false;
    // Three workers taking turns at a relaxed pace: a lock that is renewed and handed over.
    DemoParameters gentle = safe->variant(DemoVariant::Fixed)->defaults;
    gentle.workers = 3;
    gentle.ttlMs = 6000;
    gentle.workMs = 2500;
    gentle.thinkMs = 2000;
    gentle.durationMs = 0;
    gentle.automaticFaults = false;
    gentle.seed = quint32(QDateTime::currentMSecsSinceEpoch());
    m_demo = new DemoRun(*safe, DemoVariant::Fixed, gentle, this);
    m_demo->useServer(serverProfile());
    // Ready once the demo's lock is there, so the first scan already shows it; a demo that
    // cannot start must not hold the sandbox back.
    connect(m_demo, &DemoRun::acquired, this, &EmbeddedSandbox::announce);
    connect(m_demo, &DemoRun::failed, this, &EmbeddedSandbox::announce);
    QTimer::singleShot(2000, this, &EmbeddedSandbox::announce);
    m_demo->start();
    return true;
}

void EmbeddedSandbox::announce()
{
    if (std::exchange(m_announced, true))
        return;
    Q_EMIT ready(serverProfile());
}

ConnectionProfile EmbeddedSandbox::serverProfile() const
{
    return ProfileOptions::fromOptions(m_server->connectionOptions());
}
