#include "keyinspector.h"

#include "commandencoder.h"
#include "luascripts.h"
#include "monotonicclock.h"
#include "clusterredirect.h"
#include "redisconnection.h"
#include "redistopology.h"

#include <QPointer>
#include <QVarLengthArray>

#include <algorithm>
#include <array>

namespace {
// A key that still needs reading after this many round trips is given up as failed (a
// script flushed again and again, a type that keeps changing under us).
constexpr int maxRounds = 4;
// The plain stand-in for the script: the type, and a bounded view of every kind of
// collection a lock can be; only the one matching the type answers, the others are cheap
// WRONGTYPE errors, which saves a round trip.
constexpr int fallbackCommands = 10;

const LuaScript &collectionScript()
{
    static const LuaScript script = LuaScripts::load(QStringLiteral("inspect/collection"));
    return script;
}

bool isCollection(RedisType type)
{
    return type == RedisType::Hash || type == RedisType::ZSet || type == RedisType::Set || type == RedisType::List
           || type == RedisType::Stream;
}

// The server will not run the script at all (an ACL without EVAL, scripting renamed away).
bool refusesScripts(const RedisReply &reply)
{
    return reply.errorIs("NOPERM") || reply.errorMessage().contains(QLatin1String("unknown command"), Qt::CaseInsensitive);
}
} // namespace

struct KeyInspector::Job
{
    QList<KeySample> samples;
    QList<Step> steps;
    QList<RedisConnection *> nodes; // where each key is read next
    QList<bool> asking;             // each of its commands goes after ASKING (a migrating slot)
    QPointer<QObject> owner;
    bool hasOwner = false;
    SamplesHandler handler;
    int rounds = 0;
    int pending = 0; // pipelines of this round not answered yet
};

KeyInspector::KeyInspector(RedisTopology *topology, QObject *parent)
    : QObject(parent)
    , m_topology(topology)
{
}

KeyInspector::KeyInspector(RedisConnection *node, QObject *parent)
    : QObject(parent)
    , m_node(node)
{
}

KeyInspector::~KeyInspector() = default;

void KeyInspector::setCaps(int valueCap, int elementCap)
{
    m_valueCap = std::max(1, valueCap);
    m_elementCap = std::max(1, elementCap);
}

KeyInspector::Step KeyInspector::collectionStep() const
{
    return m_scriptsRefused ? Step::Fallback : Step::Script;
}

RedisConnection *KeyInspector::route(const QByteArray &key) const
{
    return m_topology ? m_topology->nodeFor(key) : m_node;
}

void KeyInspector::watch(RedisConnection *node)
{
    if (m_scriptLoaded.contains(node))
        return;
    m_scriptLoaded.insert(node, false);
    // A new connection may be to a restarted server (or a failover's other node), whose
    // script cache is empty.
    connect(node, &RedisConnection::ready, this, [this, node] { m_scriptLoaded.insert(node, false); });
    connect(node, &QObject::destroyed, this, [this, node] { m_scriptLoaded.remove(node); });
}

void KeyInspector::inspect(const QList<QByteArray> &keys, QObject *context, SamplesHandler handler, const QList<RedisType> &hints)
{
    auto job = std::make_shared<Job>();
    job->owner = context;
    job->hasOwner = context != nullptr;
    job->handler = std::move(handler);
    job->samples.resize(keys.size());
    job->steps.reserve(keys.size());
    job->nodes.reserve(keys.size());
    job->asking.fill(false, keys.size());
    for (qsizetype i = 0; i < keys.size(); ++i) {
        job->samples[i].key = keys.at(i);
        job->steps << (isCollection(hints.value(i, RedisType::None)) ? collectionStep() : Step::Plain);
        job->nodes << route(keys.at(i));
    }
    if (keys.isEmpty()) {
        QMetaObject::invokeMethod(this, [job] {
            if (!job->hasOwner || job->owner)
                job->handler({}, QString());
        }, Qt::QueuedConnection);
        return;
    }
    round(job);
}

