#include "stringlockdialect.h"

#include "tokenfactory.h"
#include "tokenshape.h"
#include "tokentext.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDateTime>
#include <QSysInfo>
#include <QObject>

using namespace Qt::StringLiterals;

namespace {
// A command in words, each part escaped on its own: a binary token must not make the key's
// characters show as escapes.
QString commandText(const QList<QByteArray> &command)
{
    QStringList parts;
    for (const QByteArray &part : command)
        parts << TokenText::escape(part);
    return parts.join(QLatin1Char(' '));
}

const QString uuid4 = QStringLiteral("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
const QString uuid1Hex = QStringLiteral("(?<uuid1>[0-9a-f]{12}1[0-9a-f]{3}[89ab][0-9a-f]{15})");

// Longer than any token a library generates; a longer value is data, not a lock.
constexpr qsizetype maxValueSize = 512;

// Bytes every value the pattern matches must contain: its literal characters outside groups,
// classes and quantifiers ("_" of "(?<host>…)_(?<pid>…)_…"). A cheap test that spares the
// regular expression for most other libraries' tokens; nothing for a pattern with alternatives.
QByteArray requiredBytes(const QString &pattern)
{
    QByteArray out;
    int depth = 0;
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (c == QLatin1Char('\\')) {
            // An escape: a class or a character, not counted ("\x41" whole).
            i += i + 1 < pattern.size() && pattern.at(i + 1) == QLatin1Char('x') ? 3 : 1;
        } else if (c == QLatin1Char('{')) {
            while (i + 1 < pattern.size() && pattern.at(++i) != QLatin1Char('}')) {
            } // a count, not text
        } else if (c == QLatin1Char('(') && i + 1 < pattern.size() && pattern.at(i + 1) == QLatin1Char('?')
                   && i + 2 < pattern.size() && pattern.at(i + 2).isLetter()) {
            return {}; // flags ((?i), (?mi)…): letters may come in either case
        } else if (c == QLatin1Char('[')) {
            while (i + 1 < pattern.size() && pattern.at(++i) != QLatin1Char(']'))
                if (pattern.at(i) == QLatin1Char('\\'))
                    ++i;
        } else if (c == QLatin1Char('(')) {
            ++depth;
        } else if (c == QLatin1Char(')')) {
            --depth;
        } else if (c == QLatin1Char('|') && depth == 0) {
            return {};
        } else if (depth == 0 && c.unicode() >= 0x20 && c.unicode() < 0x7f && !QStringLiteral(".^$*+?{}").contains(c)) {
            const QChar next = i + 1 < pattern.size() ? pattern.at(i + 1) : QChar();
            if (next != QLatin1Char('?') && next != QLatin1Char('*') && next != QLatin1Char('{') && !out.contains(char(c.unicode())))
                out += char(c.unicode());
        }
    }
    return out;
}

QString isoTime(qint64 epochMs)
{
    return QDateTime::fromMSecsSinceEpoch(epochMs, Qt::UTC).toString(Qt::ISODateWithMs);
}

// A wall-clock time a lock could plausibly carry: after 2000, before ten years from now.
bool plausibleEpochMs(qint64 ms)
{
    return ms > 946684800000LL && ms < QDateTime::currentMSecsSinceEpoch() + 10LL * 365 * 86400 * 1000;
}

// redis-py's uuid1().hex: the 60-bit timestamp says when the lock was taken, the node which
// machine (its MAC, or a random number with the multicast bit when Python found none).
bool decodeUuid1(const QByteArray &value, LockHolder &holder, LockInfo &)
{
    bool ok = false;
    const quint64 low = value.mid(0, 8).toULongLong(&ok, 16);
    const quint64 mid = value.mid(8, 4).toULongLong(&ok, 16);
    const quint64 high = value.mid(13, 3).toULongLong(&ok, 16);
    const quint64 time = (high << 48) | (mid << 32) | low;
    const qint64 epochMs = qint64((time - 0x01B21DD213814000ULL) / 10000);
    if (!ok || time < 0x01B21DD213814000ULL || !plausibleEpochMs(epochMs))
        return false;
    QByteArray node = value.mid(20, 12);
    QStringList octets;
    for (int i = 0; i < 12; i += 2)
        octets << QString::fromLatin1(node.mid(i, 2));
    holder.fields.append({QStringLiteral("time"), isoTime(epochMs)});
    const bool randomNode = (QByteArray::fromHex(node.left(2)).at(0) & 0x01) != 0;
    holder.fields.append({randomNode ? QStringLiteral("node") : QStringLiteral("mac"), octets.join(QLatin1Char(':'))});
    return true;
}

// bsm/redislock's token is 22 base64url characters; a value of exactly that shape is told from
// other libraries' alphanumeric tokens by a '_' or '-' in it, unless metadata follows.
bool decodeBsm(const QByteArray &value, LockHolder &, LockInfo &)
{
    return value.size() > 22 || value.first(22).contains('_') || value.first(22).contains('-');
}

// A value that is only the lock's expiry time (redis-lock for Node writes Date.now() + timeout):
// there is no owner to compare, so any client may delete it.
bool decodeExpiry(const QByteArray &value, LockHolder &holder, LockInfo &lock)
{
    const qint64 n = value.toLongLong();
    const qint64 ms = value.size() == 10 ? n * 1000 : n;
    if (!plausibleEpochMs(ms))
        return false;
    holder.fields = {{QStringLiteral("expires"), isoTime(ms)}};
    lock.addWarning(QStringLiteral("no-owner-token"));
    return true;
}

QByteArray hostName()
{
    const QString host = QSysInfo::machineHostName();
    return host.isEmpty() ? QByteArrayLiteral("unknown") : host.toUtf8();
}

QByteArray shedLockToken()
{
    const QString now = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ"));
    return "ADDED:" + now.toLatin1() + '@' + hostName() + ':' + TokenFactory::uuid4();
}

QByteArray distributedLockToken()
{
    return hostName() + '_' + QByteArray::number(QCoreApplication::applicationPid()) + '_' + TokenFactory::hex(16);
}

// A placeholder: recipe() writes the real deadline, which depends on the TTL.
QByteArray expiryToken()
{
    return QByteArray::number(QDateTime::currentMSecsSinceEpoch());
}

QString holderSummary(const LockHolder &h)
{
    static const QList<QPair<QString, QString>> words = {
        {QStringLiteral("host"), QObject::tr("host %1")},     {QStringLiteral("pid"), QObject::tr("pid %1")},
        {QStringLiteral("thread"), QObject::tr("thread %1")}, {QStringLiteral("client"), QObject::tr("client %1")},
        {QStringLiteral("mac"), QObject::tr("MAC %1")},       {QStringLiteral("node"), QObject::tr("node %1")},
        {QStringLiteral("time"), QObject::tr("since %1")},    {QStringLiteral("expires"), QObject::tr("expires %1")},
        {QStringLiteral("metadata"), QObject::tr("“%1”")},
    };
    if (h.fields.isEmpty())
        return {}; // most tokens tell nothing but themselves
    QStringList parts;
    for (const auto &w : words)
        if (const QString v = h.field(w.first); !v.isEmpty())
            parts << w.second.arg(v);
    return parts.join(QObject::tr(", "));
}

// A function, not a constant: a constant is made before the translator is installed.
QString redlockCaveat()
{
    return QObject::tr(" With several Redlock masters the lock lives on each of them: this acts on this server only.");
}
} // namespace

