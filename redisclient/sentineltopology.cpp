#include "sentineltopology.h"

#include <utility>

namespace {
// How soon the sentinels are asked again: after a lost master, or a node that was not (yet)
// the master.
constexpr int askAgainMs = 500;
constexpr int unknownMasterRetryMs = 5000;
constexpr int roleCheckMs = 2000;
} // namespace

SentinelTopology::SentinelTopology(const ConnectionOptions &data, const ConnectionOptions &sentinel,
                                   const QList<QPair<QString, quint16>> &more, const QString &masterName, QObject *parent)
    : RedisTopology(data, parent)
    , m_data(data)
    , m_sentinelOptions(sentinel)
    , m_name(masterName)
{
    // One sentinel given twice is one sentinel.
    for (const QPair<QString, quint16> &address : QList<QPair<QString, quint16>>{qMakePair(sentinel.host, sentinel.port)} + more)
        if (!m_sentinels.contains(address))
            m_sentinels << address;
    m_sentinelOptions.database = 0;
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, [this] {
        if (std::exchange(m_askNext, false))
            nextSentinel(); // asked once it is ready
        else
            askForMaster();
    });
    m_roleCheck.setInterval(roleCheckMs);
    connect(&m_roleCheck, &QTimer::timeout, this, [this] {
        if (m_master && m_master->isReady() && m_verified && !m_roleAsked)
            verifyRole();
    });
}

SentinelTopology::~SentinelTopology() = default;

QString SentinelTopology::sentinelName() const
{
    return m_sentinel ? nodeName(m_sentinel) : QString();
}

void SentinelTopology::open()
{
    if (m_open)
        return;
    m_open = true;
    ConnectionOptions asking = m_sentinelOptions;
    asking.host = m_sentinels.at(m_current).first;
    asking.port = m_sentinels.at(m_current).second;
    asking.clientName = QStringLiteral("lockscope-sentinel");
    asking.autoReconnect = false; // a sentinel that goes is replaced by the next one
    if (!m_sentinel) {
        m_sentinel = makeConnection(asking);
        connect(m_sentinel, &RedisConnection::ready, this, &SentinelTopology::askForMaster);
        connect(m_sentinel, &RedisConnection::errorOccurred, this, [this](RedisConnection::ErrorKind kind, const QString &message) {
            setLastError(tr("Sentinel %1: %2").arg(nodeName(m_sentinel), message));
            if (kind == RedisConnection::ErrorKind::Authentication) {
                // The sentinels' password is wrong: the next sentinel will not take it either.
                // It is theirs, not the data node's (-a): said so, since the two are easily mixed up.
                const QString where = tr("the sentinels' own password is given with --sentinel-pass (or LOCKSCOPE_SENTINEL_AUTH), "
                                         "or in the connection dialog's sentinel fields; -a is the data node's");
                setLastError(m_sentinelOptions.password.isEmpty()
                                 ? tr("Sentinel %1 requires a password: %2").arg(nodeName(m_sentinel), where)
                                 : tr("Sentinel %1 did not accept the sentinels' user and password: %2").arg(nodeName(m_sentinel), where));
                if (askAnother())
                    return; // one sentinel whose password was changed first is not all of them
                Q_EMIT errorOccurred(lastError());
                setState(State::Failed);
                return;
            }
            sentinelFailed();
        });
        asking.clientName = QStringLiteral("lockscope-sentinel-events");
        asking.autoReconnect = true;
        m_events = makeConnection(asking);
        connect(m_events, &RedisConnection::messageReceived, this,
                [this](const QByteArray &channel, const QByteArray &payload, const QByteArray &) {
                    if (channel == "+switch-master")
                        onSwitch(payload);
                });
        // Subscribed again after a loss: a switch may have happened meanwhile. Asked once the
        // sentinel confirms it, so a switch cannot fall between the answer and the subscription.
        connect(m_events, &RedisConnection::subscribed, this, &SentinelTopology::askForMaster);
        m_events->subscribe({"+switch-master"});
    }
    m_sentinel->open();
    m_events->open();
    m_roleCheck.start();
}

void SentinelTopology::close()
{
    m_open = false;
    m_retry.stop();
    m_roleCheck.stop();
    for (RedisConnection *c : {m_sentinel, m_events, m_master})
        if (c)
            c->close();
    for (RedisConnection *c : std::as_const(m_replicas))
        c->close();
}

