#include "profiledialect.h"

#include "plaindialect.h"
#include "tokentext.h"

#include <QDateTime>
#include <QObject>

namespace {
// Epoch seconds or milliseconds as UTC time; other text is shown as it is.
QString readableTime(const QString &text)
{
    bool ok = false;
    const qint64 n = text.toLongLong(&ok);
    if (!ok || n <= 0)
        return text;
    const qint64 ms = text.size() <= 10 ? n * 1000 : n;
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

} // namespace

ProfileDialect::ProfileDialect(const DialectProfile &profile)
    : m_profile(profile)
    , m_pattern(KeyPattern::parse(profile.keyGlob))
    , m_regex(QRegularExpression::anchoredPattern(profile.tokenRegex))
{
    m_regex.optimize();
}

QString ProfileDialect::description() const
{
    return QObject::tr("Custom profile: %1 keys matching %2, token /%3/")
        .arg(QString::fromLatin1(redisTypeName(m_profile.type)), m_profile.keyGlob, m_profile.tokenRegex);
}

std::optional<LockHolder> ProfileDialect::decode(const QByteArray &token) const
{
    if (token.isEmpty() || token.size() > PlainDialect::maxTokenSize)
        return std::nullopt;
    // Non-UTF-8 tokens are matched in their redis-cli escaped form, never as mangled text.
    const QString text = TokenText::isPrintable(token) || QUtf8StringView(token).isValidUtf8() ? QString::fromUtf8(token)
                                                                                              : TokenText::escape(token);
    const QRegularExpressionMatch match = m_regex.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    LockHolder h;
    h.token = token;
    QStringList words;
    for (const QString &group : DialectProfile::groupNames) {
        QString value = match.captured(group);
        if (value.isEmpty())
            continue;
        if (group == QLatin1String("time"))
            value = readableTime(value);
        if (group == QLatin1String("holder")) {
            h.holder = value;
            continue;
        }
        h.fields.append({group, value});
        words << group + QLatin1Char(' ') + value;
    }
    if (h.holder.isEmpty())
        h.holder = words.join(QStringLiteral(", "));
    return h;
}

int ProfileDialect::recognise(const KeySample &sample, LockInfo &lock) const
{
    if (sample.type != m_profile.type || !m_pattern.matches(sample.key))
        return 0;
    if (sample.type == RedisType::String) {
        if (sample.truncated)
            return 0;
        std::optional<LockHolder> h = decode(sample.value);
        if (!h)
            return 0;
        lock.holders = {*h};
        return confidence;
    }
    // Collections: every field or member that is a token is a holder; a hash value counts
    // reentries, a sorted-set score is kept as it is (often a deadline or a start time).
    QList<LockHolder> holders;
    for (const KeySample::Entry &e : sample.entries) {
        std::optional<LockHolder> h = decode(e.first);
        if (!h)
            continue;
        if (sample.type == RedisType::Hash) {
            bool ok = false;
            const qint64 count = e.second.toLongLong(&ok);
            h->count = ok && count > 0 ? count : 1;
        } else if (sample.type == RedisType::ZSet) {
            h->fields.append({QStringLiteral("score"), QString::fromLatin1(e.second)});
        }
        holders << *h;
    }
    if (holders.isEmpty())
        return 0;
    lock.holders = holders;
    if (sample.truncated)
        lock.addWarning(QStringLiteral("value-truncated"));
    return confidence;
}

bool ProfileDialect::isShared() const
{
    return m_profile.type == RedisType::Set || m_profile.type == RedisType::ZSet;
}

ActionSupport ProfileDialect::support(AdminAction action) const
{
    if (isShared() && (action == AdminAction::Acquire || action == AdminAction::Extend))
        return ActionSupport::no(QObject::tr("A %1 profile has no per-member TTL LockScope could set or extend safely; "
                                             "only releasing members is offered")
                                     .arg(QString::fromLatin1(redisTypeName(m_profile.type))));
    return Dialect::support(action);
}

AdminRecipe ProfileDialect::recipe(AdminAction action, const LockInfo &observed, const LockFingerprint &guard,
                                   const QByteArray &token, qint64 ttlMs) const
{
    if (const ActionSupport s = support(action); !s.enabled)
        return AdminRecipe::unsupported(s.reason);
    const QByteArray &key = observed.key();
    AdminRecipe r;
    if (isShared()) {
        // Only the holders' members go; members that are no holder's stay, as the profile
        // does not say what they are.
        r.script = QStringLiteral("profile/remove-members");
        r.keys = {key};
        r.args = {guard.serialise()};
        if (action == AdminAction::ReleaseHolder) {
            r.args << token;
            r.description = QObject::tr("Remove member %1 from %2, only while it is still there; other holders stay.")
                                .arg(TokenText::quoted(token), TokenText::quoted(key));
        } else {
            for (const LockHolder &h : observed.holders)
                r.args << h.token;
            r.description = QObject::tr("Remove every holder you saw from %1 (%2), only while exactly those members are there.")
                                .arg(TokenText::quoted(key), guard.text());
        }
        return r;
    }
    if (m_profile.type == RedisType::Hash && action == AdminAction::Acquire) {
        r.script = QStringLiteral("profile/hash-acquire");
        r.keys = {key};
        r.args = {guard.serialise(), token, QByteArray::number(ttlMs)};
        r.description = QObject::tr("Take %1: add holder field %2 and set its TTL to %3 ms, only if the hash is absent.")
                            .arg(TokenText::quoted(key), TokenText::quoted(token))
                            .arg(ttlMs);
        return r;
    }
    // Strings and hashes: compare-and-delete or PEXPIRE of the whole key as seen.
    return Dialect::recipe(action, observed, guard, token, ttlMs);
}