void KeyInspector::finish(const std::shared_ptr<Job> &job)
{
    QString error;
    const bool allFailed = std::all_of(job->samples.cbegin(), job->samples.cend(), [](const KeySample &s) { return s.isFailed(); });
    if (allFailed && !job->samples.isEmpty())
        error = job->samples.first().error;
    job->handler(job->samples, error);
}

void KeyInspector::round(const std::shared_ptr<Job> &job)
{
    const qint64 started = MonotonicClock::nowMs();
    // What each master is asked this round: the keys and their steps, encoded below.
    struct Batch
    {
        RedisConnection *node = nullptr;
        QList<QPair<qsizetype, Step>> sent;
        bool loading = false;
    };
    QVarLengthArray<Batch, 4> batches; // a few masters: found by a look along the list
    const QByteArray last = QByteArray::number(m_valueCap - 1);
    const QByteArray most = QByteArray::number(m_elementCap);
    const QByteArray mostLast = QByteArray::number(m_elementCap - 1);
    const QList<QByteArray> scriptArgs{most, QByteArray::number(m_valueCap)};
    for (qsizetype i = 0; i < job->steps.size(); ++i) {
        Step step = job->steps.at(i);
        if (step == Step::Done)
            continue;
        const QByteArray &k = job->samples.at(i).key;
        RedisConnection *node = job->nodes.at(i);
        if (job->rounds >= maxRounds || !node) {
            job->samples[i] = KeySample::failed(k, node ? tr("could not be read in %1 round trips").arg(maxRounds)
                                                        : tr("no master serves its hash slot now"), started);
            job->steps[i] = Step::Done;
            continue;
        }
        watch(node);
        // The server may have refused the script since the step was chosen.
        if (step == Step::Script || step == Step::Fallback)
            step = collectionStep();
        auto b = std::find_if(batches.begin(), batches.end(), [node](const Batch &batch) { return batch.node == node; });
        if (b == batches.end()) {
            batches.append(Batch{node, {}, false});
            b = batches.end() - 1;
            b->sent.reserve(job->steps.size());
        }
        // The script goes to each server once per connection (and again after a flush), at
        // the head of the pipeline, so every EVALSHA behind it finds it.
        if (step == Step::Script && !m_scriptLoaded.value(node))
            b->loading = true;
        b->sent.append({i, step});
    }
    ++job->rounds;
    if (batches.isEmpty()) {
        finish(job);
        return;
    }
    job->pending = int(batches.size());
    for (const Batch &b : batches) {
        RedisConnection *node = b.node;
        // Encoded straight into the pipeline's buffer: no command list per key.
        QByteArray encoded;
        qsizetype count = 0;
        if (b.loading) {
            CommandEncoder::append(encoded, {"SCRIPT", "LOAD", collectionScript().source()});
            ++count;
        }
        for (const auto &[i, step] : b.sent) {
            const QByteArray &k = job->samples.at(i).key;
            const bool asking = job->asking.at(i);
            auto add = [&](std::initializer_list<QByteArrayView> command) {
                // The importing node serves a migrating slot's key only right after ASKING.
                if (asking) {
                    CommandEncoder::append(encoded, {"ASKING"});
                    ++count;
                }
                CommandEncoder::append(encoded, command);
                ++count;
            };
            switch (step) {
            case Step::Plain:
                add({"PTTL", k});
                add({"GETRANGE", k, "0", last});
                break;
            case Step::Length:
                add({"STRLEN", k});
                break;
            case Step::Script: {
                const RedisCommand eval = collectionScript().evalShaCommand({k}, scriptArgs);
                if (asking) {
                    CommandEncoder::append(encoded, {"ASKING"});
                    ++count;
                }
                CommandEncoder::append(encoded, eval);
                ++count;
                break;
            }
            case Step::Fallback:
                add({"TYPE", k});
                add({"HLEN", k});
                add({"HRANDFIELD", k, most, "WITHVALUES"});
                add({"ZCARD", k});
                add({"ZRANGE", k, "0", mostLast, "WITHSCORES"});
                add({"LLEN", k});
                add({"LRANGE", k, "0", mostLast});
                add({"SCARD", k});
                add({"SRANDMEMBER", k, most});
                add({"XLEN", k});
                break;
            case Step::Done:
                break;
            }
        }
        const QString name = m_topology ? m_topology->nodeName(node) : node->options().host + QLatin1Char(':') + QString::number(node->options().port);
        node->pipeline(encoded, count, this, [this, job, node, name, started, sent = b.sent, loading = b.loading](const QList<RedisReply> &all) {
            if (job->hasOwner && !job->owner)
                return;
            const qint64 now = MonotonicClock::nowMs();
            qsizetype at = 0;
            if (loading && all.value(at++).isString())
                m_scriptLoaded.insert(node, true);
            static const RedisReply missing; // a short answer reads as nil, as before
            for (const auto &[i, step] : sent) {
                const int count = step == Step::Plain ? 2 : step == Step::Fallback ? fallbackCommands : 1;
                // This key's replies, in place: no copy of them per key.
                std::array<const RedisReply *, fallbackCommands> replies{};
                for (int c = 0; c < count; ++c) {
                    if (job->asking.at(i))
                        ++at; // ASKING's +OK
                    replies[c] = at < all.size() ? &all.at(at) : &missing;
                    ++at;
                }
                KeySample &s = job->samples[i];
                s.node = name;
                Step &next = job->steps[i];
                if (followRedirect(*job, i, *replies[0]))
                    continue; // read again where the redirect points, in the next round
                job->asking[i] = false;
                switch (step) {
                case Step::Plain:
                    onPlain(s, next, *replies[0], *replies[1], now);
                    s.readSpanMs = now - started;
                    break;
                case Step::Length:
                    onLength(s, next, *replies[0]);
                    break;
                case Step::Script:
                    onScript(s, next, *replies[0], node, now);
                    s.readSpanMs = now - started;
                    break;
                case Step::Fallback: {
                    QList<RedisReply> fallback;
                    for (const RedisReply *r : replies)
                        fallback << *r;
                    onFallback(s, next, fallback);
                    break;
                }
                case Step::Done:
                    break;
                }
                s.node = name;
            }
            if (--job->pending == 0)
                round(job);
        });
    }
}