// The sentinel asked failed (lastError() says how): the next one is asked. Before a master was
// ever confirmed, the failure is said once every sentinel has failed or said no (one that
// said no answered, which must not keep the others' failures from being said), naming the
// last; a single dead sentinel of several is no error.
void SentinelTopology::sentinelFailed()
{
    m_unansweredBy.insert(m_current);
    if (!m_everVerified && (m_unansweredBy | m_refusedBy).size() >= m_sentinels.size()) {
        if (m_sentinels.size() > 1)
            setLastError(m_refusedBy.isEmpty()
                             ? tr("none of the %1 sentinels answered; the last: %2").arg(m_sentinels.size()).arg(lastError())
                             : tr("none of the %1 sentinels said where \"%2\" is; the last: %3").arg(m_sentinels.size()).arg(m_name, lastError()));
        m_unansweredBy.clear();
        m_refusedBy.clear();
        Q_EMIT errorOccurred(lastError());
    }
    nextSentinel();
}

// A sentinel answered but could not give the master (it monitors no such name, it refuses the
// password): before a master was ever confirmed, the others are asked before that is an
// error; true when one is. Every sentinel saying no in a row is the error, with the last
// one's words.
bool SentinelTopology::askAnother()
{
    m_refusedBy.insert(m_current);
    // A node named but never the master (a stale view) is not known yet either: its own
    // error comes when it stays so, and one sentinel's no must not hide it.
    if (m_everVerified || m_sentinels.size() <= 1 || (m_unansweredBy | m_refusedBy).size() >= m_sentinels.size()) {
        m_unansweredBy.clear();
        m_refusedBy.clear();
        return false;
    }
    nextSentinel();
    return true;
}

void SentinelTopology::nextSentinel()
{
    if (!m_open)
        return;
    m_current = (m_current + 1) % int(m_sentinels.size());
    for (RedisConnection *c : {m_sentinel, m_events}) {
        ConnectionOptions o = c->options();
        o.host = m_sentinels.at(m_current).first;
        o.port = m_sentinels.at(m_current).second;
        retarget(c, o);
        c->open();
    }
}

void SentinelTopology::askForMaster()
{
    if (!m_open || !m_sentinel || !m_sentinel->isReady())
        return;
    // Asked twice of one sentinel (once ready, once subscribed): an answer from one asked
    // before the next was is not news.
    const int asked = m_current;
    m_sentinel->send({"SENTINEL", "GET-MASTER-ADDR-BY-NAME", m_name.toUtf8()}, this, [this, asked](const RedisReply &reply) {
        if (asked != m_current)
            return;
        if (reply.isArray() && reply.size() == 2) {
            bool ok = false;
            const uint port = reply.at(1).bytes().toUInt(&ok);
            if (ok && port > 0 && port <= 65535) {
                m_refusedBy.clear();
                m_unansweredBy.clear();
                onMasterAddress(QString::fromUtf8(reply.at(0).bytes()), quint16(port));
                learnSentinels();
                return;
            }
        }
        if (reply.isNil()) {
            setLastError(tr("Sentinel %1 monitors no master named \"%2\"").arg(nodeName(m_sentinel), m_name));
            if (askAnother())
                return; // a sentinel of another deployment, or one not told of it yet
            Q_EMIT errorOccurred(lastError());
            if (!m_master)
                setState(State::Failed);
            m_retry.start(unknownMasterRetryMs);
            return;
        }
        // A plain Redis server given as a sentinel knows no SENTINEL command: said as what it is.
        if (reply.isError() && reply.origin() == RedisReply::Origin::Server && reply.errorMessage().contains(QLatin1String("unknown command")))
            setLastError(tr("%1 is not a Sentinel (it answered: %2): --sentinel names the sentinels; a Redis server is given "
                            "with -h and -p")
                             .arg(nodeName(m_sentinel), reply.errorMessage()));
        else
            setLastError(tr("Sentinel %1 did not say where \"%2\" is: %3")
                             .arg(nodeName(m_sentinel), m_name, reply.isError() ? reply.errorMessage() : reply.toDebugString()));
        sentinelFailed();
    });
}