StringLockDialect::StringLockDialect(Spec spec)
    : m_spec(std::move(spec))
    , m_key(m_spec.keyPattern)
    , m_value(QStringLiteral("^(?:") + m_spec.valuePattern + QStringLiteral(")$"))
{
    static const QRegularExpression plainPrefix(QStringLiteral("^\\^[A-Za-z0-9_:-]+$"));
    if (plainPrefix.match(m_spec.keyPattern).hasMatch())
        m_keyPrefix = m_spec.keyPattern.mid(1).toLatin1();
    // A pattern without alternatives that opens with plain text: values must start with it.
    if (!m_spec.valuePattern.contains(QLatin1Char('|'))) {
        static const QRegularExpression literalHead(QStringLiteral("^[A-Za-z0-9_:@ -]+"));
        m_valuePrefix = literalHead.match(m_spec.valuePattern).captured().toLatin1();
        const QString next = m_spec.valuePattern.mid(m_valuePrefix.size(), 1);
        if (!next.isEmpty() && QStringLiteral("*+?{").contains(next))
            m_valuePrefix.chop(1); // its last character is quantified, so optional or repeated
    }
    for (const QString &name : m_value.namedCaptureGroups())
        if (!name.isEmpty() && name != QLatin1String("uuid1") && name != QLatin1String("token"))
            m_fieldGroups << name;
    m_shape = FixedShapePattern::compile(m_spec.valuePattern);
    if (!m_shape)
        m_valueBytes = requiredBytes(m_spec.valuePattern);
}