bool KeyInspector::followRedirect(Job &job, qsizetype i, const RedisReply &reply)
{
    const std::optional<ClusterRedirect> redirect = m_topology ? ClusterRedirect::fromReply(reply) : std::nullopt;
    if (!redirect)
        return false;
    RedisConnection *target = m_topology->follow(*redirect, job.nodes.at(i));
    if (!target) {
        job.samples[i] = KeySample::failed(job.samples.at(i).key, redirect->toString(), MonotonicClock::nowMs());
        job.steps[i] = Step::Done;
        return true;
    }
    job.nodes[i] = target;
    job.asking[i] = redirect->kind() == ClusterRedirect::Kind::Ask;
    return true;
}

void KeyInspector::onPlain(KeySample &s, Step &step, const RedisReply &pttl, const RedisReply &value, qint64 now) const
{
    s.observedAtMs = now;
    if (pttl.isError() || !pttl.isInteger()) {
        s = KeySample::failed(s.key, pttl.isError() ? pttl.errorMessage() : tr("PTTL gave no number"), now);
        step = Step::Done;
        return;
    }
    s.pttlMs = pttl.integer();
    if (s.pttlMs == -2) {
        s.status = ObservationStatus::Vanished;
        step = Step::Done;
        return;
    }
    if (value.isString()) {
        s.type = RedisType::String;
        s.value = value.bytes();
        s.size = s.value.size();
        // At the cap: ask for the real length.
        step = s.size >= m_valueCap ? Step::Length : Step::Done;
        return;
    }
    if (value.errorIs("WRONGTYPE")) {
        step = collectionStep(); // a collection: read it, bounded
        return;
    }
    s = KeySample::failed(s.key, value.isError() ? value.errorMessage() : tr("GETRANGE gave no value"), now);
    step = Step::Done;
}

void KeyInspector::onLength(KeySample &s, Step &step, const RedisReply &length) const
{
    step = Step::Done;
    if (!length.isInteger()) {
        s = KeySample::failed(s.key, length.isError() ? length.errorMessage() : tr("STRLEN gave no number"), s.observedAtMs);
        return;
    }
    s.size = length.integer();
    s.truncated = s.size > m_valueCap;
}