void SentinelTopology::onMasterAddress(const QString &host, quint16 port)
{
    ConnectionOptions target = m_data;
    target.host = host;
    target.port = port;
    if (!m_master) {
        m_master = makeConnection(target);
        connect(m_master, &RedisConnection::ready, this, &SentinelTopology::verifyRole);
        connect(m_master, &RedisConnection::stateChanged, this, [this](RedisConnection::State state) {
            if (state == RedisConnection::State::WaitingToReconnect)
                m_retry.start(askAgainMs); // the master may have moved while we looked away
            if (state != RedisConnection::State::Ready)
                m_verified = false;
            updateState();
        });
        connect(m_master, &RedisConnection::errorOccurred, this, [this](RedisConnection::ErrorKind, const QString &message) {
            // Which server this is, to an operator who gave only sentinels and a name.
            setLastError(tr("the master of \"%1\", as the sentinels name it: %2").arg(m_name, message));
            // Never the master yet: maybe a stale sentinel's word (a replica with a password of
            // its own, one that is down). The others are asked before it is an error.
            if (!m_everVerified && m_sentinels.size() > 1 && !m_unusableSince.isValid())
                m_unusableSince.start();
            if (stillAsking()) {
                m_askNext = true;
                m_retry.start(askAgainMs);
                return;
            }
            updateState(); // failed now, if it was waiting on the others
            Q_EMIT errorOccurred(lastError());
        });
        connect(m_master, &RedisConnection::reconnectScheduled, this, &RedisTopology::reconnectScheduled);
        m_master->open();
        Q_EMIT mastersChanged();
        return;
    }
    const QString to = (host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host) + QLatin1Char(':')
                       + QString::number(port);
    if (nodeName(m_master) == to) {
        if (!m_master->isReady())
            m_master->open();
        else if (!m_verified)
            verifyRole(); // the same node again: is it the master by now?
        return;
    }
    const QString from = nodeName(m_master);
    m_verified = false;
    m_unusableSince.invalidate();
    for (RedisConnection *c : std::as_const(m_replicas))
        c->deleteLater();
    m_replicas.clear();
    retarget(m_master, target);
    // A node that never said it was the master held nothing of it: no failover from there.
    if (m_everVerified)
        Q_EMIT failover(m_master, from, to);
}

void SentinelTopology::verifyRole()
{
    m_roleAsked = true;
    m_master->send({"ROLE"}, this, [this](const RedisReply &reply) {
        m_roleAsked = false;
        if (reply.isError() && reply.origin() != RedisReply::Origin::Server)
            return; // not answered (the connection went): asked again once it is back
        if (reply.isArray() && reply.at(0).bytes() == "master") {
            m_verified = m_everVerified = true;
            m_unusableSince.invalidate();
            updateState();
            return;
        }
        // A sentinel named a node that is not (or no longer) the master: a failover is under
        // way, or the sentinels' view is stale, or none can be asked any more. Never read as
        // the master meanwhile; said once, and asked again shortly.
        const bool news = !m_unusableSince.isValid();
        if (news)
            m_unusableSince.start();
        const QString role = reply.isArray() ? QString::fromUtf8(reply.at(0).bytes()) : tr("not a master");
        const bool asking = m_sentinel && m_sentinel->isReady();
        setLastError(asking ? tr("%1, named by the sentinels as the master of \"%2\", says it is a %3; asking again")
                                  .arg(nodeName(m_master), m_name, role)
                            : tr("%1, the master of \"%2\" until now, says it is a %3, and no sentinel answers to say "
                                 "where the master is now (tried: %4)")
                                  .arg(nodeName(m_master), m_name, role, sentinelList()));
        // Before it ever was the master: the sentinels name a node that is none (a replica
        // they were told to monitor, a stale view). Not waited on for ever.
        if (!m_everVerified && m_unusableSince.elapsed() >= m_data.connectTimeoutMs) {
            setLastError(tr("%1, named by the sentinels as the master of \"%2\", is a %3, not a master: is the master "
                            "they monitor down, or were they given a replica to monitor?")
                             .arg(nodeName(m_master), m_name, role));
            Q_EMIT errorOccurred(lastError());
            m_retry.stop();
            setState(State::Failed);
            return;
        }
        if (news && m_everVerified)
            Q_EMIT errorOccurred(lastError());
        updateState();
        // Not the master yet: another sentinel may know better than this one's stale view.
        m_askNext = !m_everVerified && m_sentinels.size() > 1;
        m_retry.start(askAgainMs);
    });
}

