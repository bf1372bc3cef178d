#include "failedacquiresampler.h"

#include "monotonicclock.h"
#include "redisconnection.h"
#include "redistopology.h"

#include <QDateTime>

FailedAcquireSampler::FailedAcquireSampler(RedisTopology *topology, QObject *parent)
    : QObject(parent)
    , m_topology(topology)
{
    m_limit.setSingleShot(true);
    connect(&m_limit, &QTimer::timeout, this, [this] { stop(tr("time limit reached")); });
    m_flush.setInterval(1000);
    connect(&m_flush, &QTimer::timeout, this, &FailedAcquireSampler::flush);
}

FailedAcquireSampler::~FailedAcquireSampler()
{
    // Closing the connections ends MONITOR on the servers.
    qDeleteAll(m_connections);
}

int FailedAcquireSampler::secondsLeft() const
{
    return m_limit.isActive() ? (m_limit.remainingTime() + 999) / 1000 : 0;
}

void FailedAcquireSampler::start(int seconds, const QHash<QByteArray, qint64> &held)
{
    if (m_state != State::Idle)
        return;
    m_counter = AcquireAttemptCounter();
    m_counter.setPatterns(m_patterns);
    m_counter.setDatabase(m_topology->options().database);
    for (auto it = held.cbegin(); it != held.cend(); ++it)
        m_counter.seed(it.key(), it.value());
    m_lagMs = 0;
    m_linesThisSecond = 0;
    m_stopReason.clear();
    m_state = State::Starting;
    Q_EMIT stateChanged(m_state);

    for (RedisConnection *master : m_topology->masters()) {
        // The master's own options: the same server, by the same route (tunnel, socket).
        ConnectionOptions options = master->options();
        options.autoReconnect = false; // never MONITOR again without being asked
        options.clientName = QStringLiteral("lockscope-sampler");
        auto *connection = new RedisConnection(options, this);
        m_connections << connection;
        connect(connection, &RedisConnection::monitorLine, this, &FailedAcquireSampler::onLine);
        connect(connection, &RedisConnection::errorOccurred, this,
                [this](RedisConnection::ErrorKind, const QString &message) { stop(tr("connection lost: %1").arg(message)); });
        connection->open();
        connection->monitor(this, [this, seconds](const RedisReply &reply) {
            if (reply.isError()) {
                stop(tr("MONITOR refused: %1").arg(reply.errorMessage()));
                return;
            }
            if (m_state != State::Starting)
                return; // another master confirmed first
            m_state = State::Sampling;
            m_running.start();
            m_limit.start(std::clamp(seconds, 1, maxSeconds) * 1000);
            m_flush.start();
            Q_EMIT stateChanged(m_state);
        });
    }
    if (m_connections.isEmpty())
        stop(tr("not connected"));
}

void FailedAcquireSampler::stop(const QString &why)
{
    if (m_state == State::Idle)
        return;
    m_state = State::Idle;
    m_limit.stop();
    m_flush.stop();
    const QHash<QByteArray, qint64> failed = m_counter.takeFailed();
    if (!failed.isEmpty())
        Q_EMIT failedAttempts(failed, MonotonicClock::nowMs());
    for (RedisConnection *connection : std::as_const(m_connections)) {
        connection->disconnect(this);
        connection->close(); // ends MONITOR on the server
        connection->deleteLater();
    }
    m_connections.clear();
    m_stopReason = why.isEmpty() ? tr("stopped") : why;
    Q_EMIT stateChanged(m_state);
    Q_EMIT stopped(m_stopReason);
}

void FailedAcquireSampler::onLine(const QByteArray &line)
{
    if (m_state != State::Sampling)
        return;
    const std::optional<MonitorLine> parsed = MonitorLine::parse(line);
    if (!parsed)
        return;
    m_counter.feed(*parsed);
    ++m_linesThisSecond;
    // Lag: how long after the server ran it we see a command. Checked once per 256 lines; the
    // clocks of two machines differ a little, so only a large lag counts.
    if ((m_counter.commandsSeen() & 0xff) == 0) {
        m_lagMs = QDateTime::currentMSecsSinceEpoch() - parsed->timeUs / 1000;
        if (m_lagMs > maxLagMs)
            stop(tr("fell behind the server by %1 s; stopped to spare the server and LockScope").arg(m_lagMs / 1000.0, 0, 'f', 1));
    }
}

void FailedAcquireSampler::flush()
{
    if (m_linesThisSecond > maxLinesPerSecond && m_state == State::Sampling) {
        m_linesThisSecond = 0;
        stop(tr("the server runs more than %L1 commands a second: too busy to MONITOR").arg(maxLinesPerSecond));
        return;
    }
    m_linesThisSecond = 0;
    const QHash<QByteArray, qint64> failed = m_counter.takeFailed();
    if (!failed.isEmpty())
        Q_EMIT failedAttempts(failed, MonotonicClock::nowMs());
    Q_EMIT progress();
}
