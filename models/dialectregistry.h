#pragma once

#include "dialect.h"
#include "dialectprofile.h"
#include "keypattern.h"
#include "keypatternset.h"

#include <memory>
#include <optional>
#include <vector>

// The dialects LockScope knows, asked in turn; the most confident one decodes the key.
class DialectRegistry final
{
public:
    static constexpr const char *unknownId = "unknown";

    // With all built-in dialects.
    DialectRegistry();
    ~DialectRegistry();
    DialectRegistry(const DialectRegistry &) = delete;
    DialectRegistry &operator=(const DialectRegistry &) = delete;

    const Dialect *find(const QString &id) const;
    QList<const Dialect *> dialects() const;

    bool isSideKey(const QByteArray &key) const;

    // The user's custom dialects, replacing the previous set. Refused (returning why, and
    // keeping the previous set) when a profile is invalid or its id is taken.
    QString setProfiles(const QList<DialectProfile> &profiles);
    // Counts the changes of the set of dialects: a Dialect pointer kept from before a change
    // may point to one that is gone, and must be looked up again by its id.
    quint64 generation() const { return m_generation; }
    QList<DialectProfile> profiles() const;
    // Keys of the profiles' globs are candidates for discovery beside the lock patterns.
    QList<KeyPattern> profilePatterns() const;

    // The lock a key under a lock pattern holds: decoded by the best dialect, or "unknown"
    // with its raw value when none fits. Nothing for keys that no longer exist. decodedBy,
    // when given, is set to the dialect that decoded it (nullptr for "unknown").
    std::optional<LockInfo> classify(const KeySample &sample, const Dialect **decodedBy = nullptr) const;

private:
    void add(std::unique_ptr<Dialect> dialect);
    // After the set of dialects changed: the side-key globs and the order of asking.
    void collectSideKeyPatterns();

    std::vector<std::unique_ptr<Dialect>> m_dialects;
    // The dialects' names for people, in the language installed when first asked for (it is
    // chosen at start-up): a scan names thousands of locks, and each translation is a lookup.
    mutable std::vector<QString> m_localizedNames;
    // Indexes into m_dialects, highest maxScore() first (registration order among equals),
    // and each one's maxScore().
    std::vector<qsizetype> m_askOrder;
    std::vector<int> m_askScores;
    qsizetype m_builtInCount = 0; // profiles follow the built-ins
    KeyPatternSet m_sideKeys;     // every dialect's side-key globs, matched in one pass
    quint64 m_generation = 0;
};