QString StringLockDialect::description() const
{
    return QCoreApplication::translate("Dialect", m_spec.library.toUtf8().constData());
}

std::vector<std::unique_ptr<Dialect>> StringLockDialect::builtIns()
{
    using R = Spec::Release;
    // The libraries' descriptions, English here, in the user's language when shown.
    auto noop = [](const char *text) { return QString::fromUtf8(text); };
    std::vector<Spec> specs;
    specs.push_back({.id = u"redis-py"_s, .name = u"redis-py Lock"_s, .library = noop(QT_TRANSLATE_NOOP("Dialect", "redis-py's Lock (Python): uuid1 hex token")),
                     .valuePattern = uuid1Hex, .minLength = 32, .maxLength = 32, .confidence = 50, .newToken = &TokenFactory::uuid1Hex, .decode = &decodeUuid1,
                     .extendNeedsTtl = true});
    specs.push_back({.id = u"celery-once"_s, .name = u"celery-once"_s, .library = noop(QT_TRANSLATE_NOOP("Dialect", "celery-once (redis-py Lock under qo_ keys)")),
                     .keyPattern = u"^qo_"_s, .valuePattern = uuid1Hex, .minLength = 32, .maxLength = 32, .confidence = 55, .newToken = &TokenFactory::uuid1Hex,
                     .decode = &decodeUuid1, .extendNeedsTtl = true});
    specs.push_back({.id = u"python-redis-lock"_s, .name = u"python-redis-lock"_s, .library = noop(QT_TRANSLATE_NOOP("Dialect", "python-redis-lock (ionelmc) with its lock-signal list")),
                     .keyPattern = u"^lock:"_s, .valuePattern = u"[A-Za-z0-9+/]{24}"_s, .minLength = 24, .maxLength = 24, .confidence = 45,
                     .newToken = [] { return TokenFactory::base64Unpadded(18); }, .ttlInSeconds = true, .extendNeedsTtl = true,
                     .release = R::SignalList});
    specs.push_back({.id = u"redsync"_s, .name = u"Redsync"_s, .library = noop(QT_TRANSLATE_NOOP("Dialect", "go-redsync/redsync (Go Redlock)")),
                     .valuePattern = u"[A-Za-z0-9+/]{21}[AQgw]=="_s, .minLength = 24, .maxLength = 24, .confidence = 40,
                     .newToken = [] { return TokenFactory::base64(16); }, .caveat = redlockCaveat()});
    specs.push_back({.id = u"node-redlock"_s, .name = u"node-redlock"_s, .library = noop(QT_TRANSLATE_NOOP("Dialect", "redlock for Node.js (v3 to v5)")),
                     .valuePattern = u"[0-9a-f]{32}"_s, .minLength = 32, .maxLength = 32, .confidence = 35, .newToken = [] { return TokenFactory::hex(16); },
                     .caveat = redlockCaveat()});
    specs.push_back({.id = u"redlock-net"_s, .name = u"RedLock.net / pottery"_s, .library = noop(QT_TRANSLATE_NOOP("Dialect", "RedLock.net (.NET) or pottery (Python): redlock:<resource>")),
                     .keyPattern = u"^redlock:"_s, .valuePattern = uuid4, .minLength = 36, .maxLength = 36, .confidence = 45, .newToken = &TokenFactory::uuid4,
                     .caveat = QObject::tr(" A live RedLock.net holder re-creates its key within expiry/2, so this frees the lock only "
                                           "if its holder is gone.") + redlockCaveat()});
    specs.push_back({.id = u"redlock-py"_s, .name = u"redlock-py"_s, .library = noop(QT_TRANSLATE_NOOP("Dialect", "redlock-py (SPSCommerce): 22 alphanumerics")),
                     .valuePattern = u"[A-Za-z0-9]{22}"_s, .minLength = 22, .maxLength = 22, .confidence = 25, .newToken = [] { return TokenFactory::alphanumeric(22); },
                     .caveat = redlockCaveat()});
    specs.push_back({.id = u"bsm-redislock"_s, .name = u"bsm/redislock"_s, .library = noop(QT_TRANSLATE_NOOP("Dialect", "bsm/redislock (Go): base64url token + metadata")),
                     .valuePattern = u"(?<token>[A-Za-z0-9_-]{21}[AQgw])(?<metadata>[ -~]*)"_s, // at most 200 bytes of metadata
                     .minLength = 22, .maxLength = 222, .confidence = 30, .newToken = [] { return TokenFactory::base64Url(16); }, .decode = &decodeBsm});
    specs.push_back({.id = u"spring-lock-registry"_s, .name = u"Spring RedisLockRegistry"_s,
                     .library = noop(QT_TRANSLATE_NOOP("Dialect", "Spring Integration RedisLockRegistry: <registryKey>:<lock>, one UUID per registry")),
                     .keyPattern = u"^(?!(?i:locks?|mutex|redlock):)[^:]+:."_s, .valuePattern = u"(?<client>"_s + uuid4 + u")"_s, .minLength = 36, .maxLength = 36, .confidence = 20,
                     .newToken = &TokenFactory::uuid4, .maxTtlMs = 60000, .release = R::PublishKey});
    specs.push_back({.id = u"shedlock"_s, .name = u"ShedLock"_s, .library = noop(QT_TRANSLATE_NOOP("Dialect", "ShedLock RedisLockProvider: ADDED:<time>@<host>")),
                     .valuePattern = u"ADDED:(?<time>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z)@(?<host>[^:@]*)(?::(?<client>"_s + uuid4 + u"))?"_s,
                     .minLength = 31, .confidence = 60, .newToken = &shedLockToken,
                     .caveat = QObject::tr(" ShedLock skips the job while the key exists; a finished job may keep it until lockAtLeastFor.")});
    specs.push_back({.id = u"laravel"_s, .name = u"Laravel cache lock"_s, .library = noop(QT_TRANSLATE_NOOP("Dialect", "Laravel's Cache::lock(): 16-character owner under the cache prefix")),
                     .keyPattern = u"(?i)cache[-_]"_s, .valuePattern = u"[A-Za-z0-9]{16}"_s, .minLength = 16, .maxLength = 16, .confidence = 40,
                     .newToken = [] { return TokenFactory::alphanumeric(16); }, .ttlInSeconds = true});
    specs.push_back({.id = u"redis-semaphore-mutex"_s, .name = u"redis-semaphore Mutex"_s, .library = noop(QT_TRANSLATE_NOOP("Dialect", "redis-semaphore (Node) Mutex: mutex:<key>")),
                     .keyPattern = u"^mutex:"_s, .valuePattern = u"(?<client>"_s + uuid4 + u")(?:-(?<metadata>.*))?"_s, .minLength = 36, .confidence = 45,
                     .newToken = &TokenFactory::uuid4});
    specs.push_back({.id = u"distributedlock-net"_s, .name = u"DistributedLock.Redis"_s, .library = noop(QT_TRANSLATE_NOOP("Dialect", "madelson's DistributedLock.Redis (.NET): <host>_<pid>_<guid>")),
                     .valuePattern = u"(?<host>[\\x21-\\x7e]+)_(?<pid>\\d{1,10})_(?<client>[0-9a-f]{32})"_s, .minLength = 36, .confidence = 45,
                     .newToken = &distributedLockToken});
    specs.push_back({.id = u"expiry-timestamp"_s, .name = u"Expiry timestamp"_s, .library = noop(QT_TRANSLATE_NOOP("Dialect", "redis-lock (Node) and others that store only the deadline")),
                     .valuePattern = u"\\d{13}|\\d{10}"_s, .minLength = 10, .maxLength = 13,
                     .confidence = 30, .newToken = &expiryToken, .decode = &decodeExpiry,
                     .extendRefusal = QObject::tr("The value is the lock's deadline: a longer TTL would leave it stale for the library")});
    std::vector<std::unique_ptr<Dialect>> out;
    for (Spec &s : specs)
        out.push_back(std::make_unique<StringLockDialect>(std::move(s)));
    return out;
}

