#pragma once

#include "connectionprofile.h"
#include "serverlauncher.h"

class DemoRun;
class RedisConnection;
class SampleSeeder;
class SandboxServer;

// LockScope's embedded default: its own redis-server with sample locks in it, started
// when no server is configured. Everything it starts ends with it.
class EmbeddedSandbox final : public ServerLauncher
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmbeddedSandbox)

public:
    explicit EmbeddedSandbox(QObject *parent = nullptr);
    ~EmbeddedSandbox() override;

    // Also runs the `safe` training scenario gently on the server, so something changes
    // hands in the lock table while the sample locks sit still. Set before start().
    void setBackgroundDemo(bool on) { m_backgroundDemo = on; }
    DemoRun *backgroundDemo() const { return m_demo; }

    void start() override;
    // Where the server listens, once started.
    ConnectionProfile serverProfile() const;

private:
    void seed();
    void seeded();
    void announce();
    // Starts it if asked for; then ready() waits for the demo's first lock.
    bool startBackgroundDemo();

    SandboxServer *m_server;
    RedisConnection *m_seedConnection = nullptr;
    SampleSeeder *m_seeder = nullptr;
    DemoRun *m_demo = nullptr;
    bool m_backgroundDemo = false;
    bool m_announced = false;
};
