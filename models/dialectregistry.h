#pragma once

#include "dialect.h"
#include "dialectprofile.h"
#include "keypattern.h"

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
    QList<DialectProfile> profiles() const;
    // Keys of the profiles' globs are candidates for discovery beside the lock patterns.
    QList<KeyPattern> profilePatterns() const;

    // The lock a key under a lock pattern holds: decoded by the best dialect, or "unknown"
    // with its raw value when none fits. Nothing for keys that no longer exist.
    std::optional<LockInfo> classify(const KeySample &sample) const;

private:
    void add(std::unique_ptr<Dialect> dialect);

    std::vector<std::unique_ptr<Dialect>> m_dialects;
    qsizetype m_builtInCount = 0; // profiles follow the built-ins
};