int StringLockDialect::recognise(const KeySample &sample, LockInfo &lock) const
{
    if (sample.type != RedisType::String || sample.truncated || sample.value.isEmpty() || sample.value.size() > maxValueSize)
        return 0;
    if (sample.value.size() < m_spec.minLength || sample.value.size() > m_spec.maxLength)
        return 0;
    if (!sample.value.startsWith(m_valuePrefix))
        return 0;
    if (m_spec.maxTtlMs > 0 && (sample.pttlMs <= 0 || sample.pttlMs > m_spec.maxTtlMs))
        return 0;
    if (!m_keyPrefix.isEmpty() && !sample.key.startsWith(m_keyPrefix))
        return 0;
    // Tokens are ASCII; anything else is not this library's, and never reaches QString decoding.
    // (After the byte matcher, which is cheaper and rejects most values first.)
    const auto printable = [&sample] {
        return std::all_of(sample.value.cbegin(), sample.value.cend(), [](char c) { return uchar(c) >= 0x20 && uchar(c) <= 0x7e; });
    };
    LockHolder holder;
    if (m_shape) {
        QList<FixedShapePattern::Capture> captures;
        if (!m_shape->matches(sample.value, m_fieldGroups.isEmpty() ? nullptr : &captures) || !printable())
            return 0;
        if (m_keyPrefix.isEmpty() && !m_spec.keyPattern.isEmpty() && !m_key.match(QString::fromLatin1(sample.key)).hasMatch())
            return 0;
        for (const FixedShapePattern::Capture &c : std::as_const(captures))
            if (c.length > 0 && m_fieldGroups.contains(c.name))
                holder.fields.append({c.name, QString::fromLatin1(QByteArrayView(sample.value).sliced(c.start, c.length))});
    } else {
        if (!printable())
            return 0;
        if (m_keyPrefix.isEmpty() && !m_spec.keyPattern.isEmpty() && !m_key.match(QString::fromLatin1(sample.key)).hasMatch())
            return 0;
        for (char c : std::as_const(m_valueBytes))
            if (!sample.value.contains(c))
                return 0;
        const QRegularExpressionMatch match = m_value.match(QString::fromLatin1(sample.value));
        if (!match.hasMatch())
            return 0;
        for (const QString &name : m_fieldGroups)
            if (const QString field = match.captured(name); !field.isEmpty())
                holder.fields.append({name, field});
    }
    holder.token = sample.value;
    LockInfo decoded;
    if (m_spec.decode && !m_spec.decode(sample.value, holder, decoded))
        return 0;
    holder.holder = holderSummary(holder);
    lock.holders = {holder};
    lock.warnings = decoded.warnings;
    return m_spec.confidence;
}

