#pragma once

#include "dialect.h"

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

    void add(std::unique_ptr<Dialect> dialect);
    const Dialect *find(const QString &id) const;
    QList<const Dialect *> dialects() const;

    bool isSideKey(const QByteArray &key) const;

    // The lock a key under a lock pattern holds: decoded by the best dialect, or "unknown"
    // with its raw value when none fits. Nothing for keys that no longer exist.
    std::optional<LockInfo> classify(const KeySample &sample) const;

private:
    std::vector<std::unique_ptr<Dialect>> m_dialects;
};
