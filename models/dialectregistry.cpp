#include "dialectregistry.h"

#include "plaindialect.h"
#include "profiledialect.h"
#include "redissonlockdialect.h"
#include "redissonreadwritelockdialect.h"
#include "redissonsemaphoredialect.h"
#include "stringlockdialect.h"
#include "zsetsemaphoredialect.h"

#include <QCoreApplication>
#include <QObject>

#include <algorithm>
#include <numeric>

DialectRegistry::DialectRegistry()
{
    add(std::make_unique<PlainDialect>());
    add(std::make_unique<RedissonLockDialect>(RedissonLockDialect::Flavor::Lock));
    add(std::make_unique<RedissonLockDialect>(RedissonLockDialect::Flavor::FairLock));
    add(std::make_unique<RedissonLockDialect>(RedissonLockDialect::Flavor::NodeRedisson));
    add(std::make_unique<RedissonReadWriteLockDialect>());
    add(std::make_unique<RedissonSemaphoreDialect>(RedissonSemaphoreDialect::Flavor::Counter));
    add(std::make_unique<RedissonSemaphoreDialect>(RedissonSemaphoreDialect::Flavor::PermitExpirable));
    add(std::make_unique<ZSetSemaphoreDialect>());
    for (std::unique_ptr<Dialect> &d : StringLockDialect::builtIns())
        add(std::move(d));
    m_builtInCount = qsizetype(m_dialects.size());
    collectSideKeyPatterns();
}

DialectRegistry::~DialectRegistry() = default;

void DialectRegistry::add(std::unique_ptr<Dialect> dialect)
{
    m_dialects.push_back(std::move(dialect));
}

const Dialect *DialectRegistry::find(const QString &id) const
{
    for (const auto &d : m_dialects)
        if (d->id() == id)
            return d.get();
    return nullptr;
}

QList<const Dialect *> DialectRegistry::dialects() const
{
    QList<const Dialect *> out;
    for (const auto &d : m_dialects)
        out << d.get();
    return out;
}

void DialectRegistry::collectSideKeyPatterns()
{
    m_askOrder.resize(m_dialects.size());
    std::iota(m_askOrder.begin(), m_askOrder.end(), qsizetype(0));
    std::stable_sort(m_askOrder.begin(), m_askOrder.end(),
                     [this](qsizetype a, qsizetype b) { return m_dialects[size_t(a)]->maxScore() > m_dialects[size_t(b)]->maxScore(); });
    m_askScores.clear();
    for (const qsizetype i : m_askOrder)
        m_askScores.push_back(m_dialects[size_t(i)]->maxScore());
    QList<KeyPattern> all;
    for (const auto &d : m_dialects)
        for (const KeyPattern &p : d->sideKeyPatterns())
            if (!all.contains(p))
                all << p;
    m_sideKeys = KeyPatternSet(all);
}

bool DialectRegistry::isSideKey(const QByteArray &key) const
{
    return m_sideKeys.matches(key);
}

QString DialectRegistry::setProfiles(const QList<DialectProfile> &profiles)
{
    QStringList ids;
    for (const DialectProfile &p : profiles) {
        if (const QString why = p.validate(); !why.isEmpty())
            return why;
        const QString id = p.effectiveId();
        const bool builtIn = std::any_of(m_dialects.begin(), m_dialects.begin() + m_builtInCount,
                                         [&id](const auto &d) { return d->id() == id; });
        if (builtIn || id == QLatin1String(unknownId) || ids.contains(id))
            return QObject::tr("The dialect id \"%1\" is already taken; give the profile another id.").arg(id);
        ids << id;
    }
    m_dialects.erase(m_dialects.begin() + m_builtInCount, m_dialects.end());
    ++m_generation;
    m_localizedNames.clear();
    for (const DialectProfile &p : profiles)
        add(std::make_unique<ProfileDialect>(p));
    collectSideKeyPatterns();
    return {};
}

QList<DialectProfile> DialectRegistry::profiles() const
{
    QList<DialectProfile> out;
    for (auto it = m_dialects.begin() + m_builtInCount; it != m_dialects.end(); ++it)
        out << static_cast<const ProfileDialect *>(it->get())->profile();
    return out;
}

QList<KeyPattern> DialectRegistry::profilePatterns() const
{
    QList<KeyPattern> out;
    for (auto it = m_dialects.begin() + m_builtInCount; it != m_dialects.end(); ++it)
        out << static_cast<const ProfileDialect *>(it->get())->pattern();
    return out;
}

std::optional<LockInfo> DialectRegistry::classify(const KeySample &sample, const Dialect **decodedBy) const
{
    if (decodedBy)
        *decodedBy = nullptr;
    if (!sample.exists())
        return std::nullopt;
    // The highest score wins, and the first registered among equals. Asked from the highest
    // possible score down, the likeliest winners go first, and the rest are mostly not asked.
    LockInfo first;
    LockInfo second;
    LockInfo *best = &first;
    LockInfo *candidate = &second; // blank until a dialect answers
    qsizetype winner = -1;
    int bestScore = 0;
    for (size_t k = 0; k < m_askOrder.size(); ++k) {
        const qsizetype i = m_askOrder[k];
        const int most = m_askScores[k];
        if (most < bestScore)
            break; // nor can any after it
        if (most == bestScore && i > winner)
            continue; // could only tie, and the one registered first wins
        const int score = m_dialects[size_t(i)]->recognise(sample, *candidate);
        if (score == 0)
            continue;
        if (score > bestScore || (score == bestScore && i < winner)) {
            bestScore = score;
            winner = i;
            std::swap(best, candidate);
        }
        *candidate = LockInfo();
    }
    if (winner >= 0) {
        const Dialect &d = *m_dialects[size_t(winner)];
        if (m_localizedNames.size() != m_dialects.size())
            m_localizedNames.assign(m_dialects.size(), QString());
        QString &name = m_localizedNames[size_t(winner)];
        if (name.isNull())
            name = d.localizedName();
        best->dialect = d.id();
        best->dialectName = name;
        if (decodedBy)
            *decodedBy = &d;
    } else {
        best->dialect = QString::fromLatin1(unknownId);
        best->dialectName = QCoreApplication::translate("Dialect", "Unknown");
        best->addWarning(QStringLiteral("unrecognised"));
    }
    best->sample = sample;
    // A semaphore counter nobody holds may live forever; a held lock must not.
    if (sample.pttlMs == -1 && (bestScore == 0 || !best->holders.isEmpty()))
        best->addWarning(QStringLiteral("no-ttl"));
    if (sample.truncated)
        best->addWarning(QStringLiteral("value-truncated"));
    return std::move(*best);
}