QList<KeyPattern> StringLockDialect::sideKeyPatterns() const
{
    if (m_spec.release == Spec::Release::SignalList)
        return {KeyPattern("lock-signal:*")};
    return {};
}

ActionSupport StringLockDialect::support(AdminAction action) const
{
    if (action == AdminAction::Extend && !m_spec.extendRefusal.isEmpty())
        return ActionSupport::no(m_spec.extendRefusal);
    return Dialect::support(action);
}

AdminRecipe StringLockDialect::recipe(AdminAction action, const LockInfo &observed, const LockFingerprint &guard,
                                      const QByteArray &token, qint64 ttlMs) const
{
    const QByteArray &key = observed.key();
    if (const ActionSupport s = support(action); !s.enabled)
        return AdminRecipe::unsupported(s.reason);
    if (action == AdminAction::Extend && m_spec.extendNeedsTtl && observed.sample.pttlMs < 0)
        return AdminRecipe::unsupported(QObject::tr("%1 refuses to extend a lock that has no timeout; force-release it instead").arg(m_spec.name));

    AdminRecipe r;
    if (action == AdminAction::Acquire && m_spec.ttlInSeconds && ttlMs % 1000 != 0)
        return AdminRecipe::unsupported(QObject::tr("%1 keeps a lock's expiry in whole seconds (SET … EX): %2 ms would be "
                                                    "%3 s, so give whole seconds")
                                            .arg(m_spec.name)
                                            .arg(ttlMs)
                                            .arg((ttlMs + 999) / 1000));
    if (action == AdminAction::Acquire && (m_spec.ttlInSeconds || m_spec.newToken == &expiryToken)) {
        const qint64 seconds = ttlMs / 1000;
        QByteArray value = token;
        if (m_spec.newToken == &expiryToken) // the library's value: the deadline, plus its one millisecond
            value = QByteArray::number(QDateTime::currentMSecsSinceEpoch() + ttlMs + 1);
        r.command = m_spec.ttlInSeconds ? QList<QByteArray>{"SET", key, value, "NX", "EX", QByteArray::number(seconds)}
                                        : QList<QByteArray>{"SET", key, value, "NX", "PX", QByteArray::number(ttlMs)};
        r.description = QObject::tr("Take %1 as %2 does (%3), only if nobody holds it.")
                            .arg(TokenText::quoted(key), m_spec.name, commandText(r.command));
    } else if (action == AdminAction::ForceRelease && m_spec.release == Spec::Release::SignalList) {
        r.script = QStringLiteral("python-redis-lock/force-release");
        r.keys = {key, signalKey(key)};
        r.args = {guard.serialise(), "1000"};
        r.description = QObject::tr("Delete %1 only while it holds exactly what you saw (%2), and push 1 onto %3 (expiring "
                                    "in 1 s) as python-redis-lock's unlock does, so clients blocked in BLPOP wake up at once.")
                            .arg(TokenText::quoted(key), guard.text(), TokenText::quoted(r.keys.at(1)));
    } else if (action == AdminAction::ForceRelease && m_spec.release == Spec::Release::PublishKey) {
        r.script = QStringLiteral("spring/force-release");
        r.keys = {key};
        r.args = {guard.serialise(), springChannel(key)};
        r.description = QObject::tr("Unlink %1 only while it holds exactly what you saw (%2), then publish the key on %3 so "
                                    "registries in pub/sub mode retry at once (harmless in spin mode).")
                            .arg(TokenText::quoted(key), guard.text(), TokenText::quoted(r.args.at(1)));
    } else {
        r = Dialect::recipe(action, observed, guard, token, ttlMs);
    }
    if (r.supported)
        r.description += m_spec.caveat;
    return r;
}

QByteArray StringLockDialect::newToken() const
{
    return m_spec.newToken ? m_spec.newToken() : Dialect::newToken();
}

QByteArray StringLockDialect::signalKey(const QByteArray &lockKey)
{
    return "lock-signal:" + lockKey.mid(int(qstrlen("lock:")));
}

QByteArray StringLockDialect::springChannel(const QByteArray &lockKey)
{
    const qsizetype colon = lockKey.indexOf(':');
    return lockKey.left(colon) + "-channel:" + lockKey;
}
