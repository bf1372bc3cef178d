#pragma once

#include "dialect.h"
#include "dialectprofile.h"
#include "keypattern.h"

#include <QRegularExpression>

// A dialect described by the user (DialectProfile) for in-house lock code. It claims a key
// only when the key fits the glob, the type is the profile's and a token matches the regex in
// full; then it outbids every built-in guess, since the user said what these keys are.
// Admin actions are guarded by the whole key as seen (a string's value, every field of a
// hash); on sets and sorted sets one member can also be removed alone.
class ProfileDialect final : public Dialect
{
public:
    static constexpr int confidence = 100;

    explicit ProfileDialect(const DialectProfile &profile);

    const DialectProfile &profile() const { return m_profile; }
    const KeyPattern &pattern() const { return m_pattern; }

    // The holder a token reveals, or nothing when the token does not match the profile.
    std::optional<LockHolder> decode(const QByteArray &token) const;

    QString id() const override { return m_profile.effectiveId(); }
    QString displayName() const override { return m_profile.name; }
    QString description() const override;
    int recognise(const KeySample &sample, LockInfo &lock) const override;
    int maxScore() const override { return confidence; }
    // Holders of a set or sorted-set profile are members, each released alone.
    bool isShared() const override;
    ActionSupport support(AdminAction action) const override;
    AdminRecipe recipe(AdminAction action, const LockInfo &observed, const LockFingerprint &guard, const QByteArray &token,
                       qint64 ttlMs) const override;

private:
    DialectProfile m_profile;
    KeyPattern m_pattern;
    QRegularExpression m_regex;
};