// The sentinels know each other: those not given are asked too when the given ones go.
void SentinelTopology::learnSentinels()
{
    if (m_learned)
        return;
    m_learned = true;
    m_sentinel->send({"SENTINEL", "SENTINELS", m_name.toUtf8()}, this, [this](const RedisReply &reply) {
        if (!reply.isArray())
            return;
        // The deployment: this sentinel and the others it knows. The addresses given may hold
        // ones that are down, or no sentinel at all, which a count of them would add in.
        m_deploymentSize = int(reply.size()) + 1;
        for (const RedisReply &other : reply.elements()) {
            QHash<QByteArray, QByteArray> fields;
            for (qsizetype i = 0; i + 1 < other.size(); i += 2)
                fields.insert(other.at(i).bytes(), other.at(i + 1).bytes());
            bool ok = false;
            const uint port = fields.value("port").toUInt(&ok);
            const QPair<QString, quint16> address(QString::fromUtf8(fields.value("ip")), quint16(port));
            if (ok && port > 0 && port <= 65535 && !address.first.isEmpty() && !m_sentinels.contains(address))
                m_sentinels << address;
        }
    });
}

QString SentinelTopology::sentinelList() const
{
    QStringList names;
    for (const auto &[host, port] : m_sentinels)
        names << (host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host) + QLatin1Char(':') + QString::number(port);
    return names.join(QStringLiteral(", "));
}

void SentinelTopology::onSwitch(const QByteArray &payload)
{
    // "<master name> <old ip> <old port> <new ip> <new port>"
    const QList<QByteArray> parts = payload.split(' ');
    if (parts.size() != 5 || parts.at(0) != m_name.toUtf8())
        return;
    bool ok = false;
    const uint port = parts.at(4).toUInt(&ok);
    if (ok && port > 0 && port <= 65535)
        onMasterAddress(QString::fromUtf8(parts.at(3)), quint16(port));
}

// A node named but never confirmed as the master that cannot be used (it says it is a replica,
// it refuses the login): the other sentinels are asked, for up to the connect timeout.
bool SentinelTopology::stillAsking() const
{
    return !m_everVerified && m_sentinels.size() > 1 && (!m_unusableSince.isValid() || m_unusableSince.elapsed() < m_data.connectTimeoutMs);
}

void SentinelTopology::updateState()
{
    if (!m_open || !m_master)
        return;
    const bool wasReady = isReady();
    State next = State::Connecting;
    if (m_master->isReady() && m_unusableSince.isValid())
        next = State::Down; // connected, but to a node that is no master now
    else if (m_master->isReady())
        next = m_verified ? State::Ready : (wasReady ? State::Ready : State::Connecting);
    else if (m_master->state() == RedisConnection::State::WaitingToReconnect)
        next = State::Down;
    else if (m_master->state() == RedisConnection::State::Disconnected && m_master->lastErrorKind() != RedisConnection::ErrorKind::None)
        next = stillAsking() ? State::Connecting : State::Failed;
    setState(next);
    if (next == State::Ready && !m_announced) {
        m_announced = true;
        Q_EMIT ready();
    } else if (next != State::Ready) {
        m_announced = false;
    }
}

QList<RedisConnection *> SentinelTopology::masters() const
{
    return m_master ? QList<RedisConnection *>{m_master} : QList<RedisConnection *>{};
}

RedisConnection *SentinelTopology::nodeFor(QByteArrayView) const
{
    return m_master;
}

QString SentinelTopology::summary() const
{
    return tr("sentinel: %1 at %2 (%n sentinel(s))", nullptr, m_deploymentSize > 0 ? m_deploymentSize : int(m_sentinels.size()))
        .arg(m_name, m_master ? nodeName(m_master) : tr("unknown yet"));
}

QList<RedisConnection *> SentinelTopology::replicasOf(RedisConnection *master)
{
    if (master != m_master || !m_sentinel || !m_sentinel->isReady() || !m_replicas.isEmpty())
        return m_replicas;
    // Asked once per master; the connections are there the next time.
    m_sentinel->send({"SENTINEL", "REPLICAS", m_name.toUtf8()}, this, [this](const RedisReply &reply) {
        if (!reply.isArray() || !m_replicas.isEmpty())
            return;
        for (const RedisReply &replica : reply.elements()) {
            QHash<QByteArray, QByteArray> fields;
            for (qsizetype i = 0; i + 1 < replica.size(); i += 2)
                fields.insert(replica.at(i).bytes(), replica.at(i + 1).bytes());
            if (fields.value("flags").contains("down") || fields.value("flags").contains("disconnected"))
                continue;
            ConnectionOptions o = m_data;
            o.host = QString::fromUtf8(fields.value("ip"));
            o.port = quint16(fields.value("port").toUInt());
            o.clientName = QStringLiteral("lockscope-replica");
            RedisConnection *c = makeConnection(o);
            c->open();
            m_replicas << c;
        }
    });
    return m_replicas;
}
