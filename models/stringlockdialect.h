#pragma once

#include "dialect.h"
#include "fixedshapepattern.h"

#include <QRegularExpression>

#include <memory>
#include <optional>
#include <vector>

// The many libraries that lock with one string, SET key token NX PX ttl, told apart by key
// prefix and token format. Each is a row of data (StringLockDialect::Spec); named groups in
// the value pattern become the holder's decoded fields.
class StringLockDialect final : public Dialect
{
public:
    struct Spec
    {
        QString id;
        QString name;
        QString library;            // what writes it, for people
        QString keyPattern;         // regular expression on the key; empty: any key
        QString valuePattern;       // regular expression on the whole value
        // The lengths valuePattern can match at all: a cheap test that spares the regular
        // expression (and a QString of the value) for most other libraries' tokens.
        qsizetype minLength = 1;
        qsizetype maxLength = 512;
        int confidence = 20;
        QByteArray (*newToken)() = nullptr;
        // Computes fields the pattern cannot (a uuid1's time); false rejects the value.
        bool (*decode)(const QByteArray &value, LockHolder &holder, LockInfo &lock) = nullptr;
        qint64 maxTtlMs = 0;        // above it the key is someone else's (0: any)
        bool ttlInSeconds = false;  // the library writes EX seconds, not PX
        bool extendNeedsTtl = false; // the library refuses to extend a lock without expiry
        QString extendRefusal;      // extend makes no sense for this layout, and why
        QString caveat;             // appended to every action's description
        enum class Release { Plain, SignalList, PublishKey } release = Release::Plain;
    };

    explicit StringLockDialect(Spec spec);

    static std::vector<std::unique_ptr<Dialect>> builtIns();

    QString id() const override { return m_spec.id; }
    QString displayName() const override { return m_spec.name; }
    QString description() const override;
    int recognise(const KeySample &sample, LockInfo &lock) const override;
    int maxScore() const override { return m_spec.confidence; }
    QList<KeyPattern> sideKeyPatterns() const override;
    ActionSupport support(AdminAction action) const override;
    AdminRecipe recipe(AdminAction action, const LockInfo &observed, const LockFingerprint &guard, const QByteArray &token,
                       qint64 ttlMs) const override;
    QByteArray newToken() const override;

    // python-redis-lock's wake-up list next to lock:<name>.
    static QByteArray signalKey(const QByteArray &lockKey);
    // Spring's pub/sub unlock channel: <registryKey>-channel:<registryKey>:<lockKey>.
    static QByteArray springChannel(const QByteArray &lockKey);

private:
    Spec m_spec;
    QRegularExpression m_key;
    QByteArray m_keyPrefix; // the whole key pattern when it is a plain "^prefix": compared as bytes
    QRegularExpression m_value;
    std::optional<FixedShapePattern> m_shape; // the value pattern matched on bytes, where it can be
    QByteArray m_valueBytes; // else bytes every value must contain, tested before the regular expression
    QByteArray m_valuePrefix; // the literal text every value starts with ("ADDED:"), if any
    QStringList m_fieldGroups; // the value pattern's named groups that become holder fields
};