void KeyInspector::onScript(KeySample &s, Step &step, const RedisReply &reply, RedisConnection *node, qint64 now)
{
    if (reply.errorIs("NOSCRIPT")) {
        m_scriptLoaded.insert(node, false); // flushed since: load it once more
        step = Step::Script;
        return;
    }
    if (reply.isError() && refusesScripts(reply)) {
        m_scriptsRefused = true;
        step = Step::Fallback;
        return;
    }
    step = Step::Done;
    if (!reply.isArray() || reply.size() < 4 || !reply.at(1).isInteger() || !reply.at(2).isInteger()) {
        s = KeySample::failed(s.key, reply.isError() ? reply.errorMessage() : tr("the inspection script gave an unexpected reply"), now);
        return;
    }
    // One atomic look: the PTTL and the content are of the same moment.
    s.observedAtMs = now;
    s.type = redisTypeFromName(reply.at(0).bytes());
    s.pttlMs = reply.at(1).integer();
    s.size = reply.at(2).integer();
    s.truncated = reply.at(3).integer() != 0;
    s.value.clear();
    s.entries.clear();
    if (s.type == RedisType::None) {
        s.status = ObservationStatus::Vanished;
        s.pttlMs = -2;
        return;
    }
    if (s.type == RedisType::String) {
        s.value = reply.at(4).bytes();
        return;
    }
    const bool pairs = s.type == RedisType::Hash || s.type == RedisType::ZSet;
    s.entries.reserve((reply.size() - 4) / 2);
    for (qsizetype j = 4; j + 1 < reply.size(); j += 2)
        s.entries.append({reply.at(j).bytes(), pairs ? reply.at(j + 1).bytes() : QByteArray()});
}

void KeyInspector::onFallback(KeySample &s, Step &step, const QList<RedisReply> &r) const
{
    step = Step::Done;
    const RedisReply &type = r.at(0);
    if (type.isError()) {
        s = KeySample::failed(s.key, type.errorMessage(), s.observedAtMs);
        return;
    }
    s.type = redisTypeFromName(type.bytes());
    const RedisReply *size = nullptr;
    const RedisReply *view = nullptr;
    bool pairs = false;
    switch (s.type) {
    case RedisType::None:
        s.status = ObservationStatus::Vanished;
        s.pttlMs = -2;
        return;
    case RedisType::Hash:
        size = &r.at(1);
        view = &r.at(2);
        pairs = true;
        break;
    case RedisType::ZSet:
        size = &r.at(3);
        view = &r.at(4);
        pairs = true;
        break;
    case RedisType::List:
        size = &r.at(5);
        view = &r.at(6);
        break;
    case RedisType::Set:
        size = &r.at(7);
        view = &r.at(8);
        break;
    case RedisType::Stream:
        size = &r.at(9);
        break;
    default:
        // A string now, where the first read met another type: it changed under us.
        s = KeySample::failed(s.key, tr("its type changed while it was being read"), s.observedAtMs);
        return;
    }
    for (const RedisReply *reply : {size, view}) {
        if (reply && reply->isError()) {
            s = KeySample::failed(s.key, reply->errorMessage(), s.observedAtMs);
            return;
        }
    }
    s.size = size->integer();
    if (view)
        fillEntries(s, view->elements(), pairs);
    s.truncated = s.truncated || s.size > qint64(s.entries.size());
}

void KeyInspector::fillEntries(KeySample &s, const QList<RedisReply> &view, bool pairs) const
{
    s.entries.clear();
    s.entries.reserve(pairs ? view.size() / 2 : view.size());
    for (qsizetype j = 0; j + (pairs ? 1 : 0) < view.size(); j += pairs ? 2 : 1) {
        KeySample::Entry e{view.at(j).bytes(), pairs ? view.at(j + 1).bytes() : QByteArray()};
        if (e.first.size() > m_valueCap || e.second.size() > m_valueCap) {
            e.first.truncate(m_valueCap);
            e.second.truncate(m_valueCap);
            s.truncated = true;
        }
        s.entries.append(e);
    }
}
