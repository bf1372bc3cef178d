#pragma once

#include "dialect.h"

// The Redis docs' recipe: SET key token NX PX ttl, released by a compare-and-delete script.
// The fallback for any short string under a lock pattern; more specific dialects outbid it.
class PlainDialect final : public Dialect
{
public:
    // Tokens are short; a longer string under a lock pattern is data, not a lock.
    static constexpr qsizetype maxTokenSize = 512;
    // Below every other dialect's: any of them that fits wins.
    static constexpr int score = 10;

    QString id() const override { return QStringLiteral("plain"); }
    QString displayName() const override { return QStringLiteral("Plain token (SET NX PX)"); }
    QString description() const override;
    int recognise(const KeySample &sample, LockInfo &lock) const override;
    int maxScore() const override { return score; }
};
